#include "core/analysis/registration.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>

#include "core/clip/clip_kinematics.h"

namespace gs {
namespace {

// World joint positions of a clip in double, sampled at fractional frames by linear
// interpolation (frames are 1/30 s apart: lerping positions is as good as slerping rotations).
struct Positions {
    int frames = 0, joints = 0;
    std::vector<glm::dvec3> p;

    explicit Positions(const Clip& clip) : frames(clip.frameCount()), joints(clip.jointCount()) {
        const auto world = clipJointPositions(clip);
        p.assign(world.begin(), world.end());
    }
    glm::dvec3 at(double frame, int j) const {
        frame = std::clamp(frame, 0.0, static_cast<double>(frames - 1));
        const int f0 = std::min(static_cast<int>(frame), frames - 1);
        const int f1 = std::min(f0 + 1, frames - 1);
        const double t = frame - f0;
        return glm::mix(p[static_cast<size_t>(f0) * joints + j],
                        p[static_cast<size_t>(f1) * joints + j], t);
    }
};

struct Cloud {
    std::vector<glm::dvec3> a, b;
    std::vector<double> w;
};

// The window around A frame `a` (samples limited to [aMin, aMax]) and B at map(a + q).
void windowCloud(const Positions& A, const Positions& B, int a, int aMin, int aMax, int h,
                 const std::function<double(int)>& map, Cloud& c) {
    c.a.clear(), c.b.clear(), c.w.clear();
    for (int q = -h; q <= h; ++q) {
        const int fa = a + q;
        if (fa < aMin || fa > aMax) continue;
        const double fb = map(fa);
        for (int j = 0; j < A.joints; ++j) {
            c.a.push_back(A.p[static_cast<size_t>(fa) * A.joints + j]);
            c.b.push_back(B.at(fb, j));
            c.w.push_back(h + 1 - std::abs(q));
        }
    }
}

double rmsAfter(const Cloud& c, double theta, double x0, double z0) {
    const double cs = std::cos(theta), sn = std::sin(theta);
    double total = 0.0, wsum = 0.0;
    for (size_t i = 0; i < c.a.size(); ++i) {
        const glm::dvec3& p = c.a[i];
        const glm::dvec3 q(p.x * cs + p.z * sn + x0, p.y, -p.x * sn + p.z * cs + z0);
        const glm::dvec3 d = c.b[i] - q;
        total += c.w[i] * glm::dot(d, d);
        wsum += c.w[i];
    }
    return wsum > 0.0 ? std::sqrt(total / wsum) : 0.0;
}

std::vector<double> smoothed(const std::vector<double>& v, int halfWidth) {
    const int n = static_cast<int>(v.size());
    std::vector<double> out(n);
    for (int k = 0; k < n; ++k) {
        const int h = std::min({halfWidth, k, n - 1 - k});
        double sum = 0.0, wsum = 0.0;
        for (int q = -h; q <= h; ++q) {
            const double w = h + 1 - std::abs(q);
            sum += w * v[k + q];
            wsum += w;
        }
        out[k] = sum / wsum;
    }
    return out;
}

// Alignment curve and residual along the fitted timewarp.
void alignAlongPath(const Positions& A, const Positions& B, int h, int smoothHalfWidth,
                    RegistrationCurve& r) {
    const int a0 = static_cast<int>(r.path.front().x), a1 = static_cast<int>(r.path.back().x);
    const int n = a1 - a0 + 1;
    auto map = [&](int fa) { return static_cast<double>(r.path[fa - a0].y); };
    std::vector<double> theta(n), x0(n), z0(n);
    Cloud c;
    for (int k = 0; k < n; ++k) {
        windowCloud(A, B, a0 + k, a0, a1, h, map, c);
        const CloudMatch m = matchClouds(c.a, c.b, c.w);
        theta[k] = m.theta, x0[k] = m.x0, z0[k] = m.z0;
        // Unwrap: the same turn must not jump by 2 pi between neighbours.
        if (k > 0) {
            const double twoPi = 2.0 * std::numbers::pi;
            theta[k] -= twoPi * std::round((theta[k] - theta[k - 1]) / twoPi);
        }
    }
    theta = smoothed(theta, smoothHalfWidth);
    x0 = smoothed(x0, smoothHalfWidth);
    z0 = smoothed(z0, smoothHalfWidth);
    r.alignment.resize(n);
    double residual = 0.0;
    for (int k = 0; k < n; ++k) {
        r.alignment[k] = {static_cast<float>(theta[k]), static_cast<float>(x0[k]),
                          static_cast<float>(z0[k])};
        windowCloud(A, B, a0 + k, a0, a1, h, map, c);
        residual += rmsAfter(c, theta[k], x0[k], z0[k]);
    }
    r.residual = static_cast<float>(residual / n);
}

// The comparison figure: linear time from the first to the last frame of both clips, one
// alignment (the best over every window together).
float identityResidual(const Positions& A, const Positions& B, int h) {
    const int nA = A.frames;
    const double rate = static_cast<double>(B.frames - 1) / (nA - 1);
    auto map = [&](int fa) { return fa * rate; };
    Cloud c;
    CloudSums all;
    for (int a = 0; a < nA; ++a) {
        windowCloud(A, B, a, 0, nA - 1, h, map, c);
        for (size_t i = 0; i < c.a.size(); ++i) all.add(c.a[i], c.b[i], c.w[i]);
    }
    const Alignment g = all.alignment();
    double sum = 0.0;
    for (int a = 0; a < nA; ++a) {
        windowCloud(A, B, a, 0, nA - 1, h, map, c);
        sum += rmsAfter(c, g.theta, g.x0, g.z0);
    }
    return static_cast<float>(sum / nA);
}

// Strikes of each foot in A, mapped through the warp, paired with the nearest unused strike of
// the same foot in B (closest pairs first).
void matchConstraints(const FootContacts& ca, const FootContacts& cb, float tolerance,
                      RegistrationCurve& r) {
    r.constraints.clear();
    const float a0 = r.path.front().x, a1 = r.path.back().x;
    for (auto foot : {ConstraintMatch::Foot::Left, ConstraintMatch::Foot::Right}) {
        const bool left = foot == ConstraintMatch::Foot::Left;
        const std::vector<int>& sa = left ? ca.leftStrikes() : ca.rightStrikes();
        const std::vector<int>& sb = left ? cb.leftStrikes() : cb.rightStrikes();
        struct Pair {
            float gap;
            int ia, ib;
        };
        std::vector<Pair> pairs;
        for (size_t ia = 0; ia < sa.size(); ++ia) {
            if (sa[ia] < a0 || sa[ia] > a1) continue;
            const float mapped = r.mapAtoB(static_cast<float>(sa[ia]));
            for (size_t ib = 0; ib < sb.size(); ++ib) {
                const float gap = std::abs(mapped - static_cast<float>(sb[ib]));
                if (gap <= tolerance)
                    pairs.push_back({gap, static_cast<int>(ia), static_cast<int>(ib)});
            }
        }
        std::sort(pairs.begin(), pairs.end(),
                  [](const Pair& x, const Pair& y) { return x.gap < y.gap; });
        std::vector<bool> usedA(sa.size()), usedB(sb.size());
        for (const Pair& p : pairs) {
            if (usedA[p.ia] || usedB[p.ib]) continue;
            usedA[p.ia] = usedB[p.ib] = true;
            r.constraints.push_back(
                {foot, sa[p.ia], sb[p.ib], r.mapAtoB(static_cast<float>(sa[p.ia]))});
        }
    }
    std::sort(
        r.constraints.begin(), r.constraints.end(),
        [](const ConstraintMatch& x, const ConstraintMatch& y) { return x.frameA < y.frameA; });
}

}  // namespace

Alignment RegistrationCurve::alignmentAt(float frameA) const {
    if (alignment.empty()) return {};
    const float u =
        std::clamp(frameA - path.front().x, 0.0f, static_cast<float>(alignment.size() - 1));
    const size_t k = std::min(static_cast<size_t>(u), alignment.size() - 1);
    const size_t k1 = std::min(k + 1, alignment.size() - 1);
    const float t = u - static_cast<float>(k);
    const Alignment& p = alignment[k];
    const Alignment& q = alignment[k1];
    return {p.theta + t * (q.theta - p.theta), p.x0 + t * (q.x0 - p.x0), p.z0 + t * (q.z0 - p.z0)};
}

float RegistrationCurve::meanSlope() const {
    if (path.size() < 2) return 1.0f;
    double ma = 0.0, mb = 0.0;
    for (const glm::vec2& p : path) ma += p.x, mb += p.y;
    ma /= path.size(), mb /= path.size();
    double num = 0.0, den = 0.0;
    for (const glm::vec2& p : path) num += (p.x - ma) * (p.y - mb), den += (p.x - ma) * (p.x - ma);
    return static_cast<float>(num / den);
}

bool RegistrationCurve::isMonotone() const {
    Timewarp t;
    t.cells = cells;
    t.curve = path;
    return t.isMonotone();
}

Status RegistrationSettings::validate() const {
    if (Status s = web.validate(); !s) return s;
    TimewarpSettings t;
    t.slopeLimit = slopeLimit;
    t.smoothingSeconds = smoothingSeconds;
    if (Status s = t.validate(); !s) return s;
    if (!(constraintToleranceSeconds > 0.0f && constraintToleranceSeconds <= 5.0f))
        return Status::error("constraint tolerance must be in (0, 5] s");
    return contacts.validate();
}

Status RegistrationJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    MatchWebJob w;
    w.settings = settings.web;
    w.a = a;
    w.b = b;
    return w.validate();
}

Status RegistrationJob::run() {
    if (Status s = validate(); !s) return s;
    output = {};

    MatchWebJob webJob;
    webJob.settings = settings.web;
    webJob.a = a;
    webJob.b = b;
    webJob.progress = progress;
    if (Status s = webJob.run(); !s) return s;
    matchWeb = std::move(webJob.output);

    TimewarpJob warp;
    warp.settings.startCell = settings.startCell;
    warp.settings.endCell = settings.endCell;
    warp.settings.slopeLimit = settings.slopeLimit;
    warp.settings.smoothingSeconds = settings.smoothingSeconds;
    warp.web = &matchWeb;
    warp.fps = a->fps;
    if (Status s = warp.run(); !s) return s;
    output.cells = std::move(warp.output.cells);
    output.path = std::move(warp.output.curve);

    const Positions A(*a), B(*b);
    const int h = matchWeb.windowSamples / 2;
    const int smoothHalfWidth =
        static_cast<int>(std::lround(settings.smoothingSeconds * a->fps * 0.5f));
    alignAlongPath(A, B, h, smoothHalfWidth, output);
    output.identityResidual = identityResidual(A, B, h);

    FootContactJob ca, cb;
    ca.settings = cb.settings = settings.contacts;
    ca.clip = a;
    cb.clip = b;
    // Clips whose feet cannot be found still register; they just carry no constraints.
    if (ca.run() && cb.run())
        matchConstraints(ca.output, cb.output, settings.constraintToleranceSeconds * a->fps,
                         output);
    return Status::ok();
}

}  // namespace gs

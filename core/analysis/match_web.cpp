#include "core/analysis/match_web.h"

#include <optional>
#include "core/support/cancel.h"

#include <algorithm>
#include <cmath>

#include "core/clip/clip_kinematics.h"
#include "core/clip/skeleton_match.h"

namespace gs {
namespace {

// World joint positions of a clip, one block per frame: x[J], y[J], z[J] with J the joint count
// padded to a multiple of kLanes (padding is zero and adds nothing). The per-pair products are
// the bulk of the work, so they run in float, on positions moved so that the clip's mean ground
// position is the origin: distances do not change under a translation of a whole clip, and small
// coordinates keep float's rounding far below the centimetres the web resolves. Per-frame sums
// and all window sums stay in double.
constexpr int kLanes = 8;

struct FramePoints {
    int frames = 0, joints = 0, padded = 0;
    std::vector<float> xyz;                      // frames x 3 x padded
    std::vector<double> sumX, sumZ, sumSquares;  // per frame: sum x, sum z, sum |p|^2

    const float* frame(int f) const { return xyz.data() + static_cast<size_t>(f) * 3 * padded; }
};

FramePoints framePoints(const Clip& clip) {
    FramePoints p;
    p.frames = clip.frameCount();
    p.joints = clip.jointCount();
    p.padded = (p.joints + kLanes - 1) / kLanes * kLanes;
    const auto world = clipJointPositions(clip);
    glm::dvec3 centre(0.0);
    for (const glm::vec3& r : clip.rootPositions) centre += glm::dvec3(r.x, 0.0f, r.z);
    centre /= static_cast<double>(p.frames);
    p.xyz.assign(static_cast<size_t>(p.frames) * 3 * p.padded, 0.0f);
    p.sumX.assign(p.frames, 0.0);
    p.sumZ.assign(p.frames, 0.0);
    p.sumSquares.assign(p.frames, 0.0);
    for (int f = 0; f < p.frames; ++f) {
        float* out = p.xyz.data() + static_cast<size_t>(f) * 3 * p.padded;
        for (int j = 0; j < p.joints; ++j) {
            const glm::vec3 q32 =
                glm::vec3(glm::dvec3(world[static_cast<size_t>(f) * p.joints + j]) - centre);
            // The double sums use exactly the float coordinates the products see.
            const glm::dvec3 q = q32;
            out[j] = q32.x;
            out[p.padded + j] = q32.y;
            out[2 * p.padded + j] = q32.z;
            p.sumX[f] += q.x;
            p.sumZ[f] += q.z;
            p.sumSquares[f] += glm::dot(q, q);
        }
    }
    return p;
}

// The sums of one frame pair (all joints, weight 1 each). The joint loop keeps kLanes partial
// sums so that the compiler can run it in SIMD registers without reassociating anything.
CloudSums pairSums(const FramePoints& A, int i, const FramePoints& B, int j) {
    const int n = A.padded;
    const float* a = A.frame(i);
    const float* b = B.frame(j);
    float dot[kLanes] = {}, cross[kLanes] = {}, yy[kLanes] = {};
    for (int k = 0; k < n; k += kLanes)
        for (int l = 0; l < kLanes; ++l) {
            const float ax = a[k + l], ay = a[n + k + l], az = a[2 * n + k + l];
            const float bx = b[k + l], by = b[n + k + l], bz = b[2 * n + k + l];
            dot[l] += ax * bx + az * bz;
            cross[l] += az * bx - ax * bz;
            yy[l] += ay * by;
        }
    auto total = [](const float* v) {
        double t = 0.0;
        for (int l = 0; l < kLanes; ++l) t += v[l];
        return t;
    };
    CloudSums s;
    s.w = A.joints;
    s.ax = A.sumX[i], s.az = A.sumZ[i];
    s.bx = B.sumX[j], s.bz = B.sumZ[j];
    s.dot = total(dot);
    s.cross = total(cross);
    // |a.xz|^2 + |b.xz|^2 + (a.y - b.y)^2 = |a|^2 + |b|^2 - 2 a.y b.y
    s.squares = A.sumSquares[i] + B.sumSquares[j] - 2.0 * total(yy);
    return s;
}

CloudSums scaled(const CloudSums& s, double k) {
    CloudSums r;
    r.w = s.w * k, r.ax = s.ax * k, r.az = s.az * k, r.bx = s.bx * k, r.bz = s.bz * k;
    r.dot = s.dot * k, r.cross = s.cross * k, r.squares = s.squares * k;
    return r;
}

// One diagonal (cells (i0 + t, j0 + t), t < len) by running sums. With triangular weights
// w_k = h + 1 - |k|, moving the window one step adds the h + 1 pairs right of the centre once
// more and the h + 1 pairs up to the centre once less:
//     S(t+1) = S(t) + R(t) - L(t),  R(t) = sum g(t+1 .. t+1+h),  L(t) = sum g(t-h .. t),
// and R and L are box sums that slide by one pair each step.
void diagonalIncremental(const FramePoints& A, const FramePoints& B, int i0, int j0, int len, int h,
                         std::vector<CloudSums>& g, MatchWeb& web) {
    const int pad = h + 2;
    // Only the padding needs zeroing; every pair inside is written.
    g.resize(static_cast<size_t>(len) + 2 * pad);
    std::fill(g.begin(), g.begin() + pad, CloudSums{});
    std::fill(g.begin() + pad + len, g.end(), CloudSums{});
    for (int t = 0; t < len; ++t) g[pad + t] = pairSums(A, i0 + t, B, j0 + t);
    const CloudSums* G = g.data() + pad;  // G[-pad .. len + pad) valid, zero outside the clips
    CloudSums S, R, L;
    for (int k = -h; k <= h; ++k) S += scaled(G[k], h + 1 - std::abs(k));
    for (int k = 1; k <= h + 1; ++k) R += G[k];
    for (int k = -h; k <= 0; ++k) L += G[k];
    for (int t = 0; t < len; ++t) {
        web.cost[static_cast<size_t>(i0 + t) * web.cols + (j0 + t)] =
            static_cast<float>(std::sqrt(S.meanSquaredDistance()));
        S += R;
        S -= L;
        R -= G[t + 1];
        R += G[t + 2 + h];
        L += G[t + 1];
        L -= G[t - h];
    }
}

// The straightforward version: every cell sums its whole window over every joint again.
bool gridDirect(const FramePoints& A, const FramePoints& B, const std::vector<double>& weights,
                MatchWeb& web) {
    const int h = static_cast<int>(weights.size()) / 2;
    for (int i = 0; i < web.rows; ++i) {
        if (cancelRequested()) return false;
        for (int j = 0; j < web.cols; ++j) {
            CloudSums S;
            for (int k = -h; k <= h; ++k) {
                if (i + k < 0 || j + k < 0 || i + k >= web.rows || j + k >= web.cols) continue;
                S += scaled(pairSums(A, i + k, B, j + k), weights[k + h]);
            }
            web.cost[static_cast<size_t>(i) * web.cols + j] =
                static_cast<float>(std::sqrt(S.meanSquaredDistance()));
        }
    }
    return true;
}

// False when the build was cancelled (core/support/cancel.h) or `progress` said stop before the
// grid was complete.
bool computeGrid(const Clip& a, const Clip& b, const MatchWebSettings& settings,
                 const std::function<bool(float)>& progress, MatchWeb& web) {
    const FramePoints A = framePoints(a);
    const FramePoints B = &a == &b ? A : framePoints(b);
    web.cost.assign(static_cast<size_t>(web.rows) * web.cols, 0.0f);
    const int h = web.windowSamples / 2;
    if (settings.summation == MatchWebSettings::Summation::Direct) {
        if (!gridDirect(A, B, triangularWeights(web.windowSamples), web)) return false;
        return !progress || progress(1.0f);
    }
    std::vector<CloudSums> buffer;
    const double cells = static_cast<double>(web.rows) * web.cols;
    double done = 0.0, reported = 0.0;
    for (int d = -(web.rows - 1); d <= web.cols - 1; ++d) {
        const int i0 = std::max(0, -d), j0 = i0 + d;
        const int len = std::min(web.rows - i0, web.cols - j0);
        if ((d & 15) == 0 && cancelRequested()) return false;
        diagonalIncremental(A, B, i0, j0, len, h, buffer, web);
        done += len;
        if (progress && (done - reported >= cells / 200.0 || d == web.cols - 1)) {
            reported = done;
            if (!progress(static_cast<float>(done / cells))) return false;
        }
    }
    return true;
}

void findMinima(float epsilon, MatchWeb& web) {
    web.minima.clear();
    for (int i = 0; i < web.rows; ++i)
        for (int j = 0; j < web.cols; ++j) {
            const float c = web.at(i, j);
            if (!(c < epsilon)) continue;
            // Ties go to the first cell of a plateau: <= on one side, < on the other.
            const bool rowMin =
                (j == 0 || c <= web.at(i, j - 1)) && (j == web.cols - 1 || c < web.at(i, j + 1));
            const bool colMin =
                (i == 0 || c <= web.at(i - 1, j)) && (i == web.rows - 1 || c < web.at(i + 1, j));
            if (rowMin || colMin) web.minima.push_back({i, j});
        }
}

void linkChains(const MatchWebSettings& settings, float fps, MatchWeb& web) {
    web.chains.clear();
    std::vector<unsigned char> state(static_cast<size_t>(web.rows) * web.cols,
                                     0);  // 1 minimum, 2 used
    auto index = [&](int i, int j) { return static_cast<size_t>(i) * web.cols + j; };
    auto isFree = [&](int i, int j) {
        return i < web.rows && j < web.cols && state[index(i, j)] == 1;
    };
    for (const glm::ivec2& m : web.minima) state[index(m.x, m.y)] = 1;
    const int minLength = static_cast<int>(std::ceil(settings.minChainSeconds * fps));
    // Row-major order reaches the upper-left end of every diagonal valley first.
    for (const glm::ivec2& m : web.minima) {
        if (state[index(m.x, m.y)] != 1) continue;
        Chain chain;
        glm::ivec2 c = m;
        int sideRun = 0;
        glm::ivec2 lastSide{0};
        while (true) {
            chain.cells.push_back(c);
            state[index(c.x, c.y)] = 2;
            if (isFree(c.x + 1, c.y + 1)) {
                c += glm::ivec2(1, 1);
                sideRun = 0;
                continue;
            }
            // Off the diagonal: the cheaper of the row and column neighbours, a few in a row.
            glm::ivec2 next{-1};
            const bool down = isFree(c.x + 1, c.y), right = isFree(c.x, c.y + 1);
            if (down && right)
                next = web.at(c.x + 1, c.y) <= web.at(c.x, c.y + 1) ? glm::ivec2(1, 0)
                                                                    : glm::ivec2(0, 1);
            else if (down)
                next = {1, 0};
            else if (right)
                next = {0, 1};
            if (next.x < 0) break;
            sideRun = next == lastSide ? sideRun + 1 : 1;
            lastSide = next;
            if (sideRun > settings.maxChainSideSteps) break;
            c += next;
        }
        chain.start = chain.cells.front();
        chain.end = chain.cells.back();
        if (chain.length() < std::max(minLength, 2)) continue;
        double sum = 0.0;
        for (const glm::ivec2& p : chain.cells) sum += web.at(p.x, p.y);
        chain.meanCost = static_cast<float>(sum / chain.cells.size());
        web.chains.push_back(std::move(chain));
    }
}

}  // namespace

float Chain::meanLag() const {
    if (cells.empty()) return 0.0f;
    double sum = 0.0;
    for (const glm::ivec2& c : cells) sum += c.x - c.y;
    return static_cast<float>(sum / cells.size());
}

float MatchWeb::maxCost() const {
    return cost.empty() ? 0.0f : *std::max_element(cost.begin(), cost.end());
}

Status MatchWebSettings::validate() const {
    if (Status s = cloud.validate(); !s) return s;
    if (!(epsilon > 0.0f && epsilon <= 10.0f))
        return Status::error("match epsilon must be in (0, 10] m");
    if (!(minChainSeconds >= 0.0f && minChainSeconds <= 60.0f))
        return Status::error("minimum chain length must be in [0, 60] s");
    if (maxChainSideSteps < 0 || maxChainSideSteps > 10)
        return Status::error("chain side steps must be 0-10");
    return Status::ok();
}

Status MatchWebJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!a || !b) return Status::error("match web needs two clips");
    for (const Clip* c : {a, b}) {
        if (c->isEmpty()) return Status::error("clip '" + c->name + "' is empty");
        if (Status s = c->validate(); !s) return s.withContext("clip '" + c->name + "'");
    }
    if (const std::string why = skeletonDifference(a->skeleton, b->skeleton); !why.empty())
        return Status::error("clips '" + a->name + "' and '" + b->name +
                             "' have different skeletons: " + why);
    if (std::abs(a->fps - b->fps) > 1e-3f * a->fps)
        return Status::error("clips '" + a->name + "' and '" + b->name +
                             "' have different frame rates; resample one first");
    const int window = settings.cloud.sampleCount(a->fps);
    for (const Clip* c : {a, b})
        if (c->frameCount() < window)
            return Status::error("clip '" + c->name + "' has " + std::to_string(c->frameCount()) +
                                 " frames, fewer than the " + std::to_string(window) +
                                 "-frame point-cloud window");
    return Status::ok();
}

Status MatchWebJob::run() {
    if (Status s = validate(); !s) return s;
    output = {};
    output.rows = a->frameCount();
    output.cols = b->frameCount();
    output.self = a == b;
    output.windowSamples = settings.cloud.sampleCount(a->fps);
    // B's joints in A's order when its file lists them in another (validate checked the names).
    std::optional<Clip> conformed;
    if (!a->skeleton.sameHierarchy(b->skeleton)) conformed = *conformClip(*b, a->skeleton);
    if (!computeGrid(*a, conformed ? *conformed : *b, settings, progress, output)) {
        output = {};
        return Status::cancelled();
    }
    findMinima(settings.epsilon, output);
    linkChains(settings, a->fps, output);
    return Status::ok();
}

CloudMatch alignCell(const Clip& a, int i, const Clip& b, int j, const PointCloudSettings& cloud) {
    if (a.isEmpty() || b.isEmpty() || !sameJoints(a.skeleton, b.skeleton)) return {};
    if (!a.skeleton.sameHierarchy(b.skeleton))
        return alignCell(a, i, *conformClip(b, a.skeleton), j, cloud);
    i = std::clamp(i, 0, a.frameCount() - 1);
    j = std::clamp(j, 0, b.frameCount() - 1);
    const int h = cloud.sampleCount(a.fps) / 2;
    const int lo = -std::min({h, i, j});
    const int hi = std::min({h, a.frameCount() - 1 - i, b.frameCount() - 1 - j});
    Clip wa = a, wb = b;  // only the window's frames are posed
    if (auto t = trimClip(a, i + lo, i + hi)) wa = std::move(*t);
    if (auto t = trimClip(b, j + lo, j + hi)) wb = std::move(*t);
    const auto pa = clipJointPositions(wa), pb = clipJointPositions(wb);
    const int joints = a.jointCount();
    std::vector<glm::dvec3> ca, cb;
    std::vector<double> w;
    for (int k = lo; k <= hi; ++k)
        for (int q = 0; q < joints; ++q) {
            const size_t at = static_cast<size_t>(k - lo) * joints + q;
            ca.emplace_back(pa[at]);
            cb.emplace_back(pb[at]);
            w.push_back(h + 1 - std::abs(k));
        }
    return matchClouds(ca, cb, w);
}

}  // namespace gs

#include "core/loops/path_bend.h"

#include <cmath>
#include <cstdio>

#include "core/clip/foot_contacts.h"
#include "core/clip/clip_kinematics.h"
#include <gaitspace/runtime/ground_frame.h>
#include <gaitspace/runtime/legs.h>

namespace gs {

namespace {

// yaw(a) on a ground point (x, z), as yawRotation turns +Z toward +X.
glm::dvec2 yawed(double a, const glm::dvec2& v) {
    const double c = std::cos(a), s = std::sin(a);
    return {v.x * c + v.y * s, -v.x * s + v.y * c};
}

// The ground point each frame turns about: its planted foot joints' mean (both feet's in double
// support), else the root; smoothed over kPivotSmoothSeconds either side, twice, so that the
// root's sideways speed changes smoothly where the support passes from foot to foot.
std::vector<glm::dvec2> pivots(const Clip& clip) {
    const int n = clip.frameCount();
    std::vector<glm::dvec2> pivot(n);
    for (int f = 0; f < n; ++f)
        pivot[f] = glm::dvec2(clip.rootPositions[f].x, clip.rootPositions[f].z);
    const FootJoints feet = findFootJoints(clip.skeleton);
    FootContactJob contacts;
    contacts.clip = &clip;
    if (!feet.isComplete() || n < 3 || !contacts.run()) return pivot;  // no feet: about the root
    const FootContacts& c = contacts.output;
    const auto world = clipJointPositions(clip);
    const size_t joints = static_cast<size_t>(clip.jointCount());
    for (int f = 0; f < n; ++f) {
        const std::pair<int, bool> planted[4] = {{feet.leftAnkle, c.leftAnkle[f]},
                                                 {feet.leftToe, c.leftToe[f]},
                                                 {feet.rightAnkle, c.rightAnkle[f]},
                                                 {feet.rightToe, c.rightToe[f]}};
        glm::dvec2 sum(0.0);
        int count = 0;
        for (auto [joint, on] : planted) {
            if (!on) continue;
            const glm::vec3& p = world[f * joints + joint];
            sum += glm::dvec2(p.x, p.z);
            ++count;
        }
        if (count > 0) pivot[f] = sum / static_cast<double>(count);
    }
    constexpr double kPivotSmoothSeconds = 0.1;
    const int half = static_cast<int>(std::lround(kPivotSmoothSeconds * clip.fps));
    for (int pass = 0; pass < 2 && half > 0; ++pass) {
        std::vector<glm::dvec2> smooth(n);
        for (int f = 0; f < n; ++f) {
            const int first = std::max(0, f - half), last = std::min(n - 1, f + half);
            glm::dvec2 sum(0.0);
            for (int g = first; g <= last; ++g) sum += pivot[g];
            smooth[f] = sum / static_cast<double>(last - first + 1);
        }
        pivot = std::move(smooth);
    }
    return pivot;
}

}  // namespace

GroundLine groundLine(const Clip& clip) {
    GroundLine line;
    const int n = clip.frameCount();
    if (n < 2) return line;
    // Least-squares line through the ground points: the principal axis of their scatter.
    glm::dvec2 mean(0.0);
    for (const glm::vec3& p : clip.rootPositions) mean += glm::dvec2(p.x, p.z);
    mean /= static_cast<double>(n);
    double sxx = 0.0, sxz = 0.0, szz = 0.0;
    for (const glm::vec3& p : clip.rootPositions) {
        const double dx = p.x - mean.x, dz = p.z - mean.y;
        sxx += dx * dx;
        sxz += dx * dz;
        szz += dz * dz;
    }
    const double angle = 0.5 * std::atan2(2.0 * sxz, sxx - szz);  // of the major axis from +X
    glm::dvec2 d(std::cos(angle), std::sin(angle));
    const glm::dvec2 first(clip.rootPositions.front().x, clip.rootPositions.front().z);
    const glm::dvec2 last(clip.rootPositions.back().x, clip.rootPositions.back().z);
    if (glm::dot(last - first, d) < 0.0) d = -d;
    const glm::dvec2 left(d.y, -d.x);  // +Z forward has +X on its left
    const double firstAlong = glm::dot(first - mean, d);
    line.origin = glm::vec2(mean + firstAlong * d);
    line.direction = glm::vec2(d);
    line.travel = static_cast<float>(glm::dot(last - first, d));
    // Lateral offset v against distance u, both about the mean: v = a + b u + c u^2.
    double m[3][3] = {}, r[3] = {};
    for (const glm::vec3& p : clip.rootPositions) {
        const glm::dvec2 g = glm::dvec2(p.x, p.z) - mean;
        const double u = glm::dot(g, d), v = glm::dot(g, left);
        line.maxOffset = std::max(line.maxOffset, static_cast<float>(std::abs(v)));
        const double basis[3] = {1.0, u, u * u};
        for (int i = 0; i < 3; ++i) {
            r[i] += basis[i] * v;
            for (int j = 0; j < 3; ++j) m[i][j] += basis[i] * basis[j];
        }
    }
    const auto det3 = [](const double a[3][3]) {
        return a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
               a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
               a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
    };
    const double det = det3(m);
    if (std::abs(det) > 1e-12) {
        double mc[3][3];
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) mc[i][j] = j == 2 ? r[i] : m[i][j];
        line.curvature = static_cast<float>(2.0 * det3(mc) / det);  // Cramer's rule for c
    }
    return line;
}

Expected<Clip> bendClip(const Clip& clip, float curvature) {
    const std::string who = "clip '" + clip.name + "'";
    char text[200];
    if (!std::isfinite(curvature) || std::abs(curvature) > kMaxBendCurvature) {
        std::snprintf(
            text, sizeof text, "%s: bend curvature %g per metre is %s (at most %g, a %g m radius)",
            who.c_str(), curvature, std::isfinite(curvature) ? "too sharp" : "not a number",
            kMaxBendCurvature, 1.0f / kMaxBendCurvature);
        return Status::error(text);
    }
    if (clip.isEmpty()) return Status::error(who + ": cannot bend an empty clip");
    const GroundLine line = groundLine(clip);
    if (!(line.travel >= kMinBendTravel)) {
        std::snprintf(
            text, sizeof text,
            "%s: cannot bend a path that does not travel (%.2f m along it, at least %.2f m)",
            who.c_str(), line.travel, kMinBendTravel);
        return Status::error(text);
    }
    if (curvature == 0.0f) return clip;
    if (line.maxOffset * std::abs(curvature) >= 0.5f) {
        std::snprintf(
            text, sizeof text,
            "%s: its root strays %.2f m from its straight path, too far to bend to a %.2f m radius",
            who.c_str(), line.maxOffset, 1.0f / std::abs(curvature));
        return Status::error(text);
    }
    const glm::dvec2 o(line.origin), d(line.direction);
    const auto heading = [&](int f) {  // curvature x distance along the line
        return curvature *
               glm::dot(glm::dvec2(clip.rootPositions[f].x, clip.rootPositions[f].z) - o, d);
    };
    const std::vector<glm::dvec2> pivot = pivots(clip);
    // Each frame's ground transform x -> yaw(angle) x + t; from one frame to the next it turns by
    // the heading's change about the pivot (where the previous frame's transform puts it).
    Clip out = clip;
    double angle = heading(0);
    glm::dvec2 t = pivot[0] - yawed(angle, pivot[0]);
    for (int f = 0; f < clip.frameCount(); ++f) {
        if (f > 0) {
            const double next = heading(f);
            const glm::dvec2 c = yawed(angle, 0.5 * (pivot[f - 1] + pivot[f])) + t;
            t = yawed(next - angle, t - c) + c;
            angle = next;
        }
        const glm::vec3& p = clip.rootPositions[f];
        const glm::dvec2 q = yawed(angle, glm::dvec2(p.x, p.z)) + t;
        out.rootPositions[f] = glm::vec3(static_cast<float>(q.x), p.y, static_cast<float>(q.y));
        glm::quat& root = out.frameRotations(f)[0];
        root = glm::normalize(yawRotation(static_cast<float>(angle)) * root);
    }
    return out;
}

}  // namespace gs

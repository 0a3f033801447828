#include "core/path_bend.h"

#include <cmath>
#include <cstdio>

#include <gaitspace/runtime/ground_frame.h>

namespace gs {

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
        std::snprintf(text, sizeof text, "%s: bend curvature %g per metre is %s (at most %g, a %g m radius)",
                      who.c_str(), curvature, std::isfinite(curvature) ? "too sharp" : "not a number",
                      kMaxBendCurvature, 1.0f / kMaxBendCurvature);
        return Status::error(text);
    }
    if (clip.isEmpty()) return Status::error(who + ": cannot bend an empty clip");
    const GroundLine line = groundLine(clip);
    if (!(line.travel >= kMinBendTravel)) {
        std::snprintf(text, sizeof text, "%s: cannot bend a path that does not travel (%.2f m along it, at least %.2f m)",
                      who.c_str(), line.travel, kMinBendTravel);
        return Status::error(text);
    }
    if (curvature == 0.0f) return clip;
    if (line.maxOffset * std::abs(curvature) >= 0.5f) {
        std::snprintf(text, sizeof text,
                      "%s: its root strays %.2f m from its straight path, too far to bend to a %.2f m radius",
                      who.c_str(), line.maxOffset, 1.0f / std::abs(curvature));
        return Status::error(text);
    }
    Clip out = clip;
    const glm::dvec2 o(line.origin), d(line.direction), left(d.y, -d.x);
    const double k = curvature;
    for (int f = 0; f < clip.frameCount(); ++f) {
        const glm::vec3& p = clip.rootPositions[f];
        const glm::dvec2 g = glm::dvec2(p.x, p.z) - o;
        const double s = glm::dot(g, d), v = glm::dot(g, left);
        const double theta = k * s;
        // The arc from the line's origin, tangent to it, and the arc's left normal there.
        const glm::dvec2 arc = o + (std::sin(theta) / k) * d + ((1.0 - std::cos(theta)) / k) * left;
        const glm::dvec2 normal = -std::sin(theta) * d + std::cos(theta) * left;
        const glm::dvec2 q = arc + v * normal;
        out.rootPositions[f] = glm::vec3(static_cast<float>(q.x), p.y, static_cast<float>(q.y));
        glm::quat& root = out.frameRotations(f)[0];
        root = glm::normalize(yawRotation(static_cast<float>(theta)) * root);
    }
    return out;
}

}  // namespace gs

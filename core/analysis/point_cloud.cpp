#include "core/analysis/point_cloud.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace gs {
namespace {

struct Rigid2 {
    double theta, x0, z0;
};

Rigid2 solve(const CloudSums& s) {
    if (!(s.w > 0.0)) return {0.0, 0.0, 0.0};
    // Centred cross terms: cos(theta) a + sin(theta) b is what the rotation can gain.
    const double a = s.dot - (s.ax * s.bx + s.az * s.bz) / s.w;
    const double b = s.cross - (s.az * s.bx - s.ax * s.bz) / s.w;
    const double theta = std::atan2(b, a);
    const double c = std::cos(theta), sn = std::sin(theta);
    const double mx = s.ax / s.w, mz = s.az / s.w;
    // The translation carries A's rotated centroid onto B's centroid.
    return {theta, s.bx / s.w - (mx * c + mz * sn), s.bz / s.w - (-mx * sn + mz * c)};
}

}  // namespace

glm::quat Alignment::rotation() const {
    return glm::quat(std::cos(theta * 0.5f), 0.0f, std::sin(theta * 0.5f), 0.0f);
}

glm::vec3 Alignment::apply(const glm::vec3& p) const {
    return rotation() * p + glm::vec3(x0, 0.0f, z0);
}

Alignment Alignment::inverse() const {
    // p = R^-1 (q - t)  =>  theta' = -theta, t' = -R^-1 t.
    const glm::vec3 t = glm::inverse(rotation()) * glm::vec3(x0, 0.0f, z0);
    return {-theta, -t.x, -t.z};
}

Status PointCloudSettings::validate() const {
    if (!(windowSeconds >= 0.0f && windowSeconds <= 2.0f))
        return Status::error("point-cloud window must be in [0, 2] s");
    return Status::ok();
}

int PointCloudSettings::sampleCount(float fps) const {
    const int half = static_cast<int>(std::lround(windowSeconds * fps * 0.5f));
    return 2 * std::max(half, 0) + 1;
}

std::vector<double> triangularWeights(int count) {
    assert(count >= 1 && count % 2 == 1);
    const int h = count / 2;
    std::vector<double> w(count);
    for (int k = -h; k <= h; ++k) w[k + h] = static_cast<double>(h + 1 - std::abs(k));
    return w;
}

void CloudSums::add(const glm::dvec3& a, const glm::dvec3& b, double weight) {
    w += weight;
    ax += weight * a.x;
    az += weight * a.z;
    bx += weight * b.x;
    bz += weight * b.z;
    dot += weight * (a.x * b.x + a.z * b.z);
    cross += weight * (a.z * b.x - a.x * b.z);
    const double dy = a.y - b.y;
    squares += weight * (a.x * a.x + a.z * a.z + b.x * b.x + b.z * b.z + dy * dy);
}

Alignment CloudSums::alignment() const {
    const Rigid2 r = solve(*this);
    return {static_cast<float>(r.theta), static_cast<float>(r.x0), static_cast<float>(r.z0)};
}

double CloudSums::meanSquaredDistance() const {
    if (!(w > 0.0)) return 0.0;
    // Called for every cell of a match web: one division, no std::hypot (its overflow care is
    // not needed for sums of squared metres).
    const double inv = 1.0 / w;
    const double a = dot - (ax * bx + az * bz) * inv;
    const double b = cross - (az * bx - ax * bz) * inv;
    const double centred = squares - (ax * ax + az * az + bx * bx + bz * bz) * inv;
    return std::max(0.0, (centred - 2.0 * std::sqrt(a * a + b * b)) * inv);
}

double CloudMatch::rmsDistance() const { return std::sqrt(meanSquaredDistance); }

CloudMatch matchClouds(std::span<const glm::dvec3> a, std::span<const glm::dvec3> b,
                       std::span<const double> weights) {
    assert(a.size() == b.size());
    assert(weights.empty() || weights.size() == a.size());
    CloudSums sums;
    for (size_t i = 0; i < a.size(); ++i) sums.add(a[i], b[i], weights.empty() ? 1.0 : weights[i]);
    const Rigid2 r = solve(sums);
    CloudMatch m;
    m.theta = r.theta, m.x0 = r.x0, m.z0 = r.z0;
    m.alignment = {static_cast<float>(r.theta), static_cast<float>(r.x0), static_cast<float>(r.z0)};
    if (!(sums.w > 0.0)) return m;
    const double c = std::cos(r.theta), s = std::sin(r.theta);
    double total = 0.0;
    for (size_t i = 0; i < a.size(); ++i) {
        const glm::dvec3 p(a[i].x * c + a[i].z * s + r.x0, a[i].y, -a[i].x * s + a[i].z * c + r.z0);
        const glm::dvec3 d = b[i] - p;
        total += (weights.empty() ? 1.0 : weights[i]) * glm::dot(d, d);
    }
    m.meanSquaredDistance = total / sums.w;
    return m;
}

}  // namespace gs

#include "render/debug_draw.h"

namespace gs {

void DebugDraw::line(const glm::vec3& a, const glm::vec3& b, const glm::vec4& color, bool overlay) {
    auto& out = overlay ? m_overlay : m_lines;
    out.push_back({a, color});
    out.push_back({b, color});
}

void DebugDraw::polyline(std::span<const glm::vec3> points, const glm::vec4& color, bool overlay) {
    for (size_t i = 1; i < points.size(); ++i) line(points[i - 1], points[i], color, overlay);
}

void DebugDraw::points(std::span<const glm::vec3> points, const glm::vec4& color, float size) {
    if (points.empty()) return;
    PointBatch batch{static_cast<int>(m_points.size()), static_cast<int>(points.size()), size};
    for (const glm::vec3& p : points) m_points.push_back({p, color});
    m_batches.push_back(batch);
}

void DebugDraw::skeleton(std::span<const glm::vec3> joints, std::span<const int> parents,
                         const glm::vec4& color) {
    for (size_t j = 0; j < joints.size() && j < parents.size(); ++j)
        if (parents[j] >= 0) line(joints[parents[j]], joints[j], color, true);
}

void DebugDraw::clear() {
    m_lines.clear();
    m_overlay.clear();
    m_points.clear();
    m_batches.clear();
}

}  // namespace gs

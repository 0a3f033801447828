#pragma once
// DebugDraw: lines and points to draw over the scene, from plain positions and colours.
//
// Callers (the viewport, the CLI) turn whatever they show (the root trail, the steer-space fan, the
// chosen future path, a skeleton) into points and line segments here; the renderer uploads the
// lot once per frame. Colours are sRGB with alpha. Overlay items ignore depth (always on top).

#include <glm/glm.hpp>

#include <span>
#include <vector>

namespace gs {

class DebugDraw {
public:
    struct Vertex {
        glm::vec3 position;
        glm::vec4 color;
    };
    struct PointBatch {
        int first = 0;
        int count = 0;
        float size = 6.0f;  // pixels
    };

    void line(const glm::vec3& a, const glm::vec3& b, const glm::vec4& color, bool overlay = false);
    // Consecutive points joined by segments.
    void polyline(std::span<const glm::vec3> points, const glm::vec4& color, bool overlay = false);
    // Round points of one size (pixels).
    void points(std::span<const glm::vec3> points, const glm::vec4& color, float size = 6.0f);
    // Bones from each joint to its parent (parents[j] < 0 for roots), always on top.
    void skeleton(std::span<const glm::vec3> joints, std::span<const int> parents,
                  const glm::vec4& color);
    void clear();

    const std::vector<Vertex>& lines() const { return m_lines; }
    const std::vector<Vertex>& overlayLines() const { return m_overlay; }
    const std::vector<Vertex>& pointVertices() const { return m_points; }
    const std::vector<PointBatch>& pointBatches() const { return m_batches; }
    bool isEmpty() const { return m_lines.empty() && m_overlay.empty() && m_points.empty(); }

private:
    std::vector<Vertex> m_lines;
    std::vector<Vertex> m_overlay;
    std::vector<Vertex> m_points;
    std::vector<PointBatch> m_batches;
};

}  // namespace gs

#include "core/level/level_ground.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

namespace gs {

LevelGround::LevelGround(const LevelMesh& mesh) {
    glm::vec2 lo(0.0f), hi(0.0f);
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        const glm::vec3 a = mesh.vertices[mesh.indices[t]], b = mesh.vertices[mesh.indices[t + 1]],
                        c = mesh.vertices[mesh.indices[t + 2]];
        const glm::vec3 n = glm::cross(b - a, c - a);
        const float len = glm::length(n);
        if (!(len > 1e-12f) || n.y / len < kMinNormalY) continue;
        const glm::vec2 tlo =
            glm::min(glm::vec2(a.x, a.z), glm::min(glm::vec2(b.x, b.z), glm::vec2(c.x, c.z)));
        const glm::vec2 thi =
            glm::max(glm::vec2(a.x, a.z), glm::max(glm::vec2(b.x, b.z), glm::vec2(c.x, c.z)));
        lo = m_triangles.empty() ? tlo : glm::min(lo, tlo);
        hi = m_triangles.empty() ? thi : glm::max(hi, thi);
        m_triangles.push_back({a, b, c, n / len});
    }
    m_origin = lo;
    m_width = std::max(1, static_cast<int>(std::ceil((hi.x - lo.x) / kCellM)) + 1);
    m_depth = std::max(1, static_cast<int>(std::ceil((hi.y - lo.y) / kCellM)) + 1);
    // Each triangle in every cell its bounds touch: counted, then placed.
    auto cells = [&](const Triangle& t, auto&& visit) {
        const glm::vec2 tlo = glm::min(glm::vec2(t.a.x, t.a.z),
                                       glm::min(glm::vec2(t.b.x, t.b.z), glm::vec2(t.c.x, t.c.z)));
        const glm::vec2 thi = glm::max(glm::vec2(t.a.x, t.a.z),
                                       glm::max(glm::vec2(t.b.x, t.b.z), glm::vec2(t.c.x, t.c.z)));
        const int x0 = std::clamp(static_cast<int>((tlo.x - m_origin.x) / kCellM), 0, m_width - 1);
        const int x1 = std::clamp(static_cast<int>((thi.x - m_origin.x) / kCellM), 0, m_width - 1);
        const int z0 = std::clamp(static_cast<int>((tlo.y - m_origin.y) / kCellM), 0, m_depth - 1);
        const int z1 = std::clamp(static_cast<int>((thi.y - m_origin.y) / kCellM), 0, m_depth - 1);
        for (int z = z0; z <= z1; ++z)
            for (int x = x0; x <= x1; ++x) visit(static_cast<size_t>(z) * m_width + x);
    };
    m_cellTriangles.build(static_cast<size_t>(m_width) * m_depth, m_triangles.size(),
                          [&](size_t i, auto&& visit) { cells(m_triangles[i], visit); });
}

bool LevelGround::hit(float x, float y, float z, GroundHit& out) const {
    const int cx = static_cast<int>(std::floor((x - m_origin.x) / kCellM));
    const int cz = static_cast<int>(std::floor((z - m_origin.y) / kCellM));
    if (m_triangles.empty() || cx < 0 || cz < 0 || cx >= m_width || cz >= m_depth) return false;
    const size_t cell = static_cast<size_t>(cz) * m_width + cx;
    const float top = y + kAboveM;
    bool found = false;
    for (const std::uint32_t i : m_cellTriangles[cell]) {
        const Triangle& t = m_triangles[i];
        // Barycentric coordinates of (x, z) in the triangle seen from above.
        const glm::vec2 v0(t.b.x - t.a.x, t.b.z - t.a.z), v1(t.c.x - t.a.x, t.c.z - t.a.z),
            v2(x - t.a.x, z - t.a.z);
        const float det = v0.x * v1.y - v1.x * v0.y;
        if (std::abs(det) < 1e-12f) continue;
        const float u = (v2.x * v1.y - v1.x * v2.y) / det, v = (v0.x * v2.y - v2.x * v0.y) / det;
        constexpr float kEps = 1e-5f;
        if (u < -kEps || v < -kEps || u + v > 1.0f + kEps) continue;
        const float h = t.a.y + u * (t.b.y - t.a.y) + v * (t.c.y - t.a.y);
        if (h > top || (found && h <= out.height)) continue;
        out.height = h;
        out.normal = t.normal;
        found = true;
    }
    return found;
}

GroundQuery LevelGround::query() const {
    auto query = [](void* user, float x, float y, float z, GroundHit* hit) {
        return static_cast<const LevelGround*>(user)->hit(x, y, z, *hit);
    };
    return GroundQuery{query, const_cast<LevelGround*>(this)};
}

}  // namespace gs

#include "core/level/demo_level.h"

#include <cmath>
#include <numbers>

#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

namespace gs {
namespace {

// A convex solid from its corners and quads/triangles (indices into corners); each triangle is
// turned to face away from the solid's centre, so that Recast sees tops as walkable.
LevelMesh convexSolid(const std::vector<glm::vec3>& corners,
                      const std::vector<std::vector<int>>& faces) {
    glm::vec3 centre(0.0f);
    for (const glm::vec3& c : corners) centre += c;
    centre /= static_cast<float>(corners.size());
    LevelMesh m;
    m.vertices = corners;
    for (const std::vector<int>& f : faces)
        for (size_t k = 1; k + 1 < f.size(); ++k) {
            int a = f[0], b = f[k], c = f[k + 1];
            const glm::vec3 n = glm::cross(corners[b] - corners[a], corners[c] - corners[a]);
            const glm::vec3 mid = (corners[a] + corners[b] + corners[c]) / 3.0f;
            if (glm::dot(n, mid - centre) < 0.0f) std::swap(b, c);
            m.indices.insert(m.indices.end(),
                             {static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b),
                              static_cast<std::uint32_t>(c)});
        }
    return m;
}

}  // namespace

LevelMesh boxMesh(const glm::vec3& lo, const glm::vec3& hi) {
    std::vector<glm::vec3> c;
    for (int k = 0; k < 8; ++k)
        c.push_back({k & 1 ? hi.x : lo.x, k & 2 ? hi.y : lo.y, k & 4 ? hi.z : lo.z});
    return convexSolid(
        c, {{0, 1, 3, 2}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 3, 7, 5}});
}

LevelMesh demoLevel() {
    using L = DemoLevelLayout;
    LevelMesh level =
        boxMesh({-L::kHalfSize, -0.2f, -L::kHalfSize}, {L::kHalfSize, 0.0f, L::kHalfSize});
    const float t = 0.5f * L::kWallThickness;
    level.append(boxMesh({-L::kHalfSize, 0.0f, -t}, {-L::kDoorHalfWidth, L::kWallHeight, t}));
    level.append(boxMesh({L::kDoorHalfWidth, 0.0f, -t}, {L::kHalfSize, L::kWallHeight, t}));
    for (const glm::vec2 p : {glm::vec2(3.0f, -4.0f), glm::vec2(-5.0f, -6.0f),
                              glm::vec2(-6.0f, 5.0f), glm::vec2(2.0f, 7.5f)})
        level.append(
            boxMesh({p.x - 0.25f, 0.0f, p.y - 0.25f}, {p.x + 0.25f, L::kWallHeight, p.y + 0.25f}));
    // The platform, the ramp up to it from the west and the stairs down from it to the north.
    const float top = L::kRisers * L::kRiser;
    level.append(boxMesh({5.0f, 0.0f, 4.0f}, {8.0f, top, 8.0f}));
    const float run = top / std::tan(L::kRampDegrees * std::numbers::pi_v<float> / 180.0f);
    const float x0 = 5.0f - run;
    level.append(convexSolid({{x0, 0.0f, 4.0f},
                              {5.0f, 0.0f, 4.0f},
                              {5.0f, top, 4.0f},
                              {x0, 0.0f, 6.0f},
                              {5.0f, 0.0f, 6.0f},
                              {5.0f, top, 6.0f}},
                             {{0, 1, 2}, {3, 4, 5}, {0, 1, 4, 3}, {1, 2, 5, 4}, {0, 2, 5, 3}}));
    for (int k = 0; k < L::kRisers - 1; ++k) {
        const float z = 8.0f + k * L::kTread;
        level.append(boxMesh({5.5f, 0.0f, z}, {7.5f, top - (k + 1) * L::kRiser, z + L::kTread}));
    }
    return level;
}

}  // namespace gs

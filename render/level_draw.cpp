#include "render/level_draw.h"

#include <cmath>

#include <glm/geometric.hpp>

namespace gs {
namespace {

constexpr float kLiftM = 0.03f;  // the navigation mesh's lines over the surface

Material levelMaterial(const char* name, const glm::vec4& colour) {
    Material m;
    m.name = name;
    m.baseColor = colour;
    m.roughness = 0.85f;
    return m;
}

}  // namespace

SkinnedMesh levelSkinnedMesh(const LevelMesh& mesh, float maxSlopeDeg) {
    SkinnedMesh out;
    if (mesh.triangleCount() == 0) return out;
    const float floorCos = std::cos(glm::radians(maxSlopeDeg));
    std::vector<std::uint32_t> floors, others;
    for (size_t t = 0; t < mesh.triangleCount(); ++t) {
        const glm::vec3 a = mesh.vertices[mesh.indices[3 * t]];
        const glm::vec3 b = mesh.vertices[mesh.indices[3 * t + 1]];
        const glm::vec3 c = mesh.vertices[mesh.indices[3 * t + 2]];
        const glm::vec3 cross = glm::cross(b - a, c - a);
        const float area = glm::length(cross);
        if (!(area > 0.0f)) continue;
        const glm::vec3 normal = cross / area;
        const auto base = static_cast<std::uint32_t>(out.vertices.size());
        for (const glm::vec3& p : {a, b, c}) {
            SkinVertex v;
            v.position = p;
            v.normal = normal;
            out.vertices.push_back(v);
        }
        std::vector<std::uint32_t>& to = normal.y >= floorCos ? floors : others;
        to.insert(to.end(), {base, base + 1, base + 2});
    }
    out.materials.push_back(levelMaterial("floor", {0.78f, 0.76f, 0.70f, 1.0f}));
    out.materials.push_back(levelMaterial("wall", {0.55f, 0.60f, 0.68f, 1.0f}));
    for (int material = 0; material < 2; ++material) {
        const std::vector<std::uint32_t>& part = material == 0 ? floors : others;
        if (part.empty()) continue;
        out.parts.push_back({static_cast<std::uint32_t>(out.indices.size()),
                             static_cast<std::uint32_t>(part.size()), material});
        out.indices.insert(out.indices.end(), part.begin(), part.end());
    }
    out.inverseBind.push_back(glm::mat4(1.0f));
    return out;
}

void drawNavigationMesh(DebugDraw& debug, const Navigation& navigation) {
    const Navigation::Outline outline = navigation.outline();
    const glm::vec3 lift(0.0f, kLiftM, 0.0f);
    for (size_t i = 0; i + 1 < outline.interior.size(); i += 2)
        debug.line(outline.interior[i] + lift, outline.interior[i + 1] + lift,
                   glm::vec4(0.15f, 0.55f, 0.85f, 0.35f));
    for (size_t i = 0; i + 1 < outline.boundary.size(); i += 2)
        debug.line(outline.boundary[i] + lift, outline.boundary[i + 1] + lift,
                   glm::vec4(0.05f, 0.35f, 0.80f, 0.95f));
}

}  // namespace gs

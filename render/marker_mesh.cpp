#include "render/marker_mesh.h"

#include <cmath>
#include <numbers>

namespace gs {
namespace {

constexpr float kPi = std::numbers::pi_v<float>;

void addVertex(SkinnedMesh& m, const glm::vec3& p, const glm::vec3& n) {
    SkinVertex v;
    v.position = p;
    v.normal = n;
    m.vertices.push_back(v);
}

// An upright cylinder from y0 to y1, with caps.
void addCylinder(SkinnedMesh& m, float radius, float y0, float y1, int sides) {
    const auto base = static_cast<std::uint32_t>(m.vertices.size());
    for (int k = 0; k <= sides; ++k) {
        const float a = 2.0f * kPi * k / sides;
        const glm::vec3 n(std::sin(a), 0.0f, std::cos(a));
        addVertex(m, n * radius + glm::vec3(0, y0, 0), n);
        addVertex(m, n * radius + glm::vec3(0, y1, 0), n);
    }
    for (int k = 0; k < sides; ++k) {
        const std::uint32_t i = base + 2 * k;
        m.indices.insert(m.indices.end(), {i, i + 2, i + 3, i, i + 3, i + 1});
    }
    for (float y : {y0, y1}) {
        const glm::vec3 n(0, y == y1 ? 1.0f : -1.0f, 0);
        const auto centre = static_cast<std::uint32_t>(m.vertices.size());
        addVertex(m, {0, y, 0}, n);
        for (int k = 0; k <= sides; ++k) {
            const float a = 2.0f * kPi * k / sides;
            addVertex(m, glm::vec3(std::sin(a) * radius, y, std::cos(a) * radius), n);
        }
        for (int k = 0; k < sides; ++k) {
            const std::uint32_t i = centre + 1 + k;
            if (y == y1)
                m.indices.insert(m.indices.end(), {centre, i, i + 1});
            else
                m.indices.insert(m.indices.end(), {centre, i + 1, i});
        }
    }
}

void addSphere(SkinnedMesh& m, const glm::vec3& centre, float radius, int rings, int sides) {
    const auto base = static_cast<std::uint32_t>(m.vertices.size());
    for (int i = 0; i <= rings; ++i) {
        const float phi = kPi * i / rings;
        for (int k = 0; k <= sides; ++k) {
            const float a = 2.0f * kPi * k / sides;
            const glm::vec3 n(std::sin(phi) * std::sin(a), -std::cos(phi),
                              std::sin(phi) * std::cos(a));
            addVertex(m, centre + n * radius, n);
        }
    }
    const std::uint32_t stride = sides + 1;
    for (int i = 0; i < rings; ++i)
        for (int k = 0; k < sides; ++k) {
            const std::uint32_t a = base + i * stride + k, b = a + stride;
            m.indices.insert(m.indices.end(), {a, a + 1, b + 1, a, b + 1, b});
        }
}

}  // namespace

SkinnedMesh makeGoalMarker() {
    SkinnedMesh m;
    addCylinder(m, 0.35f, 0.0f, 0.012f, 40);  // disc on the ground
    addCylinder(m, 0.045f, 0.0f, 2.1f, 12);   // pole
    addSphere(m, {0.0f, 2.1f, 0.0f}, 0.13f, 10, 16);
    Material mat;
    mat.name = "goal";
    mat.baseColor = {1.0f, 1.0f, 1.0f, 1.0f};  // tinted by the scene's goal colour
    mat.roughness = 0.4f;
    m.materials.push_back(mat);
    m.parts.push_back({0, static_cast<std::uint32_t>(m.indices.size()), 0});
    m.inverseBind.push_back(glm::mat4(1.0f));
    return m;
}

}  // namespace gs

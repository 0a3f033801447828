#pragma once
// SkinnedMesh: triangles bound to a skeleton for linear-blend skinning, plus their materials.
//
// Vertices are in the skeleton's rest (bind) pose, metres, Y up. A vertex is moved by up to four
// joints: skinned = sum_i weights[i] * world(joints[i]) * inverseBind(joints[i]) * position.
// The mesh is split into parts, each drawn with one material. Plain data: the renderer uploads it.

#include <glm/glm.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace gs {

struct SkinVertex {
    glm::vec3 position{0.0f};  // bind pose, metres
    glm::vec3 normal{0.0f, 1.0f, 0.0f};
    glm::vec2 uv{0.0f};      // texture coordinates; v = 0 is the image's top row (glTF)
    glm::u16vec4 joints{0};  // joint indices into the skeleton
    glm::vec4 weights{1.0f, 0.0f, 0.0f, 0.0f};  // sum to 1, largest first
};

// Surface look of a part. Colours are sRGB as authored; the renderer linearises them.
struct Material {
    std::string name;
    glm::vec4 baseColor{0.8f, 0.8f, 0.8f, 1.0f};
    // Image texture, either embedded (encoded bytes, e.g. PNG/JPEG, with a format hint such as
    // "png") or a file path (absolute, or relative to the model file). Both empty: no texture.
    std::vector<std::uint8_t> textureBytes;
    std::string textureFormat;
    std::string texturePath;
    float roughness = 0.6f;  // 0 = mirror-like highlight, 1 = matte

    bool hasTexture() const { return !textureBytes.empty() || !texturePath.empty(); }
};

struct MeshPart {
    std::uint32_t firstIndex = 0;
    std::uint32_t indexCount = 0;
    int material = 0;  // index into SkinnedMesh::materials
};

struct SkinnedMesh {
    std::vector<SkinVertex> vertices;
    std::vector<std::uint32_t> indices;  // triangles, counter-clockwise seen from outside
    std::vector<MeshPart> parts;
    std::vector<Material> materials;
    std::vector<glm::mat4> inverseBind;  // one per skeleton joint

    int triangleCount() const { return static_cast<int>(indices.size() / 3); }
};

}  // namespace gs

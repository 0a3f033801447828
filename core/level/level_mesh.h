#pragma once
// A level's triangles as the navigation mesh bake takes them: world metres, Y up, indexed
// (three indices per triangle, counter-clockwise seen from the side a character walks on).
// readLevelMesh reads any format Assimp reads, every mesh of the scene with its node transforms
// applied; writeLevelMesh writes one through Assimp's exporter (.glb, .gltf, .obj).

#include <cstdint>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include <gaitspace/runtime/status.h>

namespace gs {

struct LevelMesh {
    std::vector<glm::vec3> vertices;
    std::vector<std::uint32_t> indices;  // 3 per triangle, each < vertices.size()

    std::size_t triangleCount() const { return indices.size() / 3; }
    // Finite vertices, indices in range, a whole number of triangles, within the named limits
    // (kMaxLevelTriangles, kMaxLevelExtentM).
    Status validate() const;
    // Appends another mesh's triangles.
    void append(const LevelMesh& other);
};

// Reads the level's triangles; one line naming the cause when the file cannot be read, holds no
// triangles or is beyond the limits (the caller adds the file's name).
Expected<LevelMesh> readLevelMesh(const std::string& path);
// Writes the triangles as one mesh; the format follows the extension.
Status writeLevelMesh(const LevelMesh& mesh, const std::string& path);

}  // namespace gs

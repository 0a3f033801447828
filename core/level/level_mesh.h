#pragma once
// A level's triangles as the navigation mesh bake takes them: world metres, Y up, indexed
// (three indices per triangle, counter-clockwise seen from the side a character walks on).
// readLevelMesh reads any format Assimp reads, every mesh of the scene with its node transforms
// applied, in metres as the file declares them (an FBX's unit scale) or as LevelUnits says (a
// level from an engine or a modeller in centimetres, or with Z up); writeLevelMesh writes one
// through Assimp's exporter (.glb, .gltf, .obj).

#include <cstdint>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include <gaitspace/runtime/status.h>

namespace gs {

// How a level file's coordinates become metres with Y up.
struct LevelUnits {
    static constexpr float kMaxMetresPerUnit = 1000.0f;  // a file in kilometres
    // Metres per unit of the file: 0 takes what the file declares (an FBX's UnitScaleFactor;
    // glTF is in metres, and other formats are taken to be); else (0, 1000].
    float metresPerUnit = 0.0f;
    // The file's up is +Z (3ds Max, Unreal, many OBJ files): turned about X so that it is +Y,
    // (x, y, z) -> (x, z, -y).
    bool zUp = false;

    Status validate() const;
};

struct LevelMesh {
    std::vector<glm::vec3> vertices;
    std::vector<std::uint32_t> indices;  // 3 per triangle, each < vertices.size()
    float metresPerUnit = 1.0f;          // as read: the file's units (1 for a mesh made in metres)

    std::size_t triangleCount() const { return indices.size() / 3; }
    // Finite vertices, indices in range, a whole number of triangles, within the named limits
    // (kMaxLevelTriangles, kMaxLevelExtentM).
    Status validate() const;
    // Appends another mesh's triangles.
    void append(const LevelMesh& other);
};

// Reads the level's triangles into metres, Y up; one line naming the cause when the file cannot
// be read, holds no triangles or is beyond the limits (the caller adds the file's name).
Expected<LevelMesh> readLevelMesh(const std::string& path, const LevelUnits& units = {});
// A doubt about the mesh's up axis in one sentence, or empty: a level standing more than twice
// as tall as its narrowest side (and over 3 m) was most likely made with Z up.
std::string upAxisDoubt(const LevelMesh& mesh);
// Writes the triangles as one mesh; the format follows the extension.
Status writeLevelMesh(const LevelMesh& mesh, const std::string& path);

}  // namespace gs

#include "core/level/level_mesh.h"

#include <assimp/Exporter.hpp>
#include <assimp/postprocess.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <cstdio>
#include <limits>
#include <system_error>

#include <glm/common.hpp>

#include "core/authoring_limits.h"
#include "core/io/assimp_scene.h"

namespace gs {

Status LevelMesh::validate() const {
    if (indices.size() % 3 != 0) return Status::error("the index count is not a multiple of 3");
    if (indices.empty()) return Status::error("the level has no triangles");
    if (static_cast<std::int64_t>(triangleCount()) > limits::kMaxLevelTriangles)
        return Status::error("the level has " + std::to_string(triangleCount()) +
                             " triangles, more than the limit of " +
                             std::to_string(limits::kMaxLevelTriangles));
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
    for (const glm::vec3& v : vertices) {
        if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z))
            return Status::error("a vertex of the level is not finite");
        lo = glm::min(lo, v);
        hi = glm::max(hi, v);
    }
    for (std::uint32_t i : indices)
        if (i >= vertices.size())
            return Status::error("a triangle names a vertex outside the mesh");
    const glm::vec3 extent = hi - lo;
    const float widest = std::max({extent.x, extent.y, extent.z});
    if (widest > limits::kMaxLevelExtentM)
        return Status::error("the level is " + std::to_string(static_cast<int>(widest)) +
                             " m across, more than the limit of " +
                             std::to_string(static_cast<int>(limits::kMaxLevelExtentM)) +
                             " m (a level made in centimetres is read with a scale of 0.01)");
    return Status::ok();
}

void LevelMesh::append(const LevelMesh& other) {
    const auto base = static_cast<std::uint32_t>(vertices.size());
    vertices.insert(vertices.end(), other.vertices.begin(), other.vertices.end());
    for (std::uint32_t i : other.indices) indices.push_back(base + i);
}

Status LevelUnits::validate() const {
    if (!(metresPerUnit >= 0.0f && metresPerUnit <= kMaxMetresPerUnit))
        return Status::error("the level's scale must be in [0, " +
                             std::to_string(static_cast<int>(kMaxMetresPerUnit)) +
                             "] metres per unit (0: as the file declares)");
    return Status::ok();
}

Expected<LevelMesh> readLevelMesh(const std::string& path, const LevelUnits& units) {
    if (Status s = units.validate(); !s) return s;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return Status::error("no such file");
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) return Status::error("cannot read its size (" + ec.message() + ")");
    if (static_cast<std::int64_t>(size) > limits::kMaxLevelFileBytes)
        return Status::error("larger than the " + std::to_string(limits::kMaxLevelFileBytes >> 20) +
                             " MiB limit of a level mesh file");
    Assimp::Importer importer;
    // Node transforms applied, polygons cut into triangles, points and lines dropped.
    importer.SetPropertyInteger(AI_CONFIG_PP_SBP_REMOVE,
                                aiPrimitiveType_POINT | aiPrimitiveType_LINE);
    auto scene = readScene(importer, path,
                           aiProcess_Triangulate | aiProcess_PreTransformVertices |
                               aiProcess_SortByPType | aiProcess_JoinIdenticalVertices,
                           "a level mesh");
    if (!scene) return scene.status();
    LevelMesh mesh;
    const float declared = fbxMetresPerUnit(*scene, path);
    mesh.metresPerUnit = units.metresPerUnit > 0.0f ? units.metresPerUnit
                         : declared > 0.0f          ? declared
                                                    : 1.0f;
    const float unit = mesh.metresPerUnit;
    auto metres = [&](const aiVector3D& v) {
        return units.zUp ? glm::vec3(v.x, v.z, -v.y) * unit : glm::vec3(v.x, v.y, v.z) * unit;
    };
    std::int64_t triangles = 0;
    for (unsigned m = 0; m < (*scene)->mNumMeshes; ++m) {
        const aiMesh* am = (*scene)->mMeshes[m];
        if (!(am->mPrimitiveTypes & aiPrimitiveType_TRIANGLE)) continue;
        triangles += am->mNumFaces;
        if (triangles > limits::kMaxLevelTriangles)
            return Status::error("more than the limit of " +
                                 std::to_string(limits::kMaxLevelTriangles) + " triangles");
        const auto base = static_cast<std::uint32_t>(mesh.vertices.size());
        for (unsigned v = 0; v < am->mNumVertices; ++v)
            mesh.vertices.push_back(metres(am->mVertices[v]));
        for (unsigned f = 0; f < am->mNumFaces; ++f) {
            const aiFace& face = am->mFaces[f];
            if (face.mNumIndices != 3) continue;
            for (int k = 0; k < 3; ++k) mesh.indices.push_back(base + face.mIndices[k]);
        }
    }
    if (mesh.indices.empty()) return Status::error("the file holds no triangles");
    if (Status s = mesh.validate(); !s) return s;
    return mesh;
}

std::string upAxisDoubt(const LevelMesh& mesh) {
    if (mesh.vertices.empty()) return {};
    glm::vec3 lo = mesh.vertices.front(), hi = lo;
    for (const glm::vec3& v : mesh.vertices) {
        lo = glm::min(lo, v);
        hi = glm::max(hi, v);
    }
    const glm::vec3 extent = hi - lo;
    const float narrowest = std::min(extent.x, extent.z);
    if (extent.y <= 3.0f || extent.y <= 2.0f * narrowest) return {};
    char text[160];
    std::snprintf(text, sizeof text,
                  "the level stands %.1f m tall and %.1f m across its narrowest side: if it was "
                  "made with Z up, read it with up z",
                  extent.y, narrowest);
    return text;
}

Status writeLevelMesh(const LevelMesh& mesh, const std::string& path) {
    if (Status s = mesh.validate(); !s) return s;
    std::string ext = std::filesystem::path(path).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const char* format = ext == ".glb"    ? "glb2"
                         : ext == ".gltf" ? "gltf2"
                         : ext == ".obj"  ? "obj"
                                          : nullptr;
    if (!format) return Status::error("a level mesh is written as .glb, .gltf or .obj");
    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = new aiNode("level");
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial* [1] { new aiMaterial() };
    auto* am = new aiMesh();
    am->mName = "level";
    am->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    am->mMaterialIndex = 0;
    am->mNumVertices = static_cast<unsigned>(mesh.vertices.size());
    am->mVertices = new aiVector3D[am->mNumVertices];
    for (unsigned v = 0; v < am->mNumVertices; ++v)
        am->mVertices[v] = {mesh.vertices[v].x, mesh.vertices[v].y, mesh.vertices[v].z};
    am->mNumFaces = static_cast<unsigned>(mesh.triangleCount());
    am->mFaces = new aiFace[am->mNumFaces];
    for (unsigned f = 0; f < am->mNumFaces; ++f) {
        am->mFaces[f].mNumIndices = 3;
        am->mFaces[f].mIndices = new unsigned[3];
        for (int k = 0; k < 3; ++k) am->mFaces[f].mIndices[k] = mesh.indices[3 * f + k];
    }
    scene->mNumMeshes = 1;
    scene->mMeshes = new aiMesh* [1] { am };
    scene->mRootNode->mNumMeshes = 1;
    scene->mRootNode->mMeshes = new unsigned[1]{0};
    Assimp::Exporter exporter;
    if (exporter.Export(scene.get(), format, path) != AI_SUCCESS)
        return Status::error("cannot write " + path + ": " + exporter.GetErrorString());
    return Status::ok();
}

}  // namespace gs

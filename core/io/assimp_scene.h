#pragma once
// Reading a file with Assimp into a scene, with Assimp's own reason as the error sentence.
// (Internal to core/io: only the importers include it.)

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <set>
#include <string>

#include "core/status.h"

namespace gs {

// The scene the importer holds (valid while `importer` lives), or why there is none.
inline Expected<const aiScene*> readScene(Assimp::Importer& importer, const std::string& path,
                                          unsigned flags) {
    const aiScene* scene = importer.ReadFile(path, flags);
    if (!scene || !scene->mRootNode) {
        std::string why = importer.GetErrorString();
        if (why.empty()) why = "Assimp could not read it";
        return Status::error("cannot import: " + why);
    }
    return scene;
}

// Names of every bone of every mesh in the scene.
inline std::set<std::string> meshBoneNames(const aiScene& scene) {
    std::set<std::string> names;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m)
        for (unsigned b = 0; b < scene.mMeshes[m]->mNumBones; ++b)
            names.insert(scene.mMeshes[m]->mBones[b]->mName.C_Str());
    return names;
}

}  // namespace gs

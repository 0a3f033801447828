#pragma once
// Reading a file with Assimp into a scene, with Assimp's own reason as the error sentence.
// (Internal to core/io: only the importers include it.)

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

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

}  // namespace gs

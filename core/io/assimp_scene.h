#pragma once
// Reading a file with Assimp into a scene, with Assimp's own reason as the error sentence.
// (Internal to core/io: only the importers include it.)

#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>

#include <cctype>
#include <set>
#include <string>

#include "core/authoring_limits.h"
#include <gaitspace/runtime/status.h>

namespace gs {

// Why Assimp refused a file expected to be `format`. When the importer of the file's extension
// refuses it, Assimp tries every other importer and reports the last one's complaint (an "FBX
// parser" error for a broken GLB); that names the wrong format, so it is replaced.
inline Status assimpFailure(const Assimp::Importer& importer, const std::string& format,
                            const std::string& extension) {
    std::string why = importer.GetErrorString();
    const int index = importer.GetPropertyInteger("importerIndex", -1);
    if (index >= 0 && !extension.empty()) {
        const aiImporterDesc* desc = importer.GetImporterInfo(static_cast<size_t>(index));
        const std::string list = desc && desc->mFileExtensions ? desc->mFileExtensions : "";
        const std::string ext = extension.front() == '.' ? extension.substr(1) : extension;
        if (!list.empty() && (" " + list + " ").find(" " + ext + " ") == std::string::npos)
            why = "the file is not valid " + format + " (no " + format + " reader accepts it)";
    }
    if (why.empty()) why = "Assimp could not read it";
    return Status::error("cannot import as " + format + ": " + limits::echo(why, 200));
}

// The scene the importer holds (valid while `importer` lives), or why there is none.
inline Expected<const aiScene*> readScene(Assimp::Importer& importer, const std::string& path,
                                          unsigned flags,
                                          const std::string& format = "the file's format") {
    const aiScene* scene = importer.ReadFile(path, flags);
    if (!scene || !scene->mRootNode) {
        const std::size_t dot = path.find_last_of('.');
        std::string ext = dot == std::string::npos ? "" : path.substr(dot);
        for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return assimpFailure(importer, format, ext);
    }
    return scene;
}

// The same from bytes in memory; `hint` is the format's extension ("bvh", "glb").
inline Expected<const aiScene*> readSceneFromMemory(Assimp::Importer& importer,
                                                    const std::string& bytes, const char* hint,
                                                    unsigned flags, const std::string& format) {
    const aiScene* scene = importer.ReadFileFromMemory(bytes.data(), bytes.size(), flags, hint);
    if (!scene || !scene->mRootNode) return assimpFailure(importer, format, hint);
    return scene;
}

// Metres per unit an FBX file declares (its UnitScaleFactor, centimetres per unit: 1 for a file
// in centimetres, 100 for one in metres), or 0 where the file is not FBX (`path`, or its
// extension, does not end in .fbx) or declares none. The importer keeps the factor as a float
// (Debian 12's Assimp) or a double (others): both are read.
inline float fbxMetresPerUnit(const aiScene* scene, const std::string& path) {
    std::string ext = path.size() >= 4 ? path.substr(path.size() - 4) : "";
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (ext != ".fbx" || !scene || !scene->mMetaData) return 0.0f;
    float single = 0.0f;
    double twice = 0.0;
    const double centimetres = scene->mMetaData->Get("UnitScaleFactor", single)  ? single
                               : scene->mMetaData->Get("UnitScaleFactor", twice) ? twice
                                                                                 : 0.0;
    return centimetres > 0.0 && centimetres < 1e6 ? static_cast<float>(centimetres / 100.0) : 0.0f;
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

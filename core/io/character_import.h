#pragma once
// Import of skinned characters (glTF/GLB, FBX, COLLADA, ... through Assimp) as plain data.
//
// The result is ready to draw and to retarget: the skeleton in metres with Y up, its rest pose
// equal to the pose the mesh was modelled in; the mesh baked into that rest pose, standing on
// y = 0 with the root above the origin; one inverse bind matrix per joint; the materials with their
// base colours and image textures (embedded bytes, or a file path resolved next to the model).
// Assimp's own bind matrices (with any unit or axis scaling in the node tree) are applied once at
// import, so later skinning is rigid joint transforms only.

#include <string>

#include "core/character/skinned_mesh.h"
#include <gaitspace/runtime/skeleton.h>

namespace gs {

struct CharacterAsset {
    std::string source;      // the file it came from
    Skeleton skeleton;       // metres, rest pose = bind pose
    SkinnedMesh mesh;        // rest-pose vertices, inverse binds, materials
    std::string unitReason;  // how the file's units were read ("glTF is in metres ...")
};

// Imports the skinned meshes of a file and the skeleton that moves them. Errors name the cause
// (file not found, unreadable, no mesh, no skin); the caller adds the file name.
Expected<CharacterAsset> importCharacter(const std::string& path);

}  // namespace gs

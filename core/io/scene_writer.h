#pragma once
// Export of a clip through Assimp's exporter: glTF 2.0 (.gltf with its .bin, or binary .glb) with
// the skeleton as a node hierarchy and the motion as one animation (node rotations every frame,
// the root's translation), in metres, Y up. It opens in Blender and game engines, and Gaitspace
// imports it back as the same clip.

#include <string>

#include "core/clip/clip.h"

namespace gs {

struct CharacterAsset;
struct JointMap;

// Writes the clip; the format follows the extension (.gltf or .glb). The Status names the cause.
Status writeGltf(const Clip& clip, const std::string& path);

// Writes the clip retargeted onto a skinned model (core/character/retarget.h, the joint map chosen
// by the names): the model's skeleton, its mesh skinned to that skeleton (one mesh per part, each
// part's material with its base colour; image textures are not written) and the motion as the
// model's animation, so that the file plays the character in Blender or a game engine. `map`: the
// joint map to retarget with; null = chosen by the joint names.
Status writeGltf(const Clip& clip, const CharacterAsset& model, const std::string& path,
                 const JointMap* map = nullptr);

}  // namespace gs

#pragma once
// Export of a clip through Assimp's exporter: glTF 2.0 (.gltf with its .bin, or binary .glb) with
// the skeleton as a node hierarchy and the motion as one animation (node rotations every frame,
// the root's translation), in metres, Y up. It opens in Blender and game engines, and Gaitspace
// imports it back as the same clip.

#include <string>

#include "core/clip.h"

namespace gs {

// Writes the clip; the format follows the extension (.gltf or .glb). The Status names the cause.
Status writeGltf(const Clip& clip, const std::string& path);

}  // namespace gs

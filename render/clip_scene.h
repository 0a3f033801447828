#pragma once
// Filling a Scene with a character playing a clip: the posed mesh, its blob shadow, the root
// trail so far and, on request, the skeleton overlay. Shared by the viewport and the CLI.

#include "render/character.h"
#include "render/scene.h"

namespace gs {

struct ClipSceneOptions {
    bool trail = true;      // the root's path on the ground from frame 0 to now
    bool skeleton = false;  // joints and bones drawn over the mesh
    glm::vec4 trailColor{0.12f, 0.35f, 0.85f, 0.9f};
    glm::vec4 skeletonColor{0.1f, 0.95f, 0.35f, 1.0f};
};

// Where the character stands after adding it: for the camera.
struct PlacedCharacter {
    glm::vec3 root{0.0f};  // hips, world
    float heading = 0.0f;  // radians, 0 faces +Z
};

PlacedCharacter addClipFrame(Scene& scene, const Character& character, int mesh, const Clip& clip,
                             float frame, const ClipSceneOptions& options = {});

}  // namespace gs

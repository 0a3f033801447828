#pragma once
// Scene: what one frame shows, as plain data the Renderer draws.
//
// Characters refer to meshes uploaded to the Renderer (by id) and carry their joint palette for
// this frame (world x inverse bind per joint). Shadows are soft blobs on the ground under each
// character's root. The goal marker is a disc on the ground with a tall pole and a ball on top,
// scaled up with distance so it stays visible from far. Colours are sRGB.

#include <glm/glm.hpp>

#include <optional>
#include <vector>

#include "render/debug_draw.h"

namespace gs {

struct CharacterDraw {
    int mesh = -1;                   // id from Renderer::upload()
    std::vector<glm::mat4> palette;  // per joint: world x inverse bind (<= gs::limits::kMaxJoints)
    glm::vec3 root{0.0f};            // for the blob shadow
    float shadowRadius = 0.45f;      // metres
    std::optional<glm::vec4> tint;   // sRGB: the whole mesh in one flat colour (a ghost pose)
};

struct Scene {
    std::vector<CharacterDraw> characters;
    std::optional<glm::vec3> goal;  // on the ground
    DebugDraw debug;
    bool showGround = true;
    glm::vec3 background{0.74f, 0.80f, 0.87f};      // sRGB
    glm::vec3 groundColor{0.62f, 0.63f, 0.60f};     // sRGB
    glm::vec3 gridColor{0.36f, 0.38f, 0.38f};       // sRGB
    glm::vec4 goalColor{1.0f, 0.27f, 0.08f, 1.0f};  // sRGB
};

}  // namespace gs

#pragma once
// Mannequin: a smooth, closed, skinned body generated around any humanoid skeleton, so every
// imported clip shows as a character rather than a stick figure.
//
// The body is a set of closed parts (tapered elliptic capsules) placed on the skeleton's rest
// pose: pelvis, abdomen, chest, neck and head along the trunk; upper arm, forearm and hand, thigh,
// shin and foot along each limb. Parts are sized from the leg length (a person is about 2.1 leg
// lengths tall), so a child-sized skeleton gets a child-sized body. Each part follows its bone and
// blends smoothly into the neighbouring bones near the joints (weights ramp to 50/50 at a joint),
// so elbows and knees bend without cracks. UVs run around (u) and along (v) each part.
//
// The rest pose must stand upright (+Y up). Limbs are found geometrically: the trunk is the
// chain from the root up the midline, legs are limbs that reach the floor, arms the others.

#include <glm/glm.hpp>

#include <string>

#include <gaitspace/runtime/skeleton.h>
#include "core/character/skinned_mesh.h"

namespace gs {

struct MannequinSettings {
    int sides = 16;                              // vertices around each part, >= 6
    int rings = 14;                              // rings along each part including both caps, >= 6
    glm::vec4 color{0.78f, 0.60f, 0.45f, 1.0f};  // sRGB base colour (light wood)
    std::string texturePath;  // optional image applied through the UVs ("" = none)

    Status validate() const;
    // The same body with fewer vertices (8 sides, 8 rings: about 2,500 triangles instead of
    // 9,000), for characters a few hundred pixels tall or less, where the finer facets are
    // smaller than a pixel but each tiny triangle still costs a software rasteriser a whole block.
    MannequinSettings coarse() const;
};

// Builds the mannequin for the skeleton's rest pose (root at the origin, as restJointPositions).
// Errors name the cause (an empty skeleton, no trunk).
Expected<SkinnedMesh> buildMannequin(const Skeleton& skeleton,
                                     const MannequinSettings& settings = {});

}  // namespace gs

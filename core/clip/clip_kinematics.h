#pragma once
// Forward kinematics of whole clips (the per-pose functions are in gaitspace/runtime/kinematics.h).

#include <vector>

#include "core/clip/clip.h"
#include <gaitspace/runtime/kinematics.h>

namespace gs {

// World joint positions of every frame of a clip: frameCount x jointCount, frame-major.
std::vector<glm::vec3> clipJointPositions(const Clip& clip);

}  // namespace gs

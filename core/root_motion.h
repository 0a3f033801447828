#pragma once
// Root motion of whole clips: each frame's ground frame (gaitspace/runtime/ground_frame.h) and
// summary figures.

#include <vector>

#include "core/clip.h"
#include <gaitspace/runtime/ground_frame.h>

namespace gs {

// Ground frame of every frame of a clip; headings unwrapped (continuous across +-pi).
std::vector<GroundFrame> groundFrames(const Clip& clip);

// Summary figures of a clip's root motion on the ground.
struct RootMotionStats {
    float pathLength = 0.0f;     // metres travelled on the ground
    float speed = 0.0f;          // pathLength / duration, m/s
    float headingChange = 0.0f;  // radians, last minus first (unwrapped), + = left turn
};
RootMotionStats rootMotionStats(const Clip& clip);

}  // namespace gs

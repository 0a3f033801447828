#pragma once
// Root motion of whole clips: each frame's ground frame (gaitspace/runtime/ground_frame.h) and
// summary figures.

#include <vector>

#include "core/clip/clip.h"
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

// The turn of a clip's path: the direction of the root's displacement over `windowFrames` (a gait
// period, over which the sway cancels), unwrapped, last window minus first; radians, + = left.
// 0 when the clip is shorter than a window or does not travel.
float pathHeadingChange(const Clip& clip, float windowFrames);

// The figures a person reads off a clip's root: hip height above the floor (metres of the clip),
// and whether the root stays in place (its ground position never leaves a circle of half the hip
// height around the start).
struct RootFigures {
    float hipHeight = 0.0f;
    float floor = 0.0f;
    float travel = 0.0f;  // farthest ground distance from the first frame
    bool inPlace = false;
    bool hasFeet = false;
};
RootFigures rootFigures(const Clip& clip);

}  // namespace gs

#pragma once
// The behavioral motion space (seed, steps 204-208): several motion spaces (walk, jog, run...)
// looped to the same number of cycles, their reference clips cross-registered so that every
// space shares one phase. A single motion space is a behavioral space of one.

#include <string>
#include <vector>

#include "core/motion_space.h"
#include <gaitspace/runtime/baked_space.h>

namespace gs {

struct BehavioralSpaceDesc {
    std::string name;
    std::vector<MotionSpaceDesc> spaces;  // >= 1; every clip of every space on one skeleton
    int cycles = 0;  // gait cycles per loop for every space; 0 = the fewest any clip holds

    Status validate() const;
};

// Builds every space with the same cycle count and cross-registers their reference clips.
Expected<BakedBehavioralSpace> buildBehavioralSpace(const BehavioralSpaceDesc& desc);

}  // namespace gs

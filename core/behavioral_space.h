#pragma once
// The behavioral motion space (seed, steps 204-208): several motion spaces (walk, jog, run...)
// looped to the same number of cycles, their reference clips cross-registered so that every
// space shares one phase. A single motion space is a behavioral space of one.

#include <string>
#include <vector>

#include "core/motion_space.h"

namespace gs {

struct BakedBehavioralSpace {
    std::string name;
    float fps = 30.0f;
    Skeleton skeleton;
    std::vector<BakedMotionSpace> spaces;
    // Per space: master phase phi (a reference frame of spaces[0], 0 ... L0, L0 + 1 entries) ->
    // that space's reference frame (strictly increasing, 0 ... its reference cycle frames).
    std::vector<std::vector<float>> phaseMap;
    std::vector<float> crossResidual;  // per space: registration residual to the master (m)
    float floorHeight = 0.0f;          // lowest ankle/toe height over all source clips
    int leftToe = -1, rightToe = -1;

    int spaceIndex(const std::string& name) const;
    int masterCycleFrames() const { return spaces.front().referenceCycleFrames(); }
    Status validate() const;
};

struct BehavioralSpaceDesc {
    std::string name;
    std::vector<MotionSpaceDesc> spaces;  // >= 1; every clip of every space on one skeleton
    int cycles = 0;  // gait cycles per loop for every space; 0 = the fewest any clip holds

    Status validate() const;
};

// Builds every space with the same cycle count and cross-registers their reference clips.
Expected<BakedBehavioralSpace> buildBehavioralSpace(const BehavioralSpaceDesc& desc);

// Wraps one baked motion space as a behavioral space of one (identity phase map).
BakedBehavioralSpace singleSpace(BakedMotionSpace space);

}  // namespace gs

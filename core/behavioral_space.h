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
    // that space's reference frame (strictly increasing, 0 ... its reference cycle frames). The
    // cross-gait maps run through matched foot strikes (each strike of the master's loop lands on
    // the same foot's strike of the other loop) and are smooth between them: monotone cubic with
    // the same slope at both ends (smooth across the wrap), the slope near the ratio of the loop
    // lengths (a secant between strikes within 1.4x of it).
    std::vector<std::vector<float>> phaseMap;
    std::vector<float> crossResidual;  // per space: registration residual to the master (m)
    // Cross registrations between clips of similar curvature (the seed's steps 208 and 306): per
    // space and per clip of the master space, master phase -> that space's reference frame,
    // through the strikes of the master clip and of the space's clip of nearest curvature (each
    // seen through its own space's registration), built as phaseMap is. Time in the other spaces
    // follows the master clips in proportion to their blend weights.
    std::vector<std::vector<std::vector<float>>> clipPhaseMap;  // [space][master clip][L0 + 1]
    float floorHeight = 0.0f;          // lowest ankle/toe height over all source clips
    int leftToe = -1, rightToe = -1;

    int spaceIndex(const std::string& name) const;
    // Space s's reference frame at master phase phi (in [0, 2 L0)) when the master space blends
    // its clips c0, c1 by w0, w1; and the inverse (u in [0, 2 Ls)).
    float spacePhase(int s, float phi, int c0, int c1, float w0, float w1) const;
    float masterPhase(int s, float u, int c0, int c1, float w0, float w1) const;
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

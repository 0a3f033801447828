#pragma once
// The behavioral motion space (docs/method.md, "Behavioral motion spaces"): several motion spaces
// (walk, jog, run...) looped to the same number of cycles, their reference clips cross-registered
// so that every space shares one phase. A single motion space is a behavioral space of one.

#include <string>
#include <vector>

#include "core/spaces/motion_space.h"
#include <gaitspace/runtime/baked_space.h>

namespace gs {

struct BehavioralSpaceDesc {
    std::string name;
    std::vector<MotionSpaceDesc> spaces;  // >= 1; every clip of every space on one skeleton
    int cycles = 0;  // gait cycles per loop for every space; 0 = the fewest any clip holds
    // Build every space that can be built, leave out the others and name them in the notes
    // (BehavioralSpaceNotes::failed; the build fails only when none builds); false: the first
    // space that cannot be built fails the whole.
    bool buildWhatBuilds = false;

    Status validate() const;
};

// What the build chose per space (motion_space.h) and, when building what builds, the spaces it
// left out with the reason, in the description's order.
struct BehavioralSpaceNotes {
    std::vector<MotionSpaceNotes> spaces;  // the spaces built, in the built space's order
    std::vector<std::pair<std::string, std::string>> failed;  // (space name, why)
};

// Builds every space with the same cycle count and cross-registers their reference clips.
// `notes`, when given, gets what was chosen (and is needed to build what builds).
Expected<BakedBehavioralSpace> buildBehavioralSpace(const BehavioralSpaceDesc& desc,
                                                    BehavioralSpaceNotes* notes = nullptr);

}  // namespace gs

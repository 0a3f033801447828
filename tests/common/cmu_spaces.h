#pragma once
// CMU motion spaces built in code for core tests (core tests do not read project files): those
// of resources/demo/cmu_walk_jog.gsproj with the hand trims it had before loops chose their own
// cycles (core/loops/loop_window.h), each clip looped as given, so that the runtime's tests keep
// their figures; and spaces of veer clips only, whose tightest turn is wide.

#include "core/spaces/behavioral_space.h"
#include <gaitspace/runtime/steering.h>

namespace gs::test {

// walk: 16_19 (90 right), 16_13 (veer right), 16_15 (straight), 16_11 (veer left), 16_17 (90 left)
MotionSpaceDesc cmuWalkDesc();
// jog: 16_44 (90 right), 16_39 (veer right), 16_35 (straight), 16_37 (veer left), 16_41 (90 left)
MotionSpaceDesc cmuJogDesc();
// walk + jog
BehavioralSpaceDesc cmuWalkJogDesc();

// Veer clips only (no 90 degree turn): walk 16_13, 16_15, 16_11 (trimmed as in the demo);
// jog 16_39, 16_35, 16_37; brisk walk 16_21, 16_23, 16_25.
MotionSpaceDesc cmuWalkVeerDesc();
MotionSpaceDesc cmuJogVeerDesc();
MotionSpaceDesc cmuBriskVeerDesc();
// Brisk walk with its 90 degree turns: 16_21, 16_23, 16_25, 16_27, 16_29.
MotionSpaceDesc cmuBriskDesc();

// The demo's spaces with the subject's stop and start clips (as resources/demo/cmu_walk_jog.gsproj
// lists them): walk stops 16_33, 16_34 and starts 16_31, 16_32; jog stops 16_08, 16_57 (the jog
// starts with the walk's starts).
MotionSpaceDesc cmuWalkArriveDesc();
MotionSpaceDesc cmuJogArriveDesc();
BehavioralSpaceDesc cmuWalkJogArriveDesc();

// A space's steering: its goal spaces with the default settings.
Expected<SteeringSpace> steeringFor(const BakedBehavioralSpace& bs);

}  // namespace gs::test

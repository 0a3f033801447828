#pragma once
// The CMU motion spaces of resources/demo/cmu_walk_jog.gsproj, built in code for core tests
// (core tests do not read project files).

#include "core/behavioral_space.h"

namespace gs::test {

// walk: 16_19 (90 right), 16_13 (veer right), 16_15 (straight), 16_11 (veer left), 16_17 (90 left)
MotionSpaceDesc cmuWalkDesc();
// jog: 16_44 (90 right), 16_39 (veer right), 16_35 (straight), 16_37 (veer left), 16_41 (90 left)
MotionSpaceDesc cmuJogDesc();
// walk + jog
BehavioralSpaceDesc cmuWalkJogDesc();

}  // namespace gs::test

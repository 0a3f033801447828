#pragma once
// The spaces the runtime's tests run on: the synthetic walk and jog of
// core/synthetic/synthetic_gait.h (five clips each: turn right, veer right, straight, veer left,
// turn left), built in code, so that the tests need no motion capture. Each is built once per
// process.

#include <memory>

#include "core/spaces/behavioral_space.h"
#include <gaitspace/runtime/gspace.h>

namespace gs::test {

// Walk and jog, `cycles` gait cycles per clip.
BehavioralSpaceDesc syntheticWalkJogDesc(int cycles = 2);
// The behavioral space of syntheticWalkJogDesc() (prepared), or fails the calling test.
const BakedBehavioralSpace& syntheticWalkJog();
// The same baked with its goal spaces and the default settings, as loadGSpace gives a file.
std::shared_ptr<const BakedSpaceFile> syntheticBaked();

// Stops and starts made from a walk that has none: the first frame from `from` on with both feet
// down (fails the calling test when there is none), and frames [first, last] of `clip` with frame
// `held` repeated `hold` times after them (`after`) or before them.
int doubleSupport(const Clip& clip, int from);
Clip cutAndHold(const Clip& clip, int first, int last, int held, bool after, int hold);

}  // namespace gs::test

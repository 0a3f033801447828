#pragma once
// The named limits of the runtime, each with one value used everywhere: what a baked space may
// hold (spaces, joints, the weight below which a contribution is skipped) and what the .gspace
// reader accepts. A file beyond them is refused, naming the limit. The limits of what the
// authoring side reads (motion files, projects, settings) are in core/limits.h.

#include <cstddef>

namespace gs::limits {

constexpr int kMaxSpaces = 8;           // motion spaces of a behavioral space
constexpr int kMaxJoints = 256;         // joints of a skeleton: imported, baked, run and skinned
constexpr float kNegligibleWeight = 1e-6f;  // a style or clip weight at or below this is skipped
// The baked-space reader (gaitspace/runtime/gspace.h).
constexpr std::size_t kMaxGSpaceBytes = std::size_t(1) << 30;  // 1 GiB
constexpr std::size_t kMaxGSpaceClipsPerSpace = 64;
constexpr std::size_t kMaxGSpaceLoopFrames = 100000;
constexpr std::size_t kMaxGSpaceGoalSamples = 4000000;
constexpr std::size_t kMaxGSpaceName = 1024;

}  // namespace gs::limits

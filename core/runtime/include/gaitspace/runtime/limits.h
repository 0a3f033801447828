#pragma once
// The named limits of the runtime, each with one value used everywhere: what a baked space may
// hold (spaces, joints, the weight below which a contribution is skipped), the ranges of its
// values, and what the .gspace reader accepts. The baker validates against the same numbers
// before it writes, so it never writes a file the reader refuses; a file beyond them is refused,
// naming the limit. docs/limits.md lists them all. The limits of what the authoring side reads
// (motion files, projects, settings) are in core/authoring_limits.h.

#include <cstddef>
#include <numbers>

namespace gs::limits {

constexpr int kMaxSpaces = 8;    // motion spaces of a behavioral space
constexpr int kMaxJoints = 256;  // joints of a skeleton: imported, baked, run and skinned
constexpr float kNegligibleWeight = 1e-6f;  // a style or clip weight at or below this is skipped

// --- the values of a baked space (its validate() functions, the baker and the reader) ---
constexpr float kMinFps = 1.0f;  // frames per second of a baked space and of the working rate
constexpr float kMaxFps = 240.0f;
constexpr float kMaxFpsMismatch = 1e-3f;      // relative: every space runs at INFO's rate
constexpr float kMaxBoneLengthM = 100.0f;     // length of a rest or tip offset, metres
constexpr float kMaxCoordinateM = 10'000.0f;  // |x|, |y|, |z| of a position, metres
constexpr float kMaxHeightM = 10.0f;   // |root height| above the ground frame, |floor height|
constexpr float kMaxSpeedMps = 20.0f;  // a clip's, a transition's or a goal space's speed
constexpr float kMaxStepM = 2.0f;      // ground travel of one frame, metres
constexpr float kMaxStepYaw = std::numbers::pi_v<float>;  // turn of one frame, radians
constexpr float kMaxTurnRate = 20.0f;     // |turn rate| of a clip or a goal space, rad/s
constexpr float kMaxJoinOffsetM = 10.0f;  // a transition join's ground offset (dx, dz), metres
constexpr float kMaxJoinCostM = 10.0f;    // a join's pose distance, metres RMS

// --- the baked-space reader (gaitspace/runtime/gspace.h) ---
constexpr std::size_t kMaxGSpaceBytes = std::size_t(1) << 30;  // 1 GiB
constexpr std::size_t kMaxGSpaceClipsPerSpace = 64;
constexpr std::size_t kMaxGSpaceTransitionsPerSpace = 64;  // stops, and starts, of one space
constexpr std::size_t kMaxGSpaceJoins = 100000;            // joins of one transition
constexpr std::size_t kMaxGSpaceLoopFrames = 100000;
constexpr std::size_t kMaxGSpaceGoalSamples = 4000000;
constexpr std::size_t kMaxGSpaceName = 1024;

// --- the level reader (gaitspace/runtime/navigation.h: .gslevel files) ---
constexpr std::size_t kMaxGSLevelBytes = std::size_t(256) << 20;  // 256 MiB
constexpr std::size_t kMaxGSLevelName = 1024;
constexpr float kMaxLevelExtentM = 1000.0f;  // width, depth and height of a level's bounds, metres

}  // namespace gs::limits

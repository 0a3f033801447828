#pragma once
// The named limits of Gaitspace, each with one value used everywhere: the runtime's own
// (gaitspace/runtime/limits.h: spaces, joints, baked files) and everything the authoring side
// reads (motion files, projects and settings). Each is checked
// before any work that depends on it, so a hostile or mistaken file is refused in milliseconds
// with a sentence naming the limit, never with a crash, a hang or an exhausted memory.
//
// The figures are generous for real work (the CMU clips are 80 KB, 31 joints, 30 fps, a few
// hundred frames) and small enough that the worst accepted input stays within seconds and about a
// gigabyte.

#include <cstdint>
#include <string>
#include <string_view>

#include <gaitspace/runtime/limits.h>
#include <gaitspace/runtime/status.h>

namespace gs::limits {

// --- motion files (core/io) ---
constexpr std::int64_t kMaxMotionFileBytes = 256ll << 20;  // bytes of one motion file
constexpr int kMaxJointDepth = 128;      // joints from the root to the deepest joint, root included
constexpr int kMaxChannelsPerJoint = 6;  // BVH: X/Y/Z position and rotation, each at most once
constexpr int kMaxFrames = 1'000'000;    // frames of one clip (9 h at 30 fps)
constexpr std::int64_t kMaxClipSamples = 10'000'000;  // frames x joints of one clip (160 MB)
constexpr double kMinFrameTime = 0.001;               // seconds per frame (1000 fps)
constexpr double kMaxFrameTime = 1.0;                 // seconds per frame (1 fps)
constexpr double kMaxFileValue = 1e7;  // |value| of any BVH OFFSET or channel, file units
// kMaxCoordinateM and kMaxBoneLengthM (root positions and rest offsets): gaitspace/runtime/limits.h
constexpr int kMaxNameChars = 256;  // characters of a joint name or an animation name
constexpr float kMinHipHeightM =
    0.2f;  // a BVH's hips above its feet, metres, once its unit is known
constexpr float kMaxHipHeightM = 3.0f;
constexpr float kMinUnitScale = 1e-5f;  // metres per file unit (user-set)
constexpr float kMaxUnitScale = 1000.0f;

// --- glTF (core/io/gltf_check) ---
// Checked before Assimp parses a .gltf or .glb (its recursive JSON reader, its data: uri parser
// that keeps offsets in a char). Node depth is kMaxJointDepth; node translations kMaxCoordinateM.
constexpr int kMaxGltfNesting = 64;  // levels of JSON arrays and objects inside each other
constexpr std::int64_t kMaxGltfJsonValues = 4'000'000;  // JSON values (about 400 MB parsed)
constexpr double kMinGltfScale = 1e-6;  // |x|, |y|, |z| of a node's scale (0 flattens the figure)
constexpr double kMaxGltfScale = 1e6;
constexpr double kMinGltfRotationLength = 1e-6;  // length of a node's rotation quaternion
constexpr int kMaxGltfDataUriHeaderChars = 100;  // "data:<media type>;base64" before its comma

// --- level meshes (core/level) ---
// A level is one Recast tile: its grid of cells (width x depth at the cell size) and its triangles
// bound the bake's time and memory (a 200 x 200 m level at 0.1 m cells is 4 million cells, a few
// seconds); kMaxLevelExtentM (gaitspace/runtime/limits.h) bounds its size in metres.
constexpr std::int64_t kMaxLevelFileBytes = 256ll << 20;  // bytes of one level mesh file
constexpr std::int64_t kMaxLevelTriangles = 2'000'000;    // triangles of one level mesh
constexpr std::int64_t kMaxLevelGridCells =
    16'000'000;  // Recast cells of one level (width x depth)

// --- projects (app/project) ---
constexpr std::int64_t kMaxProjectFileBytes = 16ll << 20;
constexpr int kMaxProjectClips = 1024;
constexpr int kMaxProjectSpaces = 64;
constexpr int kMaxPathChars = 4096;        // characters of a source path or an id
constexpr float kMinWorkingFps = kMinFps;  // settings.fps: the rate every space is baked at
constexpr float kMaxWorkingFps = kMaxFps;
constexpr int kMaxCycles = 16;  // settings.cycles (0 = the fewest any clip holds)
// settings.style_increment and max_blend_rate: (0, 1] per frame.
constexpr float kMinStyleTransitionSeconds = 0.05f;  // settings.style_transition_seconds
constexpr float kMaxStyleTransitionSeconds = 30.0f;
constexpr int kMaxStyleKeys = 1000;             // style_keys entries
constexpr double kMaxStyleKeySeconds = 3600.0;  // style_keys[].time, seconds of the run
constexpr int kMaxGoalStartFrames = 64;         // goal_space.X (0 = every heel strike)
constexpr int kMaxGoalSubdivisions = 8;         // goal_space.subdivisions, >= 1
constexpr int kMaxGoalBlends = 101;             // goal_space.Y and Z, >= 2
constexpr int kMaxGoalHorizon = 600;            // goal_space.F, frames (20 s at 30 fps), >= 1
// Start frames x Y x Z x F: the character updates a goal-space build runs (its time; memory is
// start frames x Y x Z samples of 12 bytes). The demo's walk space is 8 x 13 x 25 x 40 = 104,000
// updates; the budget is about 100 times that (docs/limits.md).
constexpr std::int64_t kMaxGoalSpaceUpdates = 10'000'000;

// --- runs asked for on a command line or in a script (app/cli, app/gui, core/simulation) ---
// Bounds that keep the largest accepted run within minutes and a few hundred megabytes: a run
// records every joint of every frame (an hour at 30 fps of a 31-joint skeleton is 40 MB).
constexpr int kMaxGoals = 10'000;  // simulate --goals
constexpr double kMaxRunSeconds =
    3600.0;  // simulated seconds of one run (simulate, play, render, --seconds)
constexpr int kMaxCharacters = 100'000;     // characters of one crowd (soak)
constexpr double kMaxSoakMinutes = 1440.0;  // soak --minutes
constexpr float kMaxStyleWeight = 1000.0f;  // one style or blend weight; their sum must be above 0

// --- messages ---
constexpr std::size_t kMaxEchoChars = 80;  // longest value echoed in an error message

// The value cut to kMaxEchoChars ("abc...(52428800 characters)") for an error message.
inline std::string echo(std::string_view value, std::size_t max = kMaxEchoChars) {
    if (value.size() <= max) return std::string(value);
    return std::string(value.substr(0, max)) + "...(" + std::to_string(value.size()) +
           " characters)";
}

// The goal-space budget for `startFrames` start frames (X x subdivisions) and Y, Z, F.
inline Status checkGoalSpaceBudget(std::int64_t startFrames, int y, int z, int f) {
    const std::int64_t updates = startFrames * y * z * f;
    if (updates <= kMaxGoalSpaceUpdates) return Status::ok();
    return Status::error("goal space of " + std::to_string(startFrames) + " start frames x Y " +
                         std::to_string(y) + " x Z " + std::to_string(z) + " x F " +
                         std::to_string(f) + " = " + std::to_string(updates) +
                         " character updates is above the budget of " +
                         std::to_string(kMaxGoalSpaceUpdates) +
                         " (about 25 s of build time; lower X, subdivisions, Y, Z or F)");
}

}  // namespace gs::limits

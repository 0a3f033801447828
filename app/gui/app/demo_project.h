#pragma once
// The project the window opens as an untitled copy when it starts with no file and the CMU clips
// are there: the CMU walk and jog spaces with the subject's own stops and starts, so that a goal
// placed in the live run is stopped on and stood at. The same spaces without stops
// (resources/demo/cmu_walk_jog.gsproj) stay the demo of the figures and of the tests that read
// them.

namespace gs {

// Relative to the source tree.
inline constexpr char kWindowDemoProject[] = "resources/projects/cmu_walk_jog_arrive.gsproj";

}  // namespace gs

#pragma once
// What a project asks of the runtime, in one place for the CLI and the GUI: its locomotion,
// goal-space and steering settings, and the baked space (behavioral space + goal spaces) built
// from it in memory, exactly as `gaitspace-cli bake` writes it to a .gspace file.

#include <functional>
#include <string>

#include "app/project/project.h"
#include <gaitspace/runtime/gspace.h>

namespace gs {

// settings.style_increment (or style_transition_seconds when style_mode is "transition"),
// max_blend_rate and foot_lock.
LocomotionSettings locomotionSettings(const Project& project);
// settings.goal_space (X, Y, Z, F, subdivisions, max_blend_rate; the blend rate defaults to
// settings.max_blend_rate); ranges are checked when the project is read.
GoalSpaceSettings goalSpaceSettings(const Project& project);
// Steering has no project settings yet: the defaults.
SteerSettings steerSettings(const Project& project);

// The project's baked space: its behavioral space (every space without errors), goal spaces
// (when `withGoalSpaces`) and settings. The error names the project and the space at fault.
// With `notes`, every space that can be built is built and each that cannot is named there
// (notes->failed; the bake fails only when none builds), with what each build chose.
Expected<BakedSpaceFile> bakeProject(const Project& project, bool withGoalSpaces = true,
                                     const std::function<void(const std::string&)>& progress = {},
                                     BehavioralSpaceNotes* notes = nullptr);

}  // namespace gs

#pragma once
// Goal space (docs/method.md, "Goal spaces"): for each start frame of a motion space's loop (a heel
// strike of the reference clip), each start blend value and each end blend value, where the
// character will be F frames later, in its ground frame at the start frame, when the blend moves
// from start to end at the allowed rate. A flat table of X x Y x Z samples.

#include <vector>

#include <functional>
#include <string>

#include "core/spaces/behavioral_space.h"
#include "core/spaces/motion_space.h"
#include <gaitspace/runtime/goal_space.h>

namespace gs {

struct GoalSpaceJob {
    GoalSpaceSettings settings;
    const BakedMotionSpace* space = nullptr;
    GoalSpace output;

    Status validate() const;
    Status run();
};

// Start frames (X x subdivisions) a goal space of `space` gets with these settings.
int goalSpaceStartFrames(const BakedMotionSpace& space, const GoalSpaceSettings& settings);

// The goal space of every motion space of `space`, each bounded by the goal-space budget
// (limits.h) before it is built. `progress`, when given, hears each space's name first. The
// error names the space.
Expected<std::vector<GoalSpace>> buildGoalSpaces(
    const BakedBehavioralSpace& space, const GoalSpaceSettings& settings = {},
    const std::function<void(const std::string&)>& progress = {});

}  // namespace gs

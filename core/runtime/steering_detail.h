#pragma once
// What steering.cpp (the decisions) and steer_job.cpp (the per-character jobs) share; not part of
// the runtime's interface.

#include <span>
#include <vector>

#include <gaitspace/runtime/steering.h>

namespace gs {

// The polar fan tables of a SteeringSpace (SteeringSpace::tables()).
struct SteeringTables {
    std::vector<const GoalSample*> keys;  // the goal spaces' samples the tables were built from
    std::vector<size_t> sizes;
    std::vector<std::vector<GoalPolar>> polar;  // per goal space
};

}  // namespace gs

namespace gs::steering_detail {

// Goal-space steps beyond which a goal that stands still is far: one step is looked at (whatever
// its bearing), and SteerJob decides only kFarDecisions times a cycle.
constexpr float kFarSteps = 3.0f;
constexpr int kFarDecisions = 2;

// How far the goal (character's ground frame) lies from the centre of the mix's tightest turning
// circle on its side, in radii of that circle: below 1 it is inside. The radius is the speed over
// the turn rate of the spaces' sharpest clips on that side, each at the rate it plays in the mix.
// Infinite when the mix cannot turn that way.
float turningCircleRatio(std::span<const SteerInput> inputs, const glm::vec2& goalLocal);

// A goal-space sample in polar form about the character at the start frame.
GoalPolar polarOf(const GoalSample& a);

// dubinsDistance of several points at once, in the lanes the decisions time their ways on with:
// bit for bit what dubinsDistance gives one point at a time (checked by tst_steering).
void dubinsDistances(std::span<const glm::vec2> points, float radiusLeft, float radiusRight,
                     std::span<float> out);

// The inputs of a character's steering decision, one per space it walks in (its style weights
// normalized over them), into inputs[0, kMaxSpaces); returns how many. `tables`: the steering
// space's polar tables, or null.
int decisionInputs(const SteeringSpace& steering, const SteeringTables* tables,
                   const CharacterState& st, SteerInput* inputs);

// Index of the goal space's start frame crossed when the space's phase moved from u0 to u1
// (u1 may have wrapped), or -1.
int crossedStartFrame(const GoalSpace& gs, float u0, float u1, float period);

}  // namespace gs::steering_detail

#pragma once
// How long a way that the goal spaces predict takes to the goal: the character follows one or
// two goal-space steps, then the quickest way on. What the steering's decisions (steering.cpp)
// score their samples with; not part of the runtime's interface.

#include <span>

#include <glm/glm.hpp>

#include "core/runtime/dubins.h"
#include <gaitspace/runtime/steering.h>

namespace gs::steering_detail {

// Where the mix will be, facing which way, in a frame's local coordinates.
struct Pose2 {
    glm::vec2 p{0.0f};     // x = left, y = forward
    float heading = 0.0f;  // of the ground frame (the hips)
    float sway = 0.0f;     // the hips' heading minus the direction of travel
    float travel() const { return heading - sway; }
};

// (sin, cos) of an angle: the unit vector that way (x = left, y = forward).
inline glm::vec2 directionOf(float angle) {
    glm::vec2 d;
    fastSinCos(angle, d.x, d.y);
    return d;
}

// `step` taken from `a`; `d`: directionOf(a.heading), (s, c).
inline Pose2 compose(const Pose2& a, const glm::vec2& d, const Pose2& step) {
    return {a.p + step.p.x * glm::vec2(d.y, -d.x) + step.p.y * d, a.heading + step.heading,
            step.sway};
}

// What the quickest way on is estimated from: the mix's straight speed and tightest turns.
struct MixModel {
    Walker walker;         // the mix's straight speed, tightest turns and their speeds
    float horizon = 0.0f;  // seconds of one goal-space step
    float reach = 0.0f;    // metres: the goal counts as reached this near (the arrival radius)
};

// The mix's walker, from what its goal spaces measured (GoalSpace::left/right/straight), its
// turns planned wider than the tightest measured; reach 0: a moving goal.
MixModel mixModel(std::span<const SteerInput> inputs, float reach);

// The best time to the goal over each way from `from` through `to[k]`, a goal-space step of
// `seconds` (or for a moving goal, the distance to it integrated over time; see
// steer_paths.cpp), into cost[k]: the first step from the decision, whose integrals go to
// integralOut[k] when given, and a second step that starts `t0` seconds after the decision with
// `integralIn` so far. Both are built for AVX2 as well (GS_LANES_WIDE).
void firstStepCosts(const MixModel& m, const Pose2& from, std::span<const Pose2> to, float seconds,
                    const SteerGoal& goal, bool intercept, float* cost, float* integralOut);
void secondStepCosts(const MixModel& m, const Pose2& from, std::span<const Pose2> to, float t0,
                     float seconds, const SteerGoal& goal, bool intercept, float integralIn,
                     float* cost);

}  // namespace gs::steering_detail

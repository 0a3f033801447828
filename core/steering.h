#pragma once
// Goal-space steering (seed, step 302; FIG. 11-12). At each start frame of a motion space the
// steer space is built (the two goal-space fans whose start blends bracket the current blend,
// interpolated in polar coordinates about the character and moved to the world), the samples
// nearest the line from the character to the goal are found, and their end blend values,
// interpolated by proximity (k = 2), become the space's new target blend. The locomotion update
// then moves the blend toward it at the allowed rate.
//
// A goal inside the turning circle cannot be reached by turning toward it: the character would
// orbit it forever. Such a goal is detected and the character walks straight on until the goal
// lies outside the circle, then turns.

#include <span>
#include <vector>

#include "core/goal_space.h"
#include "core/locomotion.h"

namespace gs {

struct SteerSettings {
    enum class Pick { NearestLine, NearestGoal };
    Pick pick = Pick::NearestLine;  // samples nearest the character-goal line, or nearest the goal
    bool interpolateFans = true;    // false: use the single fan nearest the current blend
    int neighbours = 2;             // k of the k-nearest-neighbour blend; 1 or 2
    bool escapeTurningCircle = true;  // walk straight out of a goal inside the turning circle
    float turningCircleMargin = 1.05f;  // circle radius factor for the escape test; >= 1

    Status validate() const;
};

// Everything steering needs per motion space of a behavioral space.
struct SteeringSpace {
    const BakedBehavioralSpace* space = nullptr;
    std::vector<GoalSpace> goalSpaces;  // one per motion space
    Status validate() const;
};

// Minimum turning radius of a motion space to each side (metres; +inf when it cannot turn).
float turningRadiusLeft(const BakedMotionSpace& space);
float turningRadiusRight(const BakedMotionSpace& space);

// The target blend the steer space picks for one motion space (exposed for tools and tests).
// `startFrame` is the index of the goal space's start frame; `fan` receives the steer-space
// points in world space when not empty (Z of them).
float steerTarget(const GoalSpace& goalSpace, const BakedMotionSpace& space, int startFrame,
                  float blend, const GroundFrame& ground, const glm::vec2& goal,
                  const SteerSettings& settings, std::span<glm::vec2> fan = {});

struct SteerJob {
    SteerSettings settings;
    const SteeringSpace* steering = nullptr;
    std::span<CharacterState> characters;
    std::span<const glm::vec2> goals;  // world (x, z) per character

    Status validate() const;
    // For every character whose phase crossed a start frame of a space in its last update (or
    // that has not moved yet), sets that space's target blend.
    Status run();
};

// The naive baseline: the target blend from the angle to the goal by a proportional rule.
struct NaiveSteerJob {
    float gain = 1.0f;  // blend change per radian of angle to the goal, from straight
    const BakedBehavioralSpace* space = nullptr;
    std::span<CharacterState> characters;
    std::span<const glm::vec2> goals;

    Status validate() const;
    Status run();
};

}  // namespace gs

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
    float turningCircleMargin = 1.0f;   // escape starts when the goal is nearer the circle's
                                        // centre than this x radius; > 0
    float escapeExitFactor = 1.3f;      // ... and ends when it is farther than this x radius
    bool preferTighterStyles = true;    // in a behavioral space, borrow a slower style whose tighter
                                        // turn reaches a goal the chosen style would walk around

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

// One motion space's part in a steering decision.
struct SteerInput {
    const GoalSpace* goalSpace = nullptr;
    const BakedMotionSpace* space = nullptr;
    int startFrame = 0;   // index of the goal space's start frame the character is at
    float blend = 0.5f;   // the space's current blend value
    float weight = 1.0f;  // style weight (the inputs' weights sum to 1)
    float rate = 1.0f;    // the space's own frames per output frame (time follows the dominant
                          // space, so a jog mixed into a walk plays slower than alone)
};

struct SteerDecision {
    float blend = 0.5f;     // new target blend (the same end blend in every space)
    bool escaping = false;  // the goal is inside the turning circle: walk straight instead
};

// The steer space of a style mix and the target blend it picks (exposed for tools and tests).
// Every space's fan is interpolated between the two start blends nearest its current blend;
// sample z of each space (end blend z / (Z - 1)) is averaged by style weight, since the mix moves
// by the weighted average of the spaces' motion. `fan` receives the Z steer-space points in world
// space when not empty.
SteerDecision steerTarget(std::span<const SteerInput> inputs, const GroundFrame& ground,
                          const glm::vec2& goal, const SteerSettings& settings,
                          bool wasEscaping = false, std::span<glm::vec2> fan = {});

struct SteerJob {
    SteerSettings settings;
    const SteeringSpace* steering = nullptr;
    std::span<CharacterState> characters;
    std::span<const glm::vec2> goals;  // world (x, z) per character

    Status validate() const;
    // For every character whose dominant space crossed a start frame in its last update (or that
    // has not moved yet), sets the target blend of every space.
    Status run();

private:
    // A goal inside the turning circle of the chosen style: switch to the slowest style whose
    // tighter turn reaches it (the style weights then move at their usual rate), and give the
    // chosen style back once the goal lies outside its circle.
    void borrowTighterStyle(const BakedBehavioralSpace& bs, const glm::vec2& goal,
                            const SteerDecision& decision, CharacterState& st) const;
};

// The naive baseline: the target blend from the angle to the goal by a proportional rule.
struct NaiveSteerJob {
    // Blend change per radian of angle to the goal, from straight: 1/pi reaches the sharpest
    // turn when the goal is 90 degrees off.
    float gain = 0.3183f;
    const BakedBehavioralSpace* space = nullptr;
    std::span<CharacterState> characters;
    std::span<const glm::vec2> goals;

    Status validate() const;
    Status run();
};

}  // namespace gs

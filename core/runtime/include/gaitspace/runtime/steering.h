#pragma once
// Goal-space steering (docs/method.md, "Steering"). At each start frame of a motion space the
// steer space is built: the two goal-space fans whose start blends bracket the current blend,
// interpolated in polar coordinates about the character and moved to the world. Each of its Z
// samples is where the character will be, and which way it will face, F frames ahead if the blend
// moves to that sample's end blend at the allowed rate.
//
// The default choice (Pick::Predicted) scores every sample by what it predicts: the time to reach
// the goal when the character follows that blend for a while and then takes the quickest way on
// (Dubins' path to a point with the space's tightest turn each way, a goal inside a turning circle
// included, so the character never orbits it), or the time at which the sample's own predicted
// path passes the goal. A moving goal is intercepted where it will be, from its velocity and the
// predicted arrival time, and followed at the least distance integrated over time. With a
// look-ahead of two steps, the best few samples are extended by a second goal-space step from
// where they end (start frame and blend there), which corrects the quickest-way estimate by what
// the clips really do. The best sample, refined between its neighbours, becomes the space's new
// target blend (a change must save `commitment`, so the choice does not dither); the locomotion
// update then moves the blend toward it at the allowed rate. Within one goal-space step of the
// goal the choice is made every frame, not only at start frames (between start frames with a
// one-step look-ahead: the goal lies within it).
//
// What a decision costs: the samples' polar form is precomputed once per goal space
// (SteeringSpace::tables); the second step is looked at only within two steps of the goal, for
// a goal more than a radian off the way on, or for a moving goal, and its end blends are scored
// coarse to fine; beyond one step a goal that stands still has its first-step samples scored
// coarse to fine too; beyond three steps it is looked at one step ahead and decided twice a
// cycle of the dominant space, not at every start frame; and the samples are worked on several at
// a time (the mix's samples eight at a time, the ways on from the points along two of them, or
// four second steps, in the lanes of core/runtime/lanes.h: the same bits as one at a time).
//
// The method's own picks (the samples nearest the line to the goal, or nearest the goal, blended by
// k = 2) remain as options; they need the turning-circle escape: a goal inside the turning circle
// is left behind by walking straight on until it lies outside, then turned to.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include <gaitspace/runtime/goal_space.h>
#include <gaitspace/runtime/locomotion.h>

namespace gs {

struct SteerSettings {
    enum class Pick { Predicted, NearestLine, NearestGoal };
    // Predicted (default): the sample whose predicted future reaches the goal soonest. The method's
    // picks: the samples nearest the character-goal line, or nearest the goal.
    Pick pick = Pick::Predicted;
    int lookAhead = 2;              // Predicted: goal-space steps looked ahead; 1 or 2
    int lookAheadBeam = 3;          // Predicted, 2 steps: best first steps extended; [1, 64]
    bool intercept = true;          // Predicted: aim at where a moving goal will be
    float arrivalRadius = 0.5f;     // metres: a goal that stands still is reached this near; >= 0
    float commitment = 0.3f;        // Predicted: seconds a change of the target blend by 1 must
                                    // save to be made, for a goal that stands still; >= 0
    float movingCommitment = 0.2f;  // ... for a moving goal (its cost is a distance integral, and
                                    // it has to be followed round its turns); >= 0
    bool interpolateFans = true;    // false: use the single fan nearest the current blend
    int neighbours = 2;  // the method's picks: k of the k-nearest-neighbour blend; 1 or 2
    bool escapeTurningCircle = true;   // the method's picks: walk straight out of a goal inside the
                                       // turning circle (Predicted never needs to)
    float turningCircleMargin = 1.0f;  // escape (and a borrowed tighter style) starts when the goal
                                       // is nearer the circle's centre than this x radius; > 0
    float escapeExitFactor = 1.3f;     // ... and ends when it is farther than this x radius
    bool preferTighterStyles = true;   // in a behavioral space, borrow a slower style whose tighter
                                       // turn reaches a goal the chosen style would walk around,
                                       // or one slower or faster to keep pace with a moving goal

    Status validate() const;
};

// A goal-space sample in polar form about the character at the start frame: what fans are
// interpolated in (distance, bearing from forward, + = left, and the heading there).
struct GoalPolar {
    float r = 0.0f, bearing = 0.0f, heading = 0.0f;
};
// Every sample of a goal space in polar form, in the goal space's order.
std::vector<GoalPolar> polarSamples(const GoalSpace& goalSpace);

struct SteeringTables;  // what steering precomputes from the goal spaces (steering.cpp)

// Everything steering needs per motion space of a behavioral space.
struct SteeringSpace {
    const BakedBehavioralSpace* space = nullptr;
    std::vector<GoalSpace> goalSpaces;  // one per motion space
    Status validate() const;
    // The goal spaces' samples in polar form, built on first use (thread-safe) and again after
    // goalSpaces was replaced; null if validate() fails.
    std::shared_ptr<const SteeringTables> tables() const;

private:
    mutable std::shared_ptr<const SteeringTables> m_tables;
};

// Minimum turning radius of a motion space to each side (metres; +inf when it cannot turn).
float turningRadiusLeft(const BakedMotionSpace& space);
float turningRadiusRight(const BakedMotionSpace& space);

// One motion space's part in a steering decision.
struct SteerInput {
    const GoalSpace* goalSpace = nullptr;
    const BakedMotionSpace* space = nullptr;
    int startFrame = 0;    // index of the goal space's start frame the character is at
    float blend = 0.5f;    // the space's current blend value
    float weight = 1.0f;   // style weight (the inputs' weights sum to 1)
    float rate = 1.0f;     // the space's own frames per output frame (time follows the dominant
                           // space, so a jog mixed into a walk plays slower than alone)
    float target = -1.0f;  // the target blend of the last decision (< 0: none); Predicted keeps
                           // to it unless another is clearly quicker, so it does not dither
    const GoalPolar* polar = nullptr;  // polarSamples(*goalSpace), or null: converted per use
};

struct SteerDecision {
    float blend = 0.5f;  // new target blend (the same end blend in every space)
    bool escaping =
        false;  // the method's picks: the goal is inside the turning circle, walk straight
    float seconds = 0.0f;      // Predicted: the predicted time to reach the goal (s)
    bool lookedAhead = false;  // Predicted: a second goal-space step was looked at
};

// A goal and how it moves (world x, z; metres and metres per second).
struct SteerGoal {
    glm::vec2 position{0.0f};
    glm::vec2 velocity{0.0f};
};

// Length of the shortest path from the origin facing +Z to a point (local x = left, z = forward)
// for a walker whose tightest left and right turns have these radii (Dubins' path to a point: a
// turn then straight on, or, for a point inside a turning circle, a turn the other way first).
// An infinite radius: that side cannot turn. Closed form, for the per-decision path.
float dubinsDistance(float x, float z, float radiusLeft, float radiusRight);
inline float dubinsDistance(float x, float z, float radius) {
    return dubinsDistance(x, z, radius, radius);
}

// The steer space of a style mix and the target blend it picks (exposed for tools and tests).
// Every space's fan is interpolated between the two start blends nearest its current blend;
// sample z of each space (end blend z / (Z - 1)) is averaged by style weight, since the mix moves
// by the weighted average of the spaces' motion. `fan` receives the Z steer-space points in world
// space when not empty. `wasEscaping`: the character was escaping a turning circle at the last
// decision (the method's picks only).
SteerDecision steerTarget(std::span<const SteerInput> inputs, const GroundFrame& ground,
                          const SteerGoal& goal, const SteerSettings& settings,
                          bool wasEscaping = false, std::span<glm::vec2> fan = {});
// The same for a goal that stands still.
inline SteerDecision steerTarget(std::span<const SteerInput> inputs, const GroundFrame& ground,
                                 const glm::vec2& goal, const SteerSettings& settings,
                                 bool wasEscaping = false, std::span<glm::vec2> fan = {}) {
    return steerTarget(inputs, ground, SteerGoal{goal, glm::vec2(0.0f)}, settings, wasEscaping,
                       fan);
}

// SteerJob::flags and NaiveSteerJob::flags.
constexpr std::uint8_t kSteerActive = 1, kSteerNow = 2;
// What a SteerJob::run decided (added to, never reset by the job).
struct SteerStats {
    long long characters = 0;  // characters looked at
    long long decisions =
        0;  // steering decisions made (a start frame, the final approach, decideNow)
    long long lookAheads = 0;  // ... of which looked two goal-space steps ahead
};

struct SteerJob {
    SteerSettings settings;
    const SteeringSpace* steering = nullptr;
    std::span<CharacterState> characters;
    std::span<const glm::vec2> goals;  // world (x, z) per character
    // World velocity (m/s) of each character's goal; empty = goals stand still.
    std::span<const glm::vec2> goalVelocities;
    // Steer every character now, not only those at a start frame (say, when goals were moved).
    bool decideNow = false;
    // Per character, when not empty: kSteerActive = it has a goal (else it is left alone);
    // kSteerNow = decide now (cleared once decided).
    std::span<std::uint8_t> flags;
    // Per character, when not empty: the steer space of its last decision (world x, z), Z points
    // each (the goal spaces' end blends), written when it decides.
    std::span<glm::vec2> fans;
    SteerStats* stats = nullptr;  // optional: counts of the decisions made

    Status validate() const;
    // For every character whose dominant space crossed a start frame in its last update (or that
    // has not moved yet, or all with decideNow), sets the target blend of every space.
    Status run();

private:
    // A goal inside the turning circle of the chosen style: switch to the slowest style whose
    // tighter turn reaches it (the style weights then move at their usual rate), and give the
    // chosen style back once the goal lies outside its circle.
    void borrowTighterStyle(const BakedBehavioralSpace& bs, const glm::vec2& goal,
                            bool insideCircle, CharacterState& st) const;
    // A moving goal: blend in the slowest style by as much as holds the character at the goal's
    // pace once it is near (a goal slower than the chosen style), or the fastest to catch up with
    // it, and give the chosen style back as the pace allows or the goal stops.
    void keepPace(const BakedBehavioralSpace& bs, const glm::vec2& goal, const glm::vec2& velocity,
                  CharacterState& st) const;
};

// The naive baseline: the target blend from the angle to the goal by a proportional rule.
struct NaiveSteerJob {
    // Blend change per radian of angle to the goal, from straight: 1/pi reaches the sharpest
    // turn when the goal is 90 degrees off.
    float gain = 0.3183f;
    const BakedBehavioralSpace* space = nullptr;
    std::span<CharacterState> characters;
    std::span<const glm::vec2> goals;
    std::span<const std::uint8_t> flags;  // when not empty, only characters with kSteerActive

    Status validate() const;
    Status run();
};

}  // namespace gs

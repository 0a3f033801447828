#pragma once
// The steering quality harness: one character chases a sequence of goals (random, or a goal
// moving along a circle, a zigzag or a figure eight) with goal-space steering or the naive
// baseline, and the run is scored: goals reached, time against the optimal (Dubins) time,
// heading error, foot skate, blend steps, cost per update. Same seed, same figures.

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "core/evaluation/dubins_sampled.h"
#include "core/evaluation/quality.h"
#include <memory>

#include <gaitspace/runtime/crowd.h>
#include <gaitspace/runtime/steering.h>

namespace gs {

struct SimulationSettings {
    // Arrive: random goals, each stopped at and stood on for standSeconds before the next.
    enum class Scenario { Random, Circle, Zigzag, Figure8, Arrive };
    enum class Controller { GoalSpace, Naive };

    Scenario scenario = Scenario::Random;
    Controller controller = Controller::GoalSpace;
    int goals = 200;  // random goals to chase; >= 1
    std::uint32_t seed = 7;
    std::vector<float> styleWeights;  // per motion space (normalized); empty = the first space
    float reachRadius = 0.5f;         // metres: a goal is reached this close; > 0
    float minGoalDistance = 2.0f;     // metres, random goals; > 0
    float maxGoalDistance = 15.0f;    // metres, random goals; >= minGoalDistance
    float movingSeconds = 60.0f;      // length of a moving-goal run; > 5
    float goalSpeedFraction = 0.6f;   // moving goal speed / character speed; (0, 1)
    float goalHeadStart = 0.0f;  // seconds a moving goal has already gone along its path; [0, 3600]
    float naiveGain = 0.3183f;   // blend per radian for the naive controller (NaiveSteerJob)
    float standSeconds = 2.0f;   // arrive: seconds stood at each goal; [0, 60]
    bool record = false;         // keep the generated motion in the result
    float styleSwitchSeconds = 0.0f;     // random goals: every S seconds the style moves to another
                                         // space chosen at random (0 = never); [0, 3600]
    std::vector<int> styleSwitchSpaces;  // the spaces switched among: empty = every space, else
                                         // at least two distinct space indices
    SteerSettings steer;
    LocomotionSettings locomotion;

    Status validate() const;
};

// A goal that moves along a curve at a fixed speed: the moving-goal scenarios of simulate, and
// the GUI's scripted goals. Circle: radius 8 m about the origin; zigzag: 4 m either side of the
// +Z axis, a leg every 8 m; figure eight: 10 m lobes through (0, 6).
class MovingGoal {
public:
    MovingGoal(SimulationSettings::Scenario scenario, float speed)
        : m_scenario(scenario), m_speed(speed) {}
    glm::vec2 position() const { return curve(m_tau); }
    glm::vec2 velocity() const;  // m/s along the curve's tangent
    void advance(float dt);      // moves `speed x dt` metres along the curve

private:
    glm::vec2 curve(float tau) const;

    SimulationSettings::Scenario m_scenario;
    float m_speed;
    float m_tau = 0.0f;
};

// One random goal of a run: where it was set (in the character's ground frame then), the
// optimal time to it and the time taken (or the budget, when it was not reached).
struct GoalRecord {
    float x = 0.0f, z = 0.0f;
    float optimalSeconds = 0.0f;  // the lower bound of SimulationResult::meanTimeRatio
    float steadySeconds =
        0.0f;  // the quickest path of steady turns (SimulationResult::meanSteadyRatio)
    float seconds = 0.0f;
    bool reached = false;
    bool late =
        false;  // reached after twice the mix's Dubins time + 3 s (SimulationResult::reachedLate)
};

// The arrive scenario's figures (SimulationSettings::Scenario::Arrive). Frames are those of the
// run (SimulationResult::frames, the recorded motion's), positions world metres.
struct ArrivalFigures {
    int stops = 0;                         // goals stopped at (standing within the budget)
    std::vector<glm::vec2> goalPositions;  // world (x, z) of every goal set
    std::vector<glm::ivec2>
        standFrames;                // per goal: first and last frame stood there ((-1, -1): none)
    std::vector<float> stopErrors;  // per goal stopped at: root on the ground to the goal (m)
    float standingDrift = 0.0f;     // largest move of the root or a toe while standing (m)
    float stopSkate = 0.0f;         // foot skate over the frames spent stopping (cm/s)
    float maxJointStep = 0.0f;      // largest one-frame step of a joint relative to the root (m)
    // The same over the frames of the joins: stopping, starting, the first second of standing and
    // of walking after a start (where a stop or a start meets the loop or the standing pose).
    float joinJointStep = 0.0f;
    std::vector<std::pair<long, MotionState>>
        stateChanges;                  // (frame, state) wherever the state changed
    std::vector<float> seconds;        // per goal: from the goal set to standing on it
    std::vector<float> noStopSeconds;  // per goal: the same goals steered to without stopping
    std::vector<float> reachSeconds;   // per goal: from the goal set to the root within reachRadius
    float meanTimeRatio = 0.0f;        // mean of seconds / noStopSeconds over goals stopped at
    float meanReachRatio = 0.0f;  // mean of reachSeconds / noStopSeconds (the same rule both ways)
    // What the run's own starts and stops allow, per goal stopped at: each start and stop as long
    // as it took, the way between them walked straight at the fastest loop's speed (and the
    // frames before the start as taken). No controller that plays the subject's starts and stops
    // whole can take less; meanFloorRatio is its mean over noStopSeconds, the least meanTimeRatio.
    std::vector<float> floorSeconds;
    float meanFloorRatio = 0.0f;
};

struct SimulationResult {
    int goals = 0;  // goals set
    int reached = 0;
    int reachedLate = 0;  // of them, reached after twice the mix's Dubins time to the goal + 3 s
    float reachRate = 0.0f;
    // Time taken / optimal time, over reached goals. The optimum is a true lower bound: Dubins'
    // path into the reach radius around the goal, turning as tightly as anything steering may use
    // turns (the mix, or any style it may borrow; optimumRadiusLeft/Right) and all of it as fast
    // as any of them moves (optimumSpeed). No run can take less, so a ratio below 1 is a bug.
    float meanTimeRatio = 0.0f;
    // The same against the quickest path of steady turns the mix can hold: each turn it makes at
    // a steady blend, from the sharpest to near straight, walked at the speed it has there (a run
    // turns through 90 degrees at 2.4-3 m/s and runs straight at 4.3), then straight on at the
    // straight speed (or a turn back the other way); the best pair of turns for each goal.
    float meanSteadyRatio = 0.0f;
    // The quickest steady-turn path over Dubins' optimum, averaged over every goal set: the time
    // ratio a controller that took the best steady turns exactly would get (a floor for
    // meanTimeRatio, but for transitions and the arrival radius).
    float steadyOptimumRatio = 0.0f;
    float meanHeadingErrorDeg = 0.0f;
    float footSkate = 0.0f;      // cm/s (quality.h)
    float stanceSkate = 0.0f;    // cm/s (quality.h)
    RootAcceleration rootAccel;  // p95, m/s^2 (quality.h)
    float kneeStep = 0.0f;       // knee step p95, degrees (quality.h)
    float kneeFlexion = 0.0f;    // mean knee flexion, degrees (quality.h)
    float maxBlendStep = 0.0f;   // largest per-frame change of a blend value
    float minTurnRadius = 0.0f;  // metres, of the style mix (the tighter side)
    float turnRadiusLeft = 0.0f, turnRadiusRight = 0.0f;        // metres, each side
    float speed = 0.0f;                                         // m/s of the style mix, straight on
    float optimumRadiusLeft = 0.0f, optimumRadiusRight = 0.0f;  // metres: the lower bound's turns
    float optimumSpeed = 0.0f;                                  // m/s: the lower bound's speed
    float phaseError = 0.0f;    // master frames: the worst phaseLockError, once a second
    int styleSwitches = 0;      // settings.styleSwitchSeconds
    float meanDistance = 0.0f;  // moving goals: mean distance to the goal after 5 s
    float p95Distance = 0.0f;   // moving goals: 95th percentile of it
    long frames = 0;
    double nsPerUpdate = 0.0;             // locomotion + steering, per frame
    Clip motion;                          // when settings.record
    std::vector<GoalRecord> goalRecords;  // random goals, in order
    ArrivalFigures arrival;               // the arrive scenario
};

// Runs the scenario with one character of a Crowd (gaitspace/runtime/crowd.h); settings.locomotion
// and settings.steer replace the baked ones. Phase lock of a character: where each space is in its
// gait, as the distance from its reference loop's nearest left strike in master frames, against the
// first space's (cross registration keeps every space's strikes together), a whole gait cycle
// counting as none. The largest difference, in master frames; the period when the character's phase
// is not inside the master cycle.
float phaseLockError(const BakedBehavioralSpace& space, const CharacterState& character);

Expected<SimulationResult> simulate(std::shared_ptr<const BakedSpaceFile> baked,
                                    const SimulationSettings& settings);
// The same from spaces built in memory (copied into a baked space).
Expected<SimulationResult> simulate(const SteeringSpace& steering,
                                    const SimulationSettings& settings);

}  // namespace gs

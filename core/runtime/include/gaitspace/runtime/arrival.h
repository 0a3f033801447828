#pragma once
// Arrival (DESIGN 5.8): a character told to go somewhere walks there, stops on the spot with one
// of its space's stop clips, stands, and starts again with a start clip when it gets a new goal.
//
// MotionState is what a game reads (Crowd::motionState): walking (the looped space, steered),
// stopping (a stop clip, faded in from the loop at a join), standing (the stop's final pose
// held: root still, feet locked) and starting (a start clip faded in from the standing pose,
// handing over to the loop at its join). ArrivalState is the part of a character's state
// (CharacterState::arrival) that the transition layer keeps between frames; ArrivalSettings are
// baked with the space.
//
// How a stop is planned (ArrivalJob, gaitspace/runtime/arrival_job.h): by distance matching.
// Within reach of an arrival goal, every join of every stop that the loop will cross within the
// next two cycles is scored by where that stop would end (the character going on as it goes, the
// stop's own remaining travel from the join) against the goal. The best is taken when its join
// comes; until then the approach's stride is stretched or shortened toward it (by at most
// maxCorrection of the way left), and once in the stop the rest of the error is taken out as the
// stop travels: its heading turned toward the goal, its steps stretched or shortened. It ends with
// its root on the goal, facing the way it came.

#include <cstdint>

#include <glm/glm.hpp>

#include <gaitspace/runtime/status.h>

namespace gs {

enum class MotionState : std::uint8_t { Walking, Stopping, Standing, Starting };

// The name of a state ("walking", "stopping", "standing", "starting").
const char* motionStateName(MotionState state);

struct ArrivalSettings {
    // Seconds over which the loop and a stop or start cross-fade at their join; [0.05, 1];
    // default 0.25.
    float fadeSeconds = 0.25f;
    // Seconds over which a start rises from the standing pose; [0.05, 2]; default 0.4.
    float startFadeSeconds = 0.4f;
    // Largest change of the way left (the approach and the stop's travel) that distance
    // matching may make to end on the goal, as a fraction of it; (0, 0.5]; default 0.2. A goal
    // no stop can end on within it is walked past and come back to.
    float maxCorrection = 0.2f;
    // Largest heading change (radians) that a start turns toward its goal while it accelerates
    // (the rest is steered after the hand-over); [0, pi]; default pi.
    float maxStartTurn = 3.1416f;
    // A new goal this near a standing character is where it stands (metres); [0, 5]; default 0.3.
    float standRadius = 0.3f;
    // Seconds over which a character that started in another space's style (a jog starts as a
    // walk) blends into its own once the loop has taken over, at most; [0.05, 10]; default 2.
    float styleSeconds = 2.0f;

    Status validate() const;
};

// A character's place in the transition layer (CharacterState::arrival). Indices name a motion
// space of the behavioral space and a stop or start of it.
struct ArrivalState {
    MotionState state = MotionState::Walking;
    std::int8_t space =
        -1;  // space of the clip playing (stops of Stopping/Standing, starts of Starting)
    std::int8_t clip = -1;  // index into that space's stops or starts
    std::int8_t standSpace = -1,
                standClip = -1;  // Starting: the stop whose standing pose it rises from
    float standTime = 0.0f;      // ... and its frame
    float time = 0.0f;           // frame of the clip playing (fractional)
    float loopWeight = 1.0f;     // share of the looped space in the pose (1 while walking)
    float standWeight = 0.0f;    // Starting: share of the standing pose
    bool handedOver = false;     // Starting: the loop is fading in
    bool steerNow = false;       // the loop has just taken over: steering is to decide at once
    bool styleCatchUp =
        false;               // after a start: the style blends into the character's (styleSeconds)
    bool styleHold = false;  // ... but waits while the goal is too near for its own stops
    // The part of the join's ground offset (dx, dz, dyaw) not yet carried into the ground frame
    // (it goes in over the fade).
    glm::vec3 offset{0.0f};
    glm::vec2 target{0.0f};  // Stopping: where it is to stand (world x, z)
    float turn = 0.0f;       // Starting: heading change toward the goal not yet made (radians)
    float approachScale =
        1.0f;  // Walking: this frame's steps are stretched by this (distance matching)
    float stepLength = 0.0f;  // metres the ground frame moved in the last step
    // Walking: too near a goal it cannot stop on (passed it, or beside it), it walks straight
    // out until it can come back to it; steering waits meanwhile.
    bool escape = false;
    // Walking: the stop planned (-1: none); `forced`: asked for by name (Crowd::stop), taken at
    // its next join and stood where it ends.
    std::int8_t planSpace = -1, planClip = -1;
    bool forced = false;
    std::int16_t planJoin = -1;
    float planFrames = 0.0f;  // ... and the frames until its join, when it was planned
};

// Whether the looped space plays under its own steering: walking (not walking out of a goal it
// cannot stop on), or a start that has handed over.
inline bool steersLoop(const ArrivalState& a) {
    return (a.state == MotionState::Walking && !a.escape) ||
           (a.state == MotionState::Starting && a.handedOver);
}

}  // namespace gs

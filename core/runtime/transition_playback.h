#pragma once
// The transition layer of the locomotion update (private to gs_runtime): what a character in a
// stop or a start shows and how it moves, one frame at a time, from CharacterState::arrival.
//
// Each frame the layer is advanced before the loop's phase step (advanceTransition): the clip's
// time moves on a frame, the loop fades out of a stop or into a start at its join, the standing
// pose fades into a start, a start hands over to the loop (the loop's phase set to the join's, its
// blends straight, its style the start's space: a jog then blends in from the walk), a stop comes
// to stand. It returns the transition poses to blend beside the loop's (whose share is
// arrival.loopWeight) and the transition's root motion over the step. Once the step's root
// motion is integrated, correctTransition takes in the join's ground offset over the fade and
// makes distance matching's corrections: a stop's heading and stride toward its target, a start's
// turn toward its goal.

#include <glm/glm.hpp>

#include <gaitspace/runtime/arrival.h>
#include <gaitspace/runtime/baked_space.h>
#include <gaitspace/runtime/locomotion.h>

namespace gs {

// A transition pose in the blend: clip frame `frame` + `t` toward the next, at `weight`.
struct TransitionSample {
    const BakedTransition* clip = nullptr;
    int row =
        -1;  // its index among the prepared transition rows (BakedRuntimeData), space by space
    int frame = 0;
    float t = 0.0f;
    float weight = 0.0f;
};

// The transition's part of a step: its root motion (dx, dz, dyaw in the ground frame, weighted)
// and what the corrections need.
struct TransitionStep {
    glm::vec3 displacement{0.0f};
    float pathDone = 0.0f;     // metres of the clip's own path covered by the step
    float pathLeft = 0.0f;     // metres of it left before the step (a stop: to its end)
    float offsetTaken = 0.0f;  // fraction of the remaining join offset to take in after the step
};

// Moves the layer on one frame (see above; with `advance` false it stays where it is) and writes
// the transition poses of the frame; returns how many (0 while walking).
int advanceTransition(const BakedBehavioralSpace& space, const ArrivalSettings& settings,
                      CharacterState& st, TransitionSample samples[2], TransitionStep& step,
                      bool advance);

// After the step's root motion: the join offset taken in, a stop's correction toward its target.
void correctTransition(const BakedBehavioralSpace& space, CharacterState& st,
                       const TransitionStep& step);

// Where a start played from clip frame `begin`, turning by `turn` toward its goal's side as it
// goes, leaves the loop's ground frame at its hand-over: (dx, dz, dyaw) in the ground frame it
// starts from.
glm::vec3 startHandover(const BakedBehavioralSpace& space, const ArrivalSettings& settings,
                        const BakedTransition& start, float begin, float turn);

// Index of a space's stop (start = false) or start among the prepared transition rows.
int transitionRow(const BakedBehavioralSpace& space, int spaceIndex, bool start, int clip);

}  // namespace gs

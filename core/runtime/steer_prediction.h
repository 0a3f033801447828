#pragma once
// The predicted pick (SteerSettings::Pick::Predicted) in named stages, each callable alone by a
// test or a benchmark. In the order predictedTarget runs them:
//
//   beginPrediction      the goal in the decision's frame, the mix's walker, the start frames one
//                        and two steps on, the fans bracketing each space's blend
//   scoreFirstSteps      every steer-space sample scored by the time to the goal it leads to:
//                        one goal-space step, then the quickest way on (coarse to fine for a goal
//                        that stands still far away)
//   scoreSecondSteps     where it can change the choice (near the goal, a goal off the way, a
//                        moving goal), the best few samples extended by a second step
//   keepToLastDecision   the commitment: the last decision's blend is kept unless another is
//                        clearly quicker
//   refineBest           the best sample refined between its neighbours (a parabola through
//                        their costs): the decision
//
// Not part of the runtime's interface.

#include <span>

#include "core/runtime/steer_paths.h"
#include "core/runtime/steering_detail.h"
#include <gaitspace/runtime/steering.h>

namespace gs::steering_detail {

// The two fans bracketing a blend and the weight of the second (or the nearest fan alone).
struct FanPair {
    int y0 = 0, y1 = 0;
    float t = 0.0f;
};
FanPair fanPair(const GoalSpace& gs, float blend, bool interpolate);

// Sample (x, y, z) of an input's goal space in polar form: from its table if it has one.
inline GoalPolar polarAt(const SteerInput& in, int x, int y, int z) {
    const GoalSpace& gs = *in.goalSpace;
    if (in.polar) return in.polar[(static_cast<size_t>(x) * gs.startBlends + y) * gs.endBlends + z];
    return polarOf(gs.at(x, y, z));
}

// One decision of the predicted pick while it is made: what beginPrediction works out and what
// the stages after it score. About 7 KB; it lives on the stack of predictedTarget.
struct Prediction {
    static constexpr int kMaxZ = 256;  // end blends scored (a goal space's Z beyond it is cut)

    std::span<const SteerInput> mix;  // the inputs, at most kMaxSpaces
    const SteerSettings* settings = nullptr;
    int Z = 0;
    MixModel model;
    SteerGoal goal;            // in the decision's frame; no velocity without settings.intercept
    bool intercept = false;    // a moving goal is aimed at where it will be
    bool standing = true;      // the goal stands still (in the world)
    float lastTarget = -1.0f;  // the last decision's blend (< 0: none)
    int first[kMaxSpaces] = {}, second[kMaxSpaces] = {}, third[kMaxSpaces] = {};  // start frames
    FanPair fans[kMaxSpaces];
    Pose2 now;                  // the character at the decision (its sway)
    float stepLength = 0.0f;    // metres of one goal-space step at the mix's straight speed
    float goalDistance = 0.0f;  // metres
    bool coarse = false;        // first steps scored coarse to fine
    bool lookedAhead = false;   // scoreSecondSteps looked at second steps
    // Per end blend z in [0, Z).
    float cost[kMaxZ];      // seconds to the goal (a moving goal: the distance integral)
    float integral[kMaxZ];  // a moving goal: the first step's distance integral
    bool scored[kMaxZ];
    Pose2 end[kMaxZ];  // where the first step ends
    int bestZ = 0;
};

void beginPrediction(Prediction& p, std::span<const SteerInput> inputs, const SteerGoal& goalWorld,
                     const GroundFrame& ground, const SteerSettings& settings);
void scoreFirstSteps(Prediction& p);
void scoreSecondSteps(Prediction& p);
void keepToLastDecision(Prediction& p);
SteerDecision refineBest(Prediction& p);

// All five in order.
SteerDecision predictedTarget(std::span<const SteerInput> inputs, const SteerGoal& goalWorld,
                              const GroundFrame& ground, const SteerSettings& settings);

}  // namespace gs::steering_detail

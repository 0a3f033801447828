#include "core/runtime/steer_prediction.h"

#include <algorithm>
#include <cmath>

#include "core/runtime/dubins.h"
#include "core/runtime/steering_detail.h"

namespace gs::steering_detail {
namespace {

// The second step is looked at only where it can change the choice: within a few steps of the
// goal, for a goal well off the way the character goes, and for a moving goal. A goal far ahead
// is reached by the quickest way from wherever the first step ends, and the first step's
// estimate already ranks the samples as the second would. Each of the beam's second steps is
// found coarse to fine: every third end blend, then the two on either side of the best.
constexpr float kLookAheadSteps = 2.0f;    // goal-space steps within which two are looked at
constexpr float kLookAheadBearing = 1.0f;  // radians off the way on beyond which two are looked at
constexpr int kCoarseStride = 3;
constexpr float kCoarseSteps =
    1.0f;  // goal-space steps beyond which the first step is scored coarse to fine

constexpr int kMaxZ = Prediction::kMaxZ;

// Samples zs[0, n) of the style mix: every space's sample weighted by style and play rate, several
// samples at a time (the lanes of PathLanes). `fans`: each space's fan pair; `endFrames`: the
// start frames the samples end at, for their sway.
GS_LANES_WIDE
void mixSamples(std::span<const SteerInput> inputs, std::span<const int> startFrames,
                const FanPair* fans, std::span<const int> endFrames, const int* zs, int n,
                Pose2* out) {
    using L = PathLanes;
    float sway = 0.0f;
    for (size_t k = 0; k < inputs.size(); ++k)
        sway += inputs[k].weight * inputs[k].goalSpace->sway[endFrames[k]];
    for (int first = 0; first < n; first += kPathLanes) {
        const int count = std::min(kPathLanes, n - first);
        L x{}, y{}, heading{};
        for (size_t k = 0; k < inputs.size(); ++k) {
            const SteerInput& in = inputs[k];
            const FanPair& f = fans[k];
            // Each space's sample between its two fans, in polar coordinates.
            L r, bearing, turn;
            for (int i = 0; i < kPathLanes; ++i) {
                const int z = zs[first + std::min(i, count - 1)];
                const GoalPolar a = polarAt(in, startFrames[k], f.y0, z),
                                b = polarAt(in, startFrames[k], f.y1, z);
                r.v[i] = glm::mix(a.r, b.r, f.t);
                bearing.v[i] = glm::mix(a.bearing, b.bearing, f.t);
                turn.v[i] = glm::mix(a.heading, b.heading, f.t);
            }
            L sine, cosine;
            fastSinCos(bearing, sine, cosine);
            const float w = in.weight * in.rate;
            x = x + w * (r * sine);
            y = y + w * (r * cosine);
            heading = heading + w * turn;
        }
        for (int i = 0; i < count; ++i) out[first + i] = {{x.v[i], y.v[i]}, heading.v[i], sway};
    }
}

// Scores the samples of a list not yet scored, several at a time, and moves bestZ in the list's
// order.
void scoreSamples(Prediction& p, const int* list, int n) {
    int pending[kMaxZ];
    Pose2 ends[kMaxZ];
    float costs[kMaxZ], integrals[kMaxZ];
    int count = 0;
    for (int k = 0; k < n; ++k) {
        const int z = list[k];
        if (p.scored[z]) continue;
        p.scored[z] = true;
        integrals[count] = 0.0f;
        pending[count++] = z;
    }
    if (count == 0) return;
    const int spaces = static_cast<int>(p.mix.size());
    mixSamples(p.mix, std::span<const int>(p.first, spaces), p.fans,
               std::span<const int>(p.second, spaces), pending, count, ends);
    for (int k = 0; k < count; ++k) p.end[pending[k]] = ends[k];
    firstStepCosts(p.model, p.now, std::span<const Pose2>(ends, count), p.model.horizon, p.goal,
                   p.intercept, costs, integrals);
    for (int k = 0; k < count; ++k) {
        const int z = pending[k];
        p.cost[z] = costs[k];
        p.integral[z] = integrals[k];
        if (p.cost[z] < p.cost[p.bestZ]) p.bestZ = z;
    }
}

// Every stride-th end blend and the last: the coarse pass.
int coarseList(int Z, int* list) {
    int listed = 0;
    for (int z = 0;; z = std::min(z + kCoarseStride, Z - 1)) {
        list[listed++] = z;
        if (z == Z - 1) break;
    }
    return listed;
}

}  // namespace

FanPair fanPair(const GoalSpace& gs, float blend, bool interpolate) {
    const int Y = gs.startBlends;
    const float p = std::clamp(blend, 0.0f, 1.0f) * static_cast<float>(Y - 1);
    FanPair f;
    f.y0 = std::min(static_cast<int>(p), Y - 2);
    f.t = p - static_cast<float>(f.y0);
    if (!interpolate) {
        f.y0 = static_cast<int>(std::lround(p));
        f.t = 0.0f;
    }
    f.y1 = std::min(f.y0 + 1, Y - 1);
    return f;
}

void beginPrediction(Prediction& p, std::span<const SteerInput> inputs, const SteerGoal& goalWorld,
                     const GroundFrame& ground, const SteerSettings& settings) {
    p.settings = &settings;
    p.Z = std::min(inputs.front().goalSpace->endBlends, kMaxZ);
    p.standing = goalWorld.velocity == glm::vec2(0.0f);
    p.model = mixModel(inputs, p.standing ? settings.arrivalRadius : 0.0f);
    // The goal in the decision's frame.
    const glm::vec3 g3 =
        ground.toLocal(glm::vec3(goalWorld.position.x, 0.0f, goalWorld.position.y));
    const glm::vec3 v3 = glm::inverse(yawRotation(ground.heading)) *
                         glm::vec3(goalWorld.velocity.x, 0.0f, goalWorld.velocity.y);
    p.goal = SteerGoal{glm::vec2(g3.x, g3.z),
                       settings.intercept ? glm::vec2(v3.x, v3.z) : glm::vec2(0.0f)};
    p.intercept = settings.intercept && glm::length(p.goal.velocity) > 1e-4f;
    p.lastTarget = inputs.front().target;

    const int count = static_cast<int>(std::min<size_t>(inputs.size(), kMaxSpaces));
    p.now = Pose2{};
    for (int k = 0; k < count; ++k) {
        const SteerInput& in = inputs[k];
        const GoalSpace& gs = *in.goalSpace;
        p.first[k] = in.startFrame;
        // The start frames one and two steps on: the space's phase moves F frames a step at its
        // play rate.
        const float period = static_cast<float>(in.space->referenceCycleFrames());
        p.second[k] = gs.startFrameAt(
            std::fmod(gs.startFrames[in.startFrame] + in.rate * gs.horizon, period));
        p.third[k] = gs.startFrameAt(
            std::fmod(gs.startFrames[in.startFrame] + 2.0f * in.rate * gs.horizon, period));
        p.now.sway += in.weight * gs.sway[in.startFrame];
        p.fans[k] = fanPair(gs, in.blend, settings.interpolateFans);
    }
    p.mix = std::span<const SteerInput>(inputs.data(), count);
    p.bestZ = 0;
    for (int z = 0; z < p.Z; ++z) {
        p.scored[z] = false;
        p.cost[z] = kInf;
    }
    p.stepLength = p.model.horizon * p.model.walker.speed;
    p.goalDistance = glm::length(p.goal.position);
    // A goal that stands still far away: its costs change smoothly with the end blend, and the
    // samples are scored coarse to fine.
    p.coarse =
        !p.intercept && p.goalDistance > kCoarseSteps * p.stepLength && p.Z > 2 * kCoarseStride;
    p.lookedAhead = false;
}

void scoreFirstSteps(Prediction& p) {
    const int Z = p.Z;
    int list[2 * kMaxZ];
    int listed = 0;
    if (p.coarse) {
        // Every third, then two either side of the best and of the last decision's blend, which
        // the commitment favours.
        listed = coarseList(Z, list);
        scoreSamples(p, list, listed);
        const int centres[2] = {
            p.bestZ, p.lastTarget >= 0.0f
                         ? static_cast<int>(std::lround(p.lastTarget * static_cast<float>(Z - 1)))
                         : p.bestZ};
        listed = 0;
        for (const int c : centres)
            for (int z = std::max(0, c - kCoarseStride + 1); z < std::min(Z, c + kCoarseStride);
                 ++z)
                list[listed++] = z;
        scoreSamples(p, list, listed);
    } else {
        for (int z = 0; z < Z; ++z) list[listed++] = z;
        scoreSamples(p, list, listed);
    }
}

void scoreSecondSteps(Prediction& p) {
    const SteerSettings& settings = *p.settings;
    const int Z = p.Z;
    const float offWay =
        std::abs(fastAtan2<float>(p.goal.position.x, p.goal.position.y) + p.now.sway);
    const bool far = !p.intercept && p.goalDistance > kFarSteps * p.stepLength;
    p.lookedAhead = settings.lookAhead == 2 && !far &&
                    (p.intercept || p.goalDistance < kLookAheadSteps * p.stepLength ||
                     offWay > kLookAheadBearing);
    if (!p.lookedAhead) return;
    // The best few first steps, each followed by the best second step from where it ends.
    int order[kMaxZ];
    for (int z = 0; z < Z; ++z) order[z] = z;
    int beam = std::min(settings.lookAheadBeam, Z);
    std::partial_sort(order, order + beam, order + Z,
                      [&](int a, int b) { return p.cost[a] < p.cost[b]; });
    // For a goal that stands still, the sharpest turn toward the goal's side joins the beam
    // whatever its first step costs: a goal beside or behind the character is reached quickest by
    // turning hard at once, which one step ahead can look no better than a gentler turn. The
    // figures: docs/results/goal-space-steering.md#the-look-ahead
    if (!p.intercept) {
        const int sharpest = p.goal.position.x > 0.0f ? Z - 1 : 0;
        if (std::find(order, order + beam, sharpest) == order + beam) {
            std::swap(*std::find(order + beam, order + Z, sharpest), order[beam]);
            ++beam;
        }
    }
    const int spaces = static_cast<int>(p.mix.size());
    const std::span<const int> secondFrames(p.second, spaces), thirdFrames(p.third, spaces);
    int list[2 * kMaxZ];
    float second2[kMaxZ];
    for (int k = 0; k < beam; ++k) {
        const int z = order[k];
        const float blend = static_cast<float>(z) / static_cast<float>(Z - 1);
        FanPair fans2[kMaxSpaces];
        for (int i = 0; i < spaces; ++i)
            fans2[i] = fanPair(*p.mix[i].goalSpace, blend, settings.interpolateFans);
        // The second steps of a list of end blends, several at a time; best2 moves in the list's
        // order.
        int best2 = 0;
        auto secondSteps = [&](const int* steps, int n) {
            Pose2 next[kMaxZ];
            float costs[kMaxZ];
            mixSamples(p.mix, secondFrames, fans2, thirdFrames, steps, n, next);
            const glm::vec2 along = directionOf(p.end[z].heading);
            for (int i = 0; i < n; ++i) next[i] = compose(p.end[z], along, next[i]);
            secondStepCosts(p.model, p.end[z], std::span<const Pose2>(next, n), p.model.horizon,
                            p.model.horizon, p.goal, p.intercept, p.integral[z], costs);
            for (int i = 0; i < n; ++i) {
                second2[steps[i]] = costs[i];
                if (second2[steps[i]] < second2[best2]) best2 = steps[i];
            }
        };
        for (int z2 = 0; z2 < Z; ++z2) second2[z2] = kInf;
        secondSteps(list, coarseList(Z, list));
        const int coarseBest = best2;
        int listed = 0;
        for (int z2 = std::max(0, coarseBest - kCoarseStride + 1);
             z2 < std::min(Z, coarseBest + kCoarseStride); ++z2)
            if (!(second2[z2] < kInf)) list[listed++] = z2;
        secondSteps(list, listed);
        p.cost[z] = std::min(p.cost[z], second2[best2]);
        if (p.cost[z] < p.cost[p.bestZ]) p.bestZ = z;
    }
}

void keepToLastDecision(Prediction& p) {
    // Keep to the last decision unless another is clearly quicker: near the edge of a turning
    // circle, turning in and turning out first cost about the same, and switching between them
    // at every step is what orbits a goal.
    const float commitment = p.standing ? p.settings->commitment : p.settings->movingCommitment;
    if (!(p.lastTarget >= 0.0f && commitment > 0.0f)) return;
    p.bestZ = 0;
    for (int z = 0; z < p.Z; ++z) {
        p.cost[z] += commitment *
                     std::abs(static_cast<float>(z) / static_cast<float>(p.Z - 1) - p.lastTarget);
        if (p.cost[z] < p.cost[p.bestZ]) p.bestZ = z;
    }
}

SteerDecision refineBest(Prediction& p) {
    const int Z = p.Z;
    // Between the best sample and its neighbours, the minimum of the parabola through their costs.
    if (p.coarse) {
        // Neighbours not yet scored (and the commitment on them) for the parabola.
        const float commitment = p.standing ? p.settings->commitment : p.settings->movingCommitment;
        const int keep = p.bestZ;
        int list[3];
        int listed = 0;
        for (int z = std::max(0, keep - 1); z <= std::min(Z - 1, keep + 1); ++z)
            if (!p.scored[z]) list[listed++] = z;
        scoreSamples(p, list, listed);
        if (p.lastTarget >= 0.0f && commitment > 0.0f)
            for (int k = 0; k < listed; ++k)
                p.cost[list[k]] +=
                    commitment * std::abs(static_cast<float>(list[k]) / static_cast<float>(Z - 1) -
                                          p.lastTarget);
        p.bestZ = keep;
    }
    const int bestZ = p.bestZ;
    const float* cost = p.cost;
    float offset = 0.0f;
    if (bestZ > 0 && bestZ < Z - 1 && std::isfinite(cost[bestZ - 1]) &&
        std::isfinite(cost[bestZ + 1])) {
        const float curvature = cost[bestZ - 1] - 2.0f * cost[bestZ] + cost[bestZ + 1];
        if (curvature > 1e-6f)
            offset =
                std::clamp(0.5f * (cost[bestZ - 1] - cost[bestZ + 1]) / curvature, -0.5f, 0.5f);
    }
    SteerDecision decision;
    decision.blend = (static_cast<float>(bestZ) + offset) / static_cast<float>(Z - 1);
    decision.seconds = cost[bestZ];
    decision.lookedAhead = p.lookedAhead;
    return decision;
}

SteerDecision predictedTarget(std::span<const SteerInput> inputs, const SteerGoal& goalWorld,
                              const GroundFrame& ground, const SteerSettings& settings) {
    Prediction p;
    beginPrediction(p, inputs, goalWorld, ground, settings);
    scoreFirstSteps(p);
    scoreSecondSteps(p);
    keepToLastDecision(p);
    return refineBest(p);
}

}  // namespace gs::steering_detail

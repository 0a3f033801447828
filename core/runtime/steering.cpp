#include <gaitspace/runtime/steering.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "core/runtime/dubins.h"
#include "core/runtime/steer_paths.h"
#include "core/runtime/steering_detail.h"

namespace gs {
namespace {

using namespace steering_detail;  // Dubins' time and its trigonometry (dubins.h)

// Distance of a point from the ray (origin, direction): the perpendicular distance for points
// ahead of the origin. Points behind it (a goal behind the character: every fan point is
// "behind" the ray) keep growing with their angle from the ray, up to twice their distance at
// the opposite side, so the fan's extreme on the goal's side still ranks first.
float distanceToRay(const glm::vec2& p, const glm::vec2& origin, const glm::vec2& direction) {
    const glm::vec2 d = p - origin;
    const float along = glm::dot(d, direction);
    const float across = std::abs(d.x * direction.y - d.y * direction.x);
    if (along >= 0.0f) return across;
    return 2.0f * glm::length(d) - across;
}

// How far the arc that leaves the origin facing +Z and runs through `sample` (local x = left,
// z = forward) passes from `goal`: the circle (or line) of that arc against the goal.
float arcMiss(const glm::vec2& sample, const glm::vec2& goal) {
    const float lengthSq = glm::dot(sample, sample);
    if (std::abs(sample.x) < 1e-4f * std::max(1.0f, lengthSq))
        return goal.y >= 0.0f ? std::abs(goal.x) : glm::length(goal);
    const float radius = lengthSq / (2.0f * sample.x);  // signed: + = centre on the left
    const glm::vec2 centre(radius, 0.0f);
    return std::abs(glm::length(goal - centre) - std::abs(radius));
}

// Sample (x, y, z) of an input's goal space in polar form: from its table if it has one.
inline GoalPolar polarAt(const SteerInput& in, int x, int y, int z) {
    const GoalSpace& gs = *in.goalSpace;
    if (in.polar) return in.polar[(static_cast<size_t>(x) * gs.startBlends + y) * gs.endBlends + z];
    return polarOf(gs.at(x, y, z));
}

// The two fans bracketing a blend and the weight of the second (or the nearest fan alone).
struct FanPair {
    int y0 = 0, y1 = 0;
    float t = 0.0f;
};

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

// The goal space's sample of one space for end blend z, from start frame x between two fans:
// the fans interpolated in polar coordinates.
Pose2 fanSample(const SteerInput& in, int x, const FanPair& f, int z) {
    const GoalPolar a = polarAt(in, x, f.y0, z), b = polarAt(in, x, f.y1, z);
    const float r = glm::mix(a.r, b.r, f.t);
    return {r * directionOf(glm::mix(a.bearing, b.bearing, f.t)), glm::mix(a.heading, b.heading, f.t)};
}

// Samples zs[0, n) of the style mix: every space's sample weighted by style and play rate, several
// samples at a time (the lanes of PathLanes). `fans`: each space's fan pair; `endFrames`: the
// start frames the samples end at, for their sway.
GS_LANES_WIDE
void mixSamples(std::span<const SteerInput> inputs, std::span<const int> startFrames, const FanPair* fans,
                std::span<const int> endFrames, const int* zs, int n, Pose2* out) {
    using L = PathLanes;
    float sway = 0.0f;
    for (size_t k = 0; k < inputs.size(); ++k) sway += inputs[k].weight * inputs[k].goalSpace->sway[endFrames[k]];
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
                const GoalPolar a = polarAt(in, startFrames[k], f.y0, z), b = polarAt(in, startFrames[k], f.y1, z);
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

}  // namespace

namespace steering_detail {

// How far the goal (character's ground frame) lies from the centre of the mix's tightest turning
// circle on its side, in radii of that circle: below 1 it is inside. The radius is the speed over
// the turn rate of the spaces' sharpest clips on that side, each at the rate it plays in the mix.
// Infinite when the mix cannot turn that way.
float turningCircleRatio(std::span<const SteerInput> inputs, const glm::vec2& goalLocal) {
    const bool left = goalLocal.x >= 0.0f;
    float speed = 0.0f, turn = 0.0f;
    for (const SteerInput& in : inputs) {
        const BakedClip& sharpest = left ? in.space->clips.back() : in.space->clips.front();
        speed += in.weight * in.rate * sharpest.speed;
        turn += in.weight * in.rate * sharpest.turnRate;
    }
    if (left ? turn <= 1e-3f : turn >= -1e-3f) return std::numeric_limits<float>::infinity();
    const float radius = speed / std::abs(turn);
    const glm::vec2 centre(left ? radius : -radius, 0.0f);
    return glm::length(goalLocal - centre) / radius;
}

}  // namespace steering_detail

namespace {

// Predicted pick: every steer-space sample scored by the time to the goal it leads to (one or
// two goal-space steps, then the quickest way), the best one refined between its neighbours.
//
// The second step is looked at only where it can change the choice: within a few steps of the
// goal, for a goal well off the way the character goes, and for a moving goal. A goal far ahead
// is reached by the quickest way from wherever the first step ends, and the first step's
// estimate already ranks the samples as the second would. Each of the beam's second steps is
// found coarse to fine: every third end blend, then the two on either side of the best.
constexpr float kLookAheadSteps = 2.0f;    // goal-space steps within which two are looked at
constexpr float kLookAheadBearing = 1.0f;  // radians off the way on beyond which two are looked at
constexpr int kCoarseStride = 3;
constexpr float kCoarseSteps = 1.0f;  // goal-space steps beyond which the first step is scored coarse to fine

SteerDecision predictedTarget(std::span<const SteerInput> inputs, const SteerGoal& goalWorld,
                              const GroundFrame& ground, const SteerSettings& settings) {
    constexpr int kMaxZ = 256;
    const int Z = std::min(inputs.front().goalSpace->endBlends, kMaxZ);
    const MixModel model = mixModel(inputs, goalWorld.velocity == glm::vec2(0.0f) ? settings.arrivalRadius : 0.0f);
    // The goal in the decision's frame.
    const glm::vec3 g3 = ground.toLocal(glm::vec3(goalWorld.position.x, 0.0f, goalWorld.position.y));
    const glm::vec3 v3 = glm::inverse(yawRotation(ground.heading)) *
                         glm::vec3(goalWorld.velocity.x, 0.0f, goalWorld.velocity.y);
    const SteerGoal goal{glm::vec2(g3.x, g3.z), settings.intercept ? glm::vec2(v3.x, v3.z) : glm::vec2(0.0f)};
    const bool intercept = settings.intercept && glm::length(goal.velocity) > 1e-4f;

    int first[kMaxSpaces], second[kMaxSpaces], third[kMaxSpaces];
    FanPair fans[kMaxSpaces];
    const int count = static_cast<int>(std::min<size_t>(inputs.size(), kMaxSpaces));
    Pose2 now;
    for (int k = 0; k < count; ++k) {
        const SteerInput& in = inputs[k];
        const GoalSpace& gs = *in.goalSpace;
        first[k] = in.startFrame;
        // The start frames one and two steps on: the space's phase moves F frames a step at its
        // play rate.
        const float period = static_cast<float>(in.space->referenceCycleFrames());
        second[k] = gs.startFrameAt(std::fmod(gs.startFrames[in.startFrame] + in.rate * gs.horizon, period));
        third[k] = gs.startFrameAt(std::fmod(gs.startFrames[in.startFrame] + 2.0f * in.rate * gs.horizon, period));
        now.sway += in.weight * gs.sway[in.startFrame];
        fans[k] = fanPair(gs, in.blend, settings.interpolateFans);
    }
    const std::span<const SteerInput> mix(inputs.data(), count);
    const std::span<const int> firstFrames(first, count), secondFrames(second, count), thirdFrames(third, count);
    float cost[kMaxZ], integral[kMaxZ];
    bool scored[kMaxZ];
    Pose2 end[kMaxZ];
    int bestZ = 0;
    // Scores the samples of a list not yet scored, several at a time, and moves bestZ in the
    // list's order.
    auto scoreList = [&](const int* list, int n) {
        int pending[kMaxZ];
        Pose2 ends[kMaxZ];
        float costs[kMaxZ], integrals[kMaxZ];
        int count = 0;
        for (int k = 0; k < n; ++k) {
            const int z = list[k];
            if (scored[z]) continue;
            scored[z] = true;
            integrals[count] = 0.0f;
            pending[count++] = z;
        }
        if (count == 0) return;
        mixSamples(mix, firstFrames, fans, secondFrames, pending, count, ends);
        for (int k = 0; k < count; ++k) end[pending[k]] = ends[k];
        firstStepCosts(model, now, std::span<const Pose2>(ends, count), model.horizon, goal, intercept, costs, integrals);
        for (int k = 0; k < count; ++k) {
            const int z = pending[k];
            cost[z] = costs[k];
            integral[z] = integrals[k];
            if (cost[z] < cost[bestZ]) bestZ = z;
        }
    };
    for (int z = 0; z < Z; ++z) {
        scored[z] = false;
        cost[z] = kInf;
    }
    const float stepLength = model.horizon * model.walker.speed;
    const float goalDistance = glm::length(goal.position);
    // A goal that stands still far away: its costs change smoothly with the end blend, and the
    // samples are scored coarse to fine (every third, then two either side of the best and of
    // the last decision's blend, which the commitment favours).
    const bool coarse = !intercept && goalDistance > kCoarseSteps * stepLength && Z > 2 * kCoarseStride;
    int list[2 * kMaxZ];
    int listed = 0;
    if (coarse) {
        for (int z = 0;; z = std::min(z + kCoarseStride, Z - 1)) {
            list[listed++] = z;
            if (z == Z - 1) break;
        }
        scoreList(list, listed);
        const int centres[2] = {bestZ, inputs.front().target >= 0.0f
                                           ? static_cast<int>(std::lround(inputs.front().target * static_cast<float>(Z - 1)))
                                           : bestZ};
        listed = 0;
        for (const int c : centres)
            for (int z = std::max(0, c - kCoarseStride + 1); z < std::min(Z, c + kCoarseStride); ++z) list[listed++] = z;
        scoreList(list, listed);
    } else {
        for (int z = 0; z < Z; ++z) list[listed++] = z;
        scoreList(list, listed);
    }
    const float offWay = std::abs(fastAtan2<float>(goal.position.x, goal.position.y) + now.sway);
    const bool far = !intercept && goalDistance > kFarSteps * stepLength;
    const bool lookAhead = settings.lookAhead == 2 && !far &&
                           (intercept || goalDistance < kLookAheadSteps * stepLength || offWay > kLookAheadBearing);
    if (lookAhead) {
        // The best few first steps, each followed by the best second step from where it ends.
        int order[kMaxZ];
        for (int z = 0; z < Z; ++z) order[z] = z;
        int beam = std::min(settings.lookAheadBeam, Z);
        std::partial_sort(order, order + beam, order + Z, [&](int a, int b) { return cost[a] < cost[b]; });
        // For a goal that stands still, the sharpest turn toward the goal's side joins the beam
        // whatever its first step costs: a goal beside or behind the character is reached
        // quickest by turning hard at once, which one step ahead can look no better than a
        // gentler turn. Over seeds 1-30 and 31-60 (200 goals, 14 spaces and mixes: 168,000
        // goals) the sum of the mean time ratios went 15.492 -> 15.388 and 15.487 -> 15.387,
        // goals missed 7 -> 0 and 3 -> 0, reached late 76 -> 51 and 71 -> 55 (seeds 1-30: brisk
        // veer 1.056 -> 1.037, jog + run 1.144 -> 1.124, jog veer 1.036 -> 1.019, run veer
        // 1.118 -> 1.103, run + 90 degrees 1.287 -> 1.271, walk veer 1.029 -> 1.019). The
        // sharpest turn either way came to 15.404 / 15.388 at twice the cost, the other side's
        // alone to 15.511 (5 missed), a beam of the five best first steps to 15.487, straight on
        // as well to 15.408. (Before the passes were measured at every quarter step, both
        // sharpest turns and straight on moved run veer 1.119 -> 1.131 over seeds 7 / 11 / 23.)
        if (!intercept) {
            const int sharpest = goal.position.x > 0.0f ? Z - 1 : 0;
            if (std::find(order, order + beam, sharpest) == order + beam) {
                std::swap(*std::find(order + beam, order + Z, sharpest), order[beam]);
                ++beam;
            }
        }
        float second2[kMaxZ];
        for (int k = 0; k < beam; ++k) {
            const int z = order[k];
            const float blend = static_cast<float>(z) / static_cast<float>(Z - 1);
            FanPair fans2[kMaxSpaces];
            for (int i = 0; i < count; ++i) fans2[i] = fanPair(*mix[i].goalSpace, blend, settings.interpolateFans);
            // The second steps of a list of end blends, several at a time; best2 moves in the
            // list's order.
            int best2 = 0;
            auto secondSteps = [&](const int* steps, int n) {
                Pose2 next[kMaxZ];
                float costs[kMaxZ];
                mixSamples(mix, secondFrames, fans2, thirdFrames, steps, n, next);
                const glm::vec2 along = directionOf(end[z].heading);
                for (int k = 0; k < n; ++k) next[k] = compose(end[z], along, next[k]);
                secondStepCosts(model, end[z], std::span<const Pose2>(next, n), model.horizon, model.horizon, goal,
                                intercept, integral[z], costs);
                for (int k = 0; k < n; ++k) {
                    second2[steps[k]] = costs[k];
                    if (second2[steps[k]] < second2[best2]) best2 = steps[k];
                }
            };
            for (int z2 = 0; z2 < Z; ++z2) second2[z2] = kInf;
            listed = 0;
            for (int z2 = 0;; z2 = std::min(z2 + kCoarseStride, Z - 1)) {
                list[listed++] = z2;
                if (z2 == Z - 1) break;
            }
            secondSteps(list, listed);
            const int coarseBest = best2;
            listed = 0;
            for (int z2 = std::max(0, coarseBest - kCoarseStride + 1); z2 < std::min(Z, coarseBest + kCoarseStride); ++z2)
                if (!(second2[z2] < kInf)) list[listed++] = z2;
            secondSteps(list, listed);
            cost[z] = std::min(cost[z], second2[best2]);
            if (cost[z] < cost[bestZ]) bestZ = z;
        }
    }
    // Keep to the last decision unless another is clearly quicker: near the edge of a turning
    // circle, turning in and turning out first cost about the same, and switching between them
    // at every step is what orbits a goal.
    const float commitment = goalWorld.velocity == glm::vec2(0.0f) ? settings.commitment : settings.movingCommitment;
    if (inputs.front().target >= 0.0f && commitment > 0.0f) {
        bestZ = 0;
        for (int z = 0; z < Z; ++z) {
            cost[z] += commitment * std::abs(static_cast<float>(z) / static_cast<float>(Z - 1) - inputs.front().target);
            if (cost[z] < cost[bestZ]) bestZ = z;
        }
    }
    // Between the best sample and its neighbours, the minimum of the parabola through their costs.
    if (coarse) {
        // Neighbours not yet scored (and the commitment on them) for the parabola.
        const int keep = bestZ;
        listed = 0;
        for (int z = std::max(0, keep - 1); z <= std::min(Z - 1, keep + 1); ++z)
            if (!scored[z]) list[listed++] = z;
        scoreList(list, listed);
        if (inputs.front().target >= 0.0f && commitment > 0.0f)
            for (int k = 0; k < listed; ++k)
                cost[list[k]] += commitment * std::abs(static_cast<float>(list[k]) / static_cast<float>(Z - 1) -
                                                       inputs.front().target);
        bestZ = keep;
    }
    float offset = 0.0f;
    if (bestZ > 0 && bestZ < Z - 1 && std::isfinite(cost[bestZ - 1]) && std::isfinite(cost[bestZ + 1])) {
        const float curvature = cost[bestZ - 1] - 2.0f * cost[bestZ] + cost[bestZ + 1];
        if (curvature > 1e-6f) offset = std::clamp(0.5f * (cost[bestZ - 1] - cost[bestZ + 1]) / curvature, -0.5f, 0.5f);
    }
    SteerDecision decision;
    decision.blend = (static_cast<float>(bestZ) + offset) / static_cast<float>(Z - 1);
    decision.seconds = cost[bestZ];
    decision.lookedAhead = lookAhead;
    return decision;
}

}  // namespace

SteerDecision steerTarget(std::span<const SteerInput> inputs, const GroundFrame& ground,
                          const SteerGoal& movingGoal, const SteerSettings& settings, bool wasEscaping,
                          std::span<glm::vec2> fan) {
    SteerDecision decision;
    if (inputs.empty()) return decision;
    const glm::vec2 goal = movingGoal.position;
    const int Z = inputs.front().goalSpace->endBlends;
    const glm::vec2 origin(ground.x, ground.z);
    const glm::vec2 toGoal = goal - origin;
    const float goalDistance = glm::length(toGoal);
    const glm::vec2 direction = goalDistance > 1e-6f ? toGoal / goalDistance : glm::vec2(0, 1);
    const glm::vec3 goalLocal3 = ground.toLocal(glm::vec3(goal.x, 0.0f, goal.y));
    const glm::vec2 goalLocal(goalLocal3.x, goalLocal3.z);

    // The steer space of the style mix: sample z of every space (same end blend), each
    // interpolated in polar coordinates between the two fans bracketing the current blend, then
    // averaged by style weight (the mix moves by the weighted average of the spaces' motion).
    constexpr int kMaxZ = 256;
    // The predicted pick scores its own samples; the steer space here is only for drawing.
    const bool predicted = settings.pick == SteerSettings::Pick::Predicted;
    if (predicted && fan.empty()) return predictedTarget(inputs, movingGoal, ground, settings);
    glm::vec2 local[kMaxZ];
    for (int z = 0; z < Z && z < kMaxZ; ++z) local[z] = glm::vec2(0.0f);
    float reach = 0.0f;
    for (const SteerInput& in : inputs) {
        const FanPair f = fanPair(*in.goalSpace, in.blend, settings.interpolateFans);
        for (int z = 0; z < Z && z < kMaxZ; ++z) {
            const Pose2 p = fanSample(in, in.startFrame, f, z);
            local[z] += in.weight * in.rate * p.p;
            reach += in.weight * in.rate * glm::length(p.p) / static_cast<float>(Z);
        }
    }
    if (predicted) {
        for (int z = 0; z < Z && static_cast<size_t>(z) < fan.size(); ++z) {
            const glm::vec3 w = ground.toWorld(glm::vec3(local[z].x, 0.0f, local[z].y));
            fan[z] = glm::vec2(w.x, w.z);
        }
        return predictedTarget(inputs, movingGoal, ground, settings);
    }
    // A goal inside the turning circle (the arc through the fan's sharpest sample on the goal's
    // side) would be orbited forever: walk straight on until it lies well outside, then turn.
    // The way out is wider than the way in, so the character does not dither at the edge.
    if (settings.escapeTurningCircle &&
        turningCircleRatio(inputs, goalLocal) <
            (wasEscaping ? settings.escapeExitFactor : settings.turningCircleMargin)) {
        decision.escaping = true;
        return decision;
    }

    // A goal nearer than the fan's reach: the line to it runs out before the samples, so rank
    // the samples by how close the arc from the character through each passes the goal.
    const bool nearGoal = settings.pick == SteerSettings::Pick::NearestLine && goalDistance < reach;

    float distance[kMaxZ] = {};
    int bestZ = 0;
    for (int z = 0; z < Z && z < kMaxZ; ++z) {
        const glm::vec3 w = ground.toWorld(glm::vec3(local[z].x, 0.0f, local[z].y));
        const glm::vec2 point(w.x, w.z);
        if (static_cast<size_t>(z) < fan.size()) fan[z] = point;
        float d;
        if (nearGoal) d = arcMiss(local[z], goalLocal);
        else if (settings.pick == SteerSettings::Pick::NearestLine) d = distanceToRay(point, origin, direction);
        else d = glm::distance(point, goal);
        distance[z] = d;
        if (d < distance[bestZ]) bestZ = z;
    }
    // The second neighbour is the nearer of the best sample's two fan neighbours: two samples on
    // opposite sides of the fan (a goal behind) would otherwise average to going straight.
    const int last = std::min(Z, kMaxZ) - 1;
    int secondZ = bestZ == 0 ? 1 : bestZ == last ? last - 1
                  : (distance[bestZ - 1] <= distance[bestZ + 1] ? bestZ - 1 : bestZ + 1);
    const float best[2] = {distance[bestZ], distance[secondZ]};
    const float endBlend = 1.0f / static_cast<float>(Z - 1);
    const float b0 = static_cast<float>(bestZ) * endBlend;
    if (settings.neighbours == 1 || best[0] + best[1] <= 1e-9f) {
        decision.blend = b0;
        return decision;
    }
    const float b1 = static_cast<float>(secondZ) * endBlend;
    decision.blend = (best[1] * b0 + best[0] * b1) / (best[0] + best[1]);
    return decision;
}

}  // namespace gs

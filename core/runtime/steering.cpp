#include <gaitspace/runtime/steering.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "core/runtime/dubins.h"
#include "core/runtime/steer_paths.h"
#include "core/runtime/steer_prediction.h"
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

// The goal space's sample of one space for end blend z, from start frame x between two fans:
// the fans interpolated in polar coordinates.
Pose2 fanSample(const SteerInput& in, int x, const FanPair& f, int z) {
    const GoalPolar a = polarAt(in, x, f.y0, z), b = polarAt(in, x, f.y1, z);
    const float r = glm::mix(a.r, b.r, f.t);
    return {r * directionOf(glm::mix(a.bearing, b.bearing, f.t)),
            glm::mix(a.heading, b.heading, f.t)};
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

SteerDecision steerTarget(std::span<const SteerInput> inputs, const GroundFrame& ground,
                          const SteerGoal& movingGoal, const SteerSettings& settings,
                          bool wasEscaping, std::span<glm::vec2> fan) {
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
        if (nearGoal)
            d = arcMiss(local[z], goalLocal);
        else if (settings.pick == SteerSettings::Pick::NearestLine)
            d = distanceToRay(point, origin, direction);
        else
            d = glm::distance(point, goal);
        distance[z] = d;
        if (d < distance[bestZ]) bestZ = z;
    }
    // The second neighbour is the nearer of the best sample's two fan neighbours: two samples on
    // opposite sides of the fan (a goal behind) would otherwise average to going straight.
    const int last = std::min(Z, kMaxZ) - 1;
    int secondZ = bestZ == 0 ? 1
                  : bestZ == last
                      ? last - 1
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

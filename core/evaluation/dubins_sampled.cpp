#include "core/evaluation/dubins_sampled.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include <glm/glm.hpp>

namespace gs {
namespace {

constexpr float kPi = std::numbers::pi_v<float>;
constexpr float kInf = std::numeric_limits<float>::infinity();

// Dubins' paths that turn first to `side` (+1 left, -1 right) by `first`: turn then straight,
// and turn then turn back by each of `back`. Seconds.
float firstTurnTime(const glm::vec2& goal, float side, const SteadyTurn& first,
                    std::span<const SteadyTurn> back, float straightSpeed) {
    const float r1 = first.radius;
    float best = kInf;
    const int steps = 6284;  // 0.001 rad
    // Turn-then-straight: the first heading from which the goal lies dead ahead.
    float prevCross = 0.0f;
    for (int i = 0; i <= steps; ++i) {
        const float a = 2.0f * kPi * i / steps;
        const glm::vec2 p(side * r1 * (1.0f - std::cos(a)), r1 * std::sin(a));
        const glm::vec2 f(side * std::sin(a), std::cos(a));
        const glm::vec2 d = goal - p;
        const float cross = f.x * d.y - f.y * d.x;
        if (i > 0 && (cross == 0.0f || (cross > 0.0f) != (prevCross > 0.0f)) &&
            glm::dot(f, d) > 0.0f) {
            best = r1 * a / first.speed + glm::length(d) / straightSpeed;
            break;
        }
        prevCross = cross;
    }
    // Turn-then-turn the other way, for goals inside the other way's turning circle (outside
    // it, turning toward the goal's side first is quicker).
    for (const SteadyTurn& second : back) {
        const float r2 = second.radius;
        if (!(r2 > 0.0f) || !std::isfinite(r2)) continue;
        if (glm::distance(goal, glm::vec2(-side * r2, 0.0f)) >= r2) continue;
        float prevGap = 0.0f;
        for (int i = 0; i <= steps; ++i) {
            const float a = 2.0f * kPi * i / steps;
            const glm::vec2 p(side * r1 * (1.0f - std::cos(a)), r1 * std::sin(a));
            const glm::vec2 f(side * std::sin(a), std::cos(a));
            const glm::vec2 left(f.y, -f.x);
            const glm::vec2 centre = p - side * r2 * left;
            const float gap = glm::length(goal - centre) - r2;
            if (i > 0 && (gap == 0.0f || (gap > 0.0f) != (prevGap > 0.0f))) {
                const glm::vec2 d = goal - p;
                const float gx = glm::dot(d, left), gz = glm::dot(d, f);
                float b = std::atan2(gz / r2, 1.0f + side * gx / r2);
                if (b < 0.0f) b += 2.0f * kPi;
                best = std::min(best, r1 * a / first.speed + r2 * b / second.speed);
            }
            prevGap = gap;
        }
    }
    return best;
}

}  // namespace

float dubinsTimeSampled(float x, float z, std::span<const SteadyTurn> left,
                        std::span<const SteadyTurn> right, float straightSpeed) {
    const glm::vec2 goal(x, z);
    float best = kInf;
    for (float side : {1.0f, -1.0f}) {
        const std::span<const SteadyTurn> turns = side > 0.0f ? left : right;
        const std::span<const SteadyTurn> back = side > 0.0f ? right : left;
        bool turned = false;
        for (const SteadyTurn& t : turns) {
            if (!(t.radius > 0.0f) || !std::isfinite(t.radius)) continue;
            turned = true;
            best = std::min(best, firstTurnTime(goal, side, t, back, straightSpeed));
        }
        if (!turned)
            best = std::min(
                best, glm::length(goal) / straightSpeed);  // cannot turn that way: straight only
    }
    return best;
}

float dubinsReachDistanceSampled(float x, float z, float radiusLeft, float radiusRight,
                                 float reach) {
    const glm::vec2 goal(x, z);
    if (glm::length(goal) <= reach) return 0.0f;
    float best = kInf;
    const int steps = 6284;  // 0.001 rad
    for (float side : {1.0f, -1.0f}) {
        const float r1 = side > 0.0f ? radiusLeft : radiusRight;
        const float r2 = side > 0.0f ? radiusRight : radiusLeft;
        if (!(r1 > 0.0f) || !std::isfinite(r1)) {  // cannot turn that way: straight on only
            const float perp = std::abs(goal.x);
            if (goal.y > 0.0f && perp <= reach)
                best = std::min(best, goal.y - std::sqrt(reach * reach - perp * perp));
            continue;
        }
        for (int i = 0; i <= steps; ++i) {
            const float a = 2.0f * kPi * i / steps;
            const float arc = r1 * a;
            if (arc >= best) break;
            const glm::vec2 p(side * r1 * (1.0f - std::cos(a)), r1 * std::sin(a));
            const glm::vec2 f(side * std::sin(a), std::cos(a));
            const glm::vec2 d = goal - p;
            if (glm::length(d) <= reach) {  // the turn itself comes within reach
                best = std::min(best, arc);
                break;
            }
            // Straight on from here.
            const float along = glm::dot(d, f);
            const float perp2 = glm::dot(d, d) - along * along;
            if (along > 0.0f && perp2 <= reach * reach)
                best = std::min(best, arc + along - std::sqrt(reach * reach - perp2));
            // A turn back the other way: where its circle first enters the reach.
            if (!(r2 > 0.0f) || !std::isfinite(r2)) continue;
            const glm::vec2 left(f.y, -f.x);  // the first turn's side, seen from the walker
            const glm::vec2 centre = p - side * r2 * left;
            const glm::vec2 toGoal = goal - centre;
            const float g = glm::length(toGoal);
            if (g > r2 + reach || g < r2 - reach || g < 1e-6f) continue;
            const float cosPhi =
                std::clamp((r2 * r2 + g * g - reach * reach) / (2.0f * r2 * g), -1.0f, 1.0f);
            const float phi = std::acos(cosPhi);
            const glm::vec2 fromCentre = p - centre;
            const float start = std::atan2(fromCentre.y, fromCentre.x);
            const float turn = (fromCentre.x * f.y - fromCentre.y * f.x) > 0.0f
                                   ? 1.0f
                                   : -1.0f;  // angular direction
            const float towards = std::atan2(toGoal.y, toGoal.x);
            float b = kInf;
            for (float entry : {towards - phi, towards + phi}) {
                float angle = std::fmod(turn * (entry - start), 2.0f * kPi);
                if (angle < 0.0f) angle += 2.0f * kPi;
                b = std::min(b, angle);
            }
            best = std::min(best, arc + r2 * b);
        }
    }
    return best;
}

float dubinsDistanceSampled(float x, float z, float radiusLeft, float radiusRight) {
    const SteadyTurn left{radiusLeft, 1.0f}, right{radiusRight, 1.0f};
    return dubinsTimeSampled(x, z, std::span<const SteadyTurn>(&left, 1),
                             std::span<const SteadyTurn>(&right, 1), 1.0f);
}

}  // namespace gs

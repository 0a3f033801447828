#include "core/steering.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace gs {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

float tableAt(const std::vector<float>& table, float x) {
    const int n = static_cast<int>(table.size()) - 1;
    x = std::clamp(x, 0.0f, static_cast<float>(n));
    const int i = std::min(static_cast<int>(x), n - 1);
    return table[i] + (table[i + 1] - table[i]) * (x - static_cast<float>(i));
}

float distanceToRay(const glm::vec2& p, const glm::vec2& origin, const glm::vec2& direction) {
    const glm::vec2 d = p - origin;
    const float t = std::max(0.0f, glm::dot(d, direction));
    return glm::length(d - direction * t);
}

// Index of the goal space's start frame crossed when the space's phase moved from u0 to u1
// (u1 may have wrapped), or -1.
int crossedStartFrame(const GoalSpace& gs, float u0, float u1, float period) {
    if (u1 < u0) u1 += period;
    for (int x = 0; x < gs.startFrameCount(); ++x) {
        const float f = gs.startFrames[x];
        if ((f > u0 && f <= u1) || (f + period > u0 && f + period <= u1)) return x;
    }
    return -1;
}

// The start frame at or just before u (for a character that has not moved yet).
int startFrameAtOrBefore(const GoalSpace& gs, float u) {
    int best = gs.startFrameCount() - 1;
    for (int x = 0; x < gs.startFrameCount(); ++x)
        if (gs.startFrames[x] <= u + 1e-3f) best = x;
    return best;
}

}  // namespace

Status SteerSettings::validate() const {
    if (neighbours != 1 && neighbours != 2) return Status::error("steering: neighbours must be 1 or 2");
    if (!(turningCircleMargin >= 1.0f) || !std::isfinite(turningCircleMargin))
        return Status::error("steering: turning-circle margin must be >= 1");
    return Status::ok();
}

Status SteeringSpace::validate() const {
    if (!space) return Status::error("steering: no behavioral space");
    if (goalSpaces.size() != space->spaces.size())
        return Status::error("steering: one goal space per motion space is needed");
    for (const GoalSpace& g : goalSpaces)
        if (Status s = g.validate(); !s) return s;
    return Status::ok();
}

float turningRadiusLeft(const BakedMotionSpace& space) {
    const float k = space.clips.back().curvature;
    return k > 1e-4f ? 1.0f / k : kInf;
}

float turningRadiusRight(const BakedMotionSpace& space) {
    const float k = space.clips.front().curvature;
    return k < -1e-4f ? -1.0f / k : kInf;
}

float steerTarget(const GoalSpace& goalSpace, const BakedMotionSpace& space, int startFrame,
                  float blend, const GroundFrame& ground, const glm::vec2& goal,
                  const SteerSettings& settings, std::span<glm::vec2> fan) {
    const int Y = goalSpace.startBlends, Z = goalSpace.endBlends;
    const float p = std::clamp(blend, 0.0f, 1.0f) * static_cast<float>(Y - 1);
    int y0 = std::min(static_cast<int>(p), Y - 2);
    float t = p - static_cast<float>(y0);
    if (!settings.interpolateFans) {
        y0 = static_cast<int>(std::lround(p));
        t = 0.0f;
    }
    const int y1 = std::min(y0 + 1, Y - 1);
    const glm::vec2 origin(ground.x, ground.z);
    const glm::vec2 toGoal = goal - origin;
    const float goalDistance = glm::length(toGoal);
    const glm::vec2 direction = goalDistance > 1e-6f ? toGoal / goalDistance : glm::vec2(0, 1);

    // A goal inside a turning circle: straight on until it lies outside.
    if (settings.escapeTurningCircle) {
        const glm::vec3 local = ground.toLocal(glm::vec3(goal.x, 0.0f, goal.y));
        const float rl = turningRadiusLeft(space) * settings.turningCircleMargin;
        const float rr = turningRadiusRight(space) * settings.turningCircleMargin;
        const bool insideLeft = rl < kInf && std::hypot(local.x - rl, local.z) < rl;
        const bool insideRight = rr < kInf && std::hypot(local.x + rr, local.z) < rr;
        if (insideLeft || insideRight) return space.blendOf(space.reference);
    }

    float best[2] = {kInf, kInf};
    int bestZ[2] = {0, 0};
    for (int z = 0; z < Z; ++z) {
        const GoalSample& a = goalSpace.at(startFrame, y0, z);
        const GoalSample& b = goalSpace.at(startFrame, y1, z);
        // Polar interpolation about the character: radius and bearing separately.
        const float r = glm::mix(std::hypot(a.x, a.z), std::hypot(b.x, b.z), t);
        const float bearing = glm::mix(std::atan2(a.x, a.z), std::atan2(b.x, b.z), t);
        const glm::vec3 w = ground.toWorld(glm::vec3(r * std::sin(bearing), 0.0f, r * std::cos(bearing)));
        const glm::vec2 point(w.x, w.z);
        if (static_cast<size_t>(z) < fan.size()) fan[z] = point;
        const float d = settings.pick == SteerSettings::Pick::NearestLine
                            ? distanceToRay(point, origin, direction)
                            : glm::distance(point, goal);
        if (d < best[0]) {
            best[1] = best[0];
            bestZ[1] = bestZ[0];
            best[0] = d;
            bestZ[0] = z;
        } else if (d < best[1]) {
            best[1] = d;
            bestZ[1] = z;
        }
    }
    const float b0 = goalSpace.endBlend(bestZ[0]);
    if (settings.neighbours == 1 || best[1] == kInf || best[0] + best[1] <= 1e-9f) return b0;
    const float b1 = goalSpace.endBlend(bestZ[1]);
    return (best[1] * b0 + best[0] * b1) / (best[0] + best[1]);
}

Status SteerJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!steering) return Status::error("steering: no goal spaces");
    if (Status s = steering->validate(); !s) return s;
    if (goals.size() < characters.size()) return Status::error("steering: fewer goals than characters");
    for (size_t c = 0; c < characters.size(); ++c)
        if (!std::isfinite(goals[c].x) || !std::isfinite(goals[c].y))
            return Status::error("steering: goal of character " + std::to_string(c) + " is not finite");
    return Status::ok();
}

Status SteerJob::run() {
    if (Status s = validate(); !s) return s;
    const BakedBehavioralSpace& bs = *steering->space;
    for (size_t c = 0; c < characters.size(); ++c) {
        CharacterState& st = characters[c];
        for (size_t s = 0; s < bs.spaces.size(); ++s) {
            const BakedMotionSpace& ms = bs.spaces[s];
            const GoalSpace& goalSpace = steering->goalSpaces[s];
            const float period = static_cast<float>(ms.referenceCycleFrames());
            const float u1 = tableAt(bs.phaseMap[s], st.phase);
            int x;
            if (st.frame == 0) {
                x = startFrameAtOrBefore(goalSpace, u1);
            } else {
                const float u0 = tableAt(bs.phaseMap[s], st.previousPhase);
                x = crossedStartFrame(goalSpace, u0, u1, period);
            }
            if (x < 0) continue;
            st.blendTarget[s] = steerTarget(goalSpace, ms, x, st.blend[s], st.ground, goals[c], settings);
        }
    }
    return Status::ok();
}

Status NaiveSteerJob::validate() const {
    if (!space) return Status::error("naive steering: no behavioral space");
    if (goals.size() < characters.size()) return Status::error("naive steering: fewer goals than characters");
    if (!(gain > 0.0f) || !std::isfinite(gain)) return Status::error("naive steering: gain must be > 0");
    return Status::ok();
}

Status NaiveSteerJob::run() {
    if (Status s = validate(); !s) return s;
    for (size_t c = 0; c < characters.size(); ++c) {
        CharacterState& st = characters[c];
        const glm::vec3 local = st.ground.toLocal(glm::vec3(goals[c].x, 0.0f, goals[c].y));
        const float angle = std::atan2(local.x, local.z);  // + = goal to the left
        for (size_t s = 0; s < space->spaces.size(); ++s) {
            const BakedMotionSpace& ms = space->spaces[s];
            st.blendTarget[s] = std::clamp(ms.blendOf(ms.reference) + gain * angle, 0.0f, 1.0f);
        }
    }
    return Status::ok();
}

}  // namespace gs

#include "core/steering.h"


#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>


namespace gs {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();


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
    if (left ? turn <= 1e-3f : turn >= -1e-3f) return kInf;
    const float radius = speed / std::abs(turn);
    const glm::vec2 centre(left ? radius : -radius, 0.0f);
    return glm::length(goalLocal - centre) / radius;
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


}  // namespace

Status SteerSettings::validate() const {
    if (neighbours != 1 && neighbours != 2) return Status::error("steering: neighbours must be 1 or 2");
    if (!(turningCircleMargin > 0.0f) || !std::isfinite(turningCircleMargin))
        return Status::error("steering: turning-circle margin must be > 0");
    if (!(escapeExitFactor >= turningCircleMargin) || !std::isfinite(escapeExitFactor))
        return Status::error("steering: the escape exit factor must be >= the turning-circle margin");
    return Status::ok();
}

Status SteeringSpace::validate() const {
    if (!space) return Status::error("steering: no behavioral space");
    if (goalSpaces.size() != space->spaces.size())
        return Status::error("steering: one goal space per motion space is needed");
    for (const GoalSpace& g : goalSpaces) {
        if (Status s = g.validate(); !s) return s;
        if (g.endBlends != goalSpaces.front().endBlends)
            return Status::error("steering: every goal space needs the same number of end blends (Z)");
        if (g.endBlends > 256) return Status::error("steering: at most 256 end blends (Z)");
    }
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

SteerDecision steerTarget(std::span<const SteerInput> inputs, const GroundFrame& ground,
                          const glm::vec2& goal, const SteerSettings& settings, bool wasEscaping,
                          std::span<glm::vec2> fan) {
    SteerDecision decision;
    if (inputs.empty()) return decision;
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
    glm::vec2 local[kMaxZ];
    for (int z = 0; z < Z && z < kMaxZ; ++z) local[z] = glm::vec2(0.0f);
    float reach = 0.0f;
    for (const SteerInput& in : inputs) {
        const GoalSpace& gs = *in.goalSpace;
        const int Y = gs.startBlends;
        const float p = std::clamp(in.blend, 0.0f, 1.0f) * static_cast<float>(Y - 1);
        int y0 = std::min(static_cast<int>(p), Y - 2);
        float t = p - static_cast<float>(y0);
        if (!settings.interpolateFans) {
            y0 = static_cast<int>(std::lround(p));
            t = 0.0f;
        }
        const int y1 = std::min(y0 + 1, Y - 1);
        for (int z = 0; z < Z && z < kMaxZ; ++z) {
            const GoalSample& a = gs.at(in.startFrame, y0, z);
            const GoalSample& b = gs.at(in.startFrame, y1, z);
            const float r = glm::mix(std::hypot(a.x, a.z), std::hypot(b.x, b.z), t);
            const float bearing = glm::mix(std::atan2(a.x, a.z), std::atan2(b.x, b.z), t);
            local[z] += in.weight * in.rate * glm::vec2(r * std::sin(bearing), r * std::cos(bearing));
            reach += in.weight * in.rate * r / static_cast<float>(Z);
        }
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

    float distance[kMaxZ];
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

void SteerJob::borrowTighterStyle(const BakedBehavioralSpace& bs, const glm::vec2& goal,
                                  const SteerDecision& decision, CharacterState& st) const {
    const int spaceCount = static_cast<int>(bs.spaces.size());
    const glm::vec3 local3 = st.ground.toLocal(glm::vec3(goal.x, 0.0f, goal.y));
    const glm::vec2 local(local3.x, local3.z);
    auto alone = [&](int s) {
        return SteerInput{&steering->goalSpaces[s], &bs.spaces[s], 0, 0.5f, 1.0f, 1.0f};
    };
    if (st.styleOverridden) {
        // Give the style back once the goal lies well outside the chosen mix's circle.
        int dominant = 0;
        for (int s = 1; s < spaceCount; ++s)
            if (st.userStyle[s] > st.userStyle[dominant]) dominant = s;
        SteerInput mix[kMaxSpaces];
        int count = 0;
        for (int s = 0; s < spaceCount; ++s) {
            if (st.userStyle[s] <= 1e-3f) continue;
            mix[count] = alone(s);
            mix[count].weight = st.userStyle[s];
            mix[count++].rate = static_cast<float>(bs.spaces[s].referenceCycleFrames()) /
                                static_cast<float>(bs.spaces[dominant].referenceCycleFrames());
        }
        if (turningCircleRatio(std::span(mix, count), local) >= settings.escapeExitFactor) {
            st.styleTarget = st.userStyle;
            st.styleOverridden = false;
        }
        return;
    }
    if (!decision.escaping) return;
    // The slowest space whose own circle leaves the goal outside, if any.
    int best = -1;
    for (int s = 0; s < spaceCount; ++s) {
        const SteerInput in = alone(s);
        if (turningCircleRatio(std::span(&in, 1), local) < settings.escapeExitFactor) continue;
        const float speed = bs.spaces[s].clips[bs.spaces[s].reference].speed;
        if (best < 0 || speed < bs.spaces[best].clips[bs.spaces[best].reference].speed) best = s;
    }
    if (best < 0) return;
    st.userStyle = st.styleTarget;
    st.styleOverridden = true;
    st.styleTarget.fill(0.0f);
    st.styleTarget[best] = 1.0f;
    st.steerEscaping = false;
}

Status SteerJob::run() {
    if (Status s = validate(); !s) return s;
    const BakedBehavioralSpace& bs = *steering->space;
    const int spaceCount = static_cast<int>(bs.spaces.size());
    for (size_t c = 0; c < characters.size(); ++c) {
        CharacterState& st = characters[c];
        // Steer when the dominant space's phase crossed one of its start frames (or at the start).
        int dominant = 0;
        for (int s = 1; s < spaceCount; ++s)
            if (st.styleWeight[s] > st.styleWeight[dominant]) dominant = s;
        const GoalSpace& dominantGoals = steering->goalSpaces[dominant];
        int m0, m1;
        float mw0, mw1;
        bs.spaces.front().clipWeights(st.blend[0], m0, m1, mw0, mw1);
        const float uNow = bs.spacePhase(dominant, st.phase, m0, m1, mw0, mw1);
        if (st.frame > 0) {
            const float uBefore = bs.spacePhase(dominant, st.previousPhase, m0, m1, mw0, mw1);
            const float period = static_cast<float>(bs.spaces[dominant].referenceCycleFrames());
            if (crossedStartFrame(dominantGoals, uBefore, uNow, period) < 0) continue;
        }
        SteerInput inputs[kMaxSpaces];
        int count = 0;
        for (int s = 0; s < spaceCount; ++s) {
            if (st.styleWeight[s] <= 1e-3f) continue;
            const GoalSpace& g = steering->goalSpaces[s];
            const float u = bs.spacePhase(s, st.phase, m0, m1, mw0, mw1);
            const float rate = static_cast<float>(bs.spaces[s].referenceCycleFrames()) /
                               static_cast<float>(bs.spaces[dominant].referenceCycleFrames());
            inputs[count++] = {&g, &bs.spaces[s], g.startFrameAt(u), st.blend[s],
                               st.styleWeight[s], rate};
        }
        float total = 0.0f;
        for (int k = 0; k < count; ++k) total += inputs[k].weight;
        for (int k = 0; k < count; ++k) inputs[k].weight /= total;
        const SteerDecision d = steerTarget(std::span<const SteerInput>(inputs, count), st.ground,
                                            goals[c], settings, st.steerEscaping);
        st.steerEscaping = d.escaping;
        for (int s = 0; s < spaceCount; ++s)
            st.blendTarget[s] = d.escaping ? bs.spaces[s].blendOf(bs.spaces[s].reference) : d.blend;
        if (settings.preferTighterStyles && spaceCount > 1) borrowTighterStyle(bs, goals[c], d, st);
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

// The per-character steering jobs: SteerJob (goal-space steering, deciding at start frames and
// on the final approach) and NaiveSteerJob (the baseline). The decisions are in steering.cpp.

#include <algorithm>
#include <cmath>
#include <string>

#include <gaitspace/runtime/limits.h>
#include <gaitspace/runtime/arrival_job.h>
#include <gaitspace/runtime/steering.h>
#include "core/runtime/float_environment.h"
#include "core/runtime/steering_detail.h"
#include "core/runtime/warp_lookup.h"

namespace gs {
namespace steering_detail {

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

int decisionInputs(const SteeringSpace& steering, const SteeringTables* tables,
                   const CharacterState& st, SteerInput* inputs) {
    const BakedBehavioralSpace& bs = *steering.space;
    const int spaceCount = static_cast<int>(bs.spaces.size());
    int dominant = 0;
    for (int s = 1; s < spaceCount; ++s)
        if (st.styleWeight[s] > st.styleWeight[dominant]) dominant = s;
    int m0, m1;
    float mw0, mw1;
    bs.spaces.front().clipWeights(st.blend[0], m0, m1, mw0, mw1);
    int count = 0;
    for (int s = 0; s < spaceCount; ++s) {
        if (st.styleWeight[s] <= limits::kNegligibleWeight) continue;
        const GoalSpace& g = steering.goalSpaces[s];
        const float u = detail::spacePhaseOf(bs, s, st.phase, m0, m1, mw0, mw1);
        const float rate = static_cast<float>(bs.spaces[s].referenceCycleFrames()) /
                           static_cast<float>(bs.spaces[dominant].referenceCycleFrames());
        inputs[count++] = {&g,
                           &bs.spaces[s],
                           g.startFrameAt(u),
                           st.blend[s],
                           st.styleWeight[s],
                           rate,
                           st.frame > 0 ? st.blendTarget[s] : -1.0f,
                           tables ? tables->polar[s].data() : nullptr};
    }
    float total = 0.0f;
    for (int k = 0; k < count; ++k) total += inputs[k].weight;
    for (int k = 0; k < count; ++k) inputs[k].weight /= total;
    return count;
}

}  // namespace steering_detail

using steering_detail::crossedStartFrame;
using steering_detail::decisionInputs;

using steering_detail::kFarDecisions;
using steering_detail::kFarSteps;
using steering_detail::turningCircleRatio;

// Keeping pace with a moving goal (SteerJob::keepPace): the share of the slowest style (within
// kPaceRange metres of the goal) or of the fastest is integrated toward the goal's speed plus
// kPaceGain per metre the goal is ahead along its way, a whole style's difference in speed moving
// it wholly in kPaceSeconds (faster for errors over kPaceQuickError); only toward a style at
// least kPaceSpan m/s off the user's.
constexpr float kPaceRange = 6.0f;
constexpr float kPaceGain = 0.5f;
constexpr float kPaceSeconds = 2.0f;
constexpr float kPaceQuickError = 0.4f;  // m/s
constexpr float kPaceSpan = 0.1f;
constexpr float kPaceTieBand = 0.2f;  // the slowest style's weight lead kept clear of, either way

namespace {

// The largest style weight in `weights` but that of `style`.
float largestOther(const std::array<float, kMaxSpaces>& weights, int style, int spaceCount) {
    float most = 0.0f;
    for (int s = 0; s < spaceCount; ++s)
        if (s != style) most = std::max(most, weights[s]);
    return most;
}

// The share of `style` (the slowest or the fastest) to give when `wanted` is wanted. Time
// follows the most heavily weighted style, so the speed jumps where that style takes over or
// gives way: the share is kept out of kPaceTieBand about that tie, on the side the last target
// was on, until the share wanted has crossed the band (the pace then alternates either side of
// the goal's).
float clearOfTie(const CharacterState& st, int style, int spaceCount, float wanted) {
    const float lead =
        st.userStyle[style] - largestOther(st.userStyle, style, spaceCount);  // at share 0
    auto edge = [&](float side) {
        return std::clamp((side * kPaceTieBand - lead) / (1.0f - lead), 0.0f, 1.0f);
    };
    if (wanted <= edge(-1.0f) || wanted >= edge(1.0f)) return wanted;
    const bool leads = st.styleTarget[style] > largestOther(st.styleTarget, style, spaceCount);
    return leads ? edge(1.0f) : edge(-1.0f);
}

}  // namespace

Status SteerJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!steering) return Status::error("steering: no goal spaces");
    if (Status s = steering->validate(); !s) return s;
    if (goals.size() < characters.size())
        return Status::error("steering: fewer goals than characters");
    for (size_t c = 0; c < characters.size(); ++c)
        if (!std::isfinite(goals[c].x) || !std::isfinite(goals[c].y))
            return Status::error("steering: goal of character " + std::to_string(c) +
                                 " is not finite");
    if (!goalVelocities.empty()) {
        if (goalVelocities.size() < characters.size())
            return Status::error("steering: fewer goal velocities than characters");
        for (size_t c = 0; c < characters.size(); ++c)
            if (!std::isfinite(goalVelocities[c].x) || !std::isfinite(goalVelocities[c].y))
                return Status::error("steering: goal velocity of character " + std::to_string(c) +
                                     " is not finite");
    }
    if (!flags.empty() && flags.size() < characters.size())
        return Status::error("steering: fewer flags than characters");
    if (!fans.empty() && fans.size() < characters.size() * steering->goalSpaces.front().endBlends)
        return Status::error("steering: the fan output is smaller than characters x Z");
    return Status::ok();
}

void SteerJob::borrowTighterStyle(const BakedBehavioralSpace& bs, const glm::vec2& goal,
                                  bool insideCircle, CharacterState& st) const {
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
            if (st.userStyle[s] <= limits::kNegligibleWeight) continue;
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
    if (!insideCircle) return;
    // The slowest space whose own circle leaves the goal outside, if any.
    int best = -1;
    for (int s = 0; s < spaceCount; ++s) {
        const SteerInput in = alone(s);
        if (turningCircleRatio(std::span(&in, 1), local) < settings.escapeExitFactor) continue;
        const float speed = bs.spaces[s].clips[bs.spaces[s].reference].speed;
        if (best < 0 || speed < bs.spaces[best].clips[bs.spaces[best].reference].speed) best = s;
    }
    if (best < 0) return;
    if (st.paceShare <= 0.0f)
        st.userStyle = st.styleTarget;  // when pacing, userStyle is the user's
    st.paceShare = 0.0f;
    st.styleOverridden = true;
    st.styleTarget.fill(0.0f);
    st.styleTarget[best] = 1.0f;
    st.steerEscaping = false;
}

void SteerJob::keepPace(const BakedBehavioralSpace& bs, const glm::vec2& goal,
                        const glm::vec2& velocity, CharacterState& st) const {
    if (st.styleOverridden) return;  // a tighter turn borrowed comes first
    const int spaceCount = static_cast<int>(bs.spaces.size());
    auto speedOf = [&](int s) { return bs.spaces[s].clips[bs.spaces[s].reference].speed; };
    int slowest = 0, fastest = 0;
    for (int s = 1; s < spaceCount; ++s) {
        if (speedOf(s) < speedOf(slowest)) slowest = s;
        if (speedOf(s) > speedOf(fastest)) fastest = s;
    }
    const std::array<float, kMaxSpaces>& user =
        st.paceShare != 0.0f ? st.userStyle : st.styleTarget;
    float userSpeed = 0.0f;
    for (int s = 0; s < spaceCount; ++s) userSpeed += user[s] * speedOf(s);
    // The speed a whole share changes, slower (share < 0) and faster (share > 0).
    const float down = userSpeed - speedOf(slowest), up = speedOf(fastest) - userSpeed;
    const float goalSpeed = glm::length(velocity);
    const glm::vec2 at(st.ground.x, st.ground.z);
    float share = 0.0f;
    if (goalSpeed > 0.0f) {
        // Integrated toward the speed that closes the gap along the goal's way at kPaceGain.
        const float along = glm::dot(goal - at, velocity) / goalSpeed;
        const float wanted = goalSpeed + kPaceGain * along;
        const float measured = st.arrival.stepLength * bs.fps;
        // A large error (a goal turning back) is taken out faster than the alternation either side
        // of a tie (below).
        const float error = measured - wanted;
        const float quick = std::abs(error) / kPaceQuickError;
        const float rate = std::max(1.0f, quick * quick) / (kPaceSeconds * bs.fps);
        const bool slower = st.paceShare < 0.0f || (st.paceShare == 0.0f && error > 0.0f);
        share = st.paceShare - error * rate / std::max(slower ? down : up, kPaceSpan);
        // Slower only near the goal, and either way only with a style that far off the user's.
        const bool canSlow = down > kPaceSpan && glm::distance(goal, at) < kPaceRange;
        share = std::clamp(share, canSlow ? -1.0f : 0.0f, up > kPaceSpan ? 1.0f : 0.0f);
    }
    if (share == 0.0f) {
        if (st.paceShare != 0.0f) st.styleTarget = st.userStyle;
        st.paceShare = 0.0f;
        return;
    }
    if (st.paceShare == 0.0f) st.userStyle = st.styleTarget;
    st.paceShare = share;
    const int style = share < 0.0f ? slowest : fastest;
    const float given = clearOfTie(st, style, spaceCount, std::abs(share));
    for (int s = 0; s < spaceCount; ++s)
        st.styleTarget[s] = (1.0f - given) * st.userStyle[s] + (s == style ? given : 0.0f);
}

Status SteerJob::run() {
    if (Status s = validate(); !s) return s;
    const detail::DefaultFloatEnvironment environment;
    const BakedBehavioralSpace& bs = *steering->space;
    const int spaceCount = static_cast<int>(bs.spaces.size());
    const size_t fanSize = static_cast<size_t>(steering->goalSpaces.front().endBlends);
    const std::shared_ptr<const SteeringTables> tables = steering->tables();
    for (size_t c = 0; c < characters.size(); ++c) {
        if (!flags.empty() && !(flags[c] & kSteerActive)) continue;
        if (!steersLoop(characters[c].arrival)) continue;
        const bool now = decideNow || (!flags.empty() && (flags[c] & kSteerNow));
        CharacterState& st = characters[c];
        if (stats) ++stats->characters;
        if (settings.preferTighterStyles && spaceCount > 1 && !goalVelocities.empty() &&
            (goalVelocities[c] != glm::vec2(0.0f) || st.paceShare != 0.0f))
            keepPace(bs, goals[c], goalVelocities[c], st);
        // Steer when the dominant space's phase crossed one of its start frames (or at the start).
        int dominant = 0;
        for (int s = 1; s < spaceCount; ++s)
            if (st.styleWeight[s] > st.styleWeight[dominant]) dominant = s;
        const GoalSpace& dominantGoals = steering->goalSpaces[dominant];
        int m0, m1;
        float mw0, mw1;
        bs.spaces.front().clipWeights(st.blend[0], m0, m1, mw0, mw1);
        const float uNow = detail::spacePhaseOf(bs, dominant, st.phase, m0, m1, mw0, mw1);
        // Within one goal-space step of the goal (Predicted), steer every frame (every other one
        // for a goal that stands still): the last metres decide whether the goal is passed close
        // enough or must be looped back to.
        const float nearby =
            static_cast<float>(dominantGoals.horizon) / bs.fps * dominantGoals.straight.speed;
        const bool finalApproach =
            settings.pick == SteerSettings::Pick::Predicted &&
            glm::distance(glm::vec2(st.ground.x, st.ground.z), goals[c]) < nearby;
        bool atStartFrame = true;
        if (st.frame > 0 && !now) {
            const float uBefore =
                detail::spacePhaseOf(bs, dominant, st.previousPhase, m0, m1, mw0, mw1);
            const float period = static_cast<float>(bs.spaces[dominant].referenceCycleFrames());
            const int crossed = crossedStartFrame(dominantGoals, uBefore, uNow, period);
            atStartFrame = crossed >= 0;
            // Far from a goal that stands still (Predicted), two decisions a cycle suffice: the
            // goal-space step ahead is planned whole, and nothing near can be missed on the way.
            if (atStartFrame && settings.pick == SteerSettings::Pick::Predicted &&
                glm::distance(glm::vec2(st.ground.x, st.ground.z), goals[c]) > kFarSteps * nearby &&
                (goalVelocities.empty() || goalVelocities[c] == glm::vec2(0.0f))) {
                const int every = std::max(1, dominantGoals.startFrameCount() / kFarDecisions);
                atStartFrame = crossed % every == 0;
            }
            if (!atStartFrame && !finalApproach) continue;
            // On the final approach to a goal that stands still, between start frames, every
            // other frame suffices (a moving goal is followed worse so). The figures:
            // docs/results/goal-space-steering.md#the-figures-behind-the-planning-constants
            if (!atStartFrame && (st.frame & 1) != 0 &&
                (goalVelocities.empty() || goalVelocities[c] == glm::vec2(0.0f)))
                continue;
        }
        // Between start frames on the final approach, one goal-space step suffices: the goal is
        // within it, and the full look-ahead is taken again at the next start frame.
        SteerSettings decisionSettings = settings;
        if (!atStartFrame) decisionSettings.lookAhead = 1;
        // A goal to stop on is aimed at itself: its stop is planned from a straight approach.
        if (!flags.empty() && (flags[c] & kSteerArrive)) decisionSettings.arrivalRadius = 0.0f;

        SteerInput inputs[kMaxSpaces];
        const int count = decisionInputs(*steering, tables.get(), st, inputs);
        const SteerGoal goal{goals[c],
                             goalVelocities.empty() ? glm::vec2(0.0f) : goalVelocities[c]};
        const SteerDecision d =
            steerTarget(std::span<const SteerInput>(inputs, count), st.ground, goal,
                        decisionSettings, st.steerEscaping,
                        fans.empty() ? std::span<glm::vec2>() : fans.subspan(c * fanSize, fanSize));
        if (!flags.empty()) flags[c] &= static_cast<std::uint8_t>(~kSteerNow);
        if (stats) {
            ++stats->decisions;
            if (d.lookedAhead) ++stats->lookAheads;
        }
        st.steerEscaping = d.escaping;
        for (int s = 0; s < spaceCount; ++s)
            st.blendTarget[s] = d.escaping ? bs.spaces[s].blendOf(bs.spaces[s].reference) : d.blend;
        if (settings.preferTighterStyles && spaceCount > 1) {
            bool inside = d.escaping;
            if (settings.pick == SteerSettings::Pick::Predicted) {
                const glm::vec3 l = st.ground.toLocal(glm::vec3(goals[c].x, 0.0f, goals[c].y));
                inside = turningCircleRatio(std::span<const SteerInput>(inputs, count),
                                            glm::vec2(l.x, l.z)) < settings.turningCircleMargin;
            }
            borrowTighterStyle(bs, goals[c], inside, st);
        }
    }
    return Status::ok();
}

Status NaiveSteerJob::validate() const {
    if (!space) return Status::error("naive steering: no behavioral space");
    if (goals.size() < characters.size())
        return Status::error("naive steering: fewer goals than characters");
    if (!(gain > 0.0f) || !std::isfinite(gain))
        return Status::error("naive steering: gain must be > 0");
    if (!flags.empty() && flags.size() < characters.size())
        return Status::error("naive steering: fewer flags than characters");
    return Status::ok();
}

Status NaiveSteerJob::run() {
    if (Status s = validate(); !s) return s;
    const detail::DefaultFloatEnvironment environment;
    for (size_t c = 0; c < characters.size(); ++c) {
        if (!flags.empty() && !(flags[c] & kSteerActive)) continue;
        if (!steersLoop(characters[c].arrival)) continue;
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

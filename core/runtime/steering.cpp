#include "core/runtime/steering.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "core/runtime/dubins.h"
#include "core/runtime/steering_detail.h"

namespace gs {
namespace {

using namespace steering_detail;  // Dubins' time and its trigonometry (dubins.h)

// Points along a way at which leaving it for the quickest way is looked at: the first goal-space
// step (for a goal that stands still, and for a moving one, whose cost integrates the distance
// along the way), and the second of a look-ahead. Leaving a way early is what the estimate
// flatters most (the blend cannot change at once). For goals that stand still, judging the first
// step at its middle and end rather than at every quarter (with the planning margin below) took
// the time ratio of brisk walk veer from 1.10-1.13 to 1.03-1.04, of walk + 90 degrees from
// 1.07-1.08 to 1.04-1.05 and of jog + run from 1.16-1.19 to 1.12-1.13 (the others moved by under
// 0.05 either way), and a decision costs half as much.
constexpr int kFirstStepPoints = 2, kMovingFirstStepPoints = 4, kSecondStepPoints = 2;

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

// Where the mix will be, facing which way, in a frame's local coordinates.
struct Pose2 {
    glm::vec2 p{0.0f};  // x = left, y = forward
    float heading = 0.0f;  // of the ground frame (the hips)
    float sway = 0.0f;     // the hips' heading minus the direction of travel
    float travel() const { return heading - sway; }
};

// (sin, cos) of an angle: the unit vector that way (x = left, y = forward).
inline glm::vec2 directionOf(float angle) {
    glm::vec2 d;
    fastSinCos(angle, d.x, d.y);
    return d;
}

// `step` taken from `a`; `d`: directionOf(a.heading), (s, c).
Pose2 compose(const Pose2& a, const glm::vec2& d, const Pose2& step) {
    return {a.p + step.p.x * glm::vec2(d.y, -d.x) + step.p.y * d, a.heading + step.heading, step.sway};
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

// The way on is planned with turns this much wider than the tightest measured: a goal planned
// on the edge of the tightest circle is orbited whenever the real turn (swaying with each step)
// comes out a little wide, while the goal space's own paths still find the goals that the
// tighter real turn passes on the way. Over 200 goals x 3 seeds on 13 spaces and mixes of every
// family, 1.1 / 1.15 / 1.2 / 1.25 missed 23 / 12 / 5 / 7 goals (the misses: goals beside a run
// turning through 90 degrees or a brisk walk veering, at about twice the turning radius, which it
// orbited). Which goals on that edge are missed changes with any change of the motion: once the
// loops' seams no longer jerked the root (motion_space.cpp), 1.15 / 1.2 / 1.25 / 1.3 missed
// 7 / 11 / 4 / 4, and 1.25 was kept (time ratios within 0.002 of 1.2's on average). A moving goal
// is followed, not reached, and keeps 1.1 (and four points on its first step): its mean distance
// on the demo's circle, zigzag and figure 8 moves either way by up to 0.3 m with these, with no
// trend.
constexpr float kPlanRadiusMargin = 1.25f;
constexpr float kMovingPlanRadiusMargin = 1.1f;
// A goal-space path counts as passing the goal this near, in arrival radii (the samples are
// joined by a cubic, and the goal is measured against chords through it at every quarter of a
// step). Until the chords were halved (at every half step, which cut inside a turn by up to
// 0.27 m) this was 0.6; with them halved, over seeds 1-30 (200 goals, 14 spaces and mixes),
// 0.4 / 0.5 / 0.6 came to the same mean time ratios within 0.002 a space on average, and 0.5 had
// the fewest goals missed and late (1 and 72 then, against 3 and 83 before).
constexpr float kPassBy = 0.5f;
// Seconds per metre a predicted pass wider than that costs, up to kMissWindow arrival radii. A
// goal on the edge of the sharpest turn, which the plan (25 % wider) counts as inside it, was
// otherwise only ever reached the long way round: a jog + run mix took a 7 s loop to the left for
// a goal 3.9 m away, 40 degrees to its right, which its sharpest right turn reaches in 1.3 s (the
// goal space predicted that turn to pass a little wider than the arrival radius, and such a pass
// did not count). Scored by how wide it passes instead, such a turn is taken when it is the
// better gamble (a pass 1 m wide costs 7.5 s, about a loop). Over seeds 1-30 (200 goals each), the
// arrival radius as the limit against 2 / 3 radii: brisk veer 1.071 -> 1.062 / 1.059, run + 90
// degrees 1.294 -> 1.284 / 1.284, jog + run 1.146 -> 1.142 / 1.143, run veer 1.124 -> 1.123 /
// 1.123, no other space worse by more than 0.001, goals reached late 105 -> 89 / 83, missed
// 4 -> 4 / 3.
constexpr float kMissPenalty = 10.0f;
constexpr float kMissWindow = 3.0f;

// What the quickest way on is estimated from: the mix's straight speed and tightest turns.
struct MixModel {
    Walker walker;         // the mix's straight speed, tightest turns and their speeds
    float horizon = 0.0f;  // seconds of one goal-space step
    float reach = 0.0f;    // metres: the goal counts as reached this near (the arrival radius)
};

// The mix's walker, from what its goal spaces measured (GoalSpace::left/right/straight);
// reach 0: a moving goal.
MixModel mixModel(std::span<const SteerInput> inputs, float reach) {
    MixModel m;
    m.reach = reach;
    float speed = 0.0f, leftSpeed = 0.0f, leftTurn = 0.0f, rightSpeed = 0.0f, rightTurn = 0.0f;
    for (const SteerInput& in : inputs) {
        const float w = in.weight * in.rate;
        const GoalSpace& gs = *in.goalSpace;
        speed += w * gs.straight.speed;
        leftSpeed += w * gs.left.speed;
        leftTurn += w * gs.left.turnRate;
        rightSpeed += w * gs.right.speed;
        rightTurn += w * gs.right.turnRate;
    }
    Walker& walker = m.walker;
    walker.speed = std::max(speed, 0.05f);
    walker.speedLeft = std::max(leftSpeed, 0.05f);
    walker.speedRight = std::max(rightSpeed, 0.05f);
    const float margin = reach > 0.0f ? kPlanRadiusMargin : kMovingPlanRadiusMargin;
    if (leftTurn > 1e-3f) walker.radiusLeft = margin * leftSpeed / leftTurn;
    if (rightTurn < -1e-3f) walker.radiusRight = margin * -rightSpeed / rightTurn;
    m.horizon = static_cast<float>(inputs.front().goalSpace->horizon) / inputs.front().space->fps;
    return m;
}

// A point (local to the decision frame) seen from `at`, travelling along the unit `direction`.
template <class T>
GS_STEER_INLINE V2<T> seenFrom(const V2<T>& at, const V2<T>& direction, const V2<T>& point) {
    const T c = direction.y, s = direction.x;
    const V2<T> d{point.x - at.x, point.y - at.y};
    return {d.x * c - d.y * s, d.x * s + d.y * c};
}

// The squared distance by which the chord from a to b passes `point`, and how far along it (0-1)
// the nearest point lies.
template <class T>
GS_STEER_INLINE T chordMissSq(const V2<T>& a, const V2<T>& b, const glm::vec2& point, T& along) {
    const V2<T> chord{b.x - a.x, b.y - a.y};
    const V2<T> d{point.x - a.x, point.y - a.y};
    along = clampOf((d.x * chord.x + d.y * chord.y) / maxOf(chord.x * chord.x + chord.y * chord.y, 1e-9f), 0.0f, 1.0f);
    const V2<T> off{d.x - along * chord.x, d.y - along * chord.y};
    return off.x * off.x + off.y * off.y;
}

// Seconds from a place (at time t after the decision, travelling along the unit `direction`) to
// the goal along the quickest way; a moving goal is met where it will be (the arrival time
// refined twice).
template <class T>
GS_STEER_INLINE T secondsToGoal(const MixModel& m, const V2<T>& at, const V2<T>& direction, const T& t,
                                const SteerGoal& goal, bool intercept) {
    const V2<T> where{goal.position.x + t * goal.velocity.x, goal.position.y + t * goal.velocity.y};
    T seconds{};
    for (int k = 0; k < (intercept ? 3 : 1); ++k) {
        const V2<T> point{where.x + seconds * goal.velocity.x, where.y + seconds * goal.velocity.y};
        const T next = dubinsTime(seenFrom(at, direction, point), m.walker, 0.5f * m.reach);
        // A way that cannot be timed stays so (the refinement stops there).
        seconds = k == 0 ? next : select(finite(seconds), next, seconds);
    }
    return seconds;
}

// The best time to the goal over each way from `from` through `to[k]` (reached `seconds` after
// `from`): at a few points along the way (a cubic through both poses) the character may leave for
// the quickest way. A second step is judged at 2 points (half the cost; as good in the figures).
// The points of several ways are worked on together, one lane each (kPathLanes / points ways at
// a time); what the earlier points of a way decide is then read in order.
//
// A moving goal is followed, not only reached: the cost is then the distance to it integrated
// over time (what a follower is judged by), along the way and then, from the leaving point,
// closing to it linearly over the intercept time. `integralIn` carries that integral in (from
// the earlier steps), and `integralOut[k]`, when given, receives it over the whole way k.
template <int points>
GS_STEER_INLINE void stepCosts(const MixModel& m, const Pose2& from, std::span<const Pose2> to, float t0,
                               float seconds, const SteerGoal& goal, bool intercept, float integralIn, float* cost,
                               float* integralOut) {
    static_assert(points >= 1 && points <= kPathLanes);
    using L = PathLanes;
    constexpr int perBatch = kPathLanes / points;
    const glm::vec2 d0 = directionOf(from.travel());
    const float startDistance = glm::distance(from.p, goal.position + t0 * goal.velocity);
    for (size_t first = 0; first < to.size(); first += perBatch) {
        const int ways = static_cast<int>(std::min<size_t>(perBatch, to.size() - first));
        // Lane i is point i % points + 1 of way i / points (the lanes past the last way repeat it).
        glm::vec2 m0s[kPathLanes], m1s[kPathLanes], d1s[kPathLanes];
        for (int k = 0; k < ways; ++k) {
            const Pose2& end = to[first + k];
            const float chord = glm::distance(from.p, end.p);
            d1s[k] = directionOf(end.travel());
            m0s[k] = chord * d0;
            m1s[k] = chord * d1s[k];
        }
        L s, toX, toY, m0x, m0y, m1x, m1y, d1x, d1y;
        simd::Mask<kPathLanes> last;
        for (int i = 0; i < kPathLanes; ++i) {
            const int way = std::min(i / points, ways - 1);
            const Pose2& end = to[first + way];
            const int point = i % points + 1;
            const glm::vec2 m0 = m0s[way], m1 = m1s[way], d1 = d1s[way];
            s.v[i] = static_cast<float>(point) / points;
            last.v[i] = point == points ? -1 : 0;
            toX.v[i] = end.p.x;
            toY.v[i] = end.p.y;
            m0x.v[i] = m0.x;
            m0y.v[i] = m0.y;
            m1x.v[i] = m1.x;
            m1y.v[i] = m1.y;
            d1x.v[i] = d1.x;
            d1y.v[i] = d1.y;
        }
        const L s2 = s * s, s3 = s2 * s;
        const L h0 = 2.0f * s3 - 3.0f * s2 + 1.0f, h1 = s3 - 2.0f * s2 + s, h2 = -2.0f * s3 + 3.0f * s2, h3 = s3 - s2;
        V2<L> at{h0 * from.p.x + h1 * m0x + h2 * toX + h3 * m1x, h0 * from.p.y + h1 * m0y + h2 * toY + h3 * m1y};
        // The tangent is the direction of travel.
        const L g0 = 6.0f * s2 - 6.0f * s, g1 = 3.0f * s2 - 4.0f * s + 1.0f, g2 = -6.0f * s2 + 6.0f * s,
                g3 = 3.0f * s2 - 2.0f * s;
        const V2<L> v{g0 * from.p.x + g1 * m0x + g2 * toX + g3 * m1x, g0 * from.p.y + g1 * m0y + g2 * toY + g3 * m1y};
        const L speed = sqrtOf(v.x * v.x + v.y * v.y);
        V2<L> direction{select(last, d1x, v.x / speed), select(last, d1y, v.y / speed)};
        at = {select(last, toX, at.x), select(last, toY, at.y)};
        if (const auto still = !(speed > 1e-6f) && !last; any(still)) {
            for (int i = 0; i < kPathLanes; ++i) {
                if (!still.v[i]) continue;
                const Pose2& end = to[first + std::min(i / points, ways - 1)];
                const glm::vec2 d = directionOf(glm::mix(from.travel(), end.travel(), s.v[i]));
                direction.x.v[i] = d.x;
                direction.y.v[i] = d.y;
            }
        }
        const L t = t0 + s * seconds;
        // The predicted path itself passes the goal: reached on the way. Passing a little wider
        // is scored by how much wider (a goal may be reached even so; a goal passed by costs a
        // loop), so that the closest pass wins when none is sure.
        L miss{}, when{};
        if (m.reach > 0.0f) {
            // Between two points the path is taken as the two chords through the cubic's point
            // halfway: a single chord cuts inside a turn (by 0.27 m over half a step of the run's
            // sharpest veer), and a goal on the inside of the turn looked passed when it was not.
            const L h = s - 0.5f / points, h2s = h * h, h3s = h2s * h;
            const L q0 = 2.0f * h3s - 3.0f * h2s + 1.0f, q1 = h3s - 2.0f * h2s + h, q2 = -2.0f * h3s + 3.0f * h2s,
                    q3 = h3s - h2s;
            const V2<L> halfway{q0 * from.p.x + q1 * m0x + q2 * toX + q3 * m1x,
                                q0 * from.p.y + q1 * m0y + q2 * toY + q3 * m1y};
            V2<L> previous;
            for (int i = 0; i < kPathLanes; ++i) {
                const bool starts = i % points == 0;
                previous.x.v[i] = starts ? from.p.x : at.x.v[i - 1];
                previous.y.v[i] = starts ? from.p.y : at.y.v[i - 1];
            }
            L alongIn, alongOut;
            const L missIn = chordMissSq(previous, halfway, goal.position, alongIn),
                    missOut = chordMissSq(halfway, at, goal.position, alongOut);
            const auto out = missOut < missIn;
            miss = sqrtOf(select(out, missOut, missIn));
            const L along = 0.5f * select(out, alongOut + 1.0f, alongIn);
            when = t - (1.0f - along) * seconds / static_cast<float>(points);
        }
        const L toGo = secondsToGoal(m, at, direction, t, goal, intercept);
        L distance{};
        if (intercept) {
            const V2<L> off{goal.position.x + t * goal.velocity.x - at.x, goal.position.y + t * goal.velocity.y - at.y};
            distance = sqrtOf(off.x * off.x + off.y * off.y);
        }
        for (int k = 0; k < ways; ++k) {
            float best = kInf, sum = integralIn, lastDistance = startDistance;
            bool passed = false;
            for (int i = k * points; i < (k + 1) * points; ++i) {
                if (m.reach > 0.0f) {
                    if (miss.v[i] < kPassBy * m.reach) {
                        best = std::min(best, when.v[i]);
                        passed = true;
                        break;
                    }
                    if (miss.v[i] < kMissWindow * m.reach)
                        best = std::min(best, when.v[i] + kMissPenalty * (miss.v[i] - kPassBy * m.reach));
                }
                if (intercept) {
                    sum += 0.5f * (distance.v[i] + lastDistance) * seconds / points;
                    lastDistance = distance.v[i];
                    best = std::min(best, sum + 0.5f * distance.v[i] * toGo.v[i]);
                } else {
                    best = std::min(best, t.v[i] + toGo.v[i]);
                }
            }
            cost[first + k] = best;
            if (integralOut && !passed) integralOut[first + k] = sum;
        }
    }
}

// The two kinds of step, each built for AVX2 as well (GS_LANES_WIDE).
GS_LANES_WIDE
void firstStepCosts(const MixModel& m, const Pose2& from, std::span<const Pose2> to, float seconds,
                    const SteerGoal& goal, bool intercept, float* cost, float* integralOut) {
    if (m.reach > 0.0f)
        stepCosts<kFirstStepPoints>(m, from, to, 0.0f, seconds, goal, intercept, 0.0f, cost, integralOut);
    else
        stepCosts<kMovingFirstStepPoints>(m, from, to, 0.0f, seconds, goal, intercept, 0.0f, cost, integralOut);
}
GS_LANES_WIDE
void secondStepCosts(const MixModel& m, const Pose2& from, std::span<const Pose2> to, float t0, float seconds,
                     const SteerGoal& goal, bool intercept, float integralIn, float* cost) {
    stepCosts<kSecondStepPoints>(m, from, to, t0, seconds, goal, intercept, integralIn, cost, nullptr);
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

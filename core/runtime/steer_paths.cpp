#include "core/runtime/steer_paths.h"

#include <algorithm>
#include <cmath>

namespace gs::steering_detail {
namespace {

// Points along a way at which leaving it for the quickest way is looked at: the first goal-space
// step (for a goal that stands still, and for a moving one, whose cost integrates the distance
// along the way), and the second of a look-ahead. Leaving a way early is what the estimate
// flatters most (the blend cannot change at once). Why two points for a goal that stands still:
// docs/results/goal-space-steering.md#the-figures-behind-the-planning-constants
constexpr int kFirstStepPoints = 2, kMovingFirstStepPoints = 4, kSecondStepPoints = 2;

// The way on is planned with turns this much wider than the tightest measured: a goal planned
// on the edge of the tightest circle is orbited whenever the real turn (swaying with each step)
// comes out a little wide, while the goal space's own paths still find the goals that the
// tighter real turn passes on the way. A moving goal is followed, not reached, and keeps a
// smaller margin. Why 1.25 and 1.1: docs/results/goal-space-steering.md#the-look-ahead
constexpr float kPlanRadiusMargin = 1.25f;
constexpr float kMovingPlanRadiusMargin = 1.1f;
// A goal-space path counts as passing the goal this near, in arrival radii (the samples are
// joined by a cubic, and the goal is measured against chords through it at every quarter of a
// step). Why 0.5: docs/results/goal-space-steering.md#goals-on-the-edge-of-the-sharpest-turn
constexpr float kPassBy = 0.5f;
// Seconds per metre a predicted pass wider than that costs, up to kMissWindow arrival radii: a
// goal on the edge of the sharpest turn, which the plan counts as inside it, is otherwise only
// ever reached the long way round; scored by how wide it passes, such a turn is taken when it is
// the better gamble (a pass 1 m wide costs 7.5 s, about a loop). Why these:
// docs/results/goal-space-steering.md#goals-on-the-edge-of-the-sharpest-turn
constexpr float kMissPenalty = 10.0f;
constexpr float kMissWindow = 3.0f;

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
    along = clampOf(
        (d.x * chord.x + d.y * chord.y) / maxOf(chord.x * chord.x + chord.y * chord.y, 1e-9f), 0.0f,
        1.0f);
    const V2<T> off{d.x - along * chord.x, d.y - along * chord.y};
    return off.x * off.x + off.y * off.y;
}

// Seconds from a place (at time t after the decision, travelling along the unit `direction`) to
// the goal along the quickest way; a moving goal is met where it will be (the arrival time
// refined twice).
template <class T>
GS_STEER_INLINE T secondsToGoal(const MixModel& m, const V2<T>& at, const V2<T>& direction,
                                const T& t, const SteerGoal& goal, bool intercept) {
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
GS_STEER_INLINE void stepCosts(const MixModel& m, const Pose2& from, std::span<const Pose2> to,
                               float t0, float seconds, const SteerGoal& goal, bool intercept,
                               float integralIn, float* cost, float* integralOut) {
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
        const L h0 = 2.0f * s3 - 3.0f * s2 + 1.0f, h1 = s3 - 2.0f * s2 + s,
                h2 = -2.0f * s3 + 3.0f * s2, h3 = s3 - s2;
        V2<L> at{h0 * from.p.x + h1 * m0x + h2 * toX + h3 * m1x,
                 h0 * from.p.y + h1 * m0y + h2 * toY + h3 * m1y};
        // The tangent is the direction of travel.
        const L g0 = 6.0f * s2 - 6.0f * s, g1 = 3.0f * s2 - 4.0f * s + 1.0f,
                g2 = -6.0f * s2 + 6.0f * s, g3 = 3.0f * s2 - 2.0f * s;
        const V2<L> v{g0 * from.p.x + g1 * m0x + g2 * toX + g3 * m1x,
                      g0 * from.p.y + g1 * m0y + g2 * toY + g3 * m1y};
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
            const L q0 = 2.0f * h3s - 3.0f * h2s + 1.0f, q1 = h3s - 2.0f * h2s + h,
                    q2 = -2.0f * h3s + 3.0f * h2s, q3 = h3s - h2s;
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
            const V2<L> off{goal.position.x + t * goal.velocity.x - at.x,
                            goal.position.y + t * goal.velocity.y - at.y};
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
                        best = std::min(best,
                                        when.v[i] + kMissPenalty * (miss.v[i] - kPassBy * m.reach));
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

}  // namespace

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

GS_LANES_WIDE
void firstStepCosts(const MixModel& m, const Pose2& from, std::span<const Pose2> to, float seconds,
                    const SteerGoal& goal, bool intercept, float* cost, float* integralOut) {
    if (m.reach > 0.0f)
        stepCosts<kFirstStepPoints>(m, from, to, 0.0f, seconds, goal, intercept, 0.0f, cost,
                                    integralOut);
    else
        stepCosts<kMovingFirstStepPoints>(m, from, to, 0.0f, seconds, goal, intercept, 0.0f, cost,
                                          integralOut);
}
GS_LANES_WIDE
void secondStepCosts(const MixModel& m, const Pose2& from, std::span<const Pose2> to, float t0,
                     float seconds, const SteerGoal& goal, bool intercept, float integralIn,
                     float* cost) {
    stepCosts<kSecondStepPoints>(m, from, to, t0, seconds, goal, intercept, integralIn, cost,
                                 nullptr);
}

}  // namespace gs::steering_detail

#include "core/level/level_steering.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <string>

#include <glm/geometric.hpp>

#include <gaitspace/runtime/ground_frame.h>
#include <gaitspace/runtime/steering.h>

namespace gs {
namespace {

glm::vec2 xz(const glm::vec3& p) { return {p.x, p.z}; }

// Directions on the ground (x, z): a heading's (0 faces +z, positive turns left), a direction's
// left, a direction turned left by `a` radians, and the turn from one direction to another (left
// positive).
glm::vec2 headingDirection(float heading) { return {std::sin(heading), std::cos(heading)}; }
glm::vec2 leftOf(const glm::vec2& v) { return {v.y, -v.x}; }
glm::vec2 turned(const glm::vec2& v, float a) {
    const float c = std::cos(a), s = std::sin(a);
    return {v.x * c + v.y * s, v.y * c - v.x * s};
}
float turnBetween(const glm::vec2& from, const glm::vec2& to) {
    return std::atan2(from.y * to.x - from.x * to.y, glm::dot(from, to));
}

// Metres ahead of a character its steering goal is put along the direction avoidance gives: far
// enough that steering takes it as a direction (decided at its start frames, not every frame).
constexpr float kDirectionGoalM = 6.0f;
// Radians the direction may turn before the crowd is told (each telling is a decision now).
constexpr float kResteerRad = 0.1f;
// Metres from its goal within which a character aims at the goal itself (the last one with its
// stop), when it walks the path's last leg and avoidance leaves its way within kDirectAngleRad of
// the path's.
constexpr float kDirectGoalM = 2.5f;
constexpr float kDirectAngleRad = 0.35f;
// Metres ahead of a character that waits where it is stopped.
constexpr float kWaitAheadM = 0.3f;
// A character avoidance holds under this share of its speed (pressed in a crowd) turns this way
// and that from frame to frame: the crowd is told its new direction no sooner than kHeldTellS
// after the last (each telling is a decision).
constexpr float kHeldShare = 0.3f;
constexpr float kHeldTellS = 0.19f;  // 6 frames at 30 a second
// The cosine below which the velocity avoidance chose is away from the way wanted (about 107
// degrees). Sent so at full pace, a character at the back of the crowd before a doorway walked
// along the wall and back, 10-20 s at a time, instead of waiting its turn (docs/cli.md).
constexpr float kAwayCos = -0.3f;
// ... unless its way within kNarrowAheadM is nearer the mesh's edge than kNarrowM (too narrow for
// two side by side: one of two meeting there backs off), or a character standing for good lies
// within kStandingAheadM ahead of it (waiting for it would be for ever).
constexpr float kNarrowM = 0.6f;
constexpr float kNarrowAheadM = 1.8f;
constexpr float kStandingAheadM = 2.0f;
// Metres: the widest tightest turn (either way) of the slowest style for which a character is
// held so. Held, a style without stops walks round a spot; the demo project's walk turns within
// 0.60 m and GAMES-105's within 0.51, both crossing sooner held; Bandai's slowest walk turns
// within 0.98 m and 100STYLE's within 2.02, both crossing later (docs/cli.md).
constexpr float kHoldTurnM = 0.75f;
// Metres ahead within which a character holding another back is looked for.
constexpr float kQueueM = 1.5f;
// Metres: the cells of the grid those rules find the walkers near one in.
constexpr float kNearCellM = 2.0f;
// A goal walked through on to a known next one is turned away from early (turnEarly) when the way
// on turns by more than kTurnEarlyRad: aimed at the turn's entry when it lies kEntryAheadM ahead
// or more, the turn begun where it passes within kTurnReachShare of the reach radius, held while
// its rate (smoothed over kTurnRateS) would pass further than kTurnHoldShare of it, and missed
// once kTurnMissM further from the goal than its nearest, out of reach.
constexpr float kTurnEarlyRad = 1.0f;
constexpr float kEntryAheadM = 0.3f;
constexpr float kTurnReachShare = 0.6f;
constexpr float kTurnHoldShare = 0.8f;
constexpr float kTurnRateS = 0.2f;
constexpr float kTurnMissM = 0.1f;
// The turn a character makes toward a goal behind it is wider than its style's tightest (the
// blend moves toward the sharpest turn at its allowed rate, and the turn clip turns within one
// step of its cycle): an early turn assumes this many times the tightest radius.
constexpr float kTurnWiden = 1.8f;
// The longest avoidEveryS used (seconds).
constexpr float kMaxAvoidEveryS = 0.25f;

}  // namespace

LevelSteering::LevelSteering(Crowd& crowd, const Navigation& navigation,
                             const LevelSteeringSettings& settings, float dt, float speed)
    : m_crowd(crowd),
      m_nav(navigation),
      m_settings(settings),
      m_dt(dt),
      m_speed(std::max(speed, 0.5f)),
      m_radius(navigation.info().agent.radius),
      m_collision(crowd, navigation, dt, settings.collision) {
    AvoidanceSettings a = settings.avoidance;
    a.radius = m_radius;
    const float every = std::isfinite(settings.avoidEveryS)
                            ? std::clamp(settings.avoidEveryS, 0.0f, kMaxAvoidEveryS)
                            : 0.0f;
    a.everyCalls = std::clamp(static_cast<int>(every / dt + 1e-3f), 1, 8);
    m_avoidance = Avoidance(a);
    auto share = [](float v) { return std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : 0.0f; };
    m_waitBelow = share(settings.waitBelowPace);
    m_goOn = std::max(share(settings.goOnPace), m_waitBelow);
    auto seconds = [](float v) { return std::isfinite(v) ? std::clamp(v, 0.0f, 60.0f) : 0.0f; };
    m_waitAtMost = seconds(settings.waitAtMostS);
    m_pushOn = seconds(settings.pushOnS);
    m_reach = std::isfinite(settings.reachRadius) ? std::max(settings.reachRadius, 0.01f) : 0.5f;
}

void LevelSteering::setStyleWeights(std::span<const float> weights) {
    m_user.assign(weights.begin(), weights.end());
    const BakedBehavioralSpace& bs = m_crowd.space();
    auto speedOf = [&](size_t s) { return bs.spaces[s].clips[bs.spaces[s].reference].speed; };
    m_slowest = 0;
    for (size_t s = 1; s < bs.spaces.size(); ++s)
        if (speedOf(s) < speedOf(m_slowest)) m_slowest = static_cast<int>(s);
    float sum = 0.0f;
    for (float v : m_user) sum += v;
    m_canSlow = sum > 0.0f && static_cast<size_t>(m_slowest) < m_user.size() &&
                m_user[m_slowest] / sum < 0.99f;
    // The turn an early turn assumes, each way: the style's tightest, widened (see kTurnWiden).
    for (int side = 0; side < 2; ++side) {
        float radius = 0.0f, weight = 0.0f;
        for (size_t s = 0; s < bs.spaces.size() && s < m_user.size(); ++s) {
            const float r =
                side ? turningRadiusLeft(bs.spaces[s]) : turningRadiusRight(bs.spaces[s]);
            if (m_user[s] <= 0.0f || !std::isfinite(r)) continue;
            radius += m_user[s] * r;
            weight += m_user[s];
        }
        m_turnRadius[side] = weight > 0.0f ? kTurnWiden * radius / weight : 0.0f;
    }
    // The stop a character waiting plays: the shortest of the most weighted style with stops.
    m_stopSpace = m_stopClip = -1;
    m_holdSentBack = false;
    float heaviest = 0.0f;
    for (size_t s = 0; s < bs.spaces.size() && s < m_user.size(); ++s) {
        const auto& stops = bs.spaces[s].stops;
        if (stops.empty() || m_user[s] <= heaviest) continue;
        heaviest = m_user[s];
        m_stopSpace = static_cast<int>(s);
        m_stopClip = 0;
        for (size_t c = 1; c < stops.size(); ++c)
            if (stops[c].maxPathToEnd < stops[m_stopClip].maxPathToEnd)
                m_stopClip = static_cast<int>(c);
    }
    // Held, a character of a style without stops walks round a spot at its slowest style's
    // tightest turn: a turn wider than kHoldTurnM sweeps it through the crowd round it.
    if (bs.spaces.empty()) return;
    const BakedMotionSpace& slowest = bs.spaces[m_slowest];
    m_holdSentBack = m_stopSpace < 0 && std::max(turningRadiusLeft(slowest),
                                                 turningRadiusRight(slowest)) <= kHoldTurnM;
}

Expected<NavPath> LevelSteering::setGoal(LevelWalker& w, const glm::vec3& goal, bool last,
                                         std::optional<glm::vec3> then) {
    const glm::vec3 here(w.last.x, w.y, w.last.y);
    if (!w.follow) w.follow.emplace(m_nav, m_settings.follow);
    auto path = w.follow->setGoal(here, goal);
    if (!path) return path.status();
    w.goal = path->goal.position;
    w.lastGoal = last;
    w.early = {};
    if (then && !last && m_settings.turnEarly)
        if (auto on = m_nav.findPath(w.goal, *then); on && on->corners.size() >= 2) {
            const glm::vec2 way = xz(on->corners[1]) - xz(on->corners[0]);
            if (glm::length(way) > 1e-3f) {
                w.early.then = on->goal.position;
                w.early.way = glm::normalize(way);
            }
        }
    w.done = false;
    w.direct = false;
    w.steered = glm::vec2(std::numeric_limits<float>::max());
    w.sinceTold = std::numeric_limits<float>::infinity();
    return path;
}

float LevelSteering::observe(LevelWalker& w) {
    const CharacterState& state = *m_crowd.state(w.id);
    const glm::vec2 p(state.ground.x, state.ground.z);
    w.velocity = (p - w.last) / m_dt;
    const float moved = glm::distance(p, w.last);
    w.last = p;
    w.desired = glm::vec2(0.0f);
    auto h = m_nav.groundHeight({p.x, w.y, p.y});
    if (h) w.y = *h;
    w.onMesh = static_cast<bool>(h);
    return moved;
}

void LevelSteering::want(LevelWalker& w) {
    if (w.done || !w.follow) return;
    turnEarly(w);
    const glm::vec2 toward = w.follow->aim(w.last, w.y) - w.last;
    const float length = glm::length(toward);
    if (length > 1e-4f) w.desired = toward * (m_speed / length);
}

Status LevelSteering::finish(LevelWalker& w) {
    w.done = true;
    w.desired = glm::vec2(0.0f);
    if (w.direct) return Status::ok();
    const float heading = m_crowd.state(w.id)->ground.heading;
    const glm::vec2 on = w.last + headingDirection(heading);
    return m_crowd.setGoal(w.id, on, Crowd::GoalArrival::Stop);
}

Status LevelSteering::sendAgainIfShort(LevelWalker& w, float reach) {
    if (w.done || !w.lastGoal || *m_crowd.motionState(w.id) != MotionState::Standing ||
        glm::distance(w.last, xz(w.goal)) < reach)
        return Status::ok();
    // Cleared first, so that the crowd takes the same goal given again as a new one.
    if (Status s = m_crowd.clearGoal(w.id); !s) return s;
    auto path = setGoal(w, w.goal, true);
    return path ? Status::ok() : path.status();
}

Status LevelSteering::steer(std::span<LevelWalker* const> walkers) {
    m_agents.resize(walkers.size());
    m_velocities.resize(walkers.size());
    for (size_t k = 0; k < walkers.size(); ++k) {
        const LevelWalker& w = *walkers[k];
        m_agents[k] = {glm::vec3(w.last.x, w.y, w.last.y),
                       glm::vec3(w.velocity.x, 0.0f, w.velocity.y),
                       glm::vec3(w.desired.x, 0.0f, w.desired.y)};
        m_velocities[k] = m_agents[k].desired;
    }
    if (m_settings.avoid)
        if (Status s = m_avoidance.solve(m_agents, m_velocities, &m_nav); !s) return s;
    m_walkers = walkers;
    m_nearBuilt = false;
    for (size_t k = 0; k < walkers.size(); ++k)
        if (Status s = steer(*walkers[k], {m_velocities[k].x, m_velocities[k].z}); !s) return s;
    m_walkers = {};
    return m_collision.resolve(walkers);
}

// The crowd told what avoidance decided: a goal along the velocity (or the goal itself, near
// it), and the pace.
Status LevelSteering::steer(LevelWalker& w, const glm::vec2& velocity) {
    if (w.done) return Status::ok();
    const glm::vec2 p = w.last;
    const float speed = glm::length(velocity);
    const float wanted = glm::length(w.desired);
    glm::vec2 direction = speed > 0.05f * m_speed ? velocity / speed
                          : wanted > 0.0f         ? w.desired / wanted
                                                  : glm::vec2(0.0f, 1.0f);
    const glm::vec2 goal = xz(w.goal);
    const float toGoal = glm::distance(p, goal);
    const bool onWay =
        wanted > 0.0f && glm::dot(direction, w.desired / wanted) > std::cos(kDirectAngleRad);
    if (toGoal < kDirectGoalM && w.follow &&
        (w.early.turning ? w.early.hold : w.follow->onLastLeg() && (onWay || w.direct))) {
        // The goal itself, stopped on when it is the last (and then left to the stop); for an
        // early turn to come, its entry while it lies ahead.
        if (w.direct && w.lastGoal) return Status::ok();
        const glm::vec2 aim = w.early.approaching && !w.early.turning &&
                                      glm::dot(w.early.entry - p, w.early.wayIn) > kEntryAheadM
                                  ? w.early.entry
                                  : goal;
        w.direct = true;
        w.waiting = false;
        w.steered = aim;
        w.sinceTold = std::numeric_limits<float>::infinity();
        setPace(w, 1.0f);
        return m_crowd.setGoal(w.id, aim,
                               w.lastGoal ? Crowd::GoalArrival::Stop : Crowd::GoalArrival::WalkOn);
    }
    w.direct = false;
    if (w.early.turning) direction = turnSide(w, direction);
    // Sent back the way it came, it is held (as in a queue) rather than walked away round a crowd
    // it cannot get through, unless backing off is what lets it by. Not where waiting is a stop
    // and a start (a space with stops): held for each such frame, it stops and starts in the crowd;
    // nor for a style that cannot turn round on the spot (m_holdSentBack).
    const bool sentBack = m_holdSentBack && wanted > 0.0f &&
                          glm::dot(velocity, w.desired / wanted) < kAwayCos * speed &&
                          !backingOffHelps(w);
    const float pace = wanted > 0.0f ? (sentBack ? 0.0f : std::min(speed / wanted, 1.0f)) : 1.0f;
    if (const bool was = w.waiting; wait(w, pace)) return was ? Status::ok() : stopHere(w);
    setPace(w, pace);
    w.sinceTold += m_dt;
    const glm::vec2 before = w.steered - p;
    const float beforeLength = glm::length(before);
    const bool held = speed < kHeldShare * m_speed && w.sinceTold < kHeldTellS;
    if (beforeLength > 1.0f &&
        (held || glm::dot(before / beforeLength, direction) > std::cos(kResteerRad)))
        return Status::ok();
    w.sinceTold = 0.0f;
    w.steered = p + kDirectionGoalM * direction;
    return m_crowd.setGoal(w.id, w.steered, Crowd::GoalArrival::WalkOn);
}

// A goal walked through on to a known next one: the turn toward the next begun as soon as a turn
// of m_turnRadius that way, begun now, passes within kTurnReachShare of the reach radius of the
// goal (and before it has turned as far as the way on); until then, within kDirectGoalM of the
// goal, the turn's entry is aimed at (approach). Turning, the character follows the path to the
// next goal while the goal itself is yet to be reached (followTurn).
void LevelSteering::turnEarly(LevelWalker& w) {
    if (!w.early.then || w.lastGoal) return;
    if (w.early.turning) return followTurn(w);
    const glm::vec2 p = w.last, goal = xz(w.goal);
    const glm::vec2 h = headingDirection(m_crowd.state(w.id)->ground.heading);
    if (w.early.missed || glm::distance(p, goal) > kDirectGoalM || !w.follow->onLastLeg() ||
        glm::dot(goal - p, h) <= 0.0f)
        return;
    if (!w.early.approaching) approach(w);
    const float turn = turnBetween(h, w.early.way);
    const float radius = m_turnRadius[turn > 0.0f ? 1 : 0];
    if (std::abs(turn) < kTurnEarlyRad || !(radius > 0.0f)) return;
    const float side = turn > 0.0f ? 1.0f : -1.0f;
    const glm::vec2 centre = p + side * radius * leftOf(h);
    if (std::abs(glm::distance(goal, centre) - radius) > kTurnReachShare * m_reach) return;
    // The circle's point nearest the goal comes before the turn has reached the way on.
    if (std::abs(turnBetween(p - centre, goal - centre)) > std::abs(turn)) return;
    if (!w.follow->setGoal({p.x, w.y, p.y}, *w.early.then)) return;
    w.early.turning = true;
    w.early.approaching = false;
    w.early.side = side;
    w.early.heading = m_crowd.state(w.id)->ground.heading;
    w.early.rate = 0.0f;
    w.early.hold = false;
    w.early.nearest = glm::distance(p, goal);
    w.direct = false;
    w.steered = glm::vec2(std::numeric_limits<float>::max());
}

// The entry of `w`'s early turn: the arc of the turn's radius tangent to the way in (from where
// it is to the goal) and to the way on, moved so that its middle lies on the goal; its start,
// where the mesh holds it and the arc, and it lies kEntryAheadM ahead or more (else the goal).
void LevelSteering::approach(LevelWalker& w) {
    w.early.approaching = true;
    const glm::vec2 p = w.last, goal = xz(w.goal);
    w.early.entry = goal;
    w.early.wayIn = glm::normalize(goal - p);
    const glm::vec2 in = w.early.wayIn;
    const float turn = turnBetween(in, w.early.way);
    const float radius = m_turnRadius[turn > 0.0f ? 1 : 0];
    if (std::abs(turn) < kTurnEarlyRad || !(radius > 0.0f)) return;
    const float side = turn > 0.0f ? 1.0f : -1.0f;
    const glm::vec2 centre = goal + side * radius * leftOf(turned(in, 0.5f * turn));
    const glm::vec2 entry = centre - side * radius * leftOf(in);
    for (int k = 0; k <= 8; ++k) {  // the arc every eighth of its turn
        const glm::vec2 q = centre - side * radius * leftOf(turned(in, turn * k / 8.0f));
        if (!m_nav.onMesh({q.x, w.y, q.y})) return;
    }
    if (glm::dot(entry - p, in) >= kEntryAheadM) w.early.entry = entry;
}

// An early turn under way: held (aimed at the goal) while the turn at its present rate (smoothed
// over kTurnRateS) would pass the goal further than kTurnHoldShare of the reach radius from it;
// once it has come kTurnMissM further from the goal than its nearest, out of reach, it missed:
// it turns back to the goal, and does not turn early again for it.
void LevelSteering::followTurn(LevelWalker& w) {
    const glm::vec2 p = w.last, goal = xz(w.goal);
    const float toGoal = glm::distance(p, goal);
    const float heading = m_crowd.state(w.id)->ground.heading;
    const glm::vec2 h = headingDirection(heading);
    w.early.nearest = std::min(w.early.nearest, toGoal);
    const float rate = wrapAngle(heading - w.early.heading) / m_dt;
    w.early.heading = heading;
    w.early.rate += std::min(m_dt / kTurnRateS, 1.0f) * (rate - w.early.rate);
    w.early.hold = false;
    if (toGoal >= m_reach && glm::dot(goal - p, h) > 0.0f && w.early.rate * w.early.side > 1e-3f) {
        const float radius = glm::length(w.velocity) / std::abs(w.early.rate);
        const glm::vec2 centre = p + w.early.side * radius * leftOf(h);
        w.early.hold = std::abs(glm::distance(goal, centre) - radius) > kTurnHoldShare * m_reach;
    }
    if (toGoal > w.early.nearest + kTurnMissM && w.early.nearest >= m_reach) {
        w.early.turning = false;
        w.early.missed = true;
        w.direct = false;
        w.steered = glm::vec2(std::numeric_limits<float>::max());
        (void)w.follow->setGoal({p.x, w.y, p.y}, w.goal);
    }
}

// An early turn's direction: while the way wanted lies more than a quarter turn off the heading,
// or on the other side, a quarter turn to the turn's side (a turn round may otherwise be taken
// either way, and one taken the other way passes the goal out of reach).
glm::vec2 LevelSteering::turnSide(const LevelWalker& w, const glm::vec2& direction) const {
    const glm::vec2 h = headingDirection(m_crowd.state(w.id)->ground.heading);
    const float off = turnBetween(h, direction);
    if (off * w.early.side >= 0.0f && std::abs(off) <= 0.5f * std::numbers::pi_v<float>)
        return direction;
    return w.early.side * leftOf(h);
}

// Whether `w` waits this frame: it starts to (the caller then stops it) when avoidance leaves it
// under waitBelowPace of its speed at its slowest style, and goes on once avoidance leaves it
// goOnPace, or after waitAtMostS (then walking on, pushing, for pushOnS before it may wait again).
bool LevelSteering::wait(LevelWalker& w, float pace) {
    if (m_waitBelow <= 0.0f || (m_canSlow && w.pace > 0.0f)) {
        w.waiting = false;
        return false;
    }
    w.waitClock += m_dt;
    if (w.waiting) {
        // A stop asked for is played at the walk's next join with it: waited for (a wait ended
        // before would leave the stop to come later, walking on).
        if (w.stopAsked) {
            if (*m_crowd.motionState(w.id) == MotionState::Walking && w.waitClock < m_waitAtMost)
                return true;
            w.stopAsked = false;
        }
        if (pace < m_goOn && w.waitClock < m_waitAtMost) return true;
        w.waiting = false;
        // Walks on for a while before it may wait again (after a stop, whatever ended the wait:
        // a start takes a while to get going).
        if (pace < m_goOn || m_stopSpace >= 0) w.waitClock = -m_pushOn;
        w.steered = glm::vec2(std::numeric_limits<float>::max());  // steered afresh
        return false;
    }
    if (pace >= m_waitBelow || w.waitClock < 0.0f) return false;
    w.waiting = true;
    w.waitClock = 0.0f;
    ++m_waits;
    w.steered = glm::vec2(std::numeric_limits<float>::max());
    return true;
}

// Whether avoidance sending `w` back the way it came lets it by, so that it is not held: its way
// ahead is too narrow for two, or someone ahead stands there for good.
bool LevelSteering::backingOffHelps(const LevelWalker& w) {
    const float wanted = glm::length(w.desired);
    if (wanted <= 0.0f) return false;
    const glm::vec2 way = w.desired / wanted;
    bool standingAhead = false;
    forEachNear(w, kStandingAheadM, [&](const LevelWalker& o) {
        const glm::vec2 d = o.last - w.last;
        standingAhead =
            standingAhead || (o.done && std::abs(o.y - w.y) <= 1.0f && glm::dot(d, way) >= 0.0f &&
                              glm::length(d) < kStandingAheadM);
    });
    if (standingAhead) return true;
    for (float ahead = 0.0f; ahead <= kNarrowAheadM + 1e-3f; ahead += kNarrowAheadM / 3.0f) {
        const glm::vec2 q = w.last + ahead * way;
        if (auto edge = m_nav.distanceToEdge({q.x, w.y, q.y}, kNarrowM); edge && *edge < kNarrowM)
            return true;
    }
    return false;
}

// Whether `w` is held in a queue: the nearest character ahead of it (within kQueueM and a
// quarter turn of the way it wants to go) stands or walks its way, rather than across or against.
bool LevelSteering::inQueue(const LevelWalker& w) {
    const float wanted = glm::length(w.desired);
    if (wanted <= 0.0f) return false;
    const glm::vec2 way = w.desired / wanted;
    const LevelWalker* nearest = nullptr;
    float best = kQueueM;
    forEachNear(w, kQueueM, [&](const LevelWalker& o) {
        if (std::abs(o.y - w.y) > 1.0f) return;
        const glm::vec2 d = o.last - w.last;
        const float distance = glm::length(d);
        if (distance >= best || glm::dot(d, way) < 0.7071f * distance) return;
        best = distance;
        nearest = &o;
    });
    if (!nearest) return false;
    const float speed = glm::length(nearest->velocity);
    return speed < 0.2f || glm::dot(nearest->velocity, way) > 0.7071f * speed;
}

// visit(o) for every other walker within `radius` of `w` (and some a little further), from a grid
// of where they stand built once a steer() when first needed.
template <class Visit>
void LevelSteering::forEachNear(const LevelWalker& w, float radius, Visit&& visit) {
    if (!m_nearBuilt) {
        m_standing.resize(m_walkers.size());
        for (size_t k = 0; k < m_walkers.size(); ++k) m_standing[k] = m_walkers[k]->last;
        m_near.build(m_standing, kNearCellM);
        m_nearBuilt = true;
    }
    m_near.forEachNear(w.last, radius, [&](std::uint32_t k) {
        if (m_walkers[k] != &w) visit(*m_walkers[k]);
    });
}

// `w` stopped where it is: played into the shortest stop of its style (at its loop's next join
// with it), or, for a style without stops or a character not walking, given a goal a step's
// fraction ahead (which a space without stops walks on round).
Status LevelSteering::stopHere(LevelWalker& w) {
    w.stopAsked = m_stopSpace >= 0 && inQueue(w) && m_crowd.stop(w.id, m_stopSpace, m_stopClip);
    if (w.stopAsked) return Status::ok();
    const float heading = m_crowd.state(w.id)->ground.heading;
    const glm::vec2 ahead = w.last + kWaitAheadM * headingDirection(heading);
    return m_crowd.setGoal(w.id, ahead, Crowd::GoalArrival::Stop);
}

// The slowest style blended into the given mix by the share of speed avoidance takes off (in
// quarters, so that the style targets are not changed every frame).
void LevelSteering::setPace(LevelWalker& w, float pace) {
    if (!m_canSlow) return;
    const float quantized = std::round(pace * 4.0f) / 4.0f;
    if (quantized == w.pace) return;
    w.pace = quantized;
    std::vector<float> targets = m_user;
    for (size_t s = 0; s < targets.size(); ++s)
        targets[s] =
            quantized * m_user[s] + (static_cast<int>(s) == m_slowest ? 1.0f - quantized : 0.0f);
    (void)m_crowd.setStyleTargets(w.id, targets);
}

float referenceSpeed(const BakedBehavioralSpace& space, std::span<const float> weights, float sum) {
    float speed = 0.0f;
    for (size_t s = 0; s < space.spaces.size() && s < weights.size(); ++s)
        speed += weights[s] / std::max(sum, 1.0f) *
                 space.spaces[s].clips[space.spaces[s].reference].speed;
    return speed;
}

glm::vec3 randomMeshPoint(const Navigation& navigation, std::mt19937& rng) {
    const LevelInfo& info = navigation.info();
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    for (int attempt = 0; attempt < 1000; ++attempt) {
        const glm::vec3 p(info.boundsMin.x + unit(rng) * (info.boundsMax.x - info.boundsMin.x),
                          info.boundsMin.y + unit(rng) * (info.boundsMax.y - info.boundsMin.y),
                          info.boundsMin.z + unit(rng) * (info.boundsMax.z - info.boundsMin.z));
        auto n = navigation.nearestPoint(p);
        if (n && !n->moved) return n->position;
    }
    return navigation.nearestPoint(0.5f * (info.boundsMin + info.boundsMax))->position;
}

Expected<glm::vec3> randomMeshGoal(const Navigation& navigation, const glm::vec3& from,
                                   float clearanceM, float minPathM, std::mt19937& rng) {
    for (int attempt = 0; attempt < 200; ++attempt) {
        const glm::vec3 g = randomMeshPoint(navigation, rng);
        auto clearance = navigation.distanceToEdge(g, clearanceM);
        if (!clearance || *clearance < clearanceM) continue;
        auto path = navigation.findPath(from, g);
        if (path && path->length >= minPathM) return g;
    }
    return Status::error("simulation: no goal on the level is " + metresText(minPathM) +
                         " m or more along the mesh from a start");
}

Expected<RandomGoals> nextRandomGoals(const Navigation& navigation,
                                      const std::optional<glm::vec3>& known, const glm::vec3& from,
                                      bool more, float clearanceM, float minPathM,
                                      std::mt19937& rng) {
    RandomGoals goals;
    if (known) {
        goals.goal = *known;
    } else {
        auto goal = randomMeshGoal(navigation, from, clearanceM, minPathM, rng);
        if (!goal) return goal.status();
        goals.goal = *goal;
    }
    if (more)
        if (auto then = randomMeshGoal(navigation, goals.goal, clearanceM, minPathM, rng))
            goals.then = *then;
    return goals;
}

std::string metresText(float metres) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", metres);
    return text;
}

float goalBudgetSeconds(float pathM, float speed, int others) {
    return 3.0f * pathM / speed + 10.0f + 0.5f * static_cast<float>(std::max(others, 0));
}

}  // namespace gs

#include "core/level/level_steering.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include <glm/geometric.hpp>

namespace gs {
namespace {

glm::vec2 xz(const glm::vec3& p) { return {p.x, p.z}; }

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
// Metres ahead within which a character holding another back is looked for.
constexpr float kQueueM = 1.5f;
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
    // The stop a character waiting plays: the shortest of the most weighted style with stops.
    m_stopSpace = m_stopClip = -1;
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
}

Expected<NavPath> LevelSteering::setGoal(LevelWalker& w, const glm::vec3& goal, bool last) {
    const glm::vec3 here(w.last.x, w.y, w.last.y);
    if (!w.follow) w.follow.emplace(m_nav, m_settings.follow);
    auto path = w.follow->setGoal(here, goal);
    if (!path) return path.status();
    w.goal = path->goal.position;
    w.lastGoal = last;
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
    const glm::vec2 toward = w.follow->aim(w.last, w.y) - w.last;
    const float length = glm::length(toward);
    if (length > 1e-4f) w.desired = toward * (m_speed / length);
}

Status LevelSteering::finish(LevelWalker& w) {
    w.done = true;
    w.desired = glm::vec2(0.0f);
    if (w.direct) return Status::ok();
    const float heading = m_crowd.state(w.id)->ground.heading;
    const glm::vec2 on = w.last + glm::vec2(std::sin(heading), std::cos(heading));
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
    if (toGoal < kDirectGoalM && w.follow && w.follow->onLastLeg() && (onWay || w.direct)) {
        // The goal itself, stopped on when it is the last (and then left to the stop).
        if (w.direct && w.lastGoal) return Status::ok();
        w.direct = true;
        w.waiting = false;
        w.steered = goal;
        w.sinceTold = std::numeric_limits<float>::infinity();
        setPace(w, 1.0f);
        return m_crowd.setGoal(w.id, goal,
                               w.lastGoal ? Crowd::GoalArrival::Stop : Crowd::GoalArrival::WalkOn);
    }
    w.direct = false;
    const float pace = wanted > 0.0f ? std::min(speed / wanted, 1.0f) : 1.0f;
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

// Whether `w` is held in a queue: the nearest character ahead of it (within kQueueM and a
// quarter turn of the way it wants to go) stands or walks its way, rather than across or against.
bool LevelSteering::inQueue(const LevelWalker& w) const {
    const float wanted = glm::length(w.desired);
    if (wanted <= 0.0f) return false;
    const glm::vec2 way = w.desired / wanted;
    const LevelWalker* nearest = nullptr;
    float best = kQueueM;
    for (const LevelWalker* o : m_walkers) {
        if (o == &w || std::abs(o->y - w.y) > 1.0f) continue;
        const glm::vec2 d = o->last - w.last;
        const float distance = glm::length(d);
        if (distance >= best || glm::dot(d, way) < 0.7071f * distance) continue;
        best = distance;
        nearest = o;
    }
    if (!nearest) return false;
    const float speed = glm::length(nearest->velocity);
    return speed < 0.2f || glm::dot(nearest->velocity, way) > 0.7071f * speed;
}

// `w` stopped where it is: played into the shortest stop of its style (at its loop's next join
// with it), or, for a style without stops or a character not walking, given a goal a step's
// fraction ahead (which a space without stops walks on round).
Status LevelSteering::stopHere(LevelWalker& w) {
    w.stopAsked = m_stopSpace >= 0 && inQueue(w) && m_crowd.stop(w.id, m_stopSpace, m_stopClip);
    if (w.stopAsked) return Status::ok();
    const float heading = m_crowd.state(w.id)->ground.heading;
    const glm::vec2 ahead = w.last + kWaitAheadM * glm::vec2(std::sin(heading), std::cos(heading));
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

std::string metresText(float metres) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", metres);
    return text;
}

float goalBudgetSeconds(float pathM, float speed, int others) {
    return 3.0f * pathM / speed + 10.0f + 0.5f * static_cast<float>(std::max(others, 0));
}

}  // namespace gs

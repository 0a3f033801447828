#include "core/level/level_simulation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include <glm/geometric.hpp>

#include "core/authoring_limits.h"
#include "core/level/foot_ground.h"

namespace gs {
namespace {

glm::vec2 xz(const glm::vec3& p) { return {p.x, p.z}; }

// One character and its way through the level.
struct Walker {
    CharacterId id;
    std::vector<glm::vec3> corners;  // the path being followed
    size_t segment = 0;              // corners[segment] -> corners[segment + 1]
    glm::vec3 goal{0.0f};
    float shortest = 0.0f;  // the path's length when the goal was set
    float walked = 0.0f;
    float y = 0.0f;  // the surface height under the root
    glm::vec2 last{0.0f};
    long goalStart = 0;
    float budget = 0.0f;  // seconds allowed for the goal
    int goalsSet = 0;
    bool done = false;
    glm::vec3 crossingGoal{0.0f};
    StanceSkateTrack skate;
};

class LevelRun {
public:
    LevelRun(Crowd& crowd, const Navigation& nav, const LevelSimulationSettings& settings,
             float fps, float speed, LevelSimulationResult& result)
        : m_crowd(crowd),
          m_nav(nav),
          m_settings(settings),
          m_dt(1.0f / fps),
          m_speed(std::max(speed, 0.5f)),
          m_result(result),
          m_rng(settings.seed) {}

    Status addCharacters(std::span<const float> weights);
    Status run();
    void footFigures();
    void setGround(const GroundQuery& ground) { m_ground = ground; }

private:
    glm::vec3 randomPoint();
    Expected<glm::vec3> randomGoal(const glm::vec3& from);
    Status setPath(Walker& w, const glm::vec3& from, const glm::vec3& goal);
    Status nextGoal(Walker& w);
    glm::vec2 aim(Walker& w, const glm::vec2& p);
    void offsetCorners(std::vector<glm::vec3>& corners) const;
    glm::vec2 alongPath(const Walker& w, size_t segment, glm::vec2 from, float ahead) const;
    bool visible(const glm::vec2& a, const glm::vec2& b, float y) const;
    Status step(Walker& w);
    void measureFeet(Walker& w);

    Crowd& m_crowd;
    const Navigation& m_nav;
    const LevelSimulationSettings& m_settings;
    const float m_dt;
    const float m_speed;
    LevelSimulationResult& m_result;
    std::mt19937 m_rng;
    std::uniform_real_distribution<float> m_unit{0.0f, 1.0f};
    std::vector<Walker> m_walkers;
    GroundQuery m_ground;               // what the feet are measured against
    std::vector<float> m_footErrors;    // metres, planted feet
    std::vector<float> m_unevenErrors;  // ... on uneven ground
};

// A point of the mesh, uniform over the level's bounds (tried until one lies on the mesh).
glm::vec3 LevelRun::randomPoint() {
    const LevelInfo& info = m_nav.info();
    for (int attempt = 0; attempt < 1000; ++attempt) {
        const glm::vec3 p(info.boundsMin.x + m_unit(m_rng) * (info.boundsMax.x - info.boundsMin.x),
                          info.boundsMin.y + m_unit(m_rng) * (info.boundsMax.y - info.boundsMin.y),
                          info.boundsMin.z + m_unit(m_rng) * (info.boundsMax.z - info.boundsMin.z));
        auto n = m_nav.nearestPoint(p);
        if (n && !n->moved) return n->position;
    }
    return m_nav.nearestPoint(0.5f * (info.boundsMin + info.boundsMax))->position;
}

Expected<glm::vec3> LevelRun::randomGoal(const glm::vec3& from) {
    for (int attempt = 0; attempt < 200; ++attempt) {
        const glm::vec3 g = randomPoint();
        auto clearance = m_nav.distanceToEdge(g, m_settings.goalClearanceM);
        if (!clearance || *clearance < m_settings.goalClearanceM) continue;
        auto path = m_nav.findPath(from, g);
        if (path && path->length >= m_settings.minGoalPathM) return g;
    }
    return Status::error("simulation: no goal on the level is " +
                         std::to_string(m_settings.minGoalPathM) +
                         " m or more along the mesh from a start");
}

// Each inner corner moved away from the edge it turns round, by the offset, where the mesh is
// still under it.
void LevelRun::offsetCorners(std::vector<glm::vec3>& corners) const {
    for (size_t k = 1; k + 1 < corners.size(); ++k) {
        const glm::vec2 in = xz(corners[k]) - xz(corners[k - 1]);
        const glm::vec2 out = xz(corners[k + 1]) - xz(corners[k]);
        if (glm::length(in) < 1e-4f || glm::length(out) < 1e-4f) continue;
        const glm::vec2 inside = glm::normalize(out) - glm::normalize(in);
        if (glm::length(inside) < 1e-3f) continue;
        const glm::vec2 moved = xz(corners[k]) - m_settings.cornerOffsetM * glm::normalize(inside);
        const glm::vec3 candidate(moved.x, corners[k].y, moved.y);
        if (m_nav.onMesh(candidate)) corners[k] = candidate;
    }
}

Status LevelRun::setPath(Walker& w, const glm::vec3& from, const glm::vec3& goal) {
    auto path = m_nav.findPath(from, goal);
    if (!path) return path.status();
    w.corners = path->corners;
    offsetCorners(w.corners);
    w.segment = 0;
    w.goal = path->goal.position;
    return Status::ok();
}

Status LevelRun::nextGoal(Walker& w) {
    const glm::vec3 here(w.last.x, w.y, w.last.y);
    glm::vec3 goal;
    if (m_settings.scenario == LevelSimulationSettings::Scenario::Crossing) {
        // Across, then back to where it is now.
        goal = w.crossingGoal;
        w.crossingGoal = here;
    } else {
        auto g = randomGoal(here);
        if (!g) return g.status();
        goal = *g;
    }
    auto path = m_nav.findPath(here, goal);
    if (!path) return path.status();
    if (path->goal.moved) ++m_result.goalsMoved;
    if (Status s = setPath(w, here, goal); !s) return s;
    w.shortest = path->length;
    w.walked = 0.0f;
    w.goalStart = m_result.frames;
    w.budget = 3.0f * path->length / m_speed + 10.0f;
    ++w.goalsSet;
    ++m_result.goals;
    return Status::ok();
}

Status LevelRun::addCharacters(std::span<const float> weights) {
    const LevelInfo& info = m_nav.info();
    const glm::vec3 extent = info.boundsMax - info.boundsMin;
    const bool alongZ = extent.z >= extent.x;
    for (int c = 0; c < m_settings.characters; ++c) {
        Walker w;
        glm::vec3 start = randomPoint();
        if (m_settings.scenario == LevelSimulationSettings::Scenario::Crossing) {
            // The first fifth along the longer side, and the mirrored point in the last fifth.
            for (int attempt = 0; attempt < 1000; ++attempt) {
                const float along = 0.02f + 0.18f * m_unit(m_rng), across = m_unit(m_rng);
                glm::vec3 a = info.boundsMin + glm::vec3(across, 0.0f, along) * extent;
                glm::vec3 b = info.boundsMin + glm::vec3(across, 0.0f, 1.0f - along) * extent;
                if (!alongZ) {
                    a = info.boundsMin + glm::vec3(along, 0.0f, across) * extent;
                    b = info.boundsMin + glm::vec3(1.0f - along, 0.0f, across) * extent;
                }
                auto na = m_nav.nearestPoint(a);
                auto nb = m_nav.nearestPoint(b);
                if (na && nb && !na->moved && !nb->moved &&
                    *m_nav.connected(na->position, nb->position)) {
                    start = na->position;
                    w.crossingGoal = nb->position;
                    break;
                }
            }
        }
        w.last = xz(start);
        w.y = start.y;
        // Facing along the first leg of its first path.
        if (Status s = nextGoal(w); !s) return s;
        const glm::vec2 first = xz(w.corners[1]) - xz(w.corners[0]);
        const float heading = std::atan2(first.x, first.y);
        auto id = m_crowd.add(GroundFrame{start.x, start.z, heading}, weights);
        if (!id) return id.status();
        w.id = *id;
        m_walkers.push_back(std::move(w));
    }
    return Status::ok();
}

// The point lookAheadM along the path from the character's nearest point on it (the goal when
// the path ends sooner); the path is found afresh when the character is too far off it.
glm::vec2 LevelRun::aim(Walker& w, const glm::vec2& p) {
    float bestDistance = std::numeric_limits<float>::max();
    size_t bestSegment = w.segment;
    glm::vec2 bestPoint = xz(w.corners[w.segment]);
    for (size_t s = w.segment; s + 1 < w.corners.size() && s <= w.segment + 2; ++s) {
        const glm::vec2 a = xz(w.corners[s]), b = xz(w.corners[s + 1]);
        const glm::vec2 ab = b - a;
        const float len2 = glm::dot(ab, ab);
        const float t = len2 > 1e-8f ? std::clamp(glm::dot(p - a, ab) / len2, 0.0f, 1.0f) : 1.0f;
        const glm::vec2 q = a + t * ab;
        const float d = glm::distance(p, q);
        if (d < bestDistance - 1e-4f) bestDistance = d, bestSegment = s, bestPoint = q;
    }
    if (bestDistance > m_settings.replanDistanceM && setPath(w, glm::vec3(p.x, w.y, p.y), w.goal)) {
        return aim(w, p);
    }
    w.segment = bestSegment;
    // The look-ahead, shortened (by halves, to a tenth) until the straight way to it stays on the
    // mesh: past a corner a full look-ahead would cut it.
    for (float ahead = m_settings.lookAheadM;; ahead *= 0.5f) {
        const glm::vec2 target = alongPath(w, bestSegment, bestPoint, ahead);
        if (ahead < 0.1f * m_settings.lookAheadM || visible(p, target, w.y)) return target;
    }
}

glm::vec2 LevelRun::alongPath(const Walker& w, size_t segment, glm::vec2 q, float ahead) const {
    for (size_t s = segment; s + 1 < w.corners.size(); ++s) {
        const glm::vec2 e = xz(w.corners[s + 1]);
        const float len = glm::distance(q, e);
        if (len >= ahead) return q + (e - q) * (ahead / len);
        ahead -= len;
        q = e;
    }
    return xz(w.goal);
}

// Whether the straight way from a to b lies on the mesh (sampled every 10 cm).
bool LevelRun::visible(const glm::vec2& a, const glm::vec2& b, float y) const {
    const int samples = std::max(1, static_cast<int>(glm::distance(a, b) / 0.1f));
    for (int k = 1; k <= samples; ++k) {
        const glm::vec2 q = a + (b - a) * (static_cast<float>(k) / samples);
        if (!m_nav.onMesh({q.x, y, q.y})) return false;
    }
    return true;
}

// The character's feet against the surface (foot_ground.h), after the crowd's update.
void LevelRun::measureFeet(Walker& w) {
    const CharacterState& state = *m_crowd.state(w.id);
    const auto world = *m_crowd.modelTransforms(w.id);
    const bool carried = m_settings.feetOnGround;
    footGroundErrors(state, world, m_ground, carried, w.y, m_footErrors, m_unevenErrors);
    w.skate.add(state, world, toeHeights(state, world, m_ground, carried),
                m_crowd.space().floorHeight, 1.0f / m_dt);
}

// One frame of one character after the crowd's update: its figures, its goal, its aim.
Status LevelRun::step(Walker& w) {
    if (w.done) return Status::ok();
    measureFeet(w);
    const CharacterState& state = *m_crowd.state(w.id);
    const glm::vec2 p(state.ground.x, state.ground.z);
    w.walked += glm::distance(p, w.last);
    w.last = p;
    ++m_result.characterFrames;
    auto h = m_nav.groundHeight({p.x, w.y, p.y});
    if (h) {
        w.y = *h;
        if (auto d = m_nav.distanceToEdge({p.x, w.y, p.y}, 5.0f))
            m_result.minEdgeDistance = std::min(m_result.minEdgeDistance, *d);
    } else {
        ++m_result.wallContacts;
        m_result.minEdgeDistance = 0.0f;
    }
    const float distance = glm::distance(p, xz(w.goal));
    const float elapsed = (m_result.frames - w.goalStart) * m_dt;
    if (distance < m_settings.reachRadius || elapsed > w.budget) {
        if (distance < m_settings.reachRadius) {
            ++m_result.reached;
            m_result.pathRatios.push_back(w.walked /
                                          std::max(w.shortest - m_settings.reachRadius, 0.1f));
        }
        if (w.goalsSet >= m_settings.goals) {
            w.done = true;
            return m_crowd.clearGoal(w.id);
        }
        if (Status s = nextGoal(w); !s) return s;
    }
    return m_crowd.setGoal(w.id, aim(w, p), Crowd::GoalArrival::WalkOn);
}

// The feet's figures over every character (foot_ground.h), in centimetres.
void LevelRun::footFigures() {
    m_result.plantedFootFrames = static_cast<long>(m_footErrors.size());
    m_result.footGroundP50 = 100.0f * absPercentile(m_footErrors, 50.0f);
    m_result.footGroundP95 = 100.0f * absPercentile(m_footErrors, 95.0f);
    m_result.footGroundMax = 100.0f * absPercentile(m_footErrors, 100.0f);
    m_result.unevenFootFrames = static_cast<long>(m_unevenErrors.size());
    m_result.unevenP50 = 100.0f * absPercentile(m_unevenErrors, 50.0f);
    m_result.unevenP95 = 100.0f * absPercentile(m_unevenErrors, 95.0f);
    m_result.unevenMax = 100.0f * absPercentile(m_unevenErrors, 100.0f);
    double sum = 0.0;
    long samples = 0;
    for (const Walker& w : m_walkers) sum += w.skate.sum, samples += w.skate.samples;
    m_result.stanceSkate = samples ? static_cast<float>(sum / samples) : 0.0f;
}

Status LevelRun::run() {
    if (m_settings.record) {
        const BakedBehavioralSpace& bs = m_crowd.baked().space;
        m_result.motion.name = "level";
        m_result.motion.fps = bs.fps;
        m_result.motion.skeleton = bs.skeleton;
    }
    m_result.minEdgeDistance = std::numeric_limits<float>::max();
    const long maxFrames = static_cast<long>(limits::kMaxRunSeconds / m_dt);
    while (m_result.frames < maxFrames) {
        if (m_result.frames > 0)
            if (Status s = m_crowd.update(m_dt); !s) return s;
        bool any = false;
        for (Walker& w : m_walkers) {
            if (Status s = step(w); !s) return s;
            any = any || !w.done;
        }
        if (m_settings.record) {
            const Walker& w = m_walkers.front();
            const auto pose = *m_crowd.localPose(w.id);
            m_result.motion.rotations.insert(m_result.motion.rotations.end(), pose.begin(),
                                             pose.end());
            glm::vec3 root = *m_crowd.rootPosition(w.id);
            if (!m_settings.feetOnGround) root.y += w.y;  // on the level's surface
            m_result.motion.rootPositions.push_back(root);
        }
        ++m_result.frames;
        if (!any) break;
    }
    return Status::ok();
}

}  // namespace

Status LevelSimulationSettings::validate() const {
    if (characters < 1 || characters > 1000)
        return Status::error("simulation: characters must be 1-1000");
    if (goals < 1 || goals > limits::kMaxGoals)
        return Status::error("simulation: goals must be 1-" + std::to_string(limits::kMaxGoals));
    if (!(reachRadius > 0.0f)) return Status::error("simulation: reach radius must be > 0");
    if (!(lookAheadM >= 0.1f && lookAheadM <= 10.0f))
        return Status::error("simulation: the look-ahead must be in [0.1, 10] m");
    if (!(replanDistanceM > 0.0f))
        return Status::error("simulation: the replan distance must be > 0");
    if (!(cornerOffsetM >= 0.0f && cornerOffsetM <= 1.0f))
        return Status::error("simulation: the corner offset must be in [0, 1] m");
    if (!(minGoalPathM >= 0.0f)) return Status::error("simulation: the goal distance must be >= 0");
    if (!(goalClearanceM >= 0.0f && goalClearanceM <= 5.0f))
        return Status::error("simulation: the goal clearance must be in [0, 5] m");
    if (Status s = steer.validate(); !s) return s;
    return locomotion.validate();
}

Expected<LevelSimulationResult> simulateLevel(std::shared_ptr<const BakedSpaceFile> baked,
                                              const Navigation& navigation,
                                              const LevelSimulationSettings& settings) {
    if (Status s = settings.validate(); !s) return s;
    if (!baked) return Status::error("simulation: no baked space");
    const BakedBehavioralSpace& bs = baked->space;
    std::vector<float> weights(bs.spaces.size(), 0.0f);
    float sum = 0.0f;
    for (size_t s = 0; s < weights.size() && s < settings.styleWeights.size(); ++s)
        sum += weights[s] = std::max(0.0f, settings.styleWeights[s]);
    if (!(sum > 0.0f)) weights[0] = 1.0f;
    Crowd crowd(baked);
    if (!crowd.status()) return crowd.status();
    if (!crowd.canSteer())
        return Status::error("simulation: the baked space has no goal spaces to steer with");
    SteerSettings steer = settings.steer;
    steer.arrivalRadius = settings.reachRadius;
    if (Status s = crowd.setSteerSettings(steer); !s) return s;
    if (Status s = crowd.setLocomotionSettings(settings.locomotion); !s) return s;
    const GroundQuery ground = settings.ground ? settings.ground : navigation.groundQuery();
    if (settings.feetOnGround)
        if (Status s = crowd.setGroundQuery(ground); !s) return s;
    // The straight speed of the reference clips, for each goal's time budget.
    float speed = 0.0f;
    for (size_t s = 0; s < bs.spaces.size(); ++s)
        speed +=
            weights[s] / std::max(sum, 1.0f) * bs.spaces[s].clips[bs.spaces[s].reference].speed;
    LevelSimulationResult result;
    LevelRun run(crowd, navigation, settings, bs.fps, speed, result);
    run.setGround(ground);
    if (Status s = run.addCharacters(weights); !s) return s;
    if (Status s = run.run(); !s) return s;
    run.footFigures();
    result.seconds = result.frames / bs.fps;
    result.reachRate = result.goals ? static_cast<float>(result.reached) / result.goals : 0.0f;
    if (!result.pathRatios.empty()) {
        double total = 0.0;
        for (float r : result.pathRatios) total += r;
        result.pathRatio = static_cast<float>(total / result.pathRatios.size());
        result.pathRatioMax = *std::max_element(result.pathRatios.begin(), result.pathRatios.end());
    }
    if (result.minEdgeDistance == std::numeric_limits<float>::max()) result.minEdgeDistance = 0.0f;
    return result;
}

}  // namespace gs

#include "core/level/level_simulation.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <random>

#include <glm/geometric.hpp>

#include <gaitspace/runtime/ground_frame.h>

#include "core/authoring_limits.h"
#include "core/level/foot_ground.h"
#include "core/level/level_steering.h"

namespace gs {
namespace {

glm::vec2 xz(const glm::vec3& p) { return {p.x, p.z}; }

// Metres the closest approach to the mesh's edge is looked for within (a figure, not a rule).
constexpr float kEdgeSearchM = 1.0f;
// Seconds simulated before the wall-clock time is measured.
constexpr float kUntimedSeconds = 1.0f;
// The share of the level's length (along its longer side) the crossing's starts, and mirrored,
// its goals lie in.
constexpr float kCrossingShare = 0.45f;

// One character and its way through the level (level_steering.h), and its figures.
struct Walker : LevelWalker {
    float shortest = 0.0f;  // the path's length when the goal was set
    float walked = 0.0f;
    long goalStart = 0;
    float budget = 0.0f;  // seconds allowed for the goal
    int goalsSet = 0;
    glm::vec3 crossingGoal{0.0f};
    bool through = false;    // crossing: past the level's middle on its first way across
    float goalDepth = 0.0f;  // crossing: the first goal's way from the passage (metres)
    float startTurn = 0.0f;  // radians from its heading to the path's first leg, at the goal's set
    std::optional<glm::vec3> next;  // random: the goal after this one, drawn with it
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
          m_steering(crowd, nav, settings.steering(), m_dt, speed),
          m_speed(m_steering.speed()),
          m_radius(m_steering.radius()),
          m_result(result),
          m_rng(settings.seed) {}

    Status addCharacters(std::span<const float> weights);
    Status run();
    void footFigures();
    long waits() const { return m_steering.waits(); }
    bool holdsSentBack() const { return m_steering.holdsSentBack(); }
    void setGround(const GroundQuery& ground) { m_ground = ground; }

private:
    Status crossingEnds(std::vector<std::pair<glm::vec3, glm::vec3>>& ends);
    Status fillFromTheFarEnd(std::vector<std::pair<glm::vec3, glm::vec3>>& ends);
    Expected<glm::vec2> passageMouth(const glm::vec3& from, const glm::vec3& to) const;
    Expected<float> depthOf(const glm::vec3& goal) const;
    Status claimDeepestGoal(Walker& w);
    const Walker* standingAt(const glm::vec3& p) const;
    Status tradeTakenGoal(Walker& w);
    Status takeFreeGoalHere(Walker& w);
    Status takeGoalOf(Walker& w, Walker& owner);
    static float firstLegHeading(const Walker& w);
    Status nextGoal(Walker& w);
    Status placeAndAim(Walker& w, const glm::vec3* given, glm::vec3& start);
    Status observe(Walker& w);
    void score();
    void record();
    void measureFeet(Walker& w);

    Crowd& m_crowd;
    const Navigation& m_nav;
    const LevelSimulationSettings& m_settings;
    const float m_dt;
    LevelSteering m_steering;
    const float m_speed;
    const float m_radius;
    LevelSimulationResult& m_result;
    std::mt19937 m_rng;
    std::vector<Walker> m_walkers;
    std::vector<LevelWalker*> m_steered;  // m_walkers, as LevelSteering takes them
    bool m_alongZ = true;                 // crossing: the level's longer side is along z...
    float m_middle = 0.0f;                // ... and its middle there
    glm::vec3 m_mouth{0.0f};              // ... and where the way across crosses it
    std::vector<float> m_crossingDepths;  // ... and each goal's way from there, as given out
    GroundQuery m_ground;                 // what the feet are measured against
    std::vector<float> m_footErrors;      // metres, planted feet
    std::vector<float> m_unevenErrors;    // ... on uneven ground
};

// The crossing's starts and goals: lattice points of the first kCrossingShare along the longer
// side whose mirror in the last is on the mesh and joined to them, given out by
// fillFromTheFarEnd; the lattice
// is made finer (by tenths, from 1.2 m to no less than 2.5 radii) until it holds every character.
Status LevelRun::crossingEnds(std::vector<std::pair<glm::vec3, glm::vec3>>& ends) {
    const LevelInfo& info = m_nav.info();
    const glm::vec3 extent = info.boundsMax - info.boundsMin;
    const bool alongZ = extent.z >= extent.x;
    const float length = alongZ ? extent.z : extent.x, width = alongZ ? extent.x : extent.z;
    m_alongZ = alongZ;
    m_middle = alongZ ? 0.5f * (info.boundsMin.z + info.boundsMax.z)
                      : 0.5f * (info.boundsMin.x + info.boundsMax.x);
    const float y = 0.5f * (info.boundsMin.y + info.boundsMax.y);
    auto at = [&](float along, float across) {
        return alongZ ? glm::vec3(info.boundsMin.x + across, y, info.boundsMin.z + along)
                      : glm::vec3(info.boundsMin.x + along, y, info.boundsMin.z + across);
    };
    const float clearance = m_radius;  // from the mesh's edge
    const float finest = 2.5f * m_radius;
    auto mouth = passageMouth(at(0.25f * length, 0.5f * width), at(0.75f * length, 0.5f * width));
    if (!mouth) return mouth.status();
    auto onMesh = m_nav.nearestPoint({mouth->x, y, mouth->y});
    if (!onMesh) return onMesh.status().withContext("the crossing's passage");
    m_mouth = onMesh->position;
    for (float spacing = std::max(1.2f, finest); spacing >= finest - 1e-4f; spacing *= 0.9f) {
        ends.clear();
        // A triangular lattice: rows spacing x sqrt(3)/2 apart, every other one shifted by half.
        int row = 0;
        for (float along = 0.5f * spacing; along < kCrossingShare * length;
             along += 0.866f * spacing, ++row)
            for (float across = (row % 2 ? 1.0f : 0.5f) * spacing; across < width;
                 across += spacing) {
                auto a = m_nav.nearestPoint(at(along, across));
                auto b = m_nav.nearestPoint(at(length - along, across));
                if (!a || !b || a->moved || b->moved) continue;
                auto ca = m_nav.distanceToEdge(a->position, clearance);
                auto cb = m_nav.distanceToEdge(b->position, clearance);
                if (!ca || !cb || *ca < clearance || *cb < clearance) continue;
                if (*m_nav.connected(a->position, b->position))
                    ends.emplace_back(a->position, b->position);
            }
        if (static_cast<int>(ends.size()) >= m_settings.characters) {
            std::shuffle(ends.begin(), ends.end(), m_rng);
            ends.resize(m_settings.characters);
            return fillFromTheFarEnd(ends);
        }
    }
    return Status::error("simulation: the level's near side holds " + std::to_string(ends.size()) +
                         " crossing characters " + metresText(finest) + " m apart, fewer than " +
                         std::to_string(m_settings.characters));
}

// Where the shortest way from `from` to `to` crosses the level's middle (the passage).
Expected<glm::vec2> LevelRun::passageMouth(const glm::vec3& from, const glm::vec3& to) const {
    auto a = m_nav.nearestPoint(from);
    auto b = m_nav.nearestPoint(to);
    if (!a || !b) return Status::error("simulation: the level has no crossing");
    auto path = m_nav.findPath(a->position, b->position);
    if (!path) return path.status().withContext("a crossing");
    auto along = [&](const glm::vec3& p) { return (m_alongZ ? p.z : p.x) - m_middle; };
    for (size_t k = 0; k + 1 < path->corners.size(); ++k) {
        const float u = along(path->corners[k]), v = along(path->corners[k + 1]);
        if ((u <= 0.0f) != (v <= 0.0f))
            return glm::mix(xz(path->corners[k]), xz(path->corners[k + 1]), u / (u - v));
    }
    return xz(path->corners.back());
}

// The crossing's goals given so that the first through the passage go furthest: the starts in
// the order of their way to the far side's centre (nearest first), the goals in the order of
// their way from the passage's mouth (furthest first). Else the first through stand in the way
// of all who come after them. (By their distance from the level's middle instead, the last row
// filled is the one along the wall, and the last through walk along it behind those standing in
// it.)
Status LevelRun::fillFromTheFarEnd(std::vector<std::pair<glm::vec3, glm::vec3>>& ends) {
    glm::vec3 farCentre(0.0f);
    for (const auto& end : ends) farCentre += end.second;
    const float n = static_cast<float>(ends.size());
    auto wayLength = [&](const glm::vec3& from, const glm::vec3& to) -> Expected<float> {
        auto path = m_nav.findPath(from, to);
        if (!path) return path.status().withContext("a crossing's end");
        return path->length;
    };
    std::vector<std::pair<float, glm::vec3>> starts, goals;
    for (const auto& [a, b] : ends) {
        auto toFar = wayLength(a, farCentre / n);
        auto depth = depthOf(b);
        if (!toFar) return toFar.status();
        if (!depth) return depth.status();
        starts.emplace_back(*toFar, a);
        goals.emplace_back(-*depth, b);
    }
    auto byLength = [](const auto& x, const auto& y) { return x.first < y.first; };
    std::stable_sort(starts.begin(), starts.end(), byLength);
    std::stable_sort(goals.begin(), goals.end(), byLength);
    m_crossingDepths.resize(ends.size());
    for (size_t k = 0; k < ends.size(); ++k) {
        ends[k] = {starts[k].second, goals[k].second};
        m_crossingDepths[k] = -goals[k].first;
    }
    return Status::ok();
}

// Metres along the mesh from the passage's mouth to a crossing goal.
Expected<float> LevelRun::depthOf(const glm::vec3& goal) const {
    auto path = m_nav.findPath(m_mouth, goal);
    if (!path) return path.status().withContext("a crossing's goal");
    return path->length;
}

// A crossing character past the middle on its first way across takes the goal furthest from the
// passage of those not yet past it (swapping with its owner, whose path is found afresh): the
// far side fills from its far end as the characters come through, so that none has to pass
// those already standing.
Status LevelRun::claimDeepestGoal(Walker& w) {
    Walker* deepest = nullptr;
    for (Walker& o : m_walkers)
        if (&o != &w && o.goalsSet == 1 && !o.through && !o.done &&
            o.goalDepth > (deepest ? deepest->goalDepth : w.goalDepth))
            deepest = &o;
    if (!deepest) return Status::ok();
    const glm::vec3 mine = w.goal;
    // One walked off the level (without collision) keeps its goal.
    auto reachable = [&](const Walker& who, const glm::vec3& goal) {
        return static_cast<bool>(m_nav.findPath({who.last.x, who.y, who.last.y}, goal));
    };
    if (!reachable(w, deepest->goal) || !reachable(*deepest, mine)) return Status::ok();
    std::swap(w.goalDepth, deepest->goalDepth);
    for (auto [walker, goal] : {std::pair{&w, deepest->goal}, std::pair{deepest, mine}}) {
        auto path = m_steering.setGoal(*walker, goal, walker->goalsSet >= m_settings.goals);
        if (!path) return path.status();
        walker->shortest = walker->walked + path->length;
    }
    return Status::ok();
}

// A character standing (done) within two radii of `p`, or none.
const Walker* LevelRun::standingAt(const glm::vec3& p) const {
    for (const Walker& o : m_walkers)
        if (o.done && glm::distance(o.last, xz(p)) < 2.0f * m_radius && std::abs(o.y - p.y) < 1.0f)
            return &o;
    return nullptr;
}

// A crossing character whose last goal has another standing on it (pushed there, or stopped a
// little on) trades it for the nearest goal of one standing elsewhere that no one stands on:
// the far side's goals are places to stand, any free one as good as another.
Status LevelRun::tradeTakenGoal(Walker& w) {
    if (!standingAt(w.goal)) return Status::ok();
    Walker* freeOwner = nullptr;
    for (Walker& o : m_walkers)
        if (o.done && !standingAt(o.goal) &&
            (!freeOwner ||
             glm::distance(w.last, xz(o.goal)) < glm::distance(w.last, xz(freeOwner->goal))))
            freeOwner = &o;
    if (!freeOwner) return Status::ok();
    return takeGoalOf(w, *freeOwner);
}

// `w` takes the last goal of `owner`, who stands elsewhere and takes w's (a label: it is done);
// kept as it is when w has no path to it (off the level, without collision).
Status LevelRun::takeGoalOf(Walker& w, Walker& owner) {
    const glm::vec3 mine = w.goal;
    auto path = m_steering.setGoal(w, owner.goal, true);
    if (!path) return Status::ok();
    w.shortest = w.walked + path->length;
    owner.goal = mine;
    std::swap(w.goalDepth, owner.goalDepth);
    return Status::ok();
}

// A crossing character on its last goal that comes within reach of a free goal (one whose owner
// stands elsewhere, pushed off it) takes it, and the owner its own: the far side's goals are
// places to stand, and a gap passed is filled rather than walked by.
Status LevelRun::takeFreeGoalHere(Walker& w) {
    for (Walker& o : m_walkers)
        if (o.done && glm::distance(w.last, xz(o.goal)) < m_settings.reachRadius &&
            std::abs(o.y - w.y) <= 1.0f && !standingAt(o.goal))
            return takeGoalOf(w, o);
    return Status::ok();
}

Status LevelRun::nextGoal(Walker& w) {
    const glm::vec3 here(w.last.x, w.y, w.last.y);
    glm::vec3 goal;
    std::optional<glm::vec3> then;
    if (m_settings.scenario != LevelSimulationSettings::Scenario::Random) {
        // Across (or along its route), then back to where it is now.
        goal = w.crossingGoal;
        w.crossingGoal = here;
    } else {
        // Each goal drawn from the one before (whether or not it is turned toward early, so that
        // both ways walk the same goals).
        auto g = nextRandomGoals(m_nav, w.next, here, w.goalsSet + 1 < m_settings.goals,
                                 m_settings.goalClearanceM, m_settings.minGoalPathM, m_rng);
        if (!g) return g.status();
        goal = g->goal;
        then = w.next = g->then;
    }
    auto path = m_steering.setGoal(w, goal, w.goalsSet + 1 >= m_settings.goals, then);
    if (!path) return path.status();
    if (path->goal.moved) ++m_result.goalsMoved;
    w.shortest = path->length;
    w.walked = 0.0f;
    w.startTurn = 0.0f;
    if (w.goalsSet > 0)
        w.startTurn = wrapAngle(firstLegHeading(w) - m_crowd.state(w.id)->ground.heading);
    w.goalStart = m_result.frames;
    w.budget = goalBudgetSeconds(path->length, m_speed, m_settings.characters - 1);
    ++w.goalsSet;
    ++m_result.goals;
    return Status::ok();
}

// Puts w at `given`, or at a random point of the mesh, and gives it its first goal. A random
// start on an island too small for a goal (a closed room) is drawn again, a few times.
Status LevelRun::placeAndAim(Walker& w, const glm::vec3* given, glm::vec3& start) {
    constexpr int kRandomStarts = 8;
    Status status = Status::ok();
    for (int attempt = 0; attempt < (given ? 1 : kRandomStarts); ++attempt) {
        start = given ? *given : randomMeshPoint(m_nav, m_rng);
        w.last = xz(start);
        w.y = start.y;
        status = nextGoal(w);
        if (status) break;
    }
    return status;
}

// The heading of the first leg of w's path (radians; 0 for a path of one point).
float LevelRun::firstLegHeading(const Walker& w) {
    const std::vector<glm::vec3>& corners = w.follow->corners();
    if (corners.size() < 2) return 0.0f;
    const glm::vec2 first = xz(corners[1]) - xz(corners[0]);
    return std::atan2(first.x, first.y);
}

Status LevelRun::addCharacters(std::span<const float> weights) {
    m_steering.setStyleWeights(weights);
    std::vector<std::pair<glm::vec3, glm::vec3>> ends;
    if (m_settings.scenario == LevelSimulationSettings::Scenario::Crossing)
        if (Status s = crossingEnds(ends); !s) return s;
    if (m_settings.scenario == LevelSimulationSettings::Scenario::Routes) {
        for (const auto& [from, to] : m_settings.routes) {
            auto a = m_nav.nearestPoint(from);
            if (!a) return a.status().withContext("a route's start");
            if (a->moved) ++m_result.goalsMoved;
            ends.emplace_back(a->position, to);
        }
    }
    for (int c = 0; c < m_settings.characters; ++c) {
        Walker w;
        if (!ends.empty()) w.crossingGoal = ends[c].second;
        if (!m_crossingDepths.empty()) w.goalDepth = m_crossingDepths[c];
        // Facing along the first leg of its first path.
        glm::vec3 start;
        if (Status s = placeAndAim(w, ends.empty() ? nullptr : &ends[c].first, start); !s) return s;
        auto id = m_crowd.add(GroundFrame{start.x, start.z, firstLegHeading(w)}, weights);
        if (!id) return id.status();
        w.id = *id;
        m_walkers.push_back(std::move(w));
    }
    for (Walker& w : m_walkers) m_steered.push_back(&w);
    return Status::ok();
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

// One frame of one character after the crowd's update: where it is, its figures, its goal and
// the velocity it wants (none once done: it stops on its last goal and stands).
Status LevelRun::observe(Walker& w) {
    w.walked += m_steering.observe(w);
    if (w.done) return Status::ok();
    ++m_result.characterFrames;
    if (!w.onMesh) ++m_result.wallContacts;
    if (m_settings.scenario == LevelSimulationSettings::Scenario::Crossing && w.goalsSet == 1 &&
        !w.through &&
        ((m_alongZ ? w.last.y : w.last.x) - m_middle) *
                ((m_alongZ ? w.goal.z : w.goal.x) - m_middle) >
            0.0f) {
        w.through = true;
        if (Status s = claimDeepestGoal(w); !s) return s;
    }
    // Once a second (each character on its own frame), the last goal checked: for one standing
    // on it (crossing), and for a stop on it that ended out of reach.
    const bool crossing = m_settings.scenario == LevelSimulationSettings::Scenario::Crossing;
    const long second = std::max(1L, std::lround(1.0f / m_dt));
    const bool lastGoalsSecond =
        w.goalsSet >= m_settings.goals && (m_result.frames + (&w - m_walkers.data())) % second == 0;
    if (crossing && lastGoalsSecond)
        if (Status s = tradeTakenGoal(w); !s) return s;
    if (crossing && w.goalsSet >= m_settings.goals && w.through)
        if (Status s = takeFreeGoalHere(w); !s) return s;
    if (lastGoalsSecond)
        if (Status s = m_steering.sendAgainIfShort(w, m_settings.reachRadius); !s) return s;
    const float distance = glm::distance(w.last, xz(w.goal));
    const float elapsed = (m_result.frames - w.goalStart) * m_dt;
    if (distance < m_settings.reachRadius || elapsed > w.budget) {
        if (distance < m_settings.reachRadius) {
            ++m_result.reached;
            m_result.pathRatios.push_back(w.walked /
                                          std::max(w.shortest - m_settings.reachRadius, 0.1f));
            m_result.startTurns.push_back(w.startTurn);
        }
        if (w.goalsSet >= m_settings.goals) {
            m_result.lastArrivalS = m_result.frames * m_dt;
            return m_steering.finish(w);
        }
        if (Status s = nextGoal(w); !s) return s;
    }
    m_steering.want(w);
    return Status::ok();
}

// The scoring of a frame: the closest approach to the mesh's edge, and the character-frames (of
// characters not done) with another root nearer than two radii (a grid of cells two radii wide,
// each root against the roots of its cell and the eight around it).
void LevelRun::score() {
    for (const Walker& w : m_walkers) {
        if (w.done) continue;
        if (!w.onMesh) {
            m_result.minEdgeDistance = 0.0f;
            continue;
        }
        if (auto d = m_nav.distanceToEdge({w.last.x, w.y, w.last.y}, kEdgeSearchM))
            m_result.minEdgeDistance = std::min(m_result.minEdgeDistance, *d);
    }
    const float cell = 2.0f * m_radius;
    std::vector<std::pair<std::int64_t, int>> keyed(m_walkers.size());
    auto key = [](std::int64_t i, std::int64_t j) { return (i << 32) ^ (j & 0xffffffff); };
    for (size_t k = 0; k < m_walkers.size(); ++k) {
        const glm::vec2& p = m_walkers[k].last;
        keyed[k] = {key(static_cast<std::int64_t>(std::floor(p.x / cell)),
                        static_cast<std::int64_t>(std::floor(p.y / cell))),
                    static_cast<int>(k)};
    }
    std::sort(keyed.begin(), keyed.end());
    for (const Walker& w : m_walkers) {
        if (w.done) continue;
        const auto i = static_cast<std::int64_t>(std::floor(w.last.x / cell));
        const auto j = static_cast<std::int64_t>(std::floor(w.last.y / cell));
        bool overlap = false;
        for (std::int64_t di = -1; di <= 1 && !overlap; ++di)
            for (std::int64_t dj = -1; dj <= 1 && !overlap; ++dj) {
                auto it = std::lower_bound(keyed.begin(), keyed.end(),
                                           std::pair<std::int64_t, int>(key(i + di, j + dj), -1));
                for (; it != keyed.end() && it->first == key(i + di, j + dj); ++it) {
                    const Walker& o = m_walkers[it->second];
                    if (&o != &w && glm::distance(o.last, w.last) < cell &&
                        std::abs(o.y - w.y) < 1.0f)
                        overlap = true;
                }
            }
        if (overlap) ++m_result.overlaps;
    }
}

void LevelRun::record() {
    const Walker& w = m_walkers.front();
    const auto pose = *m_crowd.localPose(w.id);
    m_result.motion.rotations.insert(m_result.motion.rotations.end(), pose.begin(), pose.end());
    glm::vec3 root = *m_crowd.rootPosition(w.id);
    if (!m_settings.feetOnGround) root.y += w.y;  // on the level's surface (else carried there)
    m_result.motion.rootPositions.push_back(root);
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
    const double seconds = m_settings.maxSeconds > 0.0f
                               ? std::min<double>(m_settings.maxSeconds, limits::kMaxRunSeconds)
                               : limits::kMaxRunSeconds;
    const long maxFrames = static_cast<long>(seconds / m_dt);
    const long untimed = static_cast<long>(kUntimedSeconds / m_dt);
    using Clock = std::chrono::steady_clock;
    auto since = [](Clock::time_point t) {
        return std::chrono::duration<double>(Clock::now() - t).count();
    };
    while (m_result.frames < maxFrames) {
        const bool timed = m_result.frames >= untimed;
        Clock::time_point t0 = Clock::now();
        if (m_result.frames > 0)
            if (Status s = m_crowd.update(m_dt); !s) return s;
        if (timed) {
            m_result.updateSeconds += since(t0);
            m_result.timedCharacterFrames += static_cast<long>(m_walkers.size());
        }
        // The feet measured (a figure, not the level's work: untimed).
        for (Walker& w : m_walkers)
            if (!w.done) measureFeet(w);
        t0 = Clock::now();
        bool any = false;
        for (Walker& w : m_walkers) {
            if (Status s = observe(w); !s) return s;
            any = any || !w.done;
        }
        if (Status s = m_steering.steer(m_steered); !s) return s;
        if (timed) m_result.levelSeconds += since(t0);
        score();
        if (m_settings.record) record();
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
    if (!(aimMarginM >= 0.0f && aimMarginM <= 1.0f))
        return Status::error("simulation: the aim's margin must be in [0, 1] m");
    if (Status s = avoidance.validate(); !s) return s;
    if (Status s = steering().collision.validate(); !s) return s;
    if (!(maxSeconds >= 0.0f && std::isfinite(maxSeconds)))
        return Status::error("simulation: the longest run must be >= 0 s");
    if (scenario == Scenario::Routes && routes.size() != static_cast<size_t>(characters))
        return Status::error("simulation: the routes must be one per character");
    for (const auto& [from, to] : routes)
        if (!std::isfinite(from.x + from.y + from.z + to.x + to.y + to.z))
            return Status::error("simulation: a route's end is not finite");
    if (Status s = steer.validate(); !s) return s;
    return locomotion.validate();
}

LevelSteeringSettings LevelSimulationSettings::steering() const {
    LevelCollisionSettings collision;
    collision.enabled = collide;
    LevelSteeringSettings s{
        {lookAheadM, replanDistanceM, cornerOffsetM, aimMarginM}, avoid, avoidance, collision};
    if (!wait) s.waitBelowPace = 0.0f;
    s.reachRadius = reachRadius;
    s.turnEarly = turnEarly;
    return s;
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
    const float speed = referenceSpeed(bs, weights, sum);
    LevelSimulationResult result;
    LevelRun run(crowd, navigation, settings, bs.fps, speed, result);
    run.setGround(ground);
    if (Status s = run.addCharacters(weights); !s) return s;
    if (Status s = run.run(); !s) return s;
    run.footFigures();
    result.waits = run.waits();
    result.holdSentBack = run.holdsSentBack();
    result.seconds = result.frames / bs.fps;
    result.reachRate = result.goals ? static_cast<float>(result.reached) / result.goals : 0.0f;
    if (!result.pathRatios.empty()) {
        double total = 0.0;
        for (float r : result.pathRatios) total += r;
        result.pathRatio = static_cast<float>(total / result.pathRatios.size());
        result.pathRatioMax = *std::max_element(result.pathRatios.begin(), result.pathRatios.end());
        double ahead = 0.0;
        int count = 0;
        for (size_t k = 0; k < result.pathRatios.size(); ++k)
            if (std::abs(result.startTurns[k]) <= 0.5f * std::numbers::pi_v<float>)
                ahead += result.pathRatios[k], ++count;
        result.pathRatioAhead = count ? static_cast<float>(ahead / count) : 0.0f;
    }
    if (result.minEdgeDistance == std::numeric_limits<float>::max()) result.minEdgeDistance = 0.0f;
    if (result.characterFrames > 0)
        result.overlapFraction =
            static_cast<float>(static_cast<double>(result.overlaps) / result.characterFrames);
    return result;
}

}  // namespace gs

#include "app/gui/live/live_crowd.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "app/gui/live/steering_demo.h"
#include "core/level/level_simulation.h"

namespace gs {
namespace {

// The CLI's level run's settings (simulate --level's defaults): path following, avoidance,
// random goals and their reach.
const LevelSimulationSettings& levelDefaults() {
    static const LevelSimulationSettings settings;
    return settings;
}

// The straight speed of the style given (as simulate --level's).
float speedOf(const Crowd& crowd, std::span<const float> weights) {
    float sum = 0.0f;
    for (float w : weights) sum += std::max(w, 0.0f);
    return referenceSpeed(crowd.space(), weights, sum);
}

glm::vec2 xz(const glm::vec3& p) { return {p.x, p.z}; }

}  // namespace

LiveCrowd::LiveCrowd(Crowd& crowd, const LiveLevel& level, CharacterId first,
                     std::span<const float> styleWeights, std::uint32_t seed)
    : m_crowd(crowd),
      m_level(level),
      m_steering(crowd, level.navigation, levelDefaults().steering(), 1.0f / crowd.fps(),
                 speedOf(crowd, styleWeights)),
      m_rng(seed),
      m_user(styleWeights.begin(), styleWeights.end()) {
    m_steering.setStyleWeights(m_user);
    LevelWalker w;
    w.id = first;
    const GroundFrame g = *crowd.ground(first);
    w.last = glm::vec2(g.x, g.z);
    if (auto h = level.navigation.groundHeight({g.x, 0.0f, g.z})) w.y = *h;
    w.done = true;  // until it is given a goal
    m_walkers.push_back(std::move(w));
    m_goalFrame.push_back(0);
    m_budget.push_back(0.0f);
    m_others.name = "others";
    m_others.fps = crowd.fps();
    m_others.skeleton = crowd.space().skeleton;
}

LiveCrowd::~LiveCrowd() {
    // The others leave the crowd; the first stays the run's.
    for (size_t k = 1; k < m_walkers.size(); ++k) (void)m_crowd.remove(m_walkers[k].id);
}

void LiveCrowd::setStyleWeights(std::span<const float> weights) {
    m_user.assign(weights.begin(), weights.end());
    m_steering.setStyleWeights(m_user);
    for (size_t k = 1; k < m_walkers.size(); ++k) {
        (void)m_crowd.setStyleTargets(m_walkers[k].id, m_user);  // all zero: the targets stay
        m_walkers[k].pace = 1.0f;
    }
    m_walkers.front().pace = 1.0f;
}

Status LiveCrowd::resize(int characters) {
    characters = std::clamp(characters, 1, kMaxCharacters);
    while (size() > characters) {
        (void)m_crowd.remove(m_walkers.back().id);  // one of ours: it is in the crowd
        m_walkers.pop_back();
        m_goalFrame.pop_back();
        m_budget.pop_back();
    }
    while (size() < characters)
        if (Status s = addOther(); !s) return s;
    fillOthers();
    return Status::ok();
}

// Another character at a random point of the mesh two agent radii clear of the others (the
// best of a few tries), facing along its first path. A start on an island too small for a goal
// (a closed room) is drawn again, a few times.
Status LiveCrowd::addOther() {
    constexpr int kStarts = 8;
    Status s = Status::ok();
    for (int attempt = 0; attempt < kStarts; ++attempt)
        if ((s = addOtherAt(clearStart()))) break;
    return s;
}

// A random point of the mesh two agent radii clear of the others (the best of a few tries).
glm::vec3 LiveCrowd::clearStart() {
    const Navigation& nav = m_level.navigation;
    glm::vec3 start = randomMeshPoint(nav, m_rng);
    float clearest = -1.0f;
    for (int attempt = 0; attempt < 30; ++attempt) {
        const glm::vec3 p = attempt == 0 ? start : randomMeshPoint(nav, m_rng);
        float nearest = 1e9f;
        for (const LevelWalker& o : m_walkers)
            nearest = std::min(nearest, glm::distance(o.last, xz(p)));
        if (nearest > clearest) clearest = nearest, start = p;
        if (nearest > 2.0f * m_steering.radius() + 0.5f) break;
    }
    return start;
}

Status LiveCrowd::addOtherAt(const glm::vec3& start) {
    LevelWalker w;
    w.last = xz(start);
    w.y = start.y;
    m_walkers.push_back(std::move(w));
    m_goalFrame.push_back(m_frame);
    m_budget.push_back(0.0f);
    const int k = size() - 1;
    if (Status s = nextGoal(k); !s) {
        m_walkers.pop_back(), m_goalFrame.pop_back(), m_budget.pop_back();
        return s;
    }
    const auto& corners = m_walkers[k].follow->corners();
    const glm::vec2 first = xz(corners[1]) - xz(corners[0]);
    auto id = m_crowd.add(GroundFrame{start.x, start.z, std::atan2(first.x, first.y)}, m_user);
    if (!id) {
        m_walkers.pop_back(), m_goalFrame.pop_back(), m_budget.pop_back();
        return id.status();
    }
    m_walkers[k].id = *id;
    return Status::ok();
}

// A random goal for another character (walked through on to the next, drawn with it), with its
// time budget.
Status LiveCrowd::nextGoal(int k) {
    LevelWalker& w = m_walkers[k];
    const LevelSimulationSettings& d = levelDefaults();
    // Each goal drawn from the one before, so that the next is known and turned toward early.
    auto goals = nextRandomGoals(m_level.navigation, w.early.then, {w.last.x, w.y, w.last.y}, true,
                                 d.goalClearanceM, d.minGoalPathM, m_rng);
    if (!goals) return goals.status();
    auto path = m_steering.setGoal(w, goals->goal, false, goals->then);
    if (!path) return path.status();
    m_goalFrame[k] = m_frame;
    // No queueing time: the others' random goals are given up and replaced soon in a jam.
    m_budget[k] = goalBudgetSeconds(path->length, m_steering.speed(), 0);
    return Status::ok();
}

Expected<NavPath> LiveCrowd::setGoal(const glm::vec3& goal) {
    LevelWalker& first = m_walkers.front();
    const GroundFrame g = *m_crowd.ground(first.id);
    first.last = glm::vec2(g.x, g.z);
    auto path = m_steering.setGoal(first, goal, true);
    if (!path) {
        first.done = true;  // another island: it stands
        (void)m_crowd.clearGoal(first.id);
        return path;
    }
    if (!m_firstSteered) first.done = true;
    return path;
}

void LiveCrowd::setFirstSteered(bool steered) {
    m_firstSteered = steered;
    LevelWalker& first = m_walkers.front();
    if (!steered) first.done = true;
}

Status LiveCrowd::frame() {
    const float dt = 1.0f / m_crowd.fps();
    const float reach = levelDefaults().reachRadius;
    std::vector<LevelWalker*> all;
    all.reserve(m_walkers.size());
    for (int k = 0; k < size(); ++k) {
        LevelWalker& w = m_walkers[k];
        (void)m_steering.observe(w);
        all.push_back(&w);
        if (w.done) continue;
        const bool reached = glm::distance(w.last, xz(w.goal)) < reach;
        if (k == 0 && reached) {
            if (Status s = m_steering.finish(w); !s) return s;
            continue;
        }
        // Once a second, the first's stop checked: one pushed short of its goal walks on to it.
        if (k == 0 && m_frame % std::max(1L, std::lround(1.0f / dt)) == 0)
            if (Status s = m_steering.sendAgainIfShort(w, reach); !s) return s;
        if (k > 0 && (reached || (m_frame - m_goalFrame[k]) * dt > m_budget[k]))
            if (Status s = nextGoal(k); !s) return s;
        m_steering.want(w);
    }
    if (Status s = m_steering.steer(all); !s) return s;
    ++m_frame;
    fillOthers();
    return Status::ok();
}

void LiveCrowd::fillOthers() {
    m_others.resize(size() - 1);
    for (int k = 1; k < size(); ++k) {
        const auto pose = *m_crowd.localPose(m_walkers[k].id);
        std::copy(pose.begin(), pose.end(), m_others.frameRotations(k - 1).begin());
        m_others.rootPositions[k - 1] = *m_crowd.rootPosition(m_walkers[k].id);
    }
}

const std::vector<glm::vec3>& LiveCrowd::path() const {
    static const std::vector<glm::vec3> none;
    const LevelWalker& first = m_walkers.front();
    return first.follow ? first.follow->corners() : none;
}

std::vector<glm::vec2> LiveCrowd::positions() const {
    std::vector<glm::vec2> out;
    for (const LevelWalker& w : m_walkers) {
        const GroundFrame g = *m_crowd.ground(w.id);
        out.emplace_back(g.x, g.z);
    }
    return out;
}

std::vector<glm::vec2> LiveCrowd::goals() const {
    std::vector<glm::vec2> out;
    for (const LevelWalker& w : m_walkers) out.push_back(xz(w.goal));
    return out;
}

}  // namespace gs

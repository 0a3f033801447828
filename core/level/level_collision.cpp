#include "core/level/level_collision.h"

#include <algorithm>
#include <cmath>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "core/level/level_steering.h"

namespace gs {
namespace {

// Metres of height two roots may differ by and still meet (not on a stair's flights apart).
constexpr float kSameFloorM = 1.0f;
// Metres two next roots may be further apart than two radii and the slack and still be paired:
// what the rounds may move them by.
constexpr float kPairReachM = 0.2f;
// Metres the mesh's edge is looked for within round a root (LevelWalker::clear); found again
// once the root has moved half the room it had, and no sooner than kClearAgainM.
constexpr float kClearSearchM = 1.0f;
constexpr float kClearAgainM = 0.1f;

}  // namespace

Status LevelCollisionSettings::validate() const {
    if (rounds < 1 || rounds > 16) return Status::error("collision: rounds must be 1-16");
    if (!(maxPushMps > 0.0f && maxPushMps <= 10.0f))
        return Status::error("collision: the fastest push must be in (0, 10] m/s");
    if (!(slackM >= 0.0f && slackM <= 0.5f))
        return Status::error("collision: the slack must be in [0, 0.5] m");
    if (!(edgeMarginM >= 0.0f && edgeMarginM <= 0.5f))
        return Status::error("collision: the edge margin must be in [0, 0.5] m");
    return Status::ok();
}

LevelCollision::LevelCollision(Crowd& crowd, const Navigation& navigation, float dt,
                               LevelCollisionSettings settings)
    : m_crowd(crowd),
      m_nav(navigation),
      m_dt(dt),
      m_settings(settings),
      m_radius(navigation.info().agent.radius) {}

Status LevelCollision::resolve(std::span<LevelWalker* const> walkers) {
    if (!m_settings.enabled || walkers.empty()) return Status::ok();
    predict(walkers);
    findPairs();
    // Each round: onto the mesh (every root at first, then those the pairs moved), then apart.
    std::fill(m_moved.begin(), m_moved.end(), std::uint8_t{1});
    for (int round = 0; round < m_settings.rounds; ++round) {
        keepOnMesh();
        pushApart();
    }
    keepOnMesh();
    const float most = m_settings.maxPushMps * m_dt;
    for (size_t k = 0; k < walkers.size(); ++k) {
        LevelWalker& w = *walkers[k];
        glm::vec2 push = m_next[k] - m_start[k];
        const float length = glm::length(push);
        if (length > most) push *= most / length;
        w.pushed = push;
        if (length > 1e-5f)
            if (Status s = m_crowd.push(w.id, push); !s) return s;
    }
    return Status::ok();
}

// Each walker's next root: where it is moved on by its own motion over the last frame (its
// velocity less the push it was given then), on the surface it stands on.
void LevelCollision::predict(std::span<LevelWalker* const> walkers) {
    const size_t n = walkers.size();
    m_next.resize(n);
    m_start.resize(n);
    m_y.resize(n);
    m_moved.resize(n);
    m_freeAt.resize(n);
    m_freeRadius.resize(n);
    const float margin = m_settings.edgeMarginM;
    for (size_t k = 0; k < n; ++k) {
        LevelWalker& w = *walkers[k];
        m_start[k] = m_next[k] = w.last + w.velocity * m_dt - w.pushed;
        m_y[k] = w.y;
        // The distance to the mesh's edge, found again where the root has moved far enough.
        const glm::vec3 at(m_start[k].x, w.y, m_start[k].y);
        const float moved = glm::distance(m_start[k], glm::vec2(w.clearAt.x, w.clearAt.z));
        if (w.clear < 0.0f || std::abs(w.y - w.clearAt.y) > kSameFloorM ||
            moved > std::max(0.5f * (w.clear - margin), kClearAgainM)) {
            w.clear = -1.0f;
            if (m_nav.onMesh(at))
                if (auto d = m_nav.distanceToEdge(at, kClearSearchM)) w.clear = *d, w.clearAt = at;
        }
        m_freeAt[k] = glm::vec2(w.clearAt.x, w.clearAt.z);
        m_freeRadius[k] = w.clear - margin;
    }
}

// The pairs whose next roots are within two radii, the slack and kPairReachM of each other (on
// one floor): a grid of cells that wide over the roots' bounds (wider where the bounds are large;
// a counting sort, the roots of each cell in order), each root against those of its cell and the
// eight around it.
void LevelCollision::findPairs() {
    const size_t n = m_start.size();
    const float reach = 2.0f * m_radius + m_settings.slackM + kPairReachM;
    m_grid.build(m_start, reach);
    m_pairs.clear();
    for (size_t k = 0; k < n; ++k) {
        const auto [ci, cj] = m_grid.cellOf(m_start[k]);
        for (int i = ci - 1; i <= ci + 1; ++i)
            for (int j = cj - 1; j <= cj + 1; ++j) {
                // A cell's roots are in order: those after k alone.
                const auto in = m_grid.at(i, j);
                for (auto o = std::upper_bound(in.begin(), in.end(), k); o != in.end(); ++o)
                    if (std::abs(m_y[*o] - m_y[k]) <= kSameFloorM &&
                        glm::distance(m_start[*o], m_start[k]) < reach)
                        m_pairs.emplace_back(static_cast<int>(k), static_cast<int>(*o));
            }
    }
}

// One round over the pairs nearer than two radii (and the slack): each pair pushed apart along
// the line between them, half each.
void LevelCollision::pushApart() {
    const float apart = 2.0f * m_radius + m_settings.slackM;
    for (const auto& [a, b] : m_pairs) {
        const size_t k = static_cast<size_t>(a), o = static_cast<size_t>(b);
        glm::vec2 d = m_next[o] - m_next[k];
        const float distance = glm::length(d);
        if (distance >= apart) continue;
        // Two on one spot part along a direction of their own (their indices').
        d = distance > 1e-5f ? d / distance
                             : glm::vec2(std::cos(static_cast<float>(k + 7 * o)),
                                         std::sin(static_cast<float>(k + 7 * o)));
        const float half = 0.5f * (apart - distance);
        m_next[k] -= d * half;
        m_next[o] += d * half;
        m_moved[k] = m_moved[o] = 1;
    }
}

// Every walker's next root moved since it was last put back onto the mesh and the margin in from
// its edge, put back.
void LevelCollision::keepOnMesh() {
    for (size_t k = 0; k < m_next.size(); ++k) {
        if (!std::exchange(m_moved[k], std::uint8_t{0})) continue;
        if (glm::distance(m_next[k], m_freeAt[k]) < m_freeRadius[k]) continue;
        auto clear = m_nav.clearOfEdge({m_next[k].x, m_y[k], m_next[k].y}, m_settings.edgeMarginM);
        // No mesh within reach: left to its path (it finds its way back).
        if (clear) m_next[k] = glm::vec2(clear->x, clear->z);
    }
}

}  // namespace gs

// Avoidance between characters with DetourCrowd's obstacle avoidance (avoidance.h): the nearest
// neighbours from a grid of cells, the mesh's boundary edges near each character, and
// dtObstacleAvoidanceQuery's adaptive velocity sampling, as dtCrowd::update does for its agents.

#include <gaitspace/runtime/avoidance.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include <DetourCommon.h>
#include <DetourObstacleAvoidance.h>

#include <glm/geometric.hpp>

#include <gaitspace/runtime/navigation.h>

#include "core/runtime/point_grid.h"

namespace gs {
namespace {

constexpr int kMaxEdges = 16;   // boundary edges kept per character
constexpr float kCellM = 1.0f;  // the neighbour grid's cells, metres (at least)
// A character whose wanted direction turned further than this (cosine: 0.1 rad) since its last
// sampling is sampled again at once (a new leg of its path, a look-ahead shortened at a wall).
constexpr float kHeldCos = 0.995f;
// Metres from a boundary edge within which a character is sampled on every call (it walks
// along a wall, or through a doorway, a few centimetres off the mesh's edge).
constexpr float kNearEdgeM = 0.5f;

struct QueryDeleter {
    void operator()(dtObstacleAvoidanceQuery* q) const { dtFreeObstacleAvoidanceQuery(q); }
};

bool finite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

}  // namespace

Status AvoidanceSettings::validate() const {
    if (!(radius > 0.0f && radius <= 5.0f))
        return Status::error("avoidance: the radius must be in (0, 5] m");
    if (!(neighbourRangeM > 0.0f && neighbourRangeM <= 20.0f))
        return Status::error("avoidance: the neighbour range must be in (0, 20] m");
    if (!(edgeRangeM > 0.0f && edgeRangeM <= 20.0f))
        return Status::error("avoidance: the edge range must be in (0, 20] m");
    if (maxNeighbours < 1 || maxNeighbours > 32)
        return Status::error("avoidance: the neighbours avoided must be 1-32");
    if (!(horizonS > 0.0f && horizonS <= 10.0f))
        return Status::error("avoidance: the horizon must be in (0, 10] s");
    if (divisions < 1 || divisions > DT_MAX_PATTERN_DIVS || rings < 1 ||
        rings > DT_MAX_PATTERN_RINGS || depth < 1 || depth > 8)
        return Status::error(
            "avoidance: the sampling must be 1-32 divisions, 1-4 rings and depth 1-8");
    if (everyCalls < 1 || everyCalls > 8)
        return Status::error("avoidance: a character must be sampled every 1-8 calls");
    for (float w : {weightDesired, weightCurrent, weightSide, weightCollision})
        if (!(w >= 0.0f && std::isfinite(w)))
            return Status::error("avoidance: the weights must be finite and >= 0");
    return Status::ok();
}

struct Avoidance::Impl {
    AvoidanceSettings settings;
    Status status = Status::ok();
    dtObstacleAvoidanceParams params{};
    std::unique_ptr<dtObstacleAvoidanceQuery, QueryDeleter> query;
    // Every character by the cell of a grid over their bounds (kCellM wide, coarser where the
    // bounds are large; DetourCrowd's proximity grid hands back each character once by checking
    // every one found against those before it, which at a thousand characters in a room costs
    // more than the avoidance).
    std::vector<glm::vec2> grounds;
    detail::PointGrid grid;
    // Per character: its boundary edges (pairs of ends), how many, and where they were found.
    std::vector<glm::vec3> edges;
    std::vector<int> edgeCount;
    std::vector<glm::vec3> edgesAt;
    std::vector<float> edgesNearest;  // metres from edgesAt to the nearest of them (x, z)
    // Per character: what avoidance made of its wanted velocity when last sampled, kept between
    // samplings; and the calls made.
    struct Held {
        float cos = 1.0f, sin = 0.0f;  // the turn from the wanted velocity to the one taken
        float share = -1.0f;           // the speed taken over the speed wanted; < 0: none yet
        glm::vec2 wanted{0.0f};        // the direction wanted then (x, z)
    };
    std::vector<Held> held;
    unsigned long calls = 0;

    void buildGrid(std::span<const AvoidanceAgent> agents);
    glm::vec3 sample(std::span<const AvoidanceAgent> agents, size_t k, float speed,
                     const Navigation* navigation);

    void refreshEdges(size_t k, const glm::vec3& at, const Navigation& navigation) {
        const float range = settings.edgeRangeM;
        if (edgeCount[k] >= 0 && glm::distance(at, edgesAt[k]) < 0.25f * range) return;
        auto n = navigation.boundaryEdges(
            at, range, std::span<glm::vec3>(edges).subspan(k * 2 * kMaxEdges, 2 * kMaxEdges));
        edgeCount[k] = n ? *n : 0;
        edgesAt[k] = at;
        const glm::vec3* e = edges.data() + k * 2 * kMaxEdges;
        float nearest = std::numeric_limits<float>::max();
        for (int i = 0; i < edgeCount[k]; ++i) {
            float t = 0.0f;
            nearest =
                std::min(nearest, dtDistancePtSegSqr2D(&at.x, &e[2 * i].x, &e[2 * i + 1].x, t));
        }
        edgesNearest[k] = std::sqrt(nearest);
    }

    // Whether character k is nearer than kNearEdgeM to one of its boundary edges (as last found).
    bool nearEdge(size_t k, const glm::vec3& at) const {
        if (edgeCount[k] <= 0) return false;
        // Further from where they were found than the nearest of them was, less the way moved
        // since: none is near (no edge looked at).
        const float moved = std::hypot(at.x - edgesAt[k].x, at.z - edgesAt[k].z);
        if (edgesNearest[k] - moved > kNearEdgeM + 1e-4f) return false;
        const glm::vec3* e = edges.data() + k * 2 * kMaxEdges;
        for (int i = 0; i < edgeCount[k]; ++i) {
            float t = 0.0f;
            if (dtDistancePtSegSqr2D(&at.x, &e[2 * i].x, &e[2 * i + 1].x, t) <
                kNearEdgeM * kNearEdgeM)
                return true;
        }
        return false;
    }

    // The nearest neighbours of character k within range, nearest first: rings of cells outward
    // from its own, until the ring's nearest possible point is further than the furthest of a full
    // set of neighbours.
    int neighbours(std::span<const AvoidanceAgent> agents, size_t k, int* out) {
        const float range = settings.neighbourRangeM;
        const float cellSize = grid.cellSize();
        const auto [ci, cj] = grid.cellOf(grounds[k]);
        const int rings = static_cast<int>(std::ceil(range / cellSize));
        float distance[32];
        int count = 0;
        for (int r = 0; r <= rings; ++r) {
            const float nearest = static_cast<float>(r - 1) * cellSize;
            if (count == settings.maxNeighbours && r > 0 &&
                distance[count - 1] <= nearest * nearest)
                break;
            for (int i = ci - r; i <= ci + r; ++i)
                for (int j = cj - r; j <= cj + r; ++j) {
                    if (std::max(std::abs(i - ci), std::abs(j - cj)) != r) continue;  // the ring
                    for (std::uint32_t o : grid.at(i, j))
                        count = consider(agents, k, o, out, distance, count);
                }
        }
        return count;
    }

    // Neighbour j of character k into the nearest maxNeighbours (dtCrowd's addNeighbour).
    int consider(std::span<const AvoidanceAgent> agents, size_t k, size_t j, int* out,
                 float* distance, int count) const {
        const float range = settings.neighbourRangeM;
        if (j == k) return count;
        const glm::vec3 d = agents[j].position - agents[k].position;
        if (std::abs(d.y) > 2.0f) return count;  // another floor
        const float d2 = d.x * d.x + d.z * d.z;
        if (d2 > range * range) return count;
        int at = count;
        while (at > 0 && distance[at - 1] > d2) --at;
        if (at >= settings.maxNeighbours) return count;
        const int last = std::min(count, settings.maxNeighbours - 1);
        for (int s = last; s > at; --s) distance[s] = distance[s - 1], out[s] = out[s - 1];
        distance[at] = d2;
        out[at] = static_cast<int>(j);
        return std::min(count + 1, settings.maxNeighbours);
    }
};

void Avoidance::Impl::buildGrid(std::span<const AvoidanceAgent> agents) {
    grounds.resize(agents.size());
    for (size_t k = 0; k < agents.size(); ++k)
        grounds[k] = {agents[k].position.x, agents[k].position.z};
    grid.build(grounds, kCellM);
}

Avoidance::Avoidance(const AvoidanceSettings& settings) : m(std::make_unique<Impl>()) {
    m->settings = settings;
    m->status = settings.validate();
    if (!m->status) return;
    dtObstacleAvoidanceParams& p = m->params;
    p.velBias = 0.4f;
    p.weightDesVel = settings.weightDesired;
    p.weightCurVel = settings.weightCurrent;
    p.weightSide = settings.weightSide;
    p.weightToi = settings.weightCollision;
    p.horizTime = settings.horizonS;
    p.gridSize = 33;
    p.adaptiveDivs = static_cast<unsigned char>(settings.divisions);
    p.adaptiveRings = static_cast<unsigned char>(settings.rings);
    p.adaptiveDepth = static_cast<unsigned char>(settings.depth);
    m->query.reset(dtAllocObstacleAvoidanceQuery());
    if (!m->query || !m->query->init(settings.maxNeighbours, kMaxEdges))
        m->status = Status::error("avoidance: DetourCrowd could not make its query");
}

Avoidance::Avoidance(Avoidance&&) noexcept = default;
Avoidance& Avoidance::operator=(Avoidance&&) noexcept = default;
Avoidance::~Avoidance() = default;

const Status& Avoidance::status() const { return m->status; }
const AvoidanceSettings& Avoidance::settings() const { return m->settings; }

Status Avoidance::solve(std::span<const AvoidanceAgent> agents, std::span<glm::vec3> velocities,
                        const Navigation* navigation) {
    if (!m->status) return m->status;
    if (agents.size() > static_cast<size_t>(kMaxAgents))
        return Status::error("avoidance: more than " + std::to_string(kMaxAgents) + " agents");
    if (velocities.size() < agents.size())
        return Status::error("avoidance: fewer velocities than agents");
    for (size_t k = 0; k < agents.size(); ++k)
        if (!finite(agents[k].position) || !finite(agents[k].velocity) ||
            !finite(agents[k].desired))
            return Status::error("avoidance: agent " + std::to_string(k) + " is not finite");
    const size_t n = agents.size();
    if (m->edgeCount.size() != n) {
        m->edges.assign(n * 2 * kMaxEdges, glm::vec3(0.0f));
        m->edgeCount.assign(n, -1);
        m->edgesAt.assign(n, glm::vec3(0.0f));
        m->edgesNearest.assign(n, 0.0f);
        m->held.assign(n, Impl::Held{});
    }
    m->buildGrid(agents);
    const unsigned long every = static_cast<unsigned long>(m->settings.everyCalls);
    const unsigned long phase = m->calls++ % every;
    for (size_t k = 0; k < n; ++k) {
        const AvoidanceAgent& a = agents[k];
        const float speed = glm::length(glm::vec3(a.desired.x, 0.0f, a.desired.z));
        if (speed < 1e-4f) {
            velocities[k] = glm::vec3(0.0f);
            continue;
        }
        Impl::Held& h = m->held[k];
        const glm::vec2 wanted = glm::vec2(a.desired.x, a.desired.z) / speed;
        if (h.share >= 0.0f && k % every != phase && glm::dot(wanted, h.wanted) > kHeldCos &&
            !(navigation && m->nearEdge(k, a.position))) {
            // Between samplings: the wanted velocity turned and scaled as last time.
            velocities[k] = h.share * glm::vec3(h.cos * a.desired.x + h.sin * a.desired.z, 0.0f,
                                                h.cos * a.desired.z - h.sin * a.desired.x);
            continue;
        }
        const glm::vec3 v = m->sample(agents, k, speed, navigation);
        velocities[k] = v;
        // The turn from the wanted velocity to v (about +y) and v's share of the speed.
        const float cross = a.desired.z * v.x - a.desired.x * v.z;
        const float dot = a.desired.x * v.x + a.desired.z * v.z;
        const float length = std::hypot(cross, dot);
        h.cos = length > 1e-8f ? dot / length : 1.0f;
        h.sin = length > 1e-8f ? cross / length : 0.0f;
        h.share = glm::length(v) / speed;
        h.wanted = wanted;
    }
    return Status::ok();
}

// The velocity of character k (wanting `speed` m/s), sampled against its nearest neighbours and
// the mesh's edges near it.
glm::vec3 Avoidance::Impl::sample(std::span<const AvoidanceAgent> agents, size_t k, float speed,
                                  const Navigation* navigation) {
    const AvoidanceAgent& a = agents[k];
    const float r = settings.radius;
    int near[32];
    dtObstacleAvoidanceQuery& q = *query;
    q.reset();
    const int count = neighbours(agents, k, near);
    for (int i = 0; i < count; ++i) {
        const AvoidanceAgent& b = agents[near[i]];
        q.addCircle(&b.position.x, r, &b.velocity.x, &b.desired.x);
    }
    if (navigation) {
        refreshEdges(k, a.position, *navigation);
        const glm::vec3* e = edges.data() + k * 2 * kMaxEdges;
        for (int i = 0; i < edgeCount[k]; ++i) {
            // Only the edges the character is in front of (dtCrowd's test).
            if (dtTriArea2D(&a.position.x, &e[2 * i].x, &e[2 * i + 1].x) < 0.0f) continue;
            q.addSegment(&e[2 * i].x, &e[2 * i + 1].x);
        }
    }
    if (count == 0 && q.getObstacleSegmentCount() == 0) return a.desired;
    glm::vec3 v(0.0f);
    q.sampleVelocityAdaptive(&a.position.x, r, speed, &a.velocity.x, &a.desired.x, &v.x, &params);
    return v;
}

}  // namespace gs

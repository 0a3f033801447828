// The navigation component: a level's Detour navigation mesh, its islands and the queries a
// character needs (navigation.h).

#include <gaitspace/runtime/navigation.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include <DetourAlloc.h>
#include <DetourCommon.h>
#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>

#include <glm/geometric.hpp>

namespace gs {
namespace {

constexpr int kMaxNodes = 8192;      // Detour's search nodes (a level is one tile)
constexpr int kMaxPathPolys = 4096;  // polygons of one path
constexpr float kMovedM = 0.01f;     // a point further than this from the mesh was moved

struct NavMeshDeleter {
    void operator()(dtNavMesh* m) const { dtFreeNavMesh(m); }
};
struct QueryDeleter {
    void operator()(dtNavMeshQuery* q) const { dtFreeNavMeshQuery(q); }
};

float horizontalDistance(const glm::vec3& a, const glm::vec3& b) {
    return std::hypot(a.x - b.x, a.z - b.z);
}

}  // namespace

struct Navigation::Impl {
    LevelInfo info;
    std::unique_ptr<dtNavMesh, NavMeshDeleter> mesh;
    std::unique_ptr<dtNavMeshQuery, QueryDeleter> query;
    dtQueryFilter filter;
    const dtMeshTile* tile = nullptr;
    std::vector<int> island;  // per polygon
    int islands = 0;
    // findPath's scratch (one query, one thread: as the Detour query's own).
    std::vector<dtPolyRef> pathPolys = std::vector<dtPolyRef>(kMaxPathPolys);
    std::vector<float> pathCorners = std::vector<float>(3 * kMaxPathPolys);
    mutable dtPolyRef lastUnder = 0;  // polygonUnder's last answer (one thread, as above)

    // The nearest polygon to a point within the search extents, and the point on it.
    Expected<std::pair<dtPolyRef, glm::vec3>> nearest(const glm::vec3& p) const {
        const float extents[3] = {kSearchHorizontalM, kSearchVerticalM, kSearchHorizontalM};
        dtPolyRef ref = 0;
        glm::vec3 on{0.0f};
        const dtStatus s = query->findNearestPoly(&p.x, extents, &filter, &ref, &on.x);
        if (dtStatusFailed(s)) return Status::error("navigation: the nearest-polygon query failed");
        if (!ref)
            return Status::error("navigation: no navigation mesh within 5 m of (" +
                                 std::to_string(p.x) + ", " + std::to_string(p.y) + ", " +
                                 std::to_string(p.z) + ")");
        return std::pair{ref, on};
    }

    // The polygon under (x, z) whose surface is nearest p.y, and that surface's height; 0 where
    // none lies under the point. The last polygon found is tried first: one under the point whose
    // surface is within half the agent's height of p.y is the nearest (Recast keeps walkable
    // surfaces above one another at least the agent's height apart).
    std::pair<dtPolyRef, float> polygonUnder(const glm::vec3& p) const {
        float h = 0.0f;
        if (lastUnder && dtStatusSucceed(query->getPolyHeight(lastUnder, &p.x, &h)) &&
            std::abs(h - p.y) < 0.5f * info.agent.height)
            return {lastUnder, h};
        const float extents[3] = {0.01f, kSearchVerticalM, 0.01f};
        dtPolyRef refs[64];
        int count = 0;
        std::pair<dtPolyRef, float> best{0, 0.0f};
        if (dtStatusFailed(query->queryPolygons(&p.x, extents, &filter, refs, &count, 64)))
            return best;
        for (int k = 0; k < count; ++k) {
            if (dtStatusFailed(query->getPolyHeight(refs[k], &p.x, &h))) continue;
            if (!best.first || std::abs(h - p.y) < std::abs(best.second - p.y)) best = {refs[k], h};
        }
        if (best.first) lastUnder = best.first;
        return best;
    }

    int islandOf(dtPolyRef ref) const {
        const unsigned poly = mesh->decodePolyIdPoly(ref);
        return poly < island.size() ? island[poly] : -1;
    }

    // Connected parts, by a flood over the polygons' links.
    void findIslands() {
        const int count = tile->header->polyCount;
        island.assign(count, -1);
        std::vector<int> stack;
        for (int seed = 0; seed < count; ++seed) {
            if (island[seed] >= 0) continue;
            island[seed] = islands;
            stack.push_back(seed);
            while (!stack.empty()) {
                const int p = stack.back();
                stack.pop_back();
                for (unsigned l = tile->polys[p].firstLink; l != DT_NULL_LINK;
                     l = tile->links[l].next) {
                    const unsigned other = mesh->decodePolyIdPoly(tile->links[l].ref);
                    if (other < static_cast<unsigned>(count) && island[other] < 0) {
                        island[other] = islands;
                        stack.push_back(static_cast<int>(other));
                    }
                }
            }
            ++islands;
        }
    }
};

Navigation::Navigation(std::unique_ptr<Impl> impl) : m(std::move(impl)) {}
Navigation::Navigation(Navigation&&) noexcept = default;
Navigation& Navigation::operator=(Navigation&&) noexcept = default;
Navigation::~Navigation() = default;

Expected<Navigation> Navigation::create(BakedLevel level) {
    // The same checks as reading a file (a level made in memory may not have been read).
    auto checked = readGSLevel(writeGSLevel(level));
    if (!checked) return checked.status();
    auto impl = std::make_unique<Impl>();
    impl->info = std::move(level.info);
    // Detour owns a copy made with its allocator (DT_TILE_FREE_DATA frees it with the mesh).
    const int size = static_cast<int>(level.navMesh.size());
    auto* data = static_cast<unsigned char*>(dtAlloc(size, DT_ALLOC_PERM));
    if (!data) return Status::error("navigation: out of memory");
    std::memcpy(data, level.navMesh.data(), level.navMesh.size());
    impl->mesh.reset(dtAllocNavMesh());
    if (!impl->mesh || dtStatusFailed(impl->mesh->init(data, size, DT_TILE_FREE_DATA))) {
        if (impl->mesh && !impl->mesh->getTileAt(0, 0, 0)) dtFree(data);
        return Status::error("navigation: Detour refused the navigation mesh");
    }
    impl->query.reset(dtAllocNavMeshQuery());
    if (!impl->query || dtStatusFailed(impl->query->init(impl->mesh.get(), kMaxNodes)))
        return Status::error("navigation: Detour could not make a query");
    impl->tile = static_cast<const dtNavMesh*>(impl->mesh.get())->getTile(0);
    if (!impl->tile || !impl->tile->header)
        return Status::error("navigation: the navigation mesh has no tile");
    impl->findIslands();
    return Navigation(std::move(impl));
}

Expected<Navigation> Navigation::fromBytes(std::span<const std::uint8_t> bytes) {
    auto level = readGSLevel(bytes);
    if (!level) return level.status();
    return create(std::move(*level));
}

Expected<Navigation> Navigation::load(const std::string& path) {
    auto level = loadGSLevel(path);
    if (!level) return level.status();
    auto nav = create(std::move(*level));
    if (!nav) return nav.status().withContext(path);
    return nav;
}

const LevelInfo& Navigation::info() const { return m->info; }
int Navigation::polygonCount() const { return m->tile->header->polyCount; }
int Navigation::islandCount() const { return m->islands; }

Navigation::Outline Navigation::outline() const {
    Outline out;
    const dtMeshTile& tile = *m->tile;
    for (int p = 0; p < tile.header->polyCount; ++p) {
        const dtPoly& poly = tile.polys[p];
        if (poly.getType() != DT_POLYTYPE_GROUND) continue;
        for (int j = 0; j < poly.vertCount; ++j) {
            const float* a = &tile.verts[3 * poly.verts[j]];
            const float* b = &tile.verts[3 * poly.verts[(j + 1) % poly.vertCount]];
            // neis: 0 = no neighbour; an inner neighbour is its index + 1 (edges shared by two
            // polygons are kept from the lower-numbered one).
            const unsigned short neighbour = poly.neis[j];
            const bool boundary = neighbour == 0 || (neighbour & DT_EXT_LINK) != 0;
            if (!boundary && neighbour - 1 < p) continue;
            std::vector<glm::vec3>& to = boundary ? out.boundary : out.interior;
            to.push_back({a[0], a[1], a[2]});
            to.push_back({b[0], b[1], b[2]});
        }
    }
    return out;
}

Expected<NavPoint> Navigation::nearestPoint(const glm::vec3& point) const {
    auto n = m->nearest(point);
    if (!n) return n.status();
    NavPoint p;
    p.position = n->second;
    p.distance = glm::distance(point, p.position);
    // Detour puts a point over a polygon at the polygon's height: moved means moved sideways.
    p.moved = horizontalDistance(point, p.position) > kMovedM;
    return p;
}

Expected<NavPath> Navigation::findPath(const glm::vec3& from, const glm::vec3& to) const {
    auto a = m->nearest(from);
    if (!a) return a.status().withContext("the start");
    auto b = m->nearest(to);
    if (!b) return b.status().withContext("the goal");
    if (m->islandOf(a->first) != m->islandOf(b->first))
        return Status::error(
            "navigation: the goal is unreachable from the start (another island of the "
            "navigation mesh)");
    std::vector<dtPolyRef>& polys = m->pathPolys;
    int polyCount = 0;
    dtStatus s = m->query->findPath(a->first, b->first, &a->second.x, &b->second.x, &m->filter,
                                    polys.data(), &polyCount, kMaxPathPolys);
    if (dtStatusFailed(s) || polyCount == 0)
        return Status::error("navigation: Detour found no path");
    if (dtStatusDetail(s, DT_PARTIAL_RESULT))
        return Status::error("navigation: the path is longer than " +
                             std::to_string(kMaxPathPolys) + " polygons");
    std::vector<float>& corners = m->pathCorners;
    int cornerCount = 0;
    s = m->query->findStraightPath(&a->second.x, &b->second.x, polys.data(), polyCount,
                                   corners.data(), nullptr, nullptr, &cornerCount, kMaxPathPolys);
    if (dtStatusFailed(s) || cornerCount < 1)
        return Status::error("navigation: Detour could not straighten the path");
    NavPath path;
    for (int k = 0; k < cornerCount; ++k)
        path.corners.push_back({corners[3 * k], corners[3 * k + 1], corners[3 * k + 2]});
    if (path.corners.size() < 2) path.corners.push_back(path.corners.back());
    for (size_t k = 1; k < path.corners.size(); ++k)
        path.length += glm::distance(path.corners[k - 1], path.corners[k]);
    path.start = {a->second, horizontalDistance(from, a->second) > kMovedM,
                  glm::distance(from, a->second)};
    path.goal = {b->second, horizontalDistance(to, b->second) > kMovedM,
                 glm::distance(to, b->second)};
    return path;
}

Expected<bool> Navigation::connected(const glm::vec3& a, const glm::vec3& b) const {
    auto na = m->nearest(a);
    if (!na) return na.status();
    auto nb = m->nearest(b);
    if (!nb) return nb.status();
    return m->islandOf(na->first) == m->islandOf(nb->first);
}

Expected<float> Navigation::groundHeight(const glm::vec3& point) const {
    const auto [ref, height] = m->polygonUnder(point);
    if (!ref) return Status::error("navigation: no navigation mesh under the point");
    return height;
}

// The upward normal of the detail triangle of polygon `ref` under (x, z) (+Y where none holds
// it: a point on an edge between triangles).
glm::vec3 detailNormal(const dtNavMesh& mesh, dtPolyRef ref, const glm::vec3& p) {
    const dtMeshTile* tile = nullptr;
    const dtPoly* poly = nullptr;
    if (dtStatusFailed(mesh.getTileAndPolyByRef(ref, &tile, &poly)) || !tile->detailMeshes)
        return {0.0f, 1.0f, 0.0f};
    const unsigned ip = static_cast<unsigned>(poly - tile->polys);
    const dtPolyDetail& pd = tile->detailMeshes[ip];
    auto vertex = [&](unsigned char v) {
        const float* f = v < poly->vertCount
                             ? &tile->verts[poly->verts[v] * 3]
                             : &tile->detailVerts[(pd.vertBase + (v - poly->vertCount)) * 3];
        return glm::vec3(f[0], f[1], f[2]);
    };
    for (int j = 0; j < pd.triCount; ++j) {
        const unsigned char* t = &tile->detailTris[(pd.triBase + j) * 4];
        const glm::vec3 a = vertex(t[0]), b = vertex(t[1]), c = vertex(t[2]);
        // Barycentric coordinates in the ground plane.
        const glm::vec2 v0(c.x - a.x, c.z - a.z), v1(b.x - a.x, b.z - a.z),
            v2(p.x - a.x, p.z - a.z);
        const float det = v0.x * v1.y - v1.x * v0.y;
        if (std::abs(det) < 1e-10f) continue;
        const float u = (v2.x * v1.y - v1.x * v2.y) / det, v = (v0.x * v2.y - v2.x * v0.y) / det;
        constexpr float kEps = 1e-4f;
        if (u < -kEps || v < -kEps || u + v > 1.0f + kEps) continue;
        glm::vec3 n = glm::cross(b - a, c - a);
        if (n.y < 0.0f) n = -n;
        const float len = glm::length(n);
        if (len > 1e-12f) return n / len;
    }
    return {0.0f, 1.0f, 0.0f};
}

Expected<GroundHit> Navigation::groundHit(const glm::vec3& point) const {
    const auto [ref, height] = m->polygonUnder(point);
    if (!ref) return Status::error("navigation: no navigation mesh under the point");
    return GroundHit{height, detailNormal(*m->mesh, ref, point)};
}

GroundQuery Navigation::groundQuery() const {
    auto query = [](void* user, float x, float y, float z, GroundHit* hit) {
        auto found = static_cast<const Navigation*>(user)->groundHit({x, y, z});
        if (found) *hit = *found;
        return static_cast<bool>(found);
    };
    return GroundQuery{query, const_cast<Navigation*>(this)};
}

bool Navigation::onMesh(const glm::vec3& point) const { return m->polygonUnder(point).first != 0; }

Expected<float> Navigation::distanceToEdge(const glm::vec3& point, float maxRadius) const {
    auto n = m->nearest(point);
    if (!n) return n.status();
    float distance = 0.0f;
    glm::vec3 hit{0.0f}, normal{0.0f};
    if (dtStatusFailed(m->query->findDistanceToWall(n->first, &n->second.x, maxRadius, &m->filter,
                                                    &distance, &hit.x, &normal.x)))
        return Status::error("navigation: the distance-to-wall query failed");
    return distance;
}

Expected<glm::vec3> Navigation::clearOfEdge(const glm::vec3& point, float margin) const {
    if (!(margin >= 0.0f && margin <= 1.0f))
        return Status::error("navigation: the edge margin must be in [0, 1] m");
    auto n = m->nearest(point);
    if (!n) return n.status();
    glm::vec3 on = n->second;
    float distance = 0.0f;
    glm::vec3 hit{0.0f}, normal{0.0f};
    if (dtStatusFailed(m->query->findDistanceToWall(n->first, &on.x, margin, &m->filter, &distance,
                                                    &hit.x, &normal.x)))
        return Status::error("navigation: the distance-to-wall query failed");
    if (distance >= margin) return on;
    // On the edge itself Detour gives no direction: the way back from where the point was.
    glm::vec3 away(normal.x, 0.0f, normal.z);
    if (distance < 1e-4f) away = glm::vec3(on.x - point.x, 0.0f, on.z - point.z);
    const float length = glm::length(away);
    if (length < 1e-6f) return on;
    return on + away * ((margin - distance) / length);
}

Expected<int> Navigation::boundaryEdges(const glm::vec3& point, float radius,
                                        std::span<glm::vec3> edges) const {
    auto n = m->nearest(point);
    if (!n) return n.status();
    constexpr int kMaxPolys = 32, kMaxPolyEdges = 16;
    dtPolyRef polys[kMaxPolys];
    int polyCount = 0;
    if (dtStatusFailed(m->query->findLocalNeighbourhood(n->first, &n->second.x, radius, &m->filter,
                                                        polys, nullptr, &polyCount, kMaxPolys)))
        return Status::error("navigation: the neighbourhood query failed");
    const int capacity = static_cast<int>(edges.size() / 2);
    int count = 0;
    float segments[6 * kMaxPolyEdges];
    for (int k = 0; k < polyCount && count < capacity; ++k) {
        int segmentCount = 0;
        // Without the neighbours' array Detour gives the boundary edges alone (no portals).
        if (dtStatusFailed(m->query->getPolyWallSegments(polys[k], &m->filter, segments, nullptr,
                                                         &segmentCount, kMaxPolyEdges)))
            continue;
        for (int e = 0; e < segmentCount && count < capacity; ++e) {
            const float* s = segments + 6 * e;
            float t = 0.0f;
            if (dtDistancePtSegSqr2D(&n->second.x, s, s + 3, t) > radius * radius) continue;
            edges[2 * count] = {s[0], s[1], s[2]};
            edges[2 * count + 1] = {s[3], s[4], s[5]};
            ++count;
        }
    }
    return count;
}

}  // namespace gs

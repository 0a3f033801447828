// The navigation component: a level's Detour navigation mesh, its islands and the queries a
// character needs (navigation.h).

#include <gaitspace/runtime/navigation.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include <DetourAlloc.h>
#include <DetourCommon.h>
#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "core/runtime/cell_buckets.h"

namespace gs {
namespace {

constexpr int kMaxNodes = 8192;  // Detour's search nodes (a level is one tile)
// ... of the query for the searches within a metre or two of a point (the distance to the mesh's
// edge): Detour clears a query's node table on every search, 4 kB for kMaxNodes.
constexpr int kLocalNodes = 256;
constexpr int kMaxPathPolys = 4096;  // polygons of one path
constexpr float kMovedM = 0.01f;     // a point further than this from the mesh was moved
constexpr float kNearM = 1.0f;       // the nearest polygon is looked for within this first

struct NavMeshDeleter {
    void operator()(dtNavMesh* m) const { dtFreeNavMesh(m); }
};
struct QueryDeleter {
    void operator()(dtNavMeshQuery* q) const { dtFreeNavMeshQuery(q); }
};

float horizontalDistance(const glm::vec3& a, const glm::vec3& b) {
    return std::hypot(a.x - b.x, a.z - b.z);
}

// Metres a cell of the surface grid is wide (at least; at most kMaxSurfaceCells cells).
constexpr float kSurfaceCellM = 0.5f;
constexpr float kMaxSurfaceCells = 262144;

// One detail triangle of a polygon seen from above: the height over (x, z) by its barycentric
// coordinates.
struct SurfaceTriangle {
    glm::vec2 a{0.0f};               // a corner (x, z)
    glm::vec2 toB{0.0f}, toC{0.0f};  // the other two from it
    float inverseDet = 0.0f;
    float y = 0.0f, riseB = 0.0f, riseC = 0.0f;  // a's height, b's and c's over it
    glm::vec3 normal{0.0f, 1.0f, 0.0f};          // unit, up
    dtPolyRef ref = 0;                           // its polygon

    bool heightAt(float x, float z, float& h) const {
        constexpr float kEps = 1e-5f;  // of the barycentric coordinates: micrometres
        const float dx = x - a.x, dz = z - a.y;
        const float u = (dx * toC.y - toC.x * dz) * inverseDet;
        const float v = (toB.x * dz - dx * toB.y) * inverseDet;
        if (u < -kEps || v < -kEps || u + v > 1.0f + kEps) return false;
        h = y + u * riseB + v * riseC;
        return true;
    }

    // Whether the triangle (a millimetre wider) meets the square lo..hi (x, z): no edge of the
    // triangle separates them (the square's own axes are the bounds' test).
    bool overlaps(const glm::vec2& lo, const glm::vec2& hi) const {
        const glm::vec2 corners[3] = {a, a + toB, a + toC};
        for (int e = 0; e < 3; ++e) {
            const glm::vec2 p = corners[e], q = corners[(e + 1) % 3], r = corners[(e + 2) % 3];
            const glm::vec2 n(q.y - p.y, p.x - q.x);
            const float side = glm::dot(r - p, n) > 0.0f ? 1.0f : -1.0f;
            // The square's corner furthest toward the triangle's side of the edge.
            const glm::vec2 far(side * n.x > 0.0f ? hi.x : lo.x, side * n.y > 0.0f ? hi.y : lo.y);
            if (side * glm::dot(far - p, n) < -1e-3f * glm::length(n)) return false;
        }
        return true;
    }
};

}  // namespace

struct Navigation::Impl {
    LevelInfo info;
    std::unique_ptr<dtNavMesh, NavMeshDeleter> mesh;
    std::unique_ptr<dtNavMeshQuery, QueryDeleter> query;
    std::unique_ptr<dtNavMeshQuery, QueryDeleter> localQuery;  // kLocalNodes
    dtQueryFilter filter;
    const dtMeshTile* tile = nullptr;
    std::vector<int> island;  // per polygon
    int islands = 0;
    // findPath's scratch (one query, one thread: as the Detour query's own).
    std::vector<dtPolyRef> pathPolys = std::vector<dtPolyRef>(kMaxPathPolys);
    std::vector<float> pathCorners = std::vector<float>(3 * kMaxPathPolys);
    // The detail triangles seen from above, in a grid of cells over the tile (the surface under
    // a point, which the ground stage, the path's look-ahead and avoidance ask for many times a
    // frame, without Detour's polygon search).
    std::vector<SurfaceTriangle> triangles;
    detail::CellBuckets cellTriangles;
    glm::vec2 gridMin{0.0f};
    float cellSize = kSurfaceCellM;
    int columns = 0, rows = 0;
    mutable const SurfaceTriangle* lastOn = nullptr;  // anyUnder's last answer

    // The nearest polygon to a point within the search extents, and the point on it.
    Expected<std::pair<dtPolyRef, glm::vec3>> nearest(const glm::vec3& p) const {
        dtPolyRef ref = 0;
        glm::vec3 on{0.0f};
        // Within kNearM first (the polygons of a small box, not the level's): a point found no
        // further than that is the nearest, every polygon outside the box being further.
        const float near[3] = {kNearM, kSearchVerticalM, kNearM};
        if (dtStatusSucceed(query->findNearestPoly(&p.x, near, &filter, &ref, &on.x)) && ref &&
            glm::distance(p, on) <= kNearM)
            return std::pair{ref, on};
        ref = 0;
        const float extents[3] = {kSearchHorizontalM, kSearchVerticalM, kSearchHorizontalM};
        const dtStatus s = query->findNearestPoly(&p.x, extents, &filter, &ref, &on.x);
        if (dtStatusFailed(s)) return Status::error("navigation: the nearest-polygon query failed");
        if (!ref)
            return Status::error("navigation: no navigation mesh within 5 m of (" +
                                 std::to_string(p.x) + ", " + std::to_string(p.y) + ", " +
                                 std::to_string(p.z) + ")");
        return std::pair{ref, on};
    }

    void buildSurface();

    // Detour's distance from `on` (on polygon `ref`) to the mesh's boundary within `radius`, and
    // the nearest boundary point and its normal: the small query first, the large one where the
    // search ran out of its nodes.
    dtStatus wallDistance(dtPolyRef ref, const glm::vec3& on, float radius, float& distance,
                          glm::vec3& hit, glm::vec3& normal) const {
        dtStatus s = localQuery->findDistanceToWall(ref, &on.x, radius, &filter, &distance, &hit.x,
                                                    &normal.x);
        if (dtStatusFailed(s) || dtStatusDetail(s, DT_OUT_OF_NODES))
            s = query->findDistanceToWall(ref, &on.x, radius, &filter, &distance, &hit.x,
                                          &normal.x);
        return s;
    }

    // The polygon under the point and the point on its surface (as nearest() gives for a point
    // over the mesh), else the nearest polygon and point.
    Expected<std::pair<dtPolyRef, glm::vec3>> underOrNearest(const glm::vec3& p) const {
        const auto [under, height] = surfaceUnder(p);
        if (under) return std::pair{under->ref, glm::vec3(p.x, height, p.z)};
        return nearest(p);
    }

    // The detail triangle under (x, z) whose surface is nearest p.y (within the vertical search
    // extent), and that surface's height; null where none lies under the point (Detour's
    // queryPolygons and getPolyHeight give the same, bar points within a few micrometres of an
    // edge).
    std::pair<const SurfaceTriangle*, float> surfaceUnder(const glm::vec3& p) const {
        std::pair<const SurfaceTriangle*, float> best{nullptr, 0.0f};
        const float fx = (p.x - gridMin.x) / cellSize, fz = (p.z - gridMin.y) / cellSize;
        if (!(fx >= 0.0f && fz >= 0.0f && fx < columns && fz < rows)) return best;
        const size_t cell = static_cast<size_t>(fz) * columns + static_cast<size_t>(fx);
        float bestOff = kSearchVerticalM;
        for (const std::uint32_t i : cellTriangles[cell]) {
            const SurfaceTriangle& t = triangles[i];
            float h = 0.0f;
            if (!t.heightAt(p.x, p.z, h)) continue;
            const float off = std::abs(h - p.y);
            if (off > bestOff || (best.first && off == bestOff)) continue;
            best = {&t, h};
            bestOff = off;
        }
        return best;
    }

    // Whether any detail triangle lies under (x, z) within the vertical search extent of p.y:
    // the one that answered last is tried first (the look-ahead's checks ask about points 10 cm
    // apart; one thread, as the Detour query).
    bool anyUnder(const glm::vec3& p) const {
        float h = 0.0f;
        if (lastOn && lastOn->heightAt(p.x, p.z, h) && std::abs(h - p.y) <= kSearchVerticalM)
            return true;
        const auto [t, height] = surfaceUnder(p);
        if (t) lastOn = t;
        return t != nullptr;
    }

    std::pair<dtPolyRef, float> polygonUnder(const glm::vec3& p) const {
        const auto [t, h] = surfaceUnder(p);
        return {t ? t->ref : 0, h};
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

// The grid of the detail triangles (the polygon's own fan where a tile has no detail mesh).
void Navigation::Impl::buildSurface() {
    const dtMeshTile& t = *tile;
    for (int ip = 0; ip < t.header->polyCount; ++ip) {
        const dtPoly& poly = t.polys[ip];
        if (poly.getType() != DT_POLYTYPE_GROUND) continue;
        const dtPolyRef ref = mesh->getPolyRefBase(&t) | static_cast<dtPolyRef>(ip);
        auto vertex = [&](int v) {
            const dtPolyDetail* pd = t.detailMeshes ? &t.detailMeshes[ip] : nullptr;
            const float* f = v < poly.vertCount
                                 ? &t.verts[poly.verts[v] * 3]
                                 : &t.detailVerts[(pd->vertBase + (v - poly.vertCount)) * 3];
            return glm::vec3(f[0], f[1], f[2]);
        };
        auto add = [&](const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) {
            SurfaceTriangle s;
            s.a = {a.x, a.z};
            s.toB = {b.x - a.x, b.z - a.z};
            s.toC = {c.x - a.x, c.z - a.z};
            const float det = s.toB.x * s.toC.y - s.toC.x * s.toB.y;
            if (std::abs(det) < 1e-10f) return;
            s.inverseDet = 1.0f / det;
            s.y = a.y, s.riseB = b.y - a.y, s.riseC = c.y - a.y;
            glm::vec3 n = glm::cross(b - a, c - a);
            if (n.y < 0.0f) n = -n;
            const float len = glm::length(n);
            if (len > 1e-12f) s.normal = n / len;
            s.ref = ref;
            triangles.push_back(s);
        };
        if (t.detailMeshes) {
            const dtPolyDetail& pd = t.detailMeshes[ip];
            for (int j = 0; j < pd.triCount; ++j) {
                const unsigned char* v = &t.detailTris[(pd.triBase + j) * 4];
                add(vertex(v[0]), vertex(v[1]), vertex(v[2]));
            }
        } else {
            for (int j = 2; j < poly.vertCount; ++j) add(vertex(0), vertex(j - 1), vertex(j));
        }
    }
    const float* lo = t.header->bmin;
    const float* hi = t.header->bmax;
    gridMin = {lo[0], lo[2]};
    const float w = std::max(hi[0] - lo[0], 0.0f), d = std::max(hi[2] - lo[2], 0.0f);
    cellSize = std::max(kSurfaceCellM,
                        std::sqrt((w + kSurfaceCellM) * (d + kSurfaceCellM) / kMaxSurfaceCells));
    columns = static_cast<int>(w / cellSize) + 1;
    rows = static_cast<int>(d / cellSize) + 1;
    // Each triangle in every cell its bounds (a millimetre wider) touch: counted, then placed.
    auto cells = [&](const SurfaceTriangle& s, auto&& visit) {
        const glm::vec2 b = s.a + s.toB, c = s.a + s.toC;
        const glm::vec2 tlo = glm::min(s.a, glm::min(b, c)) - 1e-3f;
        const glm::vec2 thi = glm::max(s.a, glm::max(b, c)) + 1e-3f;
        auto index = [&](float v, float origin, int count) {
            return std::clamp(static_cast<int>((v - origin) / cellSize), 0, count - 1);
        };
        for (int z = index(tlo.y, gridMin.y, rows); z <= index(thi.y, gridMin.y, rows); ++z)
            for (int x = index(tlo.x, gridMin.x, columns); x <= index(thi.x, gridMin.x, columns);
                 ++x) {
                const glm::vec2 lo = gridMin + cellSize * glm::vec2(x, z);
                if (s.overlaps(lo, lo + cellSize)) visit(static_cast<size_t>(z) * columns + x);
            }
    };
    cellTriangles.build(static_cast<size_t>(columns) * rows, triangles.size(),
                        [&](size_t i, auto&& visit) { cells(triangles[i], visit); });
}

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
    impl->localQuery.reset(dtAllocNavMeshQuery());
    if (!impl->localQuery || dtStatusFailed(impl->localQuery->init(impl->mesh.get(), kLocalNodes)))
        return Status::error("navigation: Detour could not make a query");
    impl->tile = static_cast<const dtNavMesh*>(impl->mesh.get())->getTile(0);
    if (!impl->tile || !impl->tile->header)
        return Status::error("navigation: the navigation mesh has no tile");
    impl->findIslands();
    impl->buildSurface();
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

Expected<GroundHit> Navigation::groundHit(const glm::vec3& point) const {
    const auto [triangle, height] = m->surfaceUnder(point);
    if (!triangle) return Status::error("navigation: no navigation mesh under the point");
    return GroundHit{height, triangle->normal};
}

GroundQuery Navigation::groundQuery() const {
    // The surface under the point straight from the grid: a foot off the mesh's edge is asked
    // about often, and is no error to be worded.
    auto query = [](void* user, float x, float y, float z, GroundHit* hit) {
        const auto [triangle, height] =
            static_cast<const Navigation*>(user)->m->surfaceUnder({x, y, z});
        if (triangle) *hit = GroundHit{height, triangle->normal};
        return triangle != nullptr;
    };
    return GroundQuery{query, const_cast<Navigation*>(this)};
}

bool Navigation::onMesh(const glm::vec3& point) const { return m->anyUnder(point); }

Expected<float> Navigation::distanceToEdge(const glm::vec3& point, float maxRadius) const {
    auto n = m->underOrNearest(point);
    if (!n) return n.status();
    float distance = 0.0f;
    glm::vec3 hit{0.0f}, normal{0.0f};
    if (dtStatusFailed(m->wallDistance(n->first, n->second, maxRadius, distance, hit, normal)))
        return Status::error("navigation: the distance-to-wall query failed");
    return distance;
}

Expected<glm::vec3> Navigation::clearOfEdge(const glm::vec3& point, float margin) const {
    if (!(margin >= 0.0f && margin <= 1.0f))
        return Status::error("navigation: the edge margin must be in [0, 1] m");
    // Over the mesh with the mesh under eight points `margin` round it: clear (within 8 % of
    // the margin, what a ring of eight misses of a corner), no Detour query.
    if (const auto [under, height] = m->surfaceUnder(point); under) {
        // The ring's directions, an eighth of a turn apart (found once).
        static const std::array<glm::vec3, 8> ring = [] {
            std::array<glm::vec3, 8> r;
            for (int k = 0; k < 8; ++k) {
                const float a = 0.7853982f * static_cast<float>(k);
                r[k] = glm::vec3(std::cos(a), 0.0f, std::sin(a));
            }
            return r;
        }();
        bool ringOnMesh = true;
        for (int k = 0; k < 8 && ringOnMesh; ++k)
            ringOnMesh = m->anyUnder(point + margin * ring[k]);
        if (ringOnMesh) return glm::vec3(point.x, height, point.z);
    }
    auto n = m->underOrNearest(point);
    if (!n) return n.status();
    glm::vec3 on = n->second;
    float distance = 0.0f;
    glm::vec3 hit{0.0f}, normal{0.0f};
    if (dtStatusFailed(m->wallDistance(n->first, on, margin, distance, hit, normal)))
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
    auto n = m->underOrNearest(point);
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

#include "core/level/level_bake.h"

#include <Recast.h>
#include <DetourAlloc.h>
#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>

#include <chrono>
#include <cmath>
#include <memory>

#include "core/authoring_limits.h"

namespace gs {
namespace {

// Recast's objects, freed with its own functions.
struct RecastFree {
    void operator()(rcHeightfield* p) const { rcFreeHeightField(p); }
    void operator()(rcCompactHeightfield* p) const { rcFreeCompactHeightfield(p); }
    void operator()(rcContourSet* p) const { rcFreeContourSet(p); }
    void operator()(rcPolyMesh* p) const { rcFreePolyMesh(p); }
    void operator()(rcPolyMeshDetail* p) const { rcFreePolyMeshDetail(p); }
};
template <class T>
using RecastPtr = std::unique_ptr<T, RecastFree>;

constexpr unsigned short kWalkFlag = 1;  // every polygon walkable (dtQueryFilter includes it)

// The Recast configuration in voxels from the settings in metres.
rcConfig recastConfig(const LevelBakeSettings& s, const LevelMesh& mesh) {
    rcConfig c{};
    c.cs = s.cellSize;
    c.ch = s.cellHeight;
    c.walkableSlopeAngle = s.agent.maxSlopeDeg;
    c.walkableHeight = static_cast<int>(std::ceil(s.agent.height / c.ch));
    c.walkableClimb = static_cast<int>(std::floor(s.agent.maxClimb / c.ch));
    c.walkableRadius = static_cast<int>(std::ceil(s.agent.radius / c.cs));
    c.maxEdgeLen = static_cast<int>(s.maxEdgeLength / c.cs);
    c.maxSimplificationError = s.maxEdgeError;
    c.minRegionArea = static_cast<int>(s.minRegionArea / (c.cs * c.cs));
    c.mergeRegionArea = static_cast<int>(s.mergeRegionArea / (c.cs * c.cs));
    c.maxVertsPerPoly = DT_VERTS_PER_POLYGON;
    c.detailSampleDist = s.detailSampleDistance < 0.9f * c.cs ? 0.0f : s.detailSampleDistance;
    c.detailSampleMaxError = s.detailMaxError;
    rcCalcBounds(&mesh.vertices.front().x, static_cast<int>(mesh.vertices.size()), c.bmin, c.bmax);
    rcCalcGridSize(c.bmin, c.bmax, c.cs, &c.width, &c.height);
    return c;
}

}  // namespace

Status LevelBakeSettings::validate() const {
    if (Status s = agent.validate(); !s) return s;
    if (!(cellSize >= 0.02f && cellSize <= 1.0f))
        return Status::error("the cell size must be in [0.02, 1] m");
    if (!(cellHeight >= 0.01f && cellHeight <= 1.0f))
        return Status::error("the cell height must be in [0.01, 1] m");
    if (!(maxEdgeLength >= 0.0f && maxEdgeLength <= 100.0f))
        return Status::error("the longest edge must be in [0, 100] m");
    if (!(maxEdgeError >= 0.1f && maxEdgeError <= 3.0f))
        return Status::error("the edge error must be in [0.1, 3] cells");
    if (!(minRegionArea >= 0.0f && minRegionArea <= 100.0f) ||
        !(mergeRegionArea >= 0.0f && mergeRegionArea <= 1000.0f))
        return Status::error("the region areas must be in [0, 100] and [0, 1000] square metres");
    if (!(detailSampleDistance >= 0.0f && detailSampleDistance <= 10.0f) ||
        !(detailMaxError >= 0.0f && detailMaxError <= 1.0f))
        return Status::error("the detail sampling must be in [0, 10] m and its error in [0, 1] m");
    return Status::ok();
}

Status LevelBakeJob::validate() const {
    if (!mesh || !output) return Status::error("level bake: no mesh or no output");
    if (Status s = settings.validate(); !s) return s;
    if (name.size() > limits::kMaxGSLevelName)
        return Status::error("level bake: the name is longer than " +
                             std::to_string(limits::kMaxGSLevelName) + " bytes");
    return mesh->validate();
}

Status LevelBakeJob::run() const {
    if (Status s = validate(); !s) return s;
    const auto t0 = std::chrono::steady_clock::now();
    rcConfig cfg = recastConfig(settings, *mesh);
    const std::int64_t cells = static_cast<std::int64_t>(cfg.width) * cfg.height;
    if (cells > limits::kMaxLevelGridCells)
        return Status::error(
            "the level is " + std::to_string(cfg.width) + " x " + std::to_string(cfg.height) +
            " cells at " + std::to_string(settings.cellSize).substr(0, 4) +
            " m, more than the limit of " + std::to_string(limits::kMaxLevelGridCells) + " cells");
    rcContext ctx(false);
    const float* verts = &mesh->vertices.front().x;
    const int nv = static_cast<int>(mesh->vertices.size());
    const int nt = static_cast<int>(mesh->triangleCount());
    static_assert(sizeof(std::uint32_t) == sizeof(int));
    const int* tris = reinterpret_cast<const int*>(mesh->indices.data());

    // 1. Voxelize the triangles, those flat enough marked walkable.
    RecastPtr<rcHeightfield> solid(rcAllocHeightfield());
    if (!solid || !rcCreateHeightfield(&ctx, *solid, cfg.width, cfg.height, cfg.bmin, cfg.bmax,
                                       cfg.cs, cfg.ch))
        return Status::error("Recast could not allocate the level's voxels");
    std::vector<unsigned char> areas(nt, 0);
    rcMarkWalkableTriangles(&ctx, cfg.walkableSlopeAngle, verts, nv, tris, nt, areas.data());
    if (!rcRasterizeTriangles(&ctx, verts, nv, tris, areas.data(), nt, *solid, cfg.walkableClimb))
        return Status::error("Recast could not voxelize the level");
    // 2. Keep what an agent can stand on: steps it can climb, no ledges, headroom.
    rcFilterLowHangingWalkableObstacles(&ctx, cfg.walkableClimb, *solid);
    rcFilterLedgeSpans(&ctx, cfg.walkableHeight, cfg.walkableClimb, *solid);
    rcFilterWalkableLowHeightSpans(&ctx, cfg.walkableHeight, *solid);
    // 3. Shrink the walkable area by the agent's radius; regions by watershed.
    RecastPtr<rcCompactHeightfield> chf(rcAllocCompactHeightfield());
    if (!chf ||
        !rcBuildCompactHeightfield(&ctx, cfg.walkableHeight, cfg.walkableClimb, *solid, *chf))
        return Status::error("Recast could not build the compact heightfield");
    solid.reset();
    if (!rcErodeWalkableArea(&ctx, cfg.walkableRadius, *chf))
        return Status::error("Recast could not erode the walkable area");
    if (!rcBuildDistanceField(&ctx, *chf) ||
        !rcBuildRegions(&ctx, *chf, 0, cfg.minRegionArea, cfg.mergeRegionArea))
        return Status::error("Recast could not build the walkable regions");
    // 4. Contours, polygons and the detail mesh.
    RecastPtr<rcContourSet> contours(rcAllocContourSet());
    if (!contours ||
        !rcBuildContours(&ctx, *chf, cfg.maxSimplificationError, cfg.maxEdgeLen, *contours))
        return Status::error("Recast could not trace the walkable contours");
    if (contours->nconts == 0)
        return Status::error(
            "the level has no walkable surface (no floor flat enough and wide enough for an agent "
            "of radius " +
            std::to_string(settings.agent.radius).substr(0, 4) + " m and height " +
            std::to_string(settings.agent.height).substr(0, 4) + " m)");
    RecastPtr<rcPolyMesh> poly(rcAllocPolyMesh());
    if (!poly || !rcBuildPolyMesh(&ctx, *contours, cfg.maxVertsPerPoly, *poly))
        return Status::error("Recast could not build the navigation polygons");
    if (poly->npolys == 0) return Status::error("the level has no walkable surface");
    if (poly->nverts >= 0xffff)
        return Status::error("the navigation mesh has " + std::to_string(poly->nverts) +
                             " vertices, more than one Detour tile holds (65534)");
    RecastPtr<rcPolyMeshDetail> detail(rcAllocPolyMeshDetail());
    if (!detail || !rcBuildPolyMeshDetail(&ctx, *poly, *chf, cfg.detailSampleDist,
                                          cfg.detailSampleMaxError, *detail))
        return Status::error("Recast could not build the detail mesh");
    // 5. Detour's tile.
    std::vector<unsigned short> flags(poly->npolys, kWalkFlag);
    for (int i = 0; i < poly->npolys; ++i) poly->areas[i] = 0;
    dtNavMeshCreateParams p{};
    p.verts = poly->verts;
    p.vertCount = poly->nverts;
    p.polys = poly->polys;
    p.polyAreas = poly->areas;
    p.polyFlags = flags.data();
    p.polyCount = poly->npolys;
    p.nvp = poly->nvp;
    p.detailMeshes = detail->meshes;
    p.detailVerts = detail->verts;
    p.detailVertsCount = detail->nverts;
    p.detailTris = detail->tris;
    p.detailTriCount = detail->ntris;
    p.walkableHeight = settings.agent.height;
    p.walkableRadius = settings.agent.radius;
    p.walkableClimb = settings.agent.maxClimb;
    rcVcopy(p.bmin, poly->bmin);
    rcVcopy(p.bmax, poly->bmax);
    p.cs = cfg.cs;
    p.ch = cfg.ch;
    p.buildBvTree = true;
    unsigned char* data = nullptr;
    int size = 0;
    if (!dtCreateNavMeshData(&p, &data, &size))
        return Status::error("Detour could not pack the navigation mesh");
    BakedLevel level;
    level.navMesh.assign(data, data + size);
    dtFree(data);
    level.info.name = name;
    level.info.agent = settings.agent;
    level.info.cellSize = cfg.cs;
    level.info.cellHeight = cfg.ch;
    level.info.boundsMin = {cfg.bmin[0], cfg.bmin[1], cfg.bmin[2]};
    level.info.boundsMax = {cfg.bmax[0], cfg.bmax[1], cfg.bmax[2]};
    level.info.sourceTriangles = static_cast<std::uint32_t>(nt);
    *output = std::move(level);
    if (report) {
        report->gridWidth = cfg.width;
        report->gridDepth = cfg.height;
        report->polygons = poly->npolys;
        report->vertices = poly->nverts;
        report->detailTriangles = detail->ntris;
        report->seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    return Status::ok();
}

}  // namespace gs

// The .gslevel file (docs/level-format.md): the section container of .gspace files with its own
// magic, an INFO section (the level's name, agent, voxel and bounds) and a NAVM section (Detour's
// navigation mesh tile). The tile's layout and every index in it are checked here, before Detour
// reads it, so that a hostile file is refused with a sentence instead of read out of bounds.

#include <cmath>
#include <cstring>
#include <system_error>

#include <DetourNavMesh.h>

#include <gaitspace/runtime/limits.h>
#include <gaitspace/runtime/navigation.h>

#include "core/runtime/byte_stream.h"
#include "core/runtime/section_file.h"

namespace gs {
namespace {

constexpr SectionFileMagic kLevelMagic = {'G', 'S', 'L', 'V', '\r', '\n', 0x1a, '\n'};
constexpr std::uint32_t kInfo = sectionTag("INFO");
constexpr std::uint32_t kNavMesh = sectionTag("NAVM");

bool finite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

std::size_t align4(std::size_t n) { return (n + 3) & ~std::size_t(3); }

Section infoSection(const LevelInfo& info) {
    ByteWriter w;
    w.string(info.name);
    w.f32(info.agent.radius);
    w.f32(info.agent.height);
    w.f32(info.agent.maxClimb);
    w.f32(info.agent.maxSlopeDeg);
    w.f32(info.cellSize);
    w.f32(info.cellHeight);
    w.vec3(info.boundsMin);
    w.vec3(info.boundsMax);
    w.u32(info.sourceTriangles);
    return {kInfo, std::move(w.bytes())};
}

Expected<LevelInfo> readInfo(std::span<const std::uint8_t> bytes) {
    ByteReader r(bytes);
    LevelInfo info;
    info.name = r.string("the level's name", limits::kMaxGSLevelName);
    info.agent.radius = r.f32("the agent");
    info.agent.height = r.f32("the agent");
    info.agent.maxClimb = r.f32("the agent");
    info.agent.maxSlopeDeg = r.f32("the agent");
    info.cellSize = r.f32("the cell size");
    info.cellHeight = r.f32("the cell height");
    info.boundsMin = r.vec3("the bounds");
    info.boundsMax = r.vec3("the bounds");
    info.sourceTriangles = r.u32("the triangle count");
    if (!r.ok()) return Status::error("INFO: " + r.error());
    if (r.remaining() != 0)
        return Status::error("INFO: " + std::to_string(r.remaining()) +
                             " bytes follow its last field");
    if (Status s = info.agent.validate(); !s) return s.withContext("INFO");
    if (!(info.cellSize >= 0.01f && info.cellSize <= 1.0f) ||
        !(info.cellHeight >= 0.01f && info.cellHeight <= 1.0f))
        return Status::error("INFO: the cell size and height must be in [0.01, 1] m");
    const glm::vec3 extent = info.boundsMax - info.boundsMin;
    if (!finite(info.boundsMin) || !finite(info.boundsMax) || extent.x < 0.0f || extent.y < 0.0f ||
        extent.z < 0.0f || extent.x > limits::kMaxLevelExtentM ||
        extent.y > limits::kMaxLevelExtentM || extent.z > limits::kMaxLevelExtentM)
        return Status::error("INFO: the bounds are not finite, inverted or wider than " +
                             std::to_string(static_cast<int>(limits::kMaxLevelExtentM)) + " m");
    return info;
}

// Metres a vertex may lie outside the tile's bounds (Recast's own lie within them; the detail
// mesh's heights within its error).
constexpr float kBoundsMarginM = 1.0f;

// `count` vertices (x, y, z floats) at `at`: finite and within the tile's bounds. (Detour finds
// the nearest detail edge by squared distances: a vertex far enough out makes every one infinite
// and leaves it with no edge at all.)
Status checkVertices(const dtMeshHeader& h, const std::uint8_t* at, int count, const char* what) {
    for (int i = 0; i < count; ++i)
        for (int k = 0; k < 3; ++k) {
            float v;
            std::memcpy(&v, at + sizeof(float) * (3 * i + k), sizeof v);
            if (!std::isfinite(v))
                return Status::error(std::string("NAVM: ") + what + " is not finite");
            if (v < h.bmin[k] - kBoundsMarginM || v > h.bmax[k] + kBoundsMarginM)
                return Status::error(std::string("NAVM: ") + what +
                                     " lies outside the tile's bounds");
        }
    return Status::ok();
}

// Polygon p: ground, 3-6 vertices and neighbours of the mesh, and a detail mesh within the detail
// arrays, naming its own vertices, of at least one triangle and one edge on the polygon's outline
// (Detour's nearest-point query assumes both).
Status checkPolygon(const dtMeshHeader& h, const std::uint8_t* base, const std::size_t* offsets,
                    int p) {
    dtPoly poly;
    std::memcpy(&poly, base + offsets[2] + sizeof(dtPoly) * p, sizeof poly);
    const std::string at = "NAVM: polygon " + std::to_string(p);
    if (poly.getType() != DT_POLYTYPE_GROUND) return Status::error(at + " is not ground");
    if (poly.vertCount < 3 || poly.vertCount > DT_VERTS_PER_POLYGON)
        return Status::error(at + " has " + std::to_string(poly.vertCount) + " vertices");
    for (int k = 0; k < poly.vertCount; ++k) {
        if (poly.verts[k] >= h.vertCount)
            return Status::error(at + " names a vertex outside the mesh");
        const unsigned nei = poly.neis[k];
        if (nei != 0 && !(nei & DT_EXT_LINK) && nei - 1 >= static_cast<unsigned>(h.polyCount))
            return Status::error(at + " names a neighbour outside the mesh");
    }
    dtPolyDetail d;
    std::memcpy(&d, base + offsets[4] + sizeof(dtPolyDetail) * p, sizeof d);
    if (d.triCount < 1) return Status::error(at + " has no detail triangle");
    if (static_cast<std::uint64_t>(d.vertBase) + d.vertCount >
            static_cast<std::uint64_t>(h.detailVertCount) ||
        static_cast<std::uint64_t>(d.triBase) + d.triCount >
            static_cast<std::uint64_t>(h.detailTriCount))
        return Status::error(at + "'s detail mesh lies outside the detail arrays");
    bool boundary = false;
    for (int t = 0; t < d.triCount; ++t) {
        const std::uint8_t* tri = base + offsets[6] + 4 * (d.triBase + t);
        for (int k = 0; k < 3; ++k) {
            if (tri[k] >= poly.vertCount + d.vertCount)
                return Status::error(at + "'s detail triangles name a vertex outside it");
            boundary = boundary || (dtGetDetailTriEdgeFlags(tri[3], k) & DT_DETAIL_EDGE_BOUNDARY);
        }
    }
    if (!boundary) return Status::error(at + "'s detail mesh has no edge on its outline");
    return Status::ok();
}

// Detour's tile as dtCreateNavMeshData lays it out (dtNavMesh::addTile reads it the same way):
// the header, then each array aligned to 4 bytes. Every count, size and index is checked.
Status checkTile(std::span<const std::uint8_t> data) {
    if (data.size() < sizeof(dtMeshHeader))
        return Status::error("NAVM: shorter than a navigation mesh header");
    dtMeshHeader h;
    std::memcpy(&h, data.data(), sizeof h);
    if (h.magic != DT_NAVMESH_MAGIC)
        return Status::error("NAVM: not a Detour navigation mesh (wrong magic)");
    if (h.version != DT_NAVMESH_VERSION)
        return Status::error("NAVM: Detour navigation mesh version " + std::to_string(h.version) +
                             ", this build reads " + std::to_string(DT_NAVMESH_VERSION));
    if (h.x != 0 || h.y != 0 || h.layer != 0)
        return Status::error("NAVM: a level is one tile at (0, 0, 0)");
    const int counts[] = {h.polyCount,       h.vertCount,      h.maxLinkCount, h.detailMeshCount,
                          h.detailVertCount, h.detailTriCount, h.bvNodeCount,  h.offMeshConCount};
    for (int c : counts)
        if (c < 0 || static_cast<std::size_t>(c) > data.size())
            return Status::error("NAVM: a count is negative or larger than the section");
    if (h.polyCount < 1) return Status::error("NAVM: the navigation mesh has no polygons");
    if (h.vertCount > 0xffff) return Status::error("NAVM: more than 65535 vertices in one tile");
    if (h.offMeshConCount != 0 || h.offMeshBase != h.polyCount)
        return Status::error("NAVM: off-mesh connections are not part of a level");
    if (h.detailMeshCount != h.polyCount)
        return Status::error("NAVM: the detail mesh count differs from the polygon count");
    const std::size_t sizes[] = {align4(sizeof(dtMeshHeader)),
                                 align4(sizeof(float) * 3 * h.vertCount),
                                 align4(sizeof(dtPoly) * h.polyCount),
                                 align4(sizeof(dtLink) * h.maxLinkCount),
                                 align4(sizeof(dtPolyDetail) * h.detailMeshCount),
                                 align4(sizeof(float) * 3 * h.detailVertCount),
                                 align4(4 * h.detailTriCount),
                                 align4(sizeof(dtBVNode) * h.bvNodeCount)};
    std::size_t offsets[8];
    std::size_t total = 0;
    for (int k = 0; k < 8; ++k) offsets[k] = total, total += sizes[k];
    if (total != data.size())
        return Status::error("NAVM: " + std::to_string(data.size()) +
                             " bytes where the navigation mesh header's counts make " +
                             std::to_string(total));
    for (float v : {h.walkableHeight, h.walkableRadius, h.walkableClimb, h.bvQuantFactor})
        if (!std::isfinite(v)) return Status::error("NAVM: a header value is not finite");
    for (int k = 0; k < 3; ++k)
        if (!std::isfinite(h.bmin[k]) || !std::isfinite(h.bmax[k]) || h.bmin[k] > h.bmax[k] ||
            h.bmax[k] - h.bmin[k] > limits::kMaxLevelExtentM)
            return Status::error("NAVM: the tile's bounds are not finite or too wide");
    const std::uint8_t* base = data.data();
    if (Status st = checkVertices(h, base + offsets[1], h.vertCount, "a vertex"); !st) return st;
    if (Status st = checkVertices(h, base + offsets[5], h.detailVertCount, "a detail vertex"); !st)
        return st;
    for (int p = 0; p < h.polyCount; ++p)
        if (Status st = checkPolygon(h, base, offsets, p); !st) return st;
    for (int n = 0; n < h.bvNodeCount; ++n) {
        dtBVNode node;
        std::memcpy(&node, base + offsets[7] + sizeof(dtBVNode) * n, sizeof node);
        if (node.i >= 0 ? node.i >= h.polyCount
                        : node.i < -h.bvNodeCount || -node.i > h.bvNodeCount - n)
            return Status::error("NAVM: bounding volume node " + std::to_string(n) +
                                 " names a polygon or a node outside the tree");
    }
    return Status::ok();
}

}  // namespace

Status NavAgentSettings::validate() const {
    if (!(radius > 0.0f && radius <= 5.0f))
        return Status::error("the agent radius must be in (0, 5] m");
    if (!(height > 0.0f && height <= 10.0f))
        return Status::error("the agent height must be in (0, 10] m");
    if (!(maxClimb >= 0.0f && maxClimb <= 5.0f))
        return Status::error("the agent's climb must be in [0, 5] m");
    if (!(maxSlopeDeg >= 0.0f && maxSlopeDeg <= 89.0f))
        return Status::error("the agent's slope must be in [0, 89] degrees");
    return Status::ok();
}

std::vector<std::uint8_t> writeGSLevel(const BakedLevel& level) {
    const Section sections[] = {infoSection(level.info), {kNavMesh, level.navMesh}};
    return packSections(sections, kGSLevelVersion, kLevelMagic);
}

Expected<BakedLevel> readGSLevel(std::span<const std::uint8_t> bytes) {
    if (bytes.size() > limits::kMaxGSLevelBytes)
        return Status::error("larger than the 256 MiB limit of a level");
    auto table = unpackSections(bytes, kGSLevelVersion, "Gaitspace level", kLevelMagic);
    if (!table) return table.status();
    for (const SectionView& s : table->sections)
        if (s.tag != kInfo && s.tag != kNavMesh)
            return Status::error("unknown section '" + sectionTagName(s.tag) + "'");
    const SectionView* info = table->find(kInfo);
    const SectionView* nav = table->find(kNavMesh);
    if (!info) return Status::error("the section INFO is missing");
    if (!nav) return Status::error("the section NAVM is missing");
    BakedLevel level;
    auto i = readInfo(info->bytes);
    if (!i) return i.status();
    level.info = std::move(*i);
    if (Status s = checkTile(nav->bytes); !s) return s;
    level.navMesh.assign(nav->bytes.begin(), nav->bytes.end());
    return level;
}

Status saveGSLevel(const BakedLevel& level, const std::string& path) {
    if (Status s = checkTile(level.navMesh); !s) return s.withContext(path);
    return writeFileAtomically(writeGSLevel(level), path);
}

Expected<BakedLevel> loadGSLevel(const std::string& path) {
    auto bytes =
        readRegularFileBytes(path, limits::kMaxGSLevelBytes, "the 256 MiB limit of a level");
    if (!bytes) return bytes.status();
    auto level = readGSLevel(*bytes);
    if (!level) return level.status().withContext(path);
    return level;
}

}  // namespace gs

// libFuzzer target: the .gslevel reader on arbitrary bytes, and a level it accepts put to work. A
// refusal is fine; a crash, a sanitizer report, a timeout or an allocation above the limits is a
// finding, and so is a level that does not read back after being rewritten. Detour trusts the
// navigation mesh it is given, so every level that reads is loaded into Detour and asked what a
// game asks: the nearest point, paths between points spread over its bounds, the ground under
// them, the edges near them, a path followed and avoidance with the mesh's edges.
//
// Each input is read twice: as it is, and with its length field and checksums recomputed
// (section_checksums.h).

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <gaitspace/runtime/avoidance.h>
#include <gaitspace/runtime/navigation.h>
#include "fuzz/section_checksums.h"

namespace {

void query(const gs::Navigation& nav) {
    const gs::LevelInfo& info = nav.info();
    std::vector<glm::vec3> points;
    for (float u : {0.1f, 0.5f, 0.9f})
        for (float v : {0.2f, 0.7f})
            points.push_back(info.boundsMin +
                             (info.boundsMax - info.boundsMin) * glm::vec3(u, 0.5f, v));
    std::array<glm::vec3, 32> edges;
    for (const glm::vec3& p : points) {
        (void)nav.nearestPoint(p);
        (void)nav.groundHit(p);
        (void)nav.onMesh(p);
        (void)nav.distanceToEdge(p, 2.0f);
        (void)nav.clearOfEdge(p, 0.08f);
        (void)nav.boundaryEdges(p, 2.0f, edges);
        (void)nav.findPath(points.front(), p);
    }
    (void)nav.outline();
    gs::NavPathFollower follow(nav);
    if (follow.setGoal(points.front(), points.back()))
        for (int step = 0; step < 4; ++step)
            (void)follow.aim({points[step].x, points[step].z}, points[step].y);
    std::vector<gs::AvoidanceAgent> agents;
    for (const glm::vec3& p : points)
        agents.push_back({p, glm::vec3(0.5f, 0, 0), glm::vec3(1, 0, 0)});
    std::vector<glm::vec3> velocities(agents.size());
    gs::Avoidance avoidance;
    (void)avoidance.solve(agents, velocities, &nav);
}

void check(std::span<const std::uint8_t> bytes) {
    auto level = gs::readGSLevel(bytes);
    if (!level) return;
    if (!gs::readGSLevel(gs::writeGSLevel(*level))) __builtin_trap();
    auto nav = gs::Navigation::create(std::move(*level));
    if (nav) query(*nav);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    check(std::span<const std::uint8_t>(data, size));
    const std::vector<std::uint8_t> fixed = gs::fuzz::withChecksums(data, size);
    check(fixed);
    return 0;
}

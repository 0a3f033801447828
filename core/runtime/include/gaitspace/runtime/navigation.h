#pragma once
// Levels and their navigation meshes: the runtime's optional navigation component
// (Gaitspace::navigation, library gaitspace_navigation), which links Detour. gs_runtime itself
// needs only GLM and never includes this header; a game that wants paths links both.
//
// A level is baked once from its mesh (gaitspace-cli bake-level, with Recast) into a .gslevel file
// (docs/level-format.md): the agent it was built for and Detour's navigation mesh. The
// navigation mesh is the walkable surface shrunk by the agent's radius, so a root anywhere on it
// is at least that radius from every wall and drop.
//
//   auto nav = gs::Navigation::load("demo_level.gslevel");      // every field checked
//   auto path = nav->findPath({-4, 0, -3}, {-4, 0, 3});          // corners through the doorway
//   if (!path) ...  // another island, or no mesh near an end: one line saying which
//
// A Navigation holds one Detour query: its queries are const to the level but not to the query's
// scratch memory, so one Navigation serves one thread at a time (load one per thread to query in
// parallel; the mesh is small next to a space).

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <gaitspace/runtime/ground.h>
#include <gaitspace/runtime/status.h>

namespace gs {

// The agent a navigation mesh is built for. Defaults are a person's.
struct NavAgentSettings {
    float radius = 0.3f;        // metres a root keeps from walls; (0, 5]
    float height = 1.8f;        // metres of headroom needed; (0, 10]
    float maxClimb = 0.35f;     // metres of a step walked up or down (a stair riser); [0, 5]
    float maxSlopeDeg = 45.0f;  // degrees of the steepest walkable slope; [0, 89]

    Status validate() const;
};

// What a level file says about itself.
struct LevelInfo {
    std::string name;  // the source mesh's file name (at most kMaxGSLevelName bytes)
    NavAgentSettings agent;
    float cellSize = 0.1f;                       // metres: Recast's voxel, horizontal
    float cellHeight = 0.05f;                    // metres: Recast's voxel, vertical
    glm::vec3 boundsMin{0.0f}, boundsMax{0.0f};  // the source mesh's bounds, metres
    std::uint32_t sourceTriangles = 0;
};

// A baked level as the file holds it: its information and Detour's navigation mesh data (one
// tile, as dtCreateNavMeshData writes it).
struct BakedLevel {
    LevelInfo info;
    std::vector<std::uint8_t> navMesh;
};

// The .gslevel format (docs/level-format.md): the container of .gspace files (versioned, a CRC-32
// per section) with a magic of its own.
constexpr std::uint32_t kGSLevelVersion = 1;
std::vector<std::uint8_t> writeGSLevel(const BakedLevel& level);
// Written to `path` through a temporary file, replaced only when complete.
Status saveGSLevel(const BakedLevel& level, const std::string& path);
// Checks the container, every field's range and the navigation mesh's layout and indices
// before Detour sees it; a truncated, corrupted or newer file is refused naming the cause.
Expected<BakedLevel> readGSLevel(std::span<const std::uint8_t> bytes);
Expected<BakedLevel> loadGSLevel(const std::string& path);

// A point on the navigation mesh: where a point asked about was moved to, and how far.
struct NavPoint {
    glm::vec3 position{0.0f};
    bool moved = false;     // the point asked about was off the mesh (further than 1 cm)
    float distance = 0.0f;  // metres from the point asked about
};

// The shortest path on the navigation mesh: its corners from the start to the goal (both on the
// mesh: where the ends asked about were moved to, and whether they were).
struct NavPath {
    std::vector<glm::vec3> corners;  // start first, goal last; at least two
    float length = 0.0f;             // metres along the corners
    NavPoint start, goal;
};

class Navigation {
public:
    // How far from a point the mesh is looked for (half extents, metres): a point further than
    // this from the mesh is refused.
    static constexpr float kSearchHorizontalM = 5.0f;
    static constexpr float kSearchVerticalM = 5.0f;

    static Expected<Navigation> create(BakedLevel level);
    static Expected<Navigation> fromBytes(std::span<const std::uint8_t> bytes);
    static Expected<Navigation> load(const std::string& path);

    Navigation(Navigation&&) noexcept;
    Navigation& operator=(Navigation&&) noexcept;
    ~Navigation();

    const LevelInfo& info() const;
    int polygonCount() const;
    // The navigation mesh's polygon edges for drawing, as pairs of points (a segment each, every
    // edge once): `boundary` where the mesh ends (the agent's radius from a wall or drop),
    // `interior` between two polygons.
    struct Outline {
        std::vector<glm::vec3> boundary, interior;
    };
    Outline outline() const;
    // Connected parts of the mesh: a path exists between two points exactly when they lie on
    // the same island.
    int islandCount() const;

    // The nearest point on the mesh (refused when the mesh is further than the search extents).
    Expected<NavPoint> nearestPoint(const glm::vec3& point) const;
    // The shortest path's corners (Detour's findPath and findStraightPath). Refused, saying so,
    // when the ends lie on different islands.
    Expected<NavPath> findPath(const glm::vec3& from, const glm::vec3& to) const;
    // Whether the nearest points on the mesh to a and b are on the same island.
    Expected<bool> connected(const glm::vec3& a, const glm::vec3& b) const;
    // The height of the mesh's surface (its detail mesh) under (x, z), the surface nearest
    // point.y where levels overlap; refused where no polygon lies under the point.
    Expected<float> groundHeight(const glm::vec3& point) const;
    // The same surface's height and the upward normal of its detail triangle under (x, z).
    Expected<GroundHit> groundHit(const glm::vec3& point) const;
    // groundHit as a ground query (gaitspace/runtime/ground.h) for Crowd::setGroundQuery: the
    // detail mesh approximates the level's surface (within the bake's detail error; a flight of
    // stairs becomes a slope), a game's raycast on its own geometry is exact. The Navigation
    // must outlive the query's use, on one thread at a time (see above).
    GroundQuery groundQuery() const;
    // Whether (x, z) lies over the mesh near point.y.
    bool onMesh(const glm::vec3& point) const;
    // Metres from the point (moved onto the mesh) to the mesh's nearest boundary edge, at most
    // maxRadius (Detour's findDistanceToWall). The boundary is `agent.radius` from the walls.
    Expected<float> distanceToEdge(const glm::vec3& point, float maxRadius) const;
    // The point moved onto the mesh (to its nearest point, when off it) and then, where nearer
    // than `margin` (metres, [0, 1]) to the mesh's boundary, away from the nearest boundary edge
    // until `margin` from it: where a character pressed toward a wall is put back (a narrow
    // passage may leave it nearer the other side). A point with the mesh under eight points
    // `margin` round it is taken as clear without a search (within 8 % of the margin).
    Expected<glm::vec3> clearOfEdge(const glm::vec3& point, float margin) const;
    // The mesh's boundary edges (walls and drops, `agent.radius` in from them) within `radius` of
    // the point (moved onto the mesh), into `edges` as pairs of ends; returns how many edges were
    // written (at most edges.size() / 2; the nearest polygons' first). Refused where no mesh lies
    // within the search extents.
    Expected<int> boundaryEdges(const glm::vec3& point, float radius,
                                std::span<glm::vec3> edges) const;

private:
    struct Impl;
    explicit Navigation(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m;
};

// A character's way to its goal along a navigation mesh's shortest path: the point to steer
// toward (a look-ahead distance along the path from the character's nearest point on it, so that
// the turn at a corner starts before the corner, as a person's does), with the path found afresh
// when the character strays from it. Inner corners are moved away from the edge they turn round,
// where the mesh is still under them, so that steering that cuts a corner a little stays on the
// mesh. One per character; it refers to the Navigation, which must outlive it.
//
//   gs::NavPathFollower follow(nav);
//   if (auto s = follow.setGoal(here, goal); !s) ...       // another island: the character stands
//   glm::vec2 aim = follow.aim({x, z}, y);                 // each frame: steer toward aim
struct NavFollowSettings {
    float lookAheadM = 1.2f;       // metres along the path ahead of the character; [0.1, 10]
    float replanDistanceM = 1.0f;  // metres off the path before it is found afresh; (0, 100]
    float cornerOffsetM = 0.3f;    // metres each inner corner moves off its edge; [0, 1]
    // Metres either side of the straight way to the look-ahead point that must lie on the mesh
    // as well (else the look-ahead is shortened): near a wall, and through a doorway, the
    // character aims closer along its path, so that steering's turn does not cut the wall's
    // corner; [0, 1].
    float aimMarginM = 0.3f;

    Status validate() const;
};

class NavPathFollower {
public:
    using Settings = NavFollowSettings;

    explicit NavPathFollower(const Navigation& navigation, Settings settings = {});

    // The shortest path from `from` to `goal` (both moved onto the mesh when off it; the path
    // says so); refused, saying why, when there is none.
    Expected<NavPath> setGoal(const glm::vec3& from, const glm::vec3& goal);
    // The point (x, z) to steer toward from ground position `position` at surface height `y`:
    // the look-ahead point along the path, shortened (by halves, to a tenth) until the straight
    // way to it, and the ways aimMarginM either side of it, stay on the mesh; the goal when the
    // path ends sooner. A character more than replanDistanceM from its path has the path found
    // afresh from where it is (at most once a call); one still that far from it is off the mesh,
    // and is aimed at the mesh's point nearest it. The point is kept (not found again) while the
    // character moves less than 15 cm on the same leg of the path, and is more than 30 cm away.
    glm::vec2 aim(const glm::vec2& position, float y);
    // The path being followed (its corners, inner ones moved off their edges); empty before a
    // goal is set.
    const std::vector<glm::vec3>& corners() const { return m_corners; }
    // The goal on the mesh.
    const glm::vec3& goal() const { return m_goal; }
    // The leg of the path last walked (aim()) is its last: nothing stands between the character
    // and the goal but what is beside that leg.
    bool onLastLeg() const { return m_corners.size() >= 2 && m_segment + 2 == m_corners.size(); }

private:
    struct Nearest {
        float distance;
        size_t segment;
        glm::vec2 point;
    };
    Status findPath(const glm::vec3& from);
    Nearest nearestOnPath(const glm::vec2& p) const;
    void offsetCorners();
    glm::vec2 alongPath(size_t segment, glm::vec2 from, float ahead) const;
    bool visible(const glm::vec2& a, const glm::vec2& b, float y) const;

    const Navigation* m_nav;
    Settings m_settings;
    std::vector<glm::vec3> m_corners;
    size_t m_segment = 0;  // corners[segment] -> corners[segment + 1] is the leg being walked
    glm::vec3 m_goal{0.0f};
    bool m_aimKept = false;  // m_aim was found from m_aimFrom on leg m_segment
    glm::vec2 m_aimFrom{0.0f};
    glm::vec2 m_aim{0.0f};
};

}  // namespace gs

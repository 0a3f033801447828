#pragma once
// LevelGround: a level mesh's ground (its triangles that face up) as a ground query
// (gaitspace/runtime/ground.h) cast straight down, so that characters walk on the level's own
// surface: its stairs' treads exactly, where the navigation mesh's detail mesh turns a flight of
// stairs into a slope. The triangles sit in a grid of kCellM cells; a query reads one cell. Once
// built it is read only, so any number of threads may query it at once.

#include <cstdint>
#include <vector>

#include <gaitspace/runtime/ground.h>

#include "core/level/level_mesh.h"
#include "core/runtime/cell_buckets.h"

namespace gs {

class LevelGround {
public:
    static constexpr float kCellM = 0.5f;
    // Triangles whose normal's y is below this are walls, not ground (about 78 degrees).
    static constexpr float kMinNormalY = 0.2f;
    // A query at height y casts its ray down from this far above y: a step up of a stair's
    // riser (or more) is found, a floor or ceiling further above is not.
    static constexpr float kAboveM = 0.5f;

    // `mesh` must validate (readLevelMesh's and demoLevel()'s do); it is copied.
    explicit LevelGround(const LevelMesh& mesh);

    // The first surface a ray cast down from y + kAboveM at (x, z) meets; false where none does.
    bool hit(float x, float y, float z, GroundHit& out) const;
    // hit() as a ground query; the LevelGround must outlive its use.
    GroundQuery query() const;
    int triangleCount() const { return static_cast<int>(m_triangles.size()); }

private:
    struct Triangle {
        glm::vec3 a, b, c;
        glm::vec3 normal;  // unit, y >= kMinNormalY
    };
    std::vector<Triangle> m_triangles;
    glm::vec2 m_origin{0.0f};  // the grid's corner (x, z)
    int m_width = 0, m_depth = 0;
    detail::CellBuckets m_cellTriangles;  // the triangles in each cell
};

}  // namespace gs

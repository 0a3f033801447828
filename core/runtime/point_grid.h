#pragma once
// PointGrid: points on the ground (x, z) listed by the square cells of a grid over their bounds,
// for "who is near here" without looking at everyone: avoidance's neighbours (avoidance.cpp), and
// in a level the pairs that collision pushes apart and the characters a steering rule looks at
// (core/level). Cells are at least `minCell` wide and at most `maxCells` in number (a crowd spread
// over a large world gets larger cells), on the lattice of their width; a cell's points are in
// the order they were given. Private to the runtime and the authoring side; not installed.
//
//   grid.build(positions, 1.0f);
//   grid.forEachNear(p, 2.0f, [&](std::uint32_t k) { ... });   // cells within 2 m of p

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <utility>

#include <glm/common.hpp>
#include <glm/vec2.hpp>

#include "core/runtime/cell_buckets.h"

namespace gs::detail {

class PointGrid {
public:
    static constexpr float kMaxCells = 65536.0f;

    // Every point of `points` (x, z) into its cell.
    void build(std::span<const glm::vec2> points, float minCell, float maxCells = kMaxCells) {
        glm::vec2 lo = points.empty() ? glm::vec2(0.0f) : points[0], hi = lo;
        for (const glm::vec2& p : points) lo = glm::min(lo, p), hi = glm::max(hi, p);
        m_cell = std::max(minCell,
                          std::sqrt((hi.x - lo.x + minCell) * (hi.y - lo.y + minCell) / maxCells));
        m_lo = glm::floor(lo / m_cell) * m_cell;
        const glm::vec2 extent = hi - m_lo;
        m_columns = static_cast<int>(extent.x / m_cell) + 1;
        m_rows = static_cast<int>(extent.y / m_cell) + 1;
        m_buckets.build(static_cast<std::size_t>(m_columns) * m_rows, points.size(),
                        [&](std::size_t k, auto&& visit) {
                            const auto [i, j] = cellOf(points[k]);
                            visit(static_cast<std::size_t>(j) * m_columns + i);
                        });
    }

    float cellSize() const { return m_cell; }

    // The cell (column, row) of `p`, clamped to the grid.
    std::pair<int, int> cellOf(const glm::vec2& p) const {
        return {std::clamp(static_cast<int>((p.x - m_lo.x) / m_cell), 0, m_columns - 1),
                std::clamp(static_cast<int>((p.y - m_lo.y) / m_cell), 0, m_rows - 1)};
    }

    // The points in cell (i, j), in the order given; empty outside the grid.
    std::span<const std::uint32_t> at(int i, int j) const {
        if (i < 0 || j < 0 || i >= m_columns || j >= m_rows) return {};
        return m_buckets[static_cast<std::size_t>(j) * m_columns + i];
    }

    // visit(k) for every point in the cells that lie within `radius` of `p` (a superset of the
    // points that do: the caller measures).
    template <class Visit>
    void forEachNear(const glm::vec2& p, float radius, Visit&& visit) const {
        const auto [i0, j0] = cellOf(p - radius);
        const auto [i1, j1] = cellOf(p + radius);
        for (int j = j0; j <= j1; ++j)
            for (int i = i0; i <= i1; ++i)
                for (std::uint32_t k : at(i, j)) visit(k);
    }

private:
    CellBuckets m_buckets;
    glm::vec2 m_lo{0.0f};
    float m_cell = 1.0f;
    int m_columns = 1, m_rows = 1;
};

}  // namespace gs::detail

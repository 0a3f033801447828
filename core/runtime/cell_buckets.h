#pragma once
// CellBuckets: items (triangles) listed by the cells of a grid they meet, in two flat arrays (a
// counting sort: each item's cells counted, then the items placed), for the surface grids that
// answer "what lies under this point" without a search: the navigation mesh's detail triangles
// (navigation.cpp) and a level mesh's (core/level/level_ground.h). Private to the runtime and the
// authoring side; not installed.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace gs::detail {

class CellBuckets {
public:
    // `cellsOf(item, visit)` calls visit(cell) for each cell (< cells) that item (< items) is in.
    template <class CellsOf>
    void build(std::size_t cells, std::size_t items, CellsOf&& cellsOf) {
        std::vector<std::uint32_t> count(cells + 1, 0);
        for (std::size_t i = 0; i < items; ++i)
            cellsOf(i, [&](std::size_t cell) { ++count[cell + 1]; });
        for (std::size_t k = 1; k < count.size(); ++k) count[k] += count[k - 1];
        m_start = count;
        m_items.resize(count.back());
        for (std::size_t i = 0; i < items; ++i)
            cellsOf(i, [&](std::size_t cell) {
                m_items[count[cell]++] = static_cast<std::uint32_t>(i);
            });
    }

    // The items in `cell` (empty before build()).
    std::span<const std::uint32_t> operator[](std::size_t cell) const {
        if (cell + 1 >= m_start.size()) return {};
        return {m_items.data() + m_start[cell], m_items.data() + m_start[cell + 1]};
    }

private:
    std::vector<std::uint32_t> m_start;  // per cell, into m_items; one past the end last
    std::vector<std::uint32_t> m_items;
};

}  // namespace gs::detail

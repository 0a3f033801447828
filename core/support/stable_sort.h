#pragma once
// A stable sort of a vector without std::stable_sort's temporary buffer: libstdc++ 12 hands that
// buffer back in a way AddressSanitizer reports as an alloc-dealloc mismatch, which stops every
// sanitizer run that sorts. Equal elements keep their order: the indices are sorted with the
// index itself as the tie-break, then the elements moved into that order.

#include <algorithm>
#include <numeric>
#include <utility>
#include <vector>

namespace gs {

template <class T, class Less>
void stableSort(std::vector<T>& values, Less less) {
    std::vector<size_t> order(values.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        if (less(values[a], values[b])) return true;
        if (less(values[b], values[a])) return false;
        return a < b;
    });
    std::vector<T> sorted;
    sorted.reserve(values.size());
    for (const size_t i : order) sorted.push_back(std::move(values[i]));
    values = std::move(sorted);
}

}  // namespace gs

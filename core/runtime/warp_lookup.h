#pragma once
// The warp-table lookups of the hot loops (the locomotion update, steering's inputs), inline:
// what warpAt (gaitspace/runtime/warp_table.h) and BakedBehavioralSpace::spacePhase give, which
// the public headers only declare so that no consumer's compiler flags reach their arithmetic.
// Compiled with the runtime's own options in every file that includes this. Not part of the
// runtime's interface.

#include <algorithm>
#include <span>

#include <gaitspace/runtime/baked_space.h>

namespace gs::detail {

inline float warpLookup(std::span<const float> a, std::span<const float> b, float w0, float w1,
                        float x) {
    const int n = static_cast<int>(a.size()) - 1;
    float base = 0.0f;
    if (x >= static_cast<float>(n)) {
        base = w0 * a[n] + w1 * b[n];
        x -= static_cast<float>(n);
    }
    x = std::clamp(x, 0.0f, static_cast<float>(n));
    const int i = std::min(static_cast<int>(x), n - 1);
    const float lo = w0 * a[i] + w1 * b[i], hi = w0 * a[i + 1] + w1 * b[i + 1];
    return base + lo + (hi - lo) * (x - static_cast<float>(i));
}

inline float warpLookup(std::span<const float> table, float x) {
    return warpLookup(table, table, 1.0f, 0.0f, x);
}

inline float spacePhaseOf(const BakedBehavioralSpace& bs, int s, float phi, int c0, int c1,
                          float w0, float w1) {
    if (bs.clipPhaseMap.empty()) return warpLookup(bs.phaseMap[s], phi);
    return warpLookup(bs.clipPhaseMap[s][c0], bs.clipPhaseMap[s][c1], w0, w1, phi);
}

}  // namespace gs::detail

#pragma once
// Warp tables: strictly increasing piecewise-linear maps sampled at integer knots 0..n, the form
// in which baked spaces store time warps and phase maps. A loop's table continues one period past
// its end (x in [n, 2n] maps to table[n] + table(x - n)) so that a step may cross the seam.

#include <algorithm>
#include <span>

namespace gs {

// Value at x in [0, 2n] (clamped).
inline float warpAt(std::span<const float> table, float x);
// The x at which warpAt(table, x) == y, for y in [0, 2 table[n]] (exact on the same function).
float warpInverse(std::span<const float> table, float y);

// The same for the weighted sum w0 a + w1 b of two tables with the same knots (w0 + w1 = 1).
inline float warpAt(std::span<const float> a, std::span<const float> b, float w0, float w1, float x);
float warpInverse(std::span<const float> a, std::span<const float> b, float w0, float w1, float y);
// The same with a search hint: the knot index the last call found (any value is a valid start;
// the result does not depend on it). Steps of about one knot then cost a comparison or two.
float warpInverse(std::span<const float> a, std::span<const float> b, float w0, float w1, float y,
                  int& hint);

// Inline: the locomotion update looks up several tables per character and frame.
inline float warpAt(std::span<const float> a, std::span<const float> b, float w0, float w1, float x) {
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

inline float warpAt(std::span<const float> table, float x) { return warpAt(table, table, 1.0f, 0.0f, x); }

}  // namespace gs

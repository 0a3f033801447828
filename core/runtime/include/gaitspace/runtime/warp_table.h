#pragma once
// Warp tables: strictly increasing piecewise-linear maps sampled at integer knots 0..n, the form
// in which baked spaces store time warps and phase maps. A loop's table continues one period past
// its end (x in [n, 2n] maps to table[n] + table(x - n)) so that a step may cross the seam.

#include <span>

namespace gs {

// Value at x in [0, 2n] (clamped).
float warpAt(std::span<const float> table, float x);
// The x at which warpAt(table, x) == y, for y in [0, 2 table[n]] (exact on the same function).
float warpInverse(std::span<const float> table, float y);

// The same for the weighted sum w0 a + w1 b of two tables with the same knots (w0 + w1 = 1).
float warpAt(std::span<const float> a, std::span<const float> b, float w0, float w1, float x);
float warpInverse(std::span<const float> a, std::span<const float> b, float w0, float w1, float y);
// The same with a search hint: the knot index the last call found (any value is a valid start;
// the result does not depend on it). Steps of about one knot then cost a comparison or two.
float warpInverse(std::span<const float> a, std::span<const float> b, float w0, float w1, float y,
                  int& hint);

}  // namespace gs

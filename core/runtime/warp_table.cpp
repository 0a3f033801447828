#include "core/runtime/warp_table.h"

#include <algorithm>

namespace gs {
namespace {

// Knot value of the blended table.
float knot(std::span<const float> a, std::span<const float> b, float w0, float w1, int i) {
    return w0 * a[i] + w1 * b[i];
}

}  // namespace

float warpAt(std::span<const float> table, float x) { return warpAt(table, table, 1.0f, 0.0f, x); }

float warpInverse(std::span<const float> table, float y) {
    return warpInverse(table, table, 1.0f, 0.0f, y);
}

float warpAt(std::span<const float> a, std::span<const float> b, float w0, float w1, float x) {
    const int n = static_cast<int>(a.size()) - 1;
    float base = 0.0f;
    if (x >= static_cast<float>(n)) {
        base = knot(a, b, w0, w1, n);
        x -= static_cast<float>(n);
    }
    x = std::clamp(x, 0.0f, static_cast<float>(n));
    const int i = std::min(static_cast<int>(x), n - 1);
    const float lo = knot(a, b, w0, w1, i), hi = knot(a, b, w0, w1, i + 1);
    return base + lo + (hi - lo) * (x - static_cast<float>(i));
}

float warpInverse(std::span<const float> a, std::span<const float> b, float w0, float w1, float y) {
    const int n = static_cast<int>(a.size()) - 1;
    const float last = knot(a, b, w0, w1, n);
    float base = 0.0f;
    if (y >= last) {
        base = static_cast<float>(n);
        y -= last;
    }
    y = std::clamp(y, knot(a, b, w0, w1, 0), last);
    // The last knot at or below y (the blended knots increase).
    int lo = 0, hi = n;
    while (hi - lo > 1) {
        const int mid = (lo + hi) / 2;
        if (knot(a, b, w0, w1, mid) <= y) lo = mid; else hi = mid;
    }
    const float k0 = knot(a, b, w0, w1, lo), k1 = knot(a, b, w0, w1, lo + 1);
    const float t = k1 > k0 ? (y - k0) / (k1 - k0) : 0.0f;
    return base + static_cast<float>(lo) + t;
}

}  // namespace gs

#include <gaitspace/runtime/warp_table.h>

#include <algorithm>

#include "core/runtime/warp_lookup.h"

namespace gs {
namespace {

// Knot value of the blended table.
float knot(std::span<const float> a, std::span<const float> b, float w0, float w1, int i) {
    return w0 * a[i] + w1 * b[i];
}

}  // namespace

float warpAt(std::span<const float> a, std::span<const float> b, float w0, float w1, float x) {
    return detail::warpLookup(a, b, w0, w1, x);
}

float warpAt(std::span<const float> table, float x) { return detail::warpLookup(table, x); }

float warpInverse(std::span<const float> table, float y) {
    return warpInverse(table, table, 1.0f, 0.0f, y);
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
        if (knot(a, b, w0, w1, mid) <= y)
            lo = mid;
        else
            hi = mid;
    }
    const float k0 = knot(a, b, w0, w1, lo), k1 = knot(a, b, w0, w1, lo + 1);
    const float t = k1 > k0 ? (y - k0) / (k1 - k0) : 0.0f;
    return base + static_cast<float>(lo) + t;
}

float warpInverse(std::span<const float> a, std::span<const float> b, float w0, float w1, float y,
                  int& hint) {
    const int n = static_cast<int>(a.size()) - 1;
    const float last = knot(a, b, w0, w1, n);
    float base = 0.0f;
    if (y >= last) {
        base = static_cast<float>(n);
        y -= last;
    }
    y = std::clamp(y, knot(a, b, w0, w1, 0), last);
    // The last knot at or below y (the one index with knot(lo) <= y < knot(lo + 1), or n - 1),
    // walked to from the hint; a far hint falls back to bisection.
    int lo = std::clamp(hint, 0, n - 1);
    float k0 = knot(a, b, w0, w1, lo), k1 = knot(a, b, w0, w1, lo + 1);
    for (int walk = 0; walk < 4; ++walk) {
        if (k0 > y && lo > 0) {
            --lo;
            k1 = k0;
            k0 = knot(a, b, w0, w1, lo);
        } else if (k1 <= y && lo < n - 1) {
            ++lo;
            k0 = k1;
            k1 = knot(a, b, w0, w1, lo + 1);
        } else {
            break;
        }
    }
    if ((k0 > y && lo > 0) || (k1 <= y && lo < n - 1)) {
        int l = 0, h = n;
        while (h - l > 1) {
            const int mid = (l + h) / 2;
            if (knot(a, b, w0, w1, mid) <= y)
                l = mid;
            else
                h = mid;
        }
        lo = l;
        k0 = knot(a, b, w0, w1, lo);
        k1 = knot(a, b, w0, w1, lo + 1);
    }
    hint = lo;
    const float t = k1 > k0 ? (y - k0) / (k1 - k0) : 0.0f;
    return base + static_cast<float>(lo) + t;
}

}  // namespace gs

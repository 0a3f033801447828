#pragma once
// Dubins' time to a point and the polynomial trigonometry under it, written once over a number
// type T: float for one point, simd::Lanes for several at once (lanes.h). What steering.cpp's
// decisions and steering_detail::dubinsDistances share; not part of the runtime's interface.

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "core/runtime/lanes.h"

namespace gs::steering_detail {

inline constexpr float kInf = std::numeric_limits<float>::infinity();
inline constexpr float kPi = std::numbers::pi_v<float>;
inline constexpr float kTwoPi = 2.0f * kPi;
inline constexpr float kHalfPi = 0.5f * kPi;

using simd::absOf;
using simd::any;
using simd::clampOf;
using simd::copysignOf;
using simd::finite;
using simd::floorOf;
using simd::maxOf;
using simd::minOf;
using simd::select;
using simd::sqrtOf;
// The ways to several points along a predicted path are timed together (lanes.h): one lane per
// point, the same bits as one point at a time.
inline constexpr int kPathLanes = 8;
using PathLanes = simd::Lanes<kPathLanes>;
#define GS_STEER_INLINE GS_LANES_INLINE

// Written once over a number type T: float for one point, PathLanes for several (lanes.h).
template <class T>
struct V2 {
    T x, y;
};

// atan2 by the polynomial of Abramowitz and Stegun 4.4.49 on the octant (error below 1e-6 rad):
// a decision takes a few hundred, and the library's is several times slower.
template <class T>
GS_STEER_INLINE T fastAtan2(const T& y, const T& x) {
    const T ax = absOf(x), ay = absOf(y);
    const T hi = maxOf(ax, ay), lo = minOf(ax, ay);
    const T a = lo / hi, s = a * a;
    T r = a *
          (0.9999993329f +
           s * (-0.3332985605f +
                s * (0.1994653599f +
                     s * (-0.1390853351f +
                          s * (0.0964200441f +
                               s * (-0.0559098861f + s * (0.0218612288f - 0.0040540580f * s)))))));
    r = select(ay > ax, kHalfPi - r, r);
    r = select(x < 0.0f, kPi - r, r);
    // Both zero: 0 or pi by the sign of x.
    r = select(hi > 0.0f, r, select(x < 0.0f, T{} + kPi, T{}));
    return copysignOf(r, y);
}

// Sine and cosine by quarter turns and Taylor polynomials on [-pi/4, pi/4] (error below 3e-8
// there; the reduction keeps it below 1e-6 for the angles steering meets, well under 100 rad).
template <class T>
GS_STEER_INLINE void fastSinCos(const T& a, T& sine, T& cosine) {
    const T q = floorOf(a * (2.0f / kPi) + 0.5f);
    const T r = (a - q * 1.5707963705062866f) + q * 4.371139000186243e-8f;
    const T r2 = r * r;
    const T sr =
        r * (1.0f + r2 * (-1.0f / 6.0f +
                          r2 * (1.0f / 120.0f + r2 * (-1.0f / 5040.0f + r2 * (1.0f / 362880.0f)))));
    const T cr =
        1.0f + r2 * (-0.5f + r2 * (1.0f / 24.0f + r2 * (-1.0f / 720.0f + r2 * (1.0f / 40320.0f))));
    // The quarter turn modulo 4, in [0, 4).
    const T quarter = q - 4.0f * floorOf(q * 0.25f);
    const auto odd = quarter == 1.0f || quarter == 3.0f;
    const auto negateSine = quarter == 2.0f || quarter == 3.0f;
    const auto negateCosine = quarter == 1.0f || quarter == 2.0f;
    const T s = select(odd, cr, sr), c = select(odd, sr, cr);
    sine = select(negateSine, -s, s);
    cosine = select(negateCosine, -c, c);
}

// An angle moved by whole turns into [-pi, pi] (std::remainder by a turn, without its cost).
template <class T>
GS_STEER_INLINE T wrapAngle(const T& a) {
    return a - kTwoPi * floorOf(a * (1.0f / kTwoPi) + 0.5f);
}

// Angle in [0, 2 pi), a hair below 0 counted as 0 (a goal dead ahead needs no turn).
template <class T>
GS_STEER_INLINE T turnAngle(const T& a) {
    return clampOf(select(a < -1e-5f, a + kTwoPi, a), 0.0f, kTwoPi);
}

// A walker for Dubins' paths: tightest turn each way (metres; infinite = cannot turn that way)
// and the speed on each kind of piece (m/s: a sharp turn is walked slower than a straight line).
struct Walker {
    float radiusLeft = kInf, radiusRight = kInf;
    float speed = 1.0f, speedLeft = 1.0f, speedRight = 1.0f;
    Walker mirrored() const { return {radiusRight, radiusLeft, speed, speedRight, speedLeft}; }
};

// Time of Dubins' path that turns left first to within `reach` of a point: left then straight,
// or, for a point inside the right-hand circle, left then right. Local frame: x = left, y =
// forward. (A goal met on the arc itself is found on the goal space's predicted paths instead:
// the real turns scatter about the model's circle by more than a reach radius.)
template <class T>
GS_STEER_INLINE T leftFirst(const V2<T>& g, const Walker& w, float reach) {
    const T infinite = T{} + kInf;
    const float r1 = w.radiusLeft, r2 = w.radiusRight;
    if (!std::isfinite(r1)) return infinite;
    const V2<T> q{g.x - r1, g.y - 0.0f};  // from the left circle's centre
    const T dd = q.x * q.x + q.y * q.y;
    // Turn until the goal lies on the tangent: q is (-r1, t) rotated by the turn angle (the
    // angle from (-r1, t) to q, clockwise from forward as bearings go).
    const T t = sqrtOf(maxOf(0.0f, dd - r1 * r1));
    const T turn = fastAtan2(q.x * t + q.y * r1, t * q.y - r1 * q.x);
    T best = r1 * turnAngle(turn) / w.speedLeft + maxOf(0.0f, t - reach) / w.speed;
    // Inside the left circle: reached by turning right first, unless the circle itself passes
    // within reach of it.
    const auto insideLeft = dd < r1 * r1;
    best = select(insideLeft, infinite, best);
    if (reach > 0.0f) {
        const T d = sqrtOf(dd);
        const T off = absOf(d - r1);
        const auto onArc = off < reach;
        if (any(onArc)) {
            // Along the circle to the point nearest the goal (q / d from the centre), less the
            // stretch within reach of it.
            const T around = r1 * turnAngle(fastAtan2(q.y, -q.x));
            const T within = sqrtOf(maxOf(0.0f, reach * reach - off * off));
            best = select(onArc, minOf(best, maxOf(0.0f, around - within) / w.speedLeft), best);
        }
    }
    if (!std::isfinite(r2)) return best;
    const V2<T> fromRight{g.x - (-r2), g.y - 0.0f};
    const auto insideRight =
        !insideLeft && fromRight.x * fromRight.x + fromRight.y * fromRight.y < r2 * r2;
    if (!any(insideRight)) return best;
    // Well inside the right circle: the right circle's centre moves on a circle of radius
    // r1 + r2 about the left centre as the left turn goes on; turn until the goal lies on it.
    const T d = sqrtOf(dd);
    const T bearing = fastAtan2(q.x, q.y);
    const float R = r1 + r2;
    const T k = clampOf((d * d + R * R - r2 * r2) / (2.0f * R * d), -1.0f, 1.0f);
    const T spread = fastAtan2(sqrtOf((1.0f - k) * (1.0f + k)), k);  // acos(k)
    const T a = minOf(turnAngle(wrapAngle(bearing + 0.5f * kPi - spread)),
                      turnAngle(wrapAngle(bearing + 0.5f * kPi + spread)));
    T sa, ca;
    fastSinCos(a, sa, ca);
    const V2<T> p{r1 + r1 * -ca, 0.0f + r1 * sa};
    const V2<T> rest{g.x - p.x, g.y - p.y};
    const T ahead = rest.x * sa + rest.y * ca, across = rest.x * ca + rest.y * -sa;
    const T b = turnAngle(fastAtan2(ahead / r2, 1.0f + across / r2));
    return select(insideRight,
                  minOf(best, r1 * a / w.speedLeft + maxOf(0.0f, r2 * b - reach) / w.speedRight),
                  best);
}

// Time of Dubins' path to within `reach` of a point; the straight time when neither side can turn.
template <class T>
GS_STEER_INLINE T dubinsTime(const V2<T>& g, const Walker& w, float reach = 0.0f) {
    const T left = leftFirst(g, w, reach);
    const T right = leftFirst(V2<T>{-g.x, g.y}, w.mirrored(), reach);
    // A point ahead and outside both circles is reached soonest turning toward its side first
    // (the other way round is a turn of more than three quarters).
    const float wide = 2.0f * std::max(w.radiusLeft, w.radiusRight);
    const T lengthSq = g.x * g.x + g.y * g.y;
    const T side = select(g.x >= 0.0f, left, right);
    const auto aheadWide = g.y >= 0.0f && lengthSq > wide * wide && finite(side);
    const T best = minOf(left, right);
    // A space that turns one way only reaches nothing else the other way: the straight distance
    // stands in, so that costs stay finite.
    const T straight = maxOf(0.0f, sqrtOf(lengthSq) - reach) / w.speed;
    return select(aheadWide, side, select(finite(best), best, straight));
}

}  // namespace gs::steering_detail

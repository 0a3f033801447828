#include <gaitspace/runtime/leg_ik.h>

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/runtime/lane_vectors.h"

namespace gs {
namespace {

using simd::absOf;
using simd::any;
using simd::clampOf;
using simd::copysignOf;
using simd::Lanes;
using simd::maxOf;
using simd::minOf;
using simd::select;
using simd::sqrtOf;
using IkLanes = Lanes<kIkLanes>;
#define GS_IK_INLINE GS_LANES_INLINE

// The solver is written once over a number type T: float for one leg, IkLanes for kIkLanes legs
// (see lanes.h and lane_vectors.h).
using lanes::Q;
using lanes::V3;

template <class T>
struct Result {
    Q<T> hipDelta, kneeDelta;
    V3<T> knee, ankle;
};

// A handful of square roots and no trigonometry: the update runs this for every planted foot of
// every character.
template <class T>
GS_IK_INLINE Result<T> solve(const V3<T>& hip, const V3<T>& knee, const V3<T>& ankle,
                             const V3<T>& target, const V3<T>& bendHint, const T& l1, const T& l2,
                             const TwoBoneIkSettings& settings) {
    const T zero{}, one = zero + 1.0f;
    const V3<T> thigh = knee - hip, shin = ankle - knee;
    const V3<T> toTarget = target - hip;
    const T dt = sqrtOf(dot(toTarget, toTarget));
    const V3<T> toAnkle = ankle - hip;
    const T d02 = dot(toAnkle, toAnkle);
    const T d0 = sqrtOf(d02);
    // Degenerate legs or targets keep the pose (the lanes that are not valid are computed and
    // thrown away).
    const auto valid = l1 > 1e-6f && l2 > 1e-6f && dt > 1e-6f && d0 > 1e-6f;

    // How far the ankle may be from the hip: exact up to the soft zone, then approaching (never
    // reaching) the longest reach along x / (1 + x), which leaves the soft zone with slope 1.
    const T length = l1 + l2;
    const T dMax = maxOf(length * settings.maxExtension, d0);  // the pose itself is allowed
    const T dMin = absOf(l1 - l2) + length * 1e-4f;
    const T softStart = minOf(maxOf(d0, length * (1.0f - settings.softness)), dMax);
    T d = dt;
    if (const auto soft = dt > softStart; any(soft)) {
        const T room = dMax - softStart;
        const T x = select(room > 1e-7f, (dt - softStart) / room, zero);
        d = select(soft, softStart + room * x / (x + 1.0f), dt);
    }
    d = maxOf(d, dMin);

    // The pole: where the pose's knee points away from the hip-ankle line, nudged toward the
    // hint (by at most 5 % of the thigh) so that a straight or slightly over-straight knee still
    // bends the way knees bend. (Components along the hip-ankle line are taken off with one
    // division by its squared length, no normalized line.)
    const T invD02 = 1.0f / d02;
    const V3<T> zAxis{zero, zero, one};
    const T nudge = l1 * 0.05f;
    V3<T> pole = thigh + bendHint * nudge -
                 toAnkle * ((dot(thigh, toAnkle) + nudge * dot(bendHint, toAnkle)) * invD02);
    if (const auto noPole = dot(pole, pole) < 1e-12f; any(noPole))
        pole = select(noPole, zAxis - toAnkle * (dot(zAxis, toAnkle) * invD02), pole);

    // 1. The knee turns about its hinge axis (across the pole) from its flexion to the one that
    //    puts the ankle at distance d from the hip. Flexion is signed: positive bends the knee
    //    toward the pole. Angles as (cos, sin) pairs.
    V3<T> axis = cross(pole, thigh);
    if (const auto noAxis = dot(axis, axis) < 1e-12f; any(noAxis))
        axis = select(noAxis, cross(zAxis, thigh), axis);
    const V3<T> unitAxis = axis * (1.0f / sqrtOf(dot(axis, axis)));
    const T invL1L2 = 1.0f / (l1 * l2);
    const T c0 = clampOf(dot(thigh, shin) * invL1L2, -1.0f, 1.0f);  // cos(flexion)
    const T s0 = copysignOf(sqrtOf(maxOf(1.0f - c0 * c0, 0.0f)), dot(cross(thigh, shin), axis));
    const T c1 = clampOf((d * d - l1 * l1 - l2 * l2) * 0.5f * invL1L2, -1.0f, 1.0f);
    const T s1 = sqrtOf(maxOf(1.0f - c1 * c1, 0.0f));
    const T cd = c1 * c0 + s1 * s0, sd = s1 * c0 - c1 * s0;
    // The shin turned by that angle (Rodrigues' formula, straight from its cosine and sine), so
    // that the aim below need not wait for the hinge's quaternion.
    const V3<T> shin1 =
        shin * cd + cross(unitAxis, shin) * sd + unitAxis * (dot(unitAxis, shin) * (1.0f - cd));
    // The same rotation as a quaternion: (1 + cos, sin x axis) normalized, accurate for small
    // angles; its length is sqrt(2 (1 + cos)). A half turn has no such form: (0, axis).
    const auto notHalfTurn = cd > -1.0f + 1e-6f;
    const T n = 1.0f / sqrtOf(maxOf((cd + 1.0f) * 2.0f, 1e-12f));
    const T sa = sd * n;
    const Q<T> hinge = select(
        notHalfTurn, Q<T>{(cd + 1.0f) * n, unitAxis.x * sa, unitAxis.y * sa, unitAxis.z * sa},
        Q<T>{zero, unitAxis.x, unitAxis.y, unitAxis.z});

    // 2. The hip aims the leg at the target by the smallest rotation, which carries the knee's
    //    plane along (the pole stays the pose's). The ankle is now d from the hip. (Both
    //    directions are scaled to unit length by one factor.)
    const V3<T> from = thigh + shin1;
    const T invDDt = 1.0f / (d * dt);
    const T c = dot(from, toTarget) * invDDt;
    const V3<T> across = cross(from, toTarget) * invDDt;
    const T k =
        1.0f / sqrtOf(maxOf((c + 1.0f) * 2.0f, 1e-12f));  // unit inputs give a unit quaternion
    Q<T> aim{(c + 1.0f) * k, across.x * k, across.y * k, across.z * k};
    // Aligned already: no turn. Opposed: a half turn about any axis across the leg.
    aim = select(c > 1.0f - 1e-7f, Q<T>{one, zero, zero, zero}, aim);
    if (const auto opposed = c < -1.0f + 1e-7f; any(opposed)) {
        const V3<T> a = from * (1.0f / d);
        V3<T> flip = cross(V3<T>{one, zero, zero}, a);
        flip = select(dot(flip, flip) < 1e-8f, cross(V3<T>{zero, one, zero}, a), flip);
        flip = flip * (1.0f / sqrtOf(maxOf(dot(flip, flip), 1e-30f)));
        aim = select(opposed, Q<T>{zero, flip.x, flip.y, flip.z}, aim);
    }

    const Q<T> identity{one, zero, zero, zero};
    Result<T> r;
    r.hipDelta = select(valid, aim, identity);
    r.kneeDelta = select(valid, aim * hinge, identity);
    r.knee = select(valid, hip + rotate(aim, thigh), knee);
    r.ankle = select(valid, hip + rotate(aim, from), ankle);
    return r;
}

V3<float> in(const glm::vec3& v) { return {v.x, v.y, v.z}; }

// The lanes of one input field: lane i from leg i, lanes past count from leg 0 (any finite value
// would do).
struct LegPointers {
    const LegIkInput* leg[kIkLanes];
};
template <class F>
GS_IK_INLINE IkLanes gather(const LegPointers& legs, F field) {
    return simd::gather<kIkLanes>([&](int i) { return field(*legs.leg[i]); });
}
#define GS_IK_GATHER(member) gather(legs, [](const LegIkInput& g) { return g.member; })
#define GS_IK_GATHER_V3(member) \
    V3<IkLanes> { GS_IK_GATHER(member.x), GS_IK_GATHER(member.y), GS_IK_GATHER(member.z) }
#define GS_IK_GATHER_Q(member)                                                  \
    Q<IkLanes> {                                                                \
        GS_IK_GATHER(member.w), GS_IK_GATHER(member.x), GS_IK_GATHER(member.y), \
            GS_IK_GATHER(member.z)                                              \
    }

glm::quat out(const Q<IkLanes>& q, int i) {
    return glm::quat(q.w.v[i], q.x.v[i], q.y.v[i], q.z.v[i]);
}
glm::vec3 out(const V3<IkLanes>& v, int i) { return glm::vec3(v.x.v[i], v.y.v[i], v.z.v[i]); }

}  // namespace

TwoBoneIkResult solveTwoBoneIk(const glm::vec3& hip, const glm::vec3& knee, const glm::vec3& ankle,
                               const glm::vec3& target, const glm::vec3& bendHint, float l1,
                               float l2, const TwoBoneIkSettings& settings) {
    const Result<float> r =
        solve(in(hip), in(knee), in(ankle), in(target), in(bendHint), l1, l2, settings);
    return {glm::quat(r.hipDelta.w, r.hipDelta.x, r.hipDelta.y, r.hipDelta.z),
            glm::quat(r.kneeDelta.w, r.kneeDelta.x, r.kneeDelta.y, r.kneeDelta.z),
            glm::vec3(r.knee.x, r.knee.y, r.knee.z), glm::vec3(r.ankle.x, r.ankle.y, r.ankle.z)};
}

// Built for AVX2 as well (GS_LANES_WIDE): eight legs in one register.
GS_LANES_WIDE
void solveLegIk(const LegIkInput* inputs, int count, LegIkResult* result,
                const TwoBoneIkSettings& settings) {
    assert(count >= 1 && count <= kIkLanes);
    LegPointers legs;
    for (int i = 0; i < kIkLanes; ++i) legs.leg[i] = inputs + (i < count ? i : 0);
    const Result<IkLanes> r =
        solve(GS_IK_GATHER_V3(hip), GS_IK_GATHER_V3(knee), GS_IK_GATHER_V3(ankle),
              GS_IK_GATHER_V3(target), GS_IK_GATHER_V3(bendHint), GS_IK_GATHER(thigh),
              GS_IK_GATHER(shin), settings);
    const Q<IkLanes> hipWorld = r.hipDelta * GS_IK_GATHER_Q(hipRotation);
    const Q<IkLanes> kneeWorld = r.kneeDelta * GS_IK_GATHER_Q(kneeRotation);
    const Q<IkLanes> hipLocal = conjugate(GS_IK_GATHER_Q(parentRotation)) * hipWorld;
    const Q<IkLanes> kneeLocal = conjugate(hipWorld) * kneeWorld;
    const Q<IkLanes> ankleLocal = conjugate(kneeWorld) * GS_IK_GATHER_Q(ankleRotation);
    for (int i = 0; i < count; ++i)
        result[i] = {out(hipWorld, i),   out(kneeWorld, i), out(hipLocal, i), out(kneeLocal, i),
                     out(ankleLocal, i), out(r.knee, i),    out(r.ankle, i)};
}

}  // namespace gs

#pragma once
// Vectors and quaternions written once over a number type T: float for one case, simd::Lanes for
// several (lanes.h). Each operation is glm's, term for term and in glm's order, so a lane gives
// the bits glm gives (GCC and Clang do not fuse a multiply and an add unless the build asks for
// FMA). Shared by the leg IK (several feet at once) and forward kinematics (several characters
// at once); not part of the runtime's interface.

#include "core/runtime/lanes.h"

namespace gs::lanes {

template <class T>
struct V3 {
    T x, y, z;
};
template <class T>
GS_LANES_INLINE V3<T> operator+(const V3<T>& a, const V3<T>& b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
template <class T>
GS_LANES_INLINE V3<T> operator-(const V3<T>& a, const V3<T>& b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
template <class T, class S>
GS_LANES_INLINE V3<T> operator*(const V3<T>& a, const S& k) {
    return {a.x * k, a.y * k, a.z * k};
}
template <class T>
GS_LANES_INLINE T dot(const V3<T>& a, const V3<T>& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
// glm's cross product (b may be plain floats: the same vector in every lane).
template <class T, class S>
GS_LANES_INLINE V3<T> cross(const V3<T>& a, const V3<S>& b) {
    return {a.y * b.z - b.y * a.z, a.z * b.x - b.z * a.x, a.x * b.y - b.x * a.y};
}
template <class T, class M>
GS_LANES_INLINE V3<T> select(const M& m, const V3<T>& a, const V3<T>& b) {
    using simd::select;
    return {select(m, a.x, b.x), select(m, a.y, b.y), select(m, a.z, b.z)};
}

template <class T>
struct Q {
    T w, x, y, z;
};
// glm's quaternion product p * q (type_quat.inl).
template <class T>
GS_LANES_INLINE Q<T> operator*(const Q<T>& p, const Q<T>& q) {
    return {p.w * q.w - p.x * q.x - p.y * q.y - p.z * q.z,
            p.w * q.x + p.x * q.w + p.y * q.z - p.z * q.y,
            p.w * q.y + p.y * q.w + p.z * q.x - p.x * q.z,
            p.w * q.z + p.z * q.w + p.x * q.y - p.y * q.x};
}
// glm's q * v: v + 2 (w (u x v) + u x (u x v)), u the vector part (v may be plain floats).
template <class T, class S>
GS_LANES_INLINE V3<T> rotate(const Q<T>& q, const V3<S>& v) {
    const V3<T> u{q.x, q.y, q.z};
    const V3<T> uv = cross(u, v), uuv = cross(u, uv);
    const V3<T> turned = (uv * q.w + uuv) * 2.0f;
    return {v.x + turned.x, v.y + turned.y, v.z + turned.z};
}
template <class T>
GS_LANES_INLINE Q<T> conjugate(const Q<T>& q) {
    return {q.w, -q.x, -q.y, -q.z};
}
template <class T, class M>
GS_LANES_INLINE Q<T> select(const M& m, const Q<T>& a, const Q<T>& b) {
    using simd::select;
    return {select(m, a.w, b.w), select(m, a.x, b.x), select(m, a.y, b.y), select(m, a.z, b.z)};
}

}  // namespace gs::lanes

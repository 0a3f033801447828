#pragma once
// Lanes: N floats worked on together, for code written once over a number type T that is float
// for one case and Lanes<N> for N cases at once (the leg IK of several feet, steering's paths
// to several points). Every operation is the scalar one lane by lane, so a lane gives the bits
// the scalar code gives; the loops are plain, and compilers turn them into SIMD instructions.
// Branches become selects (both sides are computed for every lane, and the unused side may be
// inf or NaN); any() tells when a rare side is needed at all.

#include <algorithm>
#include <cmath>
#include <cstring>

#if defined(__GNUC__) || defined(__clang__)
#define GS_LANES_INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define GS_LANES_INLINE __forceinline
#else
#define GS_LANES_INLINE inline
#endif

// For a function whose lanes are wider than SSE's four: built for AVX2 as well as for the
// baseline, the one to run chosen as the program loads (GCC and Clang on x86-64 ELF). AVX2
// without fused multiply-add rounds every operation as SSE does: the same bits either way.
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && defined(__ELF__)
#define GS_LANES_WIDE __attribute__((target_clones("avx2", "default")))
#else
#define GS_LANES_WIDE
#endif

namespace gs::simd {

// Clears the upper halves of the AVX registers (vzeroupper) on a CPU that has AVX; nothing
// elsewhere. Code that runs while those halves hold what AVX code elsewhere left in them (a
// library that did not clear them) is slowed: in gaitspace-cli the update without the foot lock,
// which runs no AVX code of its own that would clear them, took 2 to 2.4 times as long (sinf,
// cosf and expf most of all). LocomotionJob::run calls this first; it costs a few cycles.
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && defined(__ELF__)
__attribute__((target("avx"))) inline void clearUpperAvx() { __builtin_ia32_vzeroupper(); }
inline void clearUpperState() {
    if (__builtin_cpu_supports("avx")) clearUpperAvx();
}
#else
inline void clearUpperState() {}
#endif

// Aligned as a whole vector register holds them (up to AVX's 32 bytes): a copy then moves them in
// as few pieces as a read, and a read of lanes just written is served from the write.
template <int N>
struct alignas(N * sizeof(float) >= 32   ? 32
               : N * sizeof(float) >= 16 ? 16
                                         : alignof(float)) Lanes {
    float v[N];
};
template <int N>
struct Mask {
    int v[N];  // -1 or 0
};

#define GS_LANEWISE(expr)                        \
    Lanes<N> r;                                  \
    for (int i = 0; i < N; ++i) r.v[i] = (expr); \
    return r
#define GS_MASKWISE(expr)                                 \
    Mask<N> r;                                            \
    for (int i = 0; i < N; ++i) r.v[i] = (expr) ? -1 : 0; \
    return r

template <int N>
GS_LANES_INLINE Lanes<N> operator+(const Lanes<N>& a, const Lanes<N>& b) {
    GS_LANEWISE(a.v[i] + b.v[i]);
}
template <int N>
GS_LANES_INLINE Lanes<N> operator-(const Lanes<N>& a, const Lanes<N>& b) {
    GS_LANEWISE(a.v[i] - b.v[i]);
}
template <int N>
GS_LANES_INLINE Lanes<N> operator*(const Lanes<N>& a, const Lanes<N>& b) {
    GS_LANEWISE(a.v[i] * b.v[i]);
}
template <int N>
GS_LANES_INLINE Lanes<N> operator/(const Lanes<N>& a, const Lanes<N>& b) {
    GS_LANEWISE(a.v[i] / b.v[i]);
}
template <int N>
GS_LANES_INLINE Lanes<N> operator-(const Lanes<N>& a) {
    GS_LANEWISE(-a.v[i]);
}
template <int N>
GS_LANES_INLINE Lanes<N> operator+(const Lanes<N>& a, float b) {
    GS_LANEWISE(a.v[i] + b);
}
template <int N>
GS_LANES_INLINE Lanes<N> operator+(float a, const Lanes<N>& b) {
    GS_LANEWISE(a + b.v[i]);
}
template <int N>
GS_LANES_INLINE Lanes<N> operator-(const Lanes<N>& a, float b) {
    GS_LANEWISE(a.v[i] - b);
}
template <int N>
GS_LANES_INLINE Lanes<N> operator-(float a, const Lanes<N>& b) {
    GS_LANEWISE(a - b.v[i]);
}
template <int N>
GS_LANES_INLINE Lanes<N> operator*(const Lanes<N>& a, float b) {
    GS_LANEWISE(a.v[i] * b);
}
template <int N>
GS_LANES_INLINE Lanes<N> operator*(float a, const Lanes<N>& b) {
    GS_LANEWISE(a * b.v[i]);
}
template <int N>
GS_LANES_INLINE Lanes<N> operator/(const Lanes<N>& a, float b) {
    GS_LANEWISE(a.v[i] / b);
}
template <int N>
GS_LANES_INLINE Lanes<N> operator/(float a, const Lanes<N>& b) {
    GS_LANEWISE(a / b.v[i]);
}
template <int N>
GS_LANES_INLINE Mask<N> operator<(const Lanes<N>& a, float b) {
    GS_MASKWISE(a.v[i] < b);
}
template <int N>
GS_LANES_INLINE Mask<N> operator<(const Lanes<N>& a, const Lanes<N>& b) {
    GS_MASKWISE(a.v[i] < b.v[i]);
}
template <int N>
GS_LANES_INLINE Mask<N> operator>(const Lanes<N>& a, float b) {
    GS_MASKWISE(a.v[i] > b);
}
template <int N>
GS_LANES_INLINE Mask<N> operator>(const Lanes<N>& a, const Lanes<N>& b) {
    GS_MASKWISE(a.v[i] > b.v[i]);
}
template <int N>
GS_LANES_INLINE Mask<N> operator>=(const Lanes<N>& a, float b) {
    GS_MASKWISE(a.v[i] >= b);
}
template <int N>
GS_LANES_INLINE Mask<N> operator==(const Lanes<N>& a, float b) {
    GS_MASKWISE(a.v[i] == b);
}
template <int N>
GS_LANES_INLINE Mask<N> operator!(const Mask<N>& a) {
    GS_MASKWISE(!a.v[i]);
}
template <int N>
GS_LANES_INLINE Mask<N> operator&&(const Mask<N>& a, const Mask<N>& b) {
    GS_MASKWISE(a.v[i] & b.v[i]);
}
template <int N>
GS_LANES_INLINE Mask<N> operator||(const Mask<N>& a, const Mask<N>& b) {
    GS_MASKWISE(a.v[i] | b.v[i]);
}
template <int N>
GS_LANES_INLINE Lanes<N> sqrtOf(const Lanes<N>& a) {
    GS_LANEWISE(std::sqrt(a.v[i]));
}
template <int N>
GS_LANES_INLINE Lanes<N> floorOf(const Lanes<N>& a) {
    GS_LANEWISE(std::floor(a.v[i]));
}
template <int N>
GS_LANES_INLINE Mask<N> finite(const Lanes<N>& a) {
    GS_MASKWISE(std::isfinite(a.v[i]));
}
template <int N>
GS_LANES_INLINE Lanes<N> absOf(const Lanes<N>& a) {
    GS_LANEWISE(std::abs(a.v[i]));
}
template <int N>
GS_LANES_INLINE Lanes<N> minOf(const Lanes<N>& a, const Lanes<N>& b) {
    GS_LANEWISE(std::min(a.v[i], b.v[i]));
}
template <int N>
GS_LANES_INLINE Lanes<N> maxOf(const Lanes<N>& a, const Lanes<N>& b) {
    GS_LANEWISE(std::max(a.v[i], b.v[i]));
}
template <int N>
GS_LANES_INLINE Lanes<N> maxOf(const Lanes<N>& a, float b) {
    GS_LANEWISE(std::max(a.v[i], b));
}
template <int N>
GS_LANES_INLINE Lanes<N> maxOf(float a, const Lanes<N>& b) {
    GS_LANEWISE(std::max(a, b.v[i]));
}
template <int N>
GS_LANES_INLINE Lanes<N> clampOf(const Lanes<N>& a, float lo, float hi) {
    GS_LANEWISE(std::clamp(a.v[i], lo, hi));
}
template <int N>
GS_LANES_INLINE Lanes<N> copysignOf(const Lanes<N>& a, const Lanes<N>& b) {
    GS_LANEWISE(std::copysign(a.v[i], b.v[i]));
}
// Both sides are read for every lane, so that the loop has no branch to keep.
template <int N>
GS_LANES_INLINE Lanes<N> select(const Mask<N>& m, const Lanes<N>& a, const Lanes<N>& b) {
    Lanes<N> r;
    for (int i = 0; i < N; ++i) {
        const float x = a.v[i], y = b.v[i];
        r.v[i] = m.v[i] ? x : y;
    }
    return r;
}
template <int N>
GS_LANES_INLINE bool any(const Mask<N>& m) {
    int a = 0;
    for (int i = 0; i < N; ++i) a |= m.v[i];
    return a != 0;
}
#undef GS_LANEWISE
#undef GS_MASKWISE

// Lanes from N floats, lane i = at(i): with GCC and Clang the floats go straight into vector
// registers. Written to memory one by one and read back several at a time, they would wait for
// the writes (for the leg IK, that read cost more than the solve).
template <int N, class F>
GS_LANES_INLINE Lanes<N> gather(F at) {
    Lanes<N> l;
#if defined(__GNUC__) || defined(__clang__)
    if constexpr (N == 8) {
        typedef float Vector __attribute__((vector_size(32)));
        const Vector v = {at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7)};
        std::memcpy(l.v, &v, sizeof v);
        return l;
    }
#endif
    for (int i = 0; i < N; ++i) l.v[i] = at(i);
    return l;
}

// The same for one float.
GS_LANES_INLINE bool any(bool m) { return m; }
GS_LANES_INLINE float sqrtOf(float a) { return std::sqrt(a); }
GS_LANES_INLINE float absOf(float a) { return std::abs(a); }
GS_LANES_INLINE float floorOf(float a) { return std::floor(a); }
GS_LANES_INLINE bool finite(float a) { return std::isfinite(a); }
GS_LANES_INLINE float minOf(float a, float b) { return std::min(a, b); }
GS_LANES_INLINE float maxOf(float a, float b) { return std::max(a, b); }
GS_LANES_INLINE float clampOf(float a, float lo, float hi) { return std::clamp(a, lo, hi); }
GS_LANES_INLINE float copysignOf(float a, float b) { return std::copysign(a, b); }
GS_LANES_INLINE float select(bool m, float a, float b) { return m ? a : b; }

}  // namespace gs::simd

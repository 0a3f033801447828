#pragma once
// The runtime's arithmetic runs in the default floating-point environment, whatever its caller
// set: a game that flushes denormals to zero (many do, and -ffast-math at link time does it for
// the whole program) or rounds another way would otherwise get other bits from the same calls.
// The entry points that compute (the jobs' run(), Crowd's update and interpolation) hold a
// DefaultFloatEnvironment while they work. On x86-64 that is the SSE control register (MXCSR):
// round to nearest, no flush to zero, no denormals-are-zero, exceptions masked; it is read once
// and written only when it differs (then put back on the way out, with any new exception flags
// kept). Elsewhere it does nothing. Not part of the runtime's interface.

#if defined(__x86_64__) || defined(_M_X64)
#include <xmmintrin.h>
#define GS_FLOAT_ENVIRONMENT_SSE 1
#endif

namespace gs::detail {

class DefaultFloatEnvironment {
public:
#if defined(GS_FLOAT_ENVIRONMENT_SSE)
    static constexpr unsigned kDefault = 0x1f80;  // exceptions masked, round to nearest, no FTZ/DAZ
    static constexpr unsigned kFlags = 0x3f;      // the sticky exception flags
    DefaultFloatEnvironment() : m_saved(_mm_getcsr()) {
        if ((m_saved & ~kFlags) != kDefault) _mm_setcsr(kDefault | (m_saved & kFlags));
    }
    ~DefaultFloatEnvironment() {
        if ((m_saved & ~kFlags) != kDefault) _mm_setcsr(m_saved | (_mm_getcsr() & kFlags));
    }
#else
    DefaultFloatEnvironment() = default;
#endif
    DefaultFloatEnvironment(const DefaultFloatEnvironment&) = delete;
    DefaultFloatEnvironment& operator=(const DefaultFloatEnvironment&) = delete;

private:
#if defined(GS_FLOAT_ENVIRONMENT_SSE)
    unsigned m_saved;
#endif
};

}  // namespace gs::detail

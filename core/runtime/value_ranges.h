#pragma once
// Range checks of a baked space's values against the named limits (gaitspace/runtime/limits.h),
// shared by the validate() functions that both the baker and the .gspace reader run. Each is
// false for a NaN or an infinity.

#include <cmath>
#include <cstdio>
#include <string>

#include <glm/vec3.hpp>

#include <gaitspace/runtime/limits.h>

namespace gs::ranges {

// A value for a message, shortest form ("30", "0.5", "1e+30").
inline std::string text(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", v);
    return buffer;
}

inline bool within(float v, float lo, float hi) { return v >= lo && v <= hi; }
inline bool height(float metres) {
    return within(metres, -limits::kMaxHeightM, limits::kMaxHeightM);
}
inline bool speed(float mps) { return within(mps, 0.0f, limits::kMaxSpeedMps); }
inline bool turnRate(float radPerSecond) {
    return within(radPerSecond, -limits::kMaxTurnRate, limits::kMaxTurnRate);
}
inline bool fps(float v) { return within(v, limits::kMinFps, limits::kMaxFps); }
inline bool boneLength(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z) &&
           std::hypot(v.x, v.y, v.z) <= limits::kMaxBoneLengthM;
}
// A ground step or offset (dx, dz, dyaw) of at most `metres` and a turn of at most half a turn.
inline bool groundMove(const glm::vec3& v, float metres) {
    return std::isfinite(v.z) && std::abs(v.z) <= limits::kMaxStepYaw + 1e-4f &&
           std::isfinite(v.x) && std::isfinite(v.y) && std::hypot(v.x, v.y) <= metres;
}

}  // namespace gs::ranges

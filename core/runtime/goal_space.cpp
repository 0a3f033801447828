#include <gaitspace/runtime/goal_space.h>

#include <algorithm>
#include <cmath>

#include "core/runtime/value_ranges.h"

namespace gs {

Status GoalSpaceSettings::validate() const {
    if (startFrames < 0) return Status::error("goal space: X (start frames) must be >= 0");
    if (subdivisions < 1 || subdivisions > 8)
        return Status::error("goal space: subdivisions must be 1-8");
    if (startBlends < 2) return Status::error("goal space: Y (start blend values) must be >= 2");
    if (endBlends < 2) return Status::error("goal space: Z (end blend values) must be >= 2");
    if (horizon < 1) return Status::error("goal space: F (frames ahead) must be >= 1");
    if (!(maxBlendRate > 0.0f && maxBlendRate <= 1.0f))
        return Status::error("goal space: maximum blend rate must be in (0, 1] per frame");
    return Status::ok();
}

float GoalSpace::startBlend(int y) const {
    return static_cast<float>(y) / static_cast<float>(startBlends - 1);
}

float GoalSpace::endBlend(int z) const {
    return static_cast<float>(z) / static_cast<float>(endBlends - 1);
}

int GoalSpace::startFrameAt(float u) const {
    int best = startFrameCount() - 1;
    for (int x = 0; x < startFrameCount(); ++x)
        if (startFrames[x] <= u + 1e-3f) best = x;
    return best;
}

Status GoalSpace::validate() const {
    if (samples.empty()) return Status::error("goal space is empty");
    if (startBlends < 2 || endBlends < 2 || horizon < 1)
        return Status::error("goal space has fewer than 2 blend values or no horizon");
    if (samples.size() != startFrames.size() * startBlends * endBlends)
        return Status::error("goal space size does not match X x Y x Z");
    if (samples.size() > limits::kMaxGSpaceGoalSamples)
        return Status::error("goal space has " + std::to_string(samples.size()) +
                             " samples, above the limit of " +
                             std::to_string(limits::kMaxGSpaceGoalSamples));
    for (const GoalSample& s : samples)
        if (!ranges::within(s.x, -limits::kMaxCoordinateM, limits::kMaxCoordinateM) ||
            !ranges::within(s.z, -limits::kMaxCoordinateM, limits::kMaxCoordinateM) ||
            !std::isfinite(s.heading))
            return Status::error("goal space: a sample lies beyond " +
                                 ranges::text(limits::kMaxCoordinateM) + " m or is not finite");
    if (sway.size() != startFrames.size())
        return Status::error("goal space: one sway per start frame is needed");
    for (float a : sway)
        if (!std::isfinite(a)) return Status::error("goal space: a sway is not finite");
    for (const GoalSpaceMotion& m : {left, right, straight})
        if (!(m.speed > 0.0f) || !ranges::speed(m.speed) || !ranges::turnRate(m.turnRate))
            return Status::error("goal space: the measured speed must be in (0, " +
                                 ranges::text(limits::kMaxSpeedMps) +
                                 "] m/s and the turn rate within +-" +
                                 ranges::text(limits::kMaxTurnRate) + " rad/s");
    return Status::ok();
}

}  // namespace gs

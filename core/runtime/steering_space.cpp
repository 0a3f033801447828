// What steering decides from: its settings, the goal spaces' samples in polar form and the
// spaces' tightest turns (the decisions themselves are in steering.cpp and steer_job.cpp).
#include <gaitspace/runtime/steering.h>

#include <cmath>
#include <mutex>

#include "core/runtime/dubins.h"
#include "core/runtime/steering_detail.h"

namespace gs {

using steering_detail::kInf;

namespace steering_detail {
GoalPolar polarOf(const GoalSample& a) {
    return {std::hypot(a.x, a.z), std::atan2(a.x, a.z), a.heading};
}
}  // namespace steering_detail

Status SteerSettings::validate() const {
    if (neighbours != 1 && neighbours != 2)
        return Status::error("steering: neighbours must be 1 or 2");
    if (!(commitment >= 0.0f) || !std::isfinite(commitment))
        return Status::error("steering: commitment must be >= 0 s");
    if (!(movingCommitment >= 0.0f) || !std::isfinite(movingCommitment))
        return Status::error("steering: moving-goal commitment must be >= 0 s");
    if (!(arrivalRadius >= 0.0f) || !std::isfinite(arrivalRadius))
        return Status::error("steering: arrival radius must be >= 0 m");
    if (lookAhead != 1 && lookAhead != 2)
        return Status::error("steering: look-ahead must be 1 or 2 steps");
    if (lookAheadBeam < 1 || lookAheadBeam > 64)
        return Status::error("steering: look-ahead beam must be 1-64");
    if (!(turningCircleMargin > 0.0f) || !std::isfinite(turningCircleMargin))
        return Status::error("steering: turning-circle margin must be > 0");
    if (!(escapeExitFactor >= turningCircleMargin) || !std::isfinite(escapeExitFactor))
        return Status::error(
            "steering: the escape exit factor must be >= the turning-circle margin");
    return Status::ok();
}

Status SteeringSpace::validate() const {
    if (!space) return Status::error("steering: no behavioral space");
    if (goalSpaces.size() != space->spaces.size())
        return Status::error("steering: one goal space per motion space is needed");
    for (const GoalSpace& g : goalSpaces) {
        if (Status s = g.validate(); !s) return s;
        if (g.endBlends != goalSpaces.front().endBlends)
            return Status::error(
                "steering: every goal space needs the same number of end blends (Z)");
        if (g.endBlends > 256) return Status::error("steering: at most 256 end blends (Z)");
    }
    return Status::ok();
}

std::vector<GoalPolar> polarSamples(const GoalSpace& goalSpace) {
    std::vector<GoalPolar> out(goalSpace.samples.size());
    for (size_t i = 0; i < out.size(); ++i) out[i] = steering_detail::polarOf(goalSpace.samples[i]);
    return out;
}

std::shared_ptr<const SteeringTables> SteeringSpace::tables() const {
    static std::mutex mutex;
    const std::lock_guard lock(mutex);
    auto current = [&](const SteeringTables& t) {
        if (t.keys.size() != goalSpaces.size()) return false;
        for (size_t s = 0; s < goalSpaces.size(); ++s)
            if (t.keys[s] != goalSpaces[s].samples.data() ||
                t.sizes[s] != goalSpaces[s].samples.size())
                return false;
        return true;
    };
    if (m_tables && current(*m_tables)) return m_tables;
    if (!validate()) return nullptr;
    auto t = std::make_shared<SteeringTables>();
    for (const GoalSpace& g : goalSpaces) {
        t->keys.push_back(g.samples.data());
        t->sizes.push_back(g.samples.size());
        t->polar.push_back(polarSamples(g));
    }
    m_tables = std::move(t);
    return m_tables;
}

float turningRadiusLeft(const BakedMotionSpace& space) {
    const float k = space.clips.back().curvature;
    return k > 1e-4f ? 1.0f / k : kInf;
}

float turningRadiusRight(const BakedMotionSpace& space) {
    const float k = space.clips.front().curvature;
    return k < -1e-4f ? -1.0f / k : kInf;
}

}  // namespace gs

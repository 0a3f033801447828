#include <gaitspace/runtime/arrival.h>

#include <cmath>

namespace gs {

const char* motionStateName(MotionState state) {
    switch (state) {
        case MotionState::Walking:
            return "walking";
        case MotionState::Stopping:
            return "stopping";
        case MotionState::Standing:
            return "standing";
        case MotionState::Starting:
            return "starting";
    }
    return "walking";
}

Status ArrivalSettings::validate() const {
    if (!(fadeSeconds >= 0.05f && fadeSeconds <= 1.0f))
        return Status::error("arrival: fade must be 0.05-1 s");
    if (!(startFadeSeconds >= 0.05f && startFadeSeconds <= 2.0f))
        return Status::error("arrival: a start's fade from standing must be 0.05-2 s");
    if (!(maxCorrection > 0.0f && maxCorrection <= 0.5f))
        return Status::error("arrival: the largest correction must be in (0, 0.5] of the way left");
    if (!(maxStartTurn >= 0.0f && maxStartTurn <= 3.1416f))
        return Status::error("arrival: a start's largest turn must be in [0, pi] radians");
    if (!(standRadius >= 0.0f && standRadius <= 5.0f))
        return Status::error("arrival: the stand radius must be 0-5 m");
    if (!(styleSeconds >= 0.05f && styleSeconds <= 10.0f))
        return Status::error("arrival: a start's blend into its style must take 0.05-10 s");
    return Status::ok();
}

}  // namespace gs

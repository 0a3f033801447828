#include <gaitspace/runtime/locomotion.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/runtime/float_environment.h"
#include "core/runtime/lanes.h"
#include "core/runtime/locomotion_stages.h"

namespace gs {

void initCharacter(const BakedBehavioralSpace& space, CharacterState& state,
                   const GroundFrame& ground, std::span<const float> styleWeights,
                   std::span<const float> blends) {
    state = CharacterState{};
    state.ground = ground;
    const int n = static_cast<int>(space.spaces.size());
    float sum = 0.0f;
    for (int s = 0; s < n; ++s) {
        state.styleWeight[s] =
            s < static_cast<int>(styleWeights.size()) ? std::max(0.0f, styleWeights[s]) : 0.0f;
        sum += state.styleWeight[s];
        const float straight = space.spaces[s].blendOf(space.spaces[s].reference);
        state.blend[s] =
            s < static_cast<int>(blends.size()) ? std::clamp(blends[s], 0.0f, 1.0f) : straight;
        state.blendTarget[s] = state.blend[s];
    }
    if (sum <= 0.0f) {
        state.styleWeight[0] = 1.0f;
        sum = 1.0f;
    }
    for (int s = 0; s < n; ++s) state.styleWeight[s] /= sum;
    state.styleTarget = state.styleWeight;
    state.rootHeight = space.spaces.front().clips[space.spaces.front().reference].rootHeight[0];
    if (auto legs = findLegs(space.skeleton, space.leftToe, space.rightToe)) state.legs = *legs;
}

void setStyleTarget(CharacterState& state, std::span<const float> targets) {
    float sum = 0.0f;
    for (float t : targets) sum += std::max(0.0f, t);
    if (sum <= 0.0f) return;
    state.styleOverridden = false;
    state.paceShare = 0.0f;
    for (size_t s = 0; s < state.styleTarget.size(); ++s)
        state.styleTarget[s] = s < targets.size() ? std::max(0.0f, targets[s]) / sum : 0.0f;
}

Status LocomotionSettings::validate() const {
    if (!(styleIncrement > 0.0f && styleIncrement <= 1.0f))
        return Status::error("style increment must be in (0, 1]");
    if (!(styleTransitionSeconds >= 0.0f) || !std::isfinite(styleTransitionSeconds))
        return Status::error("style transition time must be >= 0 s");
    if (!(maxBlendRate > 0.0f && maxBlendRate <= 1.0f))
        return Status::error("maximum blend rate must be in (0, 1] per frame");
    if (!(footLockHeight >= 0.0f && footLockHeight <= 0.2f))
        return Status::error("foot lock height must be in [0, 0.2] m");
    if (footLockFadeInFrames < 1 || footLockFadeInFrames > 30)
        return Status::error("foot lock fade-in must be 1-30 frames");
    if (footLockFadeOutFrames < 1 || footLockFadeOutFrames > 30)
        return Status::error("foot lock fade-out must be 1-30 frames");
    if (!(footLockMaxOffset > 0.0f && footLockMaxOffset <= 1.0f))
        return Status::error("foot lock offset limit must be in (0, 1] m");
    if (!(footLockMaxSpeed > 0.0f && footLockMaxSpeed <= 10.0f))
        return Status::error("foot lock speed limit must be in (0, 10] m/s");
    if (!(footLockReturnSpeed > 0.0f && footLockReturnSpeed <= 10.0f))
        return Status::error("foot lock return speed must be in (0, 10] m/s");
    if (!(ik.softness >= 0.0f && ik.softness <= 0.5f))
        return Status::error("IK softness must be in [0, 0.5] of the leg length");
    if (!(ik.maxExtension > 0.9f && ik.maxExtension < 1.0f))
        return Status::error("IK maximum extension must be in (0.9, 1) of the leg length");
    return arrival.validate();
}

Status LocomotionJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!space) return Status::error("no behavioral space");
    if (space->spaces.empty()) return Status::error("the behavioral space holds no motion space");
    if (space->spaces.size() > kMaxSpaces)
        return Status::error("too many motion spaces (at most " + std::to_string(kMaxSpaces) + ")");
    const size_t joints = static_cast<size_t>(space->skeleton.jointCount());
    if (joints == 0 || joints > limits::kMaxJoints)
        return Status::error("skeleton must have 1-" + std::to_string(limits::kMaxJoints) +
                             " joints");
    if (!localRotations.empty() && localRotations.size() < characters.size() * joints)
        return Status::error("local rotation output is smaller than characters x joints");
    if (localRotations.empty() && !world.empty())
        return Status::error("world transforms need the local rotation output");
    if (rootPositions.size() < characters.size())
        return Status::error("root position output is smaller than the character count");
    if (!world.empty() && world.size() < characters.size() * joints)
        return Status::error("world transform output is smaller than characters x joints");
    return Status::ok();
}

Status LocomotionJob::run() {
    if (Status s = validate(); !s) return s;
    simd::clearUpperState();
    const detail::DefaultFloatEnvironment environment;
    using namespace locomotion;
    const Context context(*this);
    LegIkBatch legs(space->skeleton, settings.ik);
    // Characters go in groups of kFkLanes through every stage: each group is stepped and
    // blended, then takes its forward kinematics in one pass (a lane each), then the foot lock,
    // whose legs are solved eight at a time across groups.
    Step steps[kFkLanes];
    for (size_t first = 0; first < characters.size(); first += kFkLanes) {
        const std::span<Step> batch(steps, std::min<size_t>(kFkLanes, characters.size() - first));
        advanceWeightsAndPhase(context, first, batch);
        sampleClips(context, first, batch);
        blendPoses(context, first, batch);
        moveRoots(context, first, batch);
        forwardKinematicsOf(context, first, batch);
        liftFeet(context, first, batch);
        lockFeet(context, first, batch, legs);
    }
    legs.flush();  // the feet still waiting for a full batch
    return Status::ok();
}

}  // namespace gs

#include "core/goal_space.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/locomotion.h"

namespace gs {

Status GoalSpaceSettings::validate() const {
    if (startFrames < 0) return Status::error("goal space: X (start frames) must be >= 0");
    if (subdivisions < 1 || subdivisions > 8) return Status::error("goal space: subdivisions must be 1-8");
    if (startBlends < 2) return Status::error("goal space: Y (start blend values) must be >= 2");
    if (endBlends < 2) return Status::error("goal space: Z (end blend values) must be >= 2");
    if (horizon < 1) return Status::error("goal space: F (frames ahead) must be >= 1");
    if (!(maxBlendRate > 0.0f && maxBlendRate <= 1.0f))
        return Status::error("goal space: maximum blend rate must be in (0, 1] per frame");
    return Status::ok();
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
    return Status::ok();
}

Status GoalSpaceJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!space) return Status::error("goal space: no motion space");
    if (Status s = space->validate(); !s) return s;
    if (space->startFrames.empty()) return Status::error("goal space: the motion space has no start frames");
    return Status::ok();
}

Status GoalSpaceJob::run() {
    if (Status s = validate(); !s) return s;
    const auto t0 = std::chrono::steady_clock::now();
    const BakedBehavioralSpace single = singleSpace(*space);
    output = {};
    output.startBlends = settings.startBlends;
    output.endBlends = settings.endBlends;
    output.horizon = settings.horizon;
    output.maxBlendRate = settings.maxBlendRate;
    const int X = settings.startFrames > 0
                      ? std::min(settings.startFrames, static_cast<int>(space->startFrames.size()))
                      : static_cast<int>(space->startFrames.size());
    const float period = static_cast<float>(space->referenceCycleFrames());
    for (int x = 0; x < X; ++x) {
        const float a = static_cast<float>(space->startFrames[x]);
        const float b = x + 1 < static_cast<int>(space->startFrames.size())
                            ? static_cast<float>(space->startFrames[x + 1])
                            : static_cast<float>(space->startFrames[0]) + period;
        for (int k = 0; k < settings.subdivisions; ++k)
            output.startFrames.push_back(std::fmod(a + (b - a) * k / settings.subdivisions, period));
    }
    std::sort(output.startFrames.begin(), output.startFrames.end());
    const int starts = static_cast<int>(output.startFrames.size());
    output.samples.resize(static_cast<size_t>(starts) * settings.startBlends * settings.endBlends);

    const int joints = single.skeleton.jointCount();
    std::vector<glm::quat> rotations(joints);
    glm::vec3 root;
    LocomotionJob job;
    job.space = &single;
    job.settings.maxBlendRate = settings.maxBlendRate;
    job.settings.footLock = settings.footLock;
    job.localRotations = rotations;
    job.rootPositions = std::span<glm::vec3>(&root, 1);
    CharacterState state;
    job.characters = std::span<CharacterState>(&state, 1);
    for (int x = 0; x < starts; ++x) {
        for (int y = 0; y < settings.startBlends; ++y) {
            for (int z = 0; z < settings.endBlends; ++z) {
                const float start = output.startBlend(y);
                initCharacter(single, state, GroundFrame{}, {}, std::span<const float>(&start, 1));
                state.phase = output.startFrames[x];
                state.blendTarget[0] = output.endBlend(z);
                for (int f = 0; f < settings.horizon; ++f)
                    if (Status s = job.run(); !s) return s;
                output.samples[(static_cast<size_t>(x) * settings.startBlends + y) * settings.endBlends + z] =
                    {state.ground.x, state.ground.z, state.ground.heading};
            }
        }
    }
    output.buildSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return Status::ok();
}

}  // namespace gs

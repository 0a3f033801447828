#include "core/spaces/goal_space_builder.h"
#include "core/support/cancel.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/authoring_limits.h"
#include <gaitspace/runtime/locomotion.h>

namespace gs {
namespace {

// Speed and turn rate of a steady future reached after `seconds`: the arc through it.
GoalSpaceMotion arcMotion(const GoalSample& s, float seconds) {
    const float chord = std::hypot(s.x, s.z);
    const float turn = std::abs(s.heading);
    const float arc =
        turn > 1e-3f ? chord * turn / (2.0f * std::sin(0.5f * std::min(turn, 6.0f))) : chord;
    return {arc / seconds, s.heading / seconds};
}

}  // namespace

Status GoalSpaceJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!space) return Status::error("goal space: no motion space");
    if (Status s = space->validate(); !s) return s;
    if (space->startFrames.empty())
        return Status::error("goal space: the motion space has no start frames");
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
            output.startFrames.push_back(
                std::fmod(a + (b - a) * k / settings.subdivisions, period));
    }
    std::sort(output.startFrames.begin(), output.startFrames.end());
    const int starts = static_cast<int>(output.startFrames.size());
    output.samples.resize(static_cast<size_t>(starts) * settings.startBlends * settings.endBlends);

    // The futures are where the character goes on the ground: the pose (and the foot lock and the
    // feet's lift on it, which move the legs and the root's height only) is not needed, so the
    // characters are stepped without one. The samples are the same to the bit as with the pose,
    // lock and lift (tst_steering checks it), and build about three times as fast
    // (docs/benchmarks.md).
    glm::vec3 root;
    LocomotionJob job;
    job.space = &single;
    job.settings.maxBlendRate = settings.maxBlendRate;
    job.rootPositions = std::span<glm::vec3>(&root, 1);
    CharacterState state;
    job.characters = std::span<CharacterState>(&state, 1);
    for (int x = 0; x < starts; ++x) {
        for (int y = 0; y < settings.startBlends; ++y) {
            if (cancelRequested()) {
                output = {};
                return Status::cancelled();
            }
            for (int z = 0; z < settings.endBlends; ++z) {
                const float start = output.startBlend(y);
                initCharacter(single, state, GroundFrame{}, {}, std::span<const float>(&start, 1));
                state.phase = output.startFrames[x];
                state.blendTarget[0] = output.endBlend(z);
                for (int f = 0; f < settings.horizon; ++f)
                    if (Status s = job.run(); !s) return s;
                output.samples[(static_cast<size_t>(x) * settings.startBlends + y) *
                                   settings.endBlends +
                               z] = {state.ground.x, state.ground.z, state.ground.heading};
            }
        }
    }
    // The steady motions steering estimates the way on from. Straight: the reference clip's blend
    // held for a loop to settle, then measured over two loops (the arc through where they end).
    const float reference = space->blendOf(space->reference);
    const int loop = space->referenceCycleFrames();
    auto steady = [&](float blend, GoalSpaceMotion& motion) -> Status {
        initCharacter(single, state, GroundFrame{}, {}, std::span<const float>(&blend, 1));
        for (int f = 0; f < 3 * loop; ++f) {
            if (f == loop) {
                const GroundFrame start = state.ground;
                for (; f < 3 * loop; ++f)
                    if (Status s = job.run(); !s) return s;
                const glm::vec3 d = start.toLocal(glm::vec3(state.ground.x, 0.0f, state.ground.z));
                motion = arcMotion({d.x, d.z, state.ground.heading - start.heading},
                                   2.0f * loop / space->fps);
                return Status::ok();
            }
            if (Status s = job.run(); !s) return s;
        }
        return Status::ok();
    };
    // The turns from the samples that hold the extreme blends over F frames, averaged over the
    // start frames (the sway of the hips cancels in the average); measured over whole loops
    // instead, they come out tighter than the turns steering makes in F frames.
    for (int x = 0; x < starts; ++x) {
        const float seconds = static_cast<float>(settings.horizon) / space->fps;
        const GoalSpaceMotion l =
            arcMotion(output.at(x, settings.startBlends - 1, settings.endBlends - 1), seconds);
        const GoalSpaceMotion r = arcMotion(output.at(x, 0, 0), seconds);
        output.left.speed += l.speed / starts;
        output.left.turnRate += l.turnRate / starts;
        output.right.speed += r.speed / starts;
        output.right.turnRate += r.turnRate / starts;
    }
    if (Status s = steady(reference, output.straight); !s) return s;

    // The sway: over three loops at the reference blend, the hips' heading against the chord of
    // one loop centred on each frame (the direction of travel).
    std::vector<GroundFrame> path;
    initCharacter(single, state, GroundFrame{}, {}, std::span<const float>(&reference, 1));
    path.push_back(state.ground);
    for (int f = 0; f < 3 * loop; ++f) {
        if (Status s = job.run(); !s) return s;
        path.push_back(state.ground);
    }
    for (int x = 0; x < starts; ++x) {
        const int f = loop + static_cast<int>(std::lround(output.startFrames[x])) % loop;
        const GroundFrame& a = path[f - loop / 2];
        const GroundFrame& b = path[f + (loop + 1) / 2];
        const float travel = std::atan2(b.x - a.x, b.z - a.z);
        output.sway.push_back(wrapAngle(path[f].heading - travel));
    }
    output.buildSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return Status::ok();
}

int goalSpaceStartFrames(const BakedMotionSpace& space, const GoalSpaceSettings& settings) {
    const int strikes = static_cast<int>(space.startFrames.size());
    const int x = settings.startFrames > 0 ? std::min(settings.startFrames, strikes) : strikes;
    return x * settings.subdivisions;
}

Expected<std::vector<GoalSpace>> buildGoalSpaces(
    const BakedBehavioralSpace& space, const GoalSpaceSettings& settings,
    const std::function<void(const std::string&)>& progress) {
    std::vector<GoalSpace> goals;
    for (const BakedMotionSpace& ms : space.spaces) {
        if (cancelRequested()) return Status::cancelled();
        if (progress) progress(ms.name);
        const std::string context = "motion space '" + ms.name + "'";
        if (Status s = limits::checkGoalSpaceBudget(goalSpaceStartFrames(ms, settings),
                                                    settings.startBlends, settings.endBlends,
                                                    settings.horizon);
            !s)
            return s.withContext(context);
        GoalSpaceJob job;
        job.settings = settings;
        job.space = &ms;
        if (Status s = job.run(); !s) return s.withContext(context);
        goals.push_back(std::move(job.output));
    }
    return goals;
}

}  // namespace gs

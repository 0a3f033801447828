#pragma once
// A character's locomotion recorded as a clip (for tools, tests and export).

#include "core/clip/clip.h"
#include <gaitspace/runtime/crowd.h>
#include <gaitspace/runtime/locomotion.h>

namespace gs {

// Records `frames` frames of one character as a clip: frame 0 is the current pose, then one
// LocomotionJob step per frame. `perFrame`, when given, is called before each step (steering,
// style changes). Allocates: for tools and tests, not the per-frame path.
template <class PerFrame>
Expected<Clip> recordLocomotion(const BakedBehavioralSpace& space, CharacterState& state,
                                const LocomotionSettings& settings, int frames, PerFrame perFrame);
Expected<Clip> recordLocomotion(const BakedBehavioralSpace& space, CharacterState& state,
                                const LocomotionSettings& settings, int frames);

template <class PerFrame>
Expected<Clip> recordLocomotion(const BakedBehavioralSpace& space, CharacterState& state,
                                const LocomotionSettings& settings, int frames, PerFrame perFrame) {
    Clip clip;
    clip.name = space.name;
    clip.fps = space.fps;
    clip.skeleton = space.skeleton;
    clip.resize(frames);
    LocomotionJob job;
    job.settings = settings;
    job.space = &space;
    job.characters = std::span<CharacterState>(&state, 1);
    for (int f = 0; f < frames; ++f) {
        if (f > 0) perFrame(f, state);
        job.advance = f > 0;
        job.localRotations = clip.frameRotations(f);
        job.rootPositions = std::span<glm::vec3>(&clip.rootPositions[f], 1);
        if (Status s = job.run(); !s) return s;
    }
    return clip;
}

// Records `frames` frames of a crowd's character as a clip at the space's rate: frame 0 is its
// current pose, then one Crowd::update of a frame each. `perFrame(f, crowd, id)`, when given, is
// called after frame f is recorded (goals, style changes, figures).
template <class PerFrame>
Expected<Clip> recordCharacter(Crowd& crowd, CharacterId id, int frames, PerFrame perFrame) {
    if (!crowd.status()) return crowd.status();
    if (!crowd.contains(id)) return Status::error("record: no such character");
    Clip clip;
    clip.name = crowd.space().name;
    clip.fps = crowd.fps();
    clip.skeleton = crowd.space().skeleton;
    clip.resize(frames);
    for (int f = 0; f < frames; ++f) {
        if (f > 0)
            if (Status s = crowd.update(1.0f / crowd.fps()); !s) return s;
        const auto pose = *crowd.localPose(id);
        std::copy(pose.begin(), pose.end(), clip.frameRotations(f).begin());
        clip.rootPositions[f] = *crowd.rootPosition(id);
        perFrame(f, crowd, id);
    }
    return clip;
}

}  // namespace gs

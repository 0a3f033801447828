#pragma once
// Feet on the ground: characters on a surface that is not the flat floor the clips were taken on
// (ramps, stairs, a terrain), through a ground query the game supplies (its own raycast, or a
// navigation mesh's detail mesh: gs::Navigation::groundQuery in gaitspace/runtime/navigation.h).
//
// The locomotion update makes the pose as on flat ground (foot lock included); GroundJob then,
// per character:
//   - carries the pose up to the surface under the root, followed smoothly (a stair's riser is
//     climbed over a few frames, not in one);
//   - raises each foot by the surface under it: under its heel (the ankle), and under its toe
//     where the toe stands higher than the heel's slope puts it (a tread above), so that on
//     stairs a foot rests on the tread it is over;
//   - lowers the pelvis so that both legs reach their feet (instantly; it comes back up no faster
//     than pelvisRaiseSpeed), and turns each leg with the two-bone leg IK
//     (gaitspace/runtime/leg_ik.h), whose soft reach never over-extends a knee;
//   - turns each foot about its ankle toward the surface's normal, by at most maxFootTilt.
// A planted foot (CharacterState::FootLock) takes its surface at once; a swinging foot follows
// its surface at footFollowSpeed, so that passing over a stair's edge does not snap it.
//
// Without a ground query nothing of this runs: a character walks on the flat floor y = 0
// exactly as before. The job allocates nothing.

#include <span>

#include <gaitspace/runtime/locomotion.h>

namespace gs {

// What a ground query found under a point: the surface's height (world y, metres) and its
// upward unit normal (y > 0).
struct GroundHit {
    float height = 0.0f;
    glm::vec3 normal{0.0f, 1.0f, 0.0f};
};

// A ground query: the surface under world (x, z) nearest the height y (where a level has
// floors above one another, the one the character is on). Returns true and fills *hit when there
// is ground there, false where there is none (the foot then takes the surface under the root).
// A hit that is not finite, or whose normal does not point up, counts as none.
//
// Called from the threads that run the update (Crowd::setThreads): it must be safe to call from
// several at once, or the crowd kept on one thread. It must not throw.
using GroundQueryFunction = bool (*)(void* user, float x, float y, float z, GroundHit* hit);
struct GroundQuery {
    GroundQueryFunction function = nullptr;
    void* user = nullptr;  // handed back to the function; owned by the caller
    explicit operator bool() const { return function != nullptr; }
};

struct GroundSettings {
    // Seconds over which the pose's height follows the surface under the root (the time
    // constant of a first-order follow); [0, 2]; default 0.1. 0: at once.
    float rootFollowSeconds = 0.1f;
    // Metres per second a swinging foot's height follows the surface under it (and under the
    // point half a foot ahead of its toe, where that is higher: a riser ahead is stepped over);
    // (0, 20]; default 2 (a ramp's rise is followed at walking speed, a 0.17 m riser in three
    // frames at 30 fps).
    float footFollowSpeed = 2.0f;
    // Metres per second the pelvis comes back up once it is no longer needed lower; (0, 10];
    // default 0.5.
    float pelvisRaiseSpeed = 0.5f;
    // Metres the pelvis is lowered at most; [0, 1]; default 0.4.
    float maxPelvisDrop = 0.4f;
    // The reach the pelvis keeps each leg within, as a fraction of its length (thigh + shin),
    // where a surface moves a foot (on level ground, where both feet stand as the clip has them,
    // the legs are the clip's own, however straight); [0.8, 1]; default 0.97 (the leg IK's soft
    // zone starts at 0.97).
    float legReach = 0.97f;
    // Radians a foot is turned toward the surface's normal at most; [0, 1.2]; default 0.45
    // (about 26 degrees).
    float maxFootTilt = 0.45f;

    Status validate() const;
};

// The ground stage of a frame, after LocomotionJob::run on the same characters and outputs
// (its local rotations, root positions and world transforms, which it rewrites). Characters whose
// skeleton has no legs are only carried to the surface.
struct GroundJob {
    GroundSettings settings;
    GroundQuery query;
    TwoBoneIkSettings ik;  // the leg IK's reach softening (LocomotionSettings::ik)
    const BakedBehavioralSpace* space = nullptr;
    std::span<CharacterState> characters;  // reads the foot lock, writes CharacterState::surface
    std::span<glm::quat> localRotations;   // characters x joints
    std::span<glm::vec3> rootPositions;    // one per character
    std::span<Transform> world;            // characters x joints
    bool advance = true;  // false: the same frame again (the follows do not move on)

    Status validate() const;
    Status run();
};

}  // namespace gs

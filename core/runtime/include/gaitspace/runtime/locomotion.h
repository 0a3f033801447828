#pragma once
// The real-time blending core (docs/method.md, "Blending a frame"): per character, blend the clips
// of each motion space at their registered times, combine the spaces by style weights, integrate
// root motion and run forward kinematics.
//
// CharacterState is owned by the caller and holds everything that persists between frames, so one
// LocomotionJob serves any number of characters on any thread. run() allocates nothing.
//
// Speed: call prepareRuntime() (gaitspace/runtime/baked_space.h) on the space once it is built or
// loaded; without it run() takes a plain path that gives the same poses, only slower.
//
// Foot lock: the root follows the blended root motion only (so it is exactly as smooth as the
// blend of the clips); a planted foot is held where it touched down by two-bone IK of its leg
// (hip-knee-ankle, gaitspace/runtime/leg_ik.h), fading in and out over a few frames.

#include <array>
#include <span>

#include <gaitspace/runtime/arrival.h>
#include <gaitspace/runtime/baked_space.h>
#include <gaitspace/runtime/limits.h>
#include <gaitspace/runtime/kinematics.h>
#include <gaitspace/runtime/legs.h>
#include <gaitspace/runtime/leg_ik.h>
#include <gaitspace/runtime/ground_frame.h>

namespace gs {

using limits::kMaxSpaces;

struct CharacterState {
    float phase = 0.0f;          // master phase: a frame of spaces[0]'s reference loop, [0, L0)
    float previousPhase = 0.0f;  // the phase before the last step (start-frame crossings)
    std::array<float, kMaxSpaces> styleWeight{};  // current, summing to 1
    std::array<float, kMaxSpaces> styleTarget{};  // wanted, summing to 1
    std::array<float, kMaxSpaces> blend{};  // per space, 0 = sharpest right, 1 = sharpest left
    std::array<float, kMaxSpaces> blendTarget{};
    GroundFrame ground;  // the character's ground frame in the world
    float rootHeight = 0.0f;
    long frame = 0;           // frames generated since initCharacter
    bool startFrame = false;  // this frame's phase step crossed a start frame of the dominant space
    float lastStyleStep = 0.0f;    // largest style-weight change of the last step
    float lastBlendStep = 0.0f;    // largest blend change of the last step
    bool steerEscaping = false;    // steering: walking out of a goal inside the turning circle
    bool styleOverridden = false;  // steering: a slower style's tighter turn is borrowed...
    std::array<float, kMaxSpaces> userStyle{};  // ... and these style targets come back after
    float paceShare = 0.0f;  // steering: the slowest style's share blended into userStyle to keep
                             // pace with a slower moving goal (0: not pacing)
    // Foot lock, per foot ([0] = left). The foot shown is the blended foot moved by w x offset
    // on the ground and turned about its ankle by the angle whose sine is w x turnSine (w the
    // weight through smoothstep). While the foot is planted the offset cancels the blended foot's
    // slide at the point it rolls on (heel, ball, or between), so that point stays where it
    // touched down; once its toe is at the floor too, the toe is held at toePin: the offset puts
    // the ankle a foot's length behind it, and the turn keeps the heading the foot came down with
    // (within 10 degrees).
    struct FootLock {
        glm::vec2 offset{0.0f};  // world XZ, metres
        float weight = 0.0f;     // 0 = free ... 1 = pinned (before smoothstep)
        float turnSine = 0.0f;   // the sine of a turn about +Y (+ = left), within 10 degrees
        glm::vec2 toePin{0.0f};  // world XZ, metres
        bool toePinned = false;
        glm::vec3 lastAnkle{0.0f}, lastToe{0.0f};  // the blended foot of the last step
        glm::vec3 lastHip{0.0f};                   // ... and its hip
        float kneeDeficit =
            0.0f;  // fading out: radians the lock bent (+) or straightened the knee...
        bool kneeKnown = false;  // ... at the last step, when it was worked out there
        bool hasLast = false;
        bool planted = false;  // planted at the last step
    };
    std::array<FootLock, 2> foot{};
    // Where the last step's warp-table searches ended (the dominant clips' blended warp, the
    // master phase): any value is a valid start, the searches only get faster when they are close.
    std::array<int, 2> warpHint{};
    LegRig
        legs;  // found by initCharacter; invalid: the skeleton has no two-bone legs, feet unlocked
    ArrivalState arrival;  // stopping, standing and starting (gaitspace/runtime/arrival.h)
    // The ground under the character, kept by GroundJob (gaitspace/runtime/ground.h) when a
    // ground query is set; untouched (all zero) without one.
    struct Surface {
        float height = 0.0f;  // metres the pose is carried up: the surface under the root, followed
        float pelvis = 0.0f;  // metres, <= 0: the pelvis lowered so that both legs reach
        std::array<float, 2> foot{};  // metres each foot is raised above `height`
        // Each ankle's (x) and toe's (y) height in the pose as the clips make it, above the flat
        // floor: where its sole is, measured against the surface under it.
        std::array<glm::vec2, 2> flat{};
        // Each foot's least height of its ankle over its toe while planted (metres): the foot
        // flat; above it the heel is up and the foot turns about its toe (ground.h).
        std::array<float, 2> flatDrop{1e9f, 1e9f};
        bool known = false;  // false until the first ground frame (which takes the surface at once)
    };
    Surface surface;
};

// Puts a character at `ground` with the given style weights (normalized; empty = the first
// space) and blend values (0.5 = straightest when empty) at phase 0, and finds its legs
// (findLegs on the space's skeleton and toes; it allocates while it looks).
void initCharacter(const BakedBehavioralSpace& space, CharacterState& state,
                   const GroundFrame& ground, std::span<const float> styleWeights = {},
                   std::span<const float> blends = {});

// Sets new style targets (normalized by the call).
void setStyleTarget(CharacterState& state, std::span<const float> targets);

struct LocomotionSettings {
    // Largest change of a style weight per frame (the method's default: 0.1); (0, 1].
    float styleIncrement = 0.1f;
    // When > 0, style weights move over this many seconds instead of by styleIncrement.
    float styleTransitionSeconds = 0.0f;
    // Largest change of a space's blend value per frame; (0, 1].
    float maxBlendRate = 0.1f;
    // Foot lock: while a foot is planted (its toe within footLockHeight of the floor, or brought
    // down onto it by the clips' next frame, and moving no faster than twice the body; or the
    // blended clips' weighted contact >= 0.5 with the foot sliding slower than footLockMaxSpeed,
    // or planted already with that contact and its toe still at the floor), two-bone leg IK
    // holds it where it touched down; the foot keeps its blended pitch and roll and stays at or
    // above the floor, the root is untouched. Once its toe is down the toe is held too: the foot
    // rolls on its ball and keeps the heading it came down with (turned back by at most 10
    // degrees about the ankle; beyond that it pivots on the ball). Blends of clips whose feet do
    // not agree (neighbouring turns, walk with jog) then do not slide. Off, the motion is the exact
    // blend of the clips (as the method describes it, docs/method.md).
    bool footLock = true;
    // Foot heights: the blended pose is lifted (or lowered) so that its lower foot is as high as
    // the blended clips have it (rotations average on the sphere, root heights on a line, and a
    // blend of poses that lean differently sinks its feet). Needs prepareRuntime (the plain path
    // blends without it). Not stored in a .gspace: always on for a loaded space.
    bool footHeights = true;
    float footLockHeight =
        0.035f;  // metres: a toe this near the floor, moving no faster than twice the
                 // body (or than footLockMaxSpeed), counts as planted; [0, 0.2]; default 0.035
    // Frames (at the space's rate) over which a lock fades in at touch-down; [1, 30]; default 1.
    // The lock holds the foot where it is at that moment, so even a lock that fades in at once
    // does not move the foot (nor does one that starts again while the last one fades out).
    int footLockFadeInFrames = 1;
    // Frames over which a lock fades out at lift-off, taking the foot back to the blended foot
    // (longer when footLockReturnSpeed asks for it); [1, 30]; default 3.
    int footLockFadeOutFrames = 3;
    // Largest distance the lock holds a foot away from the blended foot (metres); (0, 1];
    // default 0.8. A blend that slides further than this lets the foot follow. Steering a run
    // through turns slides the blended stance foot by more than half a metre (at 4-5 m/s the
    // body turns about the planted foot), so the limit is well above that (the figures behind
    // the default: docs/results/foot-lock.md). The leg's reach is still clamped by the IK, so a
    // held foot never over-extends the knee.
    float footLockMaxOffset = 0.8f;
    // A foot that the clips have down but whose blended contact point slides faster than this is
    // not planted by that contact alone (m/s); (0, 10]; default 0.6. Blends of clips whose stances
    // do not overlap (a walk with a jog) move the foot on while one clip still has it down; pinning
    // it there would stretch the leg.
    float footLockMaxSpeed = 0.6f;
    // Fading out, the foot returns to the blended foot no faster than this (m/s); (0, 10];
    // default 1.0. A long-held foot then lifts off over more than footLockFadeOutFrames; a slower
    // return raises the knee step (docs/results/foot-lock.md).
    float footLockReturnSpeed = 1.0f;
    TwoBoneIkSettings ik;     // reach softening of the leg IK
    ArrivalSettings arrival;  // stops and starts (gaitspace/runtime/arrival.h)

    Status validate() const;
};

struct LocomotionJob {
    LocomotionSettings settings;
    const BakedBehavioralSpace* space = nullptr;
    std::span<CharacterState> characters;
    // Outputs, characters x joints each: local rotations (joint 0 = the root's world rotation)
    // and root positions; world transforms when not empty (forward kinematics). With no local
    // rotations (empty), the characters move on the ground and in phase without a pose (no world
    // transforms, foot lock or feet's lift then), exactly as they would with one: what a goal
    // space samples, or characters that are not drawn.
    std::span<glm::quat> localRotations;
    std::span<glm::vec3> rootPositions;  // one per character
    std::span<Transform> world;
    bool advance = true;  // false: evaluate the current pose without moving time

    Status validate() const;
    // Advances every character by one frame and writes its pose, in named stages (advance the
    // weights and the phase, sample the clips, blend, move the root, forward kinematics, lift the
    // feet, lock the feet), eight characters at a time; core/runtime/locomotion_stages.h has them
    // one by one for tests and benchmarks.
    Status run();
};

}  // namespace gs

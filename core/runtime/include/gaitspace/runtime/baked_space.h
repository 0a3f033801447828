#pragma once
// The baked spaces the runtime samples (docs/method.md, "Motion spaces"): looped, registered clips
// of each motion space as flat arrays with their time-warp tables, ordered by curvature so that a
// blend value b in [0, 1] (0 = sharpest right, 1 = sharpest left) walks anywhere between them; and
// the behavioral space, several motion spaces sharing one phase through cross registrations.
// Nothing here points to authoring data: the builders (core/spaces/motion_space.h,
// core/spaces/behavioral_space.h) and the .gspace reader (gaitspace/runtime/gspace.h) make them.

#include <string>
#include <vector>

#include <gaitspace/runtime/skeleton.h>
#include <gaitspace/runtime/transitions.h>
#include <gaitspace/runtime/warp_table.h>

namespace gs {

// One clip of a baked space, looped: frame `frames - 1` is the same pose as frame 0, so the
// phase runs over [0, cycleFrames()) and wraps.
struct BakedClip {
    std::string name;
    int frames = 0;  // looped frame count (last pose == first pose)
    std::vector<glm::quat>
        rotations;                  // frames x joints; joint 0 = root rotation in the ground frame
    std::vector<float> rootHeight;  // frames, metres above the ground frame
    std::vector<glm::vec3> step;    // cycleFrames(): (dx, dz, dyaw) from frame f to f + 1,
                                    // in frame f's ground frame (metres, radians)
    std::vector<glm::ivec2> strikes;  // (frame, foot: 0 left, 1 right) in order, loop ends left out
    std::vector<float> leftContact,
        rightContact;           // frames: 1 when that foot is planted, else 0
                                // (the source clip's contacts carried into the loop)
    std::vector<float> warp;    // referenceCycleFrames + 1 entries: reference frame u ->
                                // this clip's frame (strictly increasing, 0 ... cycleFrames())
    float curvature = 0.0f;     // rad per metre over the loop, + = left
    float speed = 0.0f;         // m/s
    float turnRate = 0.0f;      // rad/s, + = left
    float periodFrames = 0.0f;  // one gait cycle, frames
    float seamErrorM = 0.0f, seamErrorDeg = 0.0f, seamStepRatio = 0.0f;
    float registrationResidual = 0.0f;  // metres, to the reference clip
    // Authoring only, not stored in a .gspace (-1 there): where the loop was cut from the clip it
    // was built from, in that clip's frames at the space's rate: the cut sourceStart ..
    // sourceClose (whole cycles; sourceClose is the frame matched to sourceStart), the frame the
    // loop begins on, and the foot whose strike begins it (0 left, 1 right).
    int sourceStart = -1, sourceClose = -1, sourcePhaseFrame = -1, startFoot = -1;

    int cycleFrames() const { return frames - 1; }
};

// A baked motion space: everything the runtime needs, no pointers to authoring data.
struct BakedMotionSpace {
    std::string name;
    float fps = 30.0f;
    Skeleton skeleton;
    std::vector<BakedClip> clips;  // ordered by curvature, sharpest right first
    int reference = 0;             // index into clips of the reference (straightest) clip
    int cycles = 1;                // gait cycles per loop
    std::vector<int> startFrames;  // heel strikes of the reference loop (reference frames)
    std::vector<int> leftStrikes, rightStrikes;  // reference frames, for phase checks
    float floorHeight = 0.0f;  // lowest ankle/toe height over the source clips (metres)
    int leftToe = -1, rightToe = -1;
    // Not looped: clips that walk to a stop and stand, and that start from standing, each with
    // its joins to the reference loop (gaitspace/runtime/transitions.h). Either may be empty.
    std::vector<BakedTransition> stops, starts;

    int referenceCycleFrames() const { return clips[reference].cycleFrames(); }
    // Curvature (rad/m) the blend value b selects: linear between the extreme clips.
    float curvatureAt(float blend) const;
    // The two clips nearest the curvature of b and their weights (w0 + w1 = 1).
    void clipWeights(float blend, int& c0, int& c1, float& w0, float& w1) const;
    // The blend value whose curvature is closest to the clip's (0 = rightmost, 1 = leftmost).
    float blendOf(int clip) const;
    Status validate() const;
};

// Data derived from a behavioral space's clips for the fast path of the locomotion update
// (prepareRuntime), never stored in a file: the rotations of every clip with their signs chosen
// so that blends need no hemisphere tests. Flat: the clips of all spaces one after the other.
struct BakedRuntimeData {
    // Per clip (spaces in order, then their clips): where its rows start in `rotations` and
    // `signs` (frames x joints each).
    std::vector<size_t> clipOffset;
    std::vector<int> spaceFirstClip;  // per space: index of its first clip in clipOffset
    // Every clip's rotations with the sign chosen per joint so that each lies within 90 degrees
    // of that joint's reference rotation (for joints where that holds), and the sign (+1/-1) that
    // turns each back into the stored rotation.
    std::vector<glm::quat> rotations;
    std::vector<float> signs;
    // Per joint: 1 when every pose of every clip lies within 90 degrees of the joint's reference
    // (any two poses then lie in one hemisphere, so no sign test can flip anything); 0: the joint
    // is blended with the hemisphere tests.
    std::vector<unsigned char> aligned;
    // The stops and starts of every space (spaces in order; each space's stops, then its starts:
    // transitionRow in core/runtime/transition_playback.h) follow the loops' rows: where each
    // starts in `rotations` and `signs` (aligned to the loops' references, so that the loops' own
    // poses do not change), and per joint whether every loop and transition pose lies within 90
    // degrees of its reference (the blend of a character in a transition then needs no tests).
    std::vector<size_t> transitionOffset;
    std::vector<unsigned char> alignedWithTransitions;
    int joints = 0;
    // Per clip frame (row clipOffset / joints + frame), metres (the root at its height, heading
    // 0): x, y how high the left and right foot's lowest point (ankle or toe) is in that pose;
    // z, w how high the left and right toe is one frame on. Empty when the skeleton has no
    // two-bone legs. The update holds a blend's feet at the height its clips give them
    // (LocomotionSettings::footHeights), and its foot lock sees a landing coming. The
    // transitions' rows follow the loops' (a transition's last frame has itself one frame on).
    std::vector<glm::vec4> footHeights;
};

struct BakedBehavioralSpace {
    std::string name;
    float fps = 30.0f;
    Skeleton skeleton;
    std::vector<BakedMotionSpace> spaces;
    // Per space: master phase phi (a reference frame of spaces[0], 0 ... L0, L0 + 1 entries) ->
    // that space's reference frame (strictly increasing, 0 ... its reference cycle frames). The
    // cross-gait maps run through matched foot strikes (each strike of the master's loop lands on
    // the same foot's strike of the other loop) and are smooth between them: monotone cubic with
    // the same slope at both ends (smooth across the wrap), the slope near the ratio of the loop
    // lengths (a secant between strikes within 1.4x of it).
    std::vector<std::vector<float>> phaseMap;
    std::vector<float> crossResidual;  // per space: registration residual to the master (m)
    // Cross registrations between clips of similar curvature (docs/method.md, "Behavioral motion
    // spaces"): per space and per clip of the master space, master phase -> that space's reference
    // frame, through the strikes of the master clip and of the space's clip of nearest curvature
    // (each seen through its own space's registration), built as phaseMap is. Time in the other
    // spaces follows the master clips in proportion to their blend weights.
    std::vector<std::vector<std::vector<float>>> clipPhaseMap;  // [space][master clip][L0 + 1]
    float floorHeight = 0.0f;  // lowest ankle/toe height over all source clips
    int leftToe = -1, rightToe = -1;

    int spaceIndex(const std::string& name) const;
    // Space s's reference frame at master phase phi (in [0, 2 L0)) when the master space blends
    // its clips c0, c1 by w0, w1; and the inverse (u in [0, 2 Ls)).
    float spacePhase(int s, float phi, int c0, int c1, float w0, float w1) const;
    float masterPhase(int s, float u, int c0, int c1, float w0, float w1) const;
    // The same with a search hint: the knot index found by the last call (any start is valid;
    // the result is the same, found faster when u moves little between calls).
    float masterPhase(int s, float u, int c0, int c1, float w0, float w1, int& hint) const;
    int masterCycleFrames() const { return spaces.front().referenceCycleFrames(); }
    Status validate() const;

    // Derived by prepareRuntime(); empty until then (the update then takes its plain path).
    BakedRuntimeData runtime;
    // Whether `runtime` was made for clips of these shapes (call prepareRuntime again after
    // changing any clip's rotations).
    bool runtimePrepared() const;
};

// Derives `runtime` from the clips: call it once a space is built or loaded (and again after its
// clips change) to make the locomotion update faster. Poses stay the same up to float rounding.
void prepareRuntime(BakedBehavioralSpace& space);

// Wraps one baked motion space as a behavioral space of one (identity phase map).
BakedBehavioralSpace singleSpace(BakedMotionSpace space);

}  // namespace gs

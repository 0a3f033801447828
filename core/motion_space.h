#pragma once
// Motion spaces: clips of one locomotion style, looped to the same number of cycles, registered
// to a reference clip and ordered by curvature (right ... left), so that a blend value b in [0, 1]
// (0 = sharpest right, 1 = sharpest left) walks anywhere between them (seed, steps 202-204).
//
// MotionSpaceDesc is the editable authoring description; buildMotionSpace() turns it into the
// immutable BakedMotionSpace the runtime samples, or an error.

#include <string>
#include <vector>

#include "core/clip.h"
#include "core/loop.h"

namespace gs {

// One clip of a baked space, looped: frame `frames - 1` is the same pose as frame 0, so the
// phase runs over [0, cycleFrames()) and wraps.
struct BakedClip {
    std::string name;
    int frames = 0;                     // looped frame count (last pose == first pose)
    std::vector<glm::quat> rotations;   // frames x joints; joint 0 = root rotation in the ground frame
    std::vector<float> rootHeight;      // frames, metres above the ground frame
    std::vector<glm::vec3> step;        // cycleFrames(): (dx, dz, dyaw) from frame f to f + 1,
                                        // in frame f's ground frame (metres, radians)
    std::vector<glm::ivec2> strikes;    // (frame, foot: 0 left, 1 right) in order, loop ends left out
    std::vector<float> leftContact, rightContact;  // frames: 1 when that foot is planted, else 0
                                        // (the source clip's contacts carried into the loop)
    std::vector<float> warp;            // referenceCycleFrames + 1 entries: reference frame u ->
                                        // this clip's frame (strictly increasing, 0 ... cycleFrames())
    float curvature = 0.0f;             // rad per metre over the loop, + = left
    float speed = 0.0f;                 // m/s
    float turnRate = 0.0f;              // rad/s, + = left
    float periodFrames = 0.0f;          // one gait cycle, frames
    float seamErrorM = 0.0f, seamErrorDeg = 0.0f, seamStepRatio = 0.0f;
    float registrationResidual = 0.0f;  // metres, to the reference clip

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
    float floorHeight = 0.0f;      // lowest ankle/toe height over the source clips (metres)
    int leftToe = -1, rightToe = -1;

    int referenceCycleFrames() const { return clips[reference].cycleFrames(); }
    // Curvature (rad/m) the blend value b selects: linear between the extreme clips.
    float curvatureAt(float blend) const;
    // The two clips nearest the curvature of b and their weights (w0 + w1 = 1).
    void clipWeights(float blend, int& c0, int& c1, float& w0, float& w1) const;
    // The blend value whose curvature is closest to the clip's (0 = rightmost, 1 = leftmost).
    float blendOf(int clip) const;
    Status validate() const;
};

struct MotionSpaceSettings {
    int cycles = 0;  // gait cycles per loop; 0 = the fewest any clip of the space holds; >= 0
    LoopSettings::StartPhase startPhase = LoopSettings::StartPhase::RightHeelStrike;
    float fps = 30.0f;  // working rate; clips are resampled to it; (0, 240]

    Status validate() const;
};

struct MotionSpaceDesc {
    std::string name;
    std::vector<Clip> clips;  // same skeleton, >= 2 clips
    int reference = -1;       // index of the reference clip; -1 = the straightest
    MotionSpaceSettings settings;

    Status validate() const;
};

// Foot strikes of a loop in order, as (loop frame, foot: 0 left, 1 right): the source clip's
// strikes inside the cut, carried into the loop (a loop's feet may be retouched at the seam, its
// source's are not). Strikes within 2 frames of the loop's ends are its own start (every loop
// starts on the same strike) and are left out.
std::vector<std::pair<int, int>> loopStrikes(const LoopedClip& loop, const Clip& source);
// The same from a baked space's reference strikes.
std::vector<std::pair<int, int>> referenceStrikes(const BakedMotionSpace& space);

// Pins a time-warp table (reference frame u = 0..La -> frame of B, La + 1 entries) to matched foot
// strikes (constraint matching) so that every strike of A lands on the same foot's strike of B.
// keepShape: between matches the warp keeps its shape, rescaled (clips of one gait); false:
// linear between matches (different gaits, whose poses do not time each other). Unchanged when
// the strike sequences do not match foot for foot.
void pinToStrikes(std::vector<float>& warp, const std::vector<std::pair<int, int>>& strikesA,
                  const std::vector<std::pair<int, int>>& strikesB, bool keepShape = true);

// The looped clip `index` of a baked space as a plain Clip: root motion rebuilt from its steps,
// starting at the world origin facing +Z (for registration, export and checks).
Clip toClip(const BakedMotionSpace& space, int index, float fps);

// Cycles every clip of the description holds (the fewest is the default loop length).
Expected<int> fewestCycles(const MotionSpaceDesc& desc);

// Loops every clip to the same number of cycles starting on the same phase, registers every clip
// to the reference clip, orders clips by curvature. The error names the clip at fault.
Expected<BakedMotionSpace> buildMotionSpace(const MotionSpaceDesc& desc);

}  // namespace gs

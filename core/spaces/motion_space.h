#pragma once
// Motion spaces: clips of one locomotion style, looped to the same number of cycles, registered
// to a reference clip and ordered by curvature (right ... left), so that a blend value b in [0, 1]
// (0 = sharpest right, 1 = sharpest left) walks anywhere between them (docs/method.md, "Motion
// spaces").
//
// MotionSpaceDesc is the editable authoring description; buildMotionSpace() turns it into the
// immutable BakedMotionSpace the runtime samples, or an error.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/clip/clip.h"
#include "core/loops/loop.h"
#include <gaitspace/runtime/baked_space.h>

namespace gs {

struct MotionSpaceSettings {
    int cycles = 0;  // gait cycles per loop; 0 = the fewest any clip of the space holds; >= 0
    LoopSettings::StartPhase startPhase = LoopSettings::StartPhase::RightHeelStrike;
    float fps = 30.0f;  // working rate; clips are resampled to it; (0, 240]

    Status validate() const;
};

struct MotionSpaceDesc {
    std::string name;
    std::vector<Clip> clips;  // same joints (by name), >= 2 clips
    int reference = -1;       // index of the reference clip; -1 = the straightest
    // Not looped (core/spaces/transition_builder.h): clips that walk to a stop, and that start from
    // standing.
    std::vector<Clip> stops, starts;
    // Per clip: 1 when the user trimmed it to what it should loop (its loop may take any of its
    // cycles), 0 when the cycles that do what it is for are chosen (core/loops/loop_window.h).
    // Empty or shorter than clips: the rest are 0.
    std::vector<std::uint8_t> trimmed;
    // Per clip: -1 when its loop is chosen as above, else the index of an earlier clip it was
    // made from frame for frame (a turn bent from a straight clip, core/loops/path_bend.h): its
    // loop is cut from the same source frames as that clip's, so that the two are the same cycles
    // on another path. Empty or shorter than clips: the rest are -1.
    std::vector<int> loopedAs;
    MotionSpaceSettings settings;

    bool isTrimmed(size_t clip) const { return clip < trimmed.size() && trimmed[clip]; }
    int loopedAsOf(size_t clip) const { return clip < loopedAs.size() ? loopedAs[clip] : -1; }
    Status validate() const;
};

// What a build chose and noticed, for the people reading it (the timeline, the Motion spaces
// dock, the CLI): per clip (in the description's order) the cycles its loop took and why, and
// sentences about the space as a whole (a turning range its loops do not spread).
struct MotionSpaceNotes {
    std::string space;
    std::vector<std::string> clips;   // clip names, in the description's order
    std::vector<LoopWindow> windows;  // the same order
    std::vector<std::string> warnings;
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

// Where the cycles of a baked clip's loop begin in the clip it was cut from (that clip's frames
// at the space's rate, in order): the loop's first frame and each strike of its starting foot,
// taken back through the cut. They lie in [sourceStart, sourceClose), which holds the loop's
// whole cycles. Empty when the clip carries no source frames (read from a .gspace).
std::vector<int> loopCycleSourceFrames(const BakedClip& clip);

// The frames of `source` (the clip a baked clip was cut from, at the space's rate) that its loop
// holds: [sourceStart, sourceClose]; the whole source when the baked clip carries no source
// frames. What a loop's quality is fairly measured against (a turn clip's straight walk before
// and after its turn is not in the loop).
Clip loopSource(const BakedClip& clip, const Clip& source);
// The same for several source clips of a behavioral space (matched by name to its loops; a clip
// with no loop comes back whole), each in the space's joint order.
std::vector<Clip> loopSources(const BakedBehavioralSpace& space, std::span<const Clip> sources);

// The fewest cycles any clip of the description holds for what it is for (all its whole cycles
// when trimmed; those of its sharpest steady turn for a turn clip): the default loop length.
Expected<int> fewestCycles(const MotionSpaceDesc& desc);

// Loops every clip to the same number of cycles starting on the same phase (from the cycles that
// do what each clip is for, unless trimmed), registers every clip to the reference clip, orders
// clips by curvature. The error names the clip at fault. `notes`, when given, gets what was chosen.
Expected<BakedMotionSpace> buildMotionSpace(const MotionSpaceDesc& desc,
                                            MotionSpaceNotes* notes = nullptr);

// Sentences about a built space's turning range: its loops all go one way, or span too little
// curvature to steer with ("every loop of 'walk' goes nearly straight ...").
std::vector<std::string> turningRangeWarnings(const BakedMotionSpace& space);

}  // namespace gs

#pragma once
// Seamless loops (docs/method.md, "From clips to loops"): a clip cut to N whole gait cycles that
// starts on a chosen phase and ends on the pose it starts with, while the root keeps travelling.
//
// LoopJob finds the gait period (cycles.h), then the cut: the start frame s and closing frame
// e ~ s + N P whose poses match best in the self match web. The frames s .. e-1 repeat forever;
// the loop is turned to begin on the chosen phase (a right or left heel strike inside the cut)
// and one frame is appended that repeats the first pose. Root motion is carried as per-frame
// velocities in the heading frame of the previous frame and integrated again, so the appended
// frame continues the path instead of jumping back (the step into the seam is the source's own
// step e-1 -> e, whose pose matches s).
//
// Quality figures: the seam error (how well the cut matches before any padding: the point-cloud
// distance and the largest joint-rotation difference between frames e and s) and the seam step
// ratio (the largest frame-to-frame change of the pose relative to the root while the loop plays
// twice, divided by the largest inside the source clip; 1 = the seam is invisible).

#include <glm/glm.hpp>

#include <vector>

#include "core/analysis/cycles.h"
#include "core/loops/loop_window.h"

namespace gs {

struct LoopSettings {
    enum class StartPhase { RightHeelStrike, LeftHeelStrike };

    int cycles = 0;  // whole cycles in the loop; >= 0; 0 = all whole cycles available
    StartPhase startPhase = StartPhase::RightHeelStrike;
    bool spreadSeam = true;     // spread the closing mismatch over the cycle instead of a jump
    float closeSearch = 0.15f;  // the closing frame is searched within +- this fraction of a
                                // period around s + N P; [0, 0.5]
    CycleSettings cycle;        // period detection (and the self match web's window)
    // Which of the clip's cycles the loop may take: those that do what the clip is for (the
    // sharpest steady turn of a turn clip, the steadiest cycles of any other; loop_window.h), or
    // any (false: a clip trimmed by hand to what it should loop).
    bool chooseCycles = false;
    LoopWindowSettings window;

    Status validate() const;
};

struct LoopedClip {
    Clip clip;                            // frames 0 .. M; the last pose == the first pose
    std::vector<glm::vec3> rootVelocity;  // per frame (dx, dz, dyaw): the step into this frame in
                                          // the heading frame of the previous frame (metres,
                                          // radians). Entry 0 = the step into frame 0 when
                                          // looping, from frame M-1 (frame M repeats frame 0), so
                                          // it equals entry M.
    int cycles = 0;
    float periodFrames = 0.0f;   // the source clip's gait period
    int sourceStart = 0;         // s: first frame of the cut in the source clip
    int sourceClose = 0;         // e: the source frame matched to s (not in the loop)
    int sourcePhaseFrame = 0;    // source frame the loop begins on (the chosen strike)
    float seamErrorM = 0.0f;     // point-cloud distance between e and s, metres RMS
    float seamErrorDeg = 0.0f;   // largest joint-rotation difference between e and s
    float seamStepRatio = 0.0f;  // see above; 1 = invisible seam
    LoopWindow window;           // the source frames the cut was chosen in, and why
};

struct LoopJob {
    LoopSettings settings;
    const Clip* clip = nullptr;
    LoopedClip output;

    Status validate() const;
    Status run();
};

// The loop of the source frames start .. close-1 (close is the frame matched to start), turned to
// begin on `phase` (start <= phase < close), with the closing frame appended and the root path
// rebuilt. Fills clip, rootVelocity, the source frames and seamStepRatio; LoopJob chooses the
// cut, this builds it (also useful to judge a hand-made cut).
// spreadSeam: spread the mismatch between the closing pose and the start pose over the cycle
// (no jump at the seam); false keeps the plain cut, whose seam shows the cut's quality.
LoopedClip cutLoop(const Clip& source, int start, int close, int phase, bool spreadSeam = true);
// The loop of `clip` cut from the same source frames as `like` (a loop of another clip with the
// same frames, of which `clip` is a copy on another ground path, such as a turn bent from it):
// the same cycles, start and phase, so the poses match frame for frame.
LoopedClip loopLike(const Clip& clip, const LoopedClip& like, bool spreadSeam = true);
// The seam step ratio of a loop against its source clip (see above).
float seamStepRatio(const Clip& loop, const Clip& source);
// Largest rotation difference (degrees) between two frames' joints, the root's heading ignored.
float poseRotationDifference(const Clip& clip, int frameA, int frameB);

}  // namespace gs

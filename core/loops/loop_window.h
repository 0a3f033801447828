#pragma once
// Which cycles of a clip go into its loop. A clip holds more than its loop: a 90-degree turn clip
// walks straight, turns and walks straight again; a straight walk starts a little slow. Looping
// whichever cycles match best gives a turn space that cannot turn. LoopWindowJob finds the whole
// cycles that do what the clip is for:
//
//   - a turning clip (somewhere one gait cycle turns at least kTurnCurvature, and at least twice
//     as sharply as the clip does on average) loops the cycles of its sharpest steady turn;
//   - a veering clip (turning less sharply, more evenly) loops its sharpest steady cycles too;
//   - a straight clip (|curvature| below straightCurvature over the clip) its straightest,
//     steadiest ones; where it is nearly as straight and steady elsewhere, the cut may go there
//     too, to find the best matching poses.
//
// Curvature over whole cycles is the facing's heading change over the root's path (the sway of
// the pelvis cancels over a whole cycle), as a baked loop measures it. The window is a range of
// source frames that LoopJob (LoopSettings::chooseCycles) loops as if the clip had been trimmed to
// them. A trim the user made overrides it (the clip is then looped as trimmed).

#include <string>
#include <vector>

#include "core/clip/clip.h"

namespace gs {

struct LoopWindowSettings {
    float turnCurvature = 0.25f;      // rad/m: a cycle this sharp makes a turning clip; (0, 10]
    float turnContrast = 2.0f;        // ... when it is this many times the clip's mean; >= 1
    float straightCurvature = 0.06f;  // rad/m: a clip below this over its length is straight; >= 0
    float heldShare = 0.6f;           // a turning clip holds k cycles when some k cycles turn at
                                      // this share of its sharpest cycle's curvature; (0, 1]
    float slackPeriods = 0.3f;        // the window reaches this much of a period beyond its cycles
                                // either side, so that the cut can find matching poses; [0, 1]
    float steadyTolerance = 0.06f;  // a straight clip may be cut wherever its cost is
                                    // within this of its best (curvature in rad/m and its change
                                    // when the cycles move half a period, x 1 m, plus the relative
                                    // change of speed); [0, 1]
    Status validate() const;
};

struct LoopWindow {
    enum class Purpose { Straight, Veer, Turn };
    Purpose purpose = Purpose::Straight;
    int first = 0;  // source frames the loop's cut lies within (inclusive)
    int last = 0;
    int start = 0;           // the steadiest (or sharpest) cycles: start .. start + cycles x period
    int cycles = 0;          // whole cycles chosen
    int cyclesHeld = 0;      // whole cycles that do what the clip is for (a space's default loop
                             // length is the fewest any clip holds)
    float curvature = 0.0f;  // rad/m over the chosen cycles, + = left
    float speed = 0.0f;      // m/s over the chosen cycles
    std::string reason;  // "turn: the sharpest steady cycle, frames 46-81 (+0.71 rad/m, 51 deg)"
};

// Heading change, curvature and speed of any span of a clip's frames, in O(1) once made.
struct PathSpan {
    float curvature = 0.0f;  // rad/m: facing heading change over root path length, + = left
    float turn = 0.0f;       // radians
    float speed = 0.0f;      // m/s
};
class PathMeasure {
public:
    explicit PathMeasure(const Clip& clip);
    int frames() const { return static_cast<int>(m_heading.size()); }
    PathSpan span(int first, int last) const;  // 0 <= first <= last < frames()

private:
    float m_fps;
    std::vector<float> m_heading, m_length;
};

// The purpose's name: "straight", "veer", "turn".
const char* loopPurposeName(LoopWindow::Purpose purpose);

struct LoopWindowJob {
    LoopWindowSettings settings;
    const Clip* clip = nullptr;
    float periodFrames = 0.0f;  // the clip's gait period (CycleJob), frames; > 1
    int cycles = 0;  // whole cycles to choose; 0 = as many as the clip holds for its purpose
    LoopWindow output;
    Status validate() const;
    Status run();
};

}  // namespace gs

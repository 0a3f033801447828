#pragma once
// Timewarp: which frame of clip B goes with each frame of clip A.
//
// The raw timewarp is the cheapest monotone path through a match web (dynamic programming over
// the steps (1,0), (0,1), (1,1), summing the cost of every cell entered) with a slope limit: at
// most slopeLimit row-only or column-only steps in a row, so neither clip can stand still while
// the other plays on. A curve b = f(a) is then fitted through the path: at each frame of A the
// middle of the path's B range, smoothed, strictly increasing, and pinned to the path's start and
// end cells (a whole loop onto a whole loop stays exactly that).

#include <glm/glm.hpp>

#include <span>
#include <vector>

#include "core/analysis/match_web.h"

namespace gs {

// Evaluation of a strictly increasing curve sampled at consecutive A frames (curve[k].x =
// curve[0].x + k). Outside the sampled range the curve continues with its mean slope.
float curveAtoB(std::span<const glm::vec2> curve, float frameA);
float curveBtoA(std::span<const glm::vec2> curve, float frameB);
// db/da at a frame of A (central difference over the fitted curve).
float curveSlope(std::span<const glm::vec2> curve, float frameA);

struct TimewarpSettings {
    glm::ivec2 startCell{-1, -1};    // (frame of A, frame of B); -1 = the first-row/column
                                     // match closest to (0, 0)
    glm::ivec2 endCell{-1, -1};      // -1 = the last-row/column match closest to the far corner
    int slopeLimit = 3;              // consecutive (1,0) or (0,1) steps allowed; [1, 20]; default 3
    float smoothingSeconds = 0.33f;  // width of the curve's smoothing kernel; [0, 5]

    Status validate() const;
};

struct Timewarp {
    std::vector<glm::ivec2> cells;  // the raw path, start to end, each step (1,0), (0,1) or (1,1)
    std::vector<glm::vec2> curve;   // (a, f(a)) at every A frame from start to end, f strictly
                                    // increasing
    float meanCost = 0.0f;          // mean match-web cost over the path cells (metres RMS)

    float mapAtoB(float frameA) const { return curveAtoB(curve, frameA); }
    float mapBtoA(float frameB) const { return curveBtoA(curve, frameB); }
    float slopeAt(float frameA) const { return curveSlope(curve, frameA); }
    // True when the cells only step forward and the curve strictly increases.
    bool isMonotone() const;
};

struct TimewarpJob {
    TimewarpSettings settings;
    const MatchWeb* web = nullptr;
    float fps = 30.0f;  // frame rate of both clips (for the smoothing width)
    Timewarp output;

    // A non-empty web; start and end cells inside it, end after start in both clips, and the
    // end reachable from the start under the slope limit.
    Status validate() const;
    Status run();
};

}  // namespace gs

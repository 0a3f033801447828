#pragma once
// Registration curve (Kovar & Gleicher 2003) of clip B against a reference clip A: the timewarp
// (which frame of B goes with each frame of A), the alignment curve (the ground-plane motion that
// lays B's motion over A's at each of those moments) and the matched foot contacts.
//
// RegistrationJob builds the match web of A and B, the cheapest monotone timewarp between the
// start and end cells, and then, at every frame a of A along the warp, the alignment of A's
// point cloud around a onto B's point cloud around f(a) (B sampled at the warped times). theta is
// unwrapped and the alignment is smoothed over the point-cloud window. Alignments carry A's world
// into B's world (see point_cloud.h).
//
// For two loops of the same cycle count (a motion space), set startCell (0, 0) and endCell
// (last A frame, last B frame): the whole of A then maps onto the whole of B.

#include <glm/glm.hpp>

#include <vector>

#include "core/clip/foot_contacts.h"
#include "core/analysis/match_web.h"
#include "core/analysis/point_cloud.h"
#include "core/analysis/timewarp.h"

namespace gs {

// A foot contact of A matched to one of B through the timewarp (each contact used once).
struct ConstraintMatch {
    enum class Foot { Left, Right };
    Foot foot = Foot::Left;
    int frameA = 0;        // heel (or foot) strike in A
    int frameB = 0;        // the strike of the same foot in B it matches
    float mappedA = 0.0f;  // f(frameA): where the timewarp puts A's strike in B
};

struct RegistrationSettings {
    MatchWebSettings web;            // window, epsilon, chains of the match web
    glm::ivec2 startCell{-1, -1};    // (frame of A, frame of B); -1 = automatic (timewarp.h)
    glm::ivec2 endCell{-1, -1};      // -1 = automatic
    int slopeLimit = 3;              // consecutive steps in one clip alone; [1, 20]
    float smoothingSeconds = 0.33f;  // smoothing of the timewarp curve and the alignment; [0, 5]
    float constraintToleranceSeconds = 0.25f;  // strikes further apart after the warp do not
                                               // match; (0, 5]
    FootContactSettings contacts;

    Status validate() const;
};

struct RegistrationCurve {
    std::vector<glm::vec2> path;  // (a, f(a)) at every A frame of the warp, f strictly increasing
    std::vector<Alignment> alignment;  // one per path sample; theta unwrapped and smoothed
    std::vector<ConstraintMatch> constraints;
    std::vector<glm::ivec2> cells;  // the raw dynamic-programming path through the match web
    float residual = 0.0f;          // metres: mean over the path of the RMS point-cloud distance
                                    // after the curve's alignment
    float identityResidual = 0.0f;  // metres: the same for the plain linear time mapping
                                    // (frame a of A with frame a * (nB-1)/(nA-1) of B) and one
                                    // best alignment for the whole clip, for comparison

    float mapAtoB(float frameA) const { return curveAtoB(path, frameA); }
    float mapBtoA(float frameB) const { return curveBtoA(path, frameB); }
    float slopeAt(float frameA) const { return curveSlope(path, frameA); }
    // Alignment at a fractional frame of A, interpolated (clamped to the path's range).
    Alignment alignmentAt(float frameA) const;
    // Least-squares slope of the path: the mean rate of B against A.
    float meanSlope() const;
    bool isMonotone() const;
};

struct RegistrationJob {
    RegistrationSettings settings;
    const Clip* a = nullptr;  // reference
    const Clip* b = nullptr;
    RegistrationCurve output;
    MatchWeb matchWeb;  // the match web the timewarp went through (kept for display)
    // Called with the fraction of the match web done (the bulk of the work); returning false
    // stops the job, and run() then fails with "cancelled" (see MatchWebJob::progress).
    std::function<bool(float)> progress;

    Status validate() const;
    Status run();
};

}  // namespace gs

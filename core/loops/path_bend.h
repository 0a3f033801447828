#pragma once
// Motion path editing (Gleicher, "Motion Path Editing", 2001): a turning clip made from a
// straight one by bending its path into an arc of constant curvature.
//
// A clip's ground path is the straight line through its root's ground positions (fitted by least
// squares, pointing the way it travels), and each frame's distance along it is s. The bent clip
// turns each frame's whole pose rigidly on the ground to the heading curvature x s (the root's
// rotation is pre-multiplied by that yaw about +Y). From one frame to the next the turn is made
// about the planted foot (the mean of its planted joints, both feet's in double support, the root
// in flight or when no feet are found; smoothed over 0.1 s), so that a stance foot stays nearly
// where it was instead of sliding by its distance from the root times the turn; over whole steps
// the root follows an arc of the curvature, its sway kept. The pose relative to the root, the
// root's height and the timing are the clip's own.
//
// Meant for straight clips (a walk or run with no turn); a curving clip is bent about its line,
// which adds to or straightens the curve it has.

#include "core/clip/clip.h"

namespace gs {

// The tightest bend: 0.5 per metre, a 2 m radius (tighter than a straight gait can lean into).
inline constexpr float kMaxBendCurvature = 0.5f;
// A clip must travel at least this far along its line to be bent (metres).
inline constexpr float kMinBendTravel = 0.2f;

// The straight line of a clip's ground path.
struct GroundLine {
    glm::vec2 origin{0.0f};     // (x, z) of the first frame's point on the line
    glm::vec2 direction{0.0f};  // unit, the way the clip travels
    float travel = 0.0f;        // distance along the line from the first frame to the last, metres
    float maxOffset = 0.0f;     // farthest ground distance of the root from the line, metres
    // How the path curves about the line: twice the quadratic term of the lateral offset fitted
    // by least squares against the distance along it (1/m, + = left). The pelvis' sway averages
    // out over the cycles of the clip, so no gait period is needed.
    float curvature = 0.0f;
};
GroundLine groundLine(const Clip& clip);

// The clip with its path bent to `curvature` (1/m, + = left, house convention: Y up, +Z forward,
// positive heading turns left). Fails, naming the clip, when the curvature is not finite or above
// kMaxBendCurvature, when the clip travels less than kMinBendTravel, or when its root strays from
// its line by half the radius or more. Curvature 0 gives the clip back unchanged.
Expected<Clip> bendClip(const Clip& clip, float curvature);

}  // namespace gs

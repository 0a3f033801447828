#pragma once
// Motion path editing (Gleicher, "Motion Path Editing", 2001): a turning clip made from a
// straight one by bending its path into an arc of constant curvature.
//
// A clip's ground path is the straight line through its root's ground positions (fitted by least
// squares, pointing the way it travels). Each frame has a distance along that line, s, and a
// lateral offset from it, v (the pelvis' sway). The bent clip moves every frame's whole pose
// rigidly on the ground: the point at distance s goes to the arc's point at arc length s, the
// offset stays perpendicular to the arc, and the frame turns by curvature x s about +Y (the root's
// rotation is pre-multiplied by that yaw). The pose relative to the root, the root's height and
// the timing are the clip's own, so the feet keep their steps; a stance foot slides a little on
// the arc, which the runtime's foot lock holds.
//
// Meant for straight clips (a walk or run with no turn); a curving clip is bent about its line,
// which adds to or straightens the curve it has.

#include "core/clip.h"

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

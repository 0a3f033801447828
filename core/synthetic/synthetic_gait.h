#pragma once
// Synthetic locomotion clips: a procedural walk, jog or run on a generated skeleton, so that the
// method's tests and a demo run where no motion capture is at hand.
//
// The skeleton has the 19 joints of the CMU clips (same names, hierarchy and bone lengths, in
// metres; see syntheticSkeleton()). The pelvis travels at a constant speed along a path of
// constant curvature (a straight line or a circle arc, + = left). Foot targets are placed on the
// ground along that path, one per step, alternating left and right; each leg is solved with
// two-bone IK (gaitspace/runtime/leg_ik.h), so a planted foot is exactly still: flat on the floor
// from the strike, then rolling on its toe joint (which stays put) as the heel rises toward
// toe-off. The swing foot follows a smooth arc to the next target. Arms swing against the legs, the
// pelvis turns with the stepping leg and the thorax slightly against it.
//
// The pelvis height is the highest that lets both legs reach every planted foot within 95 % of
// their length, so the IK never has to soften there; settings whose stance the legs cannot reach
// are refused. A swinging foot left behind by a fast gait is lifted (the heel kicks up) to stay
// in reach. The swinging toe only rises or drops while it is within 3 cm of the floor.
// The floor (the lowest ankle/toe height) is y = 0. Clips are named "synthetic walk, veer left".

#include <string>
#include <vector>

#include "core/clip/clip.h"

namespace gs {

enum class SyntheticGait { Walk, Jog, Run };

// "walk", "jog", "run".
const char* syntheticGaitName(SyntheticGait gait);

struct SyntheticGaitSettings {
    SyntheticGait gait = SyntheticGait::Walk;  // names the clip; presets() fills the figures
    float speed = 1.35f;          // m/s of the pelvis along the path; [0.2, 8]; default 1.35
    float cadence = 114.0f;       // steps per minute (two per gait cycle); [40, 240]; default 114
    float stanceFraction = 0.6f;  // part of a cycle each foot is planted; [0.2, 0.8]; default 0.6;
                                  // below 0.5 both feet are off the ground between steps (flight)
    float bob = 0.05f;            // pelvis rise and fall, peak to peak, metres; [0, 0.15]; default
                                  // 0.05 (highest at mid-stance in a walk, lowest with flight)
    float curvature = 0.0f;       // rad/m of the path, + = left; [-1, 1]; default 0
    int cycles = 3;               // whole gait cycles in the clip; [1, 20]; default 3
    float stepWidth =
        0.18f;  // metres between the left and right footprints; [0, 0.4]; default 0.18
    float footClearance = 0.08f;  // metres the swinging foot rises; [0.01, 0.3]; default 0.08
    float heelRiseDeg = 45.0f;    // foot pitch at toe-off, degrees; [0, 70]; default 45
    float armSwingDeg = 18.0f;    // upper arm swing amplitude, degrees; [0, 90]; default 18
    float elbowDeg = 20.0f;       // elbow flexion, degrees; [0, 140]; default 20
    float torsoLeanDeg = 4.0f;    // forward lean of the thorax, degrees; [-20, 45]; default 4
    float pelvisTurnDeg =
        5.0f;  // pelvis yaw toward the forward leg, amplitude, degrees; [0, 30]; default 5
    float torsoCounterDeg =
        3.0f;  // thorax yaw against the pelvis (world amplitude), degrees; [0, 30]; default 3
    float fps = 30.0f;  // frames per second; [10, 240]; default 30
    std::string name;   // clip name; empty = "synthetic walk, curvature +0.15 rad/m"

    // Settings of a typical walk (1.35 m/s), jog (2.6 m/s) or run (3.8 m/s), going straight.
    static SyntheticGaitSettings preset(SyntheticGait gait);

    float periodSeconds() const { return 120.0f / cadence; }        // one gait cycle
    float strideLength() const { return speed * periodSeconds(); }  // metres per cycle
    float stepLength() const { return 0.5f * strideLength(); }
    bool hasFlight() const { return stanceFraction < 0.5f; }
    float turnRate() const { return speed * curvature; }  // rad/s, + = left

    // Each field in range; the message names the field and the range.
    Status validate() const;
};

// The 19-joint skeleton of the CMU clips (pelvis, lfemur, ltibia, lfoot, ltoes, rfemur, ...,
// thorax, head, lclavicle, lhumerus, lradius, lhand, rclavicle, ...) in metres, rest rotations
// identity, facing +Z.
Skeleton syntheticSkeleton();

// Generates the clip: cycles x period seconds plus a part of a cycle (so that a loop of `cycles`
// whole cycles starting on either heel strike fits), first frame at the path's start (origin,
// facing +Z). Fails with the field at fault, or when the legs cannot reach the stride.
Expected<Clip> generateSyntheticGait(const SyntheticGaitSettings& settings);

// One clip of the built-in synthetic set.
struct SyntheticClipSpec {
    std::string id;                  // file-friendly id: "walk_veer_l"
    std::string space;               // the motion space it belongs to: "walk", "jog", "run"
    SyntheticGaitSettings settings;  // named "synthetic walk, veer left"
};

// Walk, jog and run, each turning right, veering right, straight, veering left and turning left
// (ordered right ... left within a gait), `cycles` cycles each.
std::vector<SyntheticClipSpec> syntheticClipSet(int cycles = 3);

}  // namespace gs

#pragma once
// Segments of a take: a long capture (walking about, turning both ways, stopping, starting) cut
// into labelled pieces an animator would trim by hand, found with the method's own tools.
//
//   1. Foot contacts and strikes (foot_contacts.h) give the steps; the gait period P is the median
//      spacing of one foot's strikes (a short clip without two of them asks its self match web,
//      cycles.h). A take with no two alternating steps a plausible step apart and no periodic
//      self match has no gait at all and is refused.
//   2. The root's path on the ground is smoothed over one gait period (the sway of the pelvis
//      cancels over a whole cycle): its speed, its direction and the curvature of that direction
//      per metre travelled. The pelvis facing, averaged the same way, tells forward travel from
//      backwards or sideways travel.
//   3. Standing is where the root barely moves; between standings the character moves. A moving
//      span entered from standing begins with a start (until its speed reaches steadyShare of the
//      span's cruising speed), one that ends standing ends with a stop (from where its speed falls
//      below that share).
//   4. The rest is cut by its curvature: bends are runs of one sign above straightCurvature. A bend
//      that turns at least turnAngle and somewhere turns at least turnRate is a turn. Its segment
//      is whole gait cycles, as registration takes them: as many as the frames where the heading
//      changes quickly last (between 10 % and 90 % of the bend's heading change; at least one),
//      from a foot's strike to the same foot's strike, overlapping the bend, chosen where the
//      pelvis facing (read at the two strikes, so that its sway from step to step cancels) turns
//      most to the turn's side (a take without such strikes keeps the 10 %-90 % frames). What is
//      left of the bend is the turn's approach and exit: straight when shorter than a cycle (no
//      veer of its own), else a veer or straight by its own turn. Other bends are
//      veers when they turn at least veerAngle, else straight (a slow bend that turns at least
//      turnAngle, such as a turnaround, is a turn however slowly it turns). Travel more than
//      otherAngle away from the facing (backwards, sidesteps) is `other`.
//   5. Boundaries are moved to the nearest foot strike within a quarter period, so each piece
//      begins and ends on a step.
//
// Units: metres, seconds, radians; positive heading and curvature = turning left.

#include <string>
#include <vector>

#include "core/clip/clip.h"
#include "core/clip/foot_contacts.h"

namespace gs {

enum class SegmentLabel {
    Standing,
    Start,
    Stop,
    Straight,
    VeerLeft,
    VeerRight,
    TurnLeft,
    TurnRight,
    Other
};
enum class GaitKind { None, Walk, Jog, Run };

// "standing", "start", "stop", "straight", "veer_left", "veer_right", "turn_left",
// "turn_right", "other".
const char* segmentLabelName(SegmentLabel label);
// "none", "walk", "jog", "run".
const char* gaitKindName(GaitKind gait);

struct SegmentSettings {
    float standSpeed = 0.2f;         // m/s: the root (over +-0.25 s) slower than this stands;
                                     // (0, 1]
    float minStandSeconds = 0.25f;   // shorter standing is a pause of the gait; [0, 5]
    float steadyShare = 0.8f;        // a start ends and a stop begins where the smoothed speed
                                     // crosses this share of the span's cruising speed; (0, 1)
    float straightCurvature = 0.1f;  // rad/m: below this the path is straight (a 10 m radius);
                                     // [0, 10]
    float turnRate = 1.2f;           // rad/s: a turn's heading changes this fast somewhere (a
                                     // 90-degree turn over 1-2 s peaks at 1.4-3.2 rad/s in CMU's
                                     // subject 16, its veers at 0.55-1.0); (0, 20]
    float veerAngle = 0.17f;         // radians (10 deg): a bend turning less is straight;
                                     // (0, turnAngle)
    float turnAngle = 0.79f;         // radians (45 deg): a bend turning less is a veer (over the
                                     // frames its smoothed path bends, CMU's veers turn 15-44 deg,
                                     // its 90-degree turns 52-90 deg); (veerAngle, 2 pi]
    float otherAngle = 0.87f;        // radians (50 deg): travel further than this from the facing
                                     // is backwards or sideways; (0, pi]
    float maxWalkFlight = 0.3f;      // a gait with no foot down on more than this share of its
                                     // frames is a jog or run, else a walk (CMU's brisk walks show
                                     // 10-21 % at 30 fps, its jogs and runs 38-70 %); [0, 1]
    float runSpeed = 3.5f;           // m/s: a jog this fast is a run; (0, 20]
    float runCadence = 190.0f;       // steps per minute: a jog with this cadence is a run;
                                     // (0, 600]
    float loopDegrees = 25.0f;       // a segment loops when a pose a whole number of periods
                                     // after its first frame is within this of it (largest joint
                                     // rotation, root heading ignored); (0, 180]
    float minPeriodSeconds = 0.3f;   // plausible gait periods; (0, maxPeriodSeconds)
    float maxPeriodSeconds = 2.0f;   // (minPeriodSeconds, 10]
    int maxMatchWebFrames = 600;     // a clip without a period from its strikes asks its self match
                                     // web when it has at most this many frames; [0, 5000]
    FootContactSettings contacts;

    Status validate() const;
};

struct Segment {
    SegmentLabel label = SegmentLabel::Other;
    GaitKind gait = GaitKind::None;
    int first = 0;  // frames [first, last] of the take, inclusive
    int last = 0;
    float speed = 0.0f;      // m/s: the root's path length on the ground over the duration
    float curvature = 0.0f;  // rad/m: the smoothed path direction's change over the path length
                             // (0 while standing)
    float turn = 0.0f;       // radians: that change (standing: the pelvis's turn on the spot)
    int cycles = 0;          // whole gait cycles: floor((last - first) / P)
    bool loops = false;      // a whole number of cycles returns to the first pose (loopDegrees)
};

struct TakeSegments {
    std::vector<Segment> segments;  // in order, covering every frame once
    float periodFrames = 0.0f;      // P, frames
    std::string periodSource;       // "foot strikes" or "match web"
    // Per frame, for display: smoothed speed (m/s) and curvature (rad/m).
    std::vector<float> speed, curvature;
};

struct SegmentJob {
    SegmentSettings settings;
    const Clip* clip = nullptr;
    TakeSegments output;

    Status validate() const;
    Status run();
};

}  // namespace gs

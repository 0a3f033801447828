#pragma once
// Coverage: what each motion space of a built behavioral space can do, and what it cannot, in
// words an animator acts on. Per space: the tightest turn steering reaches to each side (from the
// goal space's steady turns, core/spaces/goal_space_builder.h: the extreme blends held over F
// frames), the speeds its loops walk at, whether it can stop (stop clips) and start from standing
// (start clips of its own, or of another space: the runtime starts a space without starts with
// the first space's that has them), and a sentence per gap that says what to add: "jog cannot
// turn left tighter than 8 m: capture a jog turning left, or mirror 16_50".
//
// Heading and curvature are positive to the left (seed convention; core/clip/mirror.h reverses
// them). No Qt.

#include <functional>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include <gaitspace/runtime/baked_space.h>
#include <gaitspace/runtime/goal_space.h>

namespace gs {

struct CoverageSettings {
    // A side whose tightest turn is wider than this barely turns that way: steering then walks a
    // wide circle to a goal on that side. Metres, (0, 1000], default 6 (a veer; a capture's 90-
    // degree turns reach 1-3 m).
    float wideTurnRadius = 6.0f;
    // A side whose tightest turn is more than this many times wider than the other side's is
    // missing its sharp turns (steering favours the other side). (1, 100], default 2.
    float lopsidedRatio = 2.0f;
    // A loop whose curvature is within this of straight is no turn to mirror (rad/m, the
    // project's straight threshold for bent turns). [0, 1], default 0.06.
    float straightCurvature = 0.06f;

    Status validate() const;
};

// What one motion space covers.
struct SpaceCoverage {
    std::string space;
    // The tightest turn steering reaches to each side (metres); +inf when the space cannot turn
    // that way at all (its sharpest blend that side still curves the other way, or goes straight).
    float tightestRadiusLeft = std::numeric_limits<float>::infinity();
    float tightestRadiusRight = std::numeric_limits<float>::infinity();
    float minSpeed = 0.0f, maxSpeed = 0.0f;  // m/s, over the space's loops
    bool stops = false;                      // it has clips that walk to a stop
    bool starts = false;                     // it can start from standing
    std::string startsFrom;  // the space whose starts it starts with (its own name when its own;
                             // empty when it cannot start)
    // The loops that turn sharpest to each side among those that may be mirrored (clip names;
    // empty when none turns that way): the turn to mirror for the other side.
    std::string sharpestLeft, sharpestRight;
    // One sentence per gap, saying what to add ("walk cannot stop: add a stop, ...").
    std::vector<std::string> missing;
};

struct CoverageJob {
    CoverageSettings settings;
    const BakedBehavioralSpace* space = nullptr;
    std::span<const GoalSpace> goalSpaces;  // one per motion space of `space`, in its order
    // Whether a loop may be named as the clip to mirror (a clip of the user's; a turn the build
    // made by bending a straight clip is not one). Null: every loop may.
    std::function<bool(const std::string& clip)> canMirror;
    std::vector<SpaceCoverage> output;  // one per motion space, in the space's order

    Status validate() const;
    Status run();
};

}  // namespace gs

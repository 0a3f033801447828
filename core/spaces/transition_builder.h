#pragma once
// Stop and start clips joined to a motion space's loops with the method's own tools (DESIGN 5.8).
//
// TransitionJob takes a built motion space and one transition clip (a walk to a stop, or a start
// from standing) and finds where the two join: the match web of the space's reference loop
// (played twice, so that a join may fall anywhere in its cycle) against the clip gives, for each
// frame of the clip's moving part, the loop frames whose poses match it (local minima of the
// frame's column below the clip's best cost plus a margin). A join is kept only where the same
// foot is planted in both (the loop then hands over without a pop), and it carries the 2D
// alignment of that cell: the transition's ground frame in the loop's ground frame there. The
// loop frames are reference frames, and every clip of the space is registered to the reference
// loop, so a stop is entered from any blend at the same phase.
//
// A stop must end standing (its root slower than stillSpeed over its last stillSeconds, both feet
// down) and a start begin standing; both must move at some point and match the loop somewhere.
// A clip that cannot serve says why in one sentence (checkTransitionClip, and the job's errors).

#include <vector>

#include "core/clip/clip.h"
#include "core/clip/foot_contacts.h"
#include "core/analysis/match_web.h"
#include "core/spaces/motion_space.h"
#include <gaitspace/runtime/baked_space.h>
#include <gaitspace/runtime/transitions.h>

namespace gs {

struct TransitionSettings {
    float stillSpeed = 0.15f;  // m/s: a clip stands while its root is slower; (0, 1]; default 0.15
    float stillSeconds =
        0.3f;  // s: a stop ends (a start begins) standing this long; [0.05, 5]; default 0.3
    float maxJoinCost =
        0.25f;  // metres RMS: no join costs more; (0, 1]; default 0.25 (the CMU run
                // stops meet the jog loop at 0.11-0.15, walk stops the walk at 0.02)
    float joinCostMargin =
        0.04f;  // metres: joins cost at most the clip's best plus this; [0, 1]; default 0.04
    // A start hands over at its first join where it moves at least this fraction of the loop's
    // speed; (0, 2]; default 0.85. A start that never does hands over at its cheapest join.
    float handoverSpeed = 0.85f;
    PointCloudSettings cloud;  // the window of the match web and the alignments
    FootContactSettings contacts;

    Status validate() const;
};

// Whether a clip can serve as a stop or a start at all, from the clip alone (it stands at the
// right end, and moves): ok, or the cause in one sentence ("does not end standing: its root moves
// 0.41 m/s over its last 0.3 s").
Status checkTransitionClip(const Clip& clip, BakedTransition::Kind kind,
                           const TransitionSettings& settings = {});

struct TransitionJob {
    TransitionSettings settings;
    BakedTransition::Kind kind = BakedTransition::Kind::Stop;
    const BakedMotionSpace* space = nullptr;  // built (buildMotionSpace), at the clip's rate
    const Clip* clip = nullptr;               // the stop or start, trimmed
    BakedTransition output;
    MatchWeb matchWeb;  // the reference loop (two cycles, rows) against the clip (columns)

    // The space valid, the clip valid, of the space's skeleton and rate, long enough for a window.
    Status validate() const;
    Status run();
};

// The space's reference loop as a clip of `cycles` loops (frames cycles x L + 1), rebuilt from its
// steps from the origin facing +Z: what the joins are found against.
Clip repeatedLoop(const BakedMotionSpace& space, int cycles);

// A baked stop or start as a plain Clip: root motion rebuilt from its steps from the origin facing
// +Z (for export and for the figures of its source).
Clip toClip(const BakedTransition& transition, const Skeleton& skeleton, float fps);

// Builds every stop and start of `desc` (resampled to the space's rate) into `space`. The error
// names the space and the clip.
Status addTransitions(const MotionSpaceDesc& desc, BakedMotionSpace& space,
                      const TransitionSettings& settings = {});

}  // namespace gs

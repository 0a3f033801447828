#pragma once
// The per-frame signals a take's segments are cut by (segments.cpp; private to core/analysis):
// speed, direction of travel, pelvis facing and curvature smoothed over one gait period, the
// standing speed, the path length and the flight frames.

#include <vector>

#include "core/analysis/segments.h"
#include "core/clip/foot_contacts.h"
#include "core/clip/root_motion.h"

namespace gs {

// The per-frame signals the cut reads, all from the root's ground path and the feet.
struct Signals {
    std::vector<GroundFrame> ground;
    std::vector<float> speed;       // smoothed over one period, m/s
    std::vector<float> direction;   // of travel, smoothed over one period, unwrapped, radians
    std::vector<float> facing;      // pelvis heading averaged over the same window
    std::vector<float> curvature;   // d direction / d path, rad/m
    std::vector<float> rawSpeed;    // over +-0.25 s, m/s (standing)
    std::vector<float> pathLength;  // cumulative ground path, metres
    std::vector<bool> flight;       // no foot down
};

// The signals of `clip` with its foot contacts, smoothed over `period` frames.
Signals measureSegmentSignals(const Clip& clip, const FootContacts& contacts, float period,
                              const SegmentSettings& s);

}  // namespace gs

#pragma once
// Goal space (docs/method.md, "Goal spaces"): for each start frame of a motion space's loop (a heel
// strike of the reference clip), each start blend value and each end blend value, where the
// character will be F frames later, in its ground frame at the start frame, when the blend moves
// from start to end at the allowed rate. A flat table of X x Y x Z samples, built by
// core/spaces/goal_space_builder.h and read by steering.

#include <vector>

#include <gaitspace/runtime/status.h>

namespace gs {

struct GoalSpaceSettings {
    int startFrames = 0;        // X: 0 = every heel strike of the reference loop; else the first X
    int subdivisions = 4;       // start frames per step: 1 = heel strikes only (the method); 2 adds
                                // one halfway between strikes, ... (steers more often); [1, 8]
    int startBlends = 13;       // Y: start blend values spread over [0, 1]; >= 2
    int endBlends = 25;         // Z: end blend values spread over [0, 1]; >= 2
    int horizon = 40;           // F: frames ahead; >= 1
    float maxBlendRate = 0.1f;  // largest blend change per frame while sampling; (0, 1]

    Status validate() const;
};

// One future: position (metres) and heading (radians) in the ground frame at the start frame.
struct GoalSample {
    float x = 0.0f, z = 0.0f, heading = 0.0f;
};

// How a space moves at one steady blend, averaged over the start frames: what steering estimates
// the way on from (a sharp turn is walked slower than a straight line).
struct GoalSpaceMotion {
    float speed = 0.0f;     // m/s along the path
    float turnRate = 0.0f;  // rad/s, + = left
};

struct GoalSpace {
    int startBlends = 0, endBlends = 0, horizon = 0;
    float maxBlendRate = 0.1f;
    std::vector<float> startFrames;   // X reference frames of the motion space
    std::vector<GoalSample> samples;  // X x Y x Z, index (x * Y + y) * Z + z
    GoalSpaceMotion left;             // blend 1 held (the sharpest left turn), from the samples
    GoalSpaceMotion right;            // blend 0 held (the sharpest right turn), from the samples
    GoalSpaceMotion straight;         // the reference clip's blend held, sampled over F frames too
    // Per start frame: the heading of the ground frame (the hips) minus the direction of travel,
    // walking straight (radians, + = hips to the left). The hips sway with each step, so the
    // way a sample faces is not quite the way it goes on.
    std::vector<float> sway;
    double buildSeconds = 0.0;

    int startFrameCount() const { return static_cast<int>(startFrames.size()); }
    const GoalSample& at(int x, int y, int z) const {
        return samples[(static_cast<size_t>(x) * startBlends + y) * endBlends + z];
    }
    // Index of the start frame at or just before reference frame u (the last one before 0).
    int startFrameAt(float u) const;
    float startBlend(int y) const;  // y / (Y - 1)
    float endBlend(int z) const;    // z / (Z - 1)
    bool isEmpty() const { return samples.empty(); }
    Status validate() const;
};

}  // namespace gs

#pragma once
// The optimal times a steering run is scored against: Dubins' paths to a point, found by sampling
// the first turn (every 0.001 rad) rather than by the closed form the controller uses
// (gaitspace/runtime/steering.h), so that the score does not share the controller's arithmetic.
// Local frame: x = left, z = forward, metres; radii in metres (infinite = cannot turn that way).

#include <limits>
#include <span>

namespace gs {

// A turn the walker can hold: radius (metres; infinite = none) and the speed it is walked at.
struct SteadyTurn {
    float radius = std::numeric_limits<float>::infinity();
    float speed = 1.0f;
};

// The quickest of Dubins' paths to a point (local x = left, z = forward) over every pair of a
// left and a right turn: a turn then straight on at `straightSpeed`, or a turn then a turn back
// the other way, each arc at its turn's speed. The first turn is sampled every 0.001 rad: the
// scoring reference of a run, independent of the closed form the controller uses. Seconds.
float dubinsTimeSampled(float x, float z, std::span<const SteadyTurn> left,
                        std::span<const SteadyTurn> right, float straightSpeed);
// dubinsDistance (steering.h) by the same sampling: one turn each way, at unit speed.
float dubinsDistanceSampled(float x, float z, float radiusLeft, float radiusRight);
// The length of the shortest path with turns no tighter than radiusLeft / radiusRight that comes
// within `reach` of the point (x, z) (a turn then straight on, or a turn then a turn back; the
// first turn sampled every 0.001 rad): 0 for a point already within reach.
float dubinsReachDistanceSampled(float x, float z, float radiusLeft, float radiusRight,
                                 float reach);

}  // namespace gs

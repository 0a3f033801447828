#pragma once
// BVH files shaped like the capture setups Gaitspace must take in its stride, written from a clip
// (usually a synthetic walk) so that a test knows the motion each one holds: a static ground node
// above the pelvis or one that carries the travel (Bandai), position channels on every joint
// (Bandai), children listed in another order (GAMES-105), metres or inches, YXZ rotations
// (100STYLE), a Z-up world, a pelvis whose own frame does not face its forward, CRLF line ends and
// no newline after the last frame, other joint names.

#include <map>
#include <string>

#include "core/clip/clip.h"

namespace gs::test {

struct ForeignShape {
    std::string groundRoot;  // name of a joint above the pelvis ("joint_Root"); empty = none
    bool groundCarriesTravel =
        false;                     // the ground node moves on the floor, the pelvis keeps its bob
    bool sixChannels = false;      // position and rotation channels on every joint
    bool reverseChildren = false;  // each joint's children listed in reverse order
    bool pelvisOffsetAtStart = true;  // the pelvis OFFSET is its world position in the first frame
    float unitsPerMetre = 100.0f;     // 100 = centimetres, 1 = metres, 39.37 = inches
    std::string rotationOrder = "ZXY";  // channel order, applied as listed
    bool zUp = false;                   // the world's up is +Z (the clip's +Y)
    float pelvisFrameYawDeg = 0.0f;     // the pelvis' own frame turned about the up axis
    bool crlf = false;
    bool finalNewline = true;
    std::map<std::string, std::string> rename;  // joint names to write instead
};

// The clip (metres, Y up) written as BVH text of that shape.
std::string foreignBvh(const Clip& clip, const ForeignShape& shape);

}  // namespace gs::test

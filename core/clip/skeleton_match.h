#pragma once
// Skeletons matched by name. Two clips whose joints have the same names and the same parents (by
// name) are one skeleton, whatever the order in which their files list the children: GAMES-105's
// straight walk lists the right leg before the spine, its right turn after. Their channels are
// mapped by name; only a real difference (a joint missing, or under another parent) keeps them
// apart, and it is named.

#include <string>
#include <string_view>

#include "core/clip/clip.h"

namespace gs {

// Why `b` is not the same skeleton as `a` (the first joint that differs, in a's order), or an
// empty string when both have the same joints under the same parents.
std::string skeletonDifference(const Skeleton& a, const Skeleton& b);

// Same joints by name and parent (any order).
inline bool sameJoints(const Skeleton& a, const Skeleton& b) {
    return skeletonDifference(a, b).empty();
}

// The clip with its joints in the order of `target`, which has the same joints (sameJoints):
// rotations, offsets and the rest pose of each joint move with it. A clip already in that order
// comes back as it was. Fails with skeletonDifference's sentence otherwise.
Expected<Clip> conformClip(const Clip& clip, const Skeleton& target);

}  // namespace gs

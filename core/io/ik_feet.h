#pragma once
// IK feet read as FK legs.
//
// Game rigs exported from Blender (Quaternius's characters, RobotExpressive) hang each foot off
// the bone on the floor as an IK target: the foot has position keys of its own, and the thigh and
// shin are keyed so that the shin's end follows it. A Clip animates only its root's translation
// (a non-root joint's position keys keep their mean: core/io/raw_motion.h), so such a foot would
// stand still at its mean while the legs walk. Here each such foot is put below its shin, where its
// position stays put because the legs follow it, and a Clip then reads the rig as any FK leg: the
// planted feet, the hips and the root's own travel (the moving pelvis becomes the character's root)
// are all found as on a motion-capture skeleton.
//
// The hips may have position keys of their own too (Casual_Female sways its upper legs by 2-4 cm),
// and a Clip keeps those as their mean, which would carry each ankle off its target: the thigh and
// shin are then turned by two-bone IK (gaitspace/runtime/leg_ik.h) so that the ankle still reaches
// where the file puts it, the foot keeping its world rotation.
//
// The feet are the ones the humanoid role finder (core/clip/humanoid_names.h) reports as an IK
// rig's (ikFoot), with the shin and thigh it finds for the same side. A skeleton without IK feet
// is left exactly as it is. No Qt.

#include <array>
#include <string>
#include <vector>

#include "core/io/raw_motion.h"

namespace gs {

struct IkFeet {
    Skeleton skeleton;                // the file's skeleton with each IK foot below its shin,
                                      // depth-first (parent < child); rest pose as the file's
    std::vector<int> fileJoint;       // per joint of `skeleton`: its index in the file's skeleton
    std::array<int, 2> foot{-1, -1};  // per side (left, right), in `skeleton`; -1 = not an IK foot
    std::string description;  // "IK feet 'Foot.L', 'Foot.R' read below their shins 'LowerLeg.L',
                              // 'LowerLeg.R'"; empty when there are none

    bool any() const { return foot[0] >= 0 || foot[1] >= 0; }
};

// The IK feet of a file's skeleton (see the top of this file); none when it has none.
IkFeet findIkFeet(const Skeleton& file);

// `raw`, on the file's skeleton, as it reads on ik.skeleton: every joint keeps its local transform
// except each IK foot, whose transform is re-expressed below its shin frame by frame (position
// keyed, so a Clip keeps its mean). Requires ik.any() and raw.skeleton the one ik was found on.
RawMotion feetBelowShins(const RawMotion& raw, const IkFeet& ik);

// Turns each IK foot's thigh and shin in `clip` (characterClip of `raw`, which is on ik.skeleton,
// in the same file units) so that the ankle reaches where `raw`'s own keys put it, frame by frame;
// the foot keeps its world rotation. A clip whose ankles already lie there is left as it is.
void reachFileAnkles(Clip& clip, const RawMotion& raw, const IkFeet& ik, const CharacterRoot& root);

}  // namespace gs

#pragma once
// Mirroring a clip: the same motion performed with the other side of the body, so that a capture
// of right turns also gives the left turns.
//
// The motion is reflected across the character's sagittal plane, the YZ plane of the ground frame
// (the character faces +Z with Y up, so its left and right lie along X). With M = diag(-1, 1, 1),
// every local rotation R becomes M R M, which for a quaternion (w, x, y, z) is (w, x, -y, -z);
// root positions, rest offsets and tip offsets negate x; rest rotations reflect like the motion.
// Each joint's world transform is then the reflection of the original's, whatever the rest pose.
// Each joint finally takes its mirror partner's data: the left thigh moves as the right thigh
// did, reflected. Names and parents stay, so the mirror has the clip's hierarchy and blends and
// registers with it; on a left/right symmetric skeleton (CMU's) the rest pose is the same too.
// Root motion and turns reverse: a 90-degree left turn becomes a 90-degree right turn.
//
// Partners come first from the joints' roles (findHumanoidJoints in humanoid_names.h, as
// retargeting finds them: left upper leg with right upper leg, ... even where the legs were found
// by structure), then from the names: a joint whose name says a side (Left/Right anywhere, an L/R
// prefix or suffix with a separator, CMU's "lfemur", GAMES-105's "lHip"; parseJointName) pairs
// with the one joint that says the other side of the same body part under the same namespace. A
// joint still unpaired that is the only unpaired child of a paired joint pairs with the only
// unpaired child of that joint's partner (fingers or end joints with bare names). Joints without
// a partner (the spine, the head) are their own. The pairs must keep the hierarchy: the parents of
// two partners are partners.
//
// Mirroring twice gives the clip back bit for bit (negating a float is exact). No Qt.

#include <string>
#include <vector>

#include "core/clip/clip.h"

namespace gs {

// Each joint's mirror partner (its own index for a joint of the middle). Fails, with a sentence
// naming the joints at fault, when no joint has a partner or the pairs break the hierarchy.
Expected<std::vector<int>> mirrorPartners(const Skeleton& skeleton);

// The name of a clip's mirror: "walk" -> "walk_mirror", and "walk_mirror" -> "walk".
std::string mirrorClipName(const std::string& name);

// The clip mirrored (see above). `name` names the result; empty = mirrorClipName(clip.name).
// Fails with one line naming the clip and the cause (an invalid clip, a skeleton without
// left/right pairs or with pairs that break its hierarchy).
Expected<Clip> mirrorClip(const Clip& clip, const std::string& name = {});

}  // namespace gs

#pragma once
// RawMotion: one animation as a file holds it, and what Gaitspace reads from its motion (never
// from its rest pose) to make a Clip of it.
//
// The character's root. A file's hierarchy need not start at the character: Bandai's BVH puts a
// ground node above the pelvis, game rigs a bone on the floor with IK targets beside the legs.
// The root is the joint where the legs branch (the lowest common ancestor of the ankles), or,
// when that joint's position never moves, its nearest ancestor whose position does. Everything
// above the root is folded into it frame by frame (a static ground node changes nothing; a moving
// one, as in Bandai's one-cycle clips, carries the travel), so no motion is lost; joints outside
// its subtree are left out. A non-root joint's position channels replace its OFFSET, as the BVH
// convention has it (Bandai keys six channels on every joint); a Clip animates only the root's
// translation, so their mean becomes the joint's offset.
//
// Read from the motion, in this order: the up axis (from the ankles to the rest of the body), the
// unit (the hip height above the floor), and the facing (the pelvis' forward, across the hips,
// against the root's local +Z, which is what headings are measured from).

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/clip/clip.h"
#include "core/io/clip_import.h"
#include "core/clip/root_motion.h"

namespace gs {

struct RawMotion {
    std::string name;
    std::string source;
    float fps = 30.0f;
    Skeleton skeleton;                        // every joint of the file, depth-first, file units
    std::vector<glm::quat> rotations;         // frames x joints: local rotations
    std::vector<glm::vec3> translations;      // frames x joints: local translations (the
                                              // position keys, else the rest offset)
    std::vector<std::uint8_t> positionKeyed;  // per joint: 1 when the file keys its position
    int frameCount() const;
};

// Which joint of a RawMotion is the character's root, and why.
struct CharacterRoot {
    int joint = 0;             // in RawMotion::skeleton
    std::vector<int> folded;   // its ancestors, outermost first
    std::vector<int> leftOut;  // joints outside its subtree
    std::string description;   // "root motion from 'Hips' ('joint_Root' is static)"
};

// How far each joint's position keys stray from their first (file units; 0 for a joint whose
// position is not keyed).
std::vector<float> positionRanges(const RawMotion& raw);
// The character's root of a skeleton (see above), given how far each joint's position moves over
// every animation of the file (positionRanges, or the maximum of several).
CharacterRoot findCharacterRoot(const Skeleton& skeleton, std::span<const float> positionRange);

// The character's clip: the root's transform in the file's frame (ancestors folded) per frame,
// the rotations of its subtree, offsets from position channels; file units. `warnings` gets a
// line for joints left out and for joints whose position channels move (their mean is kept).
Clip characterClip(const RawMotion& raw, const CharacterRoot& root,
                   std::vector<std::string>& warnings);

// A correction read from the motion: a rotation and the sentence that says what was found.
struct MotionAxis {
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
    bool changed = false;
    std::string description;  // "up axis +Z in the motion, turned to +Y"
};

// The world rotation that brings the motion's up (the mean direction from the ankles to the
// rest of the body, to the nearest axis) to +Y; identity when it is +Y or no feet are found.
MotionAxis upAxisFromMotion(const Clip& clip);
// Rotates a clip's whole motion about the origin (root rotations and positions).
void rotateMotion(Clip& clip, const glm::quat& rotation);

// The root-local frame whose +Z is the pelvis' forward and +Y the world's up, over the motion.
// Unchanged (identity) when the root's rest frame already faces within kFacingTolerance of it,
// so that a file whose rest pose is right keeps its numbers exactly.
inline constexpr float kFacingToleranceDeg = 30.0f;
MotionAxis facingFromMotion(const Clip& clip);
// Re-expresses the root joint in the frame `local` (a rotation in the root's frame): the motion
// and every world transform stay as they were, while headings (from the root's rest-relative +Z)
// follow the new frame. The root's rest rotation becomes the identity.
void turnRootFrame(Clip& clip, const glm::quat& local);

// The unit from the hip height above the floor in the motion (file units); none when the clip
// has no feet to stand on.
std::optional<UnitReport> unitsFromMotion(const Clip& clip);

}  // namespace gs

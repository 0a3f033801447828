#pragma once
// Retargeting: drive a character's skeleton with a clip recorded on another skeleton.
//
// A JointMap pairs target joints with source joints by name. Built-in maps know the common
// naming conventions (the CMU 19-joint BVH names, the CMU ASF names, the cgspeed/MotionBuilder
// names and Rigify's metarig names used by ../shared/data/characters/male_base_mesh); a user map
// is plain text, one "target = source" pair a line.
//
// buildRetarget() measures both rest poses once:
// - facing: a yaw that turns the target to face the source's way (from the hips' left-right axis);
// - rest-pose alignment: per mapped bone, the shortest rotation taking the target's rest bone
//   direction onto the source's, so an arms-down or T-pose source drives an A-pose target;
// - root scale: the ratio of the hip heights above the feet, applied to the root's motion so a
//   taller character takes longer strides and keeps its feet on the floor.
// retargetPose() then gives every target joint its world transform for one source pose: a mapped
// joint turns by the same world-space rotation its source joint turned away from rest; an
// unmapped joint (fingers, extra spine joints) keeps its rest rotation relative to its parent.

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/kinematics.h"

namespace gs {

struct JointMap {
    std::string name;  // "CMU -> Rigify", "user map", ...
    std::vector<std::pair<std::string, std::string>> pairs;  // (target joint, source joint)
};

// The built-in map between two skeletons: the pair of naming conventions that matches the most
// joints of both, or same-name pairs when no convention fits better.
JointMap chooseJointMap(const Skeleton& source, const Skeleton& target);
// Parses a user map: lines "target = source"; '#' starts a comment; blank lines are skipped.
Expected<JointMap> parseJointMap(std::string_view text);

// What buildRetarget measured; immutable, shared by any number of characters.
struct Retarget {
    Skeleton source;
    Skeleton target;
    std::vector<int> sourceOf;            // per target joint: source joint index or -1
    std::vector<glm::quat> alignment;     // per target joint: A x facing (world space)
    std::vector<glm::quat> sourceRestWorldInverse;  // per source joint
    std::vector<glm::quat> targetRestWorld;         // per target joint
    glm::quat facing{1, 0, 0, 0};         // yaw turning the target to the source's facing
    float rootScale = 1.0f;               // target hip height / source hip height
    float sourceFloor = 0.0f;             // floor height of the source clip, metres
    float targetFootHeight = 0.0f;        // rest height of the target's lowest joint above its floor
    int mappedCount = 0;
};

// sourceFloor: the height of the source clip's floor (e.g. the lowest joint over the clip).
// Fails with a sentence when fewer than four joints map or the hips cannot be paired.
Expected<Retarget> buildRetarget(const Skeleton& source, float sourceFloor, const Skeleton& target,
                                 const JointMap& map);

// World transforms of the target's joints for one source pose. targetWorld.size() == target joints.
void retargetPose(const Retarget& retarget, std::span<const glm::quat> sourceRotations,
                  const glm::vec3& sourceRoot, std::span<Transform> targetWorld);

// Lowest joint height over every frame of a clip (its floor as the feet see it).
float clipFloorHeight(const Clip& clip);

}  // namespace gs

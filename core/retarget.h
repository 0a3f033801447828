#pragma once
// Retargeting: drive a character's skeleton with a clip recorded on another skeleton.
//
// A JointMap pairs target joints with source joints by name. The built-in one comes from the
// joints' roles (core/humanoid_names.h): whatever convention names the two skeletons (CMU, Rigify,
// Mixamo, Quaternius, Bandai, 100STYLE, GAMES-105, ...), the hips, spine, chest, neck, head and
// every leg and arm joint found in both are paired, then any other joint of the same name. A user
// map is plain text, one "target = source" pair a line, and replaces it.
//
// buildRetarget() measures both rest poses once:
// - hips: where the legs branch, in both skeletons; the root motion goes there. Joints above the
//   target's hips (a ground bone such as Quaternius's "Bone") stay on the floor under them and
//   turn with the hips' heading;
// - facing: a yaw that turns the target to face the source's way (from the hips' left-right axis);
// - rest-pose alignment: per mapped bone, the shortest rotation taking the target's rest bone
//   direction onto the source's, so an arms-down or T-pose source drives an A-pose target;
// - root scale: the ratio of the legs' lengths (thigh + shin; of the hip heights where a skeleton
//   has no legs), applied to the root's motion so a taller character takes longer strides; the
//   hips stand as high as the target's own legs, ankles and hips make them (a bind pose in
//   mid-stride, with bent knees, does not lower them);
// - foot IK: each foot goes where the source's ankle is (scaled as the root is, at the target's
//   own ankle height and hip width), the thigh and shin turned by two-bone IK to reach it, the
//   knee bending the way the source's does; so feet stay planted whatever the legs' proportions.
//   An IK rig (the feet and knee targets are children of the root, not of the shins: Quaternius,
//   RobotExpressive) needs it to have its feet on its legs at all.
// retargetPose() then gives every target joint its world transform for one source pose: a mapped
// joint turns by the same world-space rotation its source joint turned away from rest; an
// unmapped joint (fingers, extra spine joints) keeps its rest rotation relative to its parent.

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/humanoid_names.h"
#include "core/kinematics.h"

namespace gs {

struct JointMap {
    std::string name;  // "CMU -> Rigify", "user map", ...
    std::vector<std::pair<std::string, std::string>> pairs;  // (target joint, source joint)
};

// The built-in map between two skeletons: joints paired by role, then by equal names. Its name
// says which conventions it read ("CMU -> Rigify"; "roles" where no listed convention fits).
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
    std::vector<glm::vec3> targetRestPositions;     // per target joint, metres
    glm::quat facing{1, 0, 0, 0};         // yaw turning the target to the source's facing
    float rootScale = 1.0f;               // target leg length / source leg length (else hip heights)
    float rootLift = 0.0f;                // metres added to the scaled hips' height (ankle, hip drop)
    float sourceFloor = 0.0f;             // floor height of the source clip, metres
    float targetFootHeight = 0.0f;        // rest height of the target's lowest joint above its floor
    int mappedCount = 0;
    int sourceHips = 0, targetHips = 0;   // where the legs branch; the root motion goes there
    HumanoidJoints targetRoles;           // the target's joints by role

    // Foot IK of one side (foot < 0: none, the foot follows its knee by FK).
    struct FootIk {
        int upLeg = -1, leg = -1, foot = -1;  // target joints
        int sourceAnkle = -1;                 // source joint the foot goes to
        glm::vec3 shinTip{0.0f};  // the foot's rest position in the lower leg's frame
        float thigh = 0.0f, shin = 0.0f;      // metres
        glm::vec3 offset{0.0f};   // target ankle minus the scaled source ankle at rest (source rest frame)
    };
    std::array<FootIk, 2> footIk;  // left, right

    // Roles of the target's skeleton that are mapped, in a group ("legs", "spine", "arms"; empty
    // = all), against how many the target has.
    int mappedRoles(std::string_view group = {}) const;
    int targetRoleCount(std::string_view group = {}) const { return targetRoles.count(group); }
    bool usesFootIk() const { return footIk[0].foot >= 0 || footIk[1].foot >= 0; }
    bool isIkRig() const { return targetRoles.ikFoot[0] || targetRoles.ikFoot[1]; }
    // "legs 8/8, spine 4/5, arms 8/8, feet by leg IK" (of the target's roles).
    std::string describe() const;
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

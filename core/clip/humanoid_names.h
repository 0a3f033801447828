#pragma once
// Humanoid joints by role: which joint of a skeleton is the hips, the spine, the head and each
// joint of the arms and legs, whatever convention named them.
//
// Names are read by their parts, not looked up in a fixed list: a namespace is dropped
// ("mixamorig:LeftUpLeg"), the side is found wherever a convention puts it ("Left"/"Right"
// anywhere, ".L"/"_L"/"-L" at the end, "L_"/"l." at the start, CMU's and GAMES-105's one-letter
// prefix "lfemur", "lHip"), and what is left names the body part ("thigh", "femur", "UpLeg",
// "UpperLeg" and a sided "Hip" are all an upper leg). A few words mean different joints in
// different conventions; the skeleton's structure settles them: "Shoulder" is the clavicle unless
// the same side also has a "Collar"/"Clavicle" (100STYLE, GAMES-105), and a sided "Hip" is the
// upper leg unless the side also has a thigh (cgspeed's LHipJoint).
//
// The structure then places what names cannot: the hips are where the legs branch (the lowest
// common ancestor of the two upper legs, as the design asks for the character's root), the chest
// is where the arms branch, the spine is the first joint between them, the head the top of the
// chain above the chest, the neck the joint under the head. A chain whose names break the
// hierarchy (a knee that is not below its hip) is dropped, except a foot that hangs off the root
// instead of the knee: that is an IK rig (Quaternius, RobotExpressive), reported as ikFoot so that
// retargeting can drive it by foot IK. A skeleton whose names give no legs falls back to the rest
// pose's structure (findLegs in gs_runtime); arms then come from the chest's two side branches.
//
// kHumanoidConventions lists the names of each role in the conventions met so far (CMU, CMU ASF,
// cgspeed/MotionBuilder, Mixamo, Rigify, Quaternius, Bandai, 100STYLE, GAMES-105); the tests read
// every one of them back to its roles, and conventionOf() says which one a skeleton follows.
// No Qt.

#include <array>
#include <string>
#include <string_view>

#include <gaitspace/runtime/skeleton.h>

namespace gs {

enum class HumanoidRole : int {
    Hips,
    Spine,
    Chest,
    Neck,
    Head,
    LeftUpLeg,
    LeftLeg,
    LeftFoot,
    LeftToe,
    RightUpLeg,
    RightLeg,
    RightFoot,
    RightToe,
    LeftShoulder,
    LeftArm,
    LeftForeArm,
    LeftHand,
    RightShoulder,
    RightArm,
    RightForeArm,
    RightHand,
};
inline constexpr int kHumanoidRoleCount = 21;

// "Hips", "LeftUpLeg", ... (the role's name above).
const char* roleName(HumanoidRole role);
// Which group a role belongs to, for reports: "legs", "spine", "arms".
const char* roleGroup(HumanoidRole role);

enum class BodySide { None, Left, Right };

// A joint name read by its parts: the side and the body part's words without the side, lower
// case, letters and digits only ("mixamorig:LeftUpLeg" -> Left, "upleg"; "thigh.L" -> Left,
// "thigh"; "lToeJoint" -> Left, "toejoint"; "spine.001" -> None, "spine001").
struct JointNameParts {
    BodySide side = BodySide::None;
    std::string part;
};
JointNameParts parseJointName(std::string_view name);

struct HumanoidJoints {
    std::array<int, kHumanoidRoleCount> joints;  // joint index per role, -1 = none
    // Per side (0 left, 1 right): the foot does not hang below the lower leg (an IK rig).
    std::array<bool, 2> ikFoot{false, false};
    bool legsByStructure = false;  // the names gave no legs; the rest pose's structure did

    HumanoidJoints() { joints.fill(-1); }
    int operator[](HumanoidRole r) const { return joints[static_cast<int>(r)]; }
    int& operator[](HumanoidRole r) { return joints[static_cast<int>(r)]; }
    // Roles found (in a group: "legs", "spine", "arms"; empty = all).
    int count(std::string_view group = {}) const;
};

// The roles of a skeleton's joints (see the top of this file).
HumanoidJoints findHumanoidJoints(const Skeleton& skeleton);

// One naming convention: its name and each role's joint name ("" = the convention has none).
struct HumanoidConvention {
    const char* name;
    std::array<const char*, kHumanoidRoleCount> joints;
};
extern const std::array<HumanoidConvention, 9> kHumanoidConventions;

// The convention whose names the skeleton holds most of (at least four), else "".
std::string conventionOf(const Skeleton& skeleton);

}  // namespace gs

#pragma once
// Retargeting: drive a character's skeleton with a clip recorded on another skeleton.
//
// A JointMap pairs target joints with source joints by name. The built-in one comes from the
// joints' roles (core/clip/humanoid_names.h): whatever convention names the two skeletons (CMU,
// Rigify, Mixamo, Quaternius, Bandai, 100STYLE, GAMES-105, ...), the hips, spine, chest, neck, head
// and every leg and arm joint found in both are paired, then any other joint of the same name. A
// user map is plain text, one "target = source" pair a line, and replaces it.
//
// buildRetarget() measures both rest poses once:
// - hips: where the legs branch, in both skeletons; the root motion goes there. Joints above the
//   target's hips (a ground bone such as Quaternius's "Bone") stay on the floor under them and
//   turn with the hips' heading;
// - facing: a yaw that turns the target to face the source's way (from the hips' left-right axis);
// - rest-pose alignment: per mapped bone, the shortest rotation taking the target's rest bone
//   direction onto the source's, so an arms-down or T-pose source drives an A-pose target;
// - root scale: the ratio of the legs' lengths (thigh + shin; of the hip heights where a skeleton
//   has no legs), applied to heights above the floor: the hips stand as high as the target's own
//   legs, ankles and hips make them (a bind pose in mid-stride, with bent knees, does not lower
//   them), and a foot lifts as much higher as the legs are longer;
// - foot IK: each foot goes where the source's ankle is (at the target's own ankle height and hip
//   width), the thigh and shin turned by two-bone IK to reach it, the knee bending the way the
//   source's does; so feet stay planted whatever the legs' proportions. An IK rig (the feet and
//   knee targets are children of the root, not of the shins: Quaternius, RobotExpressive) needs
//   it to have its feet on its legs at all.
// retargetPose() then gives every target joint its world transform for one source pose: a mapped
// joint turns by the same world-space rotation its source joint turned away from rest; an
// unmapped joint (fingers, extra spine joints) keeps its rest rotation relative to its parent.
//
// A character of another size walks the clip's own path with the clip's own stride: its hips
// stand over the source's hips' ground point (where the simulation put the character) and its
// feet over the source's footprints; only heights scale by rootScale. Both together leave no
// choice: a foot that stays put while the hips cover the source's distance has its offset from
// the hips change at the source's rate, so scaling that offset about the hips' (moving) ground
// frame slides a planted foot by (rootScale - 1) x the walking speed, and scaling the whole
// motion about the origin draws the character rootScale x its distance from the origin away
// from where it is simulated, metres off across a room. A taller character thus
// takes relatively shorter steps at the clip's cadence, a smaller one relatively longer (as far
// as its legs reach: the leg IK stops at a straight knee). A stride of the character's own
// length would need the simulation itself scaled (its speeds, turns and goal spaces).

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/clip/humanoid_names.h"
#include "core/clip/clip_kinematics.h"

namespace gs {

struct JointMap {
    std::string name;                                        // "CMU -> Rigify", "user map", ...
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
    std::vector<int> sourceOf;                      // per target joint: source joint index or -1
    std::vector<glm::quat> alignment;               // per target joint: A x facing (world space)
    std::vector<glm::quat> sourceRestWorldInverse;  // per source joint
    std::vector<glm::quat> targetRestWorld;         // per target joint
    std::vector<glm::vec3> targetRestPositions;     // per target joint, metres
    glm::quat facing{1, 0, 0, 0};                   // yaw turning the target to the source's facing
    float rootScale = 1.0f;         // target leg length / source leg length (else hip heights)
    float rootLift = 0.0f;          // metres added to the scaled hips' height (ankle, hip drop)
    float sourceFloor = 0.0f;       // floor height of the source clip, metres
    float targetFootHeight = 0.0f;  // rest height of the target's lowest joint above its floor
    int mappedCount = 0;
    int sourceHips = 0, targetHips = 0;  // where the legs branch; the root motion goes there
    HumanoidJoints targetRoles;          // the target's joints by role

    // Foot IK of one side (foot < 0: none, the foot follows its knee by FK).
    struct FootIk {
        int upLeg = -1, leg = -1, foot = -1;  // target joints
        int sourceAnkle = -1;                 // source joint the foot goes to
        int sourceToe = -1;                   // the source's toe of that side, -1 = none (with
                                              // the ankle it tells when the foot is down)
        glm::vec3 shinTip{0.0f};              // the foot's rest position in the lower leg's frame
        float thigh = 0.0f, shin = 0.0f;      // metres
        glm::vec3 offset{0.0f};  // target ankle minus source ankle at rest, sideways (source rest
                                 // frame, its hip width against the source's) and in height above
                                 // the floor (against the source's scaled)
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

// Per IK foot (left, right): the yaw that turns its sideways offset (FootIk::offset) into the
// world.
using FootTurns = std::array<glm::quat, 2>;

// World transforms of the target's joints for one source pose. targetWorld.size() == target joints.
// Ground positions are the source's (see above): the target's hips stand over the source's hips,
// each IK foot over the source's ankle moved sideways by its offset, turned by `footTurns` (null:
// by the hips' heading of this pose, as a pose with no history has it).
void retargetPose(const Retarget& retarget, std::span<const glm::quat> sourceRotations,
                  const glm::vec3& sourceRoot, std::span<Transform> targetWorld,
                  const FootTurns* footTurns = nullptr);

// The yaw the source's hips have turned away from rest: the body's heading, which turns the
// target's ground bone and its feet's sideways offsets. sourceWorld: the source's world transforms.
glm::quat hipsHeading(const Retarget& retarget, std::span<const Transform> sourceWorld);

// Playing a clip (core/retarget_clip.cpp): the pose at a frame as retargetPose() places it, with
// each IK foot's sideways offset turned by the body's heading when that foot came down (its ground
// frame at the plant) rather than by the heading now. A foot is down while its ankle or toe is
// within FootContactSettings' height of the floor and slower than its speed. So a planted foot
// stays where it came down while the body turns above it (the offset of a wide-hipped character is
// half a metre: turned with the hips it would sweep the planted foot round); once the foot lifts
// its offset turns to the body's heading over kFootTurnSeconds. What draws or exports a clip uses
// these.
inline constexpr float kFootTurnSeconds = 0.2f;  // shorter than the swings of the walks and runs
// A stance is followed back to its plant at most this far; a foot down for longer (standing)
// turns with the heading the body had this long ago.
inline constexpr float kLongestPlantSeconds = 10.0f;

// The feet's turns at a frame of `clip` (a clip of the retarget's source skeleton), from the frames
// before it: where the feet were last in the air long enough to have turned to the body, at most
// kLongestPlantSeconds back.
FootTurns footTurnsAt(const Retarget& retarget, const Clip& clip, int frame);
// The target's world transforms at a fractional frame (the pose sampled between neighbours, the
// feet's turns of the nearest whole frame). targetWorld.size() == target joints.
void retargetFrame(const Retarget& retarget, const Clip& clip, float frame,
                   std::span<Transform> targetWorld);
// The same at every frame of the clip, in one pass: frames x target joints, as retargetFrame()
// gives them (as long as every stance is shorter than kLongestPlantSeconds).
std::vector<Transform> retargetClip(const Retarget& retarget, const Clip& clip);

// Lowest joint height over every frame of a clip (its floor as the feet see it).
float clipFloorHeight(const Clip& clip);

}  // namespace gs

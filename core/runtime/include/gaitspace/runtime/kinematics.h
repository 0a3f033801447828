#pragma once
// Forward kinematics: local rotations + root translation -> world joint transforms.

#include <span>
#include <vector>

#include <gaitspace/runtime/skeleton.h>

namespace gs {

// A rigid transform without scale: rotation then translation.
struct Transform {
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 translation{0.0f};

    glm::vec3 apply(const glm::vec3& p) const;          // rotation * p + translation
    Transform operator*(const Transform& child) const;  // this, then child in its frame
    glm::mat4 matrix() const;
};

// World transforms of every joint for one pose. world.size() == skeleton.jointCount().
void forwardKinematics(const Skeleton& skeleton, std::span<const glm::quat> localRotations,
                       const glm::vec3& rootPosition, std::span<Transform> world);

// The same for `count` characters on one skeleton at once (1 <= count <= kFkLanes), worked on in
// lanes (one character each): character i's local rotations start at localRotations[i * joints],
// its world transforms at world[i * joints], its root position is rootPositions[i]. Lane by lane
// the bits of forwardKinematics above.
inline constexpr int kFkLanes = 8;
void forwardKinematics(const Skeleton& skeleton, const glm::quat* localRotations,
                       const glm::vec3* rootPositions, Transform* world, int count);

// Model matrices of world transforms (Transform::matrix), and skinning matrices: model x inverse
// bind, joint by joint (out may be model). The spans have one element per joint.
void modelMatrices(std::span<const Transform> world, std::span<glm::mat4> out);
void skinningMatrices(std::span<const glm::mat4> model, std::span<const glm::mat4> inverseBind,
                      std::span<glm::mat4> out);

// World positions only (cheaper to store). positions.size() == skeleton.jointCount().
void jointPositions(const Skeleton& skeleton, std::span<const glm::quat> localRotations,
                    const glm::vec3& rootPosition, std::span<glm::vec3> positions);

// World joint positions of the skeleton's rest pose (root at the origin).
std::vector<glm::vec3> restJointPositions(const Skeleton& skeleton);

}  // namespace gs

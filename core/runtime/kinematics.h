#pragma once
// Forward kinematics: local rotations + root translation -> world joint transforms.

#include <span>
#include <vector>

#include "core/runtime/skeleton.h"

namespace gs {

// A rigid transform without scale: rotation then translation.
struct Transform {
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 translation{0.0f};

    glm::vec3 apply(const glm::vec3& p) const { return rotation * p + translation; }
    Transform operator*(const Transform& child) const {
        return {rotation * child.rotation, rotation * child.translation + translation};
    }
    glm::mat4 matrix() const;
};

// World transforms of every joint for one pose. world.size() == skeleton.jointCount().
void forwardKinematics(const Skeleton& skeleton, std::span<const glm::quat> localRotations,
                       const glm::vec3& rootPosition, std::span<Transform> world);

// World positions only (cheaper to store). positions.size() == skeleton.jointCount().
void jointPositions(const Skeleton& skeleton, std::span<const glm::quat> localRotations,
                    const glm::vec3& rootPosition, std::span<glm::vec3> positions);


// World joint positions of the skeleton's rest pose (root at the origin).
std::vector<glm::vec3> restJointPositions(const Skeleton& skeleton);

}  // namespace gs

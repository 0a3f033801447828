#include "core/runtime/kinematics.h"

#include <glm/gtc/matrix_transform.hpp>

namespace gs {

glm::mat4 Transform::matrix() const {
    glm::mat4 m = glm::mat4_cast(rotation);
    m[3] = glm::vec4(translation, 1.0f);
    return m;
}

void forwardKinematics(const Skeleton& skeleton, std::span<const glm::quat> localRotations,
                       const glm::vec3& rootPosition, std::span<Transform> world) {
    const int n = skeleton.jointCount();
    world[0] = {localRotations[0], rootPosition};
    for (int j = 1; j < n; ++j) {
        const Transform& p = world[skeleton.parents[j]];
        world[j].rotation = p.rotation * localRotations[j];
        world[j].translation = p.translation + p.rotation * skeleton.restOffsets[j];
    }
}

void jointPositions(const Skeleton& skeleton, std::span<const glm::quat> localRotations,
                    const glm::vec3& rootPosition, std::span<glm::vec3> positions) {
    // Small skeletons: keep the world rotations on the stack.
    constexpr int kStack = 256;
    const int n = skeleton.jointCount();
    glm::quat stackRot[kStack];
    std::vector<glm::quat> heapRot;
    glm::quat* rot = stackRot;
    if (n > kStack) {
        heapRot.resize(n);
        rot = heapRot.data();
    }
    rot[0] = localRotations[0];
    positions[0] = rootPosition;
    for (int j = 1; j < n; ++j) {
        const int p = skeleton.parents[j];
        rot[j] = rot[p] * localRotations[j];
        positions[j] = positions[p] + rot[p] * skeleton.restOffsets[j];
    }
}

std::vector<glm::vec3> restJointPositions(const Skeleton& skeleton) {
    std::vector<glm::vec3> out(skeleton.jointCount());
    if (!out.empty())
        jointPositions(skeleton, skeleton.restRotations, glm::vec3(0.0f), out);
    return out;
}

}  // namespace gs

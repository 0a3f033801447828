#pragma once
// The ground frame. Root decomposition: each frame's root transform = ground frame (x, z, heading)
// x residual.
//
// The ground frame is the root projected onto the floor, turned to the character's heading
// (yaw about +Y; the character faces +Z at heading 0; positive heading = turned left). It is what
// registration aligns and what steering integrates.

#include <span>
#include <vector>

#include <gaitspace/runtime/kinematics.h>

namespace gs {

struct GroundFrame {
    float x = 0.0f;
    float z = 0.0f;
    float heading = 0.0f;  // radians about +Y

    Transform transform() const;
    // A direction in the ground frame (local +Z forward) expressed in world space.
    glm::vec3 toWorldDirection(const glm::vec3& local) const;
    glm::vec3 toWorld(const glm::vec3& local) const;
    glm::vec3 toLocal(const glm::vec3& world) const;
};

// Yaw of a rotation: the heading of its +Z axis projected onto the XZ plane (radians).
float headingOf(const glm::quat& rotation);
// Rotation of `angle` radians about +Y.
glm::quat yawRotation(float angle);
// Wraps an angle to (-pi, pi].
float wrapAngle(float angle);

// Root rotation with the skeleton's rest root rotation removed, so that heading 0 faces +Z.
glm::quat facingRotation(const Skeleton& skeleton, const glm::quat& rootRotation);

// The residual root transform of a frame: ground^-1 x root.
Transform rootResidual(const GroundFrame& ground, const glm::quat& rootRotation,
                       const glm::vec3& rootPosition);

}  // namespace gs

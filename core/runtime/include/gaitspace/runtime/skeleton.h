#pragma once
// Skeleton: the joint hierarchy as parallel arrays in depth-first order (parent < child).
//
// Each joint's local rest transform is restOffsets[j] (translation from the parent, metres) and
// restRotations[j]. A clip's per-frame rotations replace restRotations; the root's per-frame
// translation replaces restOffsets[0] (as BVH and Assimp read root position channels).
// tipOffsets[j] is the end point of a leaf joint's bone (a BVH End Site), zero when unknown; it
// gives leaf bones (head, hands, toes) a length for drawing.

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include <string>
#include <string_view>
#include <vector>

#include <gaitspace/runtime/status.h>

namespace gs {

struct Skeleton {
    std::vector<std::string> names;
    std::vector<int> parents;              // -1 for the root (joint 0 only)
    std::vector<glm::vec3> restOffsets;    // metres, in the parent's frame
    std::vector<glm::quat> restRotations;  // local rest rotation
    std::vector<glm::vec3> tipOffsets;     // end-site offset of leaf joints, metres; zero if none

    int jointCount() const { return static_cast<int>(names.size()); }
    bool isEmpty() const { return names.empty(); }
    // Index of the joint with this name (case-sensitive), or -1.
    int jointIndex(std::string_view name) const;
    // Children count of each joint.
    std::vector<int> childCounts() const;
    // Checks parallel arrays, depth-first order and finite values.
    Status validate() const;
    // Same joint names and parents (clips of the same skeleton may be blended and registered).
    bool sameHierarchy(const Skeleton& other) const;
    // Uniformly scales every offset (unit conversion).
    void scale(float factor);
};

}  // namespace gs

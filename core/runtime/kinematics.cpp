#include <gaitspace/runtime/kinematics.h>

#include <algorithm>
#include <cassert>

#include <glm/gtc/matrix_transform.hpp>

#include "core/runtime/lane_vectors.h"

namespace gs {

glm::vec3 Transform::apply(const glm::vec3& p) const { return rotation * p + translation; }

Transform Transform::operator*(const Transform& child) const {
    return {rotation * child.rotation, rotation * child.translation + translation};
}

glm::mat4 Transform::matrix() const {
    glm::mat4 m = glm::mat4_cast(rotation);
    m[3] = glm::vec4(translation, 1.0f);
    return m;
}

void modelMatrices(std::span<const Transform> world, std::span<glm::mat4> out) {
    assert(out.size() == world.size());
    for (size_t j = 0; j < world.size(); ++j) out[j] = world[j].matrix();
}

void skinningMatrices(std::span<const glm::mat4> model, std::span<const glm::mat4> inverseBind,
                      std::span<glm::mat4> out) {
    assert(inverseBind.size() == model.size() && out.size() == model.size());
    for (size_t j = 0; j < model.size(); ++j) out[j] = model[j] * inverseBind[j];
}

void forwardKinematics(const Skeleton& skeleton, std::span<const glm::quat> localRotations,
                       const glm::vec3& rootPosition, std::span<Transform> world) {
    const int n = skeleton.jointCount();
    assert(localRotations.size() >= static_cast<size_t>(n) &&
           world.size() == static_cast<size_t>(n));
    world[0] = {localRotations[0], rootPosition};
    for (int j = 1; j < n; ++j) {
        const Transform& p = world[skeleton.parents[j]];
        world[j].rotation = p.rotation * localRotations[j];
        world[j].translation = p.translation + p.rotation * skeleton.restOffsets[j];
    }
}

namespace {

// Skeletons up to this many joints keep the lanes' world transforms on the stack (14 KB); larger
// ones take forwardKinematics one character at a time.
constexpr int kFkStackJoints = 64;

}  // namespace

// Built for AVX2 as well (GS_LANES_WIDE): eight characters in one register. A chain of joints
// waits on its parent at every joint; eight characters at once keep the multipliers busy.
GS_LANES_WIDE
void forwardKinematics(const Skeleton& skeleton, const glm::quat* localRotations,
                       const glm::vec3* rootPositions, Transform* world, int count) {
    assert(count >= 1 && count <= kFkLanes);
    const int n = skeleton.jointCount();
    const size_t stride = static_cast<size_t>(n);
    if (n > kFkStackJoints || count < 1) {
        for (int i = 0; i < count; ++i)
            forwardKinematics(skeleton,
                              std::span<const glm::quat>(localRotations + i * stride, stride),
                              rootPositions[i], std::span<Transform>(world + i * stride, stride));
        return;
    }
    using L = simd::Lanes<kFkLanes>;
    using lanes::Q;
    using lanes::V3;
    // Lanes past count repeat the last character.
    const auto lane = [&](int i) { return static_cast<size_t>(std::min(i, count - 1)); };
    // The lanes' world transforms, joint by joint.
    Q<L> rotation[kFkStackJoints];
    V3<L> translation[kFkStackJoints];
    for (int j = 0; j < n; ++j) {
        const Q<L> local{
            simd::gather<kFkLanes>([&](int i) { return localRotations[lane(i) * stride + j].w; }),
            simd::gather<kFkLanes>([&](int i) { return localRotations[lane(i) * stride + j].x; }),
            simd::gather<kFkLanes>([&](int i) { return localRotations[lane(i) * stride + j].y; }),
            simd::gather<kFkLanes>([&](int i) { return localRotations[lane(i) * stride + j].z; })};
        if (j == 0) {
            rotation[0] = local;
            translation[0] = {
                simd::gather<kFkLanes>([&](int i) { return rootPositions[lane(i)].x; }),
                simd::gather<kFkLanes>([&](int i) { return rootPositions[lane(i)].y; }),
                simd::gather<kFkLanes>([&](int i) { return rootPositions[lane(i)].z; })};
        } else {
            const int p = skeleton.parents[j];
            const glm::vec3& r = skeleton.restOffsets[j];
            rotation[j] = rotation[p] * local;
            translation[j] = translation[p] + rotate(rotation[p], V3<float>{r.x, r.y, r.z});
        }
        const Q<L>& q = rotation[j];
        const V3<L>& t = translation[j];
        for (int i = 0; i < count; ++i)
            world[i * stride + j] = {glm::quat(q.w.v[i], q.x.v[i], q.y.v[i], q.z.v[i]),
                                     glm::vec3(t.x.v[i], t.y.v[i], t.z.v[i])};
    }
}

void jointPositions(const Skeleton& skeleton, std::span<const glm::quat> localRotations,
                    const glm::vec3& rootPosition, std::span<glm::vec3> positions) {
    // Small skeletons: keep the world rotations on the stack.
    constexpr int kStack = 256;
    const int n = skeleton.jointCount();
    assert(localRotations.size() >= static_cast<size_t>(n) &&
           positions.size() == static_cast<size_t>(n));
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
    if (!out.empty()) jointPositions(skeleton, skeleton.restRotations, glm::vec3(0.0f), out);
    return out;
}

}  // namespace gs

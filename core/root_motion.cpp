#include "core/root_motion.h"

#include <cmath>
#include <numbers>

namespace gs {

Transform GroundFrame::transform() const {
    return {yawRotation(heading), glm::vec3(x, 0.0f, z)};
}

glm::vec3 GroundFrame::toWorldDirection(const glm::vec3& local) const {
    return yawRotation(heading) * local;
}

glm::vec3 GroundFrame::toWorld(const glm::vec3& local) const {
    return yawRotation(heading) * local + glm::vec3(x, 0.0f, z);
}

glm::vec3 GroundFrame::toLocal(const glm::vec3& world) const {
    return glm::inverse(yawRotation(heading)) * (world - glm::vec3(x, 0.0f, z));
}

float headingOf(const glm::quat& rotation) {
    const glm::vec3 f = rotation * glm::vec3(0.0f, 0.0f, 1.0f);
    return std::atan2(f.x, f.z);
}

glm::quat yawRotation(float angle) {
    return glm::quat(std::cos(angle * 0.5f), 0.0f, std::sin(angle * 0.5f), 0.0f);
}

float wrapAngle(float angle) {
    constexpr float pi = std::numbers::pi_v<float>;
    angle = std::fmod(angle + pi, 2.0f * pi);
    if (angle <= 0.0f) angle += 2.0f * pi;
    return angle - pi;
}

glm::quat facingRotation(const Skeleton& skeleton, const glm::quat& rootRotation) {
    return rootRotation * glm::inverse(skeleton.restRotations[0]);
}

std::vector<GroundFrame> groundFrames(const Clip& clip) {
    std::vector<GroundFrame> out(clip.frameCount());
    float previous = 0.0f;
    for (int f = 0; f < clip.frameCount(); ++f) {
        const glm::quat root = clip.frameRotations(f)[0];
        float h = headingOf(facingRotation(clip.skeleton, root));
        if (f > 0) h = previous + wrapAngle(h - previous);
        previous = h;
        out[f] = {clip.rootPositions[f].x, clip.rootPositions[f].z, h};
    }
    return out;
}

Transform rootResidual(const GroundFrame& ground, const glm::quat& rootRotation,
                       const glm::vec3& rootPosition) {
    const glm::quat inv = glm::inverse(yawRotation(ground.heading));
    return {inv * rootRotation, inv * (rootPosition - glm::vec3(ground.x, 0.0f, ground.z))};
}

RootMotionStats rootMotionStats(const Clip& clip) {
    RootMotionStats s;
    if (clip.frameCount() < 2) return s;
    const auto ground = groundFrames(clip);
    for (size_t f = 1; f < ground.size(); ++f)
        s.pathLength += std::hypot(ground[f].x - ground[f - 1].x, ground[f].z - ground[f - 1].z);
    s.speed = s.pathLength / clip.duration();
    s.headingChange = ground.back().heading - ground.front().heading;
    return s;
}

}  // namespace gs

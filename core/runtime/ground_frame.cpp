#include <gaitspace/runtime/ground_frame.h>

#include <cmath>
#include <numbers>

namespace gs {

Transform GroundFrame::transform() const { return {yawRotation(heading), glm::vec3(x, 0.0f, z)}; }

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

Transform rootResidual(const GroundFrame& ground, const glm::quat& rootRotation,
                       const glm::vec3& rootPosition) {
    const glm::quat inv = glm::inverse(yawRotation(ground.heading));
    return {inv * rootRotation, inv * (rootPosition - glm::vec3(ground.x, 0.0f, ground.z))};
}

}  // namespace gs

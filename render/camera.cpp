#include "render/camera.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace gs {

void Camera::setPitch(float radians) {
    m_pitch = std::clamp(radians, -0.2f, 1.5f);
    keepAboveFloor();
}

void Camera::setDistance(float metres) {
    m_distance = std::clamp(metres, 0.5f, 200.0f);
    keepAboveFloor();
}

void Camera::keepAboveFloor() {
    // The target stays at or above the floor, and the eye at least kMinEyeHeight above it: the
    // pitch may only go as low as keeps the eye there.
    m_target.y = std::max(m_target.y, 0.0f);
    const float lowest =
        std::asin(std::clamp((kMinEyeHeight - m_target.y) / m_distance, -1.0f, 1.0f));
    m_pitch = std::clamp(m_pitch, std::max(-0.2f, lowest), 1.5f);
}

void Camera::orbit(float deltaYaw, float deltaPitch) {
    m_yaw += deltaYaw;
    setPitch(m_pitch + deltaPitch);
}

void Camera::pan(float right, float up) {
    const glm::mat4 v = view();
    const glm::vec3 r(v[0][0], v[1][0], v[2][0]);
    const glm::vec3 u(v[0][1], v[1][1], v[2][1]);
    const float scale = 2.0f * m_distance * std::tan(0.5f * m_fov);
    m_target += (r * right + u * up) * scale;
    keepAboveFloor();
}

void Camera::zoom(float factor) { setDistance(m_distance * factor); }

void Camera::follow(const glm::vec3& point, float dt) {
    if (!m_following) return;
    const float k = 1.0f - std::exp(-std::max(dt, 0.0f) / 0.25f);
    m_target = glm::mix(m_target, point, k);
    keepAboveFloor();
}

void Camera::frame(CameraView view, const glm::vec3& root, float heading, float height) {
    const float size = std::isfinite(height) ? std::clamp(height / 2.0f, 1.0f, 5.0f) : 1.0f;
    m_target = {root.x, std::max(0.85f * size, root.y * 1.0f), root.z};
    const float pi = std::numbers::pi_v<float>;
    switch (view) {
        case CameraView::Front:
            m_yaw = heading;
            m_pitch = 0.12f;
            m_distance = 4.2f;
            break;
        case CameraView::Side:
            m_yaw = heading + 0.5f * pi;  // on the character's left (+X when it faces +Z)
            m_pitch = 0.12f;
            m_distance = 4.2f;
            break;
        case CameraView::Follow:
            m_yaw = heading + pi + 0.45f;  // behind, over the right shoulder
            m_pitch = 0.32f;
            m_distance = 5.5f;
            break;
    }
    m_distance *= size;
    keepAboveFloor();
}

glm::vec3 Camera::position() const {
    const glm::vec3 dir(std::sin(m_yaw) * std::cos(m_pitch), std::sin(m_pitch),
                        std::cos(m_yaw) * std::cos(m_pitch));
    return m_target + dir * m_distance;
}

glm::mat4 Camera::view() const { return glm::lookAt(position(), m_target, glm::vec3(0, 1, 0)); }

glm::mat4 Camera::projection(float aspect) const {
    return glm::perspective(m_fov, std::max(aspect, 1e-3f), 0.05f, 500.0f);
}

glm::vec3 Camera::project(const glm::vec3& world, int width, int height) const {
    const glm::vec4 clip =
        projection(static_cast<float>(width) / height) * view() * glm::vec4(world, 1.0f);
    if (clip.w <= 0.0f) return {0.0f, 0.0f, -1.0f};
    const glm::vec3 ndc = glm::vec3(clip) / clip.w;
    return {(ndc.x * 0.5f + 0.5f) * width, (0.5f - ndc.y * 0.5f) * height, ndc.z * 0.5f + 0.5f};
}

}  // namespace gs

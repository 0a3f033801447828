#pragma once
// Camera: an orbit camera around a target point, with pan, zoom and follow-the-character.
//
// The eye sits at `distance` from the target, at `yaw` about +Y (0 = on the +Z side, looking
// towards -Z, i.e. at the front of a character facing +Z) and `pitch` above the ground plane.
// Following moves the target smoothly towards the character each frame; orbiting, panning and
// zooming still work while following. Plain math: no GL, no Qt widgets.

#include <glm/glm.hpp>

namespace gs {

enum class CameraView { Front, Side, Follow };

class Camera {
public:
    // The eye never goes lower than this above the floor (y = 0), whatever the controls do.
    static constexpr float kMinEyeHeight = 0.1f;

    glm::vec3 target() const { return m_target; }
    void setTarget(const glm::vec3& target) {
        m_target = target;
        keepAboveFloor();
    }
    float yaw() const { return m_yaw; }
    void setYaw(float radians) { m_yaw = radians; }
    float pitch() const { return m_pitch; }
    void setPitch(float radians);
    float distance() const { return m_distance; }
    void setDistance(float metres);
    float fieldOfView() const { return m_fov; }  // vertical, radians
    bool following() const { return m_following; }
    void setFollowing(bool on) { m_following = on; }

    // Mouse-style controls: angles in radians; pan in fractions of the view's height.
    void orbit(float deltaYaw, float deltaPitch);
    void pan(float right, float up);
    void zoom(float factor);  // < 1 moves closer
    // When following, eases the target towards `point` (time constant ~0.25 s); dt in seconds.
    void follow(const glm::vec3& point, float dt);

    // Frames a character standing at `root` with heading `heading` (radians, 0 faces +Z), of
    // `height` metres (a taller one than 2 m is framed from further away).
    void frame(CameraView view, const glm::vec3& root, float heading, float height = 1.8f);

    glm::vec3 position() const;
    glm::mat4 view() const;
    glm::mat4 projection(float aspect) const;
    // Window coordinates (pixels, y down) of a world point; z < 0 when behind the camera.
    glm::vec3 project(const glm::vec3& world, int width, int height) const;

private:
    void keepAboveFloor();

    glm::vec3 m_target{0.0f, 0.9f, 0.0f};
    float m_yaw = 0.6f;
    float m_pitch = 0.25f;
    float m_distance = 4.5f;
    float m_fov = 0.75f;
    bool m_following = true;
};

}  // namespace gs

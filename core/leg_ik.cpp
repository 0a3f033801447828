#include "core/leg_ik.h"

#include <algorithm>
#include <cmath>

namespace gs {
namespace {

// The shortest rotation taking unit vector a onto unit vector b.
glm::quat shortestArc(const glm::vec3& a, const glm::vec3& b) {
    const float c = glm::dot(a, b);
    if (c > 1.0f - 1e-7f) return glm::quat(1, 0, 0, 0);
    if (c < -1.0f + 1e-7f) {
        glm::vec3 axis = glm::cross(glm::vec3(1, 0, 0), a);
        if (glm::dot(axis, axis) < 1e-8f) axis = glm::cross(glm::vec3(0, 1, 0), a);
        return glm::angleAxis(3.14159265f, glm::normalize(axis));
    }
    const glm::vec3 axis = glm::cross(a, b);
    const float s = std::sqrt((1.0f + c) * 2.0f);
    return glm::normalize(glm::quat(s * 0.5f, axis.x / s, axis.y / s, axis.z / s));
}

// The interior knee angle for a hip-ankle distance d.
float kneeAngle(float l1, float l2, float d) {
    return std::acos(std::clamp((l1 * l1 + l2 * l2 - d * d) / (2.0f * l1 * l2), -1.0f, 1.0f));
}

glm::vec3 perpendicular(const glm::vec3& v, const glm::vec3& unitAxis) {
    return v - glm::dot(v, unitAxis) * unitAxis;
}

}  // namespace

TwoBoneIkResult solveTwoBoneIk(const glm::vec3& hip, const glm::vec3& knee, const glm::vec3& ankle,
                               const glm::vec3& target, const glm::vec3& bendHint,
                               const TwoBoneIkSettings& settings) {
    TwoBoneIkResult r;
    r.knee = knee;
    r.ankle = ankle;
    const glm::vec3 thigh = knee - hip, shin = ankle - knee;
    const float l1 = glm::length(thigh), l2 = glm::length(shin);
    const glm::vec3 toTarget = target - hip;
    const float dt = glm::length(toTarget);
    if (!(l1 > 1e-6f && l2 > 1e-6f && dt > 1e-6f)) return r;

    // How far the ankle may be from the hip: exact up to the soft zone, then approaching (never
    // reaching) the longest reach.
    const float length = l1 + l2;
    const float d0 = glm::length(ankle - hip);
    const float dMax = std::max(length * settings.maxExtension, d0);  // the pose itself is allowed
    const float dMin = std::abs(l1 - l2) + 1e-4f * length;
    const float softStart = std::min(std::max(d0, length * (1.0f - settings.softness)), dMax);
    float d = dt;
    if (d > softStart) {
        const float room = dMax - softStart;
        d = room > 1e-7f ? softStart + room * (1.0f - std::exp(-(d - softStart) / room)) : softStart;
    }
    d = std::max(d, dMin);

    // The pole: where the pose's knee points away from the hip-ankle line, nudged toward the
    // hint so that a straight (or slightly over-straight) knee still bends the way knees bend.
    const glm::vec3 ub = d0 > 1e-7f ? (ankle - hip) / d0 : toTarget / dt;
    glm::vec3 pole = perpendicular(thigh, ub);
    const glm::vec3 hint = perpendicular(bendHint, ub);
    const float hintLength = glm::length(hint);
    if (hintLength > 1e-6f) pole += (0.05f * l1 / hintLength) * hint;
    if (glm::dot(pole, pole) < 1e-12f) pole = perpendicular(glm::vec3(0, 0, 1), ub);

    // 1. The knee turns about its hinge axis (across the pole) to the flexion that puts the ankle
    //    at distance d from the hip. Flexion is signed: positive bends the knee toward the pole.
    glm::vec3 axis = glm::cross(pole, thigh);
    if (glm::dot(axis, axis) < 1e-12f) axis = glm::cross(glm::vec3(0, 0, 1), thigh);
    axis = glm::normalize(axis);
    const float flexion0 = std::atan2(glm::dot(glm::cross(thigh, shin), axis), glm::dot(thigh, shin));
    const float flexion1 = 3.14159265f - kneeAngle(l1, l2, d);
    const glm::quat hinge = glm::angleAxis(flexion1 - flexion0, axis);
    const glm::vec3 ankle1 = knee + hinge * shin;

    // 2. The hip aims the leg at the target.
    const glm::vec3 u = toTarget / dt;
    const glm::vec3 a1 = ankle1 - hip;
    const float a1Length = glm::length(a1);
    const glm::quat aim = a1Length > 1e-7f ? shortestArc(a1 / a1Length, u) : glm::quat(1, 0, 0, 0);

    // 3. A twist about the hip-target line puts the knee on the pole's side, in its plane.
    glm::quat twist(1, 0, 0, 0);
    const glm::vec3 wanted = perpendicular(pole, u);
    const glm::vec3 current = perpendicular(aim * thigh, u);
    if (glm::dot(wanted, wanted) > 1e-10f && glm::dot(current, current) > 1e-10f) {
        const float angle = std::atan2(glm::dot(glm::cross(current, wanted), u), glm::dot(current, wanted));
        twist = glm::angleAxis(angle, u);
    }

    r.hipDelta = twist * aim;
    r.kneeDelta = r.hipDelta * hinge;
    r.knee = hip + r.hipDelta * thigh;
    r.ankle = r.knee + r.kneeDelta * shin;
    return r;
}

}  // namespace gs

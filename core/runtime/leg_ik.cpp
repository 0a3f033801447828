#include "core/runtime/leg_ik.h"

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
    const float inv = 1.0f / s;  // unit inputs give a unit quaternion
    return glm::quat(s * 0.5f, axis.x * inv, axis.y * inv, axis.z * inv);
}

}  // namespace

// A handful of square roots and no trigonometry: the update runs this for every planted foot of
// every character.
TwoBoneIkResult solveTwoBoneIk(const glm::vec3& hip, const glm::vec3& knee, const glm::vec3& ankle,
                               const glm::vec3& target, const glm::vec3& bendHint, float l1, float l2,
                               const TwoBoneIkSettings& settings) {
    TwoBoneIkResult r;
    r.knee = knee;
    r.ankle = ankle;
    const glm::vec3 thigh = knee - hip, shin = ankle - knee;
    const glm::vec3 toTarget = target - hip;
    const float dt = std::sqrt(glm::dot(toTarget, toTarget));
    const glm::vec3 toAnkle = ankle - hip;
    const float d02 = glm::dot(toAnkle, toAnkle);
    const float d0 = std::sqrt(d02);
    if (!(l1 > 1e-6f && l2 > 1e-6f && dt > 1e-6f && d0 > 1e-6f)) return r;

    // How far the ankle may be from the hip: exact up to the soft zone, then approaching (never
    // reaching) the longest reach along x / (1 + x), which leaves the soft zone with slope 1.
    const float length = l1 + l2;
    const float dMax = std::max(length * settings.maxExtension, d0);  // the pose itself is allowed
    const float dMin = std::abs(l1 - l2) + 1e-4f * length;
    const float softStart = std::min(std::max(d0, length * (1.0f - settings.softness)), dMax);
    float d = dt;
    if (d > softStart) {
        const float room = dMax - softStart;
        const float x = room > 1e-7f ? (d - softStart) / room : 0.0f;
        d = softStart + room * x / (1.0f + x);
    }
    d = std::max(d, dMin);

    // The pole: where the pose's knee points away from the hip-ankle line, nudged toward the
    // hint (by at most 5 % of the thigh) so that a straight or slightly over-straight knee still
    // bends the way knees bend. (Components along the hip-ankle line are taken off with one
    // division by its squared length, no normalized line.)
    const float invD02 = 1.0f / d02;
    glm::vec3 pole = thigh + (0.05f * l1) * bendHint -
                     ((glm::dot(thigh, toAnkle) + (0.05f * l1) * glm::dot(bendHint, toAnkle)) * invD02) * toAnkle;
    if (glm::dot(pole, pole) < 1e-12f) {
        const glm::vec3 z(0, 0, 1);
        pole = z - (glm::dot(z, toAnkle) * invD02) * toAnkle;
    }

    // 1. The knee turns about its hinge axis (across the pole) from its flexion to the one that
    //    puts the ankle at distance d from the hip. Flexion is signed: positive bends the knee
    //    toward the pole. Angles as (cos, sin) pairs. The axis is normalized only where the
    //    rotation is built (its sign test needs no unit length).
    glm::vec3 axis = glm::cross(pole, thigh);
    float axis2 = glm::dot(axis, axis);
    if (axis2 < 1e-12f) {
        axis = glm::cross(glm::vec3(0, 0, 1), thigh);
        axis2 = glm::dot(axis, axis);
    }
    const float invAxis = 1.0f / std::sqrt(axis2);
    const float invL1L2 = 1.0f / (l1 * l2);
    const float c0 = std::clamp(glm::dot(thigh, shin) * invL1L2, -1.0f, 1.0f);  // cos(flexion)
    const float s0 = std::copysign(std::sqrt(std::max(0.0f, 1.0f - c0 * c0)),
                                   glm::dot(glm::cross(thigh, shin), axis));
    const float c1 = std::clamp((d * d - l1 * l1 - l2 * l2) * 0.5f * invL1L2, -1.0f, 1.0f);
    const float s1 = std::sqrt(std::max(0.0f, 1.0f - c1 * c1));
    const float cd = c1 * c0 + s1 * s0, sd = s1 * c0 - c1 * s0;
    // (1 + cos, sin x axis) normalized is the rotation by that angle, accurate for small ones;
    // its length is sqrt(2 (1 + cos)).
    const float n = cd > -1.0f + 1e-6f ? 1.0f / std::sqrt(2.0f * (1.0f + cd)) : 0.0f;
    const float sa = sd * n * invAxis;
    const glm::quat hinge = n > 0.0f ? glm::quat((1.0f + cd) * n, axis.x * sa, axis.y * sa, axis.z * sa)
                                     : glm::quat(0.0f, axis.x * invAxis, axis.y * invAxis, axis.z * invAxis);
    const glm::vec3 ankle1 = knee + hinge * shin;

    // 2. The hip aims the leg at the target by the smallest rotation, which carries the knee's
    //    plane along (the pole stays the pose's). The ankle is now d from the hip. (Both
    //    directions are scaled to unit length by one factor.)
    const glm::vec3 from = ankle1 - hip;
    const float invDDt = 1.0f / (d * dt);
    const float c = glm::dot(from, toTarget) * invDDt;
    glm::quat aim;
    if (c > 1.0f - 1e-7f || c < -1.0f + 1e-7f) {
        aim = shortestArc(from * (1.0f / d), toTarget * (1.0f / dt));
    } else {
        const glm::vec3 across = glm::cross(from, toTarget) * invDDt;
        const float k = 1.0f / std::sqrt((1.0f + c) * 2.0f);  // unit inputs give a unit quaternion
        aim = glm::quat((1.0f + c) * k, across.x * k, across.y * k, across.z * k);
    }

    r.hipDelta = aim;
    r.kneeDelta = aim * hinge;
    r.knee = hip + aim * thigh;
    r.ankle = r.knee + r.kneeDelta * shin;
    return r;
}

}  // namespace gs

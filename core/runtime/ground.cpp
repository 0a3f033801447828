// GroundJob (gaitspace/runtime/ground.h): the pose made on flat ground carried onto the surface
// the game's ground query gives, feet and pelvis by the leg IK.

#include <gaitspace/runtime/ground.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/runtime/float_environment.h"

namespace gs {
namespace {

// Normals flatter than this (y) are walls, not ground.
constexpr float kMinNormalY = 0.1f;
// Metres the heel rises over the toe (above the foot flat) for the foot to turn about its toe.
constexpr float kHeelLiftM = 0.03f;

// The query's hit at (x, z) near y, checked; false when there is none (or it is not usable).
bool surfaceAt(const GroundQuery& query, float x, float y, float z, GroundHit& hit) {
    GroundHit h;
    if (!query.function(query.user, x, y, z, &h)) return false;
    const float n2 = glm::dot(h.normal, h.normal);
    if (!std::isfinite(h.height) || !std::isfinite(n2) || !(n2 > 1e-12f)) return false;
    h.normal /= std::sqrt(n2);
    if (!(h.normal.y > kMinNormalY)) return false;
    hit = h;
    return true;
}

// The share of the way a first-order follow with time constant `seconds` goes in one step.
float followShare(float seconds, float dt) {
    return seconds > 0.0f ? 1.0f - std::exp(-dt / seconds) : 1.0f;
}

// The rotation turning +Y toward `normal`, by at most maxAngle radians.
glm::quat tiltToward(const glm::vec3& normal, float maxAngle) {
    const glm::vec3 axis = glm::cross(glm::vec3(0.0f, 1.0f, 0.0f), normal);
    const float s = glm::length(axis);
    if (s < 1e-6f) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
    const float angle = std::min(std::atan2(s, normal.y), maxAngle);
    return glm::angleAxis(angle, axis / s);
}

// One foot's surface: its height (the heel's, raised where the toe's tread stands higher than
// the heel's slope puts it) and the normal under the heel. `fallback`: the surface under the root.
GroundHit footSurface(const GroundQuery& query, const glm::vec3& ankle, const glm::vec3& toe,
                      float nearY, const GroundHit& fallback) {
    GroundHit heel = fallback;
    surfaceAt(query, ankle.x, nearY, ankle.z, heel);
    GroundHit tip;
    if (!surfaceAt(query, toe.x, nearY, toe.z, tip)) return heel;
    // The toe's height over the plane through the heel's surface.
    const glm::vec2 along(toe.x - ankle.x, toe.z - ankle.z);
    const glm::vec2 slope = -glm::vec2(heel.normal.x, heel.normal.z) / heel.normal.y;
    const float onPlane = heel.height + glm::dot(along, slope);
    GroundHit foot = heel;
    foot.height += std::max(0.0f, tip.height - onPlane);
    return foot;
}

// How much lower the hip must be for a leg to reach `target` within `reach` (<= 0).
float pelvisNeed(const glm::vec3& hip, const glm::vec3& target, float reach) {
    const glm::vec2 across(target.x - hip.x, target.z - hip.z);
    const float h2 = std::min(glm::dot(across, across), reach * reach);
    const float down = std::sqrt(reach * reach - h2);  // the longest vertical reach there
    return std::min(0.0f, down - (hip.y - target.y));
}

// Whether both feet's targets are where the carried pose, raised by `lift`, puts their ankles
// (within kLevelM) with their soles untilted: the leg IK would give the legs back as they are.
constexpr float kLevelM = 1e-4f;
bool isLevel(const glm::vec3 (&target)[2], const glm::quat (&tilt)[2], const Transform* world,
             const LegRig& legs, float lift = 0.0f) {
    for (int k = 0; k < 2; ++k) {
        glm::vec3 off = target[k] - world[legs.legs[k].ankle].translation;
        off.y -= lift;
        if (glm::dot(off, off) > kLevelM * kLevelM || tilt[k].w < 1.0f) return false;
    }
    return true;
}

struct CharacterGround {
    const GroundJob& job;
    const Skeleton& sk;
    float dt;

    void run(CharacterState& st, glm::quat* rot, glm::vec3& root, Transform* world) const;
};

void CharacterGround::run(CharacterState& st, glm::quat* rot, glm::vec3& root,
                          Transform* world) const {
    const GroundSettings& s = job.settings;
    CharacterState::Surface& g = st.surface;
    const bool follow = g.known && job.advance;
    // The surface under the root, followed.
    GroundHit under{g.height, glm::vec3(0.0f, 1.0f, 0.0f)};
    surfaceAt(job.query, root.x, g.height, root.z, under);
    if (!g.known)
        g.height = under.height;
    else if (job.advance)
        g.height += (under.height - g.height) * followShare(s.rootFollowSeconds, dt);
    const int joints = sk.jointCount();
    if (!st.legs.isValid()) {
        root.y += g.height;
        for (int j = 0; j < joints; ++j) world[j].translation.y += g.height;
        g.known = true;
        return;
    }
    // Each foot's target: the ankle raised by its surface, the foot tilted toward its normal.
    glm::vec3 target[2];
    glm::quat tilt[2];
    for (int k = 0; k < 2; ++k) {
        const Leg& leg = st.legs.legs[k];
        const glm::vec3 ankle = world[leg.ankle].translation, toe = world[leg.toe].translation;
        g.flat[k] = glm::vec2(ankle.y, toe.y);
        const GroundHit foot = footSurface(job.query, ankle, toe, g.height, under);
        float wanted = foot.height - g.height;
        const bool planted = st.foot[k].weight > 0.0f || st.foot[k].planted;
        if (!follow || planted) {
            g.foot[k] = wanted;
        } else {
            // Swinging: a surface rising ahead of the toe is stepped over.
            GroundHit ahead;
            const glm::vec3 front = toe + 0.5f * (toe - ankle);
            if (surfaceAt(job.query, front.x, g.height, front.z, ahead))
                wanted = std::max(wanted, ahead.height - g.height);
            const float most = s.footFollowSpeed * dt;
            g.foot[k] += std::clamp(wanted - g.foot[k], -most, most);
        }
        // The foot turns about its heel while flat, about its toe once the heel is up (the
        // point the foot lock holds), so that the tilt does not slide it; the point turned about
        // is raised onto the heel's slope.
        const glm::vec3 d = toe - ankle;
        const float drop = ankle.y - toe.y;
        if (planted) g.flatDrop[k] = std::min(g.flatDrop[k], drop);
        const float t =
            planted ? std::clamp((drop - g.flatDrop[k]) / kHeelLiftM, 0.0f, 1.0f) : 0.0f;
        const glm::vec2 slope = -glm::vec2(foot.normal.x, foot.normal.z) / foot.normal.y;
        const float raise = g.height + g.foot[k] + t * glm::dot(glm::vec2(d.x, d.z), slope);
        tilt[k] = tiltToward(foot.normal, s.maxFootTilt);
        const glm::vec3 lever = -t * d;  // from the point turned about to the ankle
        target[k] = ankle + glm::vec3(0.0f, raise, 0.0f) + (tilt[k] * lever - lever);
    }
    // The pelvis lowered to keep both legs within reach of their targets; not where both feet
    // stand as the clip has them (level ground): there the legs are the clip's own, however
    // straight.
    float need = 0.0f;
    if (!isLevel(target, tilt, world, st.legs, g.height))
        for (int k = 0; k < 2; ++k) {
            const Leg& leg = st.legs.legs[k];
            const glm::vec3 hip = world[leg.hip].translation + glm::vec3(0.0f, g.height, 0.0f);
            need = std::min(need, pelvisNeed(hip, target[k], s.legReach * (leg.thigh + leg.shin)));
        }
    need = std::max(need, -s.maxPelvisDrop);
    g.pelvis = follow ? std::min(need, g.pelvis + s.pelvisRaiseSpeed * dt) : need;
    // The whole pose carried up, then each leg turned onto its target.
    const float shift = g.height + g.pelvis;
    root.y += shift;
    for (int j = 0; j < joints; ++j) world[j].translation.y += shift;
    g.known = true;
    // On level ground the carried pose already has each foot on its target: no leg to turn.
    if (isLevel(target, tilt, world, st.legs)) return;
    LegIkInput in[2];
    for (int k = 0; k < 2; ++k) {
        const Leg& leg = st.legs.legs[k];
        const Transform &ankle = world[leg.ankle], &toe = world[leg.toe];
        const glm::vec3 hint =
            leg.toe != leg.ankle && leg.foot > 1e-3f
                ? (toe.translation - ankle.translation) / leg.foot
                : glm::vec3(std::sin(st.ground.heading), 0.0f, std::cos(st.ground.heading));
        in[k] = LegIkInput{world[leg.hip].translation,
                           world[leg.knee].translation,
                           ankle.translation,
                           target[k],
                           hint,
                           leg.thigh,
                           leg.shin,
                           world[sk.parents[leg.hip]].rotation,
                           world[leg.hip].rotation,
                           world[leg.knee].rotation,
                           tilt[k] * ankle.rotation};
    }
    LegIkResult out[2];
    solveLegIk(in, 2, out, job.ik);
    // The legs' joints through forward kinematics again (depth-first: parents first); the rest
    // of the pose only moved up.
    for (int k = 0; k < 2; ++k) {
        const Leg& leg = st.legs.legs[k];
        rot[leg.hip] = out[k].hipLocal;
        rot[leg.knee] = out[k].kneeLocal;
        rot[leg.ankle] = out[k].ankleLocal;
        for (int j = leg.hip; j < leg.subtreeEnd; ++j) {
            const Transform& parent = world[sk.parents[j]];
            world[j] = Transform{parent.rotation * rot[j],
                                 parent.translation + parent.rotation * sk.restOffsets[j]};
        }
    }
}

}  // namespace

Status GroundSettings::validate() const {
    if (!(rootFollowSeconds >= 0.0f && rootFollowSeconds <= 2.0f))
        return Status::error("ground: the root's follow time must be in [0, 2] s");
    if (!(footFollowSpeed > 0.0f && footFollowSpeed <= 20.0f))
        return Status::error("ground: the feet's follow speed must be in (0, 20] m/s");
    if (!(pelvisRaiseSpeed > 0.0f && pelvisRaiseSpeed <= 10.0f))
        return Status::error("ground: the pelvis's raise speed must be in (0, 10] m/s");
    if (!(maxPelvisDrop >= 0.0f && maxPelvisDrop <= 1.0f))
        return Status::error("ground: the pelvis's drop must be in [0, 1] m");
    if (!(legReach >= 0.8f && legReach <= 1.0f))
        return Status::error("ground: the legs' reach must be in [0.8, 1] of their length");
    if (!(maxFootTilt >= 0.0f && maxFootTilt <= 1.2f))
        return Status::error("ground: the feet's tilt must be in [0, 1.2] radians");
    return Status::ok();
}

Status GroundJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!query) return Status::error("ground: no ground query");
    if (!space || space->skeleton.jointCount() == 0) return Status::error("ground: no space");
    const size_t joints = static_cast<size_t>(space->skeleton.jointCount());
    if (localRotations.size() < characters.size() * joints ||
        world.size() < characters.size() * joints || rootPositions.size() < characters.size())
        return Status::error("ground: an output is smaller than the characters need");
    return Status::ok();
}

Status GroundJob::run() {
    if (Status s = validate(); !s) return s;
    const detail::DefaultFloatEnvironment environment;
    const size_t joints = static_cast<size_t>(space->skeleton.jointCount());
    const CharacterGround one{*this, space->skeleton, 1.0f / space->fps};
    for (size_t c = 0; c < characters.size(); ++c)
        one.run(characters[c], localRotations.data() + c * joints, rootPositions[c],
                world.data() + c * joints);
    return Status::ok();
}

}  // namespace gs

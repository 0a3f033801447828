// The foot lock (LocomotionSettings::footLock), the last stage of the locomotion update: each
// planted foot held where it touched down, its ball where it came down, by two-bone IK of its leg,
// and the leg solves batched eight at a time (LegIkBatch). See locomotion_stages.h.

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <utility>

#include "core/runtime/lanes.h"
#include "core/runtime/locomotion_stages.h"
#include "core/runtime/skeleton_walk.h"

namespace gs::locomotion {
namespace {

float smoothstep01(float x) { return x * x * (3.0f - 2.0f * x); }

// Foot lock: a toe that the clips bring down onto the floor by the next frame, dropping more
// than this (metres), is landing and pinned a frame early (see lockFoot).
constexpr float kLandingDrop = 0.01f;

// A lock letting go gives the knee back the bend it took at most this fast (radians per second,
// 45 degrees per second), lifting off over no more than 1 / kKneeReturnMinShare times the fade's
// own frames (see kneePacedStep).
constexpr float kKneeReturnSpeed = 0.25f * std::numbers::pi_v<float>;
constexpr float kKneeReturnMinShare = 0.25f;

// The ball's hold turns a planted foot about its ankle by at most this (radians, 10 degrees),
// so that a flat foot keeps the heading it came down with while the blend turns it (a style
// taking over with its toes turned out further, a turn blended in during a stance); a foot
// the blend turns further pivots on its ball. 10 degrees keeps the heels' slide lowest without
// twisting the foot against the shin (docs/results/foot-lock.md).
constexpr float kToeHoldMaxTurn = 0.17f;
const float kToeHoldMaxSin = std::sin(kToeHoldMaxTurn), kToeHoldMaxCos = std::cos(kToeHoldMaxTurn);

// The foot lock's target for the ankle at lock weight w: the blended ankle moved by the faded
// offset, lifted so that the foot (which keeps its blended pitch and roll) is not below the floor.
GS_LANES_INLINE glm::vec3 lockTarget(const FootLockConstants& settings,
                                     const CharacterState::FootLock& fl, float w,
                                     const glm::vec3& ankle, const glm::vec3& toe) {
    glm::vec3 target = ankle + smoothstep01(w) * glm::vec3(fl.offset.x, 0.0f, fl.offset.y);
    const float below = settings.floor - std::min(ankle.y, toe.y);
    if (below > 0.0f) target.y += below;
    return target;
}

// acos(x) for x in [-1, 1], within 7e-5 radians (Abramowitz and Stegun 4.4.45).
float fastAcos(float x) {
    const float t = std::abs(x);
    const float r =
        std::sqrt(1.0f - t) * (1.5707288f + t * (-0.2121144f + t * (0.0742610f - 0.0187293f * t)));
    return x < 0.0f ? std::numbers::pi_v<float> - r : r;
}

// How far a two-bone leg is bent (radians; 0 = straight) with its ankle at squared distance d2
// from its hip.
float kneeBend(const Leg& leg, float d2) {
    const float a = leg.thigh, b = leg.shin;
    return std::numbers::pi_v<float> -
           fastAcos(std::clamp((a * a + b * b - d2) / (2.0f * a * b), -1.0f, 1.0f));
}

float distance2(const glm::vec3& a, const glm::vec3& b) { return glm::dot(a - b, a - b); }

// A lock fading out gives the knee back the bend it took no faster than settings.kneeReturn
// (radians per frame) on top of the blended knee's own motion: the weight step of at most `step`
// (and at least kKneeReturnMinShare of it, so that the lock always lets go) that keeps what the
// lock's bend deficit gives back since the last frame within that (a deficit that grows as the
// blended knee moves on is not held back), interpolated between no step and the whole one. At
// lift-off the held foot lies behind the blended one with the leg straighter; given back over the
// fade's three frames, the knee snapped as it flexed for the swing. The figures:
// docs/results/foot-lock.md#the-figures-behind-the-defaults
float kneePacedStep(const FootLockConstants& settings, const Leg& leg, CharacterState::FootLock& fl,
                    bool known, const glm::vec3& hip, const glm::vec3& ankle, const glm::vec3& toe,
                    float step) {
    if (!(settings.kneeReturn > 0.0f && leg.thigh > 0.0f && leg.shin > 0.0f) || !fl.hasLast)
        return step;
    // The lock's bend deficit: shown at the last step (the offset has not changed since), and
    // after a step of s now.
    auto bendTo = [&](float w, const glm::vec3& h, const glm::vec3& a, const glm::vec3& t) {
        return kneeBend(leg, distance2(lockTarget(settings, fl, w, a, t), h));
    };
    const float before = known ? fl.kneeDeficit
                               : bendTo(fl.weight, fl.lastHip, fl.lastAnkle, fl.lastToe) -
                                     kneeBend(leg, distance2(fl.lastAnkle, fl.lastHip));
    const float blended = kneeBend(leg, distance2(ankle, hip));
    auto after = [&](float s) {
        return bendTo(std::max(0.0f, fl.weight - s), hip, ankle, toe) - blended;
    };
    auto back = [&](float d) { return before < 0.0f ? d - before : before - d; };
    fl.kneeKnown = true;
    const float whole = after(step);
    fl.kneeDeficit = whole;
    if (back(whole) <= settings.kneeReturn) return step;
    const float least = kKneeReturnMinShare * step;
    const float none = after(0.0f);
    float s = least;
    if (back(none) < settings.kneeReturn)
        s = std::clamp(step * (settings.kneeReturn - back(none)) / (back(whole) - back(none)),
                       least, step);
    fl.kneeDeficit = none + (whole - none) * (s / step);
    return s;
}

// A ground vector (x, z) turned about +Y by the angle whose sine is `sine` (and cosine positive).
inline glm::vec2 turnedBy(const glm::vec2& v, float sine) {
    const float c = std::sqrt(std::max(0.0f, 1.0f - sine * sine));
    return {c * v.x + sine * v.y, c * v.y - sine * v.x};
}

// The ball's hold (see CharacterState::FootLock), after the lock's weight and offset are
// updated for this step: `down` is a planted foot with its toe at the floor. The toe is pinned
// where it is shown when it comes down. From then on the foot turns about the vertical so that
// it points from the held heel at the pin (by at most kToeHoldMaxTurn), and the ankle is held at
// the pin less the turned foot: the foot rolls on its ball, whose slide the blend's change of
// heading or of the foot's pitch would otherwise show. Fading in, the shown turn is kept, as the
// offset is; lifted, the turn fades out with the lock's weight. No trigonometry: the turn is
// kept as its sine.
GS_LANES_INLINE void holdToe(const FootLockConstants& settings, CharacterState::FootLock& fl,
                             bool down, const glm::vec3& ankle, const glm::vec3& toe) {
    if (!down || !(fl.weight > 0.0f)) {
        fl.toePinned = false;
        return;
    }
    const float shown = smoothstep01(fl.weight);
    const glm::vec2 blendedHeel(ankle.x, ankle.z);
    const glm::vec2 heel = blendedHeel + shown * fl.offset;
    const glm::vec2 foot(toe.x - ankle.x, toe.z - ankle.z);
    if (!fl.toePinned) {
        fl.toePin = heel + turnedBy(foot, shown * fl.turnSine);
        fl.toePinned = true;
        return;
    }
    const glm::vec2 wanted = fl.toePin - heel;
    const float lengths2 = glm::dot(foot, foot) * glm::dot(wanted, wanted);
    if (!(lengths2 > 1e-12f)) return;
    // The turn from the blended foot's heading to the pin's: its sine and cosine (x toward z is a
    // turn to the right), limited to kToeHoldMaxTurn.
    const float inv = 1.0f / std::sqrt(lengths2);
    float sine = (wanted.x * foot.y - wanted.y * foot.x) * inv;
    const float cosine = glm::dot(wanted, foot) * inv;
    if (cosine < kToeHoldMaxCos || std::abs(sine) > kToeHoldMaxSin)
        sine = std::copysign(kToeHoldMaxSin, sine);
    fl.turnSine = sine / shown;
    fl.offset = (fl.toePin - turnedBy(foot, sine) - blendedHeel) / shown;
    const float len2 = glm::dot(fl.offset, fl.offset);
    if (len2 > settings.maxOffset2) fl.offset *= settings.maxOffset / std::sqrt(len2);
}

// The world transforms of a leg: its parent's, its hip's, knee's, ankle's and toe's.
struct LegWorld {
    const Transform &parent, &hip, &knee, &ankle, &toe;
};

// lockFoot on the leg's world transforms `at`; world: the character's (written by the batch), or
// null. Inlined into both of lockFoot's cases, so that the character's transforms are read in
// place rather than copied (docs/results/foot-lock.md#the-figures-behind-the-defaults).
GS_LANES_INLINE void lockLeg(const FootLockConstants& settings, const Leg& leg,
                             CharacterState::FootLock& fl, bool otherPlanted, float contactWeight,
                             float toeNext, bool advance, float bodyStep2, float heading,
                             glm::quat* rot, const LegWorld& at, Transform* world,
                             LegIkBatch& batch) {
    const Transform &parent = at.parent, &hip = at.hip, &knee = at.knee, &ankle = at.ankle,
                    &toe = at.toe;
    if (advance) {
        // The knee's deficit is known from the last step only if it was fading out then too.
        const bool kneeKnown = std::exchange(fl.kneeKnown, false);
        // Planted, any of:
        // - the clips have the foot down (weighted contact >= 0.5) and it does not slide fast
        //   (blends of clips whose stances differ move the foot on while one clip has it down),
        //   or it does but was planted and its toe is still at the floor: a blend that changes
        //   during a stance (steering through a turn) moved the blended foot 10-20 cm in a
        //   frame, and a lock let go there skated that far;
        // - the toe is at the floor, or the clips bring it down onto the floor by the next frame
        //   dropping more than kLandingDrop (landing), and it moves at most twice as fast as the
        //   body. A forefoot runner's toe comes down 3-4 cm and 10-15 cm forward in its last
        //   frame, faster than the body: pinned only once it was down, it skated that far (the
        //   clips' contacts start later still, once the toe is slower than 0.5 m/s). A swinging
        //   toe passes the floor faster (a brisk walk's toe skims it at 5 m/s, three times the
        //   body's speed, 1.5-3 cm up): held there, the foot stopped mid-swing and came back
        //   over the next stance with the leg stretched straight.
        const bool contact = contactWeight >= 0.5f;
        const bool nearFloor = toe.translation.y - settings.floor < settings.height;
        const bool landing = toeNext - settings.floor < settings.height &&
                             toe.translation.y - toeNext > kLandingDrop;
        // A foot on its ball that the clips still have down stays planted, and the ball's hold
        // places it (holdToe): no slide to work out.
        const bool onBall = fl.toePinned && contact && fl.planted && nearFloor;
        // The foot rolls on the point between heel (ankle) and ball (toe) that moves least; the
        // lock cancels that point's slide (needed only for a foot that may be planted).
        glm::vec2 slide(0.0f);
        if (!onBall && fl.hasLast && (contact || nearFloor || landing)) {
            const glm::vec3 va = ankle.translation - fl.lastAnkle,
                            vt = toe.translation - fl.lastToe;
            const glm::vec3 dv = vt - va;
            const float dd = glm::dot(dv, dv);
            const float s = dd > 1e-12f ? std::clamp(-glm::dot(va, dv) / dd, 0.0f, 1.0f) : 0.5f;
            const glm::vec3 v = va + s * dv;
            slide = glm::vec2(v.x, v.z);
        }
        const float slide2 = glm::dot(slide, slide);
        const float maxSlide2 = settings.maxSlide2;
        const bool notFast =
            slide2 <= 4.0f * std::max(bodyStep2, maxSlide2);  // twice the body's step
        const bool planted = onBall || ((nearFloor || landing) && notFast) ||
                             (contact && (slide2 <= maxSlide2 || (fl.planted && nearFloor)));
        if (planted) {
            // Fading in, the shown offset (smoothstep(weight) x offset) is kept, so a foot that
            // touches down again while still fading out does not jump. The slide is cancelled
            // from the frame after touch-down on: the foot is pinned where it touched down.
            if (fl.weight < 1.0f) {
                const float before = smoothstep01(fl.weight);
                fl.weight = std::min(1.0f, fl.weight + settings.fadeInStep);
                const float now = smoothstep01(fl.weight);
                fl.offset *= before / now;
                fl.turnSine *= before / now;
            }
            if (fl.planted) fl.offset -= slide;
            const float len2 = glm::dot(fl.offset, fl.offset);
            if (len2 > settings.maxOffset2) fl.offset *= settings.maxOffset / std::sqrt(len2);
        } else if (fl.weight > 0.0f) {
            // Fading out, the foot goes back to the blended foot no faster than footLockReturnSpeed
            // (a foot that is free already has no offset to fade).
            float step = settings.fadeOutStep;
            const float back =
                1.5f * glm::length(fl.offset);  // smoothstep's steepest slope x offset
            if (back * step * settings.fps > settings.returnSpeed)
                step = settings.returnSpeed / (settings.fps * back);
            // While the other foot is down: lifted into a run's flight, the knee flexes at the
            // clips' pace and is not held back.
            if (otherPlanted)
                step = kneePacedStep(settings, leg, fl, kneeKnown, hip.translation,
                                     ankle.translation, toe.translation, step);
            fl.weight = std::max(0.0f, fl.weight - step);
            if (fl.weight <= 0.0f) {
                fl.offset = glm::vec2(0.0f);
                fl.turnSine = 0.0f;
            }
        }
        holdToe(settings, fl, planted && nearFloor, ankle.translation, toe.translation);
        fl.planted = planted;
        fl.lastAnkle = ankle.translation;
        fl.lastToe = toe.translation;
        if (fl.weight > 0.0f) fl.lastHip = hip.translation;  // read only by a lock fading out next
        fl.hasLast = true;
    }

    // A free foot above the floor stays as the clips have it.
    if (fl.weight <= 0.0f && std::min(ankle.translation.y, toe.translation.y) >= settings.floor)
        return;
    const glm::vec3 target =
        lockTarget(settings, fl, fl.weight, ankle.translation, toe.translation);
    const float turnSine = smoothstep01(fl.weight) * fl.turnSine;
    const glm::vec3 move = target - ankle.translation;
    if (glm::dot(move, move) < 1e-8f && std::abs(turnSine) < 1e-4f)
        return;  // under 0.1 mm: not worth a solve

    // Knees bend toward where the foot points (a hint for a straight leg only).
    const glm::vec3 hint = leg.toe != leg.ankle && leg.foot > 1e-3f
                               ? (toe.translation - ankle.translation) * (1.0f / leg.foot)
                               : glm::vec3(std::sin(heading), 0.0f, std::cos(heading));
    PendingLeg pending{&leg, rot, world, FootTurn{}, false};
    if (std::abs(turnSine) >= 1e-4f) {
        pending.footTurn = FootTurn::fromSine(turnSine);
        pending.turned = true;
    }
    batch.add(pending, parent, hip, knee, ankle, target, hint);
}

// The foot lock of one leg (see LocomotionSettings::footLock): updates the lock from the blended
// foot when time advances, then hands hip, knee and ankle to the batch, which turns them so that
// the foot lands on its target. otherPlanted: the other foot was planted at the last step;
// contactWeight: how far the clips have this foot down (their
// weighted contact, 0-1); toeNext: how high the clips have its toe one frame on (world metres;
// +infinity when unknown); bodyStep2: the square of how far the body moved on the ground this
// step (square metres); heading: the character's; rot: its local rotations (written by the
// batch); world: its world transforms, or null (written by the batch).
GS_LANES_INLINE void lockFoot(const BakedBehavioralSpace& bs, const FootLockConstants& settings,
                              const Leg& leg, CharacterState::FootLock& fl, bool otherPlanted,
                              float contactWeight, float toeNext, bool advance, float bodyStep2,
                              float heading, glm::quat* rot, const glm::vec3& root,
                              Transform* world, LegIkBatch& batch) {
    const Skeleton& sk = bs.skeleton;
    const int hipParent = sk.parents[leg.hip];
    if (world) {
        // Read in place.
        const LegWorld at{world[hipParent], world[leg.hip], world[leg.knee], world[leg.ankle],
                          world[leg.toe]};
        lockLeg(settings, leg, fl, otherPlanted, contactWeight, toeNext, advance, bodyStep2,
                heading, rot, at, world, batch);
        return;
    }
    // Without the character's world transforms, the leg's are worked out from the root.
    const Transform parent = worldOf(sk, rot, root, hipParent);
    const Transform hip = parent * Transform{rot[leg.hip], sk.restOffsets[leg.hip]};
    const Transform knee = hip * Transform{rot[leg.knee], sk.restOffsets[leg.knee]};
    const Transform ankle = knee * Transform{rot[leg.ankle], sk.restOffsets[leg.ankle]};
    const Transform toe = descend(sk, rot, ankle, leg.ankle, leg.toe);
    lockLeg(settings, leg, fl, otherPlanted, contactWeight, toeNext, advance, bodyStep2, heading,
            rot, LegWorld{parent, hip, knee, ankle, toe}, nullptr, batch);
}

}  // namespace

FootLockConstants::FootLockConstants(const BakedBehavioralSpace& bs, const LocomotionSettings& s)
    : floor(bs.floorHeight),
      fps(bs.fps),
      height(s.footLockHeight),
      maxSlide2((s.footLockMaxSpeed / bs.fps) * (s.footLockMaxSpeed / bs.fps)),
      fadeInStep(1.0f / static_cast<float>(s.footLockFadeInFrames)),
      fadeOutStep(1.0f / static_cast<float>(s.footLockFadeOutFrames)),
      maxOffset(s.footLockMaxOffset),
      maxOffset2(s.footLockMaxOffset * s.footLockMaxOffset),
      returnSpeed(s.footLockReturnSpeed),
      kneeReturn(kKneeReturnSpeed / bs.fps) {}

void LegIkBatch::add(const PendingLeg& leg, const Transform& parent, const Transform& hip,
                     const Transform& knee, const Transform& ankle, const glm::vec3& target,
                     const glm::vec3& hint) {
    m_inputs[m_count] = LegIkInput{hip.translation,
                                   knee.translation,
                                   ankle.translation,
                                   target,
                                   hint,
                                   leg.leg->thigh,
                                   leg.leg->shin,
                                   parent.rotation,
                                   hip.rotation,
                                   knee.rotation,
                                   leg.turned ? leg.footTurn(ankle.rotation) : ankle.rotation};
    m_pending[m_count++] = leg;
    if (m_count == kIkLanes) flush();
}

void LegIkBatch::flush() {
    if (m_count == 0) return;
    LegIkResult results[kIkLanes];
    solveLegIk(m_inputs, m_count, results, m_settings);
    for (int i = 0; i < m_count; ++i) apply(m_pending[i], m_inputs[i], results[i]);
    m_count = 0;
}

// Writes the turned hip, knee and ankle; the foot keeps its world rotation, turned by the pending
// leg's footTurn.
void LegIkBatch::apply(const PendingLeg& p, const LegIkInput& in, const LegIkResult& ik) const {
    const Leg& leg = *p.leg;
    p.rot[leg.hip] = ik.hipLocal;
    p.rot[leg.knee] = ik.kneeLocal;
    p.rot[leg.ankle] = ik.ankleLocal;
    if (!p.world) return;
    // The leg's world transforms: whatever hangs off the ankle only moves with it; anything
    // else on the leg goes through forward kinematics.
    Transform* world = p.world;
    world[leg.hip].rotation = ik.hipWorld;
    world[leg.knee] = Transform{ik.kneeWorld, ik.knee};
    world[leg.ankle] = Transform{in.ankleRotation, ik.ankle};
    if (p.turned) {
        for (int j = leg.ankle + 1; j < leg.ankleEnd; ++j)
            world[j] = Transform{p.footTurn(world[j].rotation),
                                 ik.ankle + p.footTurn(world[j].translation - in.ankle)};
    } else {
        const glm::vec3 shift = ik.ankle - in.ankle;
        for (int j = leg.ankle + 1; j < leg.ankleEnd; ++j) world[j].translation += shift;
    }
    // Anything else on the leg (a joint beside the chain) through forward kinematics, in order.
    if (leg.subtreeEnd - leg.hip == leg.ankleEnd - leg.ankle + 2)
        return;  // hip, knee and the ankle's joints alone
    for (int j = leg.hip + 1; j < leg.subtreeEnd; ++j) {
        if (j == leg.knee || (j >= leg.ankle && j < leg.ankleEnd)) continue;
        const Transform& parent = world[m_skeleton.parents[j]];
        world[j] = Transform{parent.rotation * p.rot[j],
                             parent.translation + parent.rotation * m_skeleton.restOffsets[j]};
    }
}

// ---- the stage

void lockFeet(const Context& cx, size_t first, std::span<Step> steps, LegIkBatch& legs) {
    const LocomotionJob& job = cx.job;
    if (!job.settings.footLock || !cx.posing) return;
    const size_t joints = static_cast<size_t>(cx.joints);
    const float unknown =
        std::numeric_limits<float>::infinity();  // the plain path: no landing seen
    for (size_t n = 0; n < steps.size(); ++n) {
        const size_t c = first + n;
        CharacterState& st = job.characters[c];
        if (!st.legs.isValid()) continue;
        const Step& sp = steps[n];
        const float bodyStep2 =
            sp.displacement.x * sp.displacement.x + sp.displacement.y * sp.displacement.y;
        const glm::vec2 toeNext =
            cx.toeAhead ? glm::vec2(sp.footHeights.z, sp.footHeights.w) : glm::vec2(unknown);
        Transform* w = job.world.empty() ? nullptr : job.world.data() + c * joints;
        const bool plantedBefore[2] = {st.foot[0].planted, st.foot[1].planted};
        for (int k = 0; k < 2; ++k)
            lockFoot(cx.bs, cx.footLock, st.legs.legs[k], st.foot[k], plantedBefore[1 - k],
                     sp.contact[k], toeNext[k], job.advance, bodyStep2, st.ground.heading,
                     job.localRotations.data() + c * joints, job.rootPositions[c], w, legs);
    }
}

}  // namespace gs::locomotion

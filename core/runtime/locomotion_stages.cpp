#include "core/runtime/locomotion_stages.h"

#include <gaitspace/runtime/warp_table.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <utility>

#include "core/runtime/lanes.h"
#include "core/runtime/warp_lookup.h"

namespace gs::locomotion {
namespace {

float wrapPhase(float x, float period) {
    // The usual case without a library call (x - period is exact there, as fmod is).
    if (x >= 0.0f && x < period) return x;
    if (x >= period && x < 2.0f * period) return x - period;
    x = std::fmod(x, period);
    return x < 0.0f ? x + period : x;
}

// Root displacement (dx, dz, dyaw) of a clip advancing from frame f0 to f1 (f0 <= f1 < f0 + L),
// summed in the ground frame at f0 (the heading changes by well under a degree per frame).
glm::vec3 integrateSteps(const BakedClip& clip, float f0, float f1) {
    const int L = clip.cycleFrames();
    glm::vec3 sum(0.0f);
    float f = f0;
    for (int guard = 0; f < f1 && guard < 2 * L + 2; ++guard) {
        const float segEnd = std::floor(f) + 1.0f;
        const float end = std::min(segEnd, f1);
        int i = static_cast<int>(std::floor(f));
        i = i < L ? i : i % L;
        sum += clip.step[i] * (end - f);
        f = end;
    }
    return sum;
}

// World transform of joint j for local rotations `rot` (joint 0 = the root's world rotation).
Transform worldOf(const Skeleton& sk, const glm::quat* rot, const glm::vec3& root, int j) {
    int path[limits::kMaxJoints];
    int n = 0;
    for (int k = j; k > 0; k = sk.parents[k]) path[n++] = k;
    Transform t{rot[0], root};
    while (n > 0) {
        const int k = path[--n];
        t = Transform{t.rotation * rot[k], t.translation + t.rotation * sk.restOffsets[k]};
    }
    return t;
}

// World transform of `to`, a descendant of `from` whose world transform is `at`.
Transform descend(const Skeleton& sk, const glm::quat* rot, Transform at, int from, int to) {
    int path[limits::kMaxJoints];
    int n = 0;
    for (int k = to; k != from && k > 0; k = sk.parents[k]) path[n++] = k;
    while (n > 0) {
        const int k = path[--n];
        at = Transform{at.rotation * rot[k], at.translation + at.rotation * sk.restOffsets[k]};
    }
    return at;
}

float smoothstep01(float x) { return x * x * (3.0f - 2.0f * x); }

// How far to lift (or lower) a blended pose so that its feet are as high as its clips have them
// (`feet`: the clips' foot heights, weighted as they are blended). Rotations average on the
// sphere while root heights average on a line, so a blend of a pose leaning into a turn with an
// upright one reaches lower than either: a run's blends sank its feet 3-4 cm into the floor. The
// lower foot (the one the clips have lower) counts most, weighed smoothly, so the lift moves
// continuously from one stance to the next. world: the pose's world transforms, or null (then
// the feet are found by forward kinematics of the legs).
float footHeightCorrection(const Skeleton& sk, const LegRig& legs, const glm::vec2& feet, const glm::quat* rot,
                           const glm::vec3& root, const Transform* world) {
    constexpr float kSpread = 0.02f;  // metres: a foot this much higher than the other counts 1/e as much
    float sum = 0.0f, weights = 0.0f;
    const float lowest = std::min(feet.x, feet.y);
    for (int k = 0; k < 2; ++k) {
        const Leg& leg = legs.legs[k];
        float height;
        if (world) {
            height = std::min(world[leg.ankle].translation.y, world[leg.toe].translation.y);
        } else {
            const Transform ankle = worldOf(sk, rot, root, leg.ankle);
            height = std::min(ankle.translation.y, descend(sk, rot, ankle, leg.ankle, leg.toe).translation.y);
        }
        const float w = std::exp((lowest - feet[k]) / kSpread);
        sum += w * (feet[k] - height);
        weights += w;
    }
    return sum / weights;
}

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
// the blend turns further pivots on its ball. Measured on Bandai's active walk (40 goals, seed
// 7): with the ball pinned and no turn the heels slid 1.69 cm/s, turned by up to 5, 10 or 20
// degrees 1.51, 1.51 and 1.56 (the toes 0.41 cm/s in every case); 20 degrees twisted the
// feet visibly against the shins in 100STYLE's turnaround.
constexpr float kToeHoldMaxTurn = 0.17f;
const float kToeHoldMaxSin = std::sin(kToeHoldMaxTurn), kToeHoldMaxCos = std::cos(kToeHoldMaxTurn);

// The foot lock's target for the ankle at lock weight w: the blended ankle moved by the faded
// offset, lifted so that the foot (which keeps its blended pitch and roll) is not below the floor.
GS_LANES_INLINE glm::vec3 lockTarget(const FootLockConstants& settings, const CharacterState::FootLock& fl, float w,
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
// lift-off the held foot is 6-8 cm behind the blended one and the leg 12-18 degrees straighter;
// given back over the fade's three frames, the knee snapped as it flexed for the swing
// (Bandai's active and masculine walks and GAMES-105's knee steps 1.22-1.29x their clips').
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
    auto after = [&](float s) { return bendTo(std::max(0.0f, fl.weight - s), hip, ankle, toe) - blended; };
    auto back = [&](float d) { return before < 0.0f ? d - before : before - d; };
    fl.kneeKnown = true;
    const float whole = after(step);
    fl.kneeDeficit = whole;
    if (back(whole) <= settings.kneeReturn) return step;
    const float least = kKneeReturnMinShare * step;
    const float none = after(0.0f);
    float s = least;
    if (back(none) < settings.kneeReturn)
        s = std::clamp(step * (settings.kneeReturn - back(none)) / (back(whole) - back(none)), least, step);
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
GS_LANES_INLINE void holdToe(const FootLockConstants& settings, CharacterState::FootLock& fl, bool down,
                             const glm::vec3& ankle, const glm::vec3& toe) {
    if (!down || !(fl.weight > 0.0f)) {
        fl.toePinned = false;
        if (fl.weight <= 0.0f) fl.turnSine = 0.0f;
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
    if (cosine < kToeHoldMaxCos || std::abs(sine) > kToeHoldMaxSin) sine = std::copysign(kToeHoldMaxSin, sine);
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
// place (copied, and called through, the lock cost 7 % more instructions).
GS_LANES_INLINE void lockLeg(const FootLockConstants& settings, const Leg& leg, CharacterState::FootLock& fl,
                             bool otherPlanted, float contactWeight, float toeNext, bool advance, float bodyStep2,
                             float heading, glm::quat* rot, const LegWorld& at, Transform* world, LegIkBatch& batch) {
    const Transform &parent = at.parent, &hip = at.hip, &knee = at.knee, &ankle = at.ankle, &toe = at.toe;
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
        const bool landing =
            toeNext - settings.floor < settings.height && toe.translation.y - toeNext > kLandingDrop;
        // A foot on its ball that the clips still have down stays planted, and the ball's hold
        // places it (holdToe): no slide to work out.
        const bool onBall = fl.toePinned && contact && fl.planted && nearFloor;
        // The foot rolls on the point between heel (ankle) and ball (toe) that moves least; the
        // lock cancels that point's slide (needed only for a foot that may be planted).
        glm::vec2 slide(0.0f);
        if (!onBall && fl.hasLast && (contact || nearFloor || landing)) {
            const glm::vec3 va = ankle.translation - fl.lastAnkle, vt = toe.translation - fl.lastToe;
            const glm::vec3 dv = vt - va;
            const float dd = glm::dot(dv, dv);
            const float s = dd > 1e-12f ? std::clamp(-glm::dot(va, dv) / dd, 0.0f, 1.0f) : 0.5f;
            const glm::vec3 v = va + s * dv;
            slide = glm::vec2(v.x, v.z);
        }
        const float slide2 = glm::dot(slide, slide);
        const float maxSlide2 = settings.maxSlide2;
        const bool notFast = slide2 <= 4.0f * std::max(bodyStep2, maxSlide2);  // twice the body's step
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
            const float back = 1.5f * glm::length(fl.offset);  // smoothstep's steepest slope x offset
            if (back * step * settings.fps > settings.returnSpeed) step = settings.returnSpeed / (settings.fps * back);
            // While the other foot is down: lifted into a run's flight, the knee flexes at the
            // clips' pace and is not held back.
            if (otherPlanted)
                step = kneePacedStep(settings, leg, fl, kneeKnown, hip.translation,
                                     ankle.translation, toe.translation, step);
            fl.weight = std::max(0.0f, fl.weight - step);
            if (fl.weight <= 0.0f) fl.offset = glm::vec2(0.0f);
        }
        holdToe(settings, fl, planted && nearFloor, ankle.translation, toe.translation);
        fl.planted = planted;
        fl.lastAnkle = ankle.translation;
        fl.lastToe = toe.translation;
        if (fl.weight > 0.0f) fl.lastHip = hip.translation;  // read only by a lock fading out next
        fl.hasLast = true;
    }

    // A free foot above the floor stays as the clips have it.
    if (fl.weight <= 0.0f && std::min(ankle.translation.y, toe.translation.y) >= settings.floor) return;
    const glm::vec3 target =
        lockTarget(settings, fl, fl.weight, ankle.translation, toe.translation);
    const float turnSine = smoothstep01(fl.weight) * fl.turnSine;
    const glm::vec3 move = target - ankle.translation;
    if (glm::dot(move, move) < 1e-8f && std::abs(turnSine) < 1e-4f) return;  // under 0.1 mm: not worth a solve

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
// batch); world: its world transforms, or empty (written by the batch).
GS_LANES_INLINE void lockFoot(const BakedBehavioralSpace& bs, const FootLockConstants& settings, const Leg& leg,
                              CharacterState::FootLock& fl, bool otherPlanted, float contactWeight, float toeNext,
                              bool advance, float bodyStep2, float heading, glm::quat* rot, const glm::vec3& root,
                              std::span<Transform> world, LegIkBatch& batch) {
    const Skeleton& sk = bs.skeleton;
    const int hipParent = sk.parents[leg.hip];
    if (!world.empty()) {
        // Read in place.
        const LegWorld at{world[hipParent], world[leg.hip], world[leg.knee], world[leg.ankle], world[leg.toe]};
        lockLeg(settings, leg, fl, otherPlanted, contactWeight, toeNext, advance, bodyStep2, heading, rot, at,
                world.data(), batch);
        return;
    }
    // Without the character's world transforms, the leg's are worked out from the root.
    const Transform parent = worldOf(sk, rot, root, hipParent);
    const Transform hip = parent * Transform{rot[leg.hip], sk.restOffsets[leg.hip]};
    const Transform knee = hip * Transform{rot[leg.knee], sk.restOffsets[leg.knee]};
    const Transform ankle = knee * Transform{rot[leg.ankle], sk.restOffsets[leg.ankle]};
    const Transform toe = descend(sk, rot, ankle, leg.ankle, leg.toe);
    lockLeg(settings, leg, fl, otherPlanted, contactWeight, toeNext, advance, bodyStep2, heading, rot,
            LegWorld{parent, hip, knee, ankle, toe}, nullptr, batch);
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

Context::Context(const LocomotionJob& j)
    : job(j), bs(*j.space), rt(j.space->runtime), spaceCount(static_cast<int>(j.space->spaces.size())),
      joints(j.space->skeleton.jointCount()), masterPeriod(static_cast<float>(j.space->masterCycleFrames())),
      styleStep(j.settings.styleTransitionSeconds > 0.0f ? 1.0f / (j.settings.styleTransitionSeconds * j.space->fps)
                                                         : j.settings.styleIncrement),
      prepared(j.space->runtimePrepared()), posing(!j.localRotations.empty()),
      correctHeight(posing && j.settings.footHeights && prepared && !rt.footHeights.empty()),
      toeAhead(posing && j.settings.footLock && prepared && !rt.footHeights.empty()),
      heights(correctHeight || toeAhead), footLock(*j.space, j.settings) {}

// ---- the leg IK batch

void LegIkBatch::add(const PendingLeg& leg, const Transform& parent, const Transform& hip, const Transform& knee,
                     const Transform& ankle, const glm::vec3& target, const glm::vec3& hint) {
    m_inputs[m_count] = LegIkInput{hip.translation, knee.translation, ankle.translation, target,
                                   hint,            leg.leg->thigh,   leg.leg->shin,     parent.rotation,
                                   hip.rotation,    knee.rotation,
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
            world[j] = Transform{p.footTurn(world[j].rotation), ik.ankle + p.footTurn(world[j].translation - in.ankle)};
    } else {
        const glm::vec3 shift = ik.ankle - in.ankle;
        for (int j = leg.ankle + 1; j < leg.ankleEnd; ++j) world[j].translation += shift;
    }
    // Anything else on the leg (a joint beside the chain) through forward kinematics, in order.
    if (leg.subtreeEnd - leg.hip == leg.ankleEnd - leg.ankle + 2) return;  // hip, knee and the ankle's joints alone
    for (int j = leg.hip + 1; j < leg.subtreeEnd; ++j) {
        if (j == leg.knee || (j >= leg.ankle && j < leg.ankleEnd)) continue;
        const Transform& parent = world[m_skeleton.parents[j]];
        world[j] = Transform{parent.rotation * p.rot[j], parent.translation + parent.rotation * m_skeleton.restOffsets[j]};
    }
}

// ---- the stages

void advanceWeightsAndPhase(const Context& cx, size_t first, std::span<Step> steps) {
    const LocomotionSettings& settings = cx.job.settings;
    const BakedBehavioralSpace& bs = cx.bs;
    const int spaceCount = cx.spaceCount;
    const bool advance = cx.job.advance;
    for (size_t i = 0; i < steps.size(); ++i) {
        CharacterState& st = cx.job.characters[first + i];
        Step& sp = steps[i];
        // The transition layer first: a start's hand-over sets the phase, blends and style the
        // loop goes on from.
        sp.transitionCount = advanceTransition(bs, settings.arrival, st, sp.transition, sp.transitionStep, advance);
        sp.loopWeight = st.arrival.loopWeight;
        // Style weights move toward their targets along a straight line, no weight by more
        // than the increment, so they keep summing to 1.
        st.lastStyleStep = 0.0f;
        st.lastBlendStep = 0.0f;
        if (advance) {
            float largest = 0.0f;
            for (int s = 0; s < spaceCount; ++s)
                largest = std::max(largest, std::abs(st.styleTarget[s] - st.styleWeight[s]));
            // A start holds its own space's style until the loop has taken over, then blends
            // into the character's over ArrivalSettings::styleSeconds at most.
            const float styleStep = st.arrival.state == MotionState::Starting || st.arrival.styleHold ? 0.0f
                                    : st.arrival.styleCatchUp
                                        ? std::min(cx.styleStep, 1.0f / (settings.arrival.styleSeconds * bs.fps))
                                        : cx.styleStep;
            if (largest <= 0.0f) st.arrival.styleCatchUp = false;
            if (largest > 0.0f && styleStep > 0.0f) {
                const float k = std::min(1.0f, styleStep / largest);
                for (int s = 0; s < spaceCount; ++s) st.styleWeight[s] += k * (st.styleTarget[s] - st.styleWeight[s]);
                st.lastStyleStep = k * largest;
            }
            for (int s = 0; s < spaceCount; ++s) {
                const float d =
                    std::clamp(st.blendTarget[s] - st.blend[s], -settings.maxBlendRate, settings.maxBlendRate);
                st.blend[s] += d;
                st.lastBlendStep = std::max(st.lastBlendStep, std::abs(d));
            }
        }

        // The most heavily weighted space advances one frame of its blended motion; the others
        // follow through the cross registration (the master phase).
        int dominant = 0;
        for (int s = 1; s < spaceCount; ++s)
            if (st.styleWeight[s] > st.styleWeight[dominant]) dominant = s;
        sp.dominant = dominant;
        // The two clips each space blends, once per step. Time in every space follows the master
        // space's clips (space 0) in proportion to their weights.
        for (int s = 0; s < spaceCount; ++s)
            bs.spaces[s].clipWeights(st.blend[s], sp.pairs[s].c0, sp.pairs[s].c1, sp.pairs[s].w0, sp.pairs[s].w1);
        const auto [m0, m1, mw0, mw1] = sp.pairs[0];
        // Space phases at this frame's phase, per space (computed once).
        for (int s = 0; s < spaceCount; ++s)
            sp.uNow[s] = (s == dominant || st.styleWeight[s] > limits::kNegligibleWeight)
                             ? detail::spacePhaseOf(bs, s, st.phase, m0, m1, mw0, mw1)
                             : 0.0f;
        sp.nextPhase = st.phase;
        if (!advance) continue;
        st.startFrame = false;
        if (!(sp.loopWeight > 0.0f)) continue;  // a stop or a start alone: the loop's time stands
        const BakedMotionSpace& ms = bs.spaces[dominant];
        const float u = sp.uNow[dominant];
        const auto [c0, c1, w0, w1] = sp.pairs[dominant];
        // The registration curve's time step (Kovar & Gleicher): the blend's own timeline is the
        // weighted sum of its clips' warps, and one frame of it passes. Where one clip lingers
        // (a step turn slows down within its cycle) the blend slows with it by its weight, rather
        // than playing the other clip faster to make up the lost frame.
        const std::span<const float> a = ms.clips[c0].warp, b = ms.clips[c1].warp;
        const float next = warpInverse(a, b, w0, w1, detail::warpLookup(a, b, w0, w1, u) + 1.0f, st.warpHint[0]);
        sp.nextPhase = bs.masterPhase(dominant, next, m0, m1, mw0, mw1, st.warpHint[1]);
        // Start frames (heel strikes of the dominant reference loop) crossed by this step.
        const float uEnd = next;
        const float L = static_cast<float>(ms.referenceCycleFrames());
        for (int f : ms.startFrames) {
            const float ff = static_cast<float>(f);
            if ((ff > u && ff <= uEnd) || (ff + L > u && ff + L <= uEnd)) st.startFrame = true;
        }
    }
}

void sampleClips(const Context& cx, size_t first, std::span<Step> steps) {
    const BakedBehavioralSpace& bs = cx.bs;
    const BakedRuntimeData& rt = cx.rt;
    const int joints = cx.joints;
    const bool advance = cx.job.advance;
    for (size_t n = 0; n < steps.size(); ++n) {
        const CharacterState& st = cx.job.characters[first + n];
        Step& sp = steps[n];
        const auto [m0, m1, mw0, mw1] = sp.pairs[0];
        const float nextPhase = sp.nextPhase;
        // Sample every contributing clip at its registered time and sum its root motion.
        int contribCount = 0;
        glm::vec3 displacement(0.0f);
        float height = 0.0f;
        float contact[2] = {0.0f, 0.0f};
        // The clips' foot heights and toe heights one frame on, weighted (footHeights).
        glm::vec4 heightSum(0.0f);
        const float loopWeight = sp.loopWeight;
        for (int s = 0; s < cx.spaceCount && loopWeight > 0.0f; ++s) {
            const float ws = st.styleWeight[s] * loopWeight;
            if (ws <= limits::kNegligibleWeight) continue;
            const BakedMotionSpace& ms = bs.spaces[s];
            const float u0 = sp.uNow[s];
            const float u1 = detail::spacePhaseOf(bs, s, nextPhase < st.phase ? nextPhase + cx.masterPeriod : nextPhase,
                                                  m0, m1, mw0, mw1);
            const auto [c0, c1, w0, w1] = sp.pairs[s];
            for (auto [k, w] : {std::pair{c0, w0}, std::pair{c1, w1}}) {
                if (w <= limits::kNegligibleWeight) continue;
                const BakedClip& clip = ms.clips[k];
                const float L = static_cast<float>(clip.cycleFrames());
                const float f0 = detail::warpLookup(clip.warp, u0);
                const float f1 = detail::warpLookup(clip.warp, u1);
                if (advance) displacement += (ws * w) * integrateSteps(clip, f0, f1);
                const float f = wrapPhase(f1, L);
                const int i = std::min(static_cast<int>(f), clip.cycleFrames() - 1);
                const float t = f - static_cast<float>(i);
                const glm::quat* aligned = nullptr;
                const float* sign = nullptr;
                if (cx.prepared) {
                    const size_t row = rt.clipOffset[rt.spaceFirstClip[s] + k] + static_cast<size_t>(i) * joints;
                    aligned = rt.rotations.data() + row;
                    sign = rt.signs.data() + row;
                    if (cx.heights) {
                        const glm::vec4* h = rt.footHeights.data() + row / static_cast<size_t>(joints);
                        heightSum += (ws * w) * (h[0] + (h[1] - h[0]) * t);
                    }
                }
                sp.contrib[contribCount++] = {clip.rotations.data() + static_cast<size_t>(i) * joints, i, t, ws * w,
                                              aligned, sign};
                height += ws * w * (clip.rootHeight[i] + (clip.rootHeight[i + 1] - clip.rootHeight[i]) * t);
                contact[0] += ws * w * (clip.leftContact[i] + (clip.leftContact[i + 1] - clip.leftContact[i]) * t);
                contact[1] += ws * w * (clip.rightContact[i] + (clip.rightContact[i + 1] - clip.rightContact[i]) * t);
            }
        }
        // The transition layer's poses beside the loop's (gaitspace/runtime/arrival.h).
        for (int k = 0; k < sp.transitionCount; ++k) {
            const TransitionSample& ts = sp.transition[k];
            const BakedTransition& clip = *ts.clip;
            const int i = ts.frame;
            const float t = ts.t, w = ts.weight;
            const glm::quat* aligned = nullptr;
            const float* sign = nullptr;
            if (cx.prepared) {
                const size_t row = rt.transitionOffset[ts.row] + static_cast<size_t>(i) * joints;
                aligned = rt.rotations.data() + row;
                sign = rt.signs.data() + row;
                if (cx.heights) {
                    const glm::vec4* h = rt.footHeights.data() + row / static_cast<size_t>(joints);
                    heightSum += w * (h[0] + (h[1] - h[0]) * t);
                }
            }
            sp.contrib[contribCount++] = {clip.rotations.data() + static_cast<size_t>(i) * joints, i, t, w, aligned, sign};
            height += w * (clip.rootHeight[i] + (clip.rootHeight[i + 1] - clip.rootHeight[i]) * t);
            contact[0] += w * (clip.leftContact[i] + (clip.leftContact[i + 1] - clip.leftContact[i]) * t);
            contact[1] += w * (clip.rightContact[i] + (clip.rightContact[i + 1] - clip.rightContact[i]) * t);
        }
        if (advance) {
            displacement += sp.transitionStep.displacement;
            // Distance matching stretches or shortens the approach's steps toward the stop.
            if (st.arrival.state == MotionState::Walking && st.arrival.approachScale != 1.0f) {
                displacement.x *= st.arrival.approachScale;
                displacement.y *= st.arrival.approachScale;
            }
        }
        sp.contribCount = contribCount;
        sp.alignedJoints = sp.transitionCount > 0 ? rt.alignedWithTransitions.data() : rt.aligned.data();
        sp.displacement = displacement;
        sp.height = height;
        sp.contact[0] = contact[0];
        sp.contact[1] = contact[1];
        sp.footHeights = heightSum;
    }
}

void blendPoses(const Context& cx, size_t first, std::span<Step> steps) {
    if (!cx.posing) return;
    const int joints = cx.joints;
    for (size_t n = 0; n < steps.size(); ++n) {
        const Step& sp = steps[n];
        const Contribution* contrib = sp.contrib;
        const int contribCount = sp.contribCount;
        glm::quat* out = cx.job.localRotations.data() + (first + n) * joints;
        // Normalized, hemisphere-aligned quaternion sum over every contribution.
        auto blendJoint = [&](int j) {
            glm::quat acc(0.0f, 0.0f, 0.0f, 0.0f);
            for (int k = 0; k < contribCount; ++k) {
                const Contribution& cb = contrib[k];
                const glm::quat* rot = cb.rows;
                glm::quat a = rot[j];
                glm::quat b = rot[j + joints];
                if (glm::dot(a, b) < 0.0f) b = -b;
                glm::quat q = a * (1.0f - cb.t) + b * cb.t;
                if (k > 0 && glm::dot(acc, q) < 0.0f) q = -q;
                acc += q * cb.weight;
            }
            out[j] = glm::normalize(acc);
        };
        if (cx.prepared && contribCount > 0) {
            // The prepared rotations of a joint all lie in one hemisphere, so none of the tests
            // above would flip a sign: the sum is a plain weighted sum, turned back to the sign
            // the first contribution's stored rotation gives it.
            glm::quat acc[limits::kMaxJoints];
            {
                const Contribution& cb = contrib[0];
                const float wa = cb.weight * (1.0f - cb.t), wb = cb.weight * cb.t;
                const glm::quat* a = cb.aligned;
                const glm::quat* b = cb.aligned + joints;
                for (int j = 0; j < joints; ++j) acc[j] = a[j] * wa + b[j] * wb;
            }
            for (int k = 1; k < contribCount; ++k) {
                const Contribution& cb = contrib[k];
                const float wa = cb.weight * (1.0f - cb.t), wb = cb.weight * cb.t;
                const glm::quat* a = cb.aligned;
                const glm::quat* b = cb.aligned + joints;
                for (int j = 0; j < joints; ++j) acc[j] += a[j] * wa + b[j] * wb;
            }
            const float* sign = contrib[0].sign;
            const unsigned char* aligned = sp.alignedJoints;
            for (int j = 0; j < joints; ++j) {
                if (!aligned[j]) {
                    blendJoint(j);
                    continue;
                }
                const glm::quat& q = acc[j];
                const float len2 = glm::dot(q, q);
                out[j] = len2 > 0.0f ? q * (sign[j] / std::sqrt(len2)) : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
            }
        } else {
            for (int j = 0; j < joints; ++j) blendJoint(j);
        }
    }
}

void moveRoots(const Context& cx, size_t first, std::span<Step> steps) {
    const bool advance = cx.job.advance;
    for (size_t n = 0; n < steps.size(); ++n) {
        const size_t c = first + n;
        CharacterState& st = cx.job.characters[c];
        const Step& sp = steps[n];
        // Integrate the root on the ground and put the root joint into the world.
        if (advance) {
            const glm::vec3& d = sp.displacement;
            st.ground.x += std::cos(st.ground.heading) * d.x + std::sin(st.ground.heading) * d.y;
            st.ground.z += -std::sin(st.ground.heading) * d.x + std::cos(st.ground.heading) * d.y;
            st.ground.heading += d.z;
            st.previousPhase = st.phase;
            st.phase = wrapPhase(sp.nextPhase, cx.masterPeriod);
            ++st.frame;
            // The join's offset taken in, a stop's distance matching toward its target.
            correctTransition(cx.bs, st, sp.transitionStep);
            st.arrival.stepLength = std::hypot(d.x, d.y);
        }
        st.rootHeight = sp.height;
        if (cx.posing) {
            glm::quat& root = cx.job.localRotations[c * cx.joints];
            root = yawRotation(st.ground.heading) * root;
        }
        cx.job.rootPositions[c] = glm::vec3(st.ground.x, sp.height, st.ground.z);
    }
}

void forwardKinematicsOf(const Context& cx, size_t first, std::span<Step> steps) {
    const LocomotionJob& job = cx.job;
    if (job.world.empty()) return;
    const size_t joints = static_cast<size_t>(cx.joints);
    for (size_t at = first; at < first + steps.size(); at += kFkLanes) {
        const int count = static_cast<int>(std::min<size_t>(kFkLanes, first + steps.size() - at));
        forwardKinematics(cx.bs.skeleton, job.localRotations.data() + at * joints, job.rootPositions.data() + at,
                          job.world.data() + at * joints, count);
    }
}

void liftFeet(const Context& cx, size_t first, std::span<Step> steps) {
    if (!cx.correctHeight) return;
    const LocomotionJob& job = cx.job;
    const size_t joints = static_cast<size_t>(cx.joints);
    for (size_t n = 0; n < steps.size(); ++n) {
        const size_t c = first + n;
        CharacterState& st = job.characters[c];
        if (!st.legs.isValid()) continue;
        const float lift = footHeightCorrection(cx.bs.skeleton, st.legs,
                                                glm::vec2(steps[n].footHeights.x, steps[n].footHeights.y),
                                                job.localRotations.data() + c * joints, job.rootPositions[c],
                                                job.world.empty() ? nullptr : job.world.data() + c * joints);
        st.rootHeight += lift;
        job.rootPositions[c].y += lift;
        if (!job.world.empty())
            for (size_t j = 0; j < joints; ++j) job.world[c * joints + j].translation.y += lift;
    }
}

void lockFeet(const Context& cx, size_t first, std::span<Step> steps, LegIkBatch& legs) {
    const LocomotionJob& job = cx.job;
    if (!job.settings.footLock || !cx.posing) return;
    const size_t joints = static_cast<size_t>(cx.joints);
    const float unknown = std::numeric_limits<float>::infinity();  // the plain path: no landing seen
    for (size_t n = 0; n < steps.size(); ++n) {
        const size_t c = first + n;
        CharacterState& st = job.characters[c];
        if (!st.legs.isValid()) continue;
        const Step& sp = steps[n];
        const float bodyStep2 = sp.displacement.x * sp.displacement.x + sp.displacement.y * sp.displacement.y;
        const glm::vec2 toeNext = cx.toeAhead ? glm::vec2(sp.footHeights.z, sp.footHeights.w) : glm::vec2(unknown);
        const std::span<Transform> w = job.world.empty() ? std::span<Transform>() : job.world.subspan(c * joints, joints);
        const bool plantedBefore[2] = {st.foot[0].planted, st.foot[1].planted};
        for (int k = 0; k < 2; ++k)
            lockFoot(cx.bs, cx.footLock, st.legs.legs[k], st.foot[k], plantedBefore[1 - k],
                     sp.contact[k], toeNext[k], job.advance, bodyStep2, st.ground.heading,
                     job.localRotations.data() + c * joints, job.rootPositions[c], w, legs);
    }
}

}  // namespace gs::locomotion

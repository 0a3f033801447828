#include "core/runtime/locomotion_stages.h"

#include <gaitspace/runtime/warp_table.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <utility>

#include "core/runtime/lanes.h"
#include "core/runtime/skeleton_walk.h"
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

// How far to lift (or lower) a blended pose so that its feet are as high as its clips have them
// (`feet`: the clips' foot heights, weighted as they are blended). Rotations average on the
// sphere while root heights average on a line, so a blend of a pose leaning into a turn with an
// upright one reaches lower than either: a run's blends sank its feet 3-4 cm into the floor. The
// lower foot (the one the clips have lower) counts most, weighed smoothly, so the lift moves
// continuously from one stance to the next. world: the pose's world transforms, or null (then
// the feet are found by forward kinematics of the legs).
float footHeightCorrection(const Skeleton& sk, const LegRig& legs, const glm::vec2& feet,
                           const glm::quat* rot, const glm::vec3& root, const Transform* world) {
    constexpr float kSpread =
        0.02f;  // metres: a foot this much higher than the other counts 1/e as much
    float sum = 0.0f, weights = 0.0f;
    const float lowest = std::min(feet.x, feet.y);
    for (int k = 0; k < 2; ++k) {
        const Leg& leg = legs.legs[k];
        float height;
        if (world) {
            height = std::min(world[leg.ankle].translation.y, world[leg.toe].translation.y);
        } else {
            const Transform ankle = worldOf(sk, rot, root, leg.ankle);
            height = std::min(ankle.translation.y,
                              descend(sk, rot, ankle, leg.ankle, leg.toe).translation.y);
        }
        const float w = std::exp((lowest - feet[k]) / kSpread);
        sum += w * (feet[k] - height);
        weights += w;
    }
    return sum / weights;
}

}  // namespace

Context::Context(const LocomotionJob& j)
    : job(j),
      bs(*j.space),
      rt(j.space->runtime),
      spaceCount(static_cast<int>(j.space->spaces.size())),
      joints(j.space->skeleton.jointCount()),
      masterPeriod(static_cast<float>(j.space->masterCycleFrames())),
      styleStep(j.settings.styleTransitionSeconds > 0.0f
                    ? 1.0f / (j.settings.styleTransitionSeconds * j.space->fps)
                    : j.settings.styleIncrement),
      prepared(j.space->runtimePrepared()),
      posing(!j.localRotations.empty()),
      correctHeight(posing && j.settings.footHeights && prepared && !rt.footHeights.empty()),
      toeAhead(posing && j.settings.footLock && prepared && !rt.footHeights.empty()),
      heights(correctHeight || toeAhead),
      footLock(*j.space, j.settings) {}

// ---- the leg IK batch

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
        sp.transitionCount =
            advanceTransition(bs, settings.arrival, st, sp.transition, sp.transitionStep, advance);
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
            const float styleStep =
                st.arrival.state == MotionState::Starting || st.arrival.styleHold ? 0.0f
                : st.arrival.styleCatchUp
                    ? std::min(cx.styleStep, 1.0f / (settings.arrival.styleSeconds * bs.fps))
                    : cx.styleStep;
            if (largest <= 0.0f) st.arrival.styleCatchUp = false;
            if (largest > 0.0f && styleStep > 0.0f) {
                const float k = std::min(1.0f, styleStep / largest);
                for (int s = 0; s < spaceCount; ++s)
                    st.styleWeight[s] += k * (st.styleTarget[s] - st.styleWeight[s]);
                st.lastStyleStep = k * largest;
            }
            for (int s = 0; s < spaceCount; ++s) {
                const float d = std::clamp(st.blendTarget[s] - st.blend[s], -settings.maxBlendRate,
                                           settings.maxBlendRate);
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
            bs.spaces[s].clipWeights(st.blend[s], sp.pairs[s].c0, sp.pairs[s].c1, sp.pairs[s].w0,
                                     sp.pairs[s].w1);
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
        const float next =
            warpInverse(a, b, w0, w1, detail::warpLookup(a, b, w0, w1, u) + 1.0f, st.warpHint[0]);
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
            const float u1 = detail::spacePhaseOf(
                bs, s, nextPhase < st.phase ? nextPhase + cx.masterPeriod : nextPhase, m0, m1, mw0,
                mw1);
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
                    const size_t row =
                        rt.clipOffset[rt.spaceFirstClip[s] + k] + static_cast<size_t>(i) * joints;
                    aligned = rt.rotations.data() + row;
                    sign = rt.signs.data() + row;
                    if (cx.heights) {
                        const glm::vec4* h =
                            rt.footHeights.data() + row / static_cast<size_t>(joints);
                        heightSum += (ws * w) * (h[0] + (h[1] - h[0]) * t);
                    }
                }
                sp.contrib[contribCount++] = {
                    clip.rotations.data() + static_cast<size_t>(i) * joints,
                    i,
                    t,
                    ws * w,
                    aligned,
                    sign};
                height += ws * w *
                          (clip.rootHeight[i] + (clip.rootHeight[i + 1] - clip.rootHeight[i]) * t);
                contact[0] +=
                    ws * w *
                    (clip.leftContact[i] + (clip.leftContact[i + 1] - clip.leftContact[i]) * t);
                contact[1] +=
                    ws * w *
                    (clip.rightContact[i] + (clip.rightContact[i + 1] - clip.rightContact[i]) * t);
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
            sp.contrib[contribCount++] = {
                clip.rotations.data() + static_cast<size_t>(i) * joints, i, t, w, aligned, sign};
            height += w * (clip.rootHeight[i] + (clip.rootHeight[i + 1] - clip.rootHeight[i]) * t);
            contact[0] +=
                w * (clip.leftContact[i] + (clip.leftContact[i + 1] - clip.leftContact[i]) * t);
            contact[1] +=
                w * (clip.rightContact[i] + (clip.rightContact[i + 1] - clip.rightContact[i]) * t);
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
        sp.alignedJoints =
            sp.transitionCount > 0 ? rt.alignedWithTransitions.data() : rt.aligned.data();
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
                out[j] = len2 > 0.0f ? q * (sign[j] / std::sqrt(len2))
                                     : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
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
        forwardKinematics(cx.bs.skeleton, job.localRotations.data() + at * joints,
                          job.rootPositions.data() + at, job.world.data() + at * joints, count);
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
        const float lift = footHeightCorrection(
            cx.bs.skeleton, st.legs, glm::vec2(steps[n].footHeights.x, steps[n].footHeights.y),
            job.localRotations.data() + c * joints, job.rootPositions[c],
            job.world.empty() ? nullptr : job.world.data() + c * joints);
        st.rootHeight += lift;
        job.rootPositions[c].y += lift;
        if (!job.world.empty())
            for (size_t j = 0; j < joints; ++j) job.world[c * joints + j].translation.y += lift;
    }
}

}  // namespace gs::locomotion

#include "core/locomotion.h"


#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/warp_table.h"

namespace gs {
namespace {

float wrapPhase(float x, float period) {
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
        const int i = static_cast<int>(std::floor(f)) % L;
        sum += clip.step[i] * (end - f);
        f = end;
    }
    return sum;
}

// A clip pose to blend: frame index and fraction, and its weight.
struct Contribution {
    const BakedClip* clip;
    int frame;
    float t;
    float weight;
};

// How far the root must move so that planted toes stay where they touched down (see
// LocomotionSettings); updates the plants. toe[k] are the toes' current world XZ positions.
glm::vec2 footLockShift(const glm::vec2 toe[2], const float contact[2], bool advance,
                        CharacterState& st) {
    glm::vec2 shift(0.0f);
    int locked = 0;
    for (int k = 0; k < 2; ++k) {
        if (contact[k] < 0.5f) {
            st.isPlanted[k] = false;
            continue;
        }
        if (st.isPlanted[k] && advance) {
            shift += st.planted[k] - toe[k];
            ++locked;
        } else {
            st.isPlanted[k] = true;
            st.planted[k] = toe[k];
        }
    }
    return locked ? shift / static_cast<float>(locked) : shift;
}

}  // namespace

void initCharacter(const BakedBehavioralSpace& space, CharacterState& state,
                   const GroundFrame& ground, std::span<const float> styleWeights,
                   std::span<const float> blends) {
    state = CharacterState{};
    state.ground = ground;
    const int n = static_cast<int>(space.spaces.size());
    float sum = 0.0f;
    for (int s = 0; s < n; ++s) {
        state.styleWeight[s] = s < static_cast<int>(styleWeights.size()) ? std::max(0.0f, styleWeights[s]) : 0.0f;
        sum += state.styleWeight[s];
        const float straight = space.spaces[s].blendOf(space.spaces[s].reference);
        state.blend[s] = s < static_cast<int>(blends.size()) ? std::clamp(blends[s], 0.0f, 1.0f) : straight;
        state.blendTarget[s] = state.blend[s];
    }
    if (sum <= 0.0f) {
        state.styleWeight[0] = 1.0f;
        sum = 1.0f;
    }
    for (int s = 0; s < n; ++s) state.styleWeight[s] /= sum;
    state.styleTarget = state.styleWeight;
    state.rootHeight = space.spaces.front().clips[space.spaces.front().reference].rootHeight[0];
}

void setStyleTarget(CharacterState& state, std::span<const float> targets) {
    float sum = 0.0f;
    for (float t : targets) sum += std::max(0.0f, t);
    if (sum <= 0.0f) return;
    state.styleOverridden = false;
    for (size_t s = 0; s < state.styleTarget.size(); ++s)
        state.styleTarget[s] = s < targets.size() ? std::max(0.0f, targets[s]) / sum : 0.0f;
}

Status LocomotionSettings::validate() const {
    if (!(styleIncrement > 0.0f && styleIncrement <= 1.0f))
        return Status::error("style increment must be in (0, 1]");
    if (!(styleTransitionSeconds >= 0.0f) || !std::isfinite(styleTransitionSeconds))
        return Status::error("style transition time must be >= 0 s");
    if (!(maxBlendRate > 0.0f && maxBlendRate <= 1.0f))
        return Status::error("maximum blend rate must be in (0, 1] per frame");
    return Status::ok();
}

Status LocomotionJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!space) return Status::error("no behavioral space");
    if (space->spaces.empty()) return Status::error("the behavioral space holds no motion space");
    if (space->spaces.size() > kMaxSpaces) return Status::error("too many motion spaces (at most 8)");
    const size_t joints = static_cast<size_t>(space->skeleton.jointCount());
    if (joints == 0 || joints > kMaxJoints) return Status::error("skeleton must have 1-256 joints");
    if (localRotations.size() < characters.size() * joints)
        return Status::error("local rotation output is smaller than characters x joints");
    if (rootPositions.size() < characters.size())
        return Status::error("root position output is smaller than the character count");
    if (!world.empty() && world.size() < characters.size() * joints)
        return Status::error("world transform output is smaller than characters x joints");
    return Status::ok();
}

Status LocomotionJob::run() {
    if (Status s = validate(); !s) return s;
    using clock = std::chrono::steady_clock;
    const BakedBehavioralSpace& bs = *space;
    const int spaceCount = static_cast<int>(bs.spaces.size());
    const int joints = bs.skeleton.jointCount();
    const float masterPeriod = static_cast<float>(bs.masterCycleFrames());
    const float styleStep = settings.styleTransitionSeconds > 0.0f
                                ? 1.0f / (settings.styleTransitionSeconds * bs.fps)
                                : settings.styleIncrement;

    for (size_t c = 0; c < characters.size(); ++c) {
        CharacterState& st = characters[c];
        const auto t0 = timings ? clock::now() : clock::time_point{};

        // Style weights move toward their targets along a straight line, no weight by more
        // than the increment, so they keep summing to 1.
        st.lastStyleStep = 0.0f;
        st.lastBlendStep = 0.0f;
        if (advance) {
            float largest = 0.0f;
            for (int s = 0; s < spaceCount; ++s)
                largest = std::max(largest, std::abs(st.styleTarget[s] - st.styleWeight[s]));
            if (largest > 0.0f) {
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
        // The two clips each space blends, once per step. Time in every space follows the master
        // space's clips (space 0) in proportion to their weights.
        struct ClipPair {
            int c0, c1;
            float w0, w1;
        } pairs[kMaxSpaces];
        for (int s = 0; s < spaceCount; ++s)
            bs.spaces[s].clipWeights(st.blend[s], pairs[s].c0, pairs[s].c1, pairs[s].w0, pairs[s].w1);
        const auto [m0, m1, mw0, mw1] = pairs[0];
        float nextPhase = st.phase;
        if (advance) {
            const BakedMotionSpace& ms = bs.spaces[dominant];
            const float u = bs.spacePhase(dominant, st.phase, m0, m1, mw0, mw1);
            const auto [c0, c1, w0, w1] = pairs[dominant];
            float next = 0.0f;
            for (auto [k, w] : {std::pair{c0, w0}, std::pair{c1, w1}}) {
                const BakedClip& clip = ms.clips[k];
                next += w * warpInverse(clip.warp, warpAt(clip.warp, u) + 1.0f);
            }
            const float phi = bs.masterPhase(dominant, next, m0, m1, mw0, mw1);
            nextPhase = phi;
            // Start frames (heel strikes of the dominant reference loop) crossed by this step.
            st.startFrame = false;
            const float uEnd = next;
            for (int f : ms.startFrames) {
                const float ff = static_cast<float>(f);
                const float L = static_cast<float>(ms.referenceCycleFrames());
                if ((ff > u && ff <= uEnd) || (ff + L > u && ff + L <= uEnd)) st.startFrame = true;
            }
        }

        // Sample every contributing clip at its registered time and sum its root motion.
        Contribution contrib[kMaxSpaces * 2];
        int contribCount = 0;
        glm::vec3 displacement(0.0f);
        float height = 0.0f;
        float contact[2] = {0.0f, 0.0f};
        for (int s = 0; s < spaceCount; ++s) {
            const float ws = st.styleWeight[s];
            if (ws <= 1e-6f) continue;
            const BakedMotionSpace& ms = bs.spaces[s];
            const float u0 = bs.spacePhase(s, st.phase, m0, m1, mw0, mw1);
            const float u1 = bs.spacePhase(s, nextPhase < st.phase ? nextPhase + masterPeriod : nextPhase,
                                           m0, m1, mw0, mw1);
            const auto [c0, c1, w0, w1] = pairs[s];
            for (auto [k, w] : {std::pair{c0, w0}, std::pair{c1, w1}}) {
                if (w <= 1e-6f) continue;
                const BakedClip& clip = ms.clips[k];
                const float L = static_cast<float>(clip.cycleFrames());
                const float f0 = warpAt(clip.warp, u0);
                const float f1 = warpAt(clip.warp, u1);
                if (advance) displacement += (ws * w) * integrateSteps(clip, f0, f1);
                const float f = wrapPhase(f1, L);
                const int i = std::min(static_cast<int>(f), clip.cycleFrames() - 1);
                const float t = f - static_cast<float>(i);
                contrib[contribCount++] = {&clip, i, t, ws * w};
                height += ws * w * (clip.rootHeight[i] + (clip.rootHeight[i + 1] - clip.rootHeight[i]) * t);
                contact[0] += ws * w * (clip.leftContact[i] + (clip.leftContact[i + 1] - clip.leftContact[i]) * t);
                contact[1] += ws * w * (clip.rightContact[i] + (clip.rightContact[i + 1] - clip.rightContact[i]) * t);
            }
        }
        const auto t1 = timings ? clock::now() : clock::time_point{};

        // Normalized, hemisphere-aligned quaternion sum over every contribution.
        glm::quat* out = localRotations.data() + c * joints;
        for (int j = 0; j < joints; ++j) {
            glm::quat acc(0.0f, 0.0f, 0.0f, 0.0f);
            for (int k = 0; k < contribCount; ++k) {
                const Contribution& cb = contrib[k];
                const glm::quat* rot = cb.clip->rotations.data() + static_cast<size_t>(cb.frame) * joints;
                glm::quat a = rot[j];
                glm::quat b = rot[j + joints];
                if (glm::dot(a, b) < 0.0f) b = -b;
                glm::quat q = a * (1.0f - cb.t) + b * cb.t;
                if (k > 0 && glm::dot(acc, q) < 0.0f) q = -q;
                acc += q * cb.weight;
            }
            out[j] = glm::normalize(acc);
        }

        // Integrate the root on the ground and put the root joint into the world.
        if (advance) {
            st.ground.x += std::cos(st.ground.heading) * displacement.x + std::sin(st.ground.heading) * displacement.y;
            st.ground.z += -std::sin(st.ground.heading) * displacement.x + std::cos(st.ground.heading) * displacement.y;
            st.ground.heading += displacement.z;
            st.previousPhase = st.phase;
            st.phase = wrapPhase(nextPhase, masterPeriod);
            ++st.frame;
        }
        st.rootHeight = height;
        out[0] = yawRotation(st.ground.heading) * out[0];
        rootPositions[c] = glm::vec3(st.ground.x, height, st.ground.z);
        const auto t2 = timings ? clock::now() : clock::time_point{};

        // Forward kinematics, and the foot lock's root correction on top of it.
        const bool lock = settings.footLock && bs.leftToe >= 0 && bs.rightToe >= 0;
        glm::vec2 toes[2];
        float toeHeight[2] = {1e9f, 1e9f};
        if (!world.empty()) {
            const std::span<Transform> w = world.subspan(c * joints, joints);
            forwardKinematics(bs.skeleton, std::span<const glm::quat>(out, joints), rootPositions[c], w);
            toes[0] = glm::vec2(w[bs.leftToe].translation.x, w[bs.leftToe].translation.z);
            toes[1] = glm::vec2(w[bs.rightToe].translation.x, w[bs.rightToe].translation.z);
            toeHeight[0] = w[bs.leftToe].translation.y - bs.floorHeight;
            toeHeight[1] = w[bs.rightToe].translation.y - bs.floorHeight;
        } else if (lock) {
            glm::vec3 positions[kMaxJoints];
            jointPositions(bs.skeleton, std::span<const glm::quat>(out, joints), rootPositions[c],
                           std::span<glm::vec3>(positions, joints));
            toes[0] = glm::vec2(positions[bs.leftToe].x, positions[bs.leftToe].z);
            toes[1] = glm::vec2(positions[bs.rightToe].x, positions[bs.rightToe].z);
            toeHeight[0] = positions[bs.leftToe].y - bs.floorHeight;
            toeHeight[1] = positions[bs.rightToe].y - bs.floorHeight;
        }
        if (lock) {
            // A toe at the floor is planted too, whatever the clips' contacts say: blends and
            // retouched loop seams put feet down a little off the source's contact frames.
            for (int k = 0; k < 2; ++k)
                if (toeHeight[k] < settings.footLockHeight) contact[k] = 1.0f;
            const glm::vec2 shift = footLockShift(toes, contact, advance, st);
            if (shift != glm::vec2(0.0f)) {
                st.ground.x += shift.x;
                st.ground.z += shift.y;
                rootPositions[c] += glm::vec3(shift.x, 0.0f, shift.y);
                if (!world.empty())
                    for (Transform& t : world.subspan(c * joints, joints))
                        t.translation += glm::vec3(shift.x, 0.0f, shift.y);
            }
        }
        if (timings) {
            const auto t3 = clock::now();
            timings->sampleNs += std::chrono::duration<double, std::nano>(t1 - t0).count();
            timings->blendNs += std::chrono::duration<double, std::nano>(t2 - t1).count();
            timings->fkNs += std::chrono::duration<double, std::nano>(t3 - t2).count();
        }
    }
    return Status::ok();
}

Expected<Clip> recordLocomotion(const BakedBehavioralSpace& space, CharacterState& state,
                                const LocomotionSettings& settings, int frames) {
    return recordLocomotion(space, state, settings, frames, [](int, CharacterState&) {});
}

}  // namespace gs

#pragma once
// The stages of the locomotion update (LocomotionJob::run), each a function over a batch of
// characters that a test or a benchmark can call alone, as ozz's sampling, blending and
// local-to-model jobs are. In the order run() calls them:
//
//   advanceWeightsAndPhase  the transition layer one frame on (a stop or a start,
//                           core/runtime/transition_playback.h); style weights and blends one
//                           frame toward their targets; the dominant space's phase step and the
//                           start frames it crosses
//   sampleClips             the clips every space blends, at their registered times, and the
//                           transition's poses beside them: their rows, the root motion between
//                           the two phases, root height, foot contacts and the clips' foot heights
//   blendPoses              the local rotations: the normalized, hemisphere-aligned quaternion sum
//   moveRoots               the ground frame moved by the root motion, the new phase, the
//                           transition's corrections, the root joint put into the world
//   forwardKinematicsOf     world transforms, eight characters at a time (a lane each)
//   liftFeet                the pose lifted so that its lower foot is as high as its clips have it
//   lockFeet                the foot lock's bookkeeping (foot_lock.cpp); the legs it moves go to a
//   LegIkBatch,
//                           which solves eight at a time and writes them back
//
// A batch is the characters [first, first + steps.size()) of the job; `steps` carries what one
// stage leaves for the next, one per character of the batch. run() takes the characters eight at a
// time (kFkLanes) through all the stages, then flushes the leg batch; a batch of any size gives the
// same bits. Not part of the runtime's interface.

#include <algorithm>
#include <cmath>
#include <span>

#include <glm/glm.hpp>

#include <gaitspace/runtime/locomotion.h>

#include "core/runtime/transition_playback.h"

namespace gs::locomotion {

// The two clips a space blends at its blend value, and their weights (w0 + w1 = 1).
struct ClipPair {
    int c0 = 0, c1 = 0;
    float w0 = 1.0f, w1 = 0.0f;
};

// A clip pose to blend (a loop's or a transition's): frame index and fraction, and its weight.
struct Contribution {
    const glm::quat* rows;  // the clip's stored rotations at `frame` (frames x joints)
    int frame;
    float t;
    float weight;
    const glm::quat* aligned;  // the clip's rows in the prepared runtime data, or null
    const float* sign;         // their signs (see BakedRuntimeData)
};

// What the stages of one character's frame hand on to each other.
struct Step {
    // advanceWeightsAndPhase
    TransitionSample transition[2];  // the transition's poses this frame (a stop's, a start's)
    int transitionCount = 0;         // how many (0 while walking)
    TransitionStep transitionStep;   // its root motion over the step, and what its corrections need
    float loopWeight = 1.0f;         // the looped space's share of the pose (arrival.loopWeight)
    int dominant = 0;                // the most heavily weighted space, whose phase advances
    ClipPair pairs[kMaxSpaces];      // per space
    float uNow[kMaxSpaces];          // per space: its reference frame at the current phase
    float nextPhase = 0.0f;          // the master phase after this frame (not wrapped)
    // sampleClips
    Contribution contrib[kMaxSpaces * 2 + 2];  // the loops' clips, then the transition's
    int contribCount = 0;
    const unsigned char* alignedJoints =
        nullptr;  // the joints the prepared sum serves (BakedRuntimeData)
    glm::vec3 displacement{
        0.0f};  // root motion (dx, dz, dyaw) in the ground frame, the transition's included
    float height = 0.0f;              // root height
    float contact[2] = {0.0f, 0.0f};  // the clips' weighted contact per foot
    glm::vec4 footHeights{0.0f};  // the clips' foot heights and toe heights one frame on (prepared)
};

// The foot lock's settings as lockFeet uses them.
struct FootLockConstants {
    FootLockConstants(const BakedBehavioralSpace& bs, const LocomotionSettings& s);
    float floor, fps, height;
    float maxSlide2;  // the square of the largest slide per frame (metres^2)
    float fadeInStep, fadeOutStep, maxOffset, maxOffset2, returnSpeed, kneeReturn;
};

// What every stage needs, worked out once per run from a job that validates.
struct Context {
    explicit Context(const LocomotionJob& job);
    const LocomotionJob& job;
    const BakedBehavioralSpace& bs;
    const BakedRuntimeData& rt;
    int spaceCount;
    int joints;
    float masterPeriod;  // frames of the master space's reference loop
    float styleStep;     // largest style-weight change per frame
    bool prepared;       // the space's runtime data is ready (the fast path)
    bool posing;         // the job writes local rotations
    bool correctHeight;  // liftFeet runs
    bool toeAhead;       // the foot lock sees the toes one frame on
    bool heights;        // sampleClips sums the clips' foot heights
    FootLockConstants footLock;
};

// A leg whose IK waits for its batch: where its results go (where its foot was is in its
// LegIkInput).
// A turn about the world's +Y axis (+ = left), from its sine (cosine positive): what the foot
// lock turns a planted foot by (CharacterState::FootLock::turnSine). Applied with a few
// multiplications, as a turn about one axis needs no general rotation.
struct FootTurn {
    float cos = 1.0f, sin = 0.0f;          // of the angle
    float halfCos = 1.0f, halfSin = 0.0f;  // of half of it
    static FootTurn fromSine(float sine) {
        FootTurn t;
        t.sin = sine;
        t.cos = std::sqrt(std::max(0.0f, 1.0f - sine * sine));
        t.halfCos = std::sqrt(0.5f * (1.0f + t.cos));
        t.halfSin = 0.5f * sine / t.halfCos;
        return t;
    }
    glm::vec3 operator()(const glm::vec3& v) const {
        return {cos * v.x + sin * v.z, v.y, cos * v.z - sin * v.x};
    }
    glm::quat operator()(const glm::quat& q) const {  // the turn's quaternion times q
        return glm::quat(halfCos * q.w - halfSin * q.y, halfCos * q.x + halfSin * q.z,
                         halfCos * q.y + halfSin * q.w, halfCos * q.z - halfSin * q.x);
    }
};

struct PendingLeg {
    const Leg* leg;
    glm::quat* rot;       // the character's local rotations
    Transform* world;     // its world transforms, or null
    FootTurn footTurn;    // the foot turned about the ankle
    bool turned = false;  // footTurn is not the identity
};

// The leg IK of several feet, solved together (solveLegIk's lanes) and then written back; a
// full batch is solved at once, the rest at flush().
class LegIkBatch {
public:
    LegIkBatch(const Skeleton& skeleton, const TwoBoneIkSettings& settings)
        : m_skeleton(skeleton), m_settings(settings) {}
    void add(const PendingLeg& leg, const Transform& parent, const Transform& hip,
             const Transform& knee, const Transform& ankle, const glm::vec3& target,
             const glm::vec3& hint);
    void flush();
    int pending() const { return m_count; }

private:
    void apply(const PendingLeg& p, const LegIkInput& in, const LegIkResult& ik) const;

    const Skeleton& m_skeleton;
    const TwoBoneIkSettings& m_settings;
    LegIkInput m_inputs[kIkLanes];
    PendingLeg m_pending[kIkLanes];
    int m_count = 0;
};

void advanceWeightsAndPhase(const Context& context, size_t first, std::span<Step> steps);
void sampleClips(const Context& context, size_t first, std::span<Step> steps);
void blendPoses(const Context& context, size_t first, std::span<Step> steps);
void moveRoots(const Context& context, size_t first, std::span<Step> steps);
void forwardKinematicsOf(const Context& context, size_t first, std::span<Step> steps);
void liftFeet(const Context& context, size_t first, std::span<Step> steps);
void lockFeet(const Context& context, size_t first, std::span<Step> steps, LegIkBatch& legs);

}  // namespace gs::locomotion

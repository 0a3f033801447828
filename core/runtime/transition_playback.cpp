#include "core/runtime/transition_playback.h"

#include <algorithm>
#include <cmath>

namespace gs {
namespace {

// A stop's heading is turned toward its target only while its end is further than this from the
// character (metres); nearer, the error is taken out by moving along, not by turning.
constexpr float kTurnRange = 0.3f;
// The most a stop's heading turns toward its target over the way left (radians).
constexpr float kMaxStopTurn = 0.5f;
// A stop is corrected only while this much of its path is left (metres): a standing pose is
// never slid.
constexpr float kMinPathLeft = 0.02f;
// A stop stands once its root has less than this left to go (metres); its last frames play on in
// place.
constexpr float kStandPath = 0.005f;
// A start turns toward its goal at most this fast (radians per second): a goal behind is turned
// to over the start's first steps, as a pivot; what is left of the turn at the hand-over is
// steered.
constexpr float kMaxStartTurnRate = 3.0f;

float wrapTo(float x, float period) {
    x = std::fmod(x, period);
    return x < 0.0f ? x + period : x;
}

// Root displacement of a clip that does not loop from frame f0 to f1 (0 <= f0 <= f1 <= last), in
// the ground frame at f0.
glm::vec3 clipSteps(const BakedTransition& t, float f0, float f1) {
    glm::vec3 sum(0.0f);
    const int last = t.frames - 1;
    float f = f0;
    while (f < f1) {
        const int i = std::min(static_cast<int>(std::floor(f)), last - 1);
        const float end = std::min(static_cast<float>(i + 1), f1);
        sum += t.step[i] * (end - f);
        if (end <= f) break;
        f = end;
    }
    return sum;
}

float pathAt(const BakedTransition& t, float f) {
    const int last = t.frames - 1;
    f = std::clamp(f, 0.0f, static_cast<float>(last));
    const int i = std::min(static_cast<int>(f), last - 1);
    const float frac = f - static_cast<float>(i);
    return t.pathLength[i] + frac * (t.pathLength[i + 1] - t.pathLength[i]);
}

glm::vec3 toEndAt(const BakedTransition& t, float f) {
    const int last = t.frames - 1;
    f = std::clamp(f, 0.0f, static_cast<float>(last));
    const int i = std::min(static_cast<int>(f), last - 1);
    const float frac = f - static_cast<float>(i);
    return frac > 0.0f ? composeGround(t.step[i] * (1.0f - frac), t.toEnd[i + 1]) : t.toEnd[i];
}

// At a start's hand-over, the loop's ground frame is the start's moved back by the join's offset:
// that move (dx, dz, dyaw), in the start's frame.
glm::vec3 loopFromStart(const TransitionJoin& join) {
    const float c = std::cos(-join.offset.z), s = std::sin(-join.offset.z);
    return {-(c * join.offset.x + s * join.offset.y), -(-s * join.offset.x + c * join.offset.y),
            -join.offset.z};
}

// Toward the goal's side: the part of a start's turn still to make (`turn`, taken from it) that
// the step from clip frame t0 to t1 makes, spread over what is left to the hand-over.
float startTurnStep(const BakedTransition& t, float t0, float t1, float fps, float& turn) {
    if (turn == 0.0f) return 0.0f;
    const float done = pathAt(t, t1) - pathAt(t, t0);
    if (!(done > 0.0f)) return 0.0f;
    const float left = pathAt(t, t.joins[t.handover].clipFrame) - pathAt(t, t0);
    // Its share of the way left, or of the frames left where that is more (the first steps of a
    // start hardly move, and a turn spread by the way alone would be left for the last ones).
    const float framesLeft = t.joins[t.handover].clipFrame - t0;
    const float share =
        std::max(left > 1e-4f ? std::min(1.0f, done / left) : 1.0f,
                 framesLeft > 1e-3f ? std::min(1.0f, (t1 - t0) / framesLeft) : 1.0f);
    const float spread = turn * share;
    const float most = kMaxStartTurnRate / fps;
    const float step = std::clamp(spread, -most, most);
    turn -= step;
    return step;
}

TransitionSample sampleOf(const BakedBehavioralSpace& bs, int space, bool start, int clip,
                          float time, float weight) {
    const BakedTransition& t = start ? bs.spaces[space].starts[clip] : bs.spaces[space].stops[clip];
    TransitionSample s;
    s.clip = &t;
    s.row = transitionRow(bs, space, start, clip);
    const int last = t.frames - 1;
    time = std::clamp(time, 0.0f, static_cast<float>(last));
    s.frame = std::min(static_cast<int>(time), last - 1);
    s.t = time - static_cast<float>(s.frame);
    s.weight = weight;
    return s;
}

// A start hands over: the loop's phase is set to the join's (so that it is there `ahead` frames
// from now, when the start reaches the join's frame), its blends straight, its style the start's.
void handOver(const BakedBehavioralSpace& bs, CharacterState& st, int space, float loopFrame,
              float ahead) {
    const int n = static_cast<int>(bs.spaces.size());
    for (int s = 0; s < n; ++s) {
        const float straight = bs.spaces[s].blendOf(bs.spaces[s].reference);
        st.blend[s] = st.blendTarget[s] = straight;
        st.styleWeight[s] = s == space ? 1.0f : 0.0f;
    }
    int c0, c1;
    float w0, w1;
    bs.spaces[0].clipWeights(st.blend[0], c0, c1, w0, w1);
    const float L = static_cast<float>(bs.spaces[space].referenceCycleFrames());
    const float u = wrapTo(loopFrame - ahead, L);
    st.phase = st.previousPhase = wrapTo(bs.masterPhase(space, u, c0, c1, w0, w1),
                                         static_cast<float>(bs.masterCycleFrames()));
    st.arrival.steerNow = true;  // steering decides at once
}

// Moves the state on one frame and records the transition's root motion over it.
void advanceState(const BakedBehavioralSpace& bs, const ArrivalSettings& settings,
                  CharacterState& st, TransitionStep& step) {
    ArrivalState& a = st.arrival;
    const float fade = 1.0f / std::max(1.0f, settings.fadeSeconds * bs.fps);
    const float rise = 1.0f / std::max(1.0f, settings.startFadeSeconds * bs.fps);
    switch (a.state) {
        case MotionState::Walking:
            break;
        case MotionState::Standing: {
            const float last = static_cast<float>(bs.spaces[a.space].stops[a.clip].lastFrame());
            a.time = std::min(a.time + 1.0f, last);
            break;
        }
        case MotionState::Stopping: {
            const BakedTransition& t = bs.spaces[a.space].stops[a.clip];
            const float last = static_cast<float>(t.lastFrame());
            const float t0 = a.time, t1 = std::min(t0 + 1.0f, last);
            const float before = a.loopWeight;
            a.loopWeight = std::max(0.0f, a.loopWeight - fade);
            step.offsetTaken = before > 0.0f ? (before - a.loopWeight) / before : 0.0f;
            step.displacement = clipSteps(t, t0, t1) * (1.0f - a.loopWeight);
            step.pathDone = pathAt(t, t1) - pathAt(t, t0);
            step.pathLeft = pathAt(t, last) - pathAt(t, t0);
            a.time = t1;
            // It stands once its root has less than kStandPath left to go (or none); the last
            // frames then play on in place, the root held.
            if (t1 >= last ||
                (a.loopWeight <= 0.0f && pathAt(t, last) - pathAt(t, t1) < kStandPath)) {
                a.state = MotionState::Standing;
                a.loopWeight = 0.0f;
            }
            break;
        }
        case MotionState::Starting: {
            a.standWeight = std::max(0.0f, a.standWeight - rise);
            if (a.clip < 0) {
                // No start clip: the loop rises out of the standing pose on its own.
                if (a.loopWeight == 0.0f) handOver(bs, st, a.space, 0.0f, 0.0f);
                a.loopWeight = 1.0f - a.standWeight;
            } else {
                const BakedTransition& t = bs.spaces[a.space].starts[a.clip];
                const TransitionJoin& join = t.joins[t.handover];
                const float last = static_cast<float>(t.lastFrame());
                const float t0 = a.time, t1 = std::min(t0 + 1.0f, last);
                if (!a.handedOver && t1 > join.clipFrame) {
                    handOver(bs, st, a.space, join.loopFrame, join.clipFrame - t0);
                    a.handedOver = true;
                    a.turn = 0.0f;
                    a.offset = loopFromStart(join);
                }
                const float before = a.loopWeight;
                if (a.handedOver) a.loopWeight = std::min(1.0f, a.loopWeight + fade);
                step.offsetTaken = before < 1.0f ? (a.loopWeight - before) / (1.0f - before) : 0.0f;
                const float w = std::max(0.0f, 1.0f - a.loopWeight - a.standWeight);
                step.displacement = clipSteps(t, t0, t1) * w;
                step.displacement.z += startTurnStep(t, t0, t1, bs.fps, a.turn);
                a.time = t1;
            }
            if (a.loopWeight >= 1.0f) {
                a.state = MotionState::Walking;
                a.styleCatchUp = true;
                a.loopWeight = 1.0f;
                a.standWeight = 0.0f;
                a.space = a.clip = a.standSpace = a.standClip = -1;
                a.turn = 0.0f;
                a.handedOver = false;
            }
            break;
        }
    }
}

}  // namespace

glm::vec3 startHandover(const BakedBehavioralSpace& bs, const ArrivalSettings& settings,
                        const BakedTransition& t, float begin, float turn) {
    // As advanceTransition plays it: the standing pose fades out as the start fades in, the turn
    // is spread over the way, and at the hand-over the loop's frame is the start's moved back by
    // the join's offset.
    const float rise = 1.0f / std::max(1.0f, settings.startFadeSeconds * bs.fps);
    const TransitionJoin& join = t.joins[t.handover];
    const float last = static_cast<float>(t.lastFrame());
    glm::vec3 at(0.0f);
    float standWeight = 1.0f;
    for (float t0 = begin; t0 < last;) {
        standWeight = std::max(0.0f, standWeight - rise);
        const float t1 = std::min(t0 + 1.0f, last);
        if (t1 > join.clipFrame) break;
        glm::vec3 d = clipSteps(t, t0, t1) * (1.0f - standWeight);
        d.z += startTurnStep(t, t0, t1, bs.fps, turn);
        at = composeGround(at, d);
        t0 = t1;
    }
    return composeGround(at, loopFromStart(join));
}

int transitionRow(const BakedBehavioralSpace& bs, int spaceIndex, bool start, int clip) {
    int row = 0;
    for (int s = 0; s < spaceIndex; ++s)
        row += static_cast<int>(bs.spaces[s].stops.size() + bs.spaces[s].starts.size());
    return row + (start ? static_cast<int>(bs.spaces[spaceIndex].stops.size()) : 0) + clip;
}

int advanceTransition(const BakedBehavioralSpace& bs, const ArrivalSettings& settings,
                      CharacterState& st, TransitionSample samples[2], TransitionStep& step,
                      bool advance) {
    ArrivalState& a = st.arrival;
    step = TransitionStep{};
    if (a.state == MotionState::Walking) return 0;
    if (advance) advanceState(bs, settings, st, step);
    // The poses of the state it is in now.
    int count = 0;
    switch (a.state) {
        case MotionState::Walking:
            break;
        case MotionState::Stopping:
            samples[count++] = sampleOf(bs, a.space, false, a.clip, a.time, 1.0f - a.loopWeight);
            break;
        case MotionState::Standing:
            samples[count++] = sampleOf(bs, a.space, false, a.clip, a.time, 1.0f);
            break;
        case MotionState::Starting: {
            const float w = std::max(0.0f, 1.0f - a.loopWeight - a.standWeight);
            if (a.clip >= 0 && w > 0.0f)
                samples[count++] = sampleOf(bs, a.space, true, a.clip, a.time, w);
            if (a.standWeight > 0.0f && a.standSpace >= 0 && a.standClip >= 0) {
                samples[count++] =
                    sampleOf(bs, a.standSpace, false, a.standClip, a.standTime, a.standWeight);
            }
            break;
        }
    }
    return count;
}

void correctTransition(const BakedBehavioralSpace& bs, CharacterState& st,
                       const TransitionStep& step) {
    ArrivalState& a = st.arrival;
    GroundFrame& g = st.ground;
    // The join's offset goes in over the fade.
    if (step.offsetTaken > 0.0f && a.offset != glm::vec3(0.0f)) {
        const glm::vec3 take = a.offset * step.offsetTaken;
        const glm::vec3 moved = composeGround(glm::vec3(g.x, g.z, g.heading), take);
        g.x = moved.x;
        g.z = moved.y;
        g.heading = moved.z;
        a.offset -= take;
    }
    if ((a.state != MotionState::Stopping && a.state != MotionState::Standing) || a.space < 0 ||
        a.clip < 0)
        return;
    if (step.pathLeft < kMinPathLeft || step.pathDone <= 0.0f) return;
    // Distance matching: where the stop ends from here (through what is left of the join's
    // offset), against where it is to end.
    const BakedTransition& t = bs.spaces[a.space].stops[a.clip];
    const glm::vec3 end = composeGround(a.offset, toEndAt(t, a.time));
    const glm::vec3 target3 = g.toLocal(glm::vec3(a.target.x, 0.0f, a.target.y));
    const glm::vec2 target(target3.x, target3.z), e(end.x, end.y);
    const float f = std::min(1.0f, step.pathDone / step.pathLeft);
    float turn = 0.0f;
    if (glm::length(e) > kTurnRange && glm::length(target) > 0.05f)
        turn = std::clamp(wrapAngle(std::atan2(target.x, target.y) - std::atan2(e.x, e.y)),
                          -kMaxStopTurn, kMaxStopTurn);
    const float c = std::cos(turn), s = std::sin(turn);
    // (x left, z forward) turned by `turn` (positive = left) as the ground frame turns.
    const glm::vec2 turned(c * e.x + s * e.y, -s * e.x + c * e.y);
    const glm::vec2 move = (target - turned) * f;
    const glm::vec3 world = g.toWorldDirection(glm::vec3(move.x, 0.0f, move.y));
    g.x += world.x;
    g.z += world.z;
    g.heading += turn * f;
}

}  // namespace gs

#include <gaitspace/runtime/arrival_job.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include <gaitspace/runtime/steering.h>

namespace gs {
namespace {

// A space takes part in a stop when its style weight is at least this: a walk/jog mix stops
// with whichever of the two stops fits the goal best.
constexpr float kStopStyleWeight = 0.25f;

float wrapTo(float x, float period) {
    x = std::fmod(x, period);
    return x < 0.0f ? x + period : x;
}

// The master space's clip pair at the character's blend (what spacePhase needs).
struct MasterPair {
    int c0 = 0, c1 = 1;
    float w0 = 1.0f, w1 = 0.0f;
};

MasterPair masterPair(const BakedBehavioralSpace& bs, const CharacterState& st) {
    MasterPair p;
    bs.spaces[0].clipWeights(st.blend[0], p.c0, p.c1, p.w0, p.w1);
    return p;
}

// Rotation difference of two poses (sum over joints of 1 - |cos(half angle)|; 0 = the same).
float poseDifference(const glm::quat* a, const glm::quat* b, int joints) {
    float sum = 0.0f;
    for (int j = 1; j < joints; ++j) sum += 1.0f - std::abs(glm::dot(a[j], b[j]));
    return sum;
}

// Where a start hands over, seen from `frame`: the ground frame at the hand-over join's clip
// frame in the ground frame at `frame` (dx, dz, dyaw).
glm::vec3 startTravel(const BakedTransition& t, int frame) {
    const int end = std::min(static_cast<int>(t.joins[t.handover].clipFrame), t.frames - 1);
    glm::vec3 sum(0.0f);
    for (int f = end - 1; f >= frame; --f) sum = composeGround(t.step[f], sum);
    return sum;
}

void enterStop(const BakedBehavioralSpace& bs, CharacterState& st, const StopPlan& plan, const glm::vec2& goal) {
    const TransitionJoin& join = bs.spaces[plan.space].stops[plan.clip].joins[plan.join];
    ArrivalState& a = st.arrival;
    a.state = MotionState::Stopping;
    a.space = static_cast<std::int8_t>(plan.space);
    a.clip = static_cast<std::int8_t>(plan.clip);
    a.time = std::max(0.0f, join.clipFrame - plan.frames);
    a.loopWeight = 1.0f;
    a.standWeight = 0.0f;
    a.handedOver = false;
    a.offset = join.offset;
    a.target = goal;
    a.turn = 0.0f;
    a.planSpace = a.planClip = -1;
    a.planJoin = -1;
}

void beginStart(const BakedBehavioralSpace& bs, const ArrivalSettings& settings, CharacterState& st,
                const glm::vec2& goal) {
    ArrivalState& a = st.arrival;
    const int spaceCount = static_cast<int>(bs.spaces.size());
    // The space the character is to walk in (its largest style target); a space without starts
    // of its own starts with the first space's that has them (a jog starts as a walk and blends
    // into the jog).
    int wanted = 0;
    for (int s = 1; s < spaceCount; ++s)
        if (st.styleTarget[s] > st.styleTarget[wanted]) wanted = s;
    int s = bs.spaces[wanted].starts.empty() ? -1 : wanted;
    for (int k = 0; k < spaceCount && s < 0; ++k)
        if (!bs.spaces[k].starts.empty()) s = k;
    const int joints = bs.skeleton.jointCount();
    const BakedTransition* standing =
        a.space >= 0 && a.clip >= 0 ? &bs.spaces[a.space].stops[a.clip] : nullptr;
    a.standSpace = a.space;
    a.standClip = a.clip;
    a.state = MotionState::Starting;
    a.standWeight = 1.0f;
    a.loopWeight = 0.0f;
    a.offset = glm::vec3(0.0f);
    a.turn = 0.0f;
    a.handedOver = false;
    if (s < 0) {
        // No start anywhere: rise straight into the loop.
        a.space = static_cast<std::int8_t>(wanted);
        a.clip = -1;
        a.time = 0.0f;
        a.handedOver = true;
        return;
    }
    // The start whose standing pose is nearest the one it rises from.
    const std::vector<BakedTransition>& starts = bs.spaces[s].starts;
    const float fadeFrames = settings.startFadeSeconds * bs.fps;
    int pick = 0;
    float best = std::numeric_limits<float>::infinity();
    for (int k = 0; k < static_cast<int>(starts.size()) && standing; ++k) {
        const BakedTransition& t = starts[k];
        const int begin = std::max(0, t.stillFrame - static_cast<int>(fadeFrames));
        const float d = poseDifference(standing->rotations.data() + static_cast<size_t>(standing->lastFrame()) * joints,
                                       t.rotations.data() + static_cast<size_t>(begin) * joints, joints);
        if (d < best) best = d, pick = k;
    }
    const BakedTransition& t = starts[pick];
    const int begin = std::max(0, t.stillFrame - static_cast<int>(fadeFrames));
    a.space = static_cast<std::int8_t>(s);
    a.clip = static_cast<std::int8_t>(pick);
    a.time = static_cast<float>(begin);
    // Toward the goal's side: the start's own way to its hand-over turned onto the goal.
    const glm::vec3 local = st.ground.toLocal(glm::vec3(goal.x, 0.0f, goal.y));
    const glm::vec3 way = startTravel(t, begin);
    const float bearing = std::atan2(local.x, local.z) - std::atan2(way.x, way.y);
    a.turn = std::clamp(wrapAngle(bearing), -settings.maxStartTurn, settings.maxStartTurn);
}

}  // namespace

float StopPlan::correction() const {
    return way > 0.0f ? glm::length(error) / way : std::numeric_limits<float>::infinity();
}

StopPlan planStop(const BakedBehavioralSpace& bs, const CharacterState& st, const glm::vec2& goal) {
    StopPlan best;
    float bestScore = std::numeric_limits<float>::infinity();
    const glm::vec3 l3 = st.ground.toLocal(glm::vec3(goal.x, 0.0f, goal.y));
    const glm::vec2 local(l3.x, l3.z);
    const float distance = glm::length(local);
    const MasterPair m = masterPair(bs, st);
    const float L0 = static_cast<float>(bs.masterCycleFrames());
    // The phase step of the last frame stands for the next (the first frame has none yet).
    float dphi = wrapTo(st.phase - st.previousPhase, L0);
    if (st.frame == 0 || !(dphi > 0.0f) || dphi > 0.5f * L0) dphi = 1.0f;
    for (int s = 0; s < static_cast<int>(bs.spaces.size()); ++s) {
        const BakedMotionSpace& ms = bs.spaces[s];
        if (ms.stops.empty() || st.styleWeight[s] < kStopStyleWeight) continue;
        const float L = static_cast<float>(ms.referenceCycleFrames());
        const float u0 = bs.spacePhase(s, st.phase, m.c0, m.c1, m.w0, m.w1);
        const float u1 = bs.spacePhase(s, st.phase + dphi, m.c0, m.c1, m.w0, m.w1);
        float rate = wrapTo(u1 - u0, L);
        if (!(rate > 0.0f) || rate > 0.5f * L) rate = 1.0f;
        // Metres per output frame: the last step's, or the reference loop's at the start.
        const float v = st.arrival.stepLength > 0.0f ? st.arrival.stepLength : ms.clips[ms.reference].speed / bs.fps;
        const float cycle = L / rate;  // output frames per cycle
        for (int c = 0; c < static_cast<int>(ms.stops.size()); ++c) {
            const BakedTransition& t = ms.stops[c];
            float reach = 0.0f;
            for (const TransitionJoin& j : t.joins) reach = std::max(reach, j.pathToEnd);
            if (distance > reach + 2.0f * cycle * v + 1.0f) continue;  // beyond two cycles and the stop
            for (int k = 0; k < static_cast<int>(t.joins.size()); ++k) {
                const TransitionJoin& j = t.joins[k];
                const float ahead = wrapTo(j.loopFrame - u0, L) / rate;
                for (int lap = 0; lap < 2; ++lap) {
                    const float n = ahead + static_cast<float>(lap) * cycle;
                    const glm::vec3 end = composeGround(glm::vec3(0.0f, v * n, 0.0f), j.end);
                    const glm::vec2 error = local - glm::vec2(end.x, end.y);
                    const float way = v * n + j.pathToEnd;
                    if (way < 0.05f) continue;
                    const float score = glm::length(error) / way;
                    if (score < bestScore) {
                        bestScore = score;
                        best = StopPlan{s, c, k, n, error, way};
                    }
                }
            }
        }
    }
    return best;
}

Status ArrivalJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!space) return Status::error("arrival: no behavioral space");
    if (goals.size() < characters.size()) return Status::error("arrival: fewer goals than characters");
    if (flags.size() < characters.size()) return Status::error("arrival: fewer flags than characters");
    return Status::ok();
}

Status ArrivalJob::run() {
    if (Status s = validate(); !s) return s;
    const BakedBehavioralSpace& bs = *space;
    for (size_t c = 0; c < characters.size(); ++c) {
        CharacterState& st = characters[c];
        ArrivalState& a = st.arrival;
        a.approachScale = 1.0f;
        if (a.steerNow) {
            flags[c] |= kSteerNow;
            a.steerNow = false;
        }
        const std::uint8_t f = flags[c];
        if (!(f & kSteerActive)) continue;
        const glm::vec2 goal = goals[c];
        const bool newGoal = (f & kSteerNewGoal) != 0;
        switch (a.state) {
        case MotionState::Walking: {
            flags[c] &= static_cast<std::uint8_t>(~kSteerNewGoal);
            a.planSpace = a.planClip = -1;
            a.planJoin = -1;
            if (!(f & kSteerArrive)) break;
            const StopPlan plan = planStop(bs, st, goal);
            if (plan.join < 0 || plan.correction() > settings.maxCorrection) break;
            if (plan.frames < 1.0f) {
                enterStop(bs, st, plan, goal);
                break;
            }
            // Until the join comes, the approach's steps are stretched or shortened toward it.
            a.planSpace = static_cast<std::int8_t>(plan.space);
            a.planClip = static_cast<std::int8_t>(plan.clip);
            a.planJoin = static_cast<std::int16_t>(plan.join);
            a.approachScale = std::clamp(1.0f + plan.error.y / plan.way, 1.0f - settings.maxCorrection,
                                         1.0f + settings.maxCorrection);
            break;
        }
        case MotionState::Stopping:
            // A goal moved a little is still stopped at; one moved further waits for the stand.
            if (newGoal && glm::distance(goal, a.target) <= settings.standRadius) {
                a.target = goal;
                flags[c] &= static_cast<std::uint8_t>(~kSteerNewGoal);
            }
            break;
        case MotionState::Standing:
            if (!newGoal) break;
            flags[c] &= static_cast<std::uint8_t>(~kSteerNewGoal);
            if (glm::distance(goal, glm::vec2(st.ground.x, st.ground.z)) > settings.standRadius)
                beginStart(bs, settings, st, goal);
            break;
        case MotionState::Starting:
            flags[c] &= static_cast<std::uint8_t>(~kSteerNewGoal);
            break;
        }
    }
    return Status::ok();
}

}  // namespace gs

#include <gaitspace/runtime/arrival_job.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include <gaitspace/runtime/steering.h>

#include "core/runtime/float_environment.h"
#include "core/runtime/transition_playback.h"

namespace gs {
namespace {

// A space takes part in a stop when its style weight is at least this: a walk/jog mix stops
// with whichever of the two stops fits the goal best.
constexpr float kStopStyleWeight = 0.25f;
// A stop due now is entered with up to this times ArrivalSettings::maxCorrection.
constexpr float kDueSlack = 1.5f;
// A goal no stop can end on is walked out of when nearer than this fraction of the longest stop,
// and turned back to from the longest stop and this much further (metres).
constexpr float kEscapeFraction = 0.6f;
constexpr float kEscapeMargin = 0.5f;
// Following a moving goal by stopping: goals slower than this fraction of the walk are followed
// so; a stop is planned within kFollowRange metres of the goal, to stand where the goal will be
// kFollowLead seconds after it stands; it starts again once the goal is kFollowGo metres past it
// (or kFollowFar away), toward where the goal will be kFollowStartSeconds on. It plans only once
// it is no more than kFollowAhead metres behind the goal along the goal's way (-1: a metre behind).
constexpr float kSlowGoal = 0.85f;
constexpr float kFollowRange = 4.0f;
constexpr float kFollowLead = 0.15f;
constexpr float kFollowAhead = -1.0f;
constexpr float kFollowCorrection = 0.35f;
constexpr float kFollowGo = 0.0f;
constexpr float kFollowFar = 2.5f;
constexpr float kFollowStartSeconds = 1.5f;

// A start's turn toward its goal is refined at most this many times, to within this bearing of
// the goal at the hand-over (radians).
constexpr int kStartAimSteps = 8;
constexpr float kStartAimTolerance = 0.005f;

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

// Where a space's reference loop is now (u0, its frame) and how fast it goes (reference frames
// per output frame), from the character's last phase step (the first frame has none yet: 1).
struct LoopRate {
    float u0 = 0.0f, rate = 1.0f;
};

LoopRate loopRate(const BakedBehavioralSpace& bs, const CharacterState& st, const MasterPair& m,
                  int s) {
    const float L0 = static_cast<float>(bs.masterCycleFrames());
    const float L = static_cast<float>(bs.spaces[s].referenceCycleFrames());
    float dphi = wrapTo(st.phase - st.previousPhase, L0);
    if (st.frame == 0 || !(dphi > 0.0f) || dphi > 0.5f * L0) dphi = 1.0f;
    LoopRate r;
    r.u0 = bs.spacePhase(s, st.phase, m.c0, m.c1, m.w0, m.w1);
    r.rate = wrapTo(bs.spacePhase(s, st.phase + dphi, m.c0, m.c1, m.w0, m.w1) - r.u0, L);
    if (!(r.rate > 0.0f) || r.rate > 0.5f * L) r.rate = 1.0f;
    return r;
}

// Rotation difference of two poses (sum over joints of 1 - |cos(half angle)|; 0 = the same).
float poseDifference(const glm::quat* a, const glm::quat* b, int joints) {
    float sum = 0.0f;
    for (int j = 1; j < joints; ++j) sum += 1.0f - std::abs(glm::dot(a[j], b[j]));
    return sum;
}

// How far off the goal (`local`, in the standing character's frame) is from straight ahead of the
// loop that a start turned by `turn` hands over to (radians).
float startAimError(const BakedBehavioralSpace& bs, const ArrivalSettings& settings,
                    const BakedTransition& t, float begin, const glm::vec3& local, float turn) {
    const glm::vec3 at = startHandover(bs, settings, t, begin, turn);
    const float c = std::cos(at.z), s = std::sin(at.z);
    const glm::vec2 d(local.x - at.x, local.z - at.y);
    return wrapAngle(std::atan2(c * d.x - s * d.y, s * d.x + c * d.y));
}

// The turn a start makes toward a goal (`local`) so that the loop it hands over to walks straight
// at it: from the goal's bearing (for a goal behind, either way round), moved by how far off the
// goal is at the hand-over until it is ahead or the turn is at maxStartTurn (the rest is then
// steered), keeping the best.
float startTurn(const BakedBehavioralSpace& bs, const ArrivalSettings& settings,
                const BakedTransition& t, float begin, const glm::vec3& local) {
    const float most = settings.maxStartTurn;
    const float bearing = std::atan2(local.x, local.z);
    float best = 0.0f, bestOff = std::numeric_limits<float>::infinity();
    // A goal behind is tried turning either way.
    constexpr float pi = std::numbers::pi_v<float>;
    const int ways = std::abs(bearing) > 0.5f * pi ? 2 : 1;
    for (int w = 0; w < ways; ++w) {
        float turn =
            std::clamp(w == 0 ? bearing : bearing - std::copysign(2.0f * pi, bearing), -most, most);
        for (int k = 0; k < kStartAimSteps; ++k) {
            const float off = startAimError(bs, settings, t, begin, local, turn);
            if (std::abs(off) < bestOff) bestOff = std::abs(off), best = turn;
            const float next = std::clamp(turn + off, -most, most);
            if (std::abs(off) < kStartAimTolerance || next == turn) break;
            turn = next;
        }
    }
    return best;
}

void enterStop(const BakedBehavioralSpace& bs, CharacterState& st, const StopPlan& plan,
               const glm::vec2& goal) {
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
    a.forced = false;
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
    a.standTime = a.time;
    a.state = MotionState::Starting;
    a.styleHold = false;
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
        const int frame = std::min(static_cast<int>(a.standTime), standing->lastFrame());
        const float d =
            poseDifference(standing->rotations.data() + static_cast<size_t>(frame) * joints,
                           t.rotations.data() + static_cast<size_t>(begin) * joints, joints);
        if (d < best) best = d, pick = k;
    }
    const BakedTransition& t = starts[pick];
    const int begin = std::max(0, t.stillFrame - static_cast<int>(fadeFrames));
    a.space = static_cast<std::int8_t>(s);
    a.clip = static_cast<std::int8_t>(pick);
    a.time = static_cast<float>(begin);
    a.turn = startTurn(bs, settings, t, begin, st.ground.toLocal(glm::vec3(goal.x, 0.0f, goal.y)));
}

// The longest way any stop of the character's mix takes from a join to its end (metres).
float longestStop(const BakedBehavioralSpace& bs, const CharacterState& st) {
    float longest = 0.0f;
    for (int s = 0; s < static_cast<int>(bs.spaces.size()); ++s) {
        if (st.styleWeight[s] < kStopStyleWeight) continue;
        for (const BakedTransition& t : bs.spaces[s].stops)
            longest = std::max(longest, t.maxPathToEnd);
    }
    return longest;
}

// Whether a goal is too near for the stops of the character's own style (its style targets): within
// their longest way (a jog's is 3.2 m).
bool nearForStyle(const BakedBehavioralSpace& bs, const CharacterState& st, const glm::vec2& goal) {
    float longest = 0.0f;
    for (int s = 0; s < static_cast<int>(bs.spaces.size()); ++s) {
        if (st.styleTarget[s] < kStopStyleWeight) continue;
        for (const BakedTransition& t : bs.spaces[s].stops)
            longest = std::max(longest, t.maxPathToEnd);
    }
    return glm::distance(goal, glm::vec2(st.ground.x, st.ground.z)) < longest;
}

// A goal nearer than part of the longest stop that no stop can end on: the character walks
// straight out (blends straight, steering waiting) until it is further than the longest stop and
// a little, and turns back to it from there. Returns true when it stops walking out (steering is
// then to decide at once).
bool escapeFrom(const BakedBehavioralSpace& bs, CharacterState& st, const glm::vec2& goal,
                bool feasible) {
    ArrivalState& a = st.arrival;
    const float longest = longestStop(bs, st);
    const float distance = glm::distance(goal, glm::vec2(st.ground.x, st.ground.z));
    if (a.escape) {
        if (distance <= longest + kEscapeMargin) return false;
        a.escape = false;
        return true;
    }
    if (feasible || distance >= kEscapeFraction * longest) return false;
    a.escape = true;
    for (int s = 0; s < static_cast<int>(bs.spaces.size()); ++s)
        st.blendTarget[s] = bs.spaces[s].blendOf(bs.spaces[s].reference);
    return false;
}

// Whether a moving goal is slow enough to follow by stopping: slower than kSlowGoal of the walk
// that would start after it (the loop of the space whose starts it takes).
bool slowGoal(const BakedBehavioralSpace& bs, const CharacterState& st, const glm::vec2& velocity) {
    for (const BakedMotionSpace& ms : bs.spaces) {
        if (ms.starts.empty()) continue;
        const float walk = ms.clips[ms.reference].speed;
        bool stops = false;
        for (int s = 0; s < static_cast<int>(bs.spaces.size()); ++s)
            stops = stops || (!bs.spaces[s].stops.empty() && st.styleWeight[s] >= kStopStyleWeight);
        return stops && glm::length(velocity) < kSlowGoal * walk;
    }
    return false;
}

// Walking after a slow moving goal: a stop is planned to stand in its way, kFollowLead seconds
// ahead of it, and taken as a stop for a goal that stands still is.
void follow(const BakedBehavioralSpace& bs, const ArrivalSettings& settings, CharacterState& st,
            const glm::vec2& goal, const glm::vec2& velocity) {
    ArrivalState& a = st.arrival;
    const glm::vec2 at(st.ground.x, st.ground.z);
    if (glm::distance(goal, at) > kFollowRange) return;
    // Only once it has caught up (level with the goal along the goal's way, or ahead of it).
    const float aheadOf = glm::dot(at - goal, velocity) / glm::length(velocity);
    if (aheadOf < kFollowAhead) return;
    const StopPlan plan = planStop(bs, st, goal, velocity, kFollowLead);
    if (plan.join < 0) return;
    if (plan.correction() > kFollowCorrection * (plan.frames < 1.0f ? kDueSlack : 1.0f)) return;
    if (plan.frames < 1.0f) {
        enterStop(bs, st, plan, glm::vec2(plan.target.x, plan.target.z));
        return;
    }
    const float approach =
        plan.way - bs.spaces[plan.space].stops[plan.clip].joins[plan.join].pathToEnd;
    a.approachScale = std::clamp(1.0f + plan.error.y / std::max(approach, 0.05f),
                                 1.0f - settings.maxCorrection, 1.0f + settings.maxCorrection);
}

// The stop planned last frame (space s, its stop c, join k, due in `expected` frames from now),
// scored again now at the crossing of that join nearest to when it was due: a plan kept while
// it still fits, so that the character does not turn from one join to a later one as it nears
// them (each one's error is a smaller part of a longer way) and walk past the goal.
StopPlan keptPlan(const BakedBehavioralSpace& bs, const CharacterState& st, const glm::vec2& goal,
                  int s, int c, int k, float expected) {
    StopPlan plan;
    if (s < 0 || s >= static_cast<int>(bs.spaces.size()) || c < 0 ||
        c >= static_cast<int>(bs.spaces[s].stops.size()) || st.styleWeight[s] < kStopStyleWeight)
        return plan;
    const BakedMotionSpace& ms = bs.spaces[s];
    const BakedTransition& t = ms.stops[c];
    if (k < 0 || k >= static_cast<int>(t.joins.size())) return plan;
    const TransitionJoin& j = t.joins[k];
    const float L = static_cast<float>(ms.referenceCycleFrames());
    const auto [u0, rate] = loopRate(bs, st, masterPair(bs, st), s);
    const float v = st.arrival.stepLength > 0.0f ? st.arrival.stepLength
                                                 : ms.clips[ms.reference].speed / bs.fps;
    const float cycle = L / rate;
    float n = wrapTo(j.loopFrame - u0, L) / rate;
    if (std::abs(n + cycle - expected) < std::abs(n - expected)) n += cycle;
    const glm::vec3 l3 = st.ground.toLocal(glm::vec3(goal.x, 0.0f, goal.y));
    const glm::vec2 error = glm::vec2(l3.x, l3.z) - glm::vec2(j.end.x, v * n + j.end.y);
    const float way = v * n + j.pathToEnd;
    if (way < 0.05f) return plan;
    return StopPlan{s, c, k, n, error, way, glm::vec3(goal.x, 0.0f, goal.y)};
}

}  // namespace

float StopPlan::correction() const {
    return way > 0.0f ? glm::length(error) / way : std::numeric_limits<float>::infinity();
}

StopPlan planStop(const BakedBehavioralSpace& bs, const CharacterState& st, const glm::vec2& goal,
                  const glm::vec2& goalVelocity, float lead) {
    StopPlan best;
    float bestScore = std::numeric_limits<float>::infinity();
    const glm::vec3 l3 = st.ground.toLocal(glm::vec3(goal.x, 0.0f, goal.y));
    const glm::vec2 local(l3.x, l3.z);
    const glm::vec3 v3 = st.ground.toLocal(glm::vec3(goalVelocity.x, 0.0f, goalVelocity.y) +
                                           glm::vec3(st.ground.x, 0.0f, st.ground.z));
    const glm::vec2 velocity(v3.x, v3.z);  // the goal's, in the character's frame
    const float goalSpeed = glm::length(velocity);
    const float distance = glm::length(local);
    // Far from every stop's reach (two cycles, the stop, and the moving goal meanwhile): no plan,
    // decided without the phases.
    bool near = false;
    for (int s = 0; s < static_cast<int>(bs.spaces.size()) && !near; ++s) {
        const BakedMotionSpace& ms = bs.spaces[s];
        if (ms.stops.empty() || st.styleWeight[s] < kStopStyleWeight) continue;
        const float v = st.arrival.stepLength > 0.0f ? st.arrival.stepLength
                                                     : ms.clips[ms.reference].speed / bs.fps;
        const float cycle =
            2.0f * static_cast<float>(ms.referenceCycleFrames());  // at half the rate at most
        for (const BakedTransition& t : ms.stops)
            near =
                near ||
                distance <=
                    t.maxPathToEnd + 2.0f * cycle * v + 1.0f +
                        goalSpeed * ((2.0f * cycle + static_cast<float>(t.frames)) / bs.fps + lead);
    }
    if (!near) return best;
    const MasterPair m = masterPair(bs, st);
    for (int s = 0; s < static_cast<int>(bs.spaces.size()); ++s) {
        const BakedMotionSpace& ms = bs.spaces[s];
        if (ms.stops.empty() || st.styleWeight[s] < kStopStyleWeight) continue;
        const float L = static_cast<float>(ms.referenceCycleFrames());
        // The phase step of the last frame stands for the next.
        const auto [u0, rate] = loopRate(bs, st, m, s);
        // Metres per output frame: the last step's, or the reference loop's at the start.
        const float v = st.arrival.stepLength > 0.0f ? st.arrival.stepLength
                                                     : ms.clips[ms.reference].speed / bs.fps;
        const float cycle = L / rate;  // output frames per cycle
        for (int c = 0; c < static_cast<int>(ms.stops.size()); ++c) {
            const BakedTransition& t = ms.stops[c];
            const float reach = t.maxPathToEnd;
            // Beyond two cycles and the stop (and where a moving goal gets to meanwhile).
            const float longest = 2.0f * cycle + static_cast<float>(t.frames);
            if (distance > reach + 2.0f * cycle * v + 1.0f + goalSpeed * (longest / bs.fps + lead))
                continue;
            for (int k = 0; k < static_cast<int>(t.joins.size()); ++k) {
                const TransitionJoin& j = t.joins[k];
                const float ahead = wrapTo(j.loopFrame - u0, L) / rate;
                for (int lap = 0; lap < 2; ++lap) {
                    const float n = ahead + static_cast<float>(lap) * cycle;
                    // The join straight ahead (the entry's heading is the character's).
                    const glm::vec2 end(j.end.x, v * n + j.end.y);
                    // A moving goal: where it will be `lead` seconds after the stop stands.
                    const float seconds =
                        (n + std::max(0.0f, static_cast<float>(t.stillFrame) - j.clipFrame)) /
                        bs.fps;
                    const glm::vec2 target = local + velocity * (seconds + lead);
                    const glm::vec2 error = target - end;
                    const float way = v * n + j.pathToEnd;
                    if (way < 0.05f) continue;
                    const float score = glm::length(error) / way;
                    if (score < bestScore) {
                        bestScore = score;
                        best = StopPlan{s,
                                        c,
                                        k,
                                        n,
                                        error,
                                        way,
                                        st.ground.toWorld(glm::vec3(target.x, 0.0f, target.y))};
                    }
                }
            }
        }
    }
    return best;
}

StopPlan nextJoin(const BakedBehavioralSpace& bs, const CharacterState& st, int s, int clip) {
    StopPlan best;
    if (s < 0 || s >= static_cast<int>(bs.spaces.size()) || clip < 0 ||
        clip >= static_cast<int>(bs.spaces[s].stops.size()))
        return best;
    const BakedMotionSpace& ms = bs.spaces[s];
    const BakedTransition& t = ms.stops[clip];
    const float L = static_cast<float>(ms.referenceCycleFrames());
    const auto [u0, rate] = loopRate(bs, st, masterPair(bs, st), s);
    const float v = st.arrival.stepLength > 0.0f ? st.arrival.stepLength
                                                 : ms.clips[ms.reference].speed / bs.fps;
    for (int k = 0; k < static_cast<int>(t.joins.size()); ++k) {
        const TransitionJoin& j = t.joins[k];
        const float n = wrapTo(j.loopFrame - u0, L) / rate;
        if (best.join >= 0 && n >= best.frames) continue;
        const glm::vec2 end(j.end.x, v * n + j.end.y);
        best = StopPlan{s,
                        clip,
                        k,
                        n,
                        glm::vec2(0.0f),
                        v * n + j.pathToEnd,
                        st.ground.toWorld(glm::vec3(end.x, 0.0f, end.y))};
    }
    return best;
}

namespace {

// What a character's frame of arrival works from: its goal, how that goal moves, and its flags
// as they came in (ArrivalJob::flags).
struct ArrivalFrame {
    glm::vec2 goal;
    glm::vec2 velocity;  // the goal's, m/s (0 for a goal that stands still)
    std::uint8_t flags;  // as they came in
    bool newGoal;        // kSteerNewGoal
    bool following;      // a moving goal followed by stopping in its way
};

void clearNewGoal(std::uint8_t& flags) { flags &= static_cast<std::uint8_t>(~kSteerNewGoal); }

// Before the state's own step: the approach's stretch reset, a requested decision passed on, and
// a stop asked for by name taken at its next join (true: nothing more this frame).
bool beginFrame(const BakedBehavioralSpace& bs, CharacterState& st, std::uint8_t& flags) {
    ArrivalState& a = st.arrival;
    a.approachScale = 1.0f;
    if (a.steerNow) {
        flags |= kSteerNow;
        a.steerNow = false;
    }
    if (!(a.state == MotionState::Walking && a.forced)) return false;
    // A stop asked for by name: taken at its next join, stood where it ends.
    const StopPlan plan = nextJoin(bs, st, a.planSpace, a.planClip);
    if (plan.join < 0)
        a.forced = false;
    else if (plan.frames < 1.0f)
        enterStop(bs, st, plan, glm::vec2(plan.target.x, plan.target.z));
    return true;
}

// The stop to plan toward: the one planned last frame while it fits; when no new plan fits, it
// is kept with the slack of a stop due (the alternative is to walk past and come back). `kept`
// says whether it is last frame's.
StopPlan chooseStop(const BakedBehavioralSpace& bs, const ArrivalSettings& settings,
                    const CharacterState& st, const glm::vec2& goal, int keptSpace, int keptClip,
                    int keptJoin, bool& kept) {
    const ArrivalState& a = st.arrival;
    StopPlan plan = planStop(bs, st, goal);
    kept = false;
    if (keptJoin >= 0 && !a.escape) {
        const StopPlan last =
            keptPlan(bs, st, goal, keptSpace, keptClip, keptJoin, a.planFrames - 1.0f);
        const float limit =
            settings.maxCorrection *
            (last.frames < 1.0f || !(plan.correction() <= settings.maxCorrection) ? kDueSlack
                                                                                  : 1.0f);
        if (last.join >= 0 && last.correction() <= limit) plan = last, kept = true;
    }
    return plan;
}

// Until the join comes, the approach's steps are stretched or shortened toward it.
void planApproach(const BakedBehavioralSpace& bs, const ArrivalSettings& settings, ArrivalState& a,
                  const StopPlan& plan) {
    a.planSpace = static_cast<std::int8_t>(plan.space);
    a.planClip = static_cast<std::int8_t>(plan.clip);
    a.planJoin = static_cast<std::int16_t>(plan.join);
    a.planFrames = plan.frames;
    // The whole error along the way is taken out before the join, where the steps are
    // still the loop's (the stop's own are corrected for what is left).
    const float approach =
        plan.way - bs.spaces[plan.space].stops[plan.clip].joins[plan.join].pathToEnd;
    a.approachScale = std::clamp(1.0f + plan.error.y / std::max(approach, 0.05f),
                                 1.0f - settings.maxCorrection, 1.0f + settings.maxCorrection);
}

// Walking: follow a moving goal, or plan the stop on the goal and take it when it is due.
void whileWalking(const BakedBehavioralSpace& bs, const ArrivalSettings& settings,
                  CharacterState& st, const ArrivalFrame& in, std::uint8_t& flags) {
    ArrivalState& a = st.arrival;
    clearNewGoal(flags);
    const int keptSpace = a.planSpace, keptClip = a.planClip, keptJoin = a.planJoin;
    a.planSpace = a.planClip = -1;
    a.planJoin = -1;
    if (in.following) {
        a.escape = false;
        follow(bs, settings, st, in.goal, in.velocity);
        return;
    }
    if (!(in.flags & kSteerArrive)) {
        a.escape = false;
        a.styleHold = false;
        return;
    }
    // Just started in another space's style (a jog starts as a walk): near a goal, it
    // stays in that style and stops with its stops; a jog's would take it past.
    // Once held, it is held until it stands and starts again or another goal comes (a
    // goal walked out of and come back to is near again).
    a.styleHold = a.styleCatchUp && ((a.styleHold && !in.newGoal) || nearForStyle(bs, st, in.goal));
    bool kept = false;
    const StopPlan plan =
        chooseStop(bs, settings, st, in.goal, keptSpace, keptClip, keptJoin, kept);
    const bool feasible = plan.join >= 0 && plan.correction() <= settings.maxCorrection * kDueSlack;
    if (!feasible || a.escape) {
        if (escapeFrom(bs, st, in.goal, feasible)) flags |= kSteerNow;
        if (a.escape) return;
    }
    if (plan.join < 0) return;
    // Due now, a stop is taken with a little more correction than one planned ahead:
    // the alternative is to walk past and come back.
    if (plan.correction() >
        settings.maxCorrection * (plan.frames < 1.0f || kept ? kDueSlack : 1.0f))
        return;
    if (plan.frames < 1.0f) {
        enterStop(bs, st, plan, in.goal);
        return;
    }
    planApproach(bs, settings, a, plan);
}

// Stopping: a goal moved a little is still stopped at; one moved further waits for the stand
// (a followed goal is stood in the way of where it was planned).
void whileStopping(const ArrivalSettings& settings, ArrivalState& a, const ArrivalFrame& in,
                   std::uint8_t& flags) {
    if (in.following) {
        clearNewGoal(flags);
    } else if (in.newGoal && glm::distance(in.goal, a.target) <= settings.standRadius) {
        a.target = in.goal;
        clearNewGoal(flags);
    }
}

// Standing: off after a followed goal once it has gone by, or toward a new goal out of reach.
void whileStanding(const BakedBehavioralSpace& bs, const ArrivalSettings& settings,
                   CharacterState& st, const ArrivalFrame& in, std::uint8_t& flags) {
    if (in.following) {
        // Off after the followed goal once it has gone by.
        clearNewGoal(flags);
        const glm::vec2 at(st.ground.x, st.ground.z);
        const float speed = glm::length(in.velocity);
        const float ahead = glm::dot(in.goal - at, in.velocity) / speed;
        if (ahead > kFollowGo || glm::distance(in.goal, at) > kFollowFar)
            beginStart(bs, settings, st, in.goal + in.velocity * kFollowStartSeconds);
        return;
    }
    if (!in.newGoal) return;
    clearNewGoal(flags);
    if (glm::distance(in.goal, glm::vec2(st.ground.x, st.ground.z)) > settings.standRadius)
        beginStart(bs, settings, st, in.goal);
}

}  // namespace

Status ArrivalJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!space) return Status::error("arrival: no behavioral space");
    if (goals.size() < characters.size())
        return Status::error("arrival: fewer goals than characters");
    if (flags.size() < characters.size())
        return Status::error("arrival: fewer flags than characters");
    return Status::ok();
}

Status ArrivalJob::run() {
    if (Status s = validate(); !s) return s;
    const detail::DefaultFloatEnvironment environment;
    const BakedBehavioralSpace& bs = *space;
    for (size_t c = 0; c < characters.size(); ++c) {
        CharacterState& st = characters[c];
        if (beginFrame(bs, st, flags[c])) continue;
        const std::uint8_t f = flags[c];
        if (!(f & kSteerActive)) continue;
        ArrivalFrame in;
        in.goal = goals[c];
        in.flags = f;
        in.newGoal = (f & kSteerNewGoal) != 0;
        in.velocity = goalVelocities.empty() ? glm::vec2(0.0f) : goalVelocities[c];
        // A moving goal slower than the walk is followed by stopping in its way, standing, and
        // starting after it (the walk could only circle it).
        in.following = followByStopping && !(f & kSteerArrive) && in.velocity != glm::vec2(0.0f) &&
                       slowGoal(bs, st, in.velocity);
        switch (st.arrival.state) {
            case MotionState::Walking:
                whileWalking(bs, settings, st, in, flags[c]);
                break;
            case MotionState::Stopping:
                whileStopping(settings, st.arrival, in, flags[c]);
                break;
            case MotionState::Standing:
                whileStanding(bs, settings, st, in, flags[c]);
                break;
            case MotionState::Starting:
                clearNewGoal(flags[c]);
                break;
        }
    }
    return Status::ok();
}

}  // namespace gs

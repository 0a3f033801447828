#include "core/evaluation/simulation.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>

#include "core/authoring_limits.h"
#include "core/evaluation/quality.h"
#include "core/evaluation/record_locomotion.h"
#include "core/clip/root_motion.h"
#include "core/evaluation/simulation_arrive.h"

namespace gs {
namespace {

constexpr float kPi = std::numbers::pi_v<float>;
constexpr float kInf = std::numeric_limits<float>::infinity();

struct MixMotion {
    float speed = 0.0f;     // m/s
    float turnRate = 0.0f;  // rad/s, + = left
};

// Plays the style mix at the given blends (one per space) for four loops.
MixMotion measureMix(const BakedBehavioralSpace& bs, const std::vector<float>& weights,
                     const std::vector<float>& blends, const LocomotionSettings& settings) {
    CharacterState state;
    initCharacter(bs, state, GroundFrame{}, weights, blends);
    auto run = recordLocomotion(bs, state, settings, 4 * bs.masterCycleFrames() + 1);
    if (!run) return {};
    const RootMotionStats stats = rootMotionStats(*run);
    return {stats.speed, stats.headingChange / run->duration()};
}

// The mix played at steady turns to one side (+1 left, -1 right): every space's blend from its
// sharpest on that side (fraction 0, first) toward its straightest, in fifths.
std::vector<MixMotion> steadyMotions(const BakedBehavioralSpace& bs,
                                     const std::vector<float>& weights, float side,
                                     const LocomotionSettings& settings) {
    std::vector<MixMotion> motions;
    std::vector<float> blends(bs.spaces.size());
    const float sharpest = side > 0.0f ? 1.0f : 0.0f;
    for (int k = 0; k < 5; ++k) {
        const float fraction = static_cast<float>(k) / 5.0f;
        for (size_t s = 0; s < bs.spaces.size(); ++s)
            blends[s] =
                sharpest + fraction * (bs.spaces[s].blendOf(bs.spaces[s].reference) - sharpest);
        motions.push_back(measureMix(bs, weights, blends, settings));
    }
    return motions;
}

// Those of the motions that turn to `side`, as Dubins' turns.
std::vector<SteadyTurn> steadyTurns(std::span<const MixMotion> motions, float side) {
    std::vector<SteadyTurn> turns;
    for (const MixMotion& m : motions)
        if (side * m.turnRate > 1e-3f && m.speed > 1e-3f)
            turns.push_back({m.speed / std::abs(m.turnRate), m.speed});
    return turns;
}

float angleTo(const GroundFrame& g, const glm::vec2& goal) {
    const glm::vec3 local = g.toLocal(glm::vec3(goal.x, 0.0f, goal.y));
    return std::atan2(local.x, local.z);
}

}  // namespace

glm::vec2 MovingGoal::velocity() const {
    const float h = 1e-3f;
    const glm::vec2 d = curve(m_tau + h) - curve(m_tau - h);
    const float l = glm::length(d);
    return l > 1e-9f ? m_speed * d / l : glm::vec2(0.0f);
}

void MovingGoal::advance(float dt) {
    // Arc-length stepping: d tau = speed dt / |dP/dtau|.
    const float h = 1e-3f;
    const float rate = glm::length(curve(m_tau + h) - curve(m_tau - h)) / (2.0f * h);
    m_tau += rate > 1e-6f ? m_speed * dt / rate : 0.0f;
}

glm::vec2 MovingGoal::curve(float tau) const {
    switch (m_scenario) {
        case SimulationSettings::Scenario::Circle:  // radius 8 m about the start
            return {8.0f * std::sin(tau), 8.0f * std::cos(tau)};
        case SimulationSettings::Scenario::Zigzag: {  // 4 m either side, a leg every 8 m
            const float leg = tau / 8.0f;
            const float tri = 2.0f * std::abs(leg - std::floor(leg + 0.5f));  // 0..1
            return {4.0f * (2.0f * tri - 1.0f), 6.0f + tau};
        }
        case SimulationSettings::Scenario::Figure8:  // 10 m lobes through the start area
            return {10.0f * std::sin(tau), 6.0f + 10.0f * std::sin(tau) * std::cos(tau)};
        default:
            return {0.0f, 0.0f};
    }
}

Status SimulationSettings::validate() const {
    if (goals < 1 || goals > limits::kMaxGoals)
        return Status::error("simulation: goals must be 1-" + std::to_string(limits::kMaxGoals));
    if (!(reachRadius > 0.0f)) return Status::error("simulation: reach radius must be > 0");
    if (!(minGoalDistance > 0.0f) || !(maxGoalDistance >= minGoalDistance))
        return Status::error("simulation: goal distances must satisfy 0 < min <= max");
    if (!(movingSeconds > 5.0f && movingSeconds <= limits::kMaxRunSeconds))
        return Status::error("simulation: a moving-goal run lasts more than 5 s and at most " +
                             std::to_string(static_cast<int>(limits::kMaxRunSeconds)) + " s");
    if (!(goalSpeedFraction > 0.0f && goalSpeedFraction < 1.0f))
        return Status::error(
            "simulation: the goal moves slower than the character (0 < fraction < 1)");
    if (!(standSeconds >= 0.0f && standSeconds <= 60.0f))
        return Status::error("simulation: the stand at each goal must be 0-60 s");
    if (!(goalHeadStart >= 0.0f && goalHeadStart <= 3600.0f))
        return Status::error("simulation: a moving goal's head start must be in [0, 3600] s");
    if (!(styleSwitchSeconds >= 0.0f && styleSwitchSeconds <= 3600.0f))
        return Status::error("simulation: the style switch interval must be in [0, 3600] s");
    if (!styleSwitchSpaces.empty()) {
        std::vector<int> spaces = styleSwitchSpaces;
        std::sort(spaces.begin(), spaces.end());
        if (spaces.front() < 0)
            return Status::error("simulation: a style switch space index is negative");
        if (std::unique(spaces.begin(), spaces.end()) != spaces.end() || spaces.size() < 2)
            return Status::error(
                "simulation: styles are switched among at least two distinct spaces");
    }
    float styleSum = 0.0f;
    for (float w : styleWeights) {
        if (!(w >= 0.0f && w <= limits::kMaxStyleWeight))
            return Status::error("simulation: a style weight is outside 0-" +
                                 std::to_string(static_cast<int>(limits::kMaxStyleWeight)));
        styleSum += w;
    }
    if (!styleWeights.empty() && !(styleSum > limits::kNegligibleWeight))
        return Status::error("simulation: the style weights sum to 0");
    if (Status s = steer.validate(); !s) return s;
    return locomotion.validate();
}

float phaseLockError(const BakedBehavioralSpace& bs, const CharacterState& st) {
    const float period = static_cast<float>(bs.masterCycleFrames());
    if (!(st.phase >= 0.0f && st.phase < period)) return period;
    auto sinceLeftStrike = [&](int s, float u) {
        const BakedMotionSpace& ms = bs.spaces[s];
        const float L = static_cast<float>(ms.referenceCycleFrames());
        float best = L;
        for (int strike : ms.leftStrikes) {
            float d = std::fmod(u - static_cast<float>(strike) + 2.0f * L, L);
            if (d > 0.5f * L) d -= L;
            if (std::abs(d) < std::abs(best)) best = d;
        }
        return best / L * period;  // master frames
    };
    if (bs.spaces.front().leftStrikes.empty()) return 0.0f;
    int c0, c1;
    float w0, w1;
    bs.spaces.front().clipWeights(st.blend[0], c0, c1, w0, w1);
    const float master = sinceLeftStrike(0, bs.spacePhase(0, st.phase, c0, c1, w0, w1));
    float error = 0.0f;
    for (int s = 1; s < static_cast<int>(bs.spaces.size()); ++s) {
        if (bs.spaces[s].leftStrikes.empty()) continue;
        // A loop of n cycles has n left strikes: phases a whole cycle apart are in step.
        const float cycle = period / static_cast<float>(bs.spaces.front().leftStrikes.size());
        float d = std::fmod(
            std::abs(sinceLeftStrike(s, bs.spacePhase(s, st.phase, c0, c1, w0, w1)) - master),
            cycle);
        d = std::min(d, cycle - d);
        error = std::max(error, std::isfinite(d) ? d : period);
    }
    return error;
}

Expected<SimulationResult> simulate(const SteeringSpace& steering,
                                    const SimulationSettings& settings) {
    if (Status s = steering.validate(); !s) return s;
    auto baked = std::make_shared<BakedSpaceFile>();
    baked->space = *steering.space;
    baked->goalSpaces = steering.goalSpaces;
    baked->locomotion = settings.locomotion;
    baked->steer = settings.steer;
    return simulate(std::shared_ptr<const BakedSpaceFile>(std::move(baked)), settings);
}

namespace {

// The style weights of the settings, one per space, normalized (the first space when none is
// positive).
std::vector<float> mixWeights(const BakedBehavioralSpace& bs, const SimulationSettings& settings) {
    const int spaceCount = static_cast<int>(bs.spaces.size());
    std::vector<float> weights(spaceCount, 0.0f);
    float sum = 0.0f;
    for (int s = 0; s < spaceCount && s < static_cast<int>(settings.styleWeights.size()); ++s) {
        weights[s] = std::max(0.0f, settings.styleWeights[s]);
        sum += weights[s];
    }
    if (sum <= 0.0f) weights[0] = sum = 1.0f;
    for (float& w : weights) w /= sum;
    return weights;
}

// How the mix moves, measured by playing it, and the bounds a run's time is measured against.
struct MixBounds {
    MixMotion left, right;  // the sharpest turns
    float radiusLeft = kInf, radiusRight = kInf;
    std::vector<SteadyTurn> steadyLeft, steadyRight;
};

// The mix's speed (straight) and tightest turns into `result` (speed, turn radii and the optimum):
// blends of walk and jog do not move at the weighted clip speeds, since time follows the dominant
// style. The optimum is a lower bound: the tightest turns and the highest speed of the mix and of
// every style steering may borrow.
MixBounds measureBounds(const BakedBehavioralSpace& bs, const std::vector<float>& weights,
                        const SimulationSettings& settings, SimulationResult& result) {
    const int spaceCount = static_cast<int>(bs.spaces.size());
    MixBounds m;
    std::vector<float> straightBlends(bs.spaces.size());
    for (size_t s = 0; s < bs.spaces.size(); ++s)
        straightBlends[s] = bs.spaces[s].blendOf(bs.spaces[s].reference);
    const MixMotion straight = measureMix(bs, weights, straightBlends, settings.locomotion);
    const std::vector<MixMotion> leftMotions =
        steadyMotions(bs, weights, 1.0f, settings.locomotion);
    const std::vector<MixMotion> rightMotions =
        steadyMotions(bs, weights, -1.0f, settings.locomotion);
    m.left = leftMotions.front();
    m.right = rightMotions.front();
    result.speed = straight.speed;
    m.radiusLeft = m.left.turnRate > 1e-3f ? m.left.speed / m.left.turnRate : kInf;
    m.radiusRight = m.right.turnRate < -1e-3f ? -m.right.speed / m.right.turnRate : kInf;
    result.minTurnRadius = std::min(m.radiusLeft, m.radiusRight);
    result.turnRadiusLeft = m.radiusLeft;
    result.turnRadiusRight = m.radiusRight;
    m.steadyLeft = steadyTurns(leftMotions, 1.0f);
    m.steadyRight = steadyTurns(rightMotions, -1.0f);
    // Steering borrows a style whose turning circle leaves outside a goal that is inside the mix's;
    // circles on one side nest (a wider one holds the narrower), so only a style with a tighter
    // turn to some side may be borrowed.
    result.optimumRadiusLeft = m.radiusLeft;
    result.optimumRadiusRight = m.radiusRight;
    result.optimumSpeed = straight.speed;
    for (const std::vector<MixMotion>* motions : {&leftMotions, &rightMotions})
        for (const MixMotion& mm : *motions)
            result.optimumSpeed = std::max(result.optimumSpeed, mm.speed);
    // (The same bound for the naive controller, which never borrows, so that both score alike.)
    const bool mayBorrow = settings.steer.preferTighterStyles && spaceCount > 1;
    for (int s = 0; s < spaceCount && mayBorrow; ++s) {
        std::vector<float> alone(spaceCount, 0.0f);
        alone[s] = 1.0f;
        MixMotion turns[2];
        float radius[2] = {kInf, kInf};  // left, right
        for (int k = 0; k < 2; ++k) {
            std::vector<float> blends = straightBlends;
            blends[s] = k == 0 ? 1.0f : 0.0f;
            turns[k] = measureMix(bs, alone, blends, settings.locomotion);
            const float side = k == 0 ? 1.0f : -1.0f;
            if (side * turns[k].turnRate > 1e-3f)
                radius[k] = turns[k].speed / std::abs(turns[k].turnRate);
        }
        if (!(radius[0] < m.radiusLeft || radius[1] < m.radiusRight)) continue;
        result.optimumRadiusLeft = std::min(result.optimumRadiusLeft, radius[0]);
        result.optimumRadiusRight = std::min(result.optimumRadiusRight, radius[1]);
        result.optimumSpeed =
            std::max({result.optimumSpeed, turns[0].speed, turns[1].speed,
                      measureMix(bs, alone, straightBlends, settings.locomotion).speed});
    }
    return m;
}

// The figures of the motion itself (foot skate, root acceleration, knees) from its world joint
// positions, frame by frame.
void addMotionFigures(const BakedBehavioralSpace& bs, std::span<const glm::vec3> positions,
                      SimulationResult& result) {
    const int joints = bs.skeleton.jointCount();
    result.footSkate =
        footSkate(positions, joints, bs.leftToe, bs.rightToe, bs.floorHeight, bs.fps);
    result.stanceSkate =
        stanceSkate(positions, joints, bs.leftToe, bs.rightToe, bs.floorHeight, bs.fps);
    result.rootAccel = rootAccelerationP95(positions, joints, bs.fps);
    if (const auto legs = findLegs(bs.skeleton, bs.leftToe, bs.rightToe)) {
        result.kneeStep = kneeStepP95(positions, joints, *legs);
        result.kneeFlexion = kneeFlexionMean(positions, joints, *legs);
    }
}

// The mean and p95 of a moving goal's distances.
void addDistanceFigures(std::vector<float> distances, SimulationResult& result) {
    if (distances.empty()) return;
    double total = 0.0;
    for (float d : distances) total += d;
    result.meanDistance = static_cast<float>(total / distances.size());
    std::sort(distances.begin(), distances.end());
    result.p95Distance =
        distances[std::min(distances.size() - 1, static_cast<size_t>(0.95 * distances.size()))];
}

// The random and moving-goal scenarios' run: one character steered to random goals (walked
// through) or after a goal on a path, and what it keeps from frame to frame. Every figure of the
// run goes into `result`; `positions` receives its world joint positions, frame by frame.
struct GoalRun {
    GoalRun(Crowd& crowd, CharacterId id, const BakedBehavioralSpace& bs,
            const SimulationSettings& settings, const std::vector<float>& weights,
            const MixBounds& bounds, std::vector<glm::vec3>& positions, SimulationResult& result);

    Status start();  // the first goal
    Status run();    // frame by frame until the goals are done or the moving goal's time is up
    void finish();   // the run's figures from its sums

    void nextRandomGoal();
    void switchStyle();
    void recordFrame();
    Status followMovingGoal(float distance);
    bool randomGoalDone(float distance);

    Crowd& crowd;
    const CharacterId id;
    const BakedBehavioralSpace& bs;
    const SimulationSettings& settings;
    const MixBounds& bounds;
    std::vector<glm::vec3>& positions;
    SimulationResult& result;
    const CharacterState& state;
    const int spaceCount;
    const bool moving;
    const float dt;
    std::mt19937 rng;
    std::uniform_real_distribution<float> unit{0.0f, 1.0f};
    MovingGoal mover;
    glm::vec2 goal{0.0f};
    long goalStart = 0;
    float loopSeconds = 0.0f;
    float budget = 0.0f, lateAfter = 0.0f, optimal = 0.0f, steady = 0.0f;
    double ratioSum = 0.0, steadySum = 0.0, headingSum = 0.0;
    std::vector<float> distances;  // a moving goal's, after its first 5 s
    long maxFrames = 0;
    // Style switches: every switchFrames the style moves wholly to another of switchSpaces,
    // chosen at random.
    long switchFrames = 0;
    std::vector<int> switchSpaces;
    std::mt19937 styleRng;
    int styleNow = 0;
    double ns = 0.0;  // in crowd updates
};

GoalRun::GoalRun(Crowd& crowd, CharacterId id, const BakedBehavioralSpace& bs,
                 const SimulationSettings& settings, const std::vector<float>& weights,
                 const MixBounds& bounds, std::vector<glm::vec3>& positions,
                 SimulationResult& result)
    : crowd(crowd),
      id(id),
      bs(bs),
      settings(settings),
      bounds(bounds),
      positions(positions),
      result(result),
      state(*crowd.state(id)),
      spaceCount(static_cast<int>(bs.spaces.size())),
      moving(settings.scenario != SimulationSettings::Scenario::Random),
      dt(1.0f / bs.fps),
      rng(settings.seed),
      mover(settings.scenario, settings.goalSpeedFraction * result.speed),
      styleRng(settings.seed + 1u) {
    // A goal is given up once the character has had its optimal time and time enough to go
    // round its widest sharpest turn once more (or twice the optimal time, if that is longer),
    // plus 3 s. A goal just off the side of a turning circle needs that turn: the sharpest turn
    // from near straight turns about half its steady rate over the first goal-space step, so the
    // character comes round once where Dubins' path at the tightest radius turns in at once.
    const float slowestTurn =
        std::min(std::abs(bounds.left.turnRate), std::abs(bounds.right.turnRate));
    loopSeconds = slowestTurn > 1e-3f ? 2.0f * kPi / slowestTurn : 0.0f;
    maxFrames = moving ? static_cast<long>(settings.movingSeconds * bs.fps)
                       : std::numeric_limits<long>::max();
    switchFrames = moving || spaceCount < 2 ? 0 : std::lround(settings.styleSwitchSeconds * bs.fps);
    styleNow = static_cast<int>(std::max_element(weights.begin(), weights.end()) - weights.begin());
    switchSpaces = settings.styleSwitchSpaces;
    if (switchSpaces.empty())
        for (int s = 0; s < spaceCount; ++s) switchSpaces.push_back(s);
}

// A random goal, its optimal and steady times and the time it is given: set and recorded.
void GoalRun::nextRandomGoal() {
    const float d = settings.minGoalDistance +
                    (settings.maxGoalDistance - settings.minGoalDistance) * unit(rng);
    const float a = 2.0f * kPi * unit(rng);
    goal = glm::vec2(state.ground.x + d * std::sin(a), state.ground.z + d * std::cos(a));
    const glm::vec3 l = state.ground.toLocal(glm::vec3(goal.x, 0.0f, goal.y));
    optimal = dubinsReachDistanceSampled(l.x, l.z, result.optimumRadiusLeft,
                                         result.optimumRadiusRight, settings.reachRadius) /
              result.optimumSpeed;
    steady = dubinsTimeSampled(l.x, l.z, bounds.steadyLeft, bounds.steadyRight, result.speed);
    // The time allowed comes from the mix's own Dubins path to the goal itself.
    const float dubins =
        dubinsDistanceSampled(l.x, l.z, bounds.radiusLeft, bounds.radiusRight) / result.speed;
    lateAfter = 2.0f * dubins + 3.0f;  // the former budget (SimulationResult::reachedLate)
    budget = std::max(lateAfter, dubins + loopSeconds + 3.0f);
    goalStart = result.frames;
    // A new goal: steering decides at once, not at the next start frame. It is steered to and
    // past (the arrive scenario stops on its goals). (It cannot be refused: the crowd steers,
    // the id is its own and the goal finite.)
    (void)crowd.setGoal(id, goal, Crowd::GoalArrival::WalkOn);
    ++result.goals;
    result.goalRecords.push_back({l.x, l.z, optimal, steady, 0.0f, false});
}

Status GoalRun::start() {
    if (!moving) {
        nextRandomGoal();
        return Status::ok();
    }
    // The goal has already gone this far along its path (frame by frame, as it goes on).
    const long headStartFrames = std::lround(settings.goalHeadStart * bs.fps);
    for (long f = 0; f < headStartFrames; ++f) mover.advance(dt);
    goal = mover.position();
    if (Status s = crowd.setMovingGoal(id, goal, mover.velocity()); !s) return s;
    result.goals = 1;
    return Status::ok();
}

// The style wholly to another of the spaces switched among, chosen at random.
void GoalRun::switchStyle() {
    std::vector<int> others;
    for (int s : switchSpaces)
        if (s != styleNow) others.push_back(s);
    styleNow = others[std::uniform_int_distribution<int>(
        0, static_cast<int>(others.size()) - 1)(styleRng)];
    std::vector<float> target(spaceCount, 0.0f);
    target[styleNow] = 1.0f;
    if (crowd.setStyleTargets(id, target)) ++result.styleSwitches;
}

// This frame's positions, pose (when recorded), blend step, motion state and phase error.
void GoalRun::recordFrame() {
    for (const Transform& t : *crowd.modelTransforms(id)) positions.push_back(t.translation);
    if (settings.record) {
        const auto pose = *crowd.localPose(id);
        result.motion.rotations.insert(result.motion.rotations.end(), pose.begin(), pose.end());
        result.motion.rootPositions.push_back(*crowd.rootPosition(id));
    }
    result.maxBlendStep = std::max(result.maxBlendStep, state.lastBlendStep);
    // A followed goal is stood in the way of: the stops and the frames they change state at.
    const MotionState motion = *crowd.motionState(id);
    auto& changes = result.arrival.stateChanges;
    if (changes.empty() || changes.back().second != motion) {
        if (motion == MotionState::Standing) ++result.arrival.stops;
        changes.push_back({result.frames, motion});
    }
    if (result.frames % std::max(1L, std::lround(bs.fps)) == 0)
        result.phaseError = std::max(result.phaseError, phaseLockError(bs, state));
}

// The moving goal's distance kept (after the first 5 s), and the goal moved on.
Status GoalRun::followMovingGoal(float distance) {
    if (result.frames * dt > 5.0f) distances.push_back(distance);
    mover.advance(dt);
    goal = mover.position();
    return crowd.setMovingGoal(id, goal, mover.velocity());
}

// The random goal scored at this distance; true when it is reached or given up.
bool GoalRun::randomGoalDone(float distance) {
    const float elapsed = (result.frames - goalStart) * dt;
    if (distance < settings.reachRadius) {
        ++result.reached;
        if (elapsed > lateAfter) {
            ++result.reachedLate;
            result.goalRecords.back().late = true;
        }
        ratioSum += elapsed / optimal;
        steadySum += elapsed / steady;
        result.goalRecords.back().reached = true;
    }
    result.goalRecords.back().seconds = elapsed;
    return distance < settings.reachRadius || elapsed > budget;
}

Status GoalRun::run() {
    const float frameSeconds = 1.0f / bs.fps;
    while (result.frames < maxFrames) {
        // Frame 0 is the pose the character was added with; each later frame one crowd update.
        if (result.frames > 0) {
            const auto t0 = std::chrono::steady_clock::now();
            if (Status s = crowd.update(frameSeconds); !s) return s;
            ns += std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0)
                      .count();
        }
        recordFrame();
        if (switchFrames > 0 && result.frames > 0 && result.frames % switchFrames == 0)
            switchStyle();
        headingSum += std::abs(angleTo(state.ground, goal));
        ++result.frames;

        const float distance = glm::distance(glm::vec2(state.ground.x, state.ground.z), goal);
        if (moving) {
            if (Status s = followMovingGoal(distance); !s) return s;
        } else if (randomGoalDone(distance)) {
            if (result.goals >= settings.goals) break;
            nextRandomGoal();
        }
    }
    return Status::ok();
}

void GoalRun::finish() {
    result.reachRate = moving ? 0.0f : static_cast<float>(result.reached) / result.goals;
    result.meanTimeRatio = result.reached ? static_cast<float>(ratioSum / result.reached) : 0.0f;
    result.meanSteadyRatio = result.reached ? static_cast<float>(steadySum / result.reached) : 0.0f;
    if (!result.goalRecords.empty()) {
        double floorSum = 0.0;
        for (const GoalRecord& g : result.goalRecords)
            floorSum += g.steadySeconds / g.optimalSeconds;
        result.steadyOptimumRatio = static_cast<float>(floorSum / result.goalRecords.size());
    }
    result.meanHeadingErrorDeg =
        static_cast<float>(headingSum / result.frames * 180.0 / std::numbers::pi);
    result.nsPerUpdate = result.frames > 1 ? ns / (result.frames - 1) : 0.0;
    addDistanceFigures(std::move(distances), result);
}

// The random and moving-goal scenarios: one character steered to random goals (walked through)
// or after a goal on a path, every figure of the run into `result`; `positions` receives its world
// joint positions, frame by frame.
Status simulateGoals(Crowd& crowd, const BakedBehavioralSpace& bs,
                     const SimulationSettings& settings, const std::vector<float>& weights,
                     const MixBounds& bounds, std::vector<glm::vec3>& positions,
                     SimulationResult& result) {
    const Expected<CharacterId> added = crowd.add(GroundFrame{}, weights);
    if (!added) return added.status();
    GoalRun run(crowd, *added, bs, settings, weights, bounds, positions, result);
    if (Status s = run.start(); !s) return s;
    if (Status s = run.run(); !s) return s;
    run.finish();
    return Status::ok();
}

}  // namespace

Expected<SimulationResult> simulate(std::shared_ptr<const BakedSpaceFile> baked,
                                    const SimulationSettings& settings) {
    if (Status s = settings.validate(); !s) return s;
    if (!baked) return Status::error("simulation: no baked space");
    const BakedBehavioralSpace& bs = baked->space;
    for (int s : settings.styleSwitchSpaces)
        if (s >= static_cast<int>(bs.spaces.size()))
            return Status::error("simulation: style switch space " + std::to_string(s) +
                                 " is out of range (the space holds " +
                                 std::to_string(bs.spaces.size()) + " motion spaces)");
    const std::vector<float> weights = mixWeights(bs, settings);
    SimulationResult result;
    const MixBounds bounds = measureBounds(bs, weights, settings, result);

    // One character of a crowd: the runtime's own loop (gaitspace/runtime/crowd.h), at the space's
    // rate.
    CrowdSettings crowdSettings;
    crowdSettings.controller = settings.controller == SimulationSettings::Controller::GoalSpace
                                   ? CrowdSettings::Controller::GoalSpace
                                   : CrowdSettings::Controller::Naive;
    crowdSettings.naiveGain = settings.naiveGain;
    Crowd crowd(baked, crowdSettings);
    if (!crowd.status()) return crowd.status();
    if (!crowd.canSteer())
        return Status::error("simulation: the baked space has no goal spaces to steer with");
    SteerSettings steerSettings = settings.steer;
    steerSettings.arrivalRadius = settings.reachRadius;
    if (Status s = crowd.setSteerSettings(steerSettings); !s) return s;
    if (Status s = crowd.setLocomotionSettings(settings.locomotion); !s) return s;
    if (settings.record) {
        result.motion.name = "simulation";
        result.motion.fps = bs.fps;
        result.motion.skeleton = bs.skeleton;
    }
    std::vector<glm::vec3> positions;
    const Status run =
        settings.scenario == SimulationSettings::Scenario::Arrive
            ? simulateArrive(baked, settings, crowdSettings, weights, positions, result)
            : simulateGoals(crowd, bs, settings, weights, bounds, positions, result);
    if (!run) return run;
    addMotionFigures(bs, positions, result);
    return result;
}

}  // namespace gs

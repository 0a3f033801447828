#include "core/evaluation/simulation_arrive.h"

#include <cmath>
#include <numbers>
#include <random>
#include <span>
#include <vector>

#include "core/evaluation/quality.h"

namespace gs {
namespace {

constexpr float kPi = std::numbers::pi_v<float>;

// The arrive scenario's goals: each a random distance and direction from the one before (the
// first from the start, the origin), in the world.
std::vector<glm::vec2> arriveGoals(const SimulationSettings& settings) {
    std::mt19937 rng(settings.seed);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::vector<glm::vec2> goals;
    glm::vec2 at(0.0f);
    for (int k = 0; k < settings.goals; ++k) {
        const float d = settings.minGoalDistance +
                        (settings.maxGoalDistance - settings.minGoalDistance) * unit(rng);
        const float a = 2.0f * kPi * unit(rng);
        at += glm::vec2(d * std::sin(a), d * std::cos(a));
        goals.push_back(at);
    }
    return goals;
}

// Seconds a goal of the arrive scenario may take before it is given up.
float arriveBudget(const glm::vec2& from, const glm::vec2& goal, float speed) {
    return 3.0f * glm::distance(from, goal) / std::max(speed, 0.1f) + 15.0f;
}

// One of the arrive scenario's two runs over the same goals: stopping and standing at each
// (`stop`), or walking on through it; what the run keeps from frame to frame.
struct ArriveRun {
    ArriveRun(Crowd& crowd, CharacterId id, bool stop, const BakedBehavioralSpace& bs,
              const SimulationSettings& settings, std::vector<glm::vec3>& positions,
              std::vector<MotionState>& states, SimulationResult& result)
        : crowd(crowd),
          id(id),
          stop(stop),
          bs(bs),
          settings(settings),
          positions(positions),
          states(states),
          result(result) {}

    Status run();
    void recordStoppingFrame(std::span<const Transform> world, MotionState state);
    void endStop();
    bool stoppingFrameDone(std::span<const Transform> world, MotionState state,
                           const glm::vec3& root, const glm::vec2& goal, float elapsed);
    bool walkOnFrameDone(const glm::vec2& goal, float elapsed);
    void standingPoints(std::span<const Transform> world, const glm::vec3& root,
                        glm::vec3 (&out)[3]) const;

    Crowd& crowd;
    const CharacterId id;
    const bool stop;
    const BakedBehavioralSpace& bs;
    const SimulationSettings& settings;
    std::vector<glm::vec3>& positions;  // the stopping run's
    std::vector<MotionState>& states;   // per frame of the stopping run
    SimulationResult& result;
    ArrivalFigures& fig = result.arrival;
    const int joints = bs.skeleton.jointCount();
    const float dt = 1.0f / bs.fps;
    const int n = static_cast<int>(fig.goalPositions.size());
    int k = 0;
    long frame = 0, goalStart = 0, stood = -1;
    glm::vec3 standAt[3] = {};  // root and toes when the stand began (a missing toe: the root)
    std::vector<glm::vec3> stopping;  // a stop's frames, for its foot skate
    double stopSkateSum = 0.0;
    long stopFrames = 0;
};

// The stopping run's frame: its state, positions, pose (when recorded), a stop's frames and the
// blend step.
void ArriveRun::recordStoppingFrame(std::span<const Transform> world, MotionState state) {
    if (fig.stateChanges.empty() || fig.stateChanges.back().second != state)
        fig.stateChanges.push_back({frame, state});
    states.push_back(state);
    for (const Transform& t : world) positions.push_back(t.translation);
    if (settings.record) {
        const auto pose = *crowd.localPose(id);
        result.motion.rotations.insert(result.motion.rotations.end(), pose.begin(), pose.end());
        result.motion.rootPositions.push_back(*crowd.rootPosition(id));
    }
    if (state == MotionState::Stopping)
        for (const Transform& t : world) stopping.push_back(t.translation);
    else if (!stopping.empty())
        endStop();
    result.maxBlendStep = std::max(result.maxBlendStep, crowd.state(id)->lastBlendStep);
}

// A stop's foot skate into the sum, weighted by its frames.
void ArriveRun::endStop() {
    const long frames = static_cast<long>(stopping.size()) / joints;
    if (frames > 2) {
        stopSkateSum +=
            footSkate(stopping, joints, bs.leftToe, bs.rightToe, bs.floorHeight, bs.fps) * frames;
        stopFrames += frames;
    }
    stopping.clear();
}

// The points whose drift tells how still the character stands: the root and both toes. A space
// baked without a toe (index -1) measures the root in its place.
void ArriveRun::standingPoints(std::span<const Transform> world, const glm::vec3& root,
                               glm::vec3 (&out)[3]) const {
    const int toes[3] = {-1, bs.leftToe, bs.rightToe};
    for (int i = 0; i < 3; ++i)
        out[i] = toes[i] >= 0 && toes[i] < static_cast<int>(world.size())
                     ? world[toes[i]].translation
                     : root;
}

// The stopping run at its goal: reached, stood on (where, how far it drifts); true once it has
// stood there settings.standSeconds.
bool ArriveRun::stoppingFrameDone(std::span<const Transform> world, MotionState state,
                                  const glm::vec3& root, const glm::vec2& goal, float elapsed) {
    bool next = false;
    if (fig.reachSeconds[k] < 0.0f &&
        glm::distance(glm::vec2(root.x, root.z), goal) < settings.reachRadius)
        fig.reachSeconds[k] = elapsed;
    if (stood < 0 && state == MotionState::Standing && crowd.state(id)->arrival.target == goal) {
        stood = frame;
        fig.seconds[k] = elapsed;
        fig.stopErrors.push_back(glm::distance(glm::vec2(root.x, root.z), goal));
        ++fig.stops;
        standingPoints(world, root, standAt);
    }
    if (stood >= 0) {
        glm::vec3 now[3];
        standingPoints(world, root, now);
        for (int i = 0; i < 3; ++i)
            fig.standingDrift = std::max(fig.standingDrift, glm::distance(now[i], standAt[i]));
        if (static_cast<float>(frame - stood) * dt >= settings.standSeconds) {
            fig.standFrames[k] = glm::ivec2(static_cast<int>(stood), static_cast<int>(frame));
            next = true;
        }
    }
    return next;
}

// The walking-on run: true once its ground is within reach of the goal.
bool ArriveRun::walkOnFrameDone(const glm::vec2& goal, float elapsed) {
    const GroundFrame g = *crowd.ground(id);
    if (glm::distance(glm::vec2(g.x, g.z), goal) < settings.reachRadius) {
        fig.noStopSeconds[k] = elapsed;
        return true;
    }
    return false;
}

// Frame by frame from the first goal to the last, each given up after its budget unless stood on.
Status ArriveRun::run() {
    const auto arrival = stop ? Crowd::GoalArrival::Stop : Crowd::GoalArrival::WalkOn;
    glm::vec2 from(0.0f);
    float budget = arriveBudget(from, fig.goalPositions[0], result.speed);
    if (Status s = crowd.setGoal(id, fig.goalPositions[0], arrival); !s) return s;
    for (;;) {
        if (frame > 0)
            if (Status s = crowd.update(dt); !s) return s;
        const auto world = *crowd.modelTransforms(id);
        const MotionState state = *crowd.motionState(id);
        if (stop) recordStoppingFrame(world, state);
        const glm::vec3 root = *crowd.rootPosition(id);
        const glm::vec2 goal = fig.goalPositions[k];
        const float elapsed = static_cast<float>(frame - goalStart) * dt;
        bool next = stop ? stoppingFrameDone(world, state, root, goal, elapsed)
                         : walkOnFrameDone(goal, elapsed);
        if (!next && stood < 0 && elapsed > budget) next = true;  // given up
        ++frame;
        if (next) {
            from = goal;
            if (++k >= n) break;
            goalStart = frame - 1;
            stood = -1;
            budget = arriveBudget(from, fig.goalPositions[k], result.speed);
            if (Status s = crowd.setGoal(id, fig.goalPositions[k], arrival); !s) return s;
        }
    }
    if (stop) {
        endStop();
        result.frames = frame;
        fig.stopSkate = stopFrames > 0 ? static_cast<float>(stopSkateSum / stopFrames) : 0.0f;
    }
    return Status::ok();
}

// The mean of seconds / noStopSeconds over the goals that have both.
float meanRatio(const std::vector<float>& seconds, const std::vector<float>& noStopSeconds) {
    double ratio = 0.0;
    int counted = 0;
    for (size_t k = 0; k < seconds.size(); ++k)
        if (seconds[k] >= 0.0f && noStopSeconds[k] > 0.0f)
            ratio += seconds[k] / noStopSeconds[k], ++counted;
    return counted ? static_cast<float>(ratio / counted) : 0.0f;
}

// The joins' largest joint step: over the frames stopping, starting, and a second of standing
// or walking after either.
void addJoinJointStep(const BakedBehavioralSpace& bs, const std::vector<MotionState>& states,
                      std::span<const glm::vec3> positions, ArrivalFigures& fig) {
    const int joints = bs.skeleton.jointCount();
    const long second = std::lround(bs.fps);
    long since = second;
    for (size_t f = 1; f < states.size(); ++f) {
        const bool transition =
            states[f] == MotionState::Stopping || states[f] == MotionState::Starting;
        since = transition ? 0 : since + 1;
        if (since > second) continue;
        const std::span<const glm::vec3> pair(positions.data() + (f - 1) * joints,
                                              2 * static_cast<size_t>(joints));
        fig.joinJointStep = std::max(fig.joinJointStep, maxJointStep(pair, joints));
    }
}

// The first frame in [from, to] where the state changed to `state` (the last such with `last`), or
// -1.
long changeTo(const ArrivalFigures& fig, MotionState state, long from, long to, bool last) {
    long found = -1;
    for (const auto& [frame, s] : fig.stateChanges) {
        if (frame < from || frame > to || s != state) continue;
        found = frame;
        if (!last) break;
    }
    return found;
}

// ArrivalFigures::floorSeconds and meanFloorRatio, from the stopping run's states and root
// positions (joint 0 of `positions`).
void addTimeFloor(const BakedBehavioralSpace& bs, std::span<const glm::vec3> positions,
                  ArrivalFigures& fig) {
    const int joints = bs.skeleton.jointCount();
    float fastest = 0.0f;
    for (const BakedMotionSpace& ms : bs.spaces)
        for (const BakedClip& c : ms.clips) fastest = std::max(fastest, c.speed);
    auto rootAt = [&](long f) {
        const glm::vec3& p = positions[static_cast<size_t>(f) * joints];
        return glm::vec2(p.x, p.z);
    };
    const long frames = static_cast<long>(positions.size() / std::max(1, joints));
    fig.floorSeconds.assign(fig.standFrames.size(), -1.0f);
    long previous = 0;  // where the last stand ended (the first goal is walked to from frame 0)
    for (size_t k = 0; k < fig.standFrames.size(); ++k) {
        const long stood = fig.standFrames[k].x;
        if (stood < 0 || stood >= frames || !(fastest > 0.0f)) continue;
        const long started =
            k == 0 ? -1 : changeTo(fig, MotionState::Starting, previous, stood, false);
        const long walked =
            started < 0 ? previous : changeTo(fig, MotionState::Walking, started, stood, false);
        const long stopped =
            changeTo(fig, MotionState::Stopping, std::max(walked, 0L), stood, true);
        if (walked < 0 || stopped < 0) continue;
        const float way = glm::distance(rootAt(walked), rootAt(stopped));
        fig.floorSeconds[k] =
            static_cast<float>(walked - previous + stood - stopped) / bs.fps + way / fastest;
        previous = fig.standFrames[k].y;
    }
    fig.meanFloorRatio = meanRatio(fig.floorSeconds, fig.noStopSeconds);
}

}  // namespace

// The arrive scenario (SimulationSettings::Scenario::Arrive) into `result`: the run that stops
// at every goal, then the same goals steered to without stopping, for the time ratio.
// `positions` receives the stopping run's world joint positions, frame by frame.
Status simulateArrive(std::shared_ptr<const BakedSpaceFile> baked,
                      const SimulationSettings& settings, const CrowdSettings& crowdSettings,
                      const std::vector<float>& weights, std::vector<glm::vec3>& positions,
                      SimulationResult& result) {
    const BakedBehavioralSpace& bs = baked->space;
    ArrivalFigures& fig = result.arrival;
    fig.goalPositions = arriveGoals(settings);
    const int n = static_cast<int>(fig.goalPositions.size());
    fig.standFrames.assign(n, glm::ivec2(-1));
    fig.seconds.assign(n, -1.0f);
    fig.noStopSeconds.assign(n, -1.0f);
    fig.reachSeconds.assign(n, -1.0f);
    std::vector<MotionState> states;  // per frame of the stopping run
    SteerSettings steerSettings = settings.steer;
    steerSettings.arrivalRadius = settings.reachRadius;
    for (const bool stop : {true, false}) {
        Crowd crowd(baked, crowdSettings);
        if (!crowd.status()) return crowd.status();
        if (Status s = crowd.setSteerSettings(steerSettings); !s) return s;
        if (Status s = crowd.setLocomotionSettings(settings.locomotion); !s) return s;
        const Expected<CharacterId> added = crowd.add(GroundFrame{}, weights);
        if (!added) return added.status();
        ArriveRun run(crowd, *added, stop, bs, settings, positions, states, result);
        if (Status s = run.run(); !s) return s;
    }
    fig.meanTimeRatio = meanRatio(fig.seconds, fig.noStopSeconds);
    fig.meanReachRatio = meanRatio(fig.reachSeconds, fig.noStopSeconds);
    addTimeFloor(bs, positions, fig);
    fig.maxJointStep = maxJointStep(positions, bs.skeleton.jointCount());
    addJoinJointStep(bs, states, positions, fig);
    result.goals = n;
    result.reached = fig.stops;
    result.reachRate = n ? static_cast<float>(fig.stops) / n : 0.0f;
    return Status::ok();
}

}  // namespace gs

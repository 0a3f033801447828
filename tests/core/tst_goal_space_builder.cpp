// Goal spaces built (core/spaces/goal_space_builder.h) for the synthetic walk and jog (no data
// needed): start frames at each strike and its subdivisions, X x Y x Z samples; a straight blend
// held goes straight ahead at the loop's speed, a later blend to the left ends further left;
// the steady left, right and straight motions at their signs and speeds; the hips' sway per start
// frame; one goal space per motion space, named as built; refused settings and jobs with their
// sentences, a budget too large refused naming the space.

#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/spaces/goal_space_builder.h"
#include "synthetic_spaces.h"

using namespace gs;

namespace {

GoalSpaceSettings small() {
    GoalSpaceSettings s;
    s.subdivisions = 2;
    s.startBlends = 5;
    s.endBlends = 7;
    s.horizon = 20;
    return s;
}

}  // namespace

class TestGoalSpaceBuilder : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        const BakedMotionSpace& walk = test::syntheticWalkJog().spaces[0];
        GoalSpaceJob job;
        job.settings = small();
        job.space = &walk;
        const Status s = job.run();
        QVERIFY2(s, s.message().c_str());
        m_walk = std::move(job.output);
    }

    void tableShape() {
        const BakedMotionSpace& walk = test::syntheticWalkJog().spaces[0];
        const int strikes = static_cast<int>(walk.startFrames.size());
        QVERIFY(strikes >= 2);
        QCOMPARE(goalSpaceStartFrames(walk, small()), 2 * strikes);
        QCOMPARE(m_walk.startFrameCount(), 2 * strikes);
        QCOMPARE(m_walk.samples.size(), size_t(2 * strikes * 5 * 7));
        QCOMPARE(m_walk.startBlends, 5);
        QCOMPARE(m_walk.endBlends, 7);
        QCOMPARE(m_walk.horizon, 20);
        // Sorted, inside the loop, every strike among them.
        const float L = static_cast<float>(walk.referenceCycleFrames());
        for (int x = 0; x < m_walk.startFrameCount(); ++x) {
            QVERIFY(m_walk.startFrames[x] >= 0.0f && m_walk.startFrames[x] < L);
            if (x > 0) QVERIFY(m_walk.startFrames[x] > m_walk.startFrames[x - 1]);
        }
        for (int strike : walk.startFrames)
            QVERIFY(std::find(m_walk.startFrames.begin(), m_walk.startFrames.end(),
                              static_cast<float>(strike)) != m_walk.startFrames.end());
        // Only the first strike, halved: two start frames.
        GoalSpaceSettings one = small();
        one.startFrames = 1;
        QCOMPARE(goalSpaceStartFrames(walk, one), 2);
    }

    void samplesGoWhereTheBlendsSteer() {
        const BakedMotionSpace& walk = test::syntheticWalkJog().spaces[0];
        const float seconds = 20.0f / walk.fps;
        const float speed = walk.clips[walk.reference].speed;
        // The straight blend (0.5 of five start values, 3 of seven end values) held.
        const int y = 2, z = 3;
        QVERIFY(std::abs(m_walk.startBlend(y) - 0.5f) < 1e-6f);
        QVERIFY(std::abs(m_walk.endBlend(z) - 0.5f) < 1e-6f);
        QVERIFY(std::abs(walk.blendOf(walk.reference) - 0.5f) < 0.05f);
        // Straight ahead at the loop's speed; each start frame's hips sway off the line of travel
        // (a tenth of a radian or two), which cancels over the start frames.
        float meanX = 0.0f, meanHeading = 0.0f;
        const int X = m_walk.startFrameCount();
        for (int x = 0; x < X; ++x) {
            const GoalSample& s = m_walk.at(x, y, z);
            QVERIFY2(std::abs(s.z - speed * seconds) < 0.1f * speed * seconds,
                     QByteArray::number(s.z));
            QVERIFY(std::abs(s.x) < 0.2f);
            QVERIFY(std::abs(s.heading) < 0.3f);
            meanX += s.x / X;
            meanHeading += s.heading / X;
            // Ending further left goes further left.
            for (int k = 1; k < m_walk.endBlends; ++k) {
                QVERIFY(m_walk.at(x, y, k).heading > m_walk.at(x, y, k - 1).heading);
                QVERIFY(m_walk.at(x, y, k).x > m_walk.at(x, y, k - 1).x);
            }
        }
        QVERIFY2(std::abs(meanX) < 0.03f, QByteArray::number(meanX));
        QVERIFY2(std::abs(meanHeading) < 0.03f, QByteArray::number(meanHeading));
    }

    void steadyMotions() {
        const BakedMotionSpace& walk = test::syntheticWalkJog().spaces[0];
        const BakedClip& ref = walk.clips[walk.reference];
        QVERIFY2(std::abs(m_walk.straight.speed - ref.speed) < 0.03f * ref.speed,
                 QByteArray::number(m_walk.straight.speed));
        QVERIFY(std::abs(m_walk.straight.turnRate) < 0.02f);
        QVERIFY(m_walk.left.turnRate > 0.3f);
        QVERIFY(m_walk.right.turnRate < -0.3f);
        // The generator's turns are mirror images.
        QVERIFY(std::abs(m_walk.left.turnRate + m_walk.right.turnRate) <
                0.1f * m_walk.left.turnRate);
        QVERIFY(std::abs(m_walk.left.speed - m_walk.right.speed) < 0.05f * m_walk.left.speed);
        QCOMPARE(m_walk.sway.size(), static_cast<size_t>(m_walk.startFrameCount()));
        for (float sway : m_walk.sway) QVERIFY(std::abs(sway) < 0.3f);
    }

    void everySpaceBuilt() {
        std::vector<std::string> heard;
        auto built = buildGoalSpaces(test::syntheticWalkJog(), small(),
                                     [&](const std::string& name) { heard.push_back(name); });
        QVERIFY2(built, built.message().c_str());
        QCOMPARE(built->size(), size_t(2));
        QCOMPARE(heard, (std::vector<std::string>{"walk", "jog"}));
        // The walk's is the one built alone; the jog's goes further in the same frames.
        QCOMPARE((*built)[0].samples.size(), m_walk.samples.size());
        for (size_t i = 0; i < m_walk.samples.size(); ++i) {
            QCOMPARE((*built)[0].samples[i].x, m_walk.samples[i].x);
            QCOMPARE((*built)[0].samples[i].z, m_walk.samples[i].z);
        }
        QVERIFY((*built)[1].straight.speed > 1.5f * (*built)[0].straight.speed);
    }

    void refusals_data() {
        QTest::addColumn<int>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("X") << 0 << "goal space: X (start frames) must be >= 0";
        QTest::newRow("subdivisions") << 1 << "goal space: subdivisions must be 1-8";
        QTest::newRow("Y") << 2 << "goal space: Y (start blend values) must be >= 2";
        QTest::newRow("Z") << 3 << "goal space: Z (end blend values) must be >= 2";
        QTest::newRow("F") << 4 << "goal space: F (frames ahead) must be >= 1";
        QTest::newRow("rate") << 5 << "goal space: maximum blend rate must be in (0, 1] per frame";
        QTest::newRow("no space") << 6 << "goal space: no motion space";
        QTest::newRow("no strikes") << 7 << "goal space: the motion space has no start frames";
    }
    void refusals() {
        QFETCH(int, field);
        QFETCH(QString, message);
        BakedMotionSpace walk = test::syntheticWalkJog().spaces[0];
        GoalSpaceJob job;
        job.settings = small();
        job.space = &walk;
        switch (field) {
            case 0:
                job.settings.startFrames = -1;
                break;
            case 1:
                job.settings.subdivisions = 9;
                break;
            case 2:
                job.settings.startBlends = 1;
                break;
            case 3:
                job.settings.endBlends = 1;
                break;
            case 4:
                job.settings.horizon = 0;
                break;
            case 5:
                job.settings.maxBlendRate = 0.0f;
                break;
            case 6:
                job.space = nullptr;
                break;
            case 7:
                walk.startFrames.clear();
                break;
        }
        QCOMPARE(QString::fromStdString(job.run().message()), message);
        QVERIFY(job.output.isEmpty());
    }

    void budgetRefusedNamingTheSpace() {
        GoalSpaceSettings huge = small();
        huge.startBlends = 2000;
        huge.endBlends = 2000;
        huge.horizon = 1000;
        auto built = buildGoalSpaces(test::syntheticWalkJog(), huge);
        QVERIFY(!built);
        QVERIFY2(built.message().starts_with("motion space 'walk': "), built.message().c_str());
    }

private:
    GoalSpace m_walk;
};

QTEST_APPLESS_MAIN(TestGoalSpaceBuilder)
#include "tst_goal_space_builder.moc"

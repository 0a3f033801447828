// The goal space as the runtime holds it (gaitspace/runtime/goal_space.h), made here: indexing
// X x Y x Z, the blend values, the start frame a loop position falls in, and validate() naming
// each broken invariant of the settings and of the space.

#include <QTest>

#include <limits>
#include <string>

#include <gaitspace/runtime/goal_space.h>

using namespace gs;

namespace {

// X = 3 start frames, Y = 2, Z = 3; sample (x, y, z) at (x, y, z) metres.
GoalSpace madeSpace() {
    GoalSpace g;
    g.startBlends = 2;
    g.endBlends = 3;
    g.horizon = 40;
    g.startFrames = {0.0f, 12.5f, 25.0f};
    for (int x = 0; x < 3; ++x)
        for (int y = 0; y < 2; ++y)
            for (int z = 0; z < 3; ++z) g.samples.push_back({float(x), float(y), float(z)});
    g.left = {1.2f, 0.8f};
    g.right = {1.2f, -0.8f};
    g.straight = {1.4f, 0.0f};
    g.sway = {0.05f, -0.05f, 0.05f};
    return g;
}

std::string problem(const GoalSpace& g) {
    const Status s = g.validate();
    return s ? std::string("(valid)") : s.message();
}

std::string problem(const GoalSpaceSettings& s) {
    const Status st = s.validate();
    return st ? std::string("(valid)") : st.message();
}

}  // namespace

class TestGoalSpace : public QObject {
    Q_OBJECT
private slots:
    void indexing() {
        const GoalSpace g = madeSpace();
        QCOMPARE(g.startFrameCount(), 3);
        for (int x = 0; x < 3; ++x)
            for (int y = 0; y < 2; ++y)
                for (int z = 0; z < 3; ++z) {
                    const GoalSample& s = g.at(x, y, z);
                    QVERIFY(s.x == x && s.z == y && s.heading == z);
                }
        QCOMPARE(g.startBlend(0), 0.0f);
        QCOMPARE(g.startBlend(1), 1.0f);
        QCOMPARE(g.endBlend(1), 0.5f);
        QCOMPARE(g.endBlend(2), 1.0f);
        QVERIFY(!g.isEmpty());
        QVERIFY(GoalSpace{}.isEmpty());
    }

    void startFrameOfALoopPosition() {
        const GoalSpace g = madeSpace();
        QCOMPARE(g.startFrameAt(0.0f), 0);
        QCOMPARE(g.startFrameAt(12.0f), 0);
        QCOMPARE(g.startFrameAt(12.4995f), 1);  // within a thousandth of a frame
        QCOMPARE(g.startFrameAt(12.5f), 1);
        QCOMPARE(g.startFrameAt(30.0f), 2);
        QCOMPARE(g.startFrameAt(-1.0f), 2);  // before the first: the last (the loop wraps)
    }

    void validatesSettings() {
        QCOMPARE(problem(GoalSpaceSettings{}), std::string("(valid)"));
        GoalSpaceSettings s;
        s.startFrames = -1;
        QCOMPARE(problem(s), std::string("goal space: X (start frames) must be >= 0"));
        s = {};
        s.subdivisions = 9;
        QCOMPARE(problem(s), std::string("goal space: subdivisions must be 1-8"));
        s = {};
        s.startBlends = 1;
        QCOMPARE(problem(s), std::string("goal space: Y (start blend values) must be >= 2"));
        s = {};
        s.endBlends = 1;
        QCOMPARE(problem(s), std::string("goal space: Z (end blend values) must be >= 2"));
        s = {};
        s.horizon = 0;
        QCOMPARE(problem(s), std::string("goal space: F (frames ahead) must be >= 1"));
        s = {};
        s.maxBlendRate = 0.0f;
        QCOMPARE(problem(s),
                 std::string("goal space: maximum blend rate must be in (0, 1] per frame"));
    }

    void validatesTheSpace() {
        QCOMPARE(problem(madeSpace()), std::string("(valid)"));
        QCOMPARE(problem(GoalSpace{}), std::string("goal space is empty"));
        GoalSpace g = madeSpace();
        g.endBlends = 1;
        QCOMPARE(problem(g), std::string("goal space has fewer than 2 blend values or no horizon"));
        g = madeSpace();
        g.samples.pop_back();
        QCOMPARE(problem(g), std::string("goal space size does not match X x Y x Z"));
        g = madeSpace();
        g.samples[4].x = 2e4f;
        QVERIFY2(problem(g).find("a sample lies beyond") != std::string::npos, problem(g).c_str());
        g = madeSpace();
        g.samples[4].heading = std::numeric_limits<float>::quiet_NaN();
        QVERIFY2(problem(g).find("is not finite") != std::string::npos, problem(g).c_str());
        g = madeSpace();
        g.sway.pop_back();
        QCOMPARE(problem(g), std::string("goal space: one sway per start frame is needed"));
        g = madeSpace();
        g.sway[1] = std::numeric_limits<float>::infinity();
        QCOMPARE(problem(g), std::string("goal space: a sway is not finite"));
        g = madeSpace();
        g.straight.speed = 0.0f;
        QVERIFY2(problem(g).find("the measured speed must be in (0,") == 12, problem(g).c_str());
        g = madeSpace();
        g.left.turnRate = 100.0f;
        QVERIFY2(problem(g).find("the turn rate within") != std::string::npos, problem(g).c_str());
    }
};

QTEST_APPLESS_MAIN(TestGoalSpace)
#include "tst_goal_space.moc"

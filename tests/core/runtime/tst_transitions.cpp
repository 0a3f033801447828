// Stops and starts as baked (gaitspace/runtime/transitions.h), made here: ground offsets composed
// as frames are, the derived path lengths and ends (whole and part steps), and validate() naming
// each broken invariant.

#include <QTest>

#include <cmath>
#include <numbers>
#include <string>

#include <gaitspace/runtime/transitions.h>

using namespace gs;

namespace {

constexpr float kPi = std::numbers::pi_v<float>;

bool near(const glm::vec3& a, const glm::vec3& b, float tolerance = 1e-5f) {
    return glm::length(a - b) <= tolerance;
}

// A stop of 4 frames on a 2-joint skeleton: 0.5 m forward, a quarter turn left on the spot,
// 0.5 m forward (to the left of where it began), joined to a loop of 30 frames at two places.
BakedTransition stop() {
    BakedTransition t;
    t.name = "stop";
    t.frames = 4;
    t.rotations.assign(8, glm::quat(1, 0, 0, 0));
    t.rootHeight.assign(4, 0.9f);
    t.step = {{0.0f, 0.5f, 0.0f}, {0.0f, 0.0f, kPi / 2}, {0.0f, 0.5f, 0.0f}};
    t.leftContact.assign(4, 1.0f);
    t.rightContact.assign(4, 1.0f);
    t.stillFrame = 3;
    t.joins = {{2.0f, 0.0f, {0.1f, 0.0f, 0.0f}, 0.01f, 0},
               {20.0f, 0.5f, {0.0f, 0.0f, kPi / 2}, 0.02f, 1}};
    t.speed = 1.0f;
    return t;
}

std::string problem(const BakedTransition& t) {
    const Status s = t.validate(2, 30);
    return s ? std::string("(valid)") : s.message();
}

}  // namespace

class TestTransitions : public QObject {
    Q_OBJECT
private slots:
    void composesGroundOffsets() {
        const glm::vec3 none(0.0f);
        const glm::vec3 a{0.3f, -0.2f, 0.7f}, b{1.0f, 2.0f, -0.4f}, c{-0.5f, 0.25f, 1.1f};
        QVERIFY(near(composeGround(none, a), a));
        QVERIFY(near(composeGround(a, none), a));
        // Turned a quarter left, one metre forward goes to +X (left), then on.
        QVERIFY(near(composeGround({0, 0, kPi / 2}, {0, 1, 0}), {1, 0, kPi / 2}));
        QVERIFY(near(composeGround({0, 0, kPi / 2}, {1, 0, 0}), {0, -1, kPi / 2}));
        QVERIFY(near(composeGround(composeGround(a, b), c), composeGround(a, composeGround(b, c))));
    }

    void derivesPathsAndEnds() {
        BakedTransition t = stop();
        deriveTransition(t);
        QCOMPARE(t.pathLength.size(), size_t(4));
        QVERIFY(std::abs(t.pathLength[1] - 0.5f) < 1e-6f);
        QVERIFY(std::abs(t.pathLength[2] - 0.5f) < 1e-6f);  // a turn on the spot adds no path
        QVERIFY(std::abs(t.pathLength[3] - 1.0f) < 1e-6f);
        QVERIFY(near(t.toEnd[3], {0, 0, 0}));
        QVERIFY(near(t.toEnd[2], {0, 0.5f, 0}));
        QVERIFY(near(t.toEnd[1], {0.5f, 0, kPi / 2}));
        QVERIFY(near(t.toEnd[0], {0.5f, 0.5f, kPi / 2}));
        // Join 0 at frame 0, the loop's frame 0.1 m to the left of it: the whole way.
        QVERIFY(near(t.joins[0].end, {0.6f, 0.5f, kPi / 2}));
        QVERIFY(std::abs(t.joins[0].pathToEnd - 1.0f) < 1e-6f);
        // Join 1 half way through the first step, the clip turned a quarter left in the loop's
        // frame.
        QVERIFY(std::abs(t.joins[1].pathToEnd - 0.75f) < 1e-6f);
        QVERIFY(near(t.joins[1].end, composeGround({0, 0, kPi / 2}, {0.5f, 0.25f, kPi / 2})));
        QVERIFY(std::abs(t.maxPathToEnd - 1.0f) < 1e-6f);
    }

    void validates() {
        QCOMPARE(problem(stop()), std::string("(valid)"));
        BakedTransition t = stop();
        t.rootHeight.pop_back();
        QCOMPARE(problem(t), std::string("stop 'stop' is inconsistent"));
        t = stop();
        t.stillFrame = 4;
        QCOMPARE(problem(t), std::string("stop 'stop': still frame out of range"));
        t = stop();
        t.joins.clear();
        QCOMPARE(problem(t), std::string("stop 'stop' has no join with the loop"));
        for (int bad = 0; bad < 4; ++bad) {
            t = stop();
            if (bad == 0) t.joins[1].loopFrame = 30.0f;  // past the loop
            if (bad == 1) t.joins[1].clipFrame = 3.5f;   // past the clip
            if (bad == 2) t.joins[1].loopFrame = 1.0f;   // out of order
            if (bad == 3) t.joins[1].foot = 3;
            QCOMPARE(problem(t), std::string("stop 'stop' has a join out of range"));
        }
        t = stop();
        t.handover = 0;  // a stop hands over to nothing
        QCOMPARE(problem(t), std::string("stop 'stop' has no valid hand-over join"));
        t.kind = BakedTransition::Kind::Start;
        t.name = "start";
        t.handover = 2;
        QCOMPARE(problem(t), std::string("start 'start' has no valid hand-over join"));
        t.handover = 1;
        QCOMPARE(problem(t), std::string("(valid)"));
        t = stop();
        t.step[1].z = 4.0f;  // more than half a turn in one frame
        QVERIFY2(problem(t).find("a root step is longer than") != std::string::npos,
                 problem(t).c_str());
        t = stop();
        t.speed = 100.0f;
        QVERIFY2(problem(t).find("its speed is outside") != std::string::npos, problem(t).c_str());
    }
};

QTEST_APPLESS_MAIN(TestTransitions)
#include "tst_transitions.moc"

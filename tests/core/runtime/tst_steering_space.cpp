// What steering decides from (gaitspace/runtime/steering.h: SteerSettings, SteeringSpace, the
// polar samples and the turning radii) on the synthetic walk and jog: each bad setting named,
// the polar tables built once and again when the goal spaces change, the radii from the clips.

#include <QTest>

#include <cmath>
#include <limits>
#include <string>

#include <gaitspace/runtime/steering.h>
#include "core/runtime/steering_detail.h"

#include "synthetic_spaces.h"

using namespace gs;

namespace {

std::string problem(const SteerSettings& s) {
    const Status st = s.validate();
    return st ? std::string("(valid)") : st.message();
}

std::string problem(const SteeringSpace& s) {
    const Status st = s.validate();
    return st ? std::string("(valid)") : st.message();
}

}  // namespace

class TestSteeringSpace : public QObject {
    Q_OBJECT
    std::shared_ptr<const BakedSpaceFile> m_baked;

    SteeringSpace steering() const {
        SteeringSpace s;
        s.space = &m_baked->space;
        s.goalSpaces = m_baked->goalSpaces;
        return s;
    }

private slots:
    void initTestCase() {
        m_baked = test::syntheticBaked();
        QVERIFY(m_baked);
        QCOMPARE(m_baked->goalSpaces.size(), size_t(2));
    }

    void settings() {
        QCOMPARE(problem(SteerSettings{}), std::string("(valid)"));
        SteerSettings s;
        s.neighbours = 3;
        QCOMPARE(problem(s), std::string("steering: neighbours must be 1 or 2"));
        s = {};
        s.commitment = -1.0f;
        QCOMPARE(problem(s), std::string("steering: commitment must be >= 0 s"));
        s = {};
        s.movingCommitment = std::numeric_limits<float>::infinity();
        QCOMPARE(problem(s), std::string("steering: moving-goal commitment must be >= 0 s"));
        s = {};
        s.arrivalRadius = std::numeric_limits<float>::quiet_NaN();
        QCOMPARE(problem(s), std::string("steering: arrival radius must be >= 0 m"));
        s = {};
        s.lookAhead = 3;
        QCOMPARE(problem(s), std::string("steering: look-ahead must be 1 or 2 steps"));
        s = {};
        s.lookAheadBeam = 65;
        QCOMPARE(problem(s), std::string("steering: look-ahead beam must be 1-64"));
        s = {};
        s.turningCircleMargin = 0.0f;
        QCOMPARE(problem(s), std::string("steering: turning-circle margin must be > 0"));
        s = {};
        s.escapeExitFactor = s.turningCircleMargin * 0.5f;
        QCOMPARE(problem(s),
                 std::string("steering: the escape exit factor must be >= the turning-circle "
                             "margin"));
    }

    void space() {
        QCOMPARE(problem(steering()), std::string("(valid)"));
        SteeringSpace none;
        QCOMPARE(problem(none), std::string("steering: no behavioral space"));
        SteeringSpace one = steering();
        one.goalSpaces.pop_back();
        QCOMPARE(problem(one), std::string("steering: one goal space per motion space is needed"));
        QVERIFY(!one.tables());
        SteeringSpace empty = steering();
        empty.goalSpaces[1] = GoalSpace{};
        QCOMPARE(problem(empty), std::string("goal space is empty"));
    }

    void polarTables() {
        const GoalSpace& g = m_baked->goalSpaces[0];
        const std::vector<GoalPolar> polar = polarSamples(g);
        QCOMPARE(polar.size(), g.samples.size());
        for (size_t i = 0; i < polar.size(); i += 97) {
            const GoalSample& s = g.samples[i];
            QVERIFY(std::abs(polar[i].r * std::sin(polar[i].bearing) - s.x) < 1e-5f);
            QVERIFY(std::abs(polar[i].r * std::cos(polar[i].bearing) - s.z) < 1e-5f);
            QCOMPARE(polar[i].heading, s.heading);
        }
        SteeringSpace s = steering();
        const auto first = s.tables();
        QVERIFY(first);
        QCOMPARE(s.tables(), first);  // built once
        QCOMPARE(first->polar.size(), size_t(2));
        QCOMPARE(first->polar[0].size(), g.samples.size());
        // Replaced by other sample arrays (the old ones kept alive, so none is reused): built
        // again.
        std::vector<GoalSpace> replaced = m_baked->goalSpaces;
        std::swap(s.goalSpaces, replaced);
        const auto second = s.tables();
        QVERIFY(second && second != first);
        QCOMPARE(second->polar[1].size(), m_baked->goalSpaces[1].samples.size());
    }

    void turningRadii() {
        for (const BakedMotionSpace& m : m_baked->space.spaces) {
            // The clips run from the sharpest right turn to the sharpest left.
            const float left = m.clips.back().curvature, right = m.clips.front().curvature;
            QVERIFY2(left > 0.0f && right < 0.0f, m.name.c_str());
            QVERIFY(std::abs(turningRadiusLeft(m) - 1.0f / left) < 1e-6f);
            QVERIFY(std::abs(turningRadiusRight(m) + 1.0f / right) < 1e-6f);
            BakedMotionSpace straight = m;
            straight.clips.front().curvature = 0.0f;
            straight.clips.back().curvature = 0.0f;
            QVERIFY(std::isinf(turningRadiusLeft(straight)));
            QVERIFY(std::isinf(turningRadiusRight(straight)));
        }
    }
};

QTEST_APPLESS_MAIN(TestSteeringSpace)
#include "tst_steering_space.moc"

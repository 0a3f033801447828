// The steering jobs (core/runtime/steer_job.cpp) on the synthetic walk and jog with their goal
// spaces: SteerJob turns each character toward its goal's side, counts its decisions, clears the
// decide-now flag, writes the fans and leaves inactive characters alone, and with the locomotion
// update walks characters to goals around them; NaiveSteerJob's proportional rule at known
// values; every refused job with its sentence.

#include <QTest>

#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <vector>

#include <glm/geometric.hpp>

#include <gaitspace/runtime/steering.h>

#include "synthetic_spaces.h"

using namespace gs;

namespace {

constexpr float kPi = std::numbers::pi_v<float>;

// Walkers at the origin facing +Z (ground heading 0), all walk, going straight.
std::vector<CharacterState> walkers(const BakedBehavioralSpace& bs, int count) {
    std::vector<CharacterState> states(static_cast<size_t>(count));
    const float styles[] = {1.0f, 0.0f};
    const float blends[] = {bs.spaces[0].blendOf(bs.spaces[0].reference),
                            bs.spaces[1].blendOf(bs.spaces[1].reference)};
    for (CharacterState& st : states) initCharacter(bs, st, GroundFrame{}, styles, blends);
    return states;
}

}  // namespace

class TestSteerJob : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        m_baked = test::syntheticBaked();
        m_steering.space = &m_baked->space;
        m_steering.goalSpaces = m_baked->goalSpaces;
        QVERIFY(m_steering.validate());
    }

    void decisionsTurnTowardTheGoal() {
        const BakedBehavioralSpace& bs = m_baked->space;
        std::vector<CharacterState> states = walkers(bs, 4);
        const float straight = bs.spaces[0].blendOf(bs.spaces[0].reference);
        // Ahead, 4 m to the left (local x), 4 m to the right, and an
        // inactive character with a goal to its left.
        const glm::vec3 ahead = states[0].ground.toWorld(glm::vec3(0.0f, 0.0f, 8.0f));
        const glm::vec3 left = states[0].ground.toWorld(glm::vec3(4.0f, 0.0f, 2.0f));
        const glm::vec3 right = states[0].ground.toWorld(glm::vec3(-4.0f, 0.0f, 2.0f));
        std::vector<glm::vec2> goals{glm::vec2(ahead.x, ahead.z), glm::vec2(left.x, left.z),
                                     glm::vec2(right.x, right.z), glm::vec2(left.x, left.z)};
        std::vector<std::uint8_t> flags{kSteerActive | kSteerNow, kSteerActive | kSteerNow,
                                        kSteerActive | kSteerNow, 0};
        const int z = m_steering.goalSpaces.front().endBlends;
        const glm::vec2 unset(std::numeric_limits<float>::quiet_NaN());
        std::vector<glm::vec2> fans(static_cast<size_t>(4 * z), unset);
        SteerStats stats;
        SteerJob job;
        job.settings = m_baked->steer;
        job.steering = &m_steering;
        job.characters = states;
        job.goals = goals;
        job.flags = flags;
        job.fans = fans;
        job.stats = &stats;
        const Status s = job.run();
        QVERIFY2(s, s.message().c_str());
        // Ahead: between the sharpest turns (not exactly the straight blend: at phase 0 the hips
        // sway off the line of travel); to the left: the sharpest left; to the right: the
        // sharpest right.
        QVERIFY2(states[0].blendTarget[0] > 0.25f && states[0].blendTarget[0] < 0.75f,
                 QByteArray::number(states[0].blendTarget[0]));
        QCOMPARE(states[1].blendTarget[0], 1.0f);
        QCOMPARE(states[2].blendTarget[0], 0.0f);
        QCOMPARE(states[3].blendTarget[0], straight);  // inactive: left alone
        QCOMPARE(stats.decisions, 3LL);
        for (int c = 0; c < 3; ++c) QCOMPARE(flags[c], std::uint8_t(kSteerActive));
        QCOMPARE(flags[3], std::uint8_t(0));
        for (int c = 0; c < 4; ++c)
            for (int k = 0; k < z; ++k) {
                const glm::vec2 p = fans[static_cast<size_t>(c * z + k)];
                QCOMPARE(std::isnan(p.x), c == 3);
            }
        // Characters that have not moved yet decide at every run; stats add up.
        QVERIFY(job.run());
        QCOMPARE(stats.decisions, 6LL);
    }

    void walksToGoalsAround() {
        const BakedBehavioralSpace& bs = m_baked->space;
        const int n = 6;
        std::vector<CharacterState> states = walkers(bs, n);
        std::vector<glm::vec2> goals;
        for (int c = 0; c < n; ++c) {
            const float a = 2.0f * kPi * static_cast<float>(c) / n;  // all round, 6 m away
            goals.push_back({6.0f * std::sin(a), 6.0f * std::cos(a)});
        }
        std::vector<std::uint8_t> flags(n, kSteerActive);
        SteerJob steer;
        steer.settings = m_baked->steer;
        steer.steering = &m_steering;
        steer.characters = states;
        steer.goals = goals;
        steer.flags = flags;
        LocomotionJob loco;
        loco.space = &bs;
        loco.characters = states;
        std::vector<glm::vec3> roots(n);
        loco.rootPositions = roots;
        std::vector<float> nearest(n, 1e9f);
        for (int f = 0; f < 30 * 20; ++f) {  // 20 s
            QVERIFY(steer.run());
            QVERIFY(loco.run());
            for (int c = 0; c < n; ++c)
                nearest[c] = std::min(
                    nearest[c],
                    glm::distance(glm::vec2(states[c].ground.x, states[c].ground.z), goals[c]));
        }
        for (int c = 0; c < n; ++c)
            QVERIFY2(nearest[c] < 0.5f, qPrintable(QString("%1: %2").arg(c).arg(nearest[c])));
    }

    void naiveRuleAtKnownValues() {
        const BakedBehavioralSpace& bs = m_baked->space;
        std::vector<CharacterState> states = walkers(bs, 4);
        const float straight0 = bs.spaces[0].blendOf(bs.spaces[0].reference);
        const float straight1 = bs.spaces[1].blendOf(bs.spaces[1].reference);
        // 90 degrees to the left, straight ahead, 45 degrees to the right; the fourth inactive.
        const glm::vec3 left = states[0].ground.toWorld(glm::vec3(3.0f, 0.0f, 0.0f));
        const glm::vec3 ahead = states[0].ground.toWorld(glm::vec3(0.0f, 0.0f, 3.0f));
        const glm::vec3 right = states[0].ground.toWorld(glm::vec3(-2.0f, 0.0f, 2.0f));
        std::vector<glm::vec2> goals{
            {left.x, left.z}, {ahead.x, ahead.z}, {right.x, right.z}, {left.x, left.z}};
        std::vector<std::uint8_t> flags{kSteerActive, kSteerActive, kSteerActive, 0};
        NaiveSteerJob job;
        job.gain = 0.2f;
        job.space = &bs;
        job.characters = states;
        job.goals = goals;
        job.flags = flags;
        QVERIFY(job.run());
        QVERIFY(std::abs(states[0].blendTarget[0] - (straight0 + 0.2f * kPi / 2.0f)) < 1e-4f);
        QVERIFY(std::abs(states[0].blendTarget[1] - (straight1 + 0.2f * kPi / 2.0f)) < 1e-4f);
        QVERIFY(std::abs(states[1].blendTarget[0] - straight0) < 1e-4f);
        QVERIFY(std::abs(states[2].blendTarget[0] - (straight0 - 0.2f * kPi / 4.0f)) < 1e-4f);
        QCOMPARE(states[3].blendTarget[0], straight0);
        // A large gain is held to the blend range.
        job.gain = 10.0f;
        QVERIFY(job.run());
        QCOMPARE(states[0].blendTarget[0], 1.0f);
        QCOMPARE(states[2].blendTarget[0], 0.0f);
        // A character standing is not steered.
        states[1].arrival.state = MotionState::Standing;
        states[1].blendTarget[0] = 0.123f;
        QVERIFY(job.run());
        QCOMPARE(states[1].blendTarget[0], 0.123f);
    }

    void refusals() {
        std::vector<CharacterState> states = walkers(m_baked->space, 2);
        std::vector<glm::vec2> goals(2);
        std::vector<glm::vec2> velocities(2);
        std::vector<std::uint8_t> flags(2);
        std::vector<glm::vec2> fans(1);
        SteerJob job;
        job.characters = states;
        job.goals = goals;
        QCOMPARE(job.run().message(), std::string("steering: no goal spaces"));
        job.steering = &m_steering;
        job.goals = std::span(goals).first(1);
        QCOMPARE(job.run().message(), std::string("steering: fewer goals than characters"));
        job.goals = goals;
        goals[1].y = std::numeric_limits<float>::infinity();
        QCOMPARE(job.run().message(), std::string("steering: goal of character 1 is not finite"));
        goals[1].y = 0.0f;
        job.goalVelocities = std::span(velocities).first(1);
        QCOMPARE(job.run().message(),
                 std::string("steering: fewer goal velocities than characters"));
        job.goalVelocities = velocities;
        velocities[0].x = std::nanf("");
        QCOMPARE(job.run().message(),
                 std::string("steering: goal velocity of character 0 is not finite"));
        velocities[0].x = 0.0f;
        job.flags = std::span(flags).first(1);
        QCOMPARE(job.run().message(), std::string("steering: fewer flags than characters"));
        job.flags = flags;
        job.fans = fans;
        QCOMPARE(job.run().message(),
                 std::string("steering: the fan output is smaller than characters x Z"));

        NaiveSteerJob naive;
        naive.characters = states;
        naive.goals = goals;
        QCOMPARE(naive.run().message(), std::string("naive steering: no behavioral space"));
        naive.space = &m_baked->space;
        naive.goals = std::span(goals).first(1);
        QCOMPARE(naive.run().message(), std::string("naive steering: fewer goals than characters"));
        naive.goals = goals;
        naive.gain = 0.0f;
        QCOMPARE(naive.run().message(), std::string("naive steering: gain must be > 0"));
        naive.gain = 0.3f;
        naive.flags = std::span(flags).first(1);
        QCOMPARE(naive.run().message(), std::string("naive steering: fewer flags than characters"));
    }

private:
    std::shared_ptr<const BakedSpaceFile> m_baked;
    SteeringSpace m_steering;
};

QTEST_GUILESS_MAIN(TestSteerJob)
#include "tst_steer_job.moc"

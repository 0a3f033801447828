// Arrival's decisions (core/runtime/arrival_job.cpp) on the synthetic walk and jog, the walk given
// a stop made here (the reference pose slowing over ten frames, joined at two loop frames): the
// next join of a stop at known values, and none for a stop that is not there; a stop planned for
// a goal where it ends, none for a goal far beyond reach or for a mix without stops; the job
// entering the stop for a character asked to arrive and leaving alone one that is not; every
// refused job with its sentence.

#include <QTest>

#include <cmath>
#include <cstdint>
#include <vector>

#include <glm/geometric.hpp>

#include <gaitspace/runtime/arrival_job.h>
#include <gaitspace/runtime/steering.h>

#include "synthetic_spaces.h"

using namespace gs;

namespace {

constexpr float kStride[] = {0.04f, 0.035f, 0.03f, 0.025f, 0.02f, 0.015f, 0.01f, 0.005f, 0.0f};
constexpr float kStopPath = 0.18f;  // the sum of kStride

// The synthetic spaces, the walk with a stop: its reference clip's first pose held while the
// root slows to a stand over nine steps; joined where the loop is at frames 6 and 20.
BakedBehavioralSpace withStop() {
    BakedBehavioralSpace bs = test::syntheticWalkJog();
    BakedMotionSpace& walk = bs.spaces[0];
    const BakedClip& ref = walk.clips[walk.reference];
    const int joints = bs.skeleton.jointCount();
    BakedTransition t;
    t.name = "walk stop";
    t.kind = BakedTransition::Kind::Stop;
    t.frames = 10;
    for (int f = 0; f < t.frames; ++f)
        t.rotations.insert(t.rotations.end(), ref.rotations.begin(),
                           ref.rotations.begin() + joints);
    t.rootHeight.assign(10, ref.rootHeight[0]);
    for (float dz : kStride) t.step.push_back({0.0f, dz, 0.0f});
    t.leftContact.assign(10, 1.0f);
    t.rightContact.assign(10, 1.0f);
    t.stillFrame = 8;
    for (float loopFrame : {6.0f, 20.0f}) {
        TransitionJoin j;
        j.loopFrame = loopFrame;
        t.joins.push_back(j);
    }
    deriveTransition(t);
    walk.stops.push_back(t);
    prepareRuntime(bs);
    return bs;
}

// A walker at the origin facing +Z, all walk, going straight.
CharacterState walker(const BakedBehavioralSpace& bs) {
    CharacterState st;
    const float styles[] = {1.0f, 0.0f};
    const float blends[] = {bs.spaces[0].blendOf(bs.spaces[0].reference),
                            bs.spaces[1].blendOf(bs.spaces[1].reference)};
    initCharacter(bs, st, GroundFrame{}, styles, blends);
    return st;
}

}  // namespace

class TestArrivalJob : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        m_bs = withStop();
        const Status s = m_bs.validate();
        QVERIFY2(s, s.message().c_str());
        const BakedTransition& t = m_bs.spaces[0].stops[0];
        QVERIFY(std::abs(t.joins[0].pathToEnd - kStopPath) < 1e-5f);
        QVERIFY(std::abs(t.joins[0].end.y - kStopPath) < 1e-5f);
    }

    void nextJoinAtKnownValues() {
        const CharacterState st = walker(m_bs);
        QCOMPARE(st.phase, 0.0f);
        const StopPlan plan = nextJoin(m_bs, st, 0, 0);
        QCOMPARE(plan.space, 0);
        QCOMPARE(plan.clip, 0);
        QCOMPARE(plan.join, 0);  // frame 6 comes before frame 20
        // Straight on at the reference loop's rate: six frames to the join.
        QVERIFY2(std::abs(plan.frames - 6.0f) < 0.05f, QByteArray::number(plan.frames));
        const BakedClip& ref = m_bs.spaces[0].clips[m_bs.spaces[0].reference];
        const float v = ref.speed / m_bs.fps;
        QVERIFY(std::abs(plan.way - (v * plan.frames + kStopPath)) < 1e-4f);
        // It stands straight ahead, that far on.
        QVERIFY(std::abs(plan.target.x) < 1e-4f);
        QVERIFY(std::abs(plan.target.z - plan.way) < 1e-4f);
        // No such stop, no such space.
        QCOMPARE(nextJoin(m_bs, st, 0, 1).join, -1);
        QCOMPARE(nextJoin(m_bs, st, 1, 0).join, -1);  // the jog has none
        QCOMPARE(nextJoin(m_bs, st, 2, 0).join, -1);
        QCOMPARE(nextJoin(m_bs, st, -1, 0).join, -1);
    }

    void stopsArePlannedWithinReach() {
        const CharacterState st = walker(m_bs);
        const StopPlan next = nextJoin(m_bs, st, 0, 0);
        // A goal where the next join's stop ends: that stop, no error to make up.
        const StopPlan plan = planStop(m_bs, st, glm::vec2(next.target.x, next.target.z));
        QCOMPARE(plan.space, 0);
        QCOMPARE(plan.clip, 0);
        QVERIFY2(glm::length(plan.error) < 0.05f, QByteArray::number(glm::length(plan.error)));
        QVERIFY(plan.correction() < 0.05f);
        // Far beyond two cycles and the stop: no plan.
        QCOMPARE(planStop(m_bs, st, glm::vec2(0.0f, 100.0f)).join, -1);
        // All jog, which has no stops: no plan.
        CharacterState jogger = st;
        jogger.styleWeight = {0.0f, 1.0f};
        QCOMPARE(planStop(m_bs, jogger, glm::vec2(next.target.x, next.target.z)).join, -1);
    }

    void jobEntersTheStopWhenAskedToArrive() {
        const CharacterState start = walker(m_bs);
        const StopPlan next = nextJoin(m_bs, start, 0, 0);
        std::vector<CharacterState> states{start, start};
        std::vector<glm::vec2> goals(2, glm::vec2(next.target.x, next.target.z));
        std::vector<std::uint8_t> flags{std::uint8_t(kSteerActive | kSteerArrive), kSteerActive};
        ArrivalJob arrival;
        arrival.space = &m_bs;
        arrival.characters = states;
        arrival.goals = goals;
        arrival.flags = flags;
        LocomotionJob loco;
        loco.space = &m_bs;
        loco.characters = states;
        std::vector<glm::vec3> roots(2);
        loco.rootPositions = roots;
        int entered = -1;
        for (int f = 0; f < 30 && entered < 0; ++f) {
            QVERIFY(arrival.run());
            if (states[0].arrival.state == MotionState::Stopping) entered = f;
            QCOMPARE(states[1].arrival.state, MotionState::Walking);
            QVERIFY(loco.run());
        }
        // At the join, six frames on.
        QVERIFY2(entered >= 5 && entered <= 7, QByteArray::number(entered));
        QCOMPARE(int(states[0].arrival.space), 0);
        QCOMPARE(int(states[0].arrival.clip), 0);
        QVERIFY(glm::distance(states[0].arrival.target, goals[0]) < 0.05f);
    }

    void refusals() {
        std::vector<CharacterState> states(3);
        std::vector<glm::vec2> goals(3);
        std::vector<std::uint8_t> flags(3);
        ArrivalJob job;
        job.characters = states;
        job.goals = goals;
        job.flags = flags;
        QCOMPARE(job.run().message(), std::string("arrival: no behavioral space"));
        job.space = &m_bs;
        job.goals = std::span(goals).first(2);
        QCOMPARE(job.run().message(), std::string("arrival: fewer goals than characters"));
        job.goals = goals;
        job.flags = std::span(flags).first(1);
        QCOMPARE(job.run().message(), std::string("arrival: fewer flags than characters"));
    }

private:
    BakedBehavioralSpace m_bs;
};

QTEST_GUILESS_MAIN(TestArrivalJob)
#include "tst_arrival_job.moc"

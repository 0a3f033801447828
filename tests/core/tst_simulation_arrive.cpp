// The arrive scenario (core/evaluation/simulation_arrive.cpp) on the synthetic walk and jog, the
// walk given a stop and a start made here from its straight walk (cut where both feet are down
// and held; held, then walking on): the character stops at random goals, stands there still for
// the time asked, starts toward the next; its figures are filled goal by goal, no quicker than
// the same goals steered to without stopping; the same seed gives the same run.

#include <QTest>

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "core/clip/foot_contacts.h"
#include "core/evaluation/simulation.h"
#include "core/spaces/transition_builder.h"
#include "core/synthetic/synthetic_gait.h"
#include "synthetic_spaces.h"

using namespace gs;

namespace {

constexpr int kHold = 30;

// The synthetic baked space, its walk with the made stop and start.
std::shared_ptr<const BakedSpaceFile> withTransitions() {
    static const std::shared_ptr<const BakedSpaceFile> baked = [] {
        auto b = std::make_shared<BakedSpaceFile>(*test::syntheticBaked());
        SyntheticGaitSettings s = SyntheticGaitSettings::preset(SyntheticGait::Walk);
        s.cycles = 3;
        auto walk = generateSyntheticGait(s);
        if (!walk) qFatal("synthetic walk: %s", walk.message().c_str());
        const int n = walk->frameCount();
        const int stopAt = test::doubleSupport(*walk, n / 2),
                  startAt = test::doubleSupport(*walk, n / 4);
        Clip stop = test::cutAndHold(*walk, 0, stopAt, stopAt, true, kHold);
        stop.name = "walk stop";
        Clip start = test::cutAndHold(*walk, startAt, n - 1, startAt, false, kHold);
        start.name = "walk start";
        BakedMotionSpace& space = b->space.spaces[0];
        for (auto [clip, kind] : {std::pair{&stop, BakedTransition::Kind::Stop},
                                  std::pair{&start, BakedTransition::Kind::Start}}) {
            TransitionJob job;
            job.kind = kind;
            job.space = &space;
            job.clip = clip;
            if (Status st = job.run(); !st)
                qFatal("%s: %s", clip->name.c_str(), st.message().c_str());
            (kind == BakedTransition::Kind::Stop ? space.stops : space.starts)
                .push_back(std::move(job.output));
        }
        prepareRuntime(b->space);
        if (Status st = b->validate(); !st) qFatal("baked: %s", st.message().c_str());
        return b;
    }();
    return baked;
}

SimulationSettings arrive(int goals, std::uint32_t seed) {
    SimulationSettings s;
    s.scenario = SimulationSettings::Scenario::Arrive;
    s.goals = goals;
    s.seed = seed;
    s.maxGoalDistance = 8.0f;
    s.standSeconds = 1.0f;
    s.styleWeights = {1.0f, 0.0f};
    return s;
}

}  // namespace

class TestSimulationArrive : public QObject {
    Q_OBJECT
private slots:
    void stopsAtEachGoal() {
        auto r = simulate(withTransitions(), arrive(3, 7));
        QVERIFY2(r, r.message().c_str());
        const ArrivalFigures& a = r->arrival;
        QCOMPARE(r->goals, 3);
        QCOMPARE(a.goalPositions.size(), size_t(3));
        QCOMPARE(a.standFrames.size(), size_t(3));
        QVERIFY2(a.stops >= 2, QByteArray::number(a.stops));
        QCOMPARE(a.stopErrors.size(), static_cast<size_t>(a.stops));
        for (float e : a.stopErrors) QVERIFY2(e < 0.5f, QByteArray::number(e));
        // Stood for the second asked (30 frames at 30 fps), where it stood.
        for (const glm::ivec2& stood : a.standFrames)
            if (stood.x >= 0) QVERIFY2(stood.y - stood.x + 1 >= 29, QByteArray::number(stood.y));
        QVERIFY2(a.standingDrift < 0.02f, QByteArray::number(a.standingDrift));
        // Stopping costs time against walking through: never less than the same goals without.
        QVERIFY2(a.meanTimeRatio >= 1.0f, QByteArray::number(a.meanTimeRatio));
        QCOMPARE(a.seconds.size(), size_t(3));
        QCOMPARE(a.noStopSeconds.size(), size_t(3));
        // It went through stopping and standing (and starting again).
        bool stopped = false, stood = false, started = false;
        for (const auto& [frame, state] : a.stateChanges) {
            stopped |= state == MotionState::Stopping;
            stood |= state == MotionState::Standing;
            started |= state == MotionState::Starting;
        }
        QVERIFY(stopped && stood && started);
    }

    void sameSeedSameRun() {
        auto a = simulate(withTransitions(), arrive(2, 5));
        auto b = simulate(withTransitions(), arrive(2, 5));
        QVERIFY(a && b);
        QCOMPARE(a->frames, b->frames);
        QCOMPARE(a->arrival.stopErrors, b->arrival.stopErrors);
        QCOMPARE(a->arrival.stateChanges.size(), b->arrival.stateChanges.size());
    }
};

QTEST_APPLESS_MAIN(TestSimulationArrive)
#include "tst_simulation_arrive.moc"

// Cooperative cancel of the authoring builds (core/support/cancel.h), on synthetic clips (no data
// needed): a flag set from another thread stops a behavioral-space build and a goal-space build
// with Status::cancelled(); a flag already set stops them before any work; without a scope, or
// with the flag clear, they build as before. How soon they stop is tests/benchmarks/bench_cancel.

#include <QTest>

#include <atomic>
#include <chrono>
#include <future>
#include <map>
#include <thread>

#include "core/spaces/behavioral_space.h"
#include "core/support/cancel.h"
#include "core/spaces/goal_space_builder.h"
#include "core/analysis/match_web.h"
#include "core/synthetic/synthetic_gait.h"

using namespace gs;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

}  // namespace

class TestCancel : public QObject {
    Q_OBJECT
    BehavioralSpaceDesc m_desc;

private slots:
    void initTestCase() {
        std::map<std::string, MotionSpaceDesc> spaces;
        for (const SyntheticClipSpec& spec : syntheticClipSet(3)) {
            if (spec.space == "run") continue;
            auto clip = generateSyntheticGait(spec.settings);
            QVERIFY2(clip.isOk(), clip.message().c_str());
            spaces[spec.space].name = spec.space;
            spaces[spec.space].clips.push_back(*clip);
        }
        m_desc.name = "walk and jog";
        for (auto& [name, space] : spaces) m_desc.spaces.push_back(space);
        QCOMPARE(m_desc.spaces.size(), size_t(2));
    }

    void statusKeepsTheMark() {
        const Status s = Status::cancelled().withContext("motion space 'walk'");
        QVERIFY(!s.isOk());
        QVERIFY(s.isCancelled());
        QCOMPARE(QString::fromStdString(s.message()),
                 QStringLiteral("motion space 'walk': cancelled"));
        QVERIFY(!Status::error("bad").isCancelled());
        QVERIFY(!cancelRequested());  // no scope on this thread
    }

    void flagAlreadySetStopsAtOnce() {
        std::atomic<bool> flag{true};
        const CancelScope scope(&flag);
        QVERIFY(cancelRequested());
        auto built = buildBehavioralSpace(m_desc);
        QVERIFY(!built.isOk());
        QVERIFY(built.status().isCancelled());
    }

    // The whole build, its time, and then the same build stopped half way from another thread
    // (how soon it stops after the flag is bench_cancel's figure).
    void stopsMidBuild() {
        auto t0 = Clock::now();
        std::atomic<bool> clear{false};
        Expected<BakedBehavioralSpace> whole = Status::error("not run");
        {
            const CancelScope scope(&clear);
            whole = buildBehavioralSpace(m_desc);
        }
        const double wholeMs = msSince(t0);
        QVERIFY2(whole.isOk(), whole.message().c_str());

        // The flag is set part way (a shorter part each try, as a loaded machine may finish
        // first): every run either ends whole or says it was cancelled, and one is cancelled.
        bool cancelled = false;
        for (int part = 2; part <= 64 && !cancelled; part *= 2) {
            std::atomic<bool> flag{false};
            auto task = std::async(std::launch::async, [&] {
                const CancelScope scope(&flag);
                return buildBehavioralSpace(m_desc);
            });
            std::this_thread::sleep_for(
                std::chrono::microseconds(static_cast<long long>(1000.0 * wholeMs / part)));
            flag = true;
            auto stopped = task.get();
            cancelled = !stopped.isOk();
            QVERIFY2(stopped.isOk() || stopped.status().isCancelled(), stopped.message().c_str());
        }
        QVERIFY(cancelled);

        // Goal spaces of the built space, stopped the same way.
        GoalSpaceSettings goal;
        t0 = Clock::now();
        auto goals = buildGoalSpaces(*whole, goal);
        const double goalMs = msSince(t0);
        QVERIFY2(goals.isOk(), goals.message().c_str());
        bool goalCancelled = false;
        for (int part = 3; part <= 96 && !goalCancelled; part *= 2) {
            std::atomic<bool> goalFlag{false};
            auto goalTask = std::async(std::launch::async, [&] {
                const CancelScope scope(&goalFlag);
                return buildGoalSpaces(*whole, goal);
            });
            std::this_thread::sleep_for(
                std::chrono::microseconds(static_cast<long long>(1000.0 * goalMs / part)));
            goalFlag = true;
            auto goalStopped = goalTask.get();
            goalCancelled = !goalStopped.isOk();
            QVERIFY(goalStopped.isOk() || goalStopped.status().isCancelled());
        }
        QVERIFY(goalCancelled);
    }

    // Scopes nest and end: the outer flag holds again after an inner scope.
    void scopesNest() {
        std::atomic<bool> outer{true}, inner{false};
        {
            const CancelScope a(&outer);
            {
                const CancelScope b(&inner);
                QVERIFY(!cancelRequested());
            }
            QVERIFY(cancelRequested());
        }
        QVERIFY(!cancelRequested());
    }
};

QTEST_APPLESS_MAIN(TestCancel)
#include "tst_cancel.moc"

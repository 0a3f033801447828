// Stop and start clips joined to the loops (core/spaces/transition_builder.h) on the CMU subject's
// own stops and starts: where they join, that the same foot is down in both there, that the join
// holds for any blend of the space (registration), and the clips that cannot serve, each named with
// its cause.

#include <QTest>

#include <cmath>
#include <numbers>

#include "common/cmu_spaces.h"
#include "common/test_data.h"
#include "core/analysis/match_web.h"
#include "core/spaces/motion_space.h"
#include "core/clip/root_motion.h"
#include "core/spaces/transition_builder.h"

using namespace gs;

namespace {

const BakedMotionSpace& walkSpace() {
    static const BakedMotionSpace space = [] {
        auto built = buildMotionSpace(test::cmuWalkArriveDesc());
        if (!built) qFatal("%s", built.message().c_str());
        return std::move(*built);
    }();
    return space;
}

const BakedMotionSpace& jogSpace() {
    static const BakedMotionSpace space = [] {
        auto built = buildMotionSpace(test::cmuJogArriveDesc());
        if (!built) qFatal("%s", built.message().c_str());
        return std::move(*built);
    }();
    return space;
}

// The feet down in a transition's frame and in a loop frame: 1 left, 2 right, 3 both.
int feet(const std::vector<float>& left, const std::vector<float>& right, int f) {
    return (left[f] >= 0.5f ? 1 : 0) | (right[f] >= 0.5f ? 2 : 0);
}

}  // namespace

class TestArrivalJoins : public QObject {
    Q_OBJECT
private slots:
    void stopsAndStartsJoinTheLoop_data() {
        QTest::addColumn<bool>("jog");
        QTest::addColumn<bool>("start");
        QTest::addColumn<int>("index");
        QTest::addColumn<float>("maxCost");
        QTest::newRow("walk stop 16_33") << false << false << 0 << 0.06f;
        QTest::newRow("walk stop 16_34") << false << false << 1 << 0.06f;
        QTest::newRow("walk start 16_31") << false << true << 0 << 0.07f;
        QTest::newRow("walk start 16_32") << false << true << 1 << 0.07f;
        // The run stops meet the jog at 0.11-0.16 m RMS: they run faster than it (3.3-3.7 m/s).
        QTest::newRow("jog stop 16_08") << true << false << 0 << 0.2f;
        QTest::newRow("jog stop 16_57") << true << false << 1 << 0.2f;
    }
    void stopsAndStartsJoinTheLoop() {
        GS_REQUIRE_DATA();
        QFETCH(bool, jog);
        QFETCH(bool, start);
        QFETCH(int, index);
        QFETCH(float, maxCost);
        const BakedMotionSpace& space = jog ? jogSpace() : walkSpace();
        QCOMPARE(space.stops.size(), size_t(2));
        QCOMPARE(space.starts.size(), size_t(jog ? 0 : 2));
        const BakedTransition& t = start ? space.starts[index] : space.stops[index];
        QVERIFY(t.validate(space.skeleton.jointCount(), space.referenceCycleFrames()).isOk());
        const BakedClip& loop = space.clips[space.reference];
        const int L = loop.cycleFrames();
        QVERIFY2(t.joins.size() >= 8, qPrintable(QString::number(t.joins.size())));
        for (const TransitionJoin& j : t.joins) {
            QVERIFY2(j.cost <= maxCost, qPrintable(QString::number(j.cost)));
            // The loop hands over with the same feet down (a run's flight counts as its last
            // stance).
            const int clipFeet = feet(t.leftContact, t.rightContact, static_cast<int>(j.clipFrame));
            const int loopFeet =
                feet(loop.leftContact, loop.rightContact, static_cast<int>(j.loopFrame) % L);
            if (clipFeet != 0 && loopFeet != 0) QCOMPARE(clipFeet, loopFeet);
            // Matched poses lie over each other: the ground frames differ by centimetres and
            // degrees.
            QVERIFY2(std::hypot(j.offset.x, j.offset.y) < 0.07f,
                     qPrintable(QString::number(j.offset.x)));
            QVERIFY2(std::abs(j.offset.z) < 12.0f * std::numbers::pi_v<float> / 180.0f,
                     qPrintable(QString::number(j.offset.z)));
            // A stop joins where it still walks; a start where it already does.
            if (start)
                QVERIFY(j.clipFrame > t.stillFrame);
            else
                QVERIFY(j.clipFrame < t.stillFrame);
        }
        if (start) {
            // It hands over once it moves nearly as fast as the loop.
            const TransitionJoin& h = t.joins[t.handover];
            const int f = static_cast<int>(h.clipFrame);
            const float v = std::hypot(t.step[f].x, t.step[f].y) * space.fps;
            QVERIFY2(v >= 0.7f * loop.speed,
                     qPrintable(QString("%1 m/s against %2").arg(v).arg(loop.speed)));
        } else {
            // It stands at its end: the last 0.3 s move under 5 cm, the path left shrinks to it.
            QVERIFY(t.stillFrame > t.frames / 2);
            QVERIFY2(t.pathLength.back() - t.pathLength[t.stillFrame] < 0.05f,
                     qPrintable(QString::number(t.pathLength.back() - t.pathLength[t.stillFrame])));
            for (const TransitionJoin& j : t.joins)
                QVERIFY(j.pathToEnd > 0.1f && j.pathToEnd <= t.pathLength.back() + 1e-4f);
        }
    }

    void stopsCoverTheWholeCycle() {
        // Between them the walk's two stops can be entered at (nearly) every phase of the loop:
        // a stop never waits long for its join.
        GS_REQUIRE_DATA();
        const BakedMotionSpace& space = walkSpace();
        const int L = space.referenceCycleFrames();
        int covered = 0;
        for (int u = 0; u < L; ++u) {
            bool any = false;
            for (const BakedTransition& t : space.stops)
                for (const TransitionJoin& j : t.joins)
                    any = any || std::abs(j.loopFrame - static_cast<float>(u)) < 1.5f;
            covered += any ? 1 : 0;
        }
        QVERIFY2(covered >= L - 2, qPrintable(QString("%1 of %2 phases").arg(covered).arg(L)));
    }

    void joinsHoldForAnyBlend() {
        // Registration: the blend's pose at a join's loop frame is as near the stop's pose as the
        // straight clip's is, for blends from the sharpest right to the sharpest left turn.
        GS_REQUIRE_DATA();
        const BakedMotionSpace& space = walkSpace();
        const BakedTransition& stop = space.stops[0];
        const Clip stopClip = toClip(stop, space.skeleton, space.fps);
        // Joins in the stop's steady walk, away from its ends.
        std::vector<const TransitionJoin*> joins;
        for (const TransitionJoin& j : stop.joins)
            if (j.clipFrame >= 8 && j.clipFrame <= stop.stillFrame - 25) joins.push_back(&j);
        QVERIFY(joins.size() >= 5);
        for (int c = 0; c < static_cast<int>(space.clips.size()); ++c) {
            const Clip loop = toClip(space, c, space.fps);
            float worst = 0.0f;
            for (const TransitionJoin* j : joins) {
                // The clip's frame at the reference frame of the join (its registration).
                const float f = warpAt(space.clips[c].warp, j->loopFrame);
                const CloudMatch m = alignCell(loop, static_cast<int>(std::lround(f)), stopClip,
                                               static_cast<int>(j->clipFrame));
                worst = std::max(worst, static_cast<float>(m.rmsDistance()));
            }
            QVERIFY2(worst < 0.12f, qPrintable(QString("clip %1: %2 m RMS").arg(c).arg(worst)));
        }
    }

    void derivedTravelAddsUp() {
        GS_REQUIRE_DATA();
        const BakedTransition& t = walkSpace().stops[1];
        // The end seen from frame 0 is every step composed; the path the sum of the steps.
        glm::vec3 at(0.0f);
        float path = 0.0f;
        for (const glm::vec3& s : t.step) {
            at = composeGround(at, s);
            path += std::hypot(s.x, s.y);
        }
        QVERIFY(glm::distance(at, t.toEnd[0]) < 1e-4f);
        QVERIFY(std::abs(path - t.pathLength.back()) < 1e-4f);
        // The stop travels about as far as the file says (2.21 m for 16_34).
        QVERIFY2(std::abs(t.pathLength.back() - 2.21f) < 0.1f,
                 qPrintable(QString::number(t.pathLength.back())));
    }

    void clipsThatCannotServe_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<bool>("start");
        QTest::addColumn<QString>("cause");
        QTest::newRow("a walk as a stop")
            << "16_15" << false << "does not end standing: its root moves";
        QTest::newRow("a walk as a start")
            << "16_15" << true << "does not begin standing: its root moves";
        QTest::newRow("a stop as a start") << "16_33" << true << "does not begin standing";
        QTest::newRow("a start as a stop") << "16_31" << false << "does not end standing";
        QTest::newRow("a jump in place") << "16_01" << false << "never moves";
    }
    void clipsThatCannotServe() {
        GS_REQUIRE_DATA();
        QFETCH(QString, id);
        QFETCH(bool, start);
        QFETCH(QString, cause);
        const Clip clip = test::loadClip(test::cmuClip(id));
        const Status s = checkTransitionClip(
            clip, start ? BakedTransition::Kind::Start : BakedTransition::Kind::Stop);
        QVERIFY(!s.isOk());
        QVERIFY2(QString::fromStdString(s.message()).contains(cause), s.message().c_str());
        // The job says the same, and names nothing else.
        TransitionJob job;
        job.kind = start ? BakedTransition::Kind::Start : BakedTransition::Kind::Stop;
        job.space = &walkSpace();
        job.clip = &clip;
        QCOMPARE(QString::fromStdString(job.run().message()), QString::fromStdString(s.message()));
    }

    void anotherSkeletonIsRefused() {
        GS_REQUIRE_DATA();
        const Clip other = test::loadClip(test::dataPath("games105/walkF.bvh"));
        TransitionJob job;
        job.space = &walkSpace();
        job.clip = &other;
        const Status s = job.run();
        QVERIFY(!s.isOk());
        QVERIFY2(s.message().find("different skeleton") != std::string::npos, s.message().c_str());
        // Built with a space, the error names the space and the clip.
        MotionSpaceDesc desc = test::cmuWalkDesc();
        Clip stop = other;
        stop.name = "theirs";
        desc.stops = {stop};
        const auto built = buildMotionSpace(desc);
        QVERIFY(!built);
        QVERIFY2(built.message().find("motion space 'walk', stop 'theirs'") != std::string::npos,
                 built.message().c_str());
    }

    void badJobs() {
        GS_REQUIRE_DATA();
        const Clip stop = test::loadClip(test::cmuClip("16_33"));
        TransitionJob job;
        QVERIFY(!job.validate().isOk());  // no space
        job.space = &walkSpace();
        QVERIFY(!job.validate().isOk());  // no clip
        job.clip = &stop;
        QVERIFY(job.validate().isOk());
        Clip fast = *resampleClip(stop, 60.0f);
        job.clip = &fast;
        QVERIFY2(job.validate().message().find("rate") != std::string::npos,
                 job.validate().message().c_str());
        job.clip = &stop;
        job.settings.maxJoinCost = 0.0f;
        QVERIFY(!job.validate().isOk());
        job.settings = TransitionSettings{};
        job.settings.maxJoinCost = 0.001f;  // nothing matches that well
        QVERIFY2(job.run().message().find("never comes near the loop") != std::string::npos,
                 job.run().message().c_str());
    }
};

QTEST_APPLESS_MAIN(TestArrivalJoins)
#include "tst_arrival_joins.moc"

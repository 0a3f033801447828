// Stops and starts joined to a loop (core/spaces/transition_builder.h) on the synthetic walk (no
// data needed): a stop made by cutting the straight walk where both feet are down and holding
// that pose, and a start made by holding it before walking on, each join the walk's loop at its
// own poses (the best at near-zero cost, the others within the margin) and stand where they hold
// still; a stop back as a clip travels as its source did; the reference loop repeated; clips that
// cannot serve, jobs and settings refused with their sentences.

#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>

#include <glm/geometric.hpp>

#include "core/clip/foot_contacts.h"
#include "core/spaces/transition_builder.h"
#include "core/synthetic/synthetic_gait.h"

#include "core/runtime/synthetic_spaces.h"

using namespace gs;

namespace {

constexpr int kHold = 30;  // frames a stop stands (a start stands before it moves), 1 s

Clip straightWalk() {
    SyntheticGaitSettings s = SyntheticGaitSettings::preset(SyntheticGait::Walk);
    s.cycles = 3;
    auto clip = generateSyntheticGait(s);
    if (!clip) qFatal("synthetic walk: %s", clip.message().c_str());
    return std::move(*clip);
}

struct Fixture {
    Clip walk;
    BakedMotionSpace space;
    Clip stop, start;
    int stopAt = 0, startAt = 0;
};

const Fixture& fixture() {
    static const Fixture f = [] {
        Fixture f;
        f.walk = straightWalk();
        // The space: the walk's five synthetic clips.
        MotionSpaceDesc desc;
        desc.name = "walk";
        for (const SyntheticClipSpec& spec : syntheticClipSet(2))
            if (spec.space == "walk") {
                auto clip = generateSyntheticGait(spec.settings);
                if (!clip) qFatal("synthetic: %s", clip.message().c_str());
                desc.clips.push_back(std::move(*clip));
            }
        auto built = buildMotionSpace(desc);
        if (!built) qFatal("walk space: %s", built.message().c_str());
        f.space = std::move(*built);
        const int n = f.walk.frameCount();
        f.stopAt = test::doubleSupport(f.walk, n / 2);
        f.stop = test::cutAndHold(f.walk, 0, f.stopAt, f.stopAt, true, kHold);
        f.stop.name = "walk stop";
        f.startAt = test::doubleSupport(f.walk, n / 4);
        f.start = test::cutAndHold(f.walk, f.startAt, n - 1, f.startAt, false, kHold);
        f.start.name = "walk start";
        return f;
    }();
    return f;
}

BakedTransition built(BakedTransition::Kind kind, const Clip& clip) {
    TransitionJob job;
    job.kind = kind;
    job.space = &fixture().space;
    job.clip = &clip;
    if (Status s = job.run(); !s) qFatal("%s: %s", clip.name.c_str(), s.message().c_str());
    return job.output;
}

float bestCost(const BakedTransition& t) {
    float best = 1e9f;
    for (const TransitionJoin& j : t.joins) best = std::min(best, j.cost);
    return best;
}

}  // namespace

class TestTransitionBuilder : public QObject {
    Q_OBJECT
private slots:
    void madeClipsCanServe() {
        const Fixture& f = fixture();
        QVERIFY(checkTransitionClip(f.stop, BakedTransition::Kind::Stop));
        QVERIFY(checkTransitionClip(f.start, BakedTransition::Kind::Start));
    }

    void stopJoinsTheLoopAtItsOwnPoses() {
        const Fixture& f = fixture();
        const BakedTransition t = built(BakedTransition::Kind::Stop, f.stop);
        QCOMPARE(t.kind, BakedTransition::Kind::Stop);
        QCOMPARE(t.frames, f.stop.frameCount());
        QVERIFY(t.validate(f.space.skeleton.jointCount(), f.space.referenceCycleFrames()));
        QVERIFY(!t.joins.empty());
        // The best join is the walk's own pose; the others within the margin of it.
        QVERIFY2(bestCost(t) < 0.01f, QByteArray::number(bestCost(t)));
        const float L = static_cast<float>(f.space.referenceCycleFrames());
        for (size_t k = 0; k < t.joins.size(); ++k) {
            const TransitionJoin& j = t.joins[k];
            QVERIFY2(j.cost <= bestCost(t) + 0.04f + 1e-6f, QByteArray::number(j.cost));
            QVERIFY(j.loopFrame >= 0.0f && j.loopFrame < L);
            QVERIFY(j.clipFrame <= f.stopAt);  // while it still walks
            QVERIFY(j.foot >= 0 && j.foot <= 2);
            if (k > 0) QVERIFY(j.loopFrame >= t.joins[k - 1].loopFrame);
        }
        // It stands from about where the pose is held (the root slows below 0.15 m/s there).
        QVERIFY2(std::abs(t.stillFrame - f.stopAt) <= 3, QByteArray::number(t.stillFrame));
        QCOMPARE(t.handover, -1);
        QVERIFY(t.speed > 1.2f && t.speed < 1.5f);  // the walk's 1.35 m/s on entry
        // Back as a clip: it travels as far as the walk did up to the hold.
        const Clip back = toClip(t, f.space.skeleton, f.space.fps);
        QCOMPARE(back.frameCount(), t.frames);
        const glm::vec3 d = back.rootPositions.back() - back.rootPositions.front();
        const glm::vec3 src = f.walk.rootPositions[f.stopAt] - f.walk.rootPositions.front();
        QVERIFY2(std::abs(glm::length(glm::vec2(d.x, d.z)) - glm::length(glm::vec2(src.x, src.z))) <
                     0.02f,
                 QByteArray::number(d.z));
    }

    void startHandsOverToTheLoop() {
        const Fixture& f = fixture();
        const BakedTransition t = built(BakedTransition::Kind::Start, f.start);
        QCOMPARE(t.kind, BakedTransition::Kind::Start);
        QVERIFY(!t.joins.empty());
        QVERIFY2(bestCost(t) < 0.01f, QByteArray::number(bestCost(t)));
        for (const TransitionJoin& j : t.joins) {
            QVERIFY2(j.cost <= bestCost(t) + 0.04f + 1e-6f, QByteArray::number(j.cost));
            QVERIFY(j.clipFrame >= kHold);  // once it walks
        }
        QVERIFY(t.handover >= 0 && t.handover < static_cast<int>(t.joins.size()));
        // It stands until the hold ends.
        QVERIFY2(std::abs(t.stillFrame - (kHold - 1)) <= 3, QByteArray::number(t.stillFrame));
    }

    void repeatedLoop() {
        const BakedMotionSpace& space = fixture().space;
        const int L = space.referenceCycleFrames();
        const Clip twice = gs::repeatedLoop(space, 2);
        QCOMPARE(twice.frameCount(), 2 * L + 1);
        const int joints = twice.jointCount();
        for (int f = 0; f <= L; ++f)
            for (int j = 1; j < joints; ++j)
                QVERIFY(std::abs(glm::dot(twice.frameRotations(f)[j],
                                          twice.frameRotations(f + L)[j])) > 0.9999f);
        // Straight on: the second loop goes as far again.
        const float lap = glm::distance(twice.rootPositions[L], twice.rootPositions[0]);
        QVERIFY(std::abs(glm::distance(twice.rootPositions[2 * L], twice.rootPositions[0]) -
                         2.0f * lap) < 0.02f);
    }

    void clipsThatCannotServe() {
        const Fixture& f = fixture();
        using K = BakedTransition::Kind;
        QCOMPARE(checkTransitionClip(f.walk, K::Stop).message(),
                 std::string("does not end standing: its root moves 1.35 m/s over its last 0.3 s"));
        QCOMPARE(checkTransitionClip(f.walk, K::Start).message(),
                 std::string("does not begin standing: its root moves 1.35 m/s over its first "
                             "0.3 s"));
        // A stop is a start that does not begin standing, and the other way round.
        QVERIFY(checkTransitionClip(f.stop, K::Start).message().starts_with("does not begin"));
        QVERIFY(checkTransitionClip(f.start, K::Stop).message().starts_with("does not end"));
        Clip still = test::cutAndHold(f.walk, 0, -1, f.stopAt, true, kHold);  // the held pose alone
        QCOMPARE(checkTransitionClip(still, K::Stop).message(),
                 std::string("never moves (its root is never faster than 0.00 m/s)"));
        Clip shortClip = test::cutAndHold(f.walk, 0, 20, 0, true, kHold);
        shortClip.rotations.resize(static_cast<size_t>(10 * shortClip.jointCount()));
        shortClip.rootPositions.resize(10);
        QCOMPARE(checkTransitionClip(shortClip, K::Stop).message(),
                 std::string("is too short to stop: 10 frames, it needs 20"));
    }

    void jobsAndSettingsRefused() {
        const Fixture& f = fixture();
        TransitionJob job;
        job.clip = &f.stop;
        QCOMPARE(job.run().message(), std::string("transitions: no motion space"));
        job.space = &f.space;
        job.clip = nullptr;
        QCOMPARE(job.run().message(), std::string("transitions: no clip"));
        Clip fast = f.stop;
        fast.fps = 60.0f;
        job.clip = &fast;
        QCOMPARE(job.run().message(), std::string("is not at the space's rate"));
        job.clip = &f.stop;
        const std::pair<int, std::string> cases[] = {
            {0, "transitions: still speed must be in (0, 1] m/s"},
            {1, "transitions: still time must be in [0.05, 5] s"},
            {2, "transitions: the largest join cost must be in (0, 1] m"},
            {3, "transitions: the join cost margin must be in [0, 1] m"},
            {4, "transitions: the hand-over speed must be in (0, 2] of the loop's"}};
        for (const auto& [field, message] : cases) {
            job.settings = {};
            if (field == 0) job.settings.stillSpeed = 0.0f;
            if (field == 1) job.settings.stillSeconds = 6.0f;
            if (field == 2) job.settings.maxJoinCost = 2.0f;
            if (field == 3) job.settings.joinCostMargin = -0.1f;
            if (field == 4) job.settings.handoverSpeed = 3.0f;
            QCOMPARE(job.run().message(), message);
        }
        // No join below a cost the walk's own poses exceed is refused naming the best.
        job.settings = {};
        job.settings.maxJoinCost = 1e-6f;
        job.settings.joinCostMargin = 0.0f;
        const std::string why = job.run().message();
        QVERIFY2(why.starts_with("never comes near the loop's poses (its best match is "),
                 why.c_str());
    }
};

QTEST_APPLESS_MAIN(TestTransitionBuilder)
#include "tst_transition_builder.moc"

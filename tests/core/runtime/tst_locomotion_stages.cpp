// The locomotion update's stages (core/runtime/locomotion_stages.h), each called alone on the
// synthetic walk and jog (no data needed): one after the other over a whole batch they give
// LocomotionJob::run's bits, and each does its own part.

#include <QTest>

#include <cmath>
#include <cstring>
#include <vector>

#include "character_group.h"
#include "core/runtime/locomotion_stages.h"
#include "synthetic_spaces.h"

using namespace gs;
namespace lo = gs::locomotion;

namespace {

// A group whose style weights also move (toward the other end of their mix).
struct Characters : test::CharacterGroup {
    Characters(const BakedBehavioralSpace& bs, int count) : CharacterGroup(bs, count) {
        for (int c = 0; c < count; ++c) {
            const float k = static_cast<float>(c) / static_cast<float>(count);
            states[c].styleTarget = {k, 1.0f - k};
        }
    }

    // Every stage in turn over all the characters at once (a batch as large as the job).
    void runStages() {
        const lo::Context cx(job);
        lo::LegIkBatch legs(job.space->skeleton, job.settings.ik);
        std::vector<lo::Step> steps(states.size());
        lo::advanceWeightsAndPhase(cx, 0, steps);
        lo::sampleClips(cx, 0, steps);
        lo::blendPoses(cx, 0, steps);
        lo::moveRoots(cx, 0, steps);
        lo::forwardKinematicsOf(cx, 0, steps);
        lo::liftFeet(cx, 0, steps);
        lo::lockFeet(cx, 0, steps, legs);
        legs.flush();
    }
};

template <class T>
bool sameBytes(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

bool sameStates(const std::vector<CharacterState>& a, const std::vector<CharacterState>& b) {
    for (size_t c = 0; c < a.size(); ++c) {
        const CharacterState& x = a[c];
        const CharacterState& y = b[c];
        if (std::memcmp(&x.ground, &y.ground, sizeof x.ground) != 0 || x.phase != y.phase ||
            x.previousPhase != y.previousPhase || x.styleWeight != y.styleWeight ||
            x.blend != y.blend || x.rootHeight != y.rootHeight || x.frame != y.frame ||
            x.startFrame != y.startFrame || x.warpHint != y.warpHint)
            return false;
        for (int k = 0; k < 2; ++k)
            if (x.foot[k].offset != y.foot[k].offset || x.foot[k].weight != y.foot[k].weight ||
                x.foot[k].planted != y.foot[k].planted)
                return false;
    }
    return true;
}

}  // namespace

class TestLocomotionStages : public QObject {
    Q_OBJECT
    const BakedBehavioralSpace* m_space = nullptr;

private slots:
    void initTestCase() {
        m_space = &test::syntheticWalkJog();
        QVERIFY(m_space->runtimePrepared());
        QVERIFY(m_space->skeleton.jointCount() > 10);
    }

    // run() takes the characters eight at a time through the stages; the stages one by one over
    // all 21 characters (8 + 8 + 5 in run) give the same bits: poses, roots, world transforms and
    // every state, frame after frame, in every mode of the job.
    void stagesOneByOneGiveRun_data() {
        QTest::addColumn<bool>("footLock");
        QTest::addColumn<bool>("posing");
        QTest::addColumn<bool>("world");
        QTest::addColumn<bool>("advance");
        QTest::newRow("foot lock") << true << true << true << true;
        QTest::newRow("no foot lock") << false << true << true << true;
        QTest::newRow("no world transforms") << true << true << false << true;
        QTest::newRow("no pose (goal-space sampling)") << true << false << false << true;
        QTest::newRow("pose without advancing") << true << true << true << false;
    }
    void stagesOneByOneGiveRun() {
        QFETCH(bool, footLock);
        QFETCH(bool, posing);
        QFETCH(bool, world);
        QFETCH(bool, advance);
        const int count = 21;
        Characters a(*m_space, count), b(*m_space, count);
        for (Characters* g : {&a, &b}) {
            g->job.settings.footLock = footLock;
            g->job.advance = advance;
            if (!posing) g->job.localRotations = {};
            if (!world) g->job.world = {};
        }
        for (int f = 0; f < 90; ++f) {
            // Blends that swing, so that the foot lock plants, slides and lets go.
            for (int c = 0; c < count; ++c)
                a.states[c].blendTarget[0] = a.states[c].blendTarget[1] =
                    b.states[c].blendTarget[0] = b.states[c].blendTarget[1] =
                        ((f / 30 + c) % 2) ? 0.9f : 0.1f;
            QVERIFY(a.job.run().isOk());
            b.runStages();
            QVERIFY2(sameStates(a.states, b.states),
                     qPrintable(QString("states differ at frame %1").arg(f)));
            QVERIFY(sameBytes(a.roots, b.roots));
            if (posing) QVERIFY(sameBytes(a.rotations, b.rotations));
            if (world)
                for (size_t i = 0; i < a.world.size(); ++i) {
                    QVERIFY(std::memcmp(&a.world[i].rotation, &b.world[i].rotation,
                                        sizeof(glm::quat)) == 0);
                    QVERIFY(std::memcmp(&a.world[i].translation, &b.world[i].translation,
                                        sizeof(glm::vec3)) == 0);
                }
        }
        if (advance) QVERIFY(a.states[0].frame == 90);
    }

    // advanceWeightsAndPhase moves the style weights by at most the increment (summing to 1) and
    // the blends by at most the blend rate, and leaves the phase for moveRoots; sampleClips
    // weighs its contributions to 1 and moves nothing; blendPoses writes unit rotations;
    // moveRoots turns the step's root motion into the ground frame and wraps the phase.
    void eachStageDoesItsPart() {
        const int count = 9;
        Characters g(*m_space, count);
        LocomotionJob& job = g.job;
        for (CharacterState& st : g.states) st.blendTarget = {1.0f, 0.0f};
        std::vector<lo::Step> steps(count);
        for (int f = 0; f < 40; ++f) {
            const std::vector<CharacterState> before = g.states;
            const lo::Context cx(job);
            lo::advanceWeightsAndPhase(cx, 0, steps);
            for (int c = 0; c < count; ++c) {
                const CharacterState& st = g.states[c];
                float sum = 0.0f;
                for (int s = 0; s < 2; ++s) {
                    QVERIFY(std::abs(st.styleWeight[s] - before[c].styleWeight[s]) <=
                            job.settings.styleIncrement + 1e-6f);
                    QVERIFY(std::abs(st.blend[s] - before[c].blend[s]) <=
                            job.settings.maxBlendRate + 1e-6f);
                    sum += st.styleWeight[s];
                }
                QVERIFY(std::abs(sum - 1.0f) < 1e-5f);
                QCOMPARE(st.phase, before[c].phase);
                QVERIFY(steps[c].nextPhase != st.phase);  // time advances
            }
            const std::vector<CharacterState> sampled = g.states;
            lo::sampleClips(cx, 0, steps);
            QVERIFY(sameStates(sampled, g.states));
            for (const lo::Step& sp : steps) {
                QVERIFY(sp.contribCount >= 1 && sp.contribCount <= 4);
                float weight = 0.0f;
                for (int k = 0; k < sp.contribCount; ++k) weight += sp.contrib[k].weight;
                QVERIFY(std::abs(weight - 1.0f) < 1e-5f);
                QVERIFY(sp.height > 0.5f && sp.height < 1.5f);  // the pelvis of an adult
            }
            lo::blendPoses(cx, 0, steps);
            for (const glm::quat& q : g.rotations) QVERIFY(std::abs(glm::length(q) - 1.0f) < 1e-5f);
            lo::moveRoots(cx, 0, steps);
            for (int c = 0; c < count; ++c) {
                const CharacterState& st = g.states[c];
                const glm::vec3 d = steps[c].displacement;
                const float h = before[c].ground.heading;
                QCOMPARE(st.ground.x, before[c].ground.x + (std::cos(h) * d.x + std::sin(h) * d.y));
                QCOMPARE(st.ground.heading, h + d.z);
                QVERIFY(st.phase >= 0.0f &&
                        st.phase < static_cast<float>(m_space->masterCycleFrames()));
                QCOMPARE(st.frame, before[c].frame + 1);
                QCOMPARE(g.roots[c], glm::vec3(st.ground.x, steps[c].height, st.ground.z));
            }
            lo::forwardKinematicsOf(cx, 0, steps);
            lo::liftFeet(cx, 0, steps);
            lo::LegIkBatch legs(m_space->skeleton, job.settings.ik);
            lo::lockFeet(cx, 0, steps, legs);
            QVERIFY(legs.pending() < kIkLanes);  // full batches are solved as they fill
            legs.flush();
            QCOMPARE(legs.pending(), 0);
        }
    }

    // liftFeet moves a whole pose up or down, world transforms and root together, by the same
    // amount for every joint; lockFeet with the lock off changes nothing.
    void liftMovesTheWholePose() {
        Characters g(*m_space, 5);
        const lo::Context cx(g.job);
        std::vector<lo::Step> steps(5);
        lo::advanceWeightsAndPhase(cx, 0, steps);
        lo::sampleClips(cx, 0, steps);
        lo::blendPoses(cx, 0, steps);
        lo::moveRoots(cx, 0, steps);
        lo::forwardKinematicsOf(cx, 0, steps);
        const std::vector<Transform> before = g.world;
        const std::vector<glm::vec3> roots = g.roots;
        lo::liftFeet(cx, 0, steps);
        const int joints = m_space->skeleton.jointCount();
        int lifted = 0;
        for (int c = 0; c < 5; ++c) {
            const float lift = g.roots[c].y - roots[c].y;
            lifted += lift != 0.0f;
            QVERIFY(std::abs(lift) < 0.05f);
            for (int j = 0; j < joints; ++j) {
                const size_t i = static_cast<size_t>(c) * joints + j;
                QVERIFY(std::abs((g.world[i].translation.y - before[i].translation.y) - lift) <
                        1e-5f);
                QCOMPARE(g.world[i].translation.x, before[i].translation.x);
                QCOMPARE(g.world[i].rotation, before[i].rotation);
            }
        }
        QVERIFY(lifted > 0);
        g.job.settings.footLock = false;
        const lo::Context off(g.job);
        const std::vector<glm::quat> pose = g.rotations;
        lo::LegIkBatch legs(m_space->skeleton, g.job.settings.ik);
        lo::lockFeet(off, 0, steps, legs);
        QCOMPARE(legs.pending(), 0);
        QVERIFY(sameBytes(pose, g.rotations));
    }
};

QTEST_GUILESS_MAIN(TestLocomotionStages)
#include "tst_locomotion_stages.moc"

// The baked spaces (gaitspace/runtime/baked_space.h) on spaces made here: the blend value's
// curvature, clip weights and a clip's blend value at known values; every refusal of validate()
// with its sentence; singleSpace's identity phase map; prepareRuntime's sign choices, alignment
// flags and row offsets, and runtimePrepared() noticing a changed clip; the synthetic walk and
// jog's phase maps inverting each other and its feet heights filled for every row.

#include <QTest>

#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include <gaitspace/runtime/baked_space.h>

#include "skeleton_chain.h"
#include "synthetic_spaces.h"

using namespace gs;

namespace {

constexpr int kJoints = 5;

BakedClip loopClip(const std::string& name, float curvature) {
    BakedClip c;
    c.name = name;
    c.frames = 3;
    c.rotations.assign(static_cast<size_t>(c.frames * kJoints), glm::quat(1, 0, 0, 0));
    c.rootHeight.assign(3, 1.0f);
    c.step.assign(2, glm::vec3(0.0f, 0.05f, 0.0f));
    c.leftContact = {1, 0, 1};
    c.rightContact = {0, 1, 0};
    c.warp = {0.0f, 1.0f, 2.0f};
    c.curvature = curvature;
    c.speed = 1.5f;
    return c;
}

// Three clips of curvature -1, 0 and 2 rad/m on the chain skeleton; the middle one the reference.
BakedMotionSpace threeClips() {
    BakedMotionSpace m;
    m.name = "walk";
    m.skeleton = test::chainSkeleton();
    m.clips = {loopClip("right", -1.0f), loopClip("straight", 0.0f), loopClip("left", 2.0f)};
    m.reference = 1;
    return m;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

class TestBakedSpace : public QObject {
    Q_OBJECT
private slots:
    void curvatureIsLinearBetweenTheExtremeClips() {
        const BakedMotionSpace m = threeClips();
        QCOMPARE(m.curvatureAt(0.0f), -1.0f);
        QCOMPARE(m.curvatureAt(1.0f), 2.0f);
        QCOMPARE(m.curvatureAt(0.5f), 0.5f);
        QCOMPARE(m.curvatureAt(-3.0f), -1.0f);  // clamped
        QCOMPARE(m.curvatureAt(4.0f), 2.0f);
        QCOMPARE(m.referenceCycleFrames(), 2);
    }

    void clipWeightsPickTheNeighbours() {
        const BakedMotionSpace m = threeClips();
        int c0 = -1, c1 = -1;
        float w0 = -1.0f, w1 = -1.0f;
        m.clipWeights(0.0f, c0, c1, w0, w1);
        QCOMPARE(c0, 0);
        QCOMPARE(c1, 1);
        QCOMPARE(w0, 1.0f);
        QCOMPARE(w1, 0.0f);
        m.clipWeights(0.5f, c0, c1, w0, w1);  // curvature 0.5: a quarter of the way 0 -> 2
        QCOMPARE(c0, 1);
        QCOMPARE(c1, 2);
        QCOMPARE(w0, 0.75f);
        QCOMPARE(w1, 0.25f);
        m.clipWeights(1.0f / 6.0f, c0, c1, w0, w1);  // curvature -0.5: half way -1 -> 0
        QCOMPARE(c0, 0);
        QCOMPARE(c1, 1);
        QVERIFY(std::abs(w1 - 0.5f) < 1e-6f);
        m.clipWeights(1.0f, c0, c1, w0, w1);
        QCOMPARE(c0, 1);
        QCOMPARE(c1, 2);
        QCOMPARE(w1, 1.0f);
        QCOMPARE(w0, 0.0f);
    }

    void blendOfInvertsCurvatureAt() {
        BakedMotionSpace m = threeClips();
        QCOMPARE(m.blendOf(0), 0.0f);
        QCOMPARE(m.blendOf(2), 1.0f);
        QVERIFY(std::abs(m.blendOf(1) - 1.0f / 3.0f) < 1e-6f);
        QVERIFY(std::abs(m.curvatureAt(m.blendOf(1)) - 0.0f) < 1e-6f);
        for (BakedClip& c : m.clips) c.curvature = 0.3f;  // no spread: the middle
        QCOMPARE(m.blendOf(0), 0.5f);
        int c0, c1;
        float w0, w1;
        m.clipWeights(0.9f, c0, c1, w0, w1);
        QCOMPARE(w0, 1.0f);
        QCOMPARE(w1, 0.0f);
    }

    void motionSpaceValidates() {
        const BakedMotionSpace m = threeClips();
        const Status s = m.validate();
        QVERIFY2(s, s.message().c_str());
    }

    void motionSpaceRefusals_data() {
        QTest::addColumn<int>("damage");
        QTest::addColumn<QString>("message");
        QTest::newRow("one clip") << 0 << "motion space 'walk' has fewer than 2 clips";
        QTest::newRow("no reference") << 1 << "motion space 'walk' has no reference clip";
        QTest::newRow("short rotations") << 2 << "motion space 'walk': clip 'left' is inconsistent";
        QTest::newRow("warp") << 3
                              << "motion space 'walk': clip 'straight' has a time warp that is "
                                 "not increasing";
        QTest::newRow("toe") << 4 << "motion space 'walk': a toe joint is out of range";
        QTest::newRow("fps") << 5 << "motion space 'walk': its rate is outside";
        QTest::newRow("stop twice") << 6 << "motion space 'walk' lists the stop 'halt' twice";
        QTest::newRow("speed") << 7
                               << "motion space 'walk': clip 'right': its speed or turn rate is "
                                  "outside";
    }
    void motionSpaceRefusals() {
        QFETCH(int, damage);
        QFETCH(QString, message);
        BakedMotionSpace m = threeClips();
        switch (damage) {
            case 0:
                m.clips.resize(1);
                break;
            case 1:
                m.reference = 3;
                break;
            case 2:
                m.clips[2].rotations.pop_back();
                break;
            case 3:
                m.clips[1].warp[2] = 1.0f;
                break;
            case 4:
                m.rightToe = kJoints;
                break;
            case 5:
                m.fps = 0.0f;
                break;
            case 6: {
                BakedTransition t;
                t.name = "halt";
                m.stops = {t, t};
                break;
            }
            case 7:
                m.clips[0].speed = -1.0f;
                break;
        }
        const Status s = m.validate();
        QVERIFY(!s);
        QVERIFY2(contains(s.message(), message.toStdString()), s.message().c_str());
    }

    void singleSpaceHasAnIdentityPhaseMap() {
        const BakedBehavioralSpace bs = singleSpace(threeClips());
        QCOMPARE(bs.name, std::string("walk"));
        QCOMPARE(bs.spaces.size(), size_t(1));
        QCOMPARE(bs.phaseMap.size(), size_t(1));
        QCOMPARE(bs.phaseMap[0], (std::vector<float>{0.0f, 1.0f, 2.0f}));
        QCOMPARE(bs.crossResidual, std::vector<float>{0.0f});
        QCOMPARE(bs.spaceIndex("walk"), 0);
        QCOMPARE(bs.spaceIndex("jog"), -1);
        QCOMPARE(bs.masterCycleFrames(), 2);
        QVERIFY(bs.runtimePrepared());
        const Status s = bs.validate();
        QVERIFY2(s, s.message().c_str());
        QCOMPARE(bs.spacePhase(0, 1.5f, 0, 1, 1.0f, 0.0f), 1.5f);
        QCOMPARE(bs.masterPhase(0, 1.5f, 0, 1, 1.0f, 0.0f), 1.5f);
    }

    void behavioralSpaceRefusals_data() {
        QTest::addColumn<int>("damage");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << 0 << "the behavioral space holds no motion space";
        QTest::newRow("no phase map") << 1 << "the behavioral space has no phase map per space";
        QTest::newRow("map size") << 2 << "motion space 'walk' has a phase map of the wrong size";
        QTest::newRow("map order")
            << 3 << "motion space 'walk' has a phase map that is not increasing";
        QTest::newRow("skeleton") << 4 << "motion space 'walk' has a different skeleton";
        QTest::newRow("cycles") << 5 << "motion space 'jog' loops 2 cycles, the others 1";
        QTest::newRow("fps") << 6
                             << "motion space 'jog' runs at 60 fps, the behavioral space at 30";
        QTest::newRow("inner") << 7 << "motion space 'walk' has fewer than 2 clips";
    }
    void behavioralSpaceRefusals() {
        QFETCH(int, damage);
        QFETCH(QString, message);
        BakedBehavioralSpace bs = singleSpace(threeClips());
        BakedMotionSpace jog = threeClips();
        jog.name = "jog";
        switch (damage) {
            case 0:
                bs.spaces.clear();
                break;
            case 1:
                bs.phaseMap.clear();
                break;
            case 2:
                bs.phaseMap[0].push_back(3.0f);
                break;
            case 3:
                bs.phaseMap[0][1] = 0.0f;
                break;
            case 4:
                bs.spaces[0].skeleton.parents[4] = 0;
                break;
            case 5:
                jog.cycles = 2;
                bs.spaces.push_back(jog);
                bs.phaseMap.push_back(bs.phaseMap[0]);
                break;
            case 6:
                jog.fps = 60.0f;
                bs.spaces.push_back(jog);
                bs.phaseMap.push_back(bs.phaseMap[0]);
                break;
            case 7:
                bs.spaces[0].clips.resize(1);
                break;
        }
        const Status s = bs.validate();
        QVERIFY(!s);
        QVERIFY2(contains(s.message(), message.toStdString()), s.message().c_str());
    }

    void prepareRuntimeChoosesSignsAndFlags() {
        BakedMotionSpace m = threeClips();
        // Joint 1 of clip 1, frame 2 stored with the other sign: the same rotation.
        const size_t flipped = static_cast<size_t>(2 * kJoints + 1);
        m.clips[1].rotations[flipped] = glm::quat(-1, 0, 0, 0);
        // Joint 2 turns half a turn in clip 2, frame 1: not within 90 degrees of its mean.
        const size_t turned = static_cast<size_t>(1 * kJoints + 2);
        m.clips[2].rotations[turned] = glm::angleAxis(3.1f, glm::vec3(0, 0, 1));
        const BakedBehavioralSpace bs = singleSpace(std::move(m));
        const BakedRuntimeData& r = bs.runtime;
        QCOMPARE(r.joints, kJoints);
        QCOMPARE(r.clipOffset, (std::vector<size_t>{0, 15, 30}));
        QCOMPARE(r.spaceFirstClip, std::vector<int>{0});
        QCOMPARE(r.rotations.size(), size_t(45));
        QCOMPARE(r.signs.size(), size_t(45));
        QVERIFY(r.transitionOffset.empty());
        QVERIFY(r.footHeights.empty());  // the chain has one leg
        // Every stored rotation is the prepared one times its sign.
        size_t i = 0;
        for (const BakedClip& c : bs.spaces[0].clips)
            for (const glm::quat& q : c.rotations) {
                const glm::quat back = r.rotations[i] * r.signs[i];
                QVERIFY(glm::dot(back, q) > 0.99999f);
                ++i;
            }
        QCOMPARE(r.signs[15 + flipped], -1.0f);
        QCOMPARE(r.rotations[15 + flipped].w, 1.0f);
        QCOMPARE(r.aligned, (std::vector<unsigned char>{1, 1, 0, 1, 1}));
        QCOMPARE(r.alignedWithTransitions, r.aligned);
    }

    void runtimePreparedNoticesChangedClips() {
        BakedBehavioralSpace bs = singleSpace(threeClips());
        QVERIFY(bs.runtimePrepared());
        bs.spaces[0].clips.push_back(loopClip("sharper", 3.0f));
        QVERIFY(!bs.runtimePrepared());
        prepareRuntime(bs);
        QVERIFY(bs.runtimePrepared());
        QCOMPARE(bs.runtime.clipOffset.size(), size_t(4));
        BakedTransition stop;
        stop.frames = 2;
        stop.rotations.assign(2 * kJoints, glm::quat(1, 0, 0, 0));
        stop.rootHeight = {1.0f, 1.0f};
        bs.spaces[0].stops.push_back(stop);
        QVERIFY(!bs.runtimePrepared());
        prepareRuntime(bs);
        QVERIFY(bs.runtimePrepared());
        QCOMPARE(bs.runtime.transitionOffset, std::vector<size_t>{60});
        QCOMPARE(bs.runtime.rotations.size(), size_t(70));
        bs.runtime = {};
        QVERIFY(!bs.runtimePrepared());
    }

    void syntheticPhaseMapsInvert() {
        const BakedBehavioralSpace& bs = test::syntheticWalkJog();
        const Status s = bs.validate();
        QVERIFY2(s, s.message().c_str());
        QCOMPARE(bs.spaces.size(), size_t(2));
        QCOMPARE(bs.spaceIndex("jog"), 1);
        const float l0 = static_cast<float>(bs.masterCycleFrames());
        const int clips = static_cast<int>(bs.spaces[0].clips.size());
        for (int c = 0; c + 1 < clips; ++c)
            for (float phi = 0.0f; phi < l0; phi += l0 / 7.0f) {
                const float u = bs.spacePhase(1, phi, c, c + 1, 0.6f, 0.4f);
                QVERIFY(u >= 0.0f);
                QVERIFY(u < 2.0f * bs.spaces[1].referenceCycleFrames());
                QVERIFY(std::abs(bs.masterPhase(1, u, c, c + 1, 0.6f, 0.4f) - phi) < 1e-3f);
                int hint = 0;
                QVERIFY(std::abs(bs.masterPhase(1, u, c, c + 1, 0.6f, 0.4f, hint) - phi) < 1e-3f);
            }
        // The master maps onto itself.
        QVERIFY(std::abs(bs.spacePhase(0, 5.0f, 0, 1, 1.0f, 0.0f) - 5.0f) < 1e-4f);
    }

    void syntheticFeetHeightsPerRow() {
        const BakedBehavioralSpace& bs = test::syntheticWalkJog();
        QVERIFY(bs.runtimePrepared());
        const BakedRuntimeData& r = bs.runtime;
        QCOMPARE(r.footHeights.size(), r.rotations.size() / static_cast<size_t>(r.joints));
        // A planted foot is near the floor and a swinging one lifts: in each clip, the left
        // foot's lowest point lies within 8 cm of its lowest over the clip wherever the foot is
        // planted (the heel rises before the toe leaves), and more than 6 cm above it somewhere.
        for (size_t c = 0; c < bs.spaces[0].clips.size(); ++c) {
            const BakedClip& clip = bs.spaces[0].clips[c];
            const size_t row = r.clipOffset[c] / static_cast<size_t>(r.joints);
            float lowest = 1e9f, highest = -1e9f;
            for (int f = 0; f < clip.frames; ++f) {
                lowest = std::min(lowest, r.footHeights[row + f].x);
                highest = std::max(highest, r.footHeights[row + f].x);
            }
            for (int f = 0; f < clip.frames; ++f)
                if (clip.leftContact[f] > 0.5f) QVERIFY(r.footHeights[row + f].x < lowest + 0.08f);
            QVERIFY(highest > lowest + 0.06f);
        }
    }
};

QTEST_APPLESS_MAIN(TestBakedSpace)
#include "tst_baked_space.moc"

// The behavioral space's cross-gait phase maps on the real CMU walk and jog clips: even (slope near
// the ratio of loop lengths, smooth across the loop wrap), locked to the feet (each walk strike
// lands on the same foot's jog strike), and a 50/50 mix whose root moves as smoothly as the source
// clips'.

#include <QTest>

#include <cmath>

#include "common/cmu_spaces.h"
#include "common/test_data.h"
#include "core/spaces/behavioral_space.h"
#include "core/evaluation/quality.h"
#include "core/evaluation/record_locomotion.h"
#include <gaitspace/runtime/locomotion.h>
#include <gaitspace/runtime/warp_table.h>

using namespace gs;

class TestBehavioralSpace : public QObject {
    Q_OBJECT
    BakedBehavioralSpace m_both;  // walk (master) + jog
    BehavioralSpaceDesc m_desc;

    // Checks one map of bs (master phase -> space s's reference frame) and returns its slope range
    // relative to the mean ratio of loop lengths.
    static void checkMap(const BakedBehavioralSpace& bs, const std::vector<float>& map, int s,
                         const char* what, float& lo, float& hi) {
        const int L0 = bs.masterCycleFrames();
        const float Ls = static_cast<float>(bs.spaces[s].referenceCycleFrames());
        const float r = Ls / static_cast<float>(L0);
        QCOMPARE(static_cast<int>(map.size()), L0 + 1);
        QCOMPARE(map.front(), 0.0f);
        QCOMPARE(map.back(), Ls);
        lo = 1e9f;
        hi = 0.0f;
        for (int u = 0; u < L0; ++u) {
            const float slope = (map[u + 1] - map[u]) / r;
            lo = std::min(lo, slope);
            hi = std::max(hi, slope);
        }
        // Across the wrap: the last frame's slope and the first's (the map continues one period).
        const float wrapJump = std::abs(map[L0] - map[L0 - 1] - (map[1] - map[0])) / r;
        QVERIFY2(lo >= 1.0f / 1.5f && hi <= 1.5f, what);
        QVERIFY2(wrapJump <= 0.15f, what);
        // Phase lock: every strike of the master's reference loop lands within a frame of a
        // strike of the same foot in the space's reference loop.
        const auto strikesA = referenceStrikes(bs.spaces.front());
        const auto strikesB = referenceStrikes(bs.spaces[s]);
        for (auto [f, foot] : strikesA) {
            const float v = warpAt(map, static_cast<float>(f));
            float nearest = 1e9f;
            for (auto [g, footB] : strikesB)
                if (footB == foot) nearest = std::min(nearest, std::abs(v - static_cast<float>(g)));
            QVERIFY2(nearest <= 1.0f,
                     qPrintable(QString("%1: master strike at %2 (foot %3) maps to %4, "
                                        "%5 frames from the same foot's strike")
                                    .arg(what)
                                    .arg(f)
                                    .arg(foot)
                                    .arg(v)
                                    .arg(nearest)));
        }
    }

private slots:
    void initTestCase() {
        if (!test::hasData()) return;
        m_desc = test::cmuWalkJogDesc();
        auto both = buildBehavioralSpace(m_desc);
        QVERIFY2(both.isOk(), both.message().c_str());
        m_both = std::move(*both);
    }

    void crossMapsAreEvenAndStrikeLocked() {
        GS_REQUIRE_DATA();
        QCOMPARE(m_both.spaces.size(), size_t(2));
        QVERIFY(!referenceStrikes(m_both.spaces.front()).empty());
        float lo, hi;
        checkMap(m_both, m_both.phaseMap[1], 1, "reference map", lo, hi);
        QVERIFY(!m_both.clipPhaseMap.empty());
        for (size_t c = 0; c < m_both.clipPhaseMap[1].size(); ++c) {
            const std::string what = "clip map of " + m_both.spaces.front().clips[c].name;
            checkMap(m_both, m_both.clipPhaseMap[1][c], 1, what.c_str(), lo, hi);
        }
    }

    void veerSpacesOfThreeGaits() {
        GS_REQUIRE_DATA();
        // Walk, brisk walk and jog from veer clips only: every map of every space is even and
        // strike-locked as well.
        BehavioralSpaceDesc desc;
        desc.name = "veer";
        desc.spaces = {test::cmuWalkVeerDesc(), test::cmuBriskVeerDesc(), test::cmuJogVeerDesc()};
        desc.spaces[0].name = "walk";
        desc.spaces[1].name = "brisk";
        desc.spaces[2].name = "jog";
        auto built = buildBehavioralSpace(desc);
        QVERIFY2(built.isOk(), built.message().c_str());
        float lo, hi;
        for (int s = 1; s < 3; ++s) {
            const std::string what = built->spaces[s].name + " reference map";
            checkMap(*built, built->phaseMap[s], s, what.c_str(), lo, hi);
            for (size_t c = 0; c < built->clipPhaseMap[s].size(); ++c) {
                const std::string clip =
                    built->spaces[s].name + " clip map of " + built->spaces.front().clips[c].name;
                checkMap(*built, built->clipPhaseMap[s][c], s, clip.c_str(), lo, hi);
            }
        }
    }

    void mixRootAsSmoothAsSource() {
        GS_REQUIRE_DATA();
        const float styles[] = {0.5f, 0.5f};
        CharacterState state;
        initCharacter(m_both, state, GroundFrame{}, styles);
        const int frames = static_cast<int>(20 * m_both.fps) + 1;
        auto run = recordLocomotion(m_both, state, LocomotionSettings{}, frames);
        QVERIFY2(run.isOk(), run.message().c_str());
        const RootAcceleration mix = rootAccelerationP95(*run);
        std::vector<float> lateral, longitudinal;
        for (const MotionSpaceDesc& space : m_desc.spaces)
            for (const Clip& clip : space.clips)
                rootAccelerationSamples(clip.rootPositions, clip.fps, lateral, longitudinal);
        const float sourceLat = percentile(lateral, 0.95f),
                    sourceLong = percentile(longitudinal, 0.95f);
        QVERIFY2(mix.longitudinal <= 1.2f * sourceLong,
                 qPrintable(QString("%1 vs source %2").arg(mix.longitudinal).arg(sourceLong)));
        QVERIFY2(mix.lateral <= 1.2f * sourceLat,
                 qPrintable(QString("%1 vs source %2").arg(mix.lateral).arg(sourceLat)));
    }
};

QTEST_GUILESS_MAIN(TestBehavioralSpace)
#include "tst_behavioral_space.moc"

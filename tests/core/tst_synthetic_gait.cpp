// Synthetic gaits, checked with the same pipeline the motion capture goes through (no data
// needed): strikes alternate, planted toes are still, speed and turn rate are the settings', every
// gait builds a motion space, and the behavioral space of walk + jog + run plays without skating.

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/spaces/behavioral_space.h"
#include "core/analysis/cycles.h"
#include "core/clip/foot_contacts.h"
#include "core/clip/clip_kinematics.h"
#include "core/evaluation/quality.h"
#include "core/evaluation/record_locomotion.h"
#include "core/clip/root_motion.h"
#include <gaitspace/runtime/locomotion.h>
#include "core/synthetic/synthetic_gait.h"

using namespace gs;

namespace {

SyntheticGaitSettings settingsOf(const QString& gait, float curvature) {
    const SyntheticGait g = gait == "jog"   ? SyntheticGait::Jog
                            : gait == "run" ? SyntheticGait::Run
                                            : SyntheticGait::Walk;
    SyntheticGaitSettings s = SyntheticGaitSettings::preset(g);
    s.curvature = curvature;
    return s;
}

void addGaitRows() {
    QTest::addColumn<QString>("gait");
    QTest::addColumn<float>("curvature");
    for (const char* gait : {"walk", "jog", "run"})
        for (float k : {-0.3f, 0.0f, 0.3f})
            QTest::newRow(qPrintable(QString("%1 %2").arg(gait).arg(k))) << QString(gait) << k;
}

}  // namespace

class TestSyntheticGait : public QObject {
    Q_OBJECT
    std::map<std::string, MotionSpaceDesc> m_descs;
    BakedBehavioralSpace m_all;

private slots:
    void initTestCase() {
        for (const SyntheticClipSpec& spec : syntheticClipSet(3)) {
            auto clip = generateSyntheticGait(spec.settings);
            QVERIFY2(clip.isOk(), clip.message().c_str());
            MotionSpaceDesc& d = m_descs[spec.space];
            d.name = spec.space;
            d.clips.push_back(*clip);
        }
    }

    void skeletonIsCmus() {
        const Skeleton sk = syntheticSkeleton();
        QVERIFY(sk.validate().isOk());
        QCOMPARE(sk.jointCount(), 19);
        const char* names[] = {"pelvis",    "lfemur",    "ltibia",   "lfoot",   "ltoes",
                               "rfemur",    "rtibia",    "rfoot",    "rtoes",   "thorax",
                               "head",      "lclavicle", "lhumerus", "lradius", "lhand",
                               "rclavicle", "rhumerus",  "rradius",  "rhand"};
        for (int j = 0; j < 19; ++j)
            QCOMPARE(QString::fromStdString(sk.names[j]), QString(names[j]));
        QVERIFY(findLegs(sk).isOk());
        QCOMPARE(findFootJoints(sk).leftToe, 4);
    }

    void strikesAlternate_data() { addGaitRows(); }
    void strikesAlternate() {
        QFETCH(QString, gait);
        QFETCH(float, curvature);
        const SyntheticGaitSettings s = settingsOf(gait, curvature);
        auto clip = generateSyntheticGait(s);
        QVERIFY2(clip.isOk(), clip.message().c_str());
        QVERIFY(QString::fromStdString(clip->name).startsWith("synthetic " + gait));
        FootContactJob job;
        job.clip = &*clip;
        QVERIFY(job.run().isOk());
        std::vector<std::pair<int, int>> all;
        for (int f : job.output.leftStrikes()) all.push_back({f, 0});
        for (int f : job.output.rightStrikes()) all.push_back({f, 1});
        std::sort(all.begin(), all.end());
        QString seq;
        for (auto [f, side] : all) seq += QString("%1%2 ").arg(side ? 'R' : 'L').arg(f);
        QVERIFY2(static_cast<int>(all.size()) >= 2 * s.cycles, qPrintable(seq));
        for (size_t i = 1; i < all.size(); ++i)
            QVERIFY2(all[i].second != all[i - 1].second, qPrintable(seq));
        // Same-foot strikes one period apart (within a frame).
        const float period = s.periodSeconds() * s.fps;
        for (size_t i = 2; i < all.size(); ++i)
            QVERIFY2(std::abs(all[i].first - all[i - 2].first - period) <= 1.01f, qPrintable(seq));
        // The cycle finder sees the same period.
        CycleJob cycles;
        cycles.clip = &*clip;
        QVERIFY(cycles.run().isOk());
        QVERIFY2(cycles.output.periodic, cycles.output.source.c_str());
        QVERIFY2(std::abs(cycles.output.periodFrames - period) < 0.03f * period,
                 qPrintable(QString("%1 vs %2").arg(cycles.output.periodFrames).arg(period)));
        QCOMPARE(cycles.output.cycles, s.cycles);
    }

    void stanceToeStill_data() { addGaitRows(); }
    void stanceToeStill() {
        QFETCH(QString, gait);
        QFETCH(float, curvature);
        auto clip = generateSyntheticGait(settingsOf(gait, curvature));
        QVERIFY(clip.isOk());
        const int n = clip->frameCount(), joints = clip->jointCount();
        const auto pos = clipJointPositions(*clip);
        float floor = 1e9f, worst = 0.0f;
        int planted = 0;
        for (int f = 0; f < n; ++f)
            for (int j : {3, 4, 7, 8}) floor = std::min(floor, pos[f * joints + j].y);
        QVERIFY(std::abs(floor) < 1e-3f);
        for (int toe : {4, 8}) {
            for (int f = 1; f + 1 < n; ++f) {
                const glm::vec3 a = pos[(f - 1) * joints + toe], b = pos[(f + 1) * joints + toe];
                const glm::vec3 here = pos[f * joints + toe];
                // A planted toe: on the floor in this frame and both neighbours.
                if (std::max({a.y, here.y, b.y}) - floor > 1e-3f) continue;
                ++planted;
                worst = std::max(worst,
                                 glm::length(glm::vec2(b.x - a.x, b.z - a.z)) * clip->fps / 2.0f);
            }
        }
        const float skate = footSkate(pos, joints, 4, 8, floor, clip->fps);
        QVERIFY(planted > 0.3f * n);
        QVERIFY2(worst < 0.01f, qPrintable(QString::number(worst)));
        QVERIFY2(skate < 1.0f, qPrintable(QString::number(skate)));
    }

    // Walks have double support and no flight, jogs and runs a flight phase; the pelvis bobs by
    // the setting; each arm swings forward with the opposite leg.
    void bodyMotion_data() {
        QTest::addColumn<QString>("gait");
        for (const char* g : {"walk", "jog", "run"}) QTest::newRow(g) << QString(g);
    }
    void bodyMotion() {
        QFETCH(QString, gait);
        const SyntheticGaitSettings s = settingsOf(gait, 0.0f);
        auto clip = generateSyntheticGait(s);
        QVERIFY(clip.isOk());
        const int n = clip->frameCount(), joints = clip->jointCount();
        const auto pos = clipJointPositions(*clip);
        int flight = 0, doubleSupport = 0;
        float lowest = 1e9f, highest = -1e9f, armLeg = 0.0f, legLeg = 0.0f;
        for (int f = 0; f < n; ++f) {
            auto at = [&](int j) { return pos[f * joints + j]; };
            const bool left = at(4).y < 1e-3f, right = at(8).y < 1e-3f;
            flight += !left && !right;
            doubleSupport += left && right;
            lowest = std::min(lowest, at(0).y);
            highest = std::max(highest, at(0).y);
            // Forward (+Z on a straight path) offsets from the pelvis.
            const float leftFoot = at(3).z - at(0).z, rightFoot = at(7).z - at(0).z;
            armLeg += (at(14).z - at(0).z) * (leftFoot - rightFoot);
            legLeg += leftFoot * rightFoot;
        }
        if (s.hasFlight()) {
            QVERIFY(flight > 0);
            QCOMPARE(doubleSupport, 0);
        } else {
            QCOMPARE(flight, 0);
            QVERIFY(doubleSupport > 0);
        }
        QVERIFY(std::abs((highest - lowest) - s.bob) < 0.1f * s.bob);
        QVERIFY(armLeg < 0.0f);  // the left hand is back while the left foot is forward
        QVERIFY(legLeg < 0.0f);  // the legs alternate
    }

    void everyGaitBuildsAMotionSpace_data() {
        QTest::addColumn<QString>("gait");
        for (const char* g : {"walk", "jog", "run"}) QTest::newRow(g) << QString(g);
    }
    void everyGaitBuildsAMotionSpace() {
        QFETCH(QString, gait);
        const MotionSpaceDesc& desc = m_descs.at(gait.toStdString());
        QCOMPARE(desc.clips.size(), size_t(5));
        auto space = buildMotionSpace(desc);
        QVERIFY2(space.isOk(), space.message().c_str());
        QCOMPARE(space->cycles, 3);
        std::vector<SyntheticClipSpec> specs;
        for (const SyntheticClipSpec& s : syntheticClipSet(3))
            if (s.space == gait.toStdString()) specs.push_back(s);
        // Ordered right ... left like the specs; speed and turn rate are the settings'.
        for (size_t i = 0; i < specs.size(); ++i) {
            const BakedClip& c = space->clips[i];
            const SyntheticGaitSettings& s = specs[i].settings;
            QCOMPARE(QString::fromStdString(c.name), QString::fromStdString(s.name));
            QVERIFY(std::abs(c.speed - s.speed) < 0.03f * s.speed);
            QVERIFY(std::abs(c.turnRate - s.turnRate()) < 0.03f * std::abs(s.turnRate()) + 0.01f);
            QVERIFY(c.seamErrorM < 0.03f);  // loops cut at whole frames of a 22.5-frame jog period
        }
        // Straight with the two veers alone builds too.
        MotionSpaceDesc three = desc;
        three.clips = {desc.clips[1], desc.clips[2], desc.clips[3]};
        auto small = buildMotionSpace(three);
        QVERIFY2(small.isOk(), small.message().c_str());
        QCOMPARE(small->clips.size(), size_t(3));
        QCOMPARE(small->reference, 1);
    }

    void behavioralSpacePlays() {
        BehavioralSpaceDesc desc;
        desc.name = "synthetic";
        for (const char* g : {"walk", "jog", "run"}) desc.spaces.push_back(m_descs.at(g));
        auto built = buildBehavioralSpace(desc);
        QVERIFY2(built.isOk(), built.message().c_str());
        const BakedBehavioralSpace& bs = *built;
        QCOMPARE(bs.spaces.size(), size_t(3));
        // 10 s: a walk veering left, then a jog, then a run turning right.
        const float blends[] = {0.7f, 0.5f, 0.3f};
        const float walk[] = {1, 0, 0}, jog[] = {0, 1, 0}, run[] = {0, 0, 1};
        CharacterState state;
        initCharacter(bs, state, GroundFrame{}, walk, blends);
        auto clip =
            recordLocomotion(bs, state, LocomotionSettings{}, 300, [&](int f, CharacterState& s) {
                if (f == 100) setStyleTarget(s, jog);
                if (f == 200) setStyleTarget(s, run);
            });
        QVERIFY2(clip.isOk(), clip.message().c_str());
        const auto pos = clipJointPositions(*clip);
        const float skate =
            footSkate(pos, clip->jointCount(), bs.leftToe, bs.rightToe, bs.floorHeight, clip->fps);
        const RootMotionStats stats = rootMotionStats(*clip);
        QVERIFY2(skate < 2.0f, qPrintable(QString::number(skate)));
        QVERIFY(stats.speed > 1.35f && stats.speed < 3.8f);
    }

    void badSettings_data() {
        QTest::addColumn<QString>("field");
        QTest::addColumn<float>("value");
        QTest::newRow("speed") << "speed" << 0.0f;
        QTest::newRow("speed nan") << "speed" << std::nanf("");
        QTest::newRow("cadence") << "cadence" << 300.0f;
        QTest::newRow("stanceFraction") << "stanceFraction" << 0.9f;
        QTest::newRow("bob") << "bob" << -0.01f;
        QTest::newRow("curvature") << "curvature" << 2.0f;
        QTest::newRow("cycles") << "cycles" << 0.0f;
        QTest::newRow("stepWidth") << "stepWidth" << 1.0f;
        QTest::newRow("footClearance") << "footClearance" << 0.0f;
        QTest::newRow("heelRiseDeg") << "heelRiseDeg" << 80.0f;
        QTest::newRow("fps") << "fps" << 0.0f;
        QTest::newRow("stride out of reach") << "stance" << 8.0f;
    }
    void badSettings() {
        QFETCH(QString, field);
        QFETCH(float, value);
        SyntheticGaitSettings s;
        if (field == "speed") s.speed = value;
        if (field == "cadence") s.cadence = value;
        if (field == "stanceFraction") s.stanceFraction = value;
        if (field == "bob") s.bob = value;
        if (field == "curvature") s.curvature = value;
        if (field == "cycles") s.cycles = static_cast<int>(value);
        if (field == "stepWidth") s.stepWidth = value;
        if (field == "footClearance") s.footClearance = value;
        if (field == "heelRiseDeg") s.heelRiseDeg = value;
        if (field == "fps") s.fps = value;
        if (field == "stance") s.speed = value, s.cadence = 60.0f, s.stanceFraction = 0.8f;
        auto clip = generateSyntheticGait(s);
        QVERIFY(!clip.isOk());
        const QString message = QString::fromStdString(clip.message());
        QVERIFY2(message.startsWith("synthetic gait: "), qPrintable(message));
        QVERIFY2(message.contains(field), qPrintable(message));
        QCOMPARE(message.count('\n'), 0);
        if (field != "stance") QVERIFY(!s.validate().isOk());
    }
};

QTEST_GUILESS_MAIN(TestSyntheticGait)
#include "tst_synthetic_gait.moc"

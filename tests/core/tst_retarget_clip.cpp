// Playing a clip through a retarget (core/character/retarget_clip.cpp) on the synthetic walk
// turning left (no data needed), onto its own skeleton and onto one 1.2 times as large (each
// standing on the floor at rest, as imported characters do): the whole clip in one pass is the
// pose frame by frame; a fractional frame lies between its neighbours; onto its own skeleton the
// joints go where the source's do; on the larger body the hips stand 1.2 times as high; a planted
// foot stays where it came down while the body turns above it; the clip's floor is its lowest
// joint.

#include <QTest>

#include <algorithm>
#include <cmath>
#include <vector>

#include <glm/geometric.hpp>

#include "core/character/retarget.h"
#include "core/clip/clip_kinematics.h"
#include "core/clip/foot_contacts.h"
#include <gaitspace/runtime/kinematics.h>
#include "core/synthetic/synthetic_gait.h"

using namespace gs;

namespace {

Clip turningWalk() {
    SyntheticGaitSettings s = SyntheticGaitSettings::preset(SyntheticGait::Walk);
    s.curvature = 0.45f;
    s.cycles = 2;
    auto clip = generateSyntheticGait(s);
    if (!clip) qFatal("synthetic walk: %s", clip.message().c_str());
    return std::move(*clip);
}

// The walk's skeleton `k` times as large, standing on y = 0 at rest as an imported character does
// (its root raised by the height of its lowest joint).
Skeleton standing(Skeleton s, float k) {
    for (glm::vec3& o : s.restOffsets) o *= k;
    for (glm::vec3& t : s.tipOffsets) t *= k;
    float lowest = 1e9f;
    for (const glm::vec3& p : restJointPositions(s)) lowest = std::min(lowest, p.y);
    s.restOffsets[0].y -= lowest;
    return s;
}

Retarget retargetOnto(const Clip& clip, const Skeleton& target) {
    auto r = buildRetarget(clip.skeleton, clipFloorHeight(clip), target,
                           chooseJointMap(clip.skeleton, target));
    if (!r) qFatal("retarget: %s", r.message().c_str());
    return std::move(*r);
}

}  // namespace

class TestRetargetClip : public QObject {
    Q_OBJECT
private slots:
    void floorIsTheLowestJoint() {
        const Clip clip = turningWalk();
        float lowest = 1e9f;
        for (const glm::vec3& p : clipJointPositions(clip)) lowest = std::min(lowest, p.y);
        QCOMPARE(clipFloorHeight(clip), lowest);
        Clip raised = clip;
        for (glm::vec3& r : raised.rootPositions) r.y += 0.5f;
        QVERIFY(std::abs(clipFloorHeight(raised) - (lowest + 0.5f)) < 1e-5f);
    }

    void wholeClipIsFrameByFrame() {
        const Clip clip = turningWalk();
        const Retarget r = retargetOnto(clip, standing(clip.skeleton, 1.2f));
        const int joints = r.target.jointCount();
        const std::vector<Transform> all = retargetClip(r, clip);
        QCOMPARE(all.size(), static_cast<size_t>(clip.frameCount() * joints));
        std::vector<Transform> one(static_cast<size_t>(joints));
        for (int f = 0; f < clip.frameCount(); f += 7) {
            retargetFrame(r, clip, static_cast<float>(f), one);
            for (int j = 0; j < joints; ++j) {
                const Transform& a = all[static_cast<size_t>(f) * joints + j];
                QVERIFY(glm::distance(a.translation, one[j].translation) < 1e-5f);
                QVERIFY(std::abs(glm::dot(a.rotation, one[j].rotation)) > 0.99999f);
            }
        }
        // Half way between frames 10 and 11: the hips between theirs.
        retargetFrame(r, clip, 10.5f, one);
        const glm::vec3 a = all[static_cast<size_t>(10) * joints + r.targetHips].translation;
        const glm::vec3 b = all[static_cast<size_t>(11) * joints + r.targetHips].translation;
        const glm::vec3 h = one[r.targetHips].translation;
        QVERIFY(glm::distance(h, 0.5f * (a + b)) < 0.01f);
    }

    void ontoItsOwnSkeletonJointsFollow() {
        const Clip clip = turningWalk();
        const Retarget r = retargetOnto(clip, standing(clip.skeleton, 1.0f));
        QCOMPARE(r.mappedCount, clip.jointCount());
        QVERIFY(std::abs(r.rootScale - 1.0f) < 1e-4f);
        const std::vector<Transform> all = retargetClip(r, clip);
        const std::vector<glm::vec3> source = clipJointPositions(clip);
        float worst = 0.0f;
        for (size_t i = 0; i < all.size(); ++i)
            worst = std::max(worst, glm::distance(all[i].translation, source[i]));
        QVERIFY2(worst < 0.02f, QByteArray::number(worst));
    }

    void largerBodyStandsHigher() {
        const Clip clip = turningWalk();
        const Retarget r = retargetOnto(clip, standing(clip.skeleton, 1.2f));
        QVERIFY(std::abs(r.rootScale - 1.2f) < 1e-3f);
        const std::vector<Transform> all = retargetClip(r, clip);
        const int joints = r.target.jointCount();
        const float floor = clipFloorHeight(clip);
        for (int f = 0; f < clip.frameCount(); f += 5) {
            const float source = clip.rootPositions[f].y - floor;
            const float target = all[static_cast<size_t>(f) * joints + r.targetHips].translation.y;
            QVERIFY2(std::abs(target - 1.2f * source) < 0.03f,
                     qPrintable(QString("%1: %2 vs %3").arg(f).arg(target).arg(1.2f * source)));
        }
    }

    void plantedFootStaysWhileTheBodyTurns() {
        const Clip clip = turningWalk();
        const Retarget r = retargetOnto(clip, standing(clip.skeleton, 1.2f));
        QVERIFY(r.usesFootIk());
        const std::vector<Transform> all = retargetClip(r, clip);
        const int joints = r.target.jointCount();
        FootContactJob contacts;
        contacts.clip = &clip;
        QVERIFY(contacts.run());
        const FootContacts& c = contacts.output;
        // Over each stretch the source's left ankle is down, the target's left foot moves less
        // than 2 cm on the ground.
        const int foot = r.footIk[0].foot;
        int stances = 0;
        for (int f = 1; f < clip.frameCount(); ++f) {
            if (!(c.leftAnkle[f] && c.leftAnkle[f - 1])) continue;
            const glm::vec3 a = all[static_cast<size_t>(f - 1) * joints + foot].translation;
            const glm::vec3 b = all[static_cast<size_t>(f) * joints + foot].translation;
            QVERIFY2(glm::distance(glm::vec2(a.x, a.z), glm::vec2(b.x, b.z)) < 0.02f,
                     QByteArray::number(f));
            ++stances;
        }
        QVERIFY(stances > 10);
    }
};

QTEST_APPLESS_MAIN(TestRetargetClip)
#include "tst_retarget_clip.moc"

// The quality figures of generated motion (core/evaluation/quality.h) on joint paths made here,
// at values worked out by hand: foot skate by height and speed, the stance skate leaving fast
// toes out; root acceleration along and across the travel (a steady speed-up, a circle); knee
// flexion and its per-frame step; the largest joint step relative to the root; the mean and the
// nearest-rank percentile; figures pooled over clips weighted by their frames.

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "core/evaluation/quality.h"

using namespace gs;

namespace {

bool near(float a, float b, float tolerance = 1e-3f) { return std::abs(a - b) <= tolerance; }

// Two joints (a root and one toe, both feet read from it), `frames` frames at 30 fps: the toe
// `height` metres above the floor sliding along x at `speed` m/s.
std::vector<glm::vec3> slidingToe(int frames, float height, float speed) {
    std::vector<glm::vec3> p;
    for (int f = 0; f < frames; ++f) {
        const float x = speed * static_cast<float>(f) / 30.0f;
        p.push_back({x, 1.0f, 0.0f});
        p.push_back({x, height, 0.0f});
    }
    return p;
}

// Seven joints: root, then hip, knee, ankle of each leg. The left knee bends by `left(f)`
// degrees, the right by `right(f)`, in the sagittal plane.
template <class Left, class Right>
std::vector<glm::vec3> legs(int frames, Left left, Right right) {
    std::vector<glm::vec3> p;
    for (int f = 0; f < frames; ++f) {
        p.push_back({0.0f, 1.0f, 0.0f});
        for (float bend : {left(f), right(f)}) {
            const float a = bend * std::numbers::pi_v<float> / 180.0f;
            p.push_back({0.0f, 1.0f, 0.0f});
            p.push_back({0.0f, 0.5f, 0.0f});
            p.push_back({0.0f, 0.5f - 0.5f * std::cos(a), -0.5f * std::sin(a)});
        }
    }
    return p;
}

LegRig sevenJointLegs() {
    LegRig rig;
    rig.legs[0].hip = 1, rig.legs[0].knee = 2, rig.legs[0].ankle = 3, rig.legs[0].toe = 3;
    rig.legs[1].hip = 4, rig.legs[1].knee = 5, rig.legs[1].ankle = 6, rig.legs[1].toe = 6;
    return rig;
}

}  // namespace

class TestQuality : public QObject {
    Q_OBJECT
private slots:
    void footSkateWeighsHeight() {
        // On the floor at 0.5 m/s: 50 cm/s at full weight.
        auto p = slidingToe(10, 0.0f, 0.5f);
        QVERIFY(near(footSkate(p, 2, 1, 1, 0.0f, 30.0f), 50.0f));
        // Half the contact height up: weight 2 - sqrt(2).
        p = slidingToe(10, 0.0125f, 0.5f);
        QVERIFY(near(footSkate(p, 2, 1, 1, 0.0f, 30.0f), 50.0f * (2.0f - std::sqrt(2.0f))));
        // The floor is where the source clips put it.
        QVERIFY(near(footSkate(p, 2, 1, 1, 0.0125f, 30.0f), 50.0f));
        // At and above the contact height: none.
        p = slidingToe(10, 0.025f, 0.5f);
        QCOMPARE(footSkate(p, 2, 1, 1, 0.0f, 30.0f), 0.0f);
        // A wider contact height counts it again.
        FootSkateSettings wide;
        wide.contactHeight = 0.05f;
        QVERIFY(near(footSkate(p, 2, 1, 1, 0.0f, 30.0f, wide), 50.0f * (2.0f - std::sqrt(2.0f))));
        // Standing still: none; too few frames or no toes: none.
        QCOMPARE(footSkate(slidingToe(10, 0.0f, 0.0f), 2, 1, 1, 0.0f, 30.0f), 0.0f);
        QCOMPARE(footSkate(slidingToe(2, 0.0f, 0.5f), 2, 1, 1, 0.0f, 30.0f), 0.0f);
        QCOMPARE(footSkate(slidingToe(10, 0.0f, 0.5f), 2, -1, 1, 0.0f, 30.0f), 0.0f);
    }

    void stanceSkateLeavesFastToesOut() {
        const auto slow = slidingToe(10, 0.0f, 0.5f), fast = slidingToe(10, 0.0f, 1.5f);
        QVERIFY(near(stanceSkate(slow, 2, 1, 1, 0.0f, 30.0f), 50.0f));
        QVERIFY(near(footSkate(fast, 2, 1, 1, 0.0f, 30.0f), 150.0f, 1e-2f));
        QCOMPARE(stanceSkate(fast, 2, 1, 1, 0.0f, 30.0f), 0.0f);
    }

    void rootAccelerationAlongAndAcross() {
        // Steady speed: none.
        std::vector<glm::vec3> roots;
        for (int f = 0; f < 60; ++f) roots.push_back({0.0f, 1.0f, 1.2f * f / 30.0f});
        RootAcceleration a = rootAccelerationP95(roots, 30.0f);
        QVERIFY(near(a.lateral, 0.0f));
        QVERIFY(near(a.longitudinal, 0.0f));
        // Speeding up along x at 2 m/s^2: all of it along the travel.
        roots.clear();
        for (int f = 0; f < 60; ++f) {
            const float t = f / 30.0f;
            roots.push_back({t * t, 1.0f, 0.0f});
        }
        a = rootAccelerationP95(roots, 30.0f);
        QVERIFY2(near(a.longitudinal, 2.0f, 1e-2f), QByteArray::number(a.longitudinal));
        QVERIFY(near(a.lateral, 0.0f, 1e-2f));
        // A circle of radius 2 m at 1.5 m/s: v^2 / r across the travel.
        roots.clear();
        for (int f = 0; f < 90; ++f) {
            const float angle = 0.75f * f / 30.0f;
            roots.push_back({2.0f * std::cos(angle), 1.0f, 2.0f * std::sin(angle)});
        }
        a = rootAccelerationP95(roots, 30.0f);
        QVERIFY2(near(a.lateral, 1.125f, 1e-2f), QByteArray::number(a.lateral));
        // Along the travel none, away from the ends (where the +-0.25 s window is cut short and
        // the travel's direction leans off the tangent).
        {
            std::vector<float> across, along;
            rootAccelerationSamples(roots, 30.0f, across, along);
            for (size_t k = 8; k + 8 < along.size(); ++k) {
                QVERIFY2(near(along[k], 0.0f, 1e-2f), QByteArray::number(along[k]));
                QVERIFY2(near(across[k], 1.125f, 1e-2f), QByteArray::number(across[k]));
            }
        }
        // The same from joint positions (joint 0 the root).
        std::vector<glm::vec3> positions;
        for (const glm::vec3& r : roots)
            positions.insert(positions.end(), {r, r + glm::vec3(0, 1, 0)});
        const RootAcceleration b = rootAccelerationP95(positions, 2, 30.0f);
        QCOMPARE(b.lateral, a.lateral);
        QCOMPARE(b.longitudinal, a.longitudinal);
        // One sample per inner frame.
        std::vector<float> lateral, longitudinal;
        rootAccelerationSamples(roots, 30.0f, lateral, longitudinal);
        QCOMPARE(lateral.size(), roots.size() - 2);
        QCOMPARE(longitudinal.size(), roots.size() - 2);
    }

    void kneeFigures() {
        const LegRig rig = sevenJointLegs();
        // Left straight, right at a right angle: a mean flexion of 45 degrees.
        auto p = legs(
            5, [](int) { return 0.0f; }, [](int) { return 90.0f; });
        QVERIFY(near(kneeFlexionMean(p, 7, rig), 45.0f, 1e-2f));
        std::vector<float> angles;
        kneeFlexionSamples(p, 7, rig, angles);
        QCOMPARE(angles.size(), size_t(10));
        QVERIFY(near(angles[0], 0.0f, 1e-2f));
        QVERIFY(near(angles[9], 90.0f, 1e-2f));
        QVERIFY(near(kneeStepP95(p, 7, rig), 0.0f, 1e-2f));
        // The left knee bends 2 degrees a frame, the right 1 and once 10: of the 2 x 19 steps
        // (18 of 1, 19 of 2, one of 10) the 95th percentile is rank 36, a 2: one pop is not it.
        p = legs(
            20, [](int f) { return 2.0f * f; },
            [](int f) { return f < 10 ? 1.0f * f : 19.0f + (f - 10); });
        std::vector<float> steps;
        kneeStepSamples(p, 7, rig, steps);
        QCOMPARE(steps.size(), size_t(38));
        QVERIFY(near(kneeStepP95(p, 7, rig), 2.0f, 1e-2f));
        QVERIFY(near(*std::max_element(steps.begin(), steps.end()), 10.0f, 1e-2f));
        // Without legs: no samples.
        steps.clear();
        kneeStepSamples(p, 7, LegRig{}, steps);
        QVERIFY(steps.empty());
        QCOMPARE(kneeFlexionMean(p, 7, LegRig{}), 0.0f);
    }

    void jointStepIsRelativeToTheRoot() {
        // Everything moves with the root: no step however fast the root goes.
        auto p = slidingToe(10, 0.0f, 3.0f);
        QCOMPARE(maxJointStep(p, 2), 0.0f);
        // The toe pops 0.3 m up and back once.
        p[2 * 5 + 1].y += 0.3f;
        QVERIFY(near(maxJointStep(p, 2), 0.3f, 1e-5f));
        QCOMPARE(maxJointStep(p, 0), 0.0f);
    }

    void meanAndPercentile() {
        QCOMPARE(mean(std::vector<float>{}), 0.0f);
        QCOMPARE(mean(std::vector<float>{1.0f, 2.0f, 6.0f}), 3.0f);
        std::vector<float> empty;
        QCOMPARE(percentile(empty, 0.5f), 0.0f);
        std::vector<float> v;
        for (int k = 20; k >= 1; --k) v.push_back(static_cast<float>(k));
        QCOMPARE(percentile(v, 0.95f), 20.0f);  // rank floor(0.95 x 20) = 19 of 0 ... 19
        QCOMPARE(percentile(v, 0.5f), 11.0f);
        QCOMPARE(percentile(v, 0.0f), 1.0f);
        QCOMPARE(percentile(v, 1.0f), 20.0f);
    }

    void pooledFiguresWeighByFrames() {
        // A clip standing on a sliding toe and one whose toe is lifted: the skate weighted by
        // frames (10 at 50 cm/s, 30 at none).
        Clip sliding, lifted;
        for (Clip* c : {&sliding, &lifted}) {
            c->fps = 30.0f;
            c->skeleton.names = {"Hips", "Toe"};
            c->skeleton.parents = {-1, 0};
            c->skeleton.restOffsets = {{0, 0, 0}, {0, -1, 0}};
            c->skeleton.restRotations.assign(2, glm::quat(1, 0, 0, 0));
            c->skeleton.tipOffsets.assign(2, glm::vec3(0.0f));
        }
        for (int f = 0; f < 10; ++f) {
            sliding.rootPositions.push_back({0.5f * f / 30.0f, 1.0f, 0.0f});
            sliding.rotations.insert(sliding.rotations.end(), 2, glm::quat(1, 0, 0, 0));
        }
        for (int f = 0; f < 30; ++f) {
            lifted.rootPositions.push_back({0.5f * f / 30.0f, 1.5f, 0.0f});
            lifted.rotations.insert(lifted.rotations.end(), 2, glm::quat(1, 0, 0, 0));
        }
        const std::vector<Clip> clips{sliding, lifted};
        const PooledFigures f = pooledFigures(clips, 1, 1, 0.0f, nullptr);
        QVERIFY2(near(f.footSkate, 50.0f * 10.0f / 40.0f, 1e-2f), QByteArray::number(f.footSkate));
        QVERIFY(near(f.stanceSkate, f.footSkate, 1e-4f));
        QVERIFY(near(f.rootAccel.longitudinal, 0.0f, 1e-2f));
        QCOMPARE(f.kneeStep, 0.0f);
        QCOMPARE(f.kneeFlexion, 0.0f);
    }
};

QTEST_APPLESS_MAIN(TestQuality)
#include "tst_quality.moc"

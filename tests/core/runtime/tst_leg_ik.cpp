// Leg detection (gaitspace/runtime/legs.h) and two-bone leg IK (gaitspace/runtime/leg_ik.h).

#include <QTest>

#include <cmath>

#include "common/test_data.h"
#include "core/clip/clip_kinematics.h"
#include <gaitspace/runtime/leg_ik.h>
#include <gaitspace/runtime/legs.h>

using namespace gs;

Q_DECLARE_METATYPE(glm::vec3)

namespace {

// A standing biped without meaningful names: pelvis, two legs (hip, knee, ankle, toe) and a
// spine with two arms, every joint named j<index>.
Skeleton anonymousBiped() {
    Skeleton s;
    auto add = [&](int parent, glm::vec3 offset) {
        s.names.push_back("j" + std::to_string(s.names.size()));
        s.parents.push_back(parent);
        s.restOffsets.push_back(offset);
        s.restRotations.push_back(glm::quat(1, 0, 0, 0));
        s.tipOffsets.push_back(glm::vec3(0.0f));
        return static_cast<int>(s.names.size()) - 1;
    };
    const int pelvis = add(-1, {0, 0.9f, 0});
    for (float side : {-1.0f, 1.0f}) {  // right (-X) first, so left is not simply the first found
        const int hip = add(pelvis, {0.1f * side, -0.05f, 0});
        const int knee = add(hip, {0, -0.42f, 0});
        const int ankle = add(knee, {0, -0.40f, 0});
        add(ankle, {0, -0.03f, 0.12f});
    }
    const int spine = add(pelvis, {0, 0.3f, 0});
    add(spine, {0, 0.25f, 0});  // head
    for (float side : {-1.0f, 1.0f}) {
        const int shoulder = add(spine, {0.2f * side, 0.15f, 0});
        const int elbow = add(shoulder, {0, -0.3f, 0});
        add(elbow, {0, -0.25f, 0});
    }
    return s;
}

float kneeFlexion(const glm::vec3& h, const glm::vec3& k, const glm::vec3& a) {
    return std::acos(
        std::clamp(glm::dot(glm::normalize(k - h), glm::normalize(a - k)), -1.0f, 1.0f));
}

// A leg bent 30 degrees at the knee, the knee pointing +Z.
struct BentLeg {
    glm::vec3 hip{0.0f, 1.0f, 0.0f};
    glm::vec3 knee, ankle;
    BentLeg() {
        const float a = glm::radians(15.0f);
        knee = hip + 0.45f * glm::vec3(0.0f, -std::cos(a), std::sin(a));
        ankle = knee + 0.42f * glm::vec3(0.0f, -std::cos(a), -std::sin(a));
    }
};

}  // namespace

class TestLegIk : public QObject {
    Q_OBJECT

private slots:
    void exactWhenReachable_data() {
        QTest::addColumn<glm::vec3>("offset");  // target = ankle + offset
        QTest::newRow("stay") << glm::vec3(0.0f);
        QTest::newRow("forward 5 cm") << glm::vec3(0.0f, 0.0f, 0.05f);
        QTest::newRow("back 8 cm") << glm::vec3(0.0f, 0.0f, -0.08f);
        QTest::newRow("aside 6 cm") << glm::vec3(0.06f, 0.0f, 0.0f);
        QTest::newRow("up 15 cm") << glm::vec3(0.0f, 0.15f, 0.03f);
    }
    void exactWhenReachable() {
        QFETCH(glm::vec3, offset);
        const BentLeg leg;
        const glm::vec3 target = leg.ankle + offset;
        const TwoBoneIkResult r =
            solveTwoBoneIk(leg.hip, leg.knee, leg.ankle, target, {0, 0, 1}, 0.45f, 0.42f);
        QVERIFY2(glm::distance(r.ankle, target) < 1e-4f,
                 qPrintable(QString::number(glm::distance(r.ankle, target))));
        // Bones keep their lengths, and the rotations reproduce the positions.
        QVERIFY(std::abs(glm::distance(leg.hip, r.knee) - 0.45f) < 1e-4f);
        QVERIFY(std::abs(glm::distance(r.knee, r.ankle) - 0.42f) < 1e-4f);
        QVERIFY(glm::distance(leg.hip + r.hipDelta * (leg.knee - leg.hip), r.knee) < 1e-4f);
        QVERIFY(glm::distance(r.knee + r.kneeDelta * (leg.ankle - leg.knee), r.ankle) < 1e-4f);
        // The knee turns about its hinge only: relative to the thigh it turns about the axis the
        // pose bends about.
        const glm::quat hinge = glm::inverse(r.hipDelta) * r.kneeDelta;
        const glm::vec3 axis = glm::normalize(glm::cross(leg.knee - leg.hip, leg.ankle - leg.knee));
        const glm::vec3 v(hinge.x, hinge.y, hinge.z);
        QVERIFY(glm::length(v - glm::dot(v, axis) * axis) < 1e-4f);
    }

    void poleFromThePose() {
        // Whatever the target, the knee stays on the side the pose points it to (+Z), and the
        // leg's plane stays within a few degrees of the plane through hip and target that holds
        // the pose's pole (the smallest rotation carries it).
        const BentLeg leg;
        for (glm::vec3 offset : {glm::vec3(0.1f, 0.1f, 0.0f), glm::vec3(-0.1f, 0.05f, -0.1f),
                                 glm::vec3(0.0f, 0.2f, 0.1f), glm::vec3(0.03f, 0.0f, 0.03f)}) {
            const glm::vec3 target = leg.ankle + offset;
            const TwoBoneIkResult r =
                solveTwoBoneIk(leg.hip, leg.knee, leg.ankle, target, {0, 0, 1}, 0.45f, 0.42f);
            const glm::vec3 u = glm::normalize(target - leg.hip);
            glm::vec3 pole(0.0f, 0.0f, 1.0f);
            pole = glm::normalize(pole - glm::dot(pole, u) * u);
            const glm::vec3 k = r.knee - leg.hip;
            const glm::vec3 kPerp = glm::normalize(k - glm::dot(k, u) * u);
            QVERIFY(glm::dot(kPerp, pole) > 0.0f);
            const float degrees = glm::degrees(std::acos(std::min(1.0f, glm::dot(kPerp, pole))));
            const float limit = glm::length(offset) <= 0.05f ? 1.0f : 6.0f;
            QVERIFY2(degrees < limit,
                     qPrintable(QString("knee %1 deg off the pose's plane").arg(degrees)));
        }
        // A straight leg bends toward the hint.
        const glm::vec3 hip(0, 1, 0), knee(0, 0.55f, 0), ankle(0, 0.13f, 0);
        const TwoBoneIkResult r = solveTwoBoneIk(hip, knee, ankle, ankle + glm::vec3(0, 0.1f, 0),
                                                 {0, 0, 1}, 0.45f, 0.42f);
        QVERIFY(r.knee.z > 0.05f);
        QVERIFY(glm::distance(r.ankle, ankle + glm::vec3(0, 0.1f, 0)) < 1e-4f);
    }

    void reachIsClampedAndSoftened() {
        // A target pulled straight away from the hip, 1 mm at a time up to twice the leg's length:
        // the reach grows monotonically, never beyond the limit, and the knee straightens without
        // a step larger than the ones before the soft zone.
        const BentLeg leg;
        const float length = 0.45f + 0.42f;
        const TwoBoneIkSettings settings;
        const glm::vec3 dir = glm::normalize(glm::vec3(0.0f, -1.0f, 0.3f));
        float lastReach = 0.0f, lastAngle = -1.0f, largestStep = 0.0f, stepBeforeSoft = 0.0f;
        for (float d = 0.6f; d <= 2.0f * length; d += 0.001f) {
            const TwoBoneIkResult r = solveTwoBoneIk(leg.hip, leg.knee, leg.ankle,
                                                     leg.hip + d * dir, {0, 0, 1}, 0.45f, 0.42f);
            const float reach = glm::distance(leg.hip, r.ankle);
            QVERIFY(reach <= length * settings.maxExtension + 1e-5f);
            QVERIFY(reach >= lastReach - 1e-5f);
            const float angle = kneeFlexion(leg.hip, r.knee, r.ankle);
            if (lastAngle >= 0.0f) {
                const float step = std::abs(angle - lastAngle);
                largestStep = std::max(largestStep, step);
                if (d < length * (1.0f - settings.softness) - 0.01f)
                    stepBeforeSoft = std::max(stepBeforeSoft, step);
            }
            if (d < length * (1.0f - settings.softness))
                QVERIFY(std::abs(reach - d) < 1e-4f);  // exact
            lastReach = reach;
            lastAngle = angle;
        }
        QVERIFY(lastReach > 0.999f * length);
        QVERIFY2(largestStep <= 1.5f * stepBeforeSoft,
                 qPrintable(QString("knee step %1 rad, %2 before the soft zone")
                                .arg(largestStep)
                                .arg(stepBeforeSoft)));
        // A leg already straighter than the soft zone's start is not bent by a target at its ankle.
        const glm::vec3 hip(0, 1, 0), knee(0, 0.55f, 0.005f), ankle(0, 0.131f, 0);
        const TwoBoneIkResult same =
            solveTwoBoneIk(hip, knee, ankle, ankle, {0, 0, 1}, glm::distance(hip, knee),
                           glm::distance(knee, ankle));
        QVERIFY(glm::distance(same.ankle, ankle) < 1e-5f);
    }

    void lanesMatchOneLegAtATime() {
        // The batched solve (the update's path) gives each lane exactly what the one-leg solve
        // gives, whatever else the other lanes hold: reachable, soft-zone, straight and
        // degenerate legs side by side, in every lane position. solveLegIk's local rotations
        // compose back to its world rotations.
        const BentLeg bent;
        struct Case {
            glm::vec3 hip, knee, ankle, target;
            float thigh, shin;
        };
        const Case cases[] = {
            {bent.hip, bent.knee, bent.ankle, bent.ankle + glm::vec3(0.02f, 0.01f, 0.05f), 0.45f,
             0.42f},
            {bent.hip, bent.knee, bent.ankle, bent.hip + glm::vec3(0.0f, -0.9f, 0.3f), 0.45f,
             0.42f},                                                                 // beyond reach
            {{0, 1, 0}, {0, 0.55f, 0}, {0, 0.13f, 0}, {0, 0.23f, 0}, 0.45f, 0.42f},  // straight
            {bent.hip, bent.knee, bent.ankle, bent.hip, 0.45f, 0.42f},  // target at the hip
            {bent.hip, bent.knee, bent.ankle, bent.ankle - glm::vec3(0.0f, 0.02f, 0.08f), 0.45f,
             0.42f},
        };
        const int n = static_cast<int>(std::size(cases));
        const glm::quat parent = glm::angleAxis(0.3f, glm::normalize(glm::vec3(0.2f, 1.0f, 0.1f)));
        const glm::quat hipRot = parent * glm::angleAxis(-0.2f, glm::vec3(1, 0, 0));
        const glm::quat kneeRot = hipRot * glm::angleAxis(0.5f, glm::vec3(1, 0, 0));
        const glm::quat ankleRot = kneeRot * glm::angleAxis(-0.3f, glm::vec3(1, 0, 0));
        auto same = [](const glm::quat& a, const glm::quat& b) {
            return a.w == b.w && a.x == b.x && a.y == b.y && a.z == b.z;
        };
        // Full batches, and batches of fewer legs (the update's last one).
        for (int count = kIkLanes; count >= 1; count -= 3) {
            for (int first = 0; first < n; ++first) {
                LegIkInput inputs[kIkLanes];
                for (int i = 0; i < count; ++i) {
                    const Case& c = cases[(first + i) % n];
                    inputs[i] = {c.hip,  c.knee, c.ankle, c.target, {0, 0, 1}, c.thigh,
                                 c.shin, parent, hipRot,  kneeRot,  ankleRot};
                }
                LegIkResult legs[kIkLanes];
                solveLegIk(inputs, count, legs);
                for (int i = 0; i < count; ++i) {
                    const Case& c = cases[(first + i) % n];
                    const TwoBoneIkResult one = solveTwoBoneIk(c.hip, c.knee, c.ankle, c.target,
                                                               {0, 0, 1}, c.thigh, c.shin);
                    QVERIFY(legs[i].knee == one.knee && legs[i].ankle == one.ankle);
                    QVERIFY(same(legs[i].hipWorld, one.hipDelta * hipRot) &&
                            same(legs[i].kneeWorld, one.kneeDelta * kneeRot));
                    QVERIFY(std::abs(glm::dot(parent * legs[i].hipLocal, legs[i].hipWorld)) >
                            1.0f - 1e-6f);
                    QVERIFY(std::abs(glm::dot(legs[i].hipWorld * legs[i].kneeLocal,
                                              legs[i].kneeWorld)) > 1.0f - 1e-6f);
                    QVERIFY(std::abs(glm::dot(legs[i].kneeWorld * legs[i].ankleLocal, ankleRot)) >
                            1.0f - 1e-6f);
                }
            }
        }
    }

    void findsLegsByName() {
        GS_REQUIRE_DATA();
        const Clip clip = test::loadClip(test::cmuClip("16_15"));
        const auto legs = findLegs(clip.skeleton);
        QVERIFY2(legs.isOk(), legs.message().c_str());
        const Skeleton& s = clip.skeleton;
        const char* names[2][4] = {{"lfemur", "ltibia", "lfoot", "ltoes"},
                                   {"rfemur", "rtibia", "rfoot", "rtoes"}};
        for (int k = 0; k < 2; ++k) {
            const Leg& leg = legs->legs[k];
            QCOMPARE(QString::fromStdString(s.names[leg.hip]), QString(names[k][0]));
            QCOMPARE(QString::fromStdString(s.names[leg.knee]), QString(names[k][1]));
            QCOMPARE(QString::fromStdString(s.names[leg.ankle]), QString(names[k][2]));
            QCOMPARE(QString::fromStdString(s.names[leg.toe]), QString(names[k][3]));
            QVERIFY(std::abs(leg.thigh - 0.42f) < 0.03f && std::abs(leg.shin - 0.40f) < 0.03f);
            for (int j = leg.hip; j < leg.subtreeEnd; ++j) {
                int a = j;
                while (a > leg.hip) a = s.parents[a];
                QCOMPARE(a, leg.hip);
            }
        }
    }

    void findsLegsByStructure() {
        const Skeleton s = anonymousBiped();
        const auto legs = findLegs(s);
        QVERIFY2(legs.isOk(), legs.message().c_str());
        const auto rest = restJointPositions(s);
        const Leg& left = legs->legs[0];
        const Leg& right = legs->legs[1];
        QVERIFY(rest[left.ankle].x > 0.0f && rest[right.ankle].x < 0.0f);  // +X is the left
        for (const Leg& leg : {left, right}) {
            QCOMPARE(s.parents[leg.knee], leg.hip);
            QCOMPARE(s.parents[leg.ankle], leg.knee);
            QCOMPARE(s.parents[leg.toe], leg.ankle);
            QCOMPARE(s.parents[leg.hip], 0);
        }
    }

    void noLegs() {
        // A torso with arms held out (nothing drops to the floor), and feet hanging straight off
        // the root: no legs.
        Skeleton arms;
        arms.names = {"a", "b", "c", "d", "e", "f", "g", "h"};
        arms.parents = {-1, 0, 1, 1, 3, 4, 1, 6};
        arms.restOffsets = {{0, 1, 0},    {0, 0.4f, 0},  {0, 0.25f, 0}, {0.2f, 0, 0},
                            {0.3f, 0, 0}, {0.25f, 0, 0}, {-0.2f, 0, 0}, {-0.3f, 0, 0}};
        arms.restRotations.assign(8, glm::quat(1, 0, 0, 0));
        arms.tipOffsets.assign(8, glm::vec3(0.0f));
        QVERIFY(!findLegs(arms).isOk());
        Skeleton stumps;
        stumps.names = {"pelvis", "lfoot", "ltoes", "rfoot", "rtoes"};
        stumps.parents = {-1, 0, 1, 0, 3};
        stumps.restOffsets = {
            {0, 0.9f, 0}, {0.1f, -0.8f, 0}, {0, 0, 0.1f}, {-0.1f, -0.8f, 0}, {0, 0, 0.1f}};
        stumps.restRotations.assign(5, glm::quat(1, 0, 0, 0));
        stumps.tipOffsets.assign(5, glm::vec3(0.0f));
        const auto none = findLegs(stumps);
        QVERIFY(!none.isOk());
        QVERIFY(QString::fromStdString(none.message()).contains("no two-bone legs"));
    }
};

QTEST_APPLESS_MAIN(TestLegIk)
#include "tst_leg_ik.moc"

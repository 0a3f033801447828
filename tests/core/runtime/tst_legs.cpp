// The legs of a skeleton (gaitspace/runtime/legs.h) on the synthetic skeleton (CMU names) and the
// same bones under Mixamo and Rigify names and under no usable names at all: the feet found, the
// hip-knee-ankle chains and their lengths, the toe hints, and the skeletons without legs.

#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>

#include <gaitspace/runtime/legs.h>
#include "core/synthetic/synthetic_gait.h"

#include "skeleton_chain.h"

using namespace gs;

namespace {

// The synthetic skeleton with its first nine joints renamed (pelvis, then the left and right
// femur, tibia, foot and toes).
Skeleton renamed(const std::vector<std::string>& names) {
    Skeleton s = syntheticSkeleton();
    for (size_t j = 0; j < names.size(); ++j) s.names[j] = names[j];
    return s;
}

void checkCmuLegs(const LegRig& rig) {
    QVERIFY(rig.isValid());
    const Leg &left = rig.legs[0], &right = rig.legs[1];
    QCOMPARE(left.hip, 1);
    QCOMPARE(left.knee, 2);
    QCOMPARE(left.ankle, 3);
    QCOMPARE(left.toe, 4);
    QCOMPARE(right.hip, 5);
    QCOMPARE(right.ankle, 7);
    QCOMPARE(right.toe, 8);
    QCOMPARE(left.subtreeEnd, 5);  // the left leg's joints are 1-4
    QCOMPARE(left.ankleEnd, 5);
    // The CMU subject-16 bones: 42.03 cm thigh, 39.93 cm shin, 11.78 cm foot.
    QVERIFY(std::abs(left.thigh - 0.420304f) < 1e-5f);
    QVERIFY(std::abs(left.shin - 0.399302f) < 1e-5f);
    QVERIFY(std::abs(left.foot - 0.117758f) < 1e-5f);
    QCOMPARE(right.thigh, left.thigh);
}

}  // namespace

class TestLegs : public QObject {
    Q_OBJECT
private slots:
    void cmuNames() {
        const Skeleton s = syntheticSkeleton();
        const FootJoints feet = findFootJoints(s);
        QVERIFY(feet.isComplete());
        QCOMPARE(feet.leftAnkle, 3);
        QCOMPARE(feet.leftToe, 4);
        QCOMPARE(feet.rightAnkle, 7);
        QCOMPARE(feet.rightToe, 8);
        const auto rig = findLegs(s);
        QVERIFY2(rig, rig.message().c_str());
        checkCmuLegs(*rig);
    }

    void otherConventions() {
        for (const auto& names :
             {std::vector<std::string>{"mixamorig:Hips", "mixamorig:LeftUpLeg", "mixamorig:LeftLeg",
                                       "mixamorig:LeftFoot", "mixamorig:LeftToeBase",
                                       "mixamorig:RightUpLeg", "mixamorig:RightLeg",
                                       "mixamorig:RightFoot", "mixamorig:RightToeBase"},
              std::vector<std::string>{"hips", "thigh.L", "shin.L", "foot.L", "toe.L", "thigh.R",
                                       "shin.R", "foot.R", "toe.R"}}) {
            const Skeleton s = renamed(names);
            const FootJoints feet = findFootJoints(s);
            QVERIFY2(feet.leftAnkle == 3 && feet.leftToe == 4 && feet.rightAnkle == 7 &&
                         feet.rightToe == 8,
                     names[3].c_str());
            const auto rig = findLegs(s);
            QVERIFY2(rig, rig.message().c_str());
            checkCmuLegs(*rig);
        }
        // No toe by name: the ankle's only child stands in.
        const Skeleton noToes = renamed({"Hips", "LeftUpLeg", "LeftLeg", "LeftFoot", "LeftEnd",
                                         "RightUpLeg", "RightLeg", "RightFoot", "RightEnd"});
        const FootJoints feet = findFootJoints(noToes);
        QCOMPARE(feet.leftToe, 4);
        QCOMPARE(feet.rightToe, 8);
    }

    void byStructure() {
        // Names that say nothing: the legs are the two lowest two-bone chains of the rest pose.
        const Skeleton s = renamed({"a", "b", "c", "d", "e", "f", "g", "h", "i"});
        QVERIFY(!findFootJoints(s).isComplete());
        const auto rig = findLegs(s);
        QVERIFY2(rig, rig.message().c_str());
        std::vector<int> ankles{rig->legs[0].ankle, rig->legs[1].ankle};
        std::sort(ankles.begin(), ankles.end());
        QVERIFY(ankles == std::vector<int>({3, 7}));
    }

    void toeHints() {
        const Skeleton s = syntheticSkeleton();
        const auto rig = findLegs(s, 3, -1);  // the left foot measured on its ankle
        QVERIFY(rig);
        QCOMPARE(rig->legs[0].toe, 3);
        QCOMPARE(rig->legs[1].toe, 8);
        // A joint that is not below the left ankle cannot be its toe: the ankle itself rolls.
        const auto outside = findLegs(s, 8, -1);
        QVERIFY(outside);
        QCOMPARE(outside->legs[0].toe, 3);
        QCOMPARE(outside->legs[1].toe, 8);
    }

    void noLegs() {
        Skeleton two = test::chainSkeleton();
        for (auto* v : {&two.names}) v->resize(2);
        two.parents.resize(2), two.restOffsets.resize(2), two.restRotations.resize(2);
        two.tipOffsets.resize(2);
        QCOMPARE(findLegs(two).message(),
                 std::string("no two-bone legs: the skeleton has fewer than 3 joints"));
        // One leg only (the chain skeleton's spine and left leg).
        const auto one = findLegs(test::chainSkeleton());
        QVERIFY(!one);
        QVERIFY2(one.message().find("no two-bone legs found") == 0, one.message().c_str());
        QVERIFY(!LegRig{}.isValid());
    }
};

QTEST_APPLESS_MAIN(TestLegs)
#include "tst_legs.moc"

// The skeleton's arrays: joint look-up, child counts, the hierarchy test, scaling, and validate()
// naming each way a skeleton can be malformed.

#include <QTest>

#include <cmath>
#include <limits>
#include <string>

#include <gaitspace/runtime/limits.h>
#include <gaitspace/runtime/skeleton.h>

#include "skeleton_chain.h"

using namespace gs;

namespace {

std::string problem(const Skeleton& s) {
    const Status status = s.validate();
    return status ? std::string("(valid)") : status.message();
}

}  // namespace

class TestSkeleton : public QObject {
    Q_OBJECT
private slots:
    void lookUps() {
        const Skeleton s = test::chainSkeleton();
        QCOMPARE(s.jointCount(), 5);
        QVERIFY(!s.isEmpty());
        QVERIFY(Skeleton{}.isEmpty());
        QCOMPARE(s.jointIndex("Hips"), 0);
        QCOMPARE(s.jointIndex("LeftLeg"), 4);
        QCOMPARE(s.jointIndex("leftleg"), -1);  // case-sensitive
        QCOMPARE(s.jointIndex(""), -1);
        QVERIFY(s.childCounts() == std::vector<int>({2, 1, 0, 1, 0}));
    }

    void hierarchyAndScale() {
        const Skeleton a = test::chainSkeleton();
        Skeleton b = a;
        b.scale(0.01f);  // centimetres to metres
        QVERIFY(a.sameHierarchy(b));
        QVERIFY(b.restOffsets[4] == glm::vec3(0, -0.01f, 0));
        QVERIFY(std::abs(b.tipOffsets[2].y - 0.002f) < 1e-9f);
        QVERIFY(b.restRotations == a.restRotations);
        Skeleton renamed = a;
        renamed.names[2] = "Neck";
        QVERIFY(!a.sameHierarchy(renamed));
        Skeleton reparented = a;
        reparented.parents[4] = 0;
        QVERIFY(!a.sameHierarchy(reparented));
    }

    void validates() {
        QCOMPARE(problem(test::chainSkeleton()), std::string("(valid)"));
        QCOMPARE(problem(Skeleton{}), std::string("skeleton has no joints"));

        Skeleton shortArrays = test::chainSkeleton();
        shortArrays.tipOffsets.pop_back();
        QCOMPARE(problem(shortArrays), std::string("skeleton arrays have different lengths"));

        Skeleton rootWithParent = test::chainSkeleton();
        rootWithParent.parents[0] = 1;
        QCOMPARE(problem(rootWithParent), std::string("joint 0 is not the root"));

        Skeleton childFirst = test::chainSkeleton();
        childFirst.parents[3] = 4;
        QCOMPARE(problem(childFirst), std::string("joint 'LeftUpLeg' is not in depth-first order"));
        Skeleton orphan = test::chainSkeleton();
        orphan.parents[2] = -1;
        QCOMPARE(problem(orphan), std::string("joint 'Head' is not in depth-first order"));

        Skeleton nan = test::chainSkeleton();
        nan.restRotations[1].x = std::numeric_limits<float>::quiet_NaN();
        QCOMPARE(problem(nan), std::string("joint 'Spine' has a non-finite rest transform"));

        Skeleton longBone = test::chainSkeleton();
        longBone.tipOffsets[2].y = 2.0f * limits::kMaxBoneLengthM;
        QCOMPARE(
            problem(longBone),
            std::string("joint 'Head' has a rest or tip offset longer than the limit of 100 m"));

        Skeleton many;
        for (int j = 0; j <= limits::kMaxJoints; ++j) {
            many.names.push_back("j" + std::to_string(j));
            many.parents.push_back(j - 1);
            many.restOffsets.emplace_back(0.0f);
            many.restRotations.emplace_back(1.0f, 0.0f, 0.0f, 0.0f);
            many.tipOffsets.emplace_back(0.0f);
        }
        QCOMPARE(problem(many), std::string("skeleton has 257 joints, above the limit of 256"));
        many.names.pop_back(), many.parents.pop_back(), many.restOffsets.pop_back();
        many.restRotations.pop_back(), many.tipOffsets.pop_back();
        QCOMPARE(problem(many), std::string("(valid)"));
    }
};

QTEST_APPLESS_MAIN(TestSkeleton)
#include "tst_skeleton.moc"

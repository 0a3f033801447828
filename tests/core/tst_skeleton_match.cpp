// Skeletons matched by name (core/clip/skeleton_match.h) on skeletons made here: the same joints
// listed in another order are one skeleton and a clip is conformed to either order without moving
// a joint; a missing, extra, repeated or re-parented joint is named.

#include <QTest>

#include <cmath>
#include <string>

#include "core/clip/clip.h"
#include "core/clip/clip_kinematics.h"
#include "core/clip/skeleton_match.h"

using namespace gs;

namespace {

struct Joint {
    const char* name;
    int parent;
    glm::vec3 offset;
};

Skeleton skeletonOf(std::initializer_list<Joint> joints) {
    Skeleton s;
    for (const Joint& j : joints) {
        s.names.push_back(j.name);
        s.parents.push_back(j.parent);
        s.restOffsets.push_back(j.offset);
        s.restRotations.emplace_back(1.0f, 0.0f, 0.0f, 0.0f);
        s.tipOffsets.emplace_back(0.0f);
    }
    return s;
}

// Hips with a spine and a leg: the spine listed first.
Skeleton spineFirst() {
    return skeletonOf({{"Hips", -1, {0, 1, 0}},
                       {"Spine", 0, {0, 0.2f, 0}},
                       {"Head", 1, {0, 0.5f, 0}},
                       {"LeftUpLeg", 0, {0.1f, 0, 0}},
                       {"LeftLeg", 3, {0, -0.45f, 0}}});
}

// The same joints, the leg listed first (as GAMES-105's right turn lists them).
Skeleton legFirst() {
    return skeletonOf({{"Hips", -1, {0, 1, 0}},
                       {"LeftUpLeg", 0, {0.1f, 0, 0}},
                       {"LeftLeg", 1, {0, -0.45f, 0}},
                       {"Spine", 0, {0, 0.2f, 0}},
                       {"Head", 3, {0, 0.5f, 0}}});
}

// Three frames on `s`, each joint turned by an angle of its own (by name, so that the motion is
// the same whatever the order).
Clip clipOn(const Skeleton& s) {
    Clip c;
    c.skeleton = s;
    for (int f = 0; f < 3; ++f) {
        for (int j = 0; j < s.jointCount(); ++j) {
            const float angle = 0.1f * f + 0.05f * static_cast<float>(s.names[j].size());
            c.rotations.push_back(
                glm::angleAxis(angle, glm::normalize(glm::vec3(1, j == 0, 0.5f))));
        }
        c.rootPositions.push_back({0.0f, 1.0f, 0.1f * f});
    }
    return c;
}

// World position of a named joint at a frame.
glm::vec3 positionOf(const Clip& c, const std::vector<glm::vec3>& p, int frame, const char* name) {
    return p[static_cast<size_t>(frame) * c.jointCount() + c.skeleton.jointIndex(name)];
}

}  // namespace

class TestSkeletonMatch : public QObject {
    Q_OBJECT
private slots:
    void sameJointsInAnyOrder() {
        QVERIFY(sameJoints(spineFirst(), legFirst()));
        QVERIFY(sameJoints(legFirst(), spineFirst()));
        QCOMPARE(skeletonDifference(spineFirst(), spineFirst()), std::string());
    }

    void differencesAreNamed() {
        Skeleton missing = legFirst();
        missing.names[4] = "Neck";
        QCOMPARE(skeletonDifference(spineFirst(), missing), std::string("joint 'Head' is missing"));
        Skeleton moved = legFirst();
        moved.parents[4] = 0;  // the head on the hips
        QCOMPARE(skeletonDifference(spineFirst(), moved),
                 std::string("joint 'Head' is under 'Hips' instead of 'Spine'"));
        const Skeleton extra = skeletonOf({{"Hips", -1, {}},
                                           {"Spine", 0, {}},
                                           {"Head", 1, {}},
                                           {"LeftUpLeg", 0, {}},
                                           {"LeftLeg", 3, {}},
                                           {"LeftFoot", 4, {}}});
        QCOMPARE(skeletonDifference(spineFirst(), extra), std::string("joint 'LeftFoot' is extra"));
        const Skeleton twice = skeletonOf({{"Hips", -1, {}},
                                           {"Spine", 0, {}},
                                           {"Head", 1, {}},
                                           {"LeftUpLeg", 0, {}},
                                           {"LeftLeg", 3, {}},
                                           {"Spine", 0, {}}});
        QCOMPARE(skeletonDifference(spineFirst(), twice), std::string("joint names repeat"));
        const Skeleton rooted = skeletonOf({{"Spine", -1, {}},
                                            {"Hips", 0, {}},
                                            {"Head", 0, {}},
                                            {"LeftUpLeg", 1, {}},
                                            {"LeftLeg", 3, {}}});
        QCOMPARE(skeletonDifference(spineFirst(), rooted),
                 std::string("joint 'Hips' is under 'Spine' instead of the root"));
    }

    void conformsWithoutMovingAJoint() {
        const Clip a = clipOn(legFirst());
        const auto conformed = conformClip(a, spineFirst());
        QVERIFY2(conformed, conformed.message().c_str());
        QVERIFY(conformed->skeleton.names == spineFirst().names);
        QVERIFY(conformed->skeleton.parents == spineFirst().parents);
        QVERIFY2(conformed->skeleton.validate().isOk(),
                 conformed->skeleton.validate().message().c_str());
        const auto before = clipJointPositions(a);
        const auto after = clipJointPositions(*conformed);
        for (int f = 0; f < 3; ++f)
            for (const char* name : {"Hips", "Spine", "Head", "LeftUpLeg", "LeftLeg"})
                QVERIFY2(glm::distance(positionOf(a, before, f, name),
                                       positionOf(*conformed, after, f, name)) < 1e-6f,
                         name);
        // Already in that order: returned as it was.
        const auto same = conformClip(a, legFirst());
        QVERIFY(same);
        QVERIFY(same->rotations == a.rotations);
        QVERIFY(same->skeleton.names == a.skeleton.names);
        // Not the same joints: refused with the difference.
        Skeleton other = spineFirst();
        other.names[2] = "Neck";
        QCOMPARE(conformClip(a, other).message(), std::string("joint 'Neck' is missing"));
    }
};

QTEST_APPLESS_MAIN(TestSkeletonMatch)
#include "tst_skeleton_match.moc"

// The character's root of a file's hierarchy (core/io/raw_motion.h), on motions made here: a
// ground node above the pelvis and an IK target beside the legs. How far position keys move, which
// joint is the root and what is folded into it or left out, and the clip that results.

#include <QTest>

#include <algorithm>
#include <string>

#include "core/clip/clip.h"
#include "core/io/raw_motion.h"

using namespace gs;

namespace {

// Ground > Hips > two legs of three joints, and an IK target on the ground node; three frames.
// The hips move 0.1 m along +Z per frame when `hipsMove`, the ground node 0.2 m along +X per
// frame when `groundMoves`.
RawMotion motion(bool hipsMove, bool groundMoves) {
    RawMotion m;
    m.name = "made";
    m.fps = 30.0f;
    Skeleton& s = m.skeleton;
    s.names = {"Ground",     "Hips",     "LeftUpLeg", "LeftLeg", "LeftFoot",
               "RightUpLeg", "RightLeg", "RightFoot", "IKTarget"};
    s.parents = {-1, 0, 1, 2, 3, 1, 5, 6, 0};
    s.restOffsets = {{0, 0, 0},     {0, 1, 0},      {0.1f, 0, 0},   {0, -0.45f, 0}, {0, -0.45f, 0},
                     {-0.1f, 0, 0}, {0, -0.45f, 0}, {0, -0.45f, 0}, {0.3f, 0, 0}};
    s.restRotations.assign(9, glm::quat(1, 0, 0, 0));
    s.tipOffsets.assign(9, glm::vec3(0.0f));
    m.positionKeyed = {1, 1, 0, 0, 0, 0, 0, 0, 0};
    for (int f = 0; f < 3; ++f) {
        for (int j = 0; j < 9; ++j) {
            glm::vec3 t = s.restOffsets[j];
            if (j == 0 && groundMoves) t.x += 0.2f * f;
            if (j == 1 && hipsMove) t.z += 0.1f * f;
            m.translations.push_back(t);
            m.rotations.emplace_back(1.0f, 0.0f, 0.0f, 0.0f);
        }
    }
    return m;
}

}  // namespace

class TestRawMotion : public QObject {
    Q_OBJECT
private slots:
    void positionRangesOfKeyedJoints() {
        const RawMotion m = motion(true, false);
        QCOMPARE(m.frameCount(), 3);
        const std::vector<float> r = positionRanges(m);
        QCOMPARE(r.size(), size_t(9));
        QCOMPARE(r[0], 0.0f);
        QVERIFY(std::abs(r[1] - 0.2f) < 1e-6f);
        for (int j = 2; j < 9; ++j) QCOMPARE(r[j], 0.0f);
    }

    void rootWhereTheLegsBranch() {
        const RawMotion m = motion(true, false);
        const CharacterRoot root = findCharacterRoot(m.skeleton, positionRanges(m));
        QCOMPARE(root.joint, 1);
        QVERIFY(root.folded == std::vector<int>({0}));
        QVERIFY(root.leftOut == std::vector<int>({8}));
        QCOMPARE(root.description, std::string("root motion from 'Hips' ('Ground' is static)"));

        std::vector<std::string> warnings;
        const Clip clip = characterClip(m, root, warnings);
        QCOMPARE(clip.jointCount(), 7);
        QCOMPARE(clip.skeleton.names.front(), std::string("Hips"));
        QVERIFY(clip.skeleton.parents == std::vector<int>({-1, 0, 1, 2, 0, 4, 5}));
        QVERIFY(clip.skeleton.validate().isOk());
        QCOMPARE(clip.frameCount(), 3);
        for (int f = 0; f < 3; ++f)
            QVERIFY(glm::distance(clip.rootPositions[f], glm::vec3(0, 1, 0.1f * f)) < 1e-6f);
        const bool namesTheTarget = std::any_of(warnings.begin(), warnings.end(), [](auto& w) {
            return w.find("IKTarget") != std::string::npos;
        });
        QVERIFY2(namesTheTarget, warnings.empty() ? "no warning" : warnings.front().c_str());
    }

    void movingGroundNodeCarriesTheTravel() {
        // The hips never move, the ground node does: the ground node is the root.
        const RawMotion m = motion(false, true);
        const CharacterRoot root = findCharacterRoot(m.skeleton, positionRanges(m));
        QCOMPARE(root.joint, 0);
        QVERIFY(root.folded.empty());
        QVERIFY(root.leftOut.empty());
        QCOMPARE(root.description, std::string("root motion from 'Ground'"));

        // Both move: the hips are the root and the ground node's travel is folded into them.
        const RawMotion both = motion(true, true);
        const CharacterRoot folded = findCharacterRoot(both.skeleton, positionRanges(both));
        QCOMPARE(folded.joint, 1);
        QCOMPARE(folded.description,
                 std::string("root motion from 'Hips' ('Ground' moves and is folded in)"));
        std::vector<std::string> warnings;
        const Clip clip = characterClip(both, folded, warnings);
        for (int f = 0; f < 3; ++f)
            QVERIFY(glm::distance(clip.rootPositions[f], glm::vec3(0.2f * f, 1, 0.1f * f)) < 1e-6f);
    }

    void nothingMoves() {
        const RawMotion m = motion(false, false);
        const CharacterRoot root = findCharacterRoot(m.skeleton, positionRanges(m));
        QCOMPARE(root.joint, 1);
        QCOMPARE(root.description,
                 std::string("root 'Hips', in place (no joint's position moves)"));
    }
};

QTEST_APPLESS_MAIN(TestRawMotion)
#include "tst_raw_motion.moc"

// Retargeting CMU walks onto the CC0 male base mesh (an A-pose character facing +X in its file):
// it must face the clip's way, keep its feet on the floor, and move its limbs like the source.

#include <QTest>

#include "common/test_data.h"
#include <QTemporaryDir>

#include "core/io/character_import.h"
#include "core/io/clip_import.h"
#include "core/io/scene_writer.h"
#include "core/retarget.h"
#include "core/root_motion.h"

using namespace gs;

namespace {

QString baseMesh() { return test::dataPath("characters/male_base_mesh/male_base_mesh.glb"); }

glm::vec3 direction(const std::vector<Transform>& w, int a, int b) {
    return glm::normalize(w[b].translation - w[a].translation);
}

}  // namespace

class TestRetarget : public QObject {
    Q_OBJECT
private slots:
    void importsBaseMesh();
    void bonesFollowTheSource();
    void userMap();
    void corruptCharacter();
    void exportSkinnedGltf();
};

// A CMU walk written as glTF onto the base mesh imports back as the same character (skeleton,
// mesh, skin) playing the same motion: every joint within 2 mm of the retargeted pose.
void TestRetarget::exportSkinnedGltf() {
    GS_REQUIRE_DATA();
    const Clip clip = test::loadClip(test::cmuClip("16_15"));
    auto asset = importCharacter(baseMesh().toStdString());
    QVERIFY(asset);
    QTemporaryDir dir;
    const std::string path = dir.filePath("walk_on_model.glb").toStdString();
    const Status written = writeGltf(clip, *asset, path);
    QVERIFY2(written, written.message().c_str());

    auto back = importCharacter(path);
    QVERIFY2(back, back.message().c_str());
    QCOMPARE(back->skeleton.jointCount(), asset->skeleton.jointCount());
    QCOMPARE(back->mesh.triangleCount(), asset->mesh.triangleCount());
    QCOMPARE(back->mesh.vertices.size() > 0, true);
    float lo = 1e9f, hi = -1e9f;
    for (const SkinVertex& v : back->mesh.vertices) { lo = std::min(lo, v.position.y); hi = std::max(hi, v.position.y); }
    qInfo("re-imported: %d joints, %d triangles, %zu vertices, %.3f-%.3f m tall", back->skeleton.jointCount(),
          back->mesh.triangleCount(), back->mesh.vertices.size(), lo, hi);
    QVERIFY(std::abs(lo) < 1e-3f && hi > 1.8f && hi < 2.1f);

    auto motion = importClips(path);
    QVERIFY2(motion, motion.message().c_str());
    const Clip& played = motion->clips.front();
    QVERIFY(played.frameCount() >= clip.frameCount());
    auto r = buildRetarget(clip.skeleton, clipFloorHeight(clip), asset->skeleton,
                           chooseJointMap(clip.skeleton, asset->skeleton));
    QVERIFY(r);
    const int joints = asset->skeleton.jointCount();
    QCOMPARE(played.jointCount(), joints);
    std::vector<Transform> expected(joints);
    std::vector<glm::vec3> got(joints);
    float worst = 0.0f;
    for (int f = 0; f < clip.frameCount(); ++f) {
        retargetPose(*r, clip.frameRotations(f), clip.rootPositions[f], expected);
        jointPositions(played.skeleton, played.frameRotations(f), played.rootPositions[f], got);
        for (int j = 0; j < joints; ++j) worst = std::max(worst, glm::distance(expected[j].translation, got[j]));
    }
    qInfo("%d frames back, joints within %.2g m of the retargeted walk", played.frameCount(), worst);
    QVERIFY(worst < 0.002f);
}

void TestRetarget::importsBaseMesh() {
    GS_REQUIRE_DATA();
    auto asset = importCharacter(baseMesh().toStdString());
    QVERIFY2(asset, asset.message().c_str());
    QCOMPARE(asset->skeleton.jointCount(), 56);
    float lo = 1e9f, hi = -1e9f;
    for (const SkinVertex& v : asset->mesh.vertices) { lo = std::min(lo, v.position.y); hi = std::max(hi, v.position.y); }
    QVERIFY(std::abs(lo) < 1e-4f);            // standing on the floor
    QVERIFY(hi > 1.8f && hi < 2.1f);          // about 1.95 m tall
}

void TestRetarget::bonesFollowTheSource() {
    GS_REQUIRE_DATA();
    const Clip clip = test::loadClip(test::cmuClip("16_15"));
    auto asset = importCharacter(baseMesh().toStdString());
    QVERIFY(asset);
    const Skeleton& t = asset->skeleton;
    const JointMap map = chooseJointMap(clip.skeleton, t);
    QCOMPARE(QString::fromStdString(map.name), QString("CMU -> Rigify"));
    auto r = buildRetarget(clip.skeleton, clipFloorHeight(clip), t, map);
    QVERIFY2(r, r.message().c_str());
    QVERIFY(r->rootScale > 1.0f && r->rootScale < 1.4f);  // a taller figure than the CMU skeleton

    std::vector<Transform> src(clip.jointCount()), tgt(t.jointCount());
    const Skeleton& s = clip.skeleton;
    const std::pair<const char*, const char*> bones[][2] = {
        {{"lfemur", "ltibia"}, {"thigh.L", "shin.L"}},   {{"ltibia", "lfoot"}, {"shin.L", "foot.L"}},
        {{"rfemur", "rtibia"}, {"thigh.R", "shin.R"}},   {{"rtibia", "rfoot"}, {"shin.R", "foot.R"}},
        {{"lhumerus", "lradius"}, {"upper_arm.L", "forearm.L"}},
        {{"rradius", "rhand"}, {"forearm.R", "hand.R"}},
        {{"lfoot", "ltoes"}, {"foot.L", "toe.L"}},
    };
    for (int f = 0; f < clip.frameCount(); f += 7) {
        forwardKinematics(s, clip.frameRotations(f), clip.rootPositions[f], src);
        retargetPose(*r, clip.frameRotations(f), clip.rootPositions[f], tgt);
        for (const auto& b : bones) {
            const glm::vec3 ds = direction(src, s.jointIndex(b[0].first), s.jointIndex(b[0].second));
            const glm::vec3 dt = direction(tgt, t.jointIndex(b[1].first), t.jointIndex(b[1].second));
            // Same bone direction within 25 degrees (rest poses differ slightly in bone shape).
            QVERIFY2(glm::dot(ds, dt) > std::cos(glm::radians(25.0f)),
                     qPrintable(QString("frame %1 %2: %3").arg(f).arg(b[1].first).arg(glm::dot(ds, dt))));
        }
        // Knees point forward like the source's: no twisted legs.
        const float heading = headingOf(facingRotation(s, clip.frameRotations(f)[0]));
        const glm::vec3 forward(std::sin(heading), 0.0f, std::cos(heading));
        const glm::vec3 kneeAxis = tgt[t.jointIndex("shin.L")].rotation * glm::vec3(1, 0, 0);
        QVERIFY(std::abs(glm::dot(kneeAxis, forward)) < 0.6f);
        // Feet near the floor: the lower ankle within 15 cm of the ground.
        const float ankle = std::min(tgt[t.jointIndex("foot.L")].translation.y, tgt[t.jointIndex("foot.R")].translation.y);
        QVERIFY2(ankle > -0.02f && ankle < 0.15f, qPrintable(QString::number(ankle)));
    }
}

void TestRetarget::userMap() {
    auto map = parseJointMap("# comment\nthigh.L = lfemur\n  shin.L=ltibia  # knee\n\n");
    QVERIFY(map);
    QCOMPARE(map->pairs.size(), size_t(2));
    QCOMPARE(QString::fromStdString(map->pairs[1].second), QString("ltibia"));
    auto bad = parseJointMap("thigh.L lfemur\n");
    QVERIFY(!bad);
    QVERIFY(bad.message().find("line 1") != std::string::npos);
}

void TestRetarget::corruptCharacter() {
    QTemporaryDir dir;
    const QString path = dir.filePath("broken.glb");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    const char bytes[] = "glTF\x02\x00\x00\x00 this is not a binary glTF file at all";
    f.write(bytes, sizeof(bytes) - 1);
    f.close();
    auto asset = importCharacter(path.toStdString());
    QVERIFY(!asset);
    // Refused by the GLB header check, naming the format, before Assimp reads it.
    QVERIFY2(asset.message().find("cannot import as glTF binary (GLB)") != std::string::npos,
             asset.message().c_str());
    QVERIFY(!importCharacter(dir.filePath("missing.glb").toStdString()));
}

QTEST_APPLESS_MAIN(TestRetarget)
#include "tst_retarget.moc"

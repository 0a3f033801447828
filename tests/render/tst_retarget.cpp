// Retargeting CMU walks onto the CC0 male base mesh (an A-pose character facing +X in its file):
// it must face the clip's way, keep its feet on the floor, and move its limbs like the source.

#include <QTest>

#include "common/test_data.h"
#include <QTemporaryDir>

#include "gltf_joints.h"

#include "core/io/character_import.h"
#include "core/io/clip_import.h"
#include "core/io/scene_writer.h"
#include "core/character/retarget.h"
#include "core/clip/root_motion.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <cmath>

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
    void bundledCharacters_data();
    void bundledCharacters();
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
    for (const SkinVertex& v : back->mesh.vertices) {
        lo = std::min(lo, v.position.y);
        hi = std::max(hi, v.position.y);
    }
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
    const std::vector<Transform> expected = retargetClip(*r, clip);
    std::vector<glm::vec3> got(joints);
    float worst = 0.0f;
    for (int f = 0; f < clip.frameCount(); ++f) {
        jointPositions(played.skeleton, played.frameRotations(f), played.rootPositions[f], got);
        for (int j = 0; j < joints; ++j)
            worst = std::max(
                worst,
                glm::distance(expected[static_cast<size_t>(f) * joints + j].translation, got[j]));
    }
    QVERIFY(worst < 0.002f);
}

void TestRetarget::importsBaseMesh() {
    GS_REQUIRE_DATA();
    auto asset = importCharacter(baseMesh().toStdString());
    QVERIFY2(asset, asset.message().c_str());
    QCOMPARE(asset->skeleton.jointCount(), 56);
    float lo = 1e9f, hi = -1e9f;
    for (const SkinVertex& v : asset->mesh.vertices) {
        lo = std::min(lo, v.position.y);
        hi = std::max(hi, v.position.y);
    }
    QVERIFY(std::abs(lo) < 1e-4f);    // standing on the floor
    QVERIFY(hi > 1.8f && hi < 2.1f);  // about 1.95 m tall
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
        {{"lfemur", "ltibia"}, {"thigh.L", "shin.L"}},
        {{"ltibia", "lfoot"}, {"shin.L", "foot.L"}},
        {{"rfemur", "rtibia"}, {"thigh.R", "shin.R"}},
        {{"rtibia", "rfoot"}, {"shin.R", "foot.R"}},
        {{"lhumerus", "lradius"}, {"upper_arm.L", "forearm.L"}},
        {{"rradius", "rhand"}, {"forearm.R", "hand.R"}},
        {{"lfoot", "ltoes"}, {"foot.L", "toe.L"}},
    };
    for (int f = 0; f < clip.frameCount(); f += 7) {
        forwardKinematics(s, clip.frameRotations(f), clip.rootPositions[f], src);
        retargetPose(*r, clip.frameRotations(f), clip.rootPositions[f], tgt);
        for (const auto& b : bones) {
            const glm::vec3 ds =
                direction(src, s.jointIndex(b[0].first), s.jointIndex(b[0].second));
            const glm::vec3 dt =
                direction(tgt, t.jointIndex(b[1].first), t.jointIndex(b[1].second));
            // Same bone direction within 25 degrees (rest poses differ slightly in bone shape).
            QVERIFY2(glm::dot(ds, dt) > std::cos(glm::radians(25.0f)),
                     qPrintable(
                         QString("frame %1 %2: %3").arg(f).arg(b[1].first).arg(glm::dot(ds, dt))));
        }
        // Knees point forward like the source's: no twisted legs.
        const float heading = headingOf(facingRotation(s, clip.frameRotations(f)[0]));
        const glm::vec3 forward(std::sin(heading), 0.0f, std::cos(heading));
        const glm::vec3 kneeAxis = tgt[t.jointIndex("shin.L")].rotation * glm::vec3(1, 0, 0);
        QVERIFY(std::abs(glm::dot(kneeAxis, forward)) < 0.6f);
        // Feet near the floor: the lower ankle within 15 cm of the ground.
        const float ankle = std::min(tgt[t.jointIndex("foot.L")].translation.y,
                                     tgt[t.jointIndex("foot.R")].translation.y);
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

// The three bundled characters walk a CMU clip with no hand-written map: legs, spine and arms
// mapped by role; the IK rigs (Casual_Female, RobotExpressive: feet and knee targets under the
// root) have their feet driven by foot IK. What is checked is what shows, the clip played as the
// window and the export play it (retargetFrame, retargetClip): the feet stay on their legs (bone
// lengths kept), stand on the floor and do not slide while the source's feet are planted, the
// knees bend forward, the arms swing like the source's, the body faces the way the source does;
// and the character exported as glTF reads back, through Assimp, with every joint where the
// retargeted pose put it (an IK rig's moving feet included).
void TestRetarget::bundledCharacters_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("arms");
    QTest::addColumn<bool>("ik");
    QTest::newRow("male base mesh") << "characters/male_base_mesh/male_base_mesh.glb" << 8 << false;
    QTest::newRow("Casual_Female")
        << "characters/quaternius_casual_female/Casual_Female.gltf" << 8 << true;
    QTest::newRow("RobotExpressive")
        << "characters/robot_expressive/RobotExpressive.glb" << 6 << true;
}

void TestRetarget::bundledCharacters() {
    GS_REQUIRE_DATA();
    QFETCH(QString, file);
    QFETCH(int, arms);
    QFETCH(bool, ik);
    const Clip clip = test::loadClip(test::cmuClip("16_15"));
    auto asset = importCharacter(test::dataPath(file).toStdString());
    QVERIFY2(asset, asset.message().c_str());
    const Skeleton& t = asset->skeleton;
    const Skeleton& s = clip.skeleton;
    const JointMap map = chooseJointMap(s, t);
    auto r = buildRetarget(s, clipFloorHeight(clip), t, map);
    QVERIFY2(r, r.message().c_str());
    QCOMPARE(r->mappedRoles("legs"), r->targetRoleCount("legs"));
    QVERIFY(r->mappedRoles("legs") >= 6);
    QVERIFY(r->mappedRoles("spine") >= 3);
    QCOMPARE(r->mappedRoles("arms"), arms);
    QVERIFY(r->usesFootIk());
    QCOMPARE(r->isIkRig(), ik);

    using R = HumanoidRole;
    const HumanoidJoints& tr = r->targetRoles;
    const HumanoidJoints sr = findHumanoidJoints(s);
    const std::vector<glm::vec3> rest = restJointPositions(t);
    // The walk as it is drawn and exported: the whole clip at once, and frame by frame the same.
    const int tj = t.jointCount();
    const std::vector<Transform> posed = retargetClip(*r, clip);
    std::vector<Transform> tw(tj), sw(s.jointCount()), previous, previousSource;
    int frames = 0, planted = 0, kneesForward = 0, armsAlong = 0, faced = 0;
    float worstBone = 0.0f, lowest = 1e9f, slide = 0.0f, sourceSlide = 0.0f, frameByFrame = 0.0f;
    for (int f = 0; f < clip.frameCount(); ++f) {
        retargetFrame(*r, clip, static_cast<float>(f), tw);
        for (int j = 0; j < tj; ++j) {
            const glm::vec3 whole = posed[static_cast<size_t>(f) * tj + j].translation;
            frameByFrame = std::max(frameByFrame, glm::distance(tw[j].translation, whole));
        }
        forwardKinematics(s, clip.frameRotations(f), clip.rootPositions[f], sw);
        const float heading = headingOf(facingRotation(s, clip.frameRotations(f)[0]));
        const glm::vec3 forward(std::sin(heading), 0.0f, std::cos(heading));
        for (int k = 0; k < 2; ++k) {
            const int up = tr[k ? R::RightUpLeg : R::LeftUpLeg],
                      knee = tr[k ? R::RightLeg : R::LeftLeg];
            const int foot = tr[k ? R::RightFoot : R::LeftFoot],
                      ankle = sr[k ? R::RightFoot : R::LeftFoot];
            // The foot stays on its leg: thigh and shin keep their rest lengths.
            for (auto [a, b] : {std::pair{up, knee}, std::pair{knee, foot}})
                worstBone = std::max(worstBone,
                                     std::abs(glm::distance(tw[a].translation, tw[b].translation) -
                                              glm::distance(rest[a], rest[b])));
            lowest = std::min(lowest, tw[foot].translation.y);
            // The knee bends forward, out of the hip-foot line.
            const glm::vec3 line = glm::normalize(tw[foot].translation - tw[up].translation);
            const glm::vec3 off = tw[knee].translation - tw[up].translation;
            const glm::vec3 bend = off - glm::dot(off, line) * line;
            kneesForward += glm::dot(bend, forward) > -0.01f ? 1 : 0;
            // While the source's ankle is planted (slow, low), the character's foot is too.
            if (f > 0) {
                const glm::vec3 vs =
                    (sw[ankle].translation - previousSource[ankle].translation) * clip.fps;
                const glm::vec3 vt = (tw[foot].translation - previous[foot].translation) * clip.fps;
                if (std::hypot(vs.x, vs.z) < 0.1f &&
                    sw[ankle].translation.y < clipFloorHeight(clip) + 0.15f) {
                    ++planted;
                    slide += std::hypot(vt.x, vt.z);
                    sourceSlide += std::hypot(vs.x, vs.z);
                }
            }
        }
        // The arms swing like the source's: upper arms within 30 degrees.
        for (int k = 0; k < 2; ++k) {
            const glm::vec3 dt = tw[tr[k ? R::RightForeArm : R::LeftForeArm]].translation -
                                 tw[tr[k ? R::RightArm : R::LeftArm]].translation;
            const glm::vec3 ds = sw[sr[k ? R::RightForeArm : R::LeftForeArm]].translation -
                                 sw[sr[k ? R::RightArm : R::LeftArm]].translation;
            armsAlong +=
                glm::dot(glm::normalize(dt), glm::normalize(ds)) > std::cos(glm::radians(30.0f))
                    ? 1
                    : 0;
        }
        // The hips face the source's way.
        glm::vec3 lt = tw[tr[R::LeftUpLeg]].translation - tw[tr[R::RightUpLeg]].translation;
        glm::vec3 ls = sw[sr[R::LeftUpLeg]].translation - sw[sr[R::RightUpLeg]].translation;
        lt.y = ls.y = 0.0f;
        faced += glm::dot(glm::normalize(lt), glm::normalize(ls)) > std::cos(glm::radians(20.0f))
                     ? 1
                     : 0;
        previous = tw;
        previousSource = sw;
        ++frames;
    }
    QVERIFY(frameByFrame < 1e-5f);
    QVERIFY(worstBone < 1e-3f);
    QVERIFY(lowest > -0.03f);
    QVERIFY(kneesForward >= 2 * frames * 95 / 100);
    QVERIFY(armsAlong >= 2 * frames * 90 / 100);
    QCOMPARE(faced, frames);
    QVERIFY(planted > frames / 2);
    QVERIFY2(slide / planted < sourceSlide / planted + 0.05f,
             "the feet slide more than the source's");

    // Exported as glTF and read back: every joint where the retargeted pose put it.
    QTemporaryDir dir;
    const std::string path = dir.filePath("walk.glb").toStdString();
    const Status written = writeGltf(clip, *asset, path);
    QVERIFY2(written, written.message().c_str());
    Assimp::Importer importer;
    const aiScene* scene = importer.ReadFile(path, 0);
    QVERIFY2(scene && scene->mNumAnimations == 1, importer.GetErrorString());
    float worst = 0.0f;
    for (int f = 0; f < clip.frameCount(); f += 5) {
        const std::vector<glm::vec3> back = test::animatedJoints(*scene, t.names, f);
        for (int j = 0; j < tj; ++j)
            worst = std::max(
                worst, glm::distance(back[j], posed[static_cast<size_t>(f) * tj + j].translation));
    }
    QVERIFY(worst < 1e-3f);
}

QTEST_APPLESS_MAIN(TestRetarget)
#include "tst_retarget.moc"

// The mannequin built around real skeletons: closed parts, unit normals, weights that sum to
// one, person-like proportions, and skinning that reproduces the rest pose exactly.

#include <QTest>

#include "common/test_data.h"
#include "core/character/mannequin.h"
#include "render/character.h"
#include "render/gpu_mesh.h"

using namespace gs;

class TestMannequin : public QObject {
    Q_OBJECT
private slots:
    void wellFormed_data();
    void wellFormed();
    void restPoseIsIdentity();
    void badSettings();
};

void TestMannequin::wellFormed_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("CMU 19 joints") << "cmu/16_15.bvh";
    QTest::newRow("cgspeed 31 joints") << "cmu/cgspeed/16_11.bvh";
    QTest::newRow("ASF 29 joints") << "cmu/asfamc/16_15.bvh";
}

void TestMannequin::wellFormed() {
    GS_REQUIRE_DATA();
    QFETCH(QString, file);
    const Clip clip = test::loadClip(test::dataPath(file));
    auto mesh = buildMannequin(clip.skeleton);
    QVERIFY2(mesh, mesh.message().c_str());
    QCOMPARE(mesh->inverseBind.size(), size_t(clip.jointCount()));
    QVERIFY(mesh->triangleCount() > 2000);
    glm::vec3 lo(1e9f), hi(-1e9f);
    for (const SkinVertex& v : mesh->vertices) {
        QVERIFY(std::abs(glm::length(v.normal) - 1.0f) < 1e-3f);
        QVERIFY(std::abs(v.weights.x + v.weights.y + v.weights.z + v.weights.w - 1.0f) < 1e-4f);
        QVERIFY(v.joints.x < clip.jointCount() && v.joints.y < clip.jointCount());
        lo = glm::min(lo, v.position);
        hi = glm::max(hi, v.position);
    }
    for (std::uint32_t i : mesh->indices) QVERIFY(i < mesh->vertices.size());
    // A standing person: 1.4-2.1 m tall, narrower than tall, shallower than wide.
    const glm::vec3 size = hi - lo;
    QVERIFY2(size.y > 1.4f && size.y < 2.1f, qPrintable(QString::number(size.y)));
    QVERIFY(size.x < 1.1f * size.y);  // arm span about the height in a T-pose rest
    QVERIFY(size.z < size.x);
    // Closed with outward winding, so the renderer may cull its back faces; a hole undoes that.
    QVERIFY(isClosedMesh(*mesh));
    SkinnedMesh open = *mesh;
    open.indices.erase(open.indices.begin() + 300, open.indices.begin() + 303);  // not at a pole
    QVERIFY(!isClosedMesh(open));
}

void TestMannequin::restPoseIsIdentity() {
    GS_REQUIRE_DATA();
    Clip clip = test::loadClip(test::cmuClip("16_15"));
    auto character = Character::mannequin(clip.skeleton);
    QVERIFY(character);
    Clip rest = clip;
    rest.resize(1);
    std::copy(clip.skeleton.restRotations.begin(), clip.skeleton.restRotations.end(),
              rest.frameRotations(0).begin());
    rest.rootPositions[0] = glm::vec3(0.0f);
    std::vector<Transform> world;
    std::vector<glm::mat4> palette;
    character->pose(rest, 0.0f, world, palette);
    for (const glm::mat4& m : palette)
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r) QVERIFY(std::abs(m[c][r] - (c == r ? 1.0f : 0.0f)) < 1e-4f);
}

void TestMannequin::badSettings() {
    MannequinSettings s;
    s.sides = 2;
    QVERIFY(!s.validate());
    Skeleton one;
    one.names = {"root"};
    one.parents = {-1};
    one.restOffsets = {glm::vec3(0)};
    one.restRotations = {glm::quat(1, 0, 0, 0)};
    one.tipOffsets = {glm::vec3(0)};
    auto mesh = buildMannequin(one);
    QVERIFY(!mesh);
    QVERIFY(mesh.message().find("fewer than two joints") != std::string::npos);
}

QTEST_APPLESS_MAIN(TestMannequin)
#include "tst_mannequin.moc"

// Humanoid roles from joint names: every listed convention reads back to its roles on a skeleton
// built from it; the real skeletons of every data source and the three bundled characters give
// their legs, spine and arms; the IK rigs' feet are flagged; a skeleton with meaningless names
// still gives its legs by structure.

#include <QTest>

#include "common/test_data.h"
#include "core/clip/humanoid_names.h"
#include "core/io/character_import.h"
#include <gaitspace/runtime/kinematics.h>

using namespace gs;

namespace {

using R = HumanoidRole;

// A standing skeleton (Y up, facing +Z, left = +X) named by a convention; roles the convention
// lacks are left out. `ground`: a ground joint above the hips; `ikFeet`: the feet hang off it.
Skeleton skeletonOf(const HumanoidConvention& c, bool ground, bool ikFeet) {
    Skeleton s;
    std::vector<glm::vec3> world;
    auto add = [&](const std::string& name, int parent, glm::vec3 position) {
        s.names.push_back(name);
        s.parents.push_back(parent);
        world.push_back(position);
        s.restOffsets.push_back(parent < 0 ? position : position - world[parent]);
        s.restRotations.push_back(glm::quat(1, 0, 0, 0));
        s.tipOffsets.push_back(glm::vec3(0.0f));
        return s.jointCount() - 1;
    };
    auto name = [&](R r) { return std::string(c.joints[static_cast<int>(r)]); };
    const int base = ground ? add("ground", -1, {0, 0, 0}) : -1;
    const int hips = add(name(R::Hips), base, {0, 0.95f, 0});
    int top = hips;
    if (!name(R::Spine).empty()) top = add(name(R::Spine), top, {0, 1.1f, 0});
    const int chest = add(name(R::Chest), top, {0, 1.35f, 0});
    int head = chest;
    if (!name(R::Neck).empty()) head = add(name(R::Neck), head, {0, 1.5f, 0});
    add(name(R::Head), head, {0, 1.6f, 0});
    for (int side = 0; side < 2; ++side) {
        const float x = side == 0 ? 1.0f : -1.0f;
        const int o = side == 0 ? 0 : 4;
        const int clavicle = add(name(R(int(R::LeftShoulder) + o)), chest, {0.05f * x, 1.4f, 0});
        const int arm = add(name(R(int(R::LeftArm) + o)), clavicle, {0.18f * x, 1.4f, 0});
        const int fore = add(name(R(int(R::LeftForeArm) + o)), arm, {0.45f * x, 1.4f, 0});
        add(name(R(int(R::LeftHand) + o)), fore, {0.7f * x, 1.4f, 0});
    }
    for (int side = 0; side < 2; ++side) {
        const float x = side == 0 ? 1.0f : -1.0f;
        const int o = side == 0 ? 0 : 4;
        const int up = add(name(R(int(R::LeftUpLeg) + o)), hips, {0.1f * x, 0.9f, 0});
        const int knee = add(name(R(int(R::LeftLeg) + o)), up, {0.1f * x, 0.5f, 0});
        const int foot =
            add(name(R(int(R::LeftFoot) + o)), ikFeet ? base : knee, {0.1f * x, 0.08f, 0});
        if (!name(R(int(R::LeftToe) + o)).empty())
            add(name(R(int(R::LeftToe) + o)), foot, {0.1f * x, 0.0f, 0.12f});
    }
    return s;
}

}  // namespace

class TestHumanoidNames : public QObject {
    Q_OBJECT
private slots:
    void parsesNames_data();
    void parsesNames();
    void everyConvention_data();
    void everyConvention();
    void realSkeletons_data();
    void realSkeletons();
    void byStructure();
};

void TestHumanoidNames::parsesNames_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("side");  // 0 none, 1 left, 2 right
    QTest::addColumn<QString>("part");
    QTest::newRow("Mixamo") << "mixamorig:LeftUpLeg" << 1 << "upleg";
    QTest::newRow("Rigify") << "thigh.L" << 1 << "thigh";
    QTest::newRow("Bandai") << "UpperLeg_R" << 2 << "upperleg";
    QTest::newRow("CMU") << "lfemur" << 1 << "femur";
    QTest::newRow("GAMES-105") << "lToeJoint" << 1 << "toejoint";
    QTest::newRow("GAMES-105 clavicle") << "rTorso_Clavicle" << 2 << "torsoclavicle";
    QTest::newRow("100STYLE") << "RightAnkle" << 2 << "ankle";
    QTest::newRow("cgspeed hip joint") << "LHipJoint" << 1 << "hipjoint";
    QTest::newRow("prefix with separator") << "L_Hand" << 1 << "hand";
    QTest::newRow("centre, Rigify") << "spine.001" << 0 << "spine001";
    QTest::newRow("centre, lower back") << "lowerback" << 0 << "lowerback";
    QTest::newRow("centre, root") << "RootJoint" << 0 << "rootjoint";
    QTest::newRow("centre, radius word") << "ring" << 0 << "ring";
}

void TestHumanoidNames::parsesNames() {
    QFETCH(QString, name);
    QFETCH(int, side);
    QFETCH(QString, part);
    const JointNameParts p = parseJointName(name.toStdString());
    QCOMPARE(static_cast<int>(p.side), side);
    QCOMPARE(QString::fromStdString(p.part), part);
}

void TestHumanoidNames::everyConvention_data() {
    QTest::addColumn<int>("convention");
    for (size_t c = 0; c < kHumanoidConventions.size(); ++c)
        QTest::newRow(kHumanoidConventions[c].name) << static_cast<int>(c);
}

void TestHumanoidNames::everyConvention() {
    QFETCH(int, convention);
    const HumanoidConvention& c = kHumanoidConventions[convention];
    const bool quaternius = std::string(c.name) == "Quaternius";
    const bool bandai = std::string(c.name) == "Bandai";
    const Skeleton s = skeletonOf(c, quaternius || bandai, quaternius);
    QVERIFY2(s.validate(), s.validate().message().c_str());
    const HumanoidJoints h = findHumanoidJoints(s);
    for (int r = 0; r < kHumanoidRoleCount; ++r) {
        const std::string want = c.joints[r];
        const std::string got = h.joints[r] >= 0 ? s.names[h.joints[r]] : std::string();
        QVERIFY2(got == want,
                 qPrintable(QString("%1: %2 is '%3', expected '%4'")
                                .arg(c.name, roleName(HumanoidRole(r)), QString::fromStdString(got),
                                     QString::fromStdString(want))));
    }
    QCOMPARE(h.ikFoot[0], quaternius);
    QCOMPARE(h.ikFoot[1], quaternius);
    QVERIFY(!h.legsByStructure);
    QCOMPARE(QString::fromStdString(conventionOf(s)), QString(c.name));
}

void TestHumanoidNames::realSkeletons_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("character");
    QTest::addColumn<int>("legs");
    QTest::addColumn<int>("spine");
    QTest::addColumn<int>("arms");
    QTest::addColumn<bool>("ik");
    QTest::addColumn<QString>("hips");
    QTest::newRow("CMU") << "cmu/16_15.bvh" << false << 8 << 3 << 8 << false << "pelvis";
    QTest::newRow("Bandai") << "bandai/dataset-2_walk_normal_020.bvh" << false << 8 << 5 << 8
                            << false << "Hips";
    QTest::newRow("100STYLE") << "100style/Neutral_FR.bvh" << false << 8 << 5 << 8 << false
                              << "Hips";
    QTest::newRow("GAMES-105") << "games105/walkF.bvh" << false << 8 << 4 << 8 << false
                               << "RootJoint";
    QTest::newRow("male base mesh") << "characters/male_base_mesh/male_base_mesh.glb" << true << 8
                                    << 5 << 8 << false << "spine";
    QTest::newRow("Casual_Female") << "characters/quaternius_casual_female/Casual_Female.gltf"
                                   << true << 6 << 5 << 8 << true << "Body";
    // No hand joint: the palms hang off the forearm.
    QTest::newRow("RobotExpressive") << "characters/robot_expressive/RobotExpressive.glb" << true
                                     << 6 << 5 << 6 << true << "Body";
}

void TestHumanoidNames::realSkeletons() {
    GS_REQUIRE_DATA();
    QFETCH(QString, file);
    QFETCH(bool, character);
    QFETCH(int, legs);
    QFETCH(int, spine);
    QFETCH(int, arms);
    QFETCH(bool, ik);
    QFETCH(QString, hips);
    Skeleton s;
    if (character) {
        auto asset = importCharacter(test::dataPath(file).toStdString());
        QVERIFY2(asset, asset.message().c_str());
        s = asset->skeleton;
    } else {
        s = test::loadClip(test::dataPath(file)).skeleton;
    }
    const HumanoidJoints h = findHumanoidJoints(s);
    QCOMPARE(h.count("legs"), legs);
    QCOMPARE(h.count("spine"), spine);
    QCOMPARE(h.count("arms"), arms);
    QCOMPARE(h.ikFoot[0], ik);
    QCOMPARE(h.ikFoot[1], ik);
    QCOMPARE(QString::fromStdString(s.names[h[R::Hips]]), hips);
    // Sides are not swapped: the left foot is on the left of the hips at rest (+X after facing
    // is not known here, so compare with the left upper leg).
    QVERIFY(h[R::LeftFoot] != h[R::RightFoot]);
}

void TestHumanoidNames::byStructure() {
    // Meaningless names: the legs come from the rest pose (two long vertical chains to the floor).
    Skeleton s = skeletonOf(kHumanoidConventions[0], false, false);
    for (int j = 0; j < s.jointCount(); ++j) s.names[j] = "j" + std::to_string(j);
    const HumanoidJoints h = findHumanoidJoints(s);
    QVERIFY(h.legsByStructure);
    QCOMPARE(h.count("legs"), 8);
    const std::vector<glm::vec3> rest = restJointPositions(s);
    QVERIFY(rest[h[R::LeftFoot]].x > 0.0f && rest[h[R::RightFoot]].x < 0.0f);  // +X is the left
    QCOMPARE(s.parents[h[R::LeftFoot]], h[R::LeftLeg]);
    QCOMPARE(h[R::Hips], 0);
}

QTEST_APPLESS_MAIN(TestHumanoidNames)
#include "tst_humanoid_names.moc"

// Mirrored clips: partners found in every naming convention, the motion reflected joint for joint,
// the mirror of a mirror the clip itself, a skeleton without two sides refused; on the real CMU
// 90-degree turns, the mirror turns the other way as far and skates as little, and its feet are
// the original's feet swapped.

#include <gaitspace/runtime/legs.h>

#include <QTest>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

#include "common/test_data.h"
#include "core/clip/clip_kinematics.h"
#include "core/clip/foot_contacts.h"
#include "core/clip/humanoid_names.h"
#include "core/clip/mirror.h"
#include "core/clip/root_motion.h"
#include "core/evaluation/quality.h"

using namespace gs;

namespace {

using R = HumanoidRole;

float headingChangeDeg(const Clip& c) {
    return rootMotionStats(c).headingChange * 180.0f / std::numbers::pi_v<float>;
}

// A skeleton being built joint by joint: world rest positions in, offsets from the parent out.
struct SkeletonBuilder {
    Skeleton s;
    std::vector<glm::vec3> world;
    int add(const std::string& name, int parent, glm::vec3 position) {
        s.names.push_back(name);
        s.parents.push_back(parent);
        world.push_back(position);
        s.restOffsets.push_back(parent < 0 ? position : position - world[parent]);
        s.restRotations.push_back(glm::quat(1, 0, 0, 0));
        s.tipOffsets.push_back(glm::vec3(0.0f));
        return s.jointCount() - 1;
    }
};

// A standing skeleton (Y up, facing +Z, left = +X) named by a convention; roles the convention
// lacks are left out. `hands[k]`: the joint of each side's hand, for adding fingers.
Skeleton skeletonOf(const HumanoidConvention& c, int* hands = nullptr, int* head = nullptr) {
    SkeletonBuilder b;
    auto name = [&](R r) { return std::string(c.joints[static_cast<int>(r)]); };
    const int hips = b.add(name(R::Hips), -1, {0, 0.95f, 0});
    int top = hips;
    if (!name(R::Spine).empty()) top = b.add(name(R::Spine), top, {0, 1.1f, 0});
    const int chest = b.add(name(R::Chest), top, {0, 1.35f, 0});
    int neck = chest;
    if (!name(R::Neck).empty()) neck = b.add(name(R::Neck), neck, {0, 1.5f, 0});
    const int headJoint = b.add(name(R::Head), neck, {0, 1.6f, 0});
    if (head) *head = headJoint;
    for (int side = 0; side < 2; ++side) {
        const float x = side == 0 ? 1.0f : -1.0f;
        const int o = side == 0 ? 0 : 4;
        const int clavicle = b.add(name(R(int(R::LeftShoulder) + o)), chest, {0.05f * x, 1.4f, 0});
        const int arm = b.add(name(R(int(R::LeftArm) + o)), clavicle, {0.18f * x, 1.4f, 0});
        const int fore = b.add(name(R(int(R::LeftForeArm) + o)), arm, {0.45f * x, 1.4f, 0});
        const int hand = b.add(name(R(int(R::LeftHand) + o)), fore, {0.7f * x, 1.4f, 0});
        if (hands) hands[side] = hand;
    }
    for (int side = 0; side < 2; ++side) {
        const float x = side == 0 ? 1.0f : -1.0f;
        const int o = side == 0 ? 0 : 4;
        const int up = b.add(name(R(int(R::LeftUpLeg) + o)), hips, {0.1f * x, 0.9f, 0});
        const int knee = b.add(name(R(int(R::LeftLeg) + o)), up, {0.1f * x, 0.5f, 0});
        const int foot = b.add(name(R(int(R::LeftFoot) + o)), knee, {0.1f * x, 0.08f, 0});
        if (!name(R(int(R::LeftToe) + o)).empty())
            b.add(name(R(int(R::LeftToe) + o)), foot, {0.1f * x, 0.0f, 0.12f});
    }
    return b.s;
}

// Adds a joint below `parent` (offset along the parent's bone).
void addJoint(Skeleton& s, const std::string& name, int parent, glm::vec3 offset) {
    s.names.push_back(name);
    s.parents.push_back(parent);
    s.restOffsets.push_back(offset);
    s.restRotations.push_back(glm::quat(1, 0, 0, 0));
    s.tipOffsets.push_back(glm::vec3(0.0f));
}

// A clip of `frames` random poses on a skeleton whose rest rotations are random too (the mirror
// must not depend on a T-pose or on a symmetric rest pose).
Clip randomClip(Skeleton s, int frames, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    auto randomQuat = [&] {
        return glm::normalize(glm::quat(u(rng) + 2.0f, u(rng), u(rng), u(rng)));
    };
    for (glm::quat& q : s.restRotations) q = randomQuat();
    for (glm::vec3& o : s.tipOffsets) o = glm::vec3(u(rng), u(rng), u(rng)) * 0.05f;
    Clip c;
    c.name = "random";
    c.fps = 30.0f;
    c.skeleton = std::move(s);
    for (int f = 0; f < frames; ++f) {
        Pose p;
        for (int j = 0; j < c.jointCount(); ++j) p.rotations.push_back(randomQuat());
        p.rootPosition = glm::vec3(u(rng), 0.9f + 0.05f * u(rng), 0.1f * f);
        c.appendPose(p);
    }
    return c;
}

bool sameBits(const Clip& a, const Clip& b) {
    const auto eq3 = [](const glm::vec3& x, const glm::vec3& y) {
        return x.x == y.x && x.y == y.y && x.z == y.z;
    };
    const auto eq4 = [](const glm::quat& x, const glm::quat& y) {
        return x.w == y.w && x.x == y.x && x.y == y.y && x.z == y.z;
    };
    const Skeleton &s = a.skeleton, &t = b.skeleton;
    return a.name == b.name && a.fps == b.fps && s.names == t.names && s.parents == t.parents &&
           std::equal(s.restOffsets.begin(), s.restOffsets.end(), t.restOffsets.begin(),
                      t.restOffsets.end(), eq3) &&
           std::equal(s.restRotations.begin(), s.restRotations.end(), t.restRotations.begin(),
                      t.restRotations.end(), eq4) &&
           std::equal(s.tipOffsets.begin(), s.tipOffsets.end(), t.tipOffsets.begin(),
                      t.tipOffsets.end(), eq3) &&
           std::equal(a.rotations.begin(), a.rotations.end(), b.rotations.begin(),
                      b.rotations.end(), eq4) &&
           std::equal(a.rootPositions.begin(), a.rootPositions.end(), b.rootPositions.begin(),
                      b.rootPositions.end(), eq3);
}

// The largest distance between a mirror's joint and its partner's world position reflected (m).
float reflectionError(const Clip& clip, const Clip& mirror, const std::vector<int>& partner) {
    const auto a = clipJointPositions(clip), b = clipJointPositions(mirror);
    const int n = clip.jointCount();
    float worst = 0.0f;
    for (int f = 0; f < clip.frameCount(); ++f)
        for (int j = 0; j < n; ++j) {
            glm::vec3 p = a[static_cast<size_t>(f) * n + partner[j]];
            p.x = -p.x;
            worst = std::max(worst, glm::length(b[static_cast<size_t>(f) * n + j] - p));
        }
    return worst;
}

struct ClipFeet {
    FootContacts contacts;
    float stanceSkate = 0.0f;  // cm/s
};

// Foot contacts and the stance skate of a clip, on the floor of `floorOf` (the original's).
ClipFeet feetOf(const Clip& clip, const Clip& floorOf) {
    FootContactJob job;
    job.clip = &floorOf;
    if (!job.run()) return {};
    const float floor = job.output.floorHeight;
    job.clip = &clip;
    if (!job.run()) return {};
    ClipFeet out;
    out.contacts = job.output;
    const FootJoints feet = findFootJoints(clip.skeleton);
    out.stanceSkate = stanceSkate(clipJointPositions(clip), clip.jointCount(), feet.leftToe,
                                  feet.rightToe, floor, clip.fps);
    return out;
}

}  // namespace

class TestMirror : public QObject {
    Q_OBJECT
private slots:
    void partnersInEveryConvention_data();
    void partnersInEveryConvention();
    void partnersByName_data();
    void partnersByName();
    void reflectsEveryJoint();
    void names();
    void refusals_data();
    void refusals();
    void realTurnsReverse_data();
    void realTurnsReverse();
    void everySource_data();
    void everySource();
};

void TestMirror::partnersInEveryConvention_data() {
    QTest::addColumn<int>("convention");
    for (int i = 0; i < static_cast<int>(kHumanoidConventions.size()); ++i)
        QTest::newRow(kHumanoidConventions[i].name) << i;
}

void TestMirror::partnersInEveryConvention() {
    QFETCH(int, convention);
    const HumanoidConvention& c = kHumanoidConventions[convention];
    const Skeleton s = skeletonOf(c);
    const auto partners = mirrorPartners(s);
    QVERIFY2(partners, partners.message().c_str());
    const auto index = [&](R r) { return s.jointIndex(c.joints[static_cast<int>(r)]); };
    for (R left : {R::LeftUpLeg, R::LeftLeg, R::LeftFoot, R::LeftToe, R::LeftShoulder, R::LeftArm,
                   R::LeftForeArm, R::LeftHand}) {
        const R right = R(int(left) + 4);  // the same joint of the right side
        if (*c.joints[static_cast<int>(left)] == '\0') continue;
        QCOMPARE((*partners)[index(left)], index(right));
        QCOMPARE((*partners)[index(right)], index(left));
    }
    for (R middle : {R::Hips, R::Spine, R::Chest, R::Neck, R::Head})
        if (*c.joints[static_cast<int>(middle)] != '\0')
            QCOMPARE((*partners)[index(middle)], index(middle));
}

void TestMirror::partnersByName_data() {
    // Joints beyond the roles: paired by the side their names say, or, bare, as only children.
    QTest::addColumn<QString>("convention");
    QTest::addColumn<QString>("left");
    QTest::addColumn<QString>("right");
    QTest::addColumn<bool>("onHead");  // under the head, else under each hand
    QTest::newRow("cgspeed finger") << "cgspeed"
                                    << "LeftHandIndex1"
                                    << "RightHandIndex1" << false;
    QTest::newRow("cgspeed thumb") << "cgspeed"
                                   << "LThumb"
                                   << "RThumb" << false;
    QTest::newRow("Mixamo finger") << "Mixamo"
                                   << "mixamorig:LeftHandThumb1"
                                   << "mixamorig:RightHandThumb1" << false;
    QTest::newRow("Rigify finger") << "Rigify"
                                   << "f_index.01.L"
                                   << "f_index.01.R" << false;
    QTest::newRow("Bandai finger") << "Bandai"
                                   << "Index_L"
                                   << "Index_R" << false;
    QTest::newRow("GAMES-105 hand end") << "GAMES-105"
                                        << "lWrist_end"
                                        << "rWrist_end" << false;
    QTest::newRow("bare only children") << "100STYLE"
                                        << "Bone.005"
                                        << "Bone.009" << false;
    QTest::newRow("eyes, L_ prefix") << "Bandai"
                                     << "L_Eye"
                                     << "R_Eye" << true;
    QTest::newRow("eyes, _l suffix") << "CMU"
                                     << "eye_l"
                                     << "eye_r" << true;
    QTest::newRow("eyes, Left word") << "Quaternius"
                                     << "EyeLeft"
                                     << "EyeRight" << true;
}

void TestMirror::partnersByName() {
    QFETCH(QString, convention);
    QFETCH(QString, left);
    QFETCH(QString, right);
    QFETCH(bool, onHead);
    const auto c = std::find_if(kHumanoidConventions.begin(), kHumanoidConventions.end(),
                                [&](const HumanoidConvention& h) { return convention == h.name; });
    QVERIFY(c != kHumanoidConventions.end());
    int hands[2] = {-1, -1}, head = -1;
    Skeleton s = skeletonOf(*c, hands, &head);
    // Joints added at the end keep the depth-first order (parent < child).
    addJoint(s, left.toStdString(), onHead ? head : hands[0], {0.05f, 0.0f, 0.03f});
    addJoint(s, right.toStdString(), onHead ? head : hands[1], {-0.05f, 0.0f, 0.03f});
    const int l = s.jointCount() - 2, r = s.jointCount() - 1;
    const auto partners = mirrorPartners(s);
    QVERIFY2(partners, partners.message().c_str());
    QCOMPARE((*partners)[l], r);
    QCOMPARE((*partners)[r], l);
}

void TestMirror::reflectsEveryJoint() {
    // On random poses over a random rest pose, each joint of the mirror sits where its partner
    // sat, reflected across the YZ plane; mirroring twice gives the clip back bit for bit.
    for (const HumanoidConvention& c : kHumanoidConventions) {
        const Clip clip = randomClip(skeletonOf(c), 6, 7);
        const auto mirror = mirrorClip(clip);
        QVERIFY2(mirror, mirror.message().c_str());
        const auto partners = mirrorPartners(clip.skeleton);
        QVERIFY(partners);
        const float error = reflectionError(clip, *mirror, *partners);
        QVERIFY2(error < 1e-5f, qPrintable(QString("%1: %2 m").arg(c.name).arg(error)));
        const auto back = mirrorClip(*mirror);
        QVERIFY(back);
        QVERIFY2(sameBits(*back, clip), c.name);
    }
}

void TestMirror::names() {
    const Clip clip = randomClip(skeletonOf(kHumanoidConventions[0]), 2, 1);
    QCOMPARE(QString::fromStdString(mirrorClip(clip)->name), QString("random_mirror"));
    QCOMPARE(QString::fromStdString(mirrorClip(clip, "left turn")->name), QString("left turn"));
    QCOMPARE(QString::fromStdString(mirrorClip(*mirrorClip(clip))->name), QString("random"));
    QCOMPARE(QString::fromStdString(mirrorClipName("_mirror")), QString("_mirror_mirror"));
}

void TestMirror::refusals_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no sides") << 0 << "no left/right joint pairs";
    QTest::newRow("sides that differ") << 1 << "are not a pair";
    QTest::newRow("not finite") << 2 << "non-finite";
}

void TestMirror::refusals() {
    QFETCH(int, kind);
    QFETCH(QString, expected);
    SkeletonBuilder b;
    const int root = b.add("root", -1, {0, 1, 0});
    const int spine = b.add("spine", root, {0, 1.3f, 0});
    b.add("head", spine, {0, 1.6f, 0});
    if (kind == 1) {
        // A left leg from the root, a right leg from the spine.
        const int l = b.add("LeftUpLeg", root, {0.1f, 0.9f, 0});
        const int r = b.add("RightUpLeg", spine, {-0.1f, 0.9f, 0});
        const int lk = b.add("LeftLeg", l, {0.1f, 0.5f, 0});
        const int rk = b.add("RightLeg", r, {-0.1f, 0.5f, 0});
        b.add("LeftFoot", lk, {0.1f, 0.1f, 0});
        b.add("RightFoot", rk, {-0.1f, 0.1f, 0});
    }
    if (kind == 2) {
        b.add("LeftUpLeg", root, {0.1f, 0.9f, 0});
        b.add("RightUpLeg", root, {-0.1f, 0.9f, 0});
    }
    Clip clip = randomClip(b.s, 3, 2);
    clip.name = "snake";
    if (kind == 2) clip.rotations[4].x = std::nanf("");
    const auto mirror = mirrorClip(clip);
    QVERIFY(!mirror);
    const QString message = QString::fromStdString(mirror.message());
    QVERIFY2(message.contains("clip 'snake'"), qPrintable(message));
    QVERIFY2(message.contains(expected), qPrintable(message));
    QVERIFY(!message.contains('\n'));
}

void TestMirror::realTurnsReverse_data() {
    QTest::addColumn<QString>("id");
    // The 90-degree turns of cmu/README.md: walks at 1.0 and 1.7 m/s, jogs, runs; left and right.
    for (const char* id : {"16_17", "16_18", "16_19", "16_20", "16_27", "16_28", "16_29", "16_30",
                           "16_41", "16_42", "16_43", "16_44", "16_51", "16_52", "16_53", "16_54"})
        QTest::newRow(id) << id;
}

void TestMirror::realTurnsReverse() {
    GS_REQUIRE_DATA();
    QFETCH(QString, id);
    const Clip clip = test::loadClip(test::cmuClip(id));
    const auto mirror = mirrorClip(clip);
    QVERIFY2(mirror, mirror.message().c_str());
    QCOMPARE(QString::fromStdString(mirror->name), QString::fromStdString(clip.name) + "_mirror");

    // The turn: the other way, as far.
    const float turn = headingChangeDeg(clip), mirrored = headingChangeDeg(*mirror);
    QVERIFY(std::abs(turn) > 60.0f);
    QVERIFY2(turn * mirrored < 0.0f, qPrintable(QString("%1 and %2").arg(turn).arg(mirrored)));
    QVERIFY2(std::abs(std::abs(mirrored) - std::abs(turn)) <= 3.0f,
             qPrintable(QString("%1 and %2").arg(turn).arg(mirrored)));

    // The planted feet slide as little, and each foot does what the other did.
    const ClipFeet original = feetOf(clip, clip), swapped = feetOf(*mirror, clip);
    const float a = original.stanceSkate, b = swapped.stanceSkate;
    QVERIFY2(std::abs(b - a) <= std::max(0.1f * a, 0.2f),
             qPrintable(QString("%1 and %2 cm/s").arg(a).arg(b)));
    QCOMPARE(swapped.contacts.leftFootStrikes, original.contacts.rightFootStrikes);
    QCOMPARE(swapped.contacts.rightFootStrikes, original.contacts.leftFootStrikes);
    QVERIFY(!original.contacts.leftFootStrikes.empty() ||
            !original.contacts.rightFootStrikes.empty());

    // Every joint where its partner was, reflected; on this symmetric skeleton, the same rest pose.
    const auto partners = mirrorPartners(clip.skeleton);
    QVERIFY(partners);
    QVERIFY(reflectionError(clip, *mirror, *partners) < 1e-4f);
    for (int j = 0; j < clip.jointCount(); ++j)
        QVERIFY(glm::length(mirror->skeleton.restOffsets[j] - clip.skeleton.restOffsets[j]) <
                1e-4f);
}

void TestMirror::everySource_data() {
    // One file of every naming convention in the data: partners, a reversed turn, and the mirror of
    // the mirror the clip itself, bit for bit.
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("pairs");
    QTest::newRow("CMU") << "cmu/16_17.bvh" << 8;
    QTest::newRow("cgspeed") << "cmu/cgspeed/16_11.bvh" << 12;
    QTest::newRow("CMU ASF") << "cmu/asfamc/16_15.bvh" << 11;
    QTest::newRow("Bandai") << "bandai/dataset-2_walk-turn-left_normal_009.bvh" << 8;
    QTest::newRow("100STYLE") << "100style/Neutral_FW.bvh" << 8;
    QTest::newRow("GAMES-105") << "games105/walk_and_turn_left.bvh" << 8;
}

void TestMirror::everySource() {
    GS_REQUIRE_DATA();
    QFETCH(QString, file);
    QFETCH(int, pairs);
    const Clip clip = test::loadClip(test::dataPath(file));
    const auto partners = mirrorPartners(clip.skeleton);
    QVERIFY2(partners, partners.message().c_str());
    int found = 0;
    for (int j = 0; j < clip.jointCount(); ++j) found += (*partners)[j] > j ? 1 : 0;
    QCOMPARE(found, pairs);
    const auto mirror = mirrorClip(clip);
    QVERIFY2(mirror, mirror.message().c_str());
    const float turn = headingChangeDeg(clip), mirrored = headingChangeDeg(*mirror);
    QVERIFY2(std::abs(mirrored + turn) <= 3.0f,
             qPrintable(QString("%1 and %2").arg(turn).arg(mirrored)));
    QVERIFY(reflectionError(clip, *mirror, *partners) < 1e-4f);
    const auto back = mirrorClip(*mirror);
    QVERIFY(back);
    QVERIFY(sameBits(*back, clip));
}

QTEST_GUILESS_MAIN(TestMirror)
#include "tst_mirror.moc"

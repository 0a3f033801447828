// Clips from other capture setups, on skeletons made in the test: a synthetic walk written as BVH
// in the shape of each source (a static ground node above a moving pelvis, a ground node that
// carries the travel, six channels on every joint, children in another order, metres against
// centimetres, YXZ rotations, a Z-up world, a pelvis frame that does not face forward, CRLF and
// no final newline) imports as the same motion: every joint where it was, the same headings. And
// what a motion space makes of them: children reordered are one skeleton, a real difference is
// named, 60 and 100 fps clips share a space, a clip in place is refused.

#include <QTest>

#include <cmath>
#include <map>

#include "common/foreign_bvh.h"
#include "core/io/clip_import.h"
#include "core/clip/clip_kinematics.h"
#include "core/spaces/motion_space.h"
#include "core/clip/root_motion.h"
#include "core/clip/skeleton_match.h"
#include "core/synthetic/synthetic_gait.h"

using namespace gs;
using gs::test::ForeignShape;

Q_DECLARE_METATYPE(ForeignShape)

namespace {

const std::map<std::string, std::string> kBandaiNames = {
    {"pelvis", "Hips"},          {"thorax", "Chest"},        {"head", "Head"},
    {"lfemur", "UpperLeg_L"},    {"ltibia", "LowerLeg_L"},   {"lfoot", "Foot_L"},
    {"ltoes", "Toes_L"},         {"rfemur", "UpperLeg_R"},   {"rtibia", "LowerLeg_R"},
    {"rfoot", "Foot_R"},         {"rtoes", "Toes_R"},        {"lclavicle", "Shoulder_L"},
    {"lhumerus", "UpperArm_L"},  {"lradius", "LowerArm_L"},  {"lhand", "Hand_L"},
    {"rclavicle", "Shoulder_R"}, {"rhumerus", "UpperArm_R"}, {"rradius", "LowerArm_R"},
    {"rhand", "Hand_R"}};
const std::map<std::string, std::string> kGames105Names = {
    {"pelvis", "RootJoint"},   {"thorax", "lowerback_torso"},
    {"head", "torso_head"},    {"lfemur", "lHip"},
    {"ltibia", "lKnee"},       {"lfoot", "lAnkle"},
    {"ltoes", "lToeJoint"},    {"rfemur", "rHip"},
    {"rtibia", "rKnee"},       {"rfoot", "rAnkle"},
    {"rtoes", "rToeJoint"},    {"lclavicle", "lTorso_Clavicle"},
    {"lhumerus", "lShoulder"}, {"lradius", "lElbow"},
    {"lhand", "lWrist"},       {"rclavicle", "rTorso_Clavicle"},
    {"rhumerus", "rShoulder"}, {"rradius", "rElbow"},
    {"rhand", "rWrist"}};
const std::map<std::string, std::string> k100StyleNames = {
    {"pelvis", "Hips"},           {"thorax", "Chest"},           {"head", "Head"},
    {"lfemur", "LeftHip"},        {"ltibia", "LeftKnee"},        {"lfoot", "LeftAnkle"},
    {"ltoes", "LeftToe"},         {"rfemur", "RightHip"},        {"rtibia", "RightKnee"},
    {"rfoot", "RightAnkle"},      {"rtoes", "RightToe"},         {"lclavicle", "LeftCollar"},
    {"lhumerus", "LeftShoulder"}, {"lradius", "LeftElbow"},      {"lhand", "LeftWrist"},
    {"rclavicle", "RightCollar"}, {"rhumerus", "RightShoulder"}, {"rradius", "RightElbow"},
    {"rhand", "RightWrist"}};

Clip syntheticWalk(float curvature = 0.0f, float fps = 30.0f) {
    SyntheticGaitSettings s = SyntheticGaitSettings::preset(SyntheticGait::Walk);
    s.curvature = curvature;
    s.fps = fps;
    s.cycles = 3;
    auto clip = generateSyntheticGait(s);
    if (!clip) qFatal("synthetic walk: %s", clip.message().c_str());
    return *clip;
}

// The clip imported from foreign BVH text.
Expected<ImportedClips> importText(const std::string& text, const std::string& name,
                                   const ImportSettings& settings = {}) {
    return importClipsFromMemory(text, ".bvh", name + ".bvh", settings);
}

// Largest distance between the same joint (by name) of two clips, over every frame, in metres.
float largestJointDistance(const Clip& a, const Clip& b,
                           const std::map<std::string, std::string>& rename) {
    const auto pa = clipJointPositions(a), pb = clipJointPositions(b);
    float worst = 0.0f;
    for (int j = 0; j < a.jointCount(); ++j) {
        const auto it = rename.find(a.skeleton.names[j]);
        const int k = b.skeleton.jointIndex(it == rename.end() ? a.skeleton.names[j] : it->second);
        if (k < 0) return 1e9f;
        for (int f = 0; f < a.frameCount(); ++f)
            worst = std::max(worst, glm::distance(pa[static_cast<size_t>(f) * a.jointCount() + j],
                                                  pb[static_cast<size_t>(f) * b.jointCount() + k]));
    }
    return worst;
}

// Largest heading difference (degrees) between two clips' ground frames.
float largestHeadingDifference(const Clip& a, const Clip& b) {
    const auto ga = groundFrames(a), gb = groundFrames(b);
    float worst = 0.0f;
    for (size_t f = 0; f < ga.size() && f < gb.size(); ++f)
        worst = std::max(worst, std::abs(glm::degrees(wrapAngle(ga[f].heading - gb[f].heading))));
    return worst;
}

}  // namespace

class TestForeignCapture : public QObject {
    Q_OBJECT
private slots:
    void sameMotion_data() {
        QTest::addColumn<ForeignShape>("shape");
        QTest::addColumn<float>("metresPerUnit");
        QTest::addColumn<QString>("rootSays");
        ForeignShape cmu;
        QTest::newRow("CMU-like") << cmu << 0.01f << "root motion from 'pelvis'";
        ForeignShape bandai;
        bandai.groundRoot = "joint_Root";
        bandai.sixChannels = true;
        bandai.rename = kBandaiNames;
        bandai.crlf = true;
        bandai.finalNewline = false;
        QTest::newRow("Bandai: static ground node, six channels")
            << bandai << 0.01f << "root motion from 'Hips' ('joint_Root' is static)";
        ForeignShape carried = bandai;
        carried.groundCarriesTravel = true;
        QTest::newRow("Bandai one-cycle: the ground node carries the travel")
            << carried << 0.01f << "root motion from 'Hips' ('joint_Root' moves and is folded in)";
        ForeignShape games = {};
        games.reverseChildren = true;
        games.unitsPerMetre = 1.0f;
        games.rotationOrder = "XYZ";
        games.rename = kGames105Names;
        QTest::newRow("GAMES-105: metres, children reordered")
            << games << 1.0f << "root motion from 'RootJoint'";
        ForeignShape style;
        style.rotationOrder = "YXZ";
        style.rename = k100StyleNames;
        QTest::newRow("100STYLE: YXZ") << style << 0.01f << "root motion from 'Hips'";
        ForeignShape inches;
        inches.unitsPerMetre = 1.0f / 0.0254f;
        QTest::newRow("inches") << inches << 0.0254f << "root motion from 'pelvis'";
        ForeignShape zUp;
        zUp.zUp = true;
        zUp.rotationOrder =
            "XYZ";  // a root turned 90 deg about X: X first keeps the Euler angles exact
        QTest::newRow("Z up") << zUp << 0.01f << "root motion from 'pelvis'";
        ForeignShape turned;
        turned.pelvisFrameYawDeg = 90.0f;
        QTest::newRow("pelvis frame turned 90 deg")
            << turned << 0.01f << "root motion from 'pelvis'";
        ForeignShape all = bandai;
        all.reverseChildren = true;
        all.rotationOrder = "XZY";
        all.zUp = true;
        all.pelvisFrameYawDeg = -120.0f;
        all.unitsPerMetre = 1.0f;
        QTest::newRow("all at once")
            << all << 1.0f << "root motion from 'Hips' ('joint_Root' is static)";
    }
    void sameMotion() {
        QFETCH(ForeignShape, shape);
        QFETCH(float, metresPerUnit);
        QFETCH(QString, rootSays);
        const Clip original = syntheticWalk(0.3f);
        auto imported = importText(gs::test::foreignBvh(original, shape), "walk");
        QVERIFY2(imported, imported.message().c_str());
        const Clip& clip = imported->clips.front();
        QCOMPARE(clip.jointCount(), original.jointCount());
        QCOMPARE(clip.frameCount(), original.frameCount());
        QVERIFY2(std::abs(imported->units.scale - metresPerUnit) < 1e-4f * metresPerUnit,
                 qPrintable(QString::fromStdString(imported->units.reason)));
        QVERIFY2(QString::fromStdString(imported->rootMotion).startsWith(rootSays),
                 imported->rootMotion.c_str());
        const float joints = largestJointDistance(original, clip, shape.rename);
        QVERIFY2(joints < 2e-3f,
                 qPrintable(QString("a joint is %1 m from where it was").arg(joints)));
        const float heading = largestHeadingDifference(original, clip);
        QVERIFY2(heading < 1.0f, qPrintable(QString("a heading is %1 deg off (%2)")
                                                .arg(heading)
                                                .arg(QString::fromStdString(imported->facing))));
    }

    // The same skeleton whatever the order of children: a space of the two builds, in the first
    // clip's order; a real difference names the joint.
    void childrenInAnotherOrder() {
        ForeignShape reordered;
        reordered.reverseChildren = true;
        auto straight = importText(gs::test::foreignBvh(syntheticWalk(0.0f), {}), "straight");
        auto left = importText(gs::test::foreignBvh(syntheticWalk(0.4f), reordered), "left");
        QVERIFY2(straight && left, "import");
        QVERIFY(!straight->clips.front().skeleton.sameHierarchy(left->clips.front().skeleton));
        QVERIFY(sameJoints(straight->clips.front().skeleton, left->clips.front().skeleton));
        MotionSpaceDesc desc;
        desc.name = "walk";
        desc.clips = {straight->clips.front(), left->clips.front()};
        auto built = buildMotionSpace(desc);
        QVERIFY2(built, built.message().c_str());
        QVERIFY(built->skeleton.sameHierarchy(straight->clips.front().skeleton));

        ForeignShape renamed;
        renamed.rename = {{"ltibia", "lknee"}};
        auto other = importText(gs::test::foreignBvh(syntheticWalk(0.4f), renamed), "other");
        QVERIFY(other);
        desc.clips = {straight->clips.front(), other->clips.front()};
        auto refused = buildMotionSpace(desc);
        QVERIFY(!refused);
        QVERIFY2(QString::fromStdString(refused.message()).contains("joint 'ltibia' is missing"),
                 refused.message().c_str());
    }

    // 60 and 100 fps clips in one space, resampled to its 30 fps.
    void ratesResampled() {
        auto a = importText(gs::test::foreignBvh(syntheticWalk(0.0f, 60.0f), {}), "at60");
        auto b = importText(gs::test::foreignBvh(syntheticWalk(0.4f, 100.0f), {}), "at100");
        QVERIFY(a && b);
        QCOMPARE(a->clips.front().fps, 60.0f);
        QCOMPARE(b->clips.front().fps, 100.0f);
        MotionSpaceDesc desc;
        desc.name = "walk";
        desc.clips = {a->clips.front(), b->clips.front()};
        auto built = buildMotionSpace(desc);
        QVERIFY2(built, built.message().c_str());
        QCOMPARE(built->fps, 30.0f);
    }

    // A clip that does not travel walks from its feet by default; with the file's root motion
    // asked for it is named in place, and a space refuses it in one line.
    void inPlace() {
        Clip still = syntheticWalk(0.0f);
        for (glm::vec3& p : still.rootPositions) p = glm::vec3(0.0f, p.y, 0.0f);
        const std::string text = gs::test::foreignBvh(still, {});
        auto walked = importText(text, "treadmill");
        QVERIFY(walked);
        QVERIFY(walked->rootMotionSources.front().fromFeet);
        const float path = rootMotionStats(walked->clips.front()).pathLength;
        const float original = rootMotionStats(syntheticWalk(0.0f)).pathLength;
        QVERIFY2(std::abs(path - original) < 0.1f * original,
                 qPrintable(QStringLiteral("path %1 m, original %2 m").arg(path).arg(original)));

        ImportSettings fileRoot;
        fileRoot.rootMotion = RootMotionMode::File;
        auto imported = importText(text, "treadmill", fileRoot);
        QVERIFY(imported);
        bool warned = false;
        for (const std::string& w : imported->warnings)
            warned = warned || w.find("in place") != std::string::npos;
        QVERIFY2(warned, "no in-place warning");
        MotionSpaceDesc desc;
        desc.name = "walk";
        desc.clips = {syntheticWalk(0.0f), imported->clips.front()};
        auto refused = buildMotionSpace(desc);
        QVERIFY(!refused);
        const QString why = QString::fromStdString(refused.message());
        QVERIFY2(why.contains("treadmill") && why.contains("in place"), qPrintable(why));
    }
};

QTEST_APPLESS_MAIN(TestForeignCapture)
#include "tst_foreign_capture.moc"

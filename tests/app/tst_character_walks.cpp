// The bundled characters' own walks (RobotExpressive's Walking, Casual_Female's Walk): IK rigs
// whose feet hang off the root, in place, one cycle each. Imported, their hips and feet are found,
// the path recovered from the planted feet is a walk's (metres per cycle in proportion to how far
// each foot sweeps under the hips), and the project of each walk with bent turns steers 200 of
// 200 goals on three seeds with a stance skate of at most 1 cm/s.

#include <QTest>

#include <algorithm>
#include <cmath>

#include "common/cli_run.h"
#include "common/test_data.h"
#include "core/analysis/cycles.h"
#include "core/clip/clip_kinematics.h"
#include "core/clip/humanoid_names.h"
#include "core/clip/root_motion.h"
#include "core/io/clip_import.h"

using namespace gs;

namespace {

// A run that may take a minute on two busy cores.
test::CliRun longCli(const QStringList& args) {
    const test::ProgramRun r = test::runProgram(test::cliPath(), args, {}, {}, 600000);
    return {r.exitCode, r.out.toUtf8(), r.err.toUtf8()};
}

// How far a foot's ankle sweeps back and forth under the root along the direction of travel
// (metres), the larger of both feet.
float footSweep(const Clip& clip, const HumanoidJoints& roles, const glm::vec2& travel) {
    const std::vector<glm::vec3> p = clipJointPositions(clip);
    const int joints = clip.jointCount();
    float sweep = 0.0f;
    for (HumanoidRole role : {HumanoidRole::LeftFoot, HumanoidRole::RightFoot}) {
        float lo = 1e9f, hi = -1e9f;
        for (int f = 0; f < clip.frameCount(); ++f) {
            const glm::vec3 d =
                p[static_cast<size_t>(f) * joints + roles[role]] - clip.rootPositions[f];
            const float along = glm::dot(glm::vec2(d.x, d.z), travel);
            lo = std::min(lo, along);
            hi = std::max(hi, along);
        }
        sweep = std::max(sweep, hi - lo);
    }
    return sweep;
}

}  // namespace

class TestCharacterWalks : public QObject {
    Q_OBJECT

private slots:
    void pathFromTheFeet_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("animation");
        QTest::newRow("RobotExpressive Walking")
            << "characters/robot_expressive/RobotExpressive.glb"
            << "Walking";
        QTest::newRow("Casual_Female Walk")
            << "characters/quaternius_casual_female/Casual_Female.gltf"
            << "Walk";
    }
    void pathFromTheFeet() {
        GS_REQUIRE_DATA();
        QFETCH(QString, file);
        QFETCH(QString, animation);
        ImportSettings settings;
        settings.animation = animation.toStdString();
        auto imported = importClips(test::dataPath(file).toStdString(), settings);
        QVERIFY2(imported.isOk(), imported.message().c_str());
        QCOMPARE(imported->clips.size(), size_t(1));
        const Clip& clip = imported->clips.front();
        QCOMPARE(QString::fromStdString(clip.name), animation);
        QVERIFY(imported->rootMotionSources.front().fromFeet);

        // The hips and the feet, each foot below its shin as on a motion-capture skeleton.
        const HumanoidJoints roles = findHumanoidJoints(clip.skeleton);
        QVERIFY(roles[HumanoidRole::Hips] >= 0);
        QCOMPARE(clip.skeleton.parents[roles[HumanoidRole::LeftFoot]],
                 roles[HumanoidRole::LeftLeg]);
        QCOMPARE(clip.skeleton.parents[roles[HumanoidRole::RightFoot]],
                 roles[HumanoidRole::RightLeg]);
        const RootFigures figures = rootFigures(clip);
        QVERIFY(figures.hasFeet);
        QVERIFY2(figures.hipHeight > 0.5f && figures.hipHeight < 2.0f,
                 qPrintable(QString::number(figures.hipHeight)));

        // Gait cycles, and the path a walk covers in each.
        CycleJob cycles;
        cycles.clip = &clip;
        QVERIFY(cycles.run().isOk());
        QVERIFY2(cycles.output.periodic && cycles.output.cycles >= 2, cycles.output.source.c_str());
        const RootMotionStats stats = rootMotionStats(clip);
        const float perCycle = stats.pathLength / (clip.duration() / cycles.output.periodSeconds);
        const glm::vec3 way = clip.rootPositions.back() - clip.rootPositions.front();
        QVERIFY(glm::length(glm::vec2(way.x, way.z)) > 0.9f * stats.pathLength);  // straight
        const float sweep = footSweep(clip, roles, glm::normalize(glm::vec2(way.x, way.z)));
        const QString figuresText =
            QStringLiteral("%1 m per cycle, a foot sweeps %2 m").arg(perCycle).arg(sweep);
        QVERIFY2(perCycle > 1.0f, qPrintable(figuresText));
        // A person's stride is about 1.7 times the sweep; these cartoon walks slide their feet
        // back faster at mid-stance, and the recovered stride runs to about 2.4 times.
        QVERIFY2(perCycle > 1.5f * sweep && perCycle < 3.0f * sweep, qPrintable(figuresText));
    }

    // An animation the file does not hold is refused in one line that lists those it holds.
    void unknownAnimation() {
        GS_REQUIRE_DATA();
        ImportSettings settings;
        settings.animation = "Fly";
        auto imported = importClips(
            test::dataPath("characters/robot_expressive/RobotExpressive.glb").toStdString(),
            settings);
        QVERIFY(!imported.isOk());
        QVERIFY2(imported.message().find("no animation 'Fly' in the file (it holds Dance, ") == 0,
                 imported.message().c_str());
        QVERIFY(imported.message().find('\n') == std::string::npos);
    }

    void ownWalkSteers_data() {
        QTest::addColumn<QString>("project");
        QTest::newRow("RobotExpressive") << "robot_expressive_walk";
        QTest::newRow("Casual_Female") << "casual_female_walk";
    }
    void ownWalkSteers() {
        GS_REQUIRE_DATA();
        QFETCH(QString, project);
        const QString path =
            QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/projects/%1.gsproj").arg(project);
        for (const char* seed : {"1", "2", "3"}) {
            const test::CliRun r =
                longCli({"simulate", path, "--goals", "200", "--seed", seed, "--json"});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            const QJsonObject o = r.json();
            QVERIFY2(o["reached"].toInt() == 200,
                     qPrintable(
                         QStringLiteral("seed %1: %2 of 200").arg(seed).arg(o["reached"].toInt())));
            QVERIFY2(o["stance_skate_cm_s"].toDouble() <= 1.0,
                     qPrintable(QStringLiteral("seed %1: stance skate %2 cm/s")
                                    .arg(seed)
                                    .arg(o["stance_skate_cm_s"].toDouble())));
        }
    }
};

QTEST_GUILESS_MAIN(TestCharacterWalks)
#include "tst_character_walks.moc"

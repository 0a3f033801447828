// The window's scripted run with a skinned model (--model): each bundled character, steered by the
// arrive project to a goal 8 m from the origin, is drawn where the simulated character stands. The
// report's model_root_position (the drawn model's hips on the ground) is within 15 cm of the goal
// and of character_position; the three characters' legs are 1.1 to 1.9 times the clips' actor's,
// and the model once stood that many times the root's distance from the origin, 0.8 to 7 m off.

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include "common/test_data.h"
#include "test_settings.h"

namespace {

constexpr double kGoalX = 4.8, kGoalZ = 6.4;  // 8 m from the origin
constexpr double kTolerance = 0.15;           // metres

double distance(const QJsonArray& a, double x, double z) {
    return std::hypot(a[0].toDouble() - x, a[1].toDouble() - z);
}

}  // namespace

class TestModelReport : public QObject {
    Q_OBJECT
private slots:
    void modelOnTheGoal_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("male base mesh") << "characters/male_base_mesh/male_base_mesh.glb";
        QTest::newRow("Casual_Female") << "characters/quaternius_casual_female/Casual_Female.gltf";
        QTest::newRow("RobotExpressive") << "characters/robot_expressive/RobotExpressive.glb";
    }

    void modelOnTheGoal() {
        GS_REQUIRE_DATA();
        QFETCH(QString, file);
        QTemporaryDir dir;
        const QString report = dir.filePath("r.json");
        QProcess window;
        QProcessEnvironment env = gs::test::isolatedEnvironment(dir.filePath("home"));
        env.insert("GAITSPACE_DATA_DIR", gs::test::dataDir());
        window.setProcessEnvironment(env);
        window.start(
            QStringLiteral(GAITSPACE_EXE),
            {"--project",
             QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/projects/cmu_walk_jog_arrive.gsproj"),
             "--model", gs::test::dataPath(file), "--goal",
             QString("%1,%2").arg(kGoalX).arg(kGoalZ), "--seconds", "14", "--report", report});
        QVERIFY(window.waitForFinished(300000));
        QVERIFY2(window.exitStatus() == QProcess::NormalExit && window.exitCode() == 0,
                 window.readAllStandardError().constData());
        QFile f(report);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        // The model drawn is the file's, not the mannequin it falls back to.
        QVERIFY2(o["model"].toString().startsWith(QFileInfo(file).fileName()),
                 qPrintable(o["model"].toString()));
        const QJsonArray root = o["character_position"].toArray(),
                         model = o["model_root_position"].toArray();
        QCOMPARE(root.size(), 2);
        QCOMPARE(model.size(), 2);
        const double toGoal = distance(model, kGoalX, kGoalZ);
        const double toRoot = distance(model, root[0].toDouble(), root[1].toDouble());
        QVERIFY(toGoal < kTolerance);
        QVERIFY(toRoot < kTolerance);
    }
};

QTEST_GUILESS_MAIN(TestModelReport)
#include "tst_model_report.moc"

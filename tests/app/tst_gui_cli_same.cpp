// The GUI and the CLI run a project identically: both bake it through the one function of the
// project (project_bake.h) and drive its character through the runtime's Crowd. The GUI's live
// steering (SteeringDemo, what the viewport shows) steering to a goal, frame by frame, ends where
// `gaitspace-cli play --goal` ends, to the float.

#include <QJsonArray>
#include <QTest>

#include "app/gui/live/steering_demo.h"
#include "common/cli_run.h"
#include "common/test_data.h"

namespace {

QString demoProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj");
}

}  // namespace

class TestGuiCliSame : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qputenv("GAITSPACE_DATA_DIR", gs::test::dataDir().toLocal8Bit()); }

    void sameRun() {
        GS_REQUIRE_DATA();
        const float seconds = 4.0f;
        const gs::test::CliRun r =
            gs::test::runCli({"play", demoProject(), "--goal", "4,6", "--seconds", "4", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray cliEnd = r.json()["end_position"].toArray();
        QCOMPARE(cliEnd.size(), 2);

        auto project = gs::Project::load(demoProject());
        QVERIFY2(project, project.message().c_str());
        auto built = gs::buildLiveRun(*project, [](const QString&, int, int) {});
        QVERIFY2(built, built.message().c_str());
        gs::SteeringDemo demo(*built, false);
        QVERIFY2(demo.status(), demo.status().message().c_str());
        demo.setGoal({4.0f, 6.0f});
        const int frames = static_cast<int>(seconds * demo.motion().fps) + 1;
        for (int f = 0; f < frames; ++f) demo.step();
        QCOMPARE(demo.motion().frameCount(), frames);
        const glm::vec3 guiEnd = demo.motion().rootPositions.back();
        QVERIFY(glm::length(glm::vec2(guiEnd.x, guiEnd.z)) > 3.0f);  // it went somewhere
        QCOMPARE(guiEnd.x, static_cast<float>(cliEnd[0].toDouble()));
        QCOMPARE(guiEnd.z, static_cast<float>(cliEnd[1].toDouble()));
    }
};

QTEST_GUILESS_MAIN(TestGuiCliSame)
#include "tst_gui_cli_same.moc"

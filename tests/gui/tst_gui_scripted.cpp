// gaitspace's scripted runs, as the README and a person checking it use them: the CMU demo steered
// to a goal for 8 s of the live run writes a screenshot, a report in which the character has
// closed on the goal, and the frame-time distribution; with no motion capture in the data folder
// it opens the synthetic demo and says so once.

#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "common/test_data.h"
#include "test_settings.h"

namespace {

struct Run {
    int exitCode = -1;
    QString out, err;
    QJsonObject report;
};

Run gaitspace(const QStringList& args, const QString& dataDir, const QString& reportPath) {
    QProcess p;
    QProcessEnvironment env =
        gs::test::isolatedEnvironment(QFileInfo(reportPath).absolutePath() + "/home");
    env.insert("GAITSPACE_DATA_DIR", dataDir);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(GAITSPACE_EXE), args);
    Run r;
    if (!p.waitForFinished(300000)) return r;
    r.exitCode = p.exitCode();
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError());
    QFile f(reportPath);
    if (f.open(QIODevice::ReadOnly)) r.report = QJsonDocument::fromJson(f.readAll()).object();
    return r;
}

}  // namespace

class TestGuiScripted : public QObject {
    Q_OBJECT
private slots:
    void demoToAGoal() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        const QString shot = dir.filePath("shot.png"), report = dir.filePath("r.json");
        const Run r =
            gaitspace({"--project",
                       QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj"),
                       "--screenshot", shot, "--seconds", "8", "--goal", "4,6", "--report", report,
                       "--benchmark"},
                      gs::test::dataDir(), report);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(QImage(shot).width() > 600);
        const QJsonObject o = r.report;
        for (const char* key : {"fps", "frames", "goal", "character_position", "distance_to_goal",
                                "style_weights", "blend", "reached_goals"})
            QVERIFY2(o.contains(key), key);
        QCOMPARE(o["goal"].toArray()[0].toDouble(), 4.0);
        QCOMPARE(o["goal"].toArray()[1].toDouble(), 6.0);
        QVERIFY(o["seconds"].toDouble() >= 8.0);
        // From the origin the goal is 7.2 m away; a walk covers that in about 6 s.
        QVERIFY(o["distance_to_goal"].toDouble() < 2.0 || o["reached_goals"].toInt() >= 1);
        QVERIFY(o["frames"].toInt() > 10);
        QVERIFY(r.out.contains("frame time ms: median"));
    }

    // Started with no file, on a 1280 x 720 screen, the window opens the built-in demo as an
    // untitled copy, no larger than the screen, and steers.
    void demoAt1280x720() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        const QString shot = dir.filePath("shot.png"), report = dir.filePath("r.json");
        const Run r = gaitspace(
            {"--size", "1280x720", "--screenshot", shot, "--seconds", "3", "--report", report},
            gs::test::dataDir(), report);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QImage(shot).size(), QSize(1280, 720));
        QCOMPARE(r.report["spaces"].toArray().size(), 2);
        QVERIFY(r.report["seconds"].toDouble() >= 3.0);
    }

    void syntheticWithoutData() {
        QTemporaryDir dir, empty;
        const QString report = dir.filePath("r.json");
        const Run r = gaitspace(
            {"--screenshot", dir.filePath("shot.png"), "--seconds", "3", "--report", report},
            empty.path(), report);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.report["spaces"].toArray().size(), 3);  // walk, jog, run
        QCOMPARE(r.report["spaces"].toArray()[2].toString(), QStringLiteral("run"));
        QVERIFY(r.report["seconds"].toDouble() >= 3.0);
    }
};

QTEST_GUILESS_MAIN(TestGuiScripted)
#include "tst_gui_scripted.moc"

// The runtime links alone: examples/runtime_only (gs_runtime only) depends on no Qt and no
// Assimp library, and steers a crowd with a space baked by gaitspace-cli.

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "common/cli_run.h"
#include "common/test_data.h"

class TestRuntimeOnly : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qputenv("GAITSPACE_DATA_DIR", gs::test::dataDir().toLocal8Bit()); }

    void linksNeitherQtNorAssimp() {
        QProcess ldd;
        ldd.start("ldd", {QStringLiteral(RUNTIME_ONLY_EXE)});
        QVERIFY(ldd.waitForFinished(30000));
        const QString libraries = QString::fromLocal8Bit(ldd.readAllStandardOutput());
        qInfo("%s", qPrintable(libraries.simplified()));
        QVERIFY(libraries.contains("libc.so"));
        QVERIFY2(!libraries.contains("Qt", Qt::CaseInsensitive), "runtime_only links Qt");
        QVERIFY2(!libraries.contains("assimp", Qt::CaseInsensitive), "runtime_only links Assimp");
    }

    void steersABakedCrowd() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        const QString baked = dir.filePath("demo.gspace");
        const gs::test::CliRun bake = gs::test::runCli(
            {"bake", QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj"), "-o", baked});
        QCOMPARE(bake.exitCode, 0);
        QProcess run;
        run.start(QStringLiteral(RUNTIME_ONLY_EXE), {baked, "50", "20", "2"});
        QVERIFY(run.waitForFinished(120000));
        const QString out = QString::fromLocal8Bit(run.readAllStandardOutput());
        qInfo("%s", qPrintable(out.trimmed()));
        QCOMPARE(run.exitCode(), 0);
        const auto m = QRegularExpression("goals reached (\\d+)").match(out);
        QVERIFY(m.hasMatch());
        // 50 characters for 20 s, goals 3-13 m away at 1.2-2.5 m/s: well over one each.
        QVERIFY(m.captured(1).toInt() >= 50);

        // Baked with the subject's stops and starts, the characters stop on their goals, stand
        // and start toward the next.
        const QString arrive = dir.filePath("arrive.gspace");
        const gs::test::CliRun bakeArrive = gs::test::runCli(
            {"bake", QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/projects/cmu_walk_jog_arrive.gsproj"), "-o", arrive});
        QCOMPARE(bakeArrive.exitCode, 0);
        QProcess stopping;
        stopping.start(QStringLiteral(RUNTIME_ONLY_EXE), {arrive, "20", "30", "2"});
        QVERIFY(stopping.waitForFinished(120000));
        const QString stopped = QString::fromLocal8Bit(stopping.readAllStandardOutput());
        qInfo("%s", qPrintable(stopped.trimmed()));
        QCOMPARE(stopping.exitCode(), 0);
        const auto s = QRegularExpression("goals reached (\\d+), stood on (\\d+)").match(stopped);
        QVERIFY(s.hasMatch());
        // 20 characters for 30 s, goals 3-13 m away, a second stood on each: every one stands on
        // a goal at least twice, and every goal reached is stood on.
        QVERIFY2(s.captured(2).toInt() >= 40, qPrintable(stopped));
        QCOMPARE(s.captured(2), s.captured(1));

        // A file that is not a baked space is refused with a line naming it.
        QProcess bad;
        bad.start(QStringLiteral(RUNTIME_ONLY_EXE), {QStringLiteral(GAITSPACE_SOURCE_DIR "/README.md")});
        QVERIFY(bad.waitForFinished(30000));
        QCOMPARE(bad.exitCode(), 1);
        const QString err = QString::fromLocal8Bit(bad.readAllStandardError());
        QVERIFY(err.contains("README.md"));
        QCOMPARE(err.trimmed().count('\n'), 0);
    }
};

QTEST_GUILESS_MAIN(TestRuntimeOnly)
#include "tst_runtime_only.moc"

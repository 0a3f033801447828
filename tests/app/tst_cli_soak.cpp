// gaitspace-cli soak, shortened for CI (100 characters for 3 simulated minutes at 60 Hz, on two
// threads; the full hour of 1,000 characters is the same command with its defaults): no NaN, no
// character stuck short of its goal, the spaces' gaits together within 2 frames at the end, and
// memory flat from the first minute on.

#include <QTest>

#include "common/cli_run.h"
#include "common/test_data.h"

class TestCliSoak : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qputenv("GAITSPACE_DATA_DIR", gs::test::dataDir().toLocal8Bit()); }

    void soak() {
        GS_REQUIRE_DATA();
        const gs::test::CliRun r = gs::test::runCli(
            {"soak", QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj"),
             "--characters", "100", "--minutes", "3", "--json"});
        QVERIFY(r.isOneObject());
        const QJsonObject o = r.json();
        QCOMPARE(r.exitCode, 0);
        QVERIFY(o["pass"].toBool());
        QCOMPARE(o["nan_frames"].toInt(), 0);
        QCOMPARE(o["stuck_characters"].toInt(), 0);
        QVERIFY(o["goals_reached"].toDouble() >
                100 * 3 * 60 / 15.0);  // a goal every 15 s or better
        QVERIFY(o["phase_error_frames"].toDouble() <= 2.0);
        QVERIFY(o["memory_growth"].toDouble() < 0.01);
        QVERIFY(o["style_changes"].toDouble() > 0);

        // Bad arguments get one line and exit 2.
        const gs::test::CliRun bad = gs::test::runCli({"soak", "x.gsproj", "--characters", "0"});
        QCOMPARE(bad.exitCode, 2);
        QCOMPARE(bad.err.trimmed().count('\n'), 0);
    }
};

QTEST_GUILESS_MAIN(TestCliSoak)
#include "tst_cli_soak.moc"

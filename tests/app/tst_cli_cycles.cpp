// gaitspace-cli cycles: period and cycles of a walk; a jump is not periodic.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include "common/cli_run.h"
#include "common/test_data.h"

namespace {

using Run = gs::test::CliRun;
Run cli(const QStringList& args) { return gs::test::runCli(args); }

}  // namespace

class TestCliCycles : public QObject {
    Q_OBJECT
private slots:
    void walk() {
        GS_REQUIRE_DATA();
        const Run r = cli({"cycles", gs::test::cmuClip("16_15"), "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.isOneObject());
        const QJsonObject o = r.json();
        QVERIFY(o["periodic"].toBool());
        QVERIFY(std::abs(o["period_frames"].toDouble() - 35.0) <= 2.0);
        QVERIFY(o["period_s"].toDouble() >= 0.9 && o["period_s"].toDouble() <= 1.3);
        QCOMPARE(o["cycles"].toInt(), 3);
        QCOMPARE(o["heel_strikes"].toObject()["left"].toArray().size(), 4);
    }

    void jump() {
        GS_REQUIRE_DATA();
        const Run r = cli({"cycles", gs::test::cmuClip("16_03"), "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(!r.json()["periodic"].toBool());
        QCOMPARE(r.json()["cycles"].toInt(), 0);
    }

    void errors() {
        QCOMPARE(cli({"cycles"}).exitCode, 2);
        const Run r = cli({"cycles", "no-such-file.bvh"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains("no-such-file.bvh"));
    }
};

QTEST_GUILESS_MAIN(TestCliCycles)
#include "tst_cli_cycles.moc"

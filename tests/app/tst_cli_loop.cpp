// gaitspace-cli loop: a two-cycle loop of a walk, written as BVH, imports again and loops.

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

class TestCliLoop : public QObject {
    Q_OBJECT
private slots:
    void walkTwoCycles() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        const QString out = dir.filePath("loop.bvh");
        const Run r =
            cli({"loop", gs::test::cmuClip("16_15"), "--cycles", "2", "-o", out, "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.isOneObject());
        const QJsonObject o = r.json();
        QCOMPARE(o["cycles"].toInt(), 2);
        QVERIFY(o["frames"].toInt() > 60 && o["frames"].toInt() < 80);
        QVERIFY(o["seam_step_ratio"].toDouble() <= 1.2);
        QVERIFY(o.contains("seam_error_m") && o.contains("seam_error_deg"));

        // Imports again; its last pose is its first, and its own loop of 2 cycles is clean.
        const gs::Clip loop = gs::test::loadClip(out);
        QCOMPARE(loop.frameCount(), o["frames"].toInt());
        const int last = loop.frameCount() - 1;
        for (int j = 1; j < loop.jointCount(); ++j)
            QVERIFY(std::abs(glm::dot(loop.frameRotations(0)[j], loop.frameRotations(last)[j])) >
                    0.9999f);
        const Run again = cli({"cycles", out, "--json"});
        QCOMPARE(again.exitCode, 0);
        QVERIFY(again.json()["periodic"].toBool());
        QCOMPARE(again.json()["cycles"].toInt(), 2);
    }

    void errors() {
        GS_REQUIRE_DATA();
        QCOMPARE(cli({"loop", gs::test::cmuClip("16_15"), "--cycles", "x"}).exitCode, 2);
        Run r = cli({"loop", gs::test::cmuClip("16_15"), "--cycles", "9", "--json"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains("cycle"));
        QVERIFY(r.out.isEmpty());
        r = cli({"loop", gs::test::cmuClip("16_02")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains("periodic"));
    }
};

QTEST_GUILESS_MAIN(TestCliLoop)
#include "tst_cli_loop.moc"

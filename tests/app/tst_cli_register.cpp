// gaitspace-cli register: the registration curve of a veering walk against a straight one.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "common/cli_run.h"
#include "common/test_data.h"

namespace {

using Run = gs::test::CliRun;
Run cli(const QStringList& args) { return gs::test::runCli(args); }

}  // namespace

class TestCliRegister : public QObject {
    Q_OBJECT
private slots:
    void veerLeftAgainstStraight() {
        GS_REQUIRE_DATA();
        const Run r =
            cli({"register", gs::test::cmuClip("16_11"), gs::test::cmuClip("16_15"), "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.isOneObject());
        const QJsonObject o = r.json();
        QVERIFY(o["monotone"].toBool());
        const QJsonArray warp = o["timewarp"].toArray();
        const QJsonArray alignment = o["alignment"].toArray();
        QVERIFY(warp.size() > 80);
        QCOMPARE(alignment.size(), warp.size());
        for (qsizetype k = 1; k < warp.size(); ++k) {
            QVERIFY(warp[k].toArray()[0].toDouble() > warp[k - 1].toArray()[0].toDouble());
            QVERIFY(warp[k].toArray()[1].toDouble() > warp[k - 1].toArray()[1].toDouble());
        }
        QCOMPARE(alignment[0].toArray().size(), 3);
        QVERIFY(o["residual_m"].toDouble() <= 0.8 * o["identity_residual_m"].toDouble());
        QVERIFY(o["constraint_matches"].toArray().size() >= 4);
    }

    void errors() {
        GS_REQUIRE_DATA();
        QCOMPARE(cli({"register", gs::test::cmuClip("16_15")}).exitCode, 2);
        QCOMPARE(cli({"register", gs::test::cmuClip("16_15"), gs::test::cmuClip("16_15"), "--start",
                      "x"})
                     .exitCode,
                 2);
        const Run r = cli({"register", gs::test::cmuClip("16_15"), gs::test::cmuClip("16_16"),
                           "--start", "50,50", "--end", "10,60"});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err.trimmed().count('\n'), 0);
    }
};

QTEST_GUILESS_MAIN(TestCliRegister)
#include "tst_cli_register.moc"

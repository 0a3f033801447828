// gaitspace-cli matchweb: JSON figures, the PNG heat map and the CSV grid, and its errors.

#include <QImage>
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

class TestCliMatchWeb : public QObject {
    Q_OBJECT
private slots:
    void selfWebWithPngAndCsv() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        const QString png = dir.filePath("web.png"), csv = dir.filePath("web.csv");
        const QString clip = gs::test::cmuClip("16_15");
        const Run r = cli({"matchweb", clip, clip, "--png", png, "--csv", csv, "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.isOneObject());
        const QJsonObject o = r.json();
        QCOMPARE(o["rows"].toInt(), 117);
        QCOMPARE(o["cols"].toInt(), 117);
        QVERIFY(o["minima"].toInt() > 0);
        QVERIFY(o["seconds"].toDouble() > 0.0);
        const QJsonArray chains = o["chains"].toArray();
        QVERIFY(chains.size() >= 5);  // the diagonal and lags P, 2P on both sides
        for (const auto& c : chains) {
            QCOMPARE(c.toObject()["start"].toArray().size(), 2);
            QCOMPARE(c.toObject()["end"].toArray().size(), 2);
            QVERIFY(c.toObject().contains("mean_cost"));
        }
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 117 && image.height() == image.width());
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 117);
        QCOMPARE(lines[0].split(',').size(), 117);
    }

    void twoClips() {
        GS_REQUIRE_DATA();
        const Run r =
            cli({"matchweb", gs::test::cmuClip("16_11"), gs::test::cmuClip("16_15"), "--json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()["rows"].toInt(), 133);
        QCOMPARE(r.json()["cols"].toInt(), 117);
    }

    void errors() {
        GS_REQUIRE_DATA();
        QCOMPARE(cli({"matchweb"}).exitCode, 2);
        const Run r = cli(
            {"matchweb", gs::test::cmuClip("16_15"), gs::test::dataPath("cmu/cgspeed/16_11.bvh")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err.trimmed().count('\n'), 0);
        QVERIFY(r.err.contains("skeleton"));
    }
};

QTEST_GUILESS_MAIN(TestCliMatchWeb)
#include "tst_cli_matchweb.moc"

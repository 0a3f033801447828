// gaitspace-cli inspect: the JSON it prints, its exit status and its one-line errors.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "common/cli_run.h"
#include "common/test_data.h"

class TestCliInspect : public QObject {
    Q_OBJECT

    using Run = gs::test::CliRun;
    static Run cli(const QStringList& args) { return gs::test::runCli(args); }

private slots:
    void veerLeftThenRight() {
        GS_REQUIRE_DATA();
        const Run r =
            cli({"inspect", gs::test::cmuClip("16_11"), gs::test::cmuClip("16_13"), "--json"});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError err;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &err);
        QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(err.errorString()));
        const QJsonArray clips = doc.object()["clips"].toArray();
        QCOMPARE(clips.size(), 2);
        QVERIFY(doc.object()["errors"].toArray().isEmpty());
        for (const char* key :
             {"file", "name", "frames", "fps", "duration_s", "joints", "hip_height_m",
              "path_length_m", "speed_mps", "heading_change_deg", "heel_strikes"})
            QVERIFY2(clips[0].toObject().contains(key), key);
        QCOMPARE(clips[0].toObject()["frames"].toInt(), 133);
        QCOMPARE(clips[0].toObject()["fps"].toDouble(), 30.0);
        QVERIFY(clips[0].toObject()["heading_change_deg"].toDouble() > 20.0);
        QVERIFY(clips[1].toObject()["heading_change_deg"].toDouble() < -20.0);
        const QJsonObject strikes = clips[0].toObject()["heel_strikes"].toObject();
        QVERIFY(strikes["left"].toArray().size() >= 2);
        QVERIFY(strikes["right"].toArray().size() >= 2);
    }

    void truncatedFileFails() {
        GS_REQUIRE_DATA();
        QFile good(gs::test::cmuClip("16_15"));
        QVERIFY(good.open(QIODevice::ReadOnly));
        const QByteArray bytes = good.readAll();
        QTemporaryDir dir;
        const QString bad = dir.filePath("cut.bvh");
        QFile out(bad);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes.left(bytes.size() / 2));
        out.close();
        const Run r = cli({"inspect", gs::test::cmuClip("16_15"), bad, "--json"});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc["clips"].toArray().size(), 1);  // the good file is still reported
        QCOMPARE(doc["errors"].toArray().size(), 1);
        QVERIFY(doc["errors"].toArray()[0].toObject()["message"].toString().contains("truncated"));
        const QList<QByteArray> lines = r.err.trimmed().split('\n');
        QCOMPARE(lines.size(), 1);
        QVERIFY(lines[0].contains("cut.bvh"));
    }

    void usageErrors() {
        QCOMPARE(cli({"inspect"}).exitCode, 2);
        QCOMPARE(cli({"no-such-command"}).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliInspect)
#include "tst_cli_inspect.moc"

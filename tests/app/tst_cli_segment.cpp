// gaitspace-cli segment: the JSON of a take's segments, its text lines, and one-line refusals of
// bad input (exit 1: unreadable file, no gait, no feet) and bad usage (exit 2).

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include "common/cli_run.h"
#include "common/generated_bvh.h"
#include "common/test_data.h"

using namespace gs;

class TestCliSegment : public QObject {
    Q_OBJECT
private slots:
    void json() {
        GS_REQUIRE_DATA();
        const QString turn = test::cmuClip("16_19");
        const test::CliRun r = test::runCli({"segment", turn, "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.isOneObject());
        const QJsonArray takes = r.json()["takes"].toArray();
        QCOMPARE(takes.size(), 1);
        const QJsonObject take = takes[0].toObject();
        for (const char* key :
             {"file", "clip", "frames", "fps", "period_frames", "period_source", "segments"})
            QVERIFY2(take.contains(key), key);
        QCOMPARE(take["file"].toString(), turn);
        QCOMPARE(take["frames"].toInt(), 102);
        const QJsonArray segments = take["segments"].toArray();
        QVERIFY(!segments.isEmpty());
        int next = 0, turns = 0;
        for (const QJsonValue& v : segments) {
            const QJsonObject s = v.toObject();
            for (const char* key : {"label", "gait", "frames", "speed_mps", "curvature_rad_m",
                                    "turn_rad", "cycles", "loops"})
                QVERIFY2(s.contains(key), key);
            const QJsonArray frames = s["frames"].toArray();
            QCOMPARE(frames.size(), 2);
            QCOMPARE(frames[0].toInt(), next);  // the segments cover the take in order
            next = frames[1].toInt() + 1;
            QCOMPARE(s["gait"].toString(), QString("walk"));
            if (s["label"].toString() == "turn_right") {
                ++turns;
                QVERIFY(s["curvature_rad_m"].toDouble() < -0.5);
            }
        }
        QCOMPARE(next, 102);
        QCOMPARE(turns, 1);
    }

    void text() {
        GS_REQUIRE_DATA();
        const test::CliRun r =
            test::runCli({"segment", test::cmuClip("16_31"), test::cmuClip("16_33")});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains(" start ") && out.contains(" stop ") && out.contains(" standing "),
                 r.out.constData());
        QVERIFY(r.err.isEmpty());
    }

    void badInput() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // A jump has no gait: one line naming the file and why; the good take is still printed.
        const QString jump = test::cmuClip("16_01");
        test::CliRun r = test::runCli({"segment", test::cmuClip("16_15"), jump, "--json"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.isOneObject());
        QCOMPARE(r.json()["takes"].toArray().size(), 1);
        const QStringList lines = QString::fromUtf8(r.err).split('\n', Qt::SkipEmptyParts);
        const QStringList errors = lines.filter("no gait");
        QCOMPARE(errors.size(), 1);
        QVERIFY(errors.front().startsWith("gaitspace-cli: " + jump + ": no gait"));
        // A file that is not there.
        const QString missing = dir.filePath("missing.bvh");
        r = test::runCli({"segment", missing});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err.trimmed().count('\n'), 0);
        QVERIFY(QString::fromUtf8(r.err).contains(missing));
        // A skeleton without feet.
        const QString feetless = dir.filePath("feetless.bvh");
        test::writeBytes(feetless,
                         test::generatedBvh(60).replace("Left", "Port").replace("Right", "Star"));
        r = test::runCli({"segment", feetless});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(QString::fromUtf8(r.err).contains(feetless + ": cannot find the feet"),
                 r.err.constData());
    }

    void badUsage() {
        const test::CliRun r = test::runCli({"segment"});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err.trimmed().count('\n'), 0);
    }
};

QTEST_GUILESS_MAIN(TestCliSegment)
#include "tst_cli_segment.moc"

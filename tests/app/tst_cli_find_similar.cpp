// gaitspace-cli find-similar: the JSON of a walk cycle's matches (other walks, never itself, no
// run), the text lines, the query file searched only when listed, and one-line refusals of bad
// usage (exit 2: no FILE, a malformed FILE:FIRST-LAST, frames outside the clip) and bad files
// (exit 1: missing, another skeleton) while the readable files are still searched.

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include "common/cli_run.h"
#include "common/test_data.h"

using namespace gs;

namespace {

// One walk cycle of 16_15: from its first right foot strike to the next (tst_similar_spans).
const QString kCycle = "16-51";

QStringList errorLines(const test::CliRun& r) {
    return QString::fromUtf8(r.err).split('\n', Qt::SkipEmptyParts).filter("gaitspace-cli: ");
}

}  // namespace

class TestCliFindSimilar : public QObject {
    Q_OBJECT
private slots:
    void json() {
        GS_REQUIRE_DATA();
        const QString walk = test::cmuClip("16_15"), other = test::cmuClip("16_16"),
                      run = test::cmuClip("16_45");
        const test::CliRun r =
            test::runCli({"find-similar", walk + ":" + kCycle, walk, other, run, "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.isOneObject());
        const QJsonObject query = r.json()["query"].toObject();
        QCOMPARE(query["file"].toString(), walk);
        QCOMPARE(query["first"].toInt(), 16);
        QCOMPARE(query["last"].toInt(), 51);
        const QJsonArray matches = r.json()["matches"].toArray();
        QVERIFY(matches.size() >= 3);
        double previous = 0.0;
        int inWalk = 0, inOther = 0;
        for (const QJsonValue& v : matches) {
            const QJsonObject m = v.toObject();
            for (const char* key : {"file", "first", "last", "cost", "coverage"})
                QVERIFY2(m.contains(key), key);
            QVERIFY(m["cost"].toDouble() >= previous);  // cheapest first
            previous = m["cost"].toDouble();
            QVERIFY(m["last"].toInt() > m["first"].toInt());
            QVERIFY(m["coverage"].toDouble() > 0.0 && m["coverage"].toDouble() <= 1.0);
            QVERIFY(m["file"].toString() != run);
            if (m["file"].toString() == walk) {
                ++inWalk;
                // Not the query itself.
                QVERIFY(m["first"].toInt() >= 45 || m["last"].toInt() <= 22);
            }
            inOther += m["file"].toString() == other;
        }
        QVERIFY(inWalk >= 1);
        QVERIFY(inOther >= 2);
        QVERIFY(r.err.isEmpty());
    }

    // The query file is searched only when it is listed.
    void queryFileListedOrNot() {
        GS_REQUIRE_DATA();
        const QString walk = test::cmuClip("16_15"), other = test::cmuClip("16_16");
        const test::CliRun r = test::runCli({"find-similar", walk + ":" + kCycle, other, "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray matches = r.json()["matches"].toArray();
        QVERIFY(!matches.isEmpty());
        for (const QJsonValue& v : matches) QCOMPARE(v.toObject()["file"].toString(), other);
    }

    void text() {
        GS_REQUIRE_DATA();
        const QString walk = test::cmuClip("16_15"), other = test::cmuClip("16_16");
        const test::CliRun r = test::runCli({"find-similar", walk + ":" + kCycle, other});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
        QVERIFY2(lines.size() >= 3, r.out.constData());
        QVERIFY(lines.front().startsWith("query " + walk + " frames 16-51"));
        QVERIFY(lines[1].trimmed().startsWith(other + " "));
        QVERIFY(lines[1].contains(" cost "));
    }

    void badUsage_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("cause");
        const QString walk = test::cmuClip("16_15"), other = test::cmuClip("16_16");
        QTest::newRow("nothing to search") << QStringList{walk + ":" + kCycle} << "at least one";
        QTest::newRow("no span") << QStringList{walk, other} << "not FILE:FIRST-LAST";
        QTest::newRow("letters") << QStringList{walk + ":a-b", other} << "not FILE:FIRST-LAST";
        QTest::newRow("one frame") << QStringList{walk + ":20", other} << "not FILE:FIRST-LAST";
        QTest::newRow("backwards") << QStringList{walk + ":40-20", other} << "must come after";
        QTest::newRow("past the end")
            << QStringList{walk + ":16-500", other} << "outside the clip (frames 0-116)";
        QTest::newRow("max cost") << QStringList{walk + ":" + kCycle, other, "--max-cost", "-1"}
                                  << "--max-cost";
    }
    void badUsage() {
        GS_REQUIRE_DATA();
        QFETCH(QStringList, args);
        QFETCH(QString, cause);
        const test::CliRun r = test::runCli(QStringList{"find-similar"} + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        const QStringList errors = errorLines(r);
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.front().contains(cause), qPrintable(errors.front()));
    }

    // Unreadable files and clips of another skeleton are named on one line each (exit 1); the
    // others are still searched and printed.
    void badFiles() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString walk = test::cmuClip("16_15"), other = test::cmuClip("16_16");
        const QString missing = dir.filePath("missing.bvh");
        const QString foreign = test::dataPath("100style/Neutral_FW.bvh");
        test::CliRun r =
            test::runCli({"find-similar", walk + ":" + kCycle, missing, other, foreign, "--json"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.isOneObject());
        QVERIFY(r.json()["matches"].toArray().size() >= 2);
        QStringList errors = errorLines(r);
        QCOMPARE(errors.size(), 2);
        QVERIFY2(errors[0].startsWith("gaitspace-cli: " + missing + ": "), qPrintable(errors[0]));
        QVERIFY2(errors[1].startsWith("gaitspace-cli: " + foreign + ": not searched: "),
                 qPrintable(errors[1]));
        QVERIFY(errors[1].contains("skeleton"));

        // An unreadable query: one line, exit 1, nothing on stdout.
        r = test::runCli({"find-similar", missing + ":1-20", other});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.isEmpty());
        errors = errorLines(r);
        QCOMPARE(errors.size(), 1);
        QVERIFY(errors.front().startsWith("gaitspace-cli: " + missing + ": "));
    }
};

QTEST_GUILESS_MAIN(TestCliFindSimilar)
#include "tst_cli_find_similar.moc"

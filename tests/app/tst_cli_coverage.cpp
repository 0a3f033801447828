// gaitspace-cli coverage: one JSON object with each space's turns, speeds, stops, starts and
// missing lines; text an animator reads; one-line refusals of bad input (exit 1) and bad usage
// (exit 2); and the issue's mirror target: a walk space whose left turns are all mirrors of its
// right turns reaches 200 of 200 goals on three seeds, with a time ratio within 10 % of the same
// space with the captured left turns.

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include "common/cli_run.h"
#include "common/generated_bvh.h"
#include "common/test_data.h"

using namespace gs;

namespace {

using Run = test::CliRun;
Run cli(const QStringList& args) { return test::runCli(args); }

// A run that may take minutes on two busy cores (a space built and 200 goals chased).
Run longCli(const QStringList& args) {
    const test::ProgramRun r = test::runProgram(test::cliPath(), args, {}, {}, 600000);
    return {r.exitCode, r.out.toUtf8(), r.err.toUtf8()};
}

QString shipped(const QString& name) {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/projects/%1.gsproj").arg(name);
}

QString cmuSource(const QString& id) {
    return QStringLiteral("${GAITSPACE_DATA_DIR}/cmu/%1.bvh").arg(id);
}

// The walk space of cmu_walk_turns.gsproj (its settings copied) with the right turns 16_19 and
// 16_20, the straight 16_15 and 16_16, and for its left either the captured left turns 16_17
// and 16_18, the right turns mirrored ("<id>_mirror", "mirror": true), or none.
enum class Left { Captured, Mirrored, None };
QByteArray walkTurnsProject(Left left) {
    QJsonArray clips, ids;
    auto add = [&](const QString& id, const QString& source, bool mirror) {
        QJsonObject c{{"id", id}, {"source", cmuSource(source)}};
        if (mirror) c["mirror"] = true;
        clips.append(c);
        ids.append(id);
    };
    for (const char* id : {"16_19", "16_20", "16_15", "16_16"}) add(id, id, false);
    if (left == Left::Captured)
        for (const char* id : {"16_17", "16_18"}) add(id, id, false);
    if (left == Left::Mirrored)
        for (const char* id : {"16_19", "16_20"}) add(QString(id) + "_mirror", id, true);
    const QJsonObject project{
        {"format", "gaitspace-project"},
        {"version", 1},
        {"name", "CMU subject 16: walk turns"},
        {"clips", clips},
        {"spaces",
         QJsonArray{QJsonObject{{"name", "walk"}, {"clips", ids}, {"reference", "16_15"}}}},
        {"settings",
         QJsonObject{
             {"fps", 30}, {"cycles", 0}, {"style_increment", 0.1}, {"max_blend_rate", 0.1}}}};
    return QJsonDocument(project).toJson();
}

bool anyContains(const QJsonArray& lines, const QString& text) {
    for (const QJsonValue& v : lines)
        if (v.toString().contains(text)) return true;
    return false;
}

}  // namespace

class TestCliCoverage : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { qputenv("GAITSPACE_DATA_DIR", test::dataDir().toLocal8Bit()); }

    // The arrive project: one object, a space each with every key; walk and jog stop and start
    // (the jog with the walk's starts) and miss nothing.
    void jsonKeys() {
        GS_REQUIRE_DATA();
        const Run r = cli({"coverage", shipped("cmu_walk_jog_arrive"), "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.isOneObject());
        const QJsonArray spaces = r.json()["spaces"].toArray();
        QCOMPARE(spaces.size(), 2);
        for (const QJsonValue& v : spaces) {
            const QJsonObject s = v.toObject();
            for (const char* key : {"space", "tightest_radius_left_m", "tightest_radius_right_m",
                                    "speed_mps", "stops", "starts", "starts_from", "missing"})
                QVERIFY2(s.contains(key), key);
            QVERIFY(s["tightest_radius_left_m"].isDouble());
            QVERIFY(s["tightest_radius_right_m"].isDouble());
            QVERIFY(s["tightest_radius_left_m"].toDouble() < 1.5);
            QVERIFY(s["tightest_radius_right_m"].toDouble() < 1.5);
            const QJsonArray speed = s["speed_mps"].toArray();
            QCOMPARE(speed.size(), 2);
            QVERIFY(speed[0].toDouble() > 0.5 && speed[0].toDouble() <= speed[1].toDouble());
            QVERIFY(s["stops"].toBool());
            QVERIFY(s["starts"].toBool());
            QCOMPARE(s["starts_from"].toString(), QStringLiteral("walk"));
            QVERIFY2(s["missing"].toArray().isEmpty(),
                     QJsonDocument(s["missing"].toArray()).toJson().constData());
        }
        QCOMPARE(spaces[0].toObject()["space"].toString(), QStringLiteral("walk"));
        QCOMPARE(spaces[1].toObject()["space"].toString(), QStringLiteral("jog"));
    }

    // Only right turns: the left radius is wide, the right tight, and the missing line says to
    // capture a left turn or mirror 16_19; stops and starts are missing too.
    void rightTurnsOnly() {
        GS_REQUIRE_DATA();
        const QString path = m_dir.filePath("right_only.gsproj");
        test::writeBytes(path, walkTurnsProject(Left::None));
        const Run r = cli({"coverage", path, "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject s = r.json()["spaces"].toArray().first().toObject();
        const QJsonValue left = s["tightest_radius_left_m"];
        QVERIFY(left.isNull() || left.toDouble() > 6.0);
        QVERIFY(s["tightest_radius_right_m"].toDouble() < 1.0);
        const QJsonArray missing = s["missing"].toArray();
        QVERIFY(anyContains(missing, "walk cannot turn left"));
        QVERIFY(anyContains(missing, "capture a walk turning left, or mirror 16_19"));
        QVERIFY(anyContains(missing, "walk cannot stop"));
        QVERIFY(anyContains(missing, "walk cannot start from standing"));
        QVERIFY(!s["stops"].toBool() && !s["starts"].toBool() && s["starts_from"].isNull());

        // The same in words.
        const Run text = cli({"coverage", path});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.startsWith("walk\n"), text.out.constData());
        QVERIFY2(text.out.contains("  tightest turn: left "), text.out.constData());
        QVERIFY2(text.out.contains("  stops: no\n  starts: no\n"), text.out.constData());
        QVERIFY2(text.out.contains("  missing: walk cannot turn left"), text.out.constData());
        QVERIFY2(text.out.contains("or mirror 16_19\n"), text.out.constData());
    }

    void badInput_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing file") << "absent.gsproj" << QByteArray() << "not found";
        QTest::newRow("not JSON") << "garbage.gsproj" << QByteArray("{ not json") << "";
        QTest::newRow("no space builds")
            << "empty.gsproj"
            << QByteArray(R"({"format": "gaitspace-project", "version": 1, "name": "x",
                              "clips": [], "spaces": [], "settings": {"fps": 30}})")
            << "";
    }
    void badInput() {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        const QString path = m_dir.filePath(name);
        if (!content.isEmpty()) test::writeBytes(path, content);
        const Run r = cli({"coverage", path, "--json"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.isEmpty());
        const QByteArray err = r.err.trimmed();
        QCOMPARE(err.count('\n'), 0);  // one line
        QVERIFY2(err.startsWith("gaitspace-cli: "), err.constData());
        QVERIFY2(err.contains(name.toUtf8()), err.constData());
        QVERIFY2(err.contains(expected.toUtf8()), err.constData());
    }

    // A project with one broken clip reports what builds and exits 1, naming the clip.
    void brokenEntry() {
        GS_REQUIRE_DATA();
        const QString path = m_dir.filePath("broken.gsproj");
        QJsonObject o = QJsonDocument::fromJson(walkTurnsProject(Left::Captured)).object();
        QJsonArray clips = o["clips"].toArray();
        clips.append(QJsonObject{{"id", "gone"}, {"source", "no_such_file.bvh"}});
        o["clips"] = clips;
        test::writeBytes(path, QJsonDocument(o).toJson());
        const Run r = cli({"coverage", path, "--json"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.isOneObject());
        QCOMPARE(r.json()["spaces"].toArray().size(), 1);
        QVERIFY2(r.err.contains("'gone'"), r.err.constData());
    }

    void badUsage_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no project") << QStringList{"coverage"};
        QTest::newRow("two projects") << QStringList{"coverage", "a.gsproj", "b.gsproj"};
    }
    void badUsage() {
        QFETCH(QStringList, args);
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err.trimmed().count('\n'), 0);
        QVERIFY2(r.err.startsWith("gaitspace-cli: coverage needs exactly one PROJECT"),
                 r.err.constData());
    }

    // The issue's mirror target, on three seeds: the left turns all mirrors of the right turns,
    // every goal reached, the time ratio within 10 % of the captured left turns'. Coverage sees
    // both sides of the mirrored space.
    void mirroredSpaceSteers() {
        GS_REQUIRE_DATA();
        const QString captured = m_dir.filePath("captured.gsproj"),
                      mirrored = m_dir.filePath("mirrored.gsproj");
        test::writeBytes(captured, walkTurnsProject(Left::Captured));
        test::writeBytes(mirrored, walkTurnsProject(Left::Mirrored));
        const Run coverage = cli({"coverage", mirrored, "--json"});
        QVERIFY2(coverage.exitCode == 0, coverage.err.constData());
        const QJsonObject s = coverage.json()["spaces"].toArray().first().toObject();
        QVERIFY(s["tightest_radius_left_m"].toDouble() < 1.0);
        QVERIFY(!anyContains(s["missing"].toArray(), "cannot turn"));
        for (const char* seed : {"1", "2", "3"}) {
            const QStringList args{"--goals", "200", "--seed", seed, "--json"};
            const Run a = longCli(QStringList{"simulate", captured} + args);
            const Run b = longCli(QStringList{"simulate", mirrored} + args);
            QVERIFY2(a.exitCode == 0, a.err.constData());
            QVERIFY2(b.exitCode == 0, b.err.constData());
            const QJsonObject x = a.json(), y = b.json();
            QCOMPARE(y["goals"].toInt(), 200);
            QCOMPARE(y["reached"].toInt(), 200);
            const double ratio = y["mean_time_ratio"].toDouble(),
                         reference = x["mean_time_ratio"].toDouble();
            QVERIFY(reference > 1.0);
            QVERIFY2(
                std::abs(ratio - reference) <= 0.1 * reference,
                qPrintable(QString("seed %1: %2 against %3").arg(seed).arg(ratio).arg(reference)));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliCoverage)
#include "tst_cli_coverage.moc"

// gaitspace-cli propose: the whole CMU subject-16 folder becomes a walk/jog/run project with stops
// and starts that steers and stops no worse than the hand-made cmu_walk_jog_arrive project; the two
// 100STYLE takes and GAMES-105's walk_and_turn_left, whole, become spaces that reach 200 of 200
// goals with a steady ratio of at most 1.10 and half the takes' own stance skate or less (a
// missing turn side mirrored, and said so); and bad input is refused in one line.

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include "common/cli_run.h"
#include "common/test_data.h"

using namespace gs;

namespace {

// A run that may take a minute (spaces built and 200 goals chased on two cores).
test::CliRun longCli(const QStringList& args) {
    const test::ProgramRun r = test::runProgram(test::cliPath(), args, {}, {}, 600000);
    return {r.exitCode, r.out.toUtf8(), r.err.toUtf8()};
}

QJsonObject simulate(const QString& project, const QString& scenario = "random") {
    const test::CliRun r = longCli(
        {"simulate", project, "--scenario", scenario, "--goals", "200", "--seed", "1", "--json"});
    return r.exitCode == 0 ? r.json() : QJsonObject{{"error", QString(r.err)}};
}

bool explains(const QJsonObject& proposal, const QString& words) {
    for (const auto& e : proposal["explanations"].toArray())
        if (e.toString().contains(words)) return true;
    return false;
}

}  // namespace

class TestCliPropose : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QJsonObject propose(const QStringList& inputs, const QString& name) {
        const test::CliRun r = longCli(QStringList{"propose"} + inputs +
                                       QStringList{"-o", m_dir.filePath(name), "--json"});
        if (r.exitCode != 0) qWarning("%s", r.err.constData());
        return r.exitCode == 0 ? r.json() : QJsonObject{};
    }

private slots:
    void cmuFolderIsNoWorseThanTheHandMadeProject() {
        GS_REQUIRE_DATA();
        const QJsonObject p = propose({test::dataPath("cmu")}, "cmu.gsproj");
        QVERIFY(p["builds"].toBool());
        QCOMPARE(p["broken_entries"].toInt(), 0);
        QStringList names;
        for (const auto& s : p["spaces"].toArray()) names << s.toObject()["name"].toString();
        QVERIFY2(names.contains("walk") && names.contains("jog") && names.contains("run"),
                 qPrintable(names.join(',')));
        const QJsonObject walk = p["spaces"].toArray().first().toObject();
        QVERIFY(walk["stops"].toInt() >= 1 && walk["starts"].toInt() >= 1);

        const QString hand =
            QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/projects/cmu_walk_jog_arrive.gsproj");
        const QJsonObject mine = simulate(m_dir.filePath("cmu.gsproj"));
        const QJsonObject theirs = simulate(hand);
        QCOMPARE(mine["reached"].toInt(), 200);
        QVERIFY2(mine["mean_time_ratio"].toDouble() <= theirs["mean_time_ratio"].toDouble() * 1.02,
                 qPrintable(QStringLiteral("time ratio %1, hand-made %2")
                                .arg(mine["mean_time_ratio"].toDouble())
                                .arg(theirs["mean_time_ratio"].toDouble())));
        QVERIFY(mine["stance_skate_cm_s"].toDouble() <= theirs["stance_skate_cm_s"].toDouble());
        const QJsonObject stops = simulate(m_dir.filePath("cmu.gsproj"), "arrive");
        QCOMPARE(stops["stops"].toInt(), 200);
    }

    void wholeTakesSteer_data() {
        QTest::addColumn<QStringList>("takes");
        QTest::addColumn<QString>("mirrored");
        QTest::newRow("100STYLE") << QStringList{"100style/Neutral_FW.bvh",
                                                 "100style/Neutral_FR.bvh"}
                                  << "left turn mirrored";
        QTest::newRow("GAMES-105")
            << QStringList{"games105/walk_and_turn_left.bvh"} << "right turn mirrored";
    }
    void wholeTakesSteer() {
        GS_REQUIRE_DATA();
        QFETCH(QStringList, takes);
        QFETCH(QString, mirrored);
        QStringList files;
        for (const QString& t : takes) files << test::dataPath(t);
        const QString name = QString(QTest::currentDataTag()) + ".gsproj";
        const QJsonObject p = propose(files, name);
        QVERIFY(p["builds"].toBool());
        QVERIFY2(explains(p, mirrored),
                 qPrintable(QString::number(p["explanations"].toArray().size())));
        const QJsonObject run = simulate(m_dir.filePath(name));
        QCOMPARE(run["reached"].toInt(), 200);
        QVERIFY(run["mean_steady_ratio"].toDouble() <= 1.10);
        QVERIFY(run["stance_skate_cm_s"].toDouble() <=
                0.5 * run["source_stance_skate_cm_s"].toDouble());
    }

    void badInputIsRefused() {
        GS_REQUIRE_DATA();
        QCOMPARE(test::runCli({"propose", "-o", m_dir.filePath("x.gsproj")}).exitCode, 2);
        QCOMPARE(test::runCli({"propose", test::cmuClip("16_15")}).exitCode, 2);
        // Jumps only: no gait to make a space of.
        const test::CliRun jumps =
            test::runCli({"propose", test::cmuClip("16_01"), test::cmuClip("16_02"), "-o",
                          m_dir.filePath("jumps.gsproj")});
        QCOMPARE(jumps.exitCode, 1);
        QVERIFY2(jumps.err.contains("none of the 2 takes could be used") &&
                     jumps.err.contains("no gait"),
                 jumps.err.constData());
        QCOMPARE(jumps.err.count('\n') >= 1, true);
    }
};

QTEST_GUILESS_MAIN(TestCliPropose)
#include "tst_cli_propose.moc"

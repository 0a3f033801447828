// gaitspace-cli bake-level and simulate --level on the demo level: the level bakes, a bad level
// is refused in one line, and a character of the CMU walk/jog project follows the navigation
// mesh's paths to its goals, turning toward the next before it walks through one; crowds of it,
// with and without stops, cross the doorway.

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include "common/cli_run.h"
#include "common/test_data.h"

using namespace gs::test;

namespace {

QString demoProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj");
}
// The same walk and jog with the subject's stops and starts: its characters stop where they wait
// and on their goals, and stand.
QString arriveProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/projects/cmu_walk_jog_arrive.gsproj");
}
QString demoLevelMesh() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/levels/demo_level.glb");
}

}  // namespace

class TestCliLevel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_level = m_dir.filePath("demo.gslevel");
        const CliRun r = runCli({"bake-level", demoLevelMesh(), "-o", m_level, "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.isOneObject());
        const QJsonObject o = r.json();
        QCOMPARE(o["islands"].toInt(), 1);
        QVERIFY(o["polygons"].toInt() > 10);
        QVERIFY(o["navmesh_build_s"].toDouble() > 0.0);
    }

    void badLevelMeshIsRefusedInOneLine() {
        const QString broken = m_dir.filePath("broken.obj");
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("v 0 0 0\nv 1 0 0\n");  // no faces
        f.close();
        const CliRun r = runCli({"bake-level", broken, "-o", m_dir.filePath("x.gslevel")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("broken.obj"), r.err.constData());
        QCOMPARE(r.err.trimmed().count('\n'), 0);
    }

    void aCharacterFollowsThePaths() {
        GS_REQUIRE_DATA();
        const CliRun r = runCli({"simulate", demoProject(), "--level", m_level, "--goals", "10",
                                 "--seed", "7", "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.isOneObject());
        const QJsonObject o = r.json();
        QCOMPARE(o["goals"].toInt(), 10);
        QCOMPARE(o["reach_rate"].toDouble(), 1.0);
        // The targets for one character: no wall contact, path ratio at most 1.15.
        QCOMPARE(o["wall_contacts"].toInt(), 0);
        QCOMPARE(o["overlap_fraction"].toDouble(), 0.0);
        // The path followed: goals whose path starts within a quarter turn of the heading (1.082
        // on seed 7).
        QVERIFY2(o["path_ratio_ahead"].toDouble() > 1.0 && o["path_ratio_ahead"].toDouble() <= 1.15,
                 qPrintable(QString::number(o["path_ratio_ahead"].toDouble())));
        QCOMPARE(o["path_start_turns_deg"].toArray().size(), 10);
        QVERIFY2(o["path_ratio"].toDouble() <= 1.15,
                 qPrintable(QString::number(o["path_ratio"].toDouble())));
        // Every goal reached walked at most 1.4 x its shortest way on the mesh.
        for (const QJsonValue v : o["path_ratios"].toArray()) QVERIFY(v.toDouble() <= 1.4);
    }

    // Most of a single character's goals are set behind it as it walks through the one before
    // (20 x 20 m). Beginning the turn toward the next before the goal, its arc through the goal's
    // reach, keeps the path ratio within the 1.15 (1.111 on seed 7; on seeds 1-5 1.120,
    // 1.115, 1.150, 1.125, 1.104, against 1.169-1.285 turning once there on the same goals; over
    // seeds 1-50 1.118 on average, 45 seeds within 1.15, docs/cli.md).
    void walkingThroughAGoalTurnsEarly() {
        GS_REQUIRE_DATA();
        double early = 0.0, late = 0.0;
        for (const char* seed : {"1", "2", "3", "4", "5"}) {
            for (bool turnEarly : {true, false}) {
                QStringList args{"simulate", demoProject(), "--level", m_level, "--goals",
                                 "10",       "--seed",      seed,      "--json"};
                if (!turnEarly) args << "--no-early-turn";
                const CliRun r = runCli(args);
                QCOMPARE(r.exitCode, 0);
                const QJsonObject o = r.json();
                QCOMPARE(o["early_turn"].toBool(), turnEarly);
                QCOMPARE(o["reached"].toInt(), 10);
                QCOMPARE(o["wall_contacts"].toInt(), 0);
                const double ratio = o["path_ratio"].toDouble();
                (turnEarly ? early : late) += ratio / 5.0;
                if (turnEarly)
                    QVERIFY2(ratio <= 1.16,
                             qPrintable(QString("seed %1: %2").arg(seed).arg(ratio)));
            }
        }
        QVERIFY2(early <= 1.15 && late - early > 0.06,
                 qPrintable(QString("%1 against %2").arg(early).arg(late)));
    }

    void crossingSendsCharactersThroughTheLevel() {
        GS_REQUIRE_DATA();
        const QString bvh = m_dir.filePath("crossing.bvh");
        const CliRun r =
            runCli({"simulate", demoProject(), "--level", m_level, "--scenario", "crossing",
                    "--characters", "3", "--goals", "2", "--bvh", bvh, "--no-waiting", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o["goals"].toInt(), 6);
        QCOMPARE(o["reached"].toInt(), 6);
        QVERIFY(!o["waiting"].toBool());
        QCOMPARE(o["waits"].toInt(), 0);
        QVERIFY(QFileInfo(bvh).size() > 1000);
    }

    // Fifty characters cross once through the doorway: every one arrives, and the run ends (a
    // character pushed off the mesh used to have its path found again for ever); collision keeps
    // them on the mesh and apart (no wall contact, overlap at most 1 %).
    void aCrowdCrossesTheDoorway() {
        GS_REQUIRE_DATA();
        const CliRun r = runCli({"simulate", demoProject(), "--level", m_level, "--scenario",
                                 "crossing", "--characters", "50", "--goals", "1", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o["reached"].toInt(), 50);
        QVERIFY2(o["last_arrival_s"].toDouble() < 60.0,
                 qPrintable(QString::number(o["last_arrival_s"].toDouble())));
        QVERIFY2(o["overlap_fraction"].toDouble() <= 0.01,
                 qPrintable(QString::number(o["overlap_fraction"].toDouble())));
        QCOMPARE(o["wall_contacts"].toInt(), 0);
        QVERIFY(o["collision"].toBool());
        // The queue at the doorway waits (173 stops on seed 7).
        QVERIFY(o["waiting"].toBool());
        QVERIFY(o["waits"].toInt() > 0);
    }

    // The crossing: 200 characters through the 2.4 m doorway, every one arriving within
    // 90 s of simulated time, apart and off the walls: 58.6 s on seed 7, and 58.7 s on seed 14,
    // where one that avoidance sent back along the wall arrived at 94.6 s before it was held
    // (within 90 s on all of seeds 1-60, docs/cli.md).
    void twoHundredCrossWithinNinetySeconds() {
        GS_REQUIRE_DATA();
        for (const char* seed : {"7", "14"}) {
            QJsonObject o;
            crossTwoHundred(demoProject(), o, seed);
            if (QTest::currentTestFailed()) return;
            QVERIFY(o["hold_sent_back"].toBool());
        }
    }

    // With stops, a character that waits in the queue plays its stop where it is and stands, and
    // collision's pushes move where a stop lands rather than being undone by it: all 200 within
    // 90 s (78.7 s on seed 7), no wall contact, overlap at most 1 % (drawn back to where they
    // were to land, the stopping characters were pressed into walls and each other: 97.4 s,
    // overlap 1.17 %).
    void twoHundredThatStopCrossWithinNinetySeconds() {
        GS_REQUIRE_DATA();
        QJsonObject o;
        crossTwoHundred(arriveProject(), o);
        if (QTest::currentTestFailed()) return;
        QVERIFY(o["waits"].toInt() > 0);
        QVERIFY(!o["hold_sent_back"].toBool());  // its waits are stops
    }

    // A character sent back the way it came is held only in a style that turns round on the spot
    // (its slowest within 0.75 m): GAMES-105's walk (0.51 m) is; Bandai's walk styles (the
    // elderly walk's 0.98 m) and 100STYLE's walk and jog (2.02 m), held, walked round their spots
    // through the crowd and crossed later or missed goals (docs/cli.md).
    void onlyATightTurnerIsHeldWhenSentBack() {
        GS_REQUIRE_DATA();
        const struct {
            const char* project;
            bool held;
        } cases[] = {
            {"games105_walk", true}, {"bandai_walk_styles", false}, {"100style_walk_jog", false}};
        for (const auto& c : cases) {
            const QString project =
                QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/projects/%1.gsproj").arg(c.project);
            const CliRun r = runCli({"simulate", project, "--level", m_level, "--characters", "1",
                                     "--goals", "1", "--seed", "1", "--json"});
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.json()["hold_sent_back"].toBool() == c.held, c.project);
        }
    }

    void unknownScenarioWithALevelIsRefused() {
        const CliRun r = runCli(
            {"simulate", demoProject(), "--level", m_level, "--scenario", "circle", "--json"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("random or crossing"));
    }

private:
    // 200 characters of `project` across the doorway: all arrive within 90 s, apart and off the
    // walls; `o` is the run's JSON.
    void crossTwoHundred(const QString& project, QJsonObject& o, const char* seed = "7") {
        const CliRun r = runCli({"simulate", project, "--level", m_level, "--scenario", "crossing",
                                 "--characters", "200", "--goals", "1", "--seed", seed, "--json"});
        QCOMPARE(r.exitCode, 0);
        o = r.json();
        QCOMPARE(o["reached"].toInt(), 200);
        QVERIFY2(o["last_arrival_s"].toDouble() <= 90.0,
                 qPrintable(QString::number(o["last_arrival_s"].toDouble())));
        QVERIFY2(o["overlap_fraction"].toDouble() <= 0.01,
                 qPrintable(QString::number(o["overlap_fraction"].toDouble())));
        QCOMPARE(o["wall_contacts"].toInt(), 0);
    }

    QTemporaryDir m_dir;
    QString m_level;
};

QTEST_GUILESS_MAIN(TestCliLevel)
#include "tst_cli_level.moc"

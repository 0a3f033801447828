// gaitspace-cli play and simulate on the demo project: the JSON they print, the BVH they write,
// and their one-line errors.

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include "common/cli_run.h"
#include "common/test_data.h"
#include "core/io/clip_import.h"

namespace {

using Run = gs::test::CliRun;
Run cli(const QStringList& args) { return gs::test::runCli(args); }

QString demoProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj");
}

}  // namespace

class TestCliPlay : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qputenv("GAITSPACE_DATA_DIR", gs::test::dataDir().toLocal8Bit()); }

    void playMix() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        const QString bvh = dir.filePath("run.bvh");
        const Run r = cli({"play", demoProject(), "--style", "walk=0.5,jog=0.5", "--seconds", "20",
                           "-o", bvh, "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.isOneObject());
        const QJsonObject o = r.json();
        for (const char* key : {"frames", "distance_m", "speed_mps", "turn_rate_deg_s",
                                "foot_skate_cm_s", "source_foot_skate_cm_s", "max_style_step"})
            QVERIFY2(o.contains(key), key);
        QCOMPARE(o["frames"].toInt(), 601);
        QVERIFY(o["speed_mps"].toDouble() > 1.0);  // faster than a walk alone...
        QVERIFY(o["speed_mps"].toDouble() < 3.0);  // ... slower than a jog alone
        QVERIFY(o["foot_skate_cm_s"].toDouble() <= 1.5 * o["source_foot_skate_cm_s"].toDouble());
        auto imported = gs::importClips(bvh.toStdString());
        QVERIFY2(imported.isOk(), imported.message().c_str());
        QCOMPARE(imported->clips.front().frameCount(), 601);
    }

    void playIntoAStop() {
        // play --stop: the walk plays into one of its stops at the loop's next join and stands.
        GS_REQUIRE_DATA();
        const QString project =
            QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/projects/cmu_walk_jog_arrive.gsproj");
        const Run r = cli({"play", project, "--style", "walk=1", "--seconds", "6", "--stop",
                           "walk_stop_b", "--stop-after", "1", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o["motion_state"].toString(), QString("standing"));
        // Asked for at frame 30, the stop is entered within a cycle and stood on within its length.
        const int stand = o["stand_frame"].toInt();
        QVERIFY2(stand > 30 && stand < 30 + 35 + 86, qPrintable(QString::number(stand)));
        // A stop the project does not have is named with the ones it has.
        const Run bad = cli({"play", project, "--stop", "nowhere", "--json"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("walk_stop_a") && bad.err.contains("nowhere"),
                 qPrintable(bad.err));
    }

    void simulateBothControllers() {
        GS_REQUIRE_DATA();
        for (const char* controller : {"goalspace", "naive"}) {
            const Run r = cli(
                {"simulate", demoProject(), "--goals", "10", "--controller", controller, "--json"});
            QCOMPARE(r.exitCode, 0);
            QVERIFY(r.isOneObject());
            const QJsonObject o = r.json();
            for (const char* key :
                 {"scenario", "goals", "reached", "reach_rate", "mean_time_ratio",
                  "mean_heading_error_deg", "foot_skate_cm_s", "source_foot_skate_cm_s",
                  "max_blend_step", "frames", "ns_per_update", "min_turn_radius_m"})
                QVERIFY2(o.contains(key), key);
            QCOMPARE(o["goals"].toInt(), 10);
            // Every goal given up or reached late is listed, with where it was.
            QCOMPARE(o["missed"].toArray().size(), o["goals"].toInt() - o["reached"].toInt());
            QCOMPARE(o["late"].toArray().size(), o["reached_late"].toInt());
            for (const QJsonValue& late : o["late"].toArray())
                QVERIFY(late["taken_s"].toDouble() >
                        2.0 * late["optimal_s"].toDouble() + 3.0 - 1e-3);
        }
        const Run moving =
            cli({"simulate", demoProject(), "--scenario", "circle", "--seconds", "10", "--json"});
        QCOMPARE(moving.exitCode, 0);
        QVERIFY(moving.json().contains("p95_distance_m"));
        // A goal with a head start is further along its circle (radius 8 m about the start), so the
        // character, which starts at the centre, keeps its distance for longer: the mean (after
        // the first 5 s) changes, and the run says where it started.
        const Run ahead = cli({"simulate", demoProject(), "--scenario", "circle", "--seconds", "10",
                               "--goal-head-start", "6", "--json"});
        QCOMPARE(ahead.exitCode, 0);
        QCOMPARE(ahead.json()["goal_head_start_s"].toDouble(), 6.0);
        QCOMPARE(moving.json()["goal_head_start_s"].toDouble(), 0.0);
        QVERIFY(std::abs(ahead.json()["mean_distance_m"].toDouble() -
                         moving.json()["mean_distance_m"].toDouble()) > 1e-3);
    }

    void errors() {
        QCOMPARE(cli({"play"}).exitCode, 2);
        QCOMPARE(cli({"simulate", demoProject(), "--scenario", "spiral"}).exitCode, 2);
        for (const char* bad : {"-1", "3601", "nan", "soon"}) {
            const Run r =
                cli({"simulate", demoProject(), "--scenario", "circle", "--goal-head-start", bad});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("--goal-head-start"), qPrintable(r.err));
        }
        QTemporaryDir dir;
        const Run missing = cli({"play", dir.filePath("absent.gsproj")});
        QCOMPARE(missing.exitCode, 1);
        QCOMPARE(missing.err.trimmed().count('\n'), 0);
        QVERIFY(missing.err.contains("absent.gsproj"));
        GS_REQUIRE_DATA();
        QCOMPARE(cli({"play", demoProject(), "--style", "swim=1"}).exitCode, 2);
        // --switch-among names at least two distinct spaces of the project, each once.
        for (const char* bad : {"walk", "walk,swim", "walk,walk"}) {
            const Run r = cli({"simulate", demoProject(), "--goals", "2", "--switch-styles", "5",
                               "--switch-among", bad});
            QCOMPARE(r.exitCode, 2);
            QCOMPARE(r.err.trimmed().count('\n'), 0);
            QVERIFY2(r.err.contains("swim") || r.err.contains("two") || r.err.contains("twice"),
                     qPrintable(r.err));
        }
    }

    // A project with one space that cannot be built: play, simulate and bake run what builds,
    // name the broken space in one line, and exit 1 so that a pipeline can tell.
    void brokenSpaceExits1() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        const QString project = dir.filePath("broken.gsproj");
        QFile f(project);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "gaitspace-project", "version": 1, "name": "broken",
            "clips": [
              {"id": "walk", "source": "${GAITSPACE_DATA_DIR}/cmu/16_15.bvh"},
              {"id": "left", "source": "${GAITSPACE_DATA_DIR}/cmu/16_11.bvh"},
              {"id": "right", "source": "${GAITSPACE_DATA_DIR}/cmu/16_13.bvh"},
              {"id": "jump", "source": "${GAITSPACE_DATA_DIR}/cmu/16_01.bvh"}],
            "spaces": [
              {"name": "walk", "clips": ["right", "walk", "left"], "reference": "walk"},
              {"name": "hop", "clips": ["walk", "jump"]}],
            "settings": {"fps": 30}})");
        f.close();
        const QList<QStringList> commands = {
            {"play", project, "--seconds", "2"},
            {"simulate", project, "--goals", "3"},
            {"bake", project, "-o", dir.filePath("broken.gspace")}};
        for (const QStringList& args : commands) {
            const Run r = cli(args);
            QVERIFY2(r.exitCode == 1, qPrintable(args.front() + ": exit " +
                                                 QString::number(r.exitCode) + "\n" + r.err));
            QVERIFY2(r.err.contains("motion space 'hop'") && r.err.contains("stays in place"),
                     qPrintable(r.err));
            QVERIFY2(r.err.contains("1 entry of the project has an error"), qPrintable(r.err));
            QCOMPARE(r.err.count("motion space 'hop'"), 1);  // named once
            QVERIFY(!r.out.isEmpty());                       // the walk ran
        }
        QVERIFY(QFileInfo::exists(dir.filePath("broken.gspace")));
    }
};

QTEST_GUILESS_MAIN(TestCliPlay)
#include "tst_cli_play.moc"

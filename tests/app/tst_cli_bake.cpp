// gaitspace-cli bake on the demo project, and the baked file in simulate, play and inspect: the
// same figures as the project for the same seed, and one-line refusals of damaged files.

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include "common/cli_run.h"
#include "common/test_data.h"

namespace {

using Run = gs::test::CliRun;
Run cli(const QStringList& args) { return gs::test::runCli(args); }

QString demoProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj");
}

// The figures of a run that depend on the motion (not on where the source figures come from).
QJsonObject motionFigures(const QJsonObject& o) {
    QJsonObject m;
    for (const char* key : {"goals",
                            "reached",
                            "mean_time_ratio",
                            "frames",
                            "foot_skate_cm_s",
                            "root_accel_p95_mps2",
                            "knee_step_p95_deg",
                            "max_blend_step",
                            "mean_heading_error_deg",
                            "mean_distance_m",
                            "p95_distance_m",
                            "distance_m",
                            "speed_mps",
                            "turn_rate_deg_s",
                            "max_style_step",
                            "stops",
                            "stop_error_m",
                            "standing_drift_m",
                            "goal_positions",
                            "stand_frames",
                            "time_ratio_to_no_stop",
                            "join_joint_step_m",
                            "stop_foot_skate_cm_s"})
        if (o.contains(key)) m[key] = o[key];
    return m;
}

}  // namespace

class TestCliBake : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_baked;

private slots:
    void initTestCase() {
        qputenv("GAITSPACE_DATA_DIR", gs::test::dataDir().toLocal8Bit());
        m_baked = m_dir.filePath("demo.gspace");
    }

    void bake() {
        GS_REQUIRE_DATA();
        const Run r = cli({"bake", demoProject(), "-o", m_baked, "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.isOneObject());
        const QJsonObject o = r.json();
        QCOMPARE(o["spaces"].toInt(), 2);
        QCOMPARE(o["clips"].toInt(), 10);
        QVERIFY(o["goal_samples"].toInt() > 1000);
        QCOMPARE(static_cast<qint64>(o["bytes"].toDouble()), QFileInfo(m_baked).size());
        QVERIFY(r.err.contains("bake: goal space of 'jog'"));  // progress on stderr
    }

    void sameFiguresAsTheProject_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("simulate random mix") << QStringList{
            "simulate", "--goals", "40", "--seed", "11", "--style", "walk=0.5,jog=0.5"};
        QTest::newRow("simulate circle jog") << QStringList{
            "simulate", "--scenario", "circle", "--seconds", "20", "--style", "jog=1"};
        QTest::newRow("simulate naive walk")
            << QStringList{"simulate", "--goals", "20", "--controller", "naive"};
        QTest::newRow("play mix") << QStringList{
            "play", "--seconds", "10", "--style", "walk=0.3,jog=0.7", "--blend", "walk=0.2"};
    }
    void sameFiguresAsTheProject() {
        GS_REQUIRE_DATA();
        QVERIFY(QFile::exists(m_baked));
        QFETCH(QStringList, args);
        QStringList a = args, b = args;
        a.insert(1, demoProject());
        b.insert(1, m_baked);
        a << "--json";
        b << "--json";
        const Run fromProject = cli(a), fromBaked = cli(b);
        QCOMPARE(fromProject.exitCode, 0);
        QCOMPARE(fromBaked.exitCode, 0);
        QVERIFY(!fromProject.json()["baked"].toBool());
        QVERIFY(fromBaked.json()["baked"].toBool());
        const QJsonObject x = motionFigures(fromProject.json()),
                          y = motionFigures(fromBaked.json());
        QVERIFY(x.size() >= 5);
        QCOMPARE(y, x);
    }

    void arrivesTheSameFromItsBake() {
        // The arrive project and its bake: the same stops, to the figure.
        GS_REQUIRE_DATA();
        const QString project =
            QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/projects/cmu_walk_jog_arrive.gsproj");
        const QString baked = m_dir.filePath("arrive.gspace");
        QCOMPARE(cli({"bake", project, "-o", baked}).exitCode, 0);
        const QStringList args{"--scenario",      "arrive", "--goals", "8",
                               "--seed",          "3",      "--style", "walk=0.5,jog=0.5",
                               "--stand-seconds", "1",      "--json"};
        const Run fromProject = cli(QStringList{"simulate", project} + args);
        const Run fromBaked = cli(QStringList{"simulate", baked} + args);
        QCOMPARE(fromProject.exitCode, 0);
        QCOMPARE(fromBaked.exitCode, 0);
        const QJsonObject x = motionFigures(fromProject.json()),
                          y = motionFigures(fromBaked.json());
        QCOMPARE(x["stops"].toInt(), 8);
        QVERIFY(x["stop_error_m"].toObject()["mean"].toDouble() <= 0.10);
        QCOMPARE(y, x);
    }

    void inspectDescribesIt() {
        GS_REQUIRE_DATA();
        const Run r = cli({"inspect", m_baked, "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject b = r.json()["baked"].toArray().first().toObject();
        QCOMPARE(b["format_version"].toInt(), 3);
        QCOMPARE(b["joints"].toInt(), 19);
        const QJsonArray spaces = b["spaces"].toArray();
        QCOMPARE(spaces.size(), 2);
        QCOMPARE(spaces[0].toObject()["name"].toString(), QString("walk"));
        QCOMPARE(spaces[1].toObject()["clips"].toArray().size(), 5);
        QVERIFY(spaces[0].toObject()["goal_space"].toObject()["samples"].toInt() > 0);
    }

    void damagedFilesAreRefused_data() {
        QTest::addColumn<int>("damage");
        QTest::addColumn<QString>("expected");
        QTest::newRow("truncated") << 0 << "truncated";
        QTest::newRow("flipped byte") << 1 << "checksum mismatch";
        QTest::newRow("future version") << 2 << "version 9 is newer";
        QTest::newRow("not baked") << 3 << "not a gspace file";
    }
    void damagedFilesAreRefused() {
        GS_REQUIRE_DATA();
        QFETCH(int, damage);
        QFETCH(QString, expected);
        QFile in(m_baked);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        switch (damage) {
            case 0:
                bytes.truncate(bytes.size() / 2);
                break;
            case 1:
                bytes[bytes.size() - 100] = static_cast<char>(bytes[bytes.size() - 100] ^ 0x10);
                break;
            case 2:
                bytes[8] = 9;
                break;
            case 3:
                bytes = "HIERARCHY\nROOT x\n";
                break;
        }
        const QString path = m_dir.filePath(QStringLiteral("damaged%1.gspace").arg(damage));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes);
        out.close();
        for (const QString& command : {QString("simulate"), QString("play"), QString("inspect")}) {
            const Run r = cli({command, path});
            QCOMPARE(r.exitCode, 1);
            const QByteArray err = r.err.trimmed();
            QCOMPARE(err.count('\n'), 0);  // one line
            QVERIFY2(err.contains(expected.toUtf8()), err.constData());
            QCOMPARE(err.count(path.toUtf8()), 1);  // the file named once
        }
    }
};

QTEST_APPLESS_MAIN(TestCliBake)
#include "tst_cli_bake.moc"

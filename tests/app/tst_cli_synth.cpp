// gaitspace-cli synth: writes the synthetic clips and a project that play and simulate run on,
// with no motion capture data anywhere.

#include <QDir>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include "common/cli_run.h"
#include "core/io/clip_import.h"

namespace {

using Run = gs::test::CliRun;
Run cli(const QStringList& args) { return gs::test::runCli(args); }

}  // namespace

class TestCliSynth : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_project;

private slots:
    void initTestCase() {
        // Nothing outside the repository: the data folder points nowhere.
        qputenv("GAITSPACE_DATA_DIR", m_dir.filePath("no-data").toLocal8Bit());
    }

    void writesClipsAndProject() {
        const QString out = m_dir.filePath("synth");
        const Run r = cli({"synth", out, "--cycles", "2", "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.isOneObject(), r.out.constData());
        const QJsonObject o = r.json();
        m_project = o["project"].toString();
        QCOMPARE(m_project, QDir(out).filePath("synthetic.gsproj"));
        QVERIFY(QFile::exists(m_project));
        const QJsonArray clips = o["clips"].toArray();
        QCOMPARE(clips.size(), 15);
        for (const QJsonValue& v : clips) {
            const QJsonObject c = v.toObject();
            QVERIFY(c["name"].toString().startsWith("synthetic "));
            auto imported = gs::importClips(c["file"].toString().toStdString());
            QVERIFY2(imported.isOk(), imported.message().c_str());
            const gs::Clip& clip = imported->clips.front();
            QCOMPARE(clip.frameCount(), c["frames"].toInt());
            QCOMPARE(clip.jointCount(), 19);
        }
    }

    void playsAndSimulates() {
        QVERIFY(!m_project.isEmpty());
        const Run play = cli({"play", m_project, "--seconds", "10", "--json"});
        QCOMPARE(play.exitCode, 0);
        QVERIFY2(play.isOneObject(), play.err.constData());
        const QJsonObject p = play.json();
        QCOMPARE(p["frames"].toInt(), 301);
        const double skate = p["foot_skate_cm_s"].toDouble();
        QVERIFY(std::abs(p["speed_mps"].toDouble() - 1.35) < 0.1);  // the walk space by default
        QVERIFY(skate < 1.0);
        const Run sim = cli({"simulate", m_project, "--goals", "5", "--json"});
        QCOMPARE(sim.exitCode, 0);
        QVERIFY2(sim.isOneObject(), sim.err.constData());
        const QJsonObject s = sim.json();
        QCOMPARE(s["goals"].toInt(), 5);
        QVERIFY(s["reached"].toInt() >= 4);
    }

    void errors() {
        QCOMPARE(cli({"synth"}).exitCode, 2);
        QCOMPARE(cli({"synth", m_dir.filePath("x"), "--cycles", "0"}).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliSynth)
#include "tst_cli_synth.moc"

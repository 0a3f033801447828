// gaitspace-cli mirror writes a clip's mirror that turns the other way; one-line refusals of bad
// input (exit 1) and bad usage (exit 2); a project clip with "mirror": true is read, mirrored and
// written back; and a CMU walk space whose left turns are the right turns mirrored steers to its
// goals as well as the same space with the captured left turns.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <numbers>

#include "app/project/project.h"
#include "common/cli_run.h"
#include "common/generated_bvh.h"
#include "common/test_data.h"
#include "core/clip/root_motion.h"

using namespace gs;

namespace {

using Run = test::CliRun;
Run cli(const QStringList& args) { return test::runCli(args); }

// A run that may take minutes (a space built and 200 goals chased on two cores).
Run longCli(const QStringList& args) {
    const test::ProgramRun r = test::runProgram(test::cliPath(), args, {}, {}, 600000);
    return {r.exitCode, r.out.toUtf8(), r.err.toUtf8()};
}

float headingChangeDeg(const Clip& c) {
    return rootMotionStats(c).headingChange * 180.0f / std::numbers::pi_v<float>;
}

QString cmuSource(const char* id) {
    return QStringLiteral("${GAITSPACE_DATA_DIR}/cmu/%1.bvh").arg(id);
}

// The walk space of resources/projects/cmu_walk_turns.gsproj, its settings copied; `mirrorLeft`:
// the left turns are the right turns mirrored instead of the captured 16_17 and 16_18.
QByteArray walkTurnsProject(bool mirrorLeft) {
    QJsonArray clips;
    for (const char* id : {"16_19", "16_20", "16_15", "16_16"})
        clips.append(QJsonObject{{"id", id}, {"source", cmuSource(id)}});
    QJsonArray ids{"16_19", "16_20", "16_15", "16_16"};
    if (mirrorLeft) {
        for (const char* id : {"16_19", "16_20"}) {
            const QString mirrored = QString(id) + "_mirror";
            clips.append(
                QJsonObject{{"id", mirrored}, {"source", cmuSource(id)}, {"mirror", true}});
            ids.append(mirrored);
        }
    } else {
        for (const char* id : {"16_17", "16_18"}) {
            clips.append(QJsonObject{{"id", id}, {"source", cmuSource(id)}});
            ids.append(id);
        }
    }
    const QJsonObject project{
        {"format", "gaitspace-project"},
        {"version", 1},
        {"name", mirrorLeft ? "CMU walk, left turns mirrored" : "CMU walk, captured turns"},
        {"clips", clips},
        {"spaces",
         QJsonArray{QJsonObject{{"name", "walk"}, {"clips", ids}, {"reference", "16_15"}}}},
        {"settings",
         QJsonObject{
             {"fps", 30}, {"cycles", 0}, {"style_increment", 0.1}, {"max_blend_rate", 0.1}}}};
    return QJsonDocument(project).toJson();
}

}  // namespace

class TestCliMirror : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { qputenv("GAITSPACE_DATA_DIR", test::dataDir().toLocal8Bit()); }

    void writesTheMirror() {
        GS_REQUIRE_DATA();
        const QString out = m_dir.filePath("16_19_mirror.bvh");
        const Run r = cli({"mirror", test::cmuClip("16_19"), "-o", out, "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.isOneObject());
        const QJsonObject o = r.json();
        QCOMPARE(o["pairs"].toInt(), 8);
        QCOMPARE(o["joints"].toInt(), 19);
        const double before = o["heading_change_deg"].toDouble(),
                     after = o["mirror_heading_change_deg"].toDouble();
        QVERIFY2(before < -60.0 && std::abs(after + before) <= 3.0,
                 qPrintable(QString("%1 %2").arg(before).arg(after)));
        // The file written turns the other way as far, over as many frames.
        const Clip original = test::loadClip(test::cmuClip("16_19"));
        const Clip written = test::loadClip(out);
        QCOMPARE(written.frameCount(), original.frameCount());
        QCOMPARE(written.skeleton.names, original.skeleton.names);
        const float turn = headingChangeDeg(written);
        QVERIFY2(std::abs(turn + headingChangeDeg(original)) <= 3.0f,
                 qPrintable(QString::number(turn)));
        // Without --json: what it did, in words.
        const Run text = cli({"mirror", test::cmuClip("16_19"), "-o", out});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("16 of 19 joints swapped in 8 pairs"), text.out.constData());
    }

    void badInput_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing file") << 0 << "";
        QTest::newRow("no left and right") << 1 << "no left/right joint pairs";
        QTest::newRow("unwritable output") << 2 << "";
    }
    void badInput() {
        QFETCH(int, kind);
        QFETCH(QString, expected);
        QString file = m_dir.filePath("absent.bvh"), out = m_dir.filePath("out.bvh");
        if (kind == 1) {
            file = m_dir.filePath("snake.bvh");
            test::writeBytes(file, test::manyJointsBvh(3, true));
        }
        if (kind == 2) {
            file = m_dir.filePath("walk.bvh");
            test::writeBytes(file, test::generatedBvh(20));
            out = m_dir.filePath("no/such/folder/out.bvh");
        }
        const Run r = cli({"mirror", file, "-o", out});
        QCOMPARE(r.exitCode, 1);
        const QByteArray err = r.err.trimmed();
        QCOMPARE(err.count('\n'), 0);  // one line
        QVERIFY2(err.contains(expected.toUtf8()), err.constData());
        QVERIFY2(err.contains((kind == 2 ? out : file).toUtf8()), err.constData());
        QVERIFY(!QFile::exists(out));
    }

    void badUsage_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no file") << QStringList{"mirror", "-o", "x.bvh"};
        QTest::newRow("no output") << QStringList{"mirror", "a.bvh"};
        QTest::newRow("two files") << QStringList{"mirror", "a.bvh", "b.bvh", "-o", "x.bvh"};
    }
    void badUsage() {
        QFETCH(QStringList, args);
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err.trimmed().count('\n'), 0);
        QVERIFY(r.err.startsWith("gaitspace-cli: mirror needs"));
    }

    void projectKeepsTheKey() {
        // "mirror": true is read (the clip mirrored after its trim), written back, and
        // type-checked.
        GS_REQUIRE_DATA();
        const QString path = m_dir.filePath("mirrored.gsproj");
        test::writeBytes(path, walkTurnsProject(true));
        auto p = Project::load(path);
        QVERIFY2(p, p.message().c_str());
        QVERIFY2(p->errors().isEmpty(), qPrintable(p->errors().join(' ')));
        QVERIFY2(!p->warnings.join(' ').contains("mirror"),
                 qPrintable(p->warnings.join(' ')));  // a known key
        const ProjectClip* plain = p->clip("16_19");
        const ProjectClip* mirrored = p->clip("16_19_mirror");
        QVERIFY(plain && mirrored && plain->clip && mirrored->clip);
        QVERIFY(!plain->mirror);
        QVERIFY(mirrored->mirror);
        QCOMPARE(QString::fromStdString(mirrored->clip->name), QString("16_19_mirror"));
        QVERIFY(std::abs(headingChangeDeg(*mirrored->clip) + headingChangeDeg(*plain->clip)) <=
                3.0f);
        QCOMPARE(p->toJson()["clips"].toArray()[4].toObject()["mirror"], QJsonValue(true));
        QVERIFY(!p->toJson()["clips"].toArray()[0].toObject().contains("mirror"));
        const QString copy = m_dir.filePath("copy.gsproj");
        QVERIFY(p->save(copy));
        auto again = Project::load(copy);
        QVERIFY(again);
        QCOMPARE(again->toJson(), p->toJson());

        // After the trim: the mirror of frames 10-60 is frames 10-60 of the mirror.
        QByteArray trimmed = walkTurnsProject(true);
        trimmed.replace("\"mirror\": true", "\"mirror\": true, \"trim\": [10, 60]");
        test::writeBytes(path, trimmed);
        auto t = Project::load(path);
        QVERIFY2(t && t->errors().isEmpty(),
                 t ? qPrintable(t->errors().join(' ')) : t.message().c_str());
        QCOMPARE(t->clip("16_19_mirror")->clip->frameCount(), 51);
        QCOMPARE(t->clip("16_19_mirror")->clip->rootPositions[0].x,
                 -p->clip("16_19")->clip->rootPositions[10].x);

        QByteArray wrong = walkTurnsProject(true);
        wrong.replace("\"mirror\": true", "\"mirror\": \"yes\"");
        test::writeBytes(path, wrong);
        auto refused = Project::load(path);
        QVERIFY(!refused);
        QVERIFY2(QString::fromStdString(refused.message())
                     .contains("clips[4].mirror: \"yes\" is not true or false"),
                 refused.message().c_str());
    }

    void mirroredTurnsSteerAsWell() {
        // Left turns mirrored from the right turns against the captured left turns: every goal
        // reached, in about the same time.
        GS_REQUIRE_DATA();
        const QString real = m_dir.filePath("captured.gsproj"),
                      mirrored = m_dir.filePath("mirrored.gsproj");
        test::writeBytes(real, walkTurnsProject(false));
        test::writeBytes(mirrored, walkTurnsProject(true));
        const QStringList args{"--goals", "200", "--seed", "7", "--json"};
        const Run a = longCli(QStringList{"simulate", real} + args);
        const Run b = longCli(QStringList{"simulate", mirrored} + args);
        QVERIFY2(a.exitCode == 0, a.err.constData());
        QVERIFY2(b.exitCode == 0, b.err.constData());
        const QJsonObject x = a.json(), y = b.json();
        QCOMPARE(y["goals"].toInt(), 200);
        QCOMPARE(y["reached"].toInt(), 200);
        const double ratio = y["mean_time_ratio"].toDouble(),
                     reference = x["mean_time_ratio"].toDouble();
        QVERIFY(reference > 0.0);
        QVERIFY2(std::abs(ratio - reference) <= 0.1 * reference,
                 qPrintable(QString("%1 against %2").arg(ratio).arg(reference)));
    }
};

QTEST_GUILESS_MAIN(TestCliMirror)
#include "tst_cli_mirror.moc"

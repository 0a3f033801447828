// The demo project built from in-place copies of its ten CMU clips (each root's horizontal
// position held) walks from its feet: on three seeds it reaches 200 of 200 goals with a time
// ratio and a stance skate within 10 % of the original project's.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include "common/cli_run.h"
#include "common/generated_bvh.h"
#include "common/test_data.h"

using namespace gs;

namespace {

// A run that may take a minute (a space built and 200 goals chased on two cores).
test::CliRun longCli(const QStringList& args) {
    const test::ProgramRun r = test::runProgram(test::cliPath(), args, {}, {}, 600000);
    return {r.exitCode, r.out.toUtf8(), r.err.toUtf8()};
}

QString demoProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj");
}

}  // namespace

class TestCliInPlace : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void inPlaceDemoSteersLikeTheOriginal() {
        GS_REQUIRE_DATA();
        QFile demo(demoProject());
        QVERIFY(demo.open(QIODevice::ReadOnly));
        QJsonObject project = QJsonDocument::fromJson(demo.readAll()).object();
        QJsonArray clips = project["clips"].toArray();
        for (int i = 0; i < clips.size(); ++i) {
            QJsonObject c = clips[i].toObject();
            QString source = c["source"].toString();
            source.replace("${GAITSPACE_DATA_DIR}", test::dataDir());
            const QString copy = m_dir.filePath(QFileInfo(source).fileName());
            QFile out(copy);
            QVERIFY(out.open(QIODevice::WriteOnly));
            const QByteArray text = test::inPlaceBvh(source);
            QVERIFY2(!text.isEmpty(), qPrintable(source));
            out.write(text);
            c["source"] = copy;
            clips[i] = c;
        }
        project["clips"] = clips;
        const QString inPlace = m_dir.filePath("demo_in_place.gsproj");
        QFile p(inPlace);
        QVERIFY(p.open(QIODevice::WriteOnly));
        p.write(QJsonDocument(project).toJson());
        p.close();

        for (const char* seed : {"1", "2", "3"}) {
            QJsonObject runs[2];
            const QString projects[2] = {demoProject(), inPlace};
            for (int k = 0; k < 2; ++k) {
                const test::CliRun r =
                    longCli({"simulate", projects[k], "--goals", "200", "--seed", seed, "--json"});
                QVERIFY2(r.exitCode == 0, r.err.constData());
                runs[k] = r.json();
            }
            QCOMPARE(runs[1]["reached"].toInt(), 200);
            const double ratio = runs[0]["mean_time_ratio"].toDouble();
            const double ratioInPlace = runs[1]["mean_time_ratio"].toDouble();
            QVERIFY2(std::abs(ratioInPlace - ratio) <= 0.1 * ratio,
                     qPrintable(QStringLiteral("seed %1: time ratio %2, in place %3")
                                    .arg(seed)
                                    .arg(ratio)
                                    .arg(ratioInPlace)));
            const double skate = runs[0]["stance_skate_cm_s"].toDouble();
            const double skateInPlace = runs[1]["stance_skate_cm_s"].toDouble();
            QVERIFY2(skateInPlace <= 1.1 * skate,
                     qPrintable(QStringLiteral("seed %1: stance skate %2 cm/s, in place %3")
                                    .arg(seed)
                                    .arg(skate)
                                    .arg(skateInPlace)));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliInPlace)
#include "tst_cli_in_place.moc"

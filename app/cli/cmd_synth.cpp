// gaitspace-cli synth OUTDIR [--cycles N] [--json]: writes the synthetic walk, jog and run clips
// as BVH and a project of them (OUTDIR/synthetic.gsproj), a demo that needs no motion capture.

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QJsonObject>

#include <cstdio>

#include "app/project/synthetic_demo.h"
#include "cli_common.h"

namespace gs::cli {

int runSynth(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Generates synthetic walk, jog and run clips (turn right, veer right, straight, veer left, "
        "turn left) on the CMU 19-joint skeleton, writes them as BVH into OUTDIR, and a project "
        "OUTDIR/synthetic.gsproj with one motion space per gait.");
    parser.addHelpOption();
    parser.addPositionalArgument("OUTDIR", "Folder to write into (created when missing).");
    parser.addOption({"json", "Print one JSON object on stdout."});
    parser.addOption({"cycles", "Gait cycles per clip, 1-20 (default 3).", "N", "3"});
    parser.process(arguments);
    if (parser.positionalArguments().size() != 1) {
        printError({}, "synth needs one OUTDIR");
        return 2;
    }
    bool ok = false;
    const int cycles = parser.value("cycles").toInt(&ok);
    if (!ok || cycles < 1 || cycles > 20) {
        printError({}, "--cycles wants a whole number in [1, 20]");
        return 2;
    }
    const QString outDir = QDir(parser.positionalArguments().front()).absolutePath();
    if (!QDir().mkpath(outDir)) {
        printError(outDir, "cannot create the folder");
        return 1;
    }

    auto demo = writeSyntheticDemo(outDir, cycles);
    if (!demo) {
        printError({}, QString::fromStdString(demo.message()));
        return 1;
    }
    const QString projectPath = demo->projectPath;
    const QJsonArray& clipsJson = demo->clips;
    if (!parser.isSet("json"))
        for (const QJsonValue& v : clipsJson) {
            const QJsonObject c = v.toObject();
            std::printf("%-40s %-28s %4d frames, %.2f m/s, %+.2f rad/m\n",
                        qPrintable(QFileInfo(c["file"].toString()).fileName()),
                        qPrintable(c["name"].toString()), c["frames"].toInt(),
                        c["speed_mps"].toDouble(), c["curvature_rad_m"].toDouble());
        }
    if (parser.isSet("json")) {
        printJson({{"project", projectPath}, {"cycles", cycles}, {"clips", clipsJson}});
        return 0;
    }
    std::printf("project %s\n", qPrintable(projectPath));
    return 0;
}

}  // namespace gs::cli

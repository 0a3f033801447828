// gaitspace-cli synth OUTDIR [--cycles N] [--json]: writes the synthetic walk, jog and run clips
// as BVH and a project of them (OUTDIR/synthetic.gsproj), a demo that needs no motion capture.

#include <QCommandLineParser>
#include <QDir>

#include <cstdio>

#include "cli_common.h"
#include "core/io/bvh_writer.h"
#include "core/synthetic_gait.h"

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

    Project project;
    project.name = "Synthetic walk, jog and run";
    QJsonArray clipsJson;
    for (const SyntheticClipSpec& spec : syntheticClipSet(cycles)) {
        auto clip = generateSyntheticGait(spec.settings);
        if (!clip) {
            printError({}, QString::fromStdString(clip.message()));
            return 1;
        }
        const QString file = QString::fromStdString("synthetic_" + spec.id + ".bvh");
        const QString path = QDir(outDir).filePath(file);
        if (Status s = writeBvh(*clip, path.toStdString()); !s) {
            printError(path, QString::fromStdString(s.message()));
            return 1;
        }
        ProjectClip pc;
        pc.id = QString::fromStdString(spec.id);
        pc.source = file;
        project.clips.push_back(pc);
        const QString space = QString::fromStdString(spec.space);
        auto it = std::find_if(project.spaces.begin(), project.spaces.end(),
                               [&](const ProjectSpace& s) { return s.name == space; });
        if (it == project.spaces.end()) {
            project.spaces.push_back(ProjectSpace{space, {}, space, {}, {}});
            it = project.spaces.end() - 1;
        }
        it->clipIds.push_back(pc.id);
        const SyntheticGaitSettings& s = spec.settings;
        clipsJson.append(QJsonObject{{"id", pc.id}, {"name", QString::fromStdString(clip->name)},
                                     {"file", path}, {"frames", clip->frameCount()},
                                     {"speed_mps", s.speed}, {"curvature_rad_m", s.curvature},
                                     {"turn_rate_rad_s", s.turnRate()}, {"cadence_spm", s.cadence},
                                     {"stance_fraction", s.stanceFraction}, {"flight", s.hasFlight()}});
        if (!parser.isSet("json"))
            std::printf("%-40s %-28s %4d frames, %.2f m/s, %+.2f rad/m\n", qPrintable(file),
                        clip->name.c_str(), clip->frameCount(), s.speed, s.curvature);
    }
    const QString projectPath = QDir(outDir).filePath("synthetic.gsproj");
    if (Status s = project.save(projectPath); !s) {
        printError(projectPath, QString::fromStdString(s.message()));
        return 1;
    }
    if (parser.isSet("json")) {
        printJson({{"project", projectPath}, {"cycles", cycles}, {"clips", clipsJson}});
        return 0;
    }
    std::printf("project %s\n", qPrintable(projectPath));
    return 0;
}

}  // namespace gs::cli

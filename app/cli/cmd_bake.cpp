// gaitspace-cli bake PROJECT.gsproj -o out.gspace: builds the project's behavioral space and its
// goal spaces and writes everything a game runtime needs as one baked file.

#include <QCommandLineParser>
#include <QElapsedTimer>

#include <cstdio>

#include "cli_common.h"
#include "app/project/project_bake.h"

namespace gs::cli {

int runBake(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Bakes a project's behavioral space and goal spaces into a .gspace file.");
    parser.addHelpOption();
    parser.addPositionalArgument("project", "A Gaitspace project (*.gsproj).", "PROJECT");
    parser.addOption({{"o", "output"}, "The baked file to write (*.gspace).", "out.gspace"});
    parser.addOption({"json", "Print one JSON object on stdout."});
    parser.process(arguments);
    if (parser.positionalArguments().size() != 1) {
        printError({}, "bake needs exactly one PROJECT");
        return 2;
    }
    if (!parser.isSet("output")) {
        printError({}, "bake needs -o OUT.gspace");
        return 2;
    }
    const QString path = parser.positionalArguments().first();
    const QString out = parser.value("output");
    QElapsedTimer timer;
    timer.start();

    std::fprintf(stderr, "bake: building the motion spaces of %s\n", qPrintable(path));
    auto project = Project::load(path);
    if (!project) {
        printError(path, QString::fromStdString(project.message()));
        return 1;
    }
    for (const QString& w : project->warnings) printWarning(path, w);
    BehavioralSpaceNotes notes;
    auto baked = bakeProject(
        *project, true,
        [](const std::string& space) {
            std::fprintf(stderr, "bake: goal space of '%s'\n", space.c_str());
        },
        &notes);
    const int broken = printBrokenEntries(*project, notes.failed);
    if (!baked) {
        printError(path, QString::fromStdString(baked.message()));
        return 1;
    }
    size_t goalSamples = 0, clips = 0;
    for (const GoalSpace& g : baked->goalSpaces) goalSamples += g.samples.size();
    for (const BakedMotionSpace& s : baked->space.spaces) clips += s.clips.size();
    std::fprintf(stderr, "bake: writing %s\n", qPrintable(out));
    if (Status s = saveGSpace(*baked, out.toStdString()); !s) {
        printError({}, QString::fromStdString(s.message()));
        return 1;
    }
    const double bytes = static_cast<double>(writeGSpace(*baked).size());
    const double seconds = timer.nsecsElapsed() * 1e-9;
    if (parser.isSet("json")) {
        printJson(QJsonObject{{"bytes", bytes},
                              {"spaces", static_cast<int>(baked->space.spaces.size())},
                              {"clips", static_cast<double>(clips)},
                              {"goal_samples", static_cast<double>(goalSamples)},
                              {"seconds", seconds}});
    } else {
        std::printf("%s: %.0f bytes, %zu spaces, %zu clips, %zu goal samples, %.2f s\n",
                    qPrintable(out), bytes, baked->space.spaces.size(), clips, goalSamples,
                    seconds);
    }
    return exitForBroken(path, broken);
}

}  // namespace gs::cli

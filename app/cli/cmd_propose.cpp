// gaitspace-cli propose FILE_OR_FOLDER... -o PROJECT.gsproj [--json]: a project proposed from
// takes (core/spaces/propose.h), each choice explained; the project is then built to check it.

#include <QCommandLineParser>
#include <QJsonArray>

#include <cstdio>

#include "cli_common.h"
#include "app/project/project_proposal.h"

namespace gs::cli {

int runPropose(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Proposes a project from takes: their segments grouped into motion spaces by gait and "
        "speed, a straight reference, turns to both sides (mirrored where one side is missing, "
        "bent where none was captured), stops and starts; each choice explained. The project is "
        "then built to check it.");
    parser.addHelpOption();
    parser.addPositionalArgument("FILE_OR_FOLDER", "Takes, or folders of them.", "FILE...");
    parser.addOption({{"o", "output"}, "The project to write (*.gsproj).", "PROJECT"});
    parser.addOption({"json", "Print one JSON object on stdout."});
    parser.process(arguments);
    const QStringList files = motionFilesIn(parser.positionalArguments());
    if (files.isEmpty()) {
        printError({}, "propose needs at least one FILE or a folder of motion files");
        return 2;
    }
    const QString output = parser.value("output");
    if (output.isEmpty()) {
        printError({}, "propose needs -o PROJECT.gsproj");
        return 2;
    }
    const bool json = parser.isSet("json");

    auto proposed = proposeFromTakes(files, output);
    QJsonArray skipped;
    if (proposed)
        for (const QString& line : proposed->skipped) {
            const int colon = static_cast<int>(line.indexOf(": "));
            printWarning(line.left(colon), "left out: " + line.mid(colon + 2));
            skipped.append(
                QJsonObject{{"file", line.left(colon)}, {"message", line.mid(colon + 2)}});
        }
    if (!proposed) {
        printError({}, QString::fromStdString(proposed.message()));
        return 1;
    }
    const Proposal* proposal = &proposed->proposal;
    const Project& project = proposed->project;
    if (Status s = project.save(output); !s) {
        printError(output, QString::fromStdString(s.message()));
        return 1;
    }
    // Built as any project is: what does not build is named, and the rest still steers.
    auto built = loadBehavioralSpace(output);
    if (!built) printError(output, QString::fromStdString(withoutFile(built.message(), output)));
    const int broken = built ? built->brokenEntries : 0;

    QJsonArray explanations, spaces;
    for (const std::string& e : proposal->explanations)
        explanations.append(QString::fromStdString(e));
    for (const ProposedSpace& s : proposal->spaces)
        spaces.append(QJsonObject{{"name", QString::fromStdString(s.name)},
                                  {"clips", static_cast<int>(s.clips.size())},
                                  {"stops", static_cast<int>(s.stops.size())},
                                  {"starts", static_cast<int>(s.starts.size())}});
    if (json) {
        QJsonObject o{{"project", output},
                      {"takes", static_cast<int>(proposed->takes.size())},
                      {"skipped", skipped},
                      {"spaces", spaces},
                      {"clips", static_cast<int>(proposal->clips.size())},
                      {"explanations", explanations},
                      {"builds", static_cast<bool>(built)},
                      {"broken_entries", broken}};
        if (!built) o["error"] = QString::fromStdString(built.message());
        printJson(o);
    } else {
        for (const std::string& e : proposal->explanations) std::printf("%s\n", e.c_str());
        std::printf("wrote %s: %d spaces, %d clips from %d takes\n", qPrintable(output),
                    static_cast<int>(proposal->spaces.size()),
                    static_cast<int>(proposal->clips.size()),
                    static_cast<int>(proposed->takes.size()));
    }
    if (!built) return 1;
    return exitForBroken(output, broken);
}

}  // namespace gs::cli

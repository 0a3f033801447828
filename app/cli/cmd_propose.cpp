// gaitspace-cli propose FILE_OR_FOLDER... -o PROJECT.gsproj [--json]: a project proposed from
// takes (core/spaces/propose.h), each choice explained; the project is then built to check it.

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>

#include <cstdio>

#include "cli_common.h"
#include "core/analysis/segments.h"
#include "core/spaces/propose.h"

namespace gs::cli {
namespace {

// The motion files named: files as they are, folders by their motion files (not recursive).
QStringList motionFiles(const QStringList& paths) {
    QStringList files;
    for (const QString& path : paths) {
        const QFileInfo info(path);
        if (!info.isDir()) {
            files << path;
            continue;
        }
        const QDir dir(path);
        for (const QString& name :
             dir.entryList({"*.bvh", "*.BVH", "*.fbx", "*.FBX", "*.glb", "*.gltf", "*.dae"},
                           QDir::Files, QDir::Name))
            files << dir.filePath(name);
    }
    return files;
}

// A clip's source as the project writes it: under the data folder with ${GAITSPACE_DATA_DIR},
// else relative to the project's folder.
QString sourceFor(const QString& file, const QString& projectPath) {
    const QString absolute = QFileInfo(file).absoluteFilePath();
    const QString data = QFileInfo(dataDirFor(projectPath)).absoluteFilePath();
    if (!data.isEmpty() && absolute.startsWith(data + "/"))
        return "${GAITSPACE_DATA_DIR}" + absolute.mid(data.size());
    return QFileInfo(projectPath).absoluteDir().relativeFilePath(absolute);
}

Project projectOf(const Proposal& proposal, const std::vector<ProposalTake>& takes,
                  const QStringList& files, const QString& output) {
    Project p;
    p.name = QStringLiteral("Proposed from %1 takes").arg(files.size());
    p.settings.fps = proposal.fps;
    for (const ProposedClip& c : proposal.clips) {
        ProjectClip clip;
        clip.id = QString::fromStdString(c.id);
        clip.source = sourceFor(files[c.take], output);
        const bool whole = c.first == 0 && c.last == takes[c.take].frames() - 1;
        clip.trimIn = whole ? -1 : c.first;
        clip.trimOut = whole ? -1 : c.last;
        clip.mirror = c.mirror;
        p.clips.push_back(std::move(clip));
    }
    for (const ProposedSpace& s : proposal.spaces) {
        ProjectSpace space;
        space.name = QString::fromStdString(s.name);
        for (const std::string& id : s.clips) space.clipIds << QString::fromStdString(id);
        space.reference = QString::fromStdString(s.reference);
        for (const std::string& id : s.stops) space.stopIds << QString::fromStdString(id);
        for (const std::string& id : s.starts) space.startIds << QString::fromStdString(id);
        space.bentTurnRadii = s.bentTurnsM;
        p.spaces.push_back(std::move(space));
    }
    return p;
}

}  // namespace

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
    const QStringList files = motionFiles(parser.positionalArguments());
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

    QStringList used;
    std::vector<Clip> clips;  // held for the takes (reserved: their addresses stay)
    clips.reserve(static_cast<size_t>(files.size()));
    std::vector<ProposalTake> takes;
    QJsonArray skipped;
    for (const QString& file : files) {
        auto clip = loadFirstClip(file);
        if (!clip) {
            skipped.append(QJsonObject{{"file", file}, {"message", "unreadable"}});
            continue;
        }
        clips.push_back(std::move(*clip));
        SegmentJob job;
        job.clip = &clips.back();
        if (Status s = job.run(); !s) {
            printWarning(file, "left out: " + QString::fromStdString(s.message()));
            skipped.append(
                QJsonObject{{"file", file}, {"message", QString::fromStdString(s.message())}});
            continue;
        }
        takes.push_back({QFileInfo(file).completeBaseName().toStdString(), &clips.back(),
                         std::move(job.output)});
        used << file;
    }
    auto proposal = proposeProject(takes);
    if (!proposal) {
        printError({}, QString::fromStdString(proposal.message()));
        return 1;
    }
    Project project = projectOf(*proposal, takes, used, output);
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
                      {"takes", static_cast<int>(takes.size())},
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
                    static_cast<int>(proposal->clips.size()), static_cast<int>(takes.size()));
    }
    if (!built) return 1;
    return exitForBroken(output, broken);
}

}  // namespace gs::cli

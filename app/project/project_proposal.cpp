#include "app/project/project_proposal.h"

#include <QDir>
#include <QFileInfo>

#include <deque>
#include <memory>

#include "core/analysis/segments.h"
#include "core/io/clip_import.h"

namespace gs {

QStringList motionFilesIn(const QStringList& paths) {
    QStringList files;
    for (const QString& path : paths) {
        if (!QFileInfo(path).isDir()) {
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

namespace {

Project projectOf(const Proposal& proposal, const std::vector<ProposalTake>& takes,
                  const QStringList& files, const QString& output) {
    Project p;
    p.name = QStringLiteral("Proposed from %1 takes").arg(files.size());
    p.settings.fps = proposal.fps;
    const QString dataDir = QDir::cleanPath(QFileInfo(dataDirFor(output)).absoluteFilePath());
    for (const ProposedClip& c : proposal.clips) {
        ProjectClip clip;
        clip.id = QString::fromStdString(c.id);
        clip.source = projectSource(files[c.take], output, dataDir);
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

Expected<TakesProposal> proposeFromTakes(const QStringList& files, const QString& output) {
    TakesProposal out;
    std::deque<Clip> clips;  // held for the takes (a deque: their addresses stay)
    std::vector<ProposalTake> takes;
    for (const QString& file : files) {
        auto imported = importClips(file.toStdString());
        if (!imported || imported->clips.empty()) {
            out.skipped << file + ": " +
                               (imported ? QStringLiteral("the file holds no animation")
                                         : QString::fromStdString(imported.message()));
            continue;
        }
        clips.push_back(std::move(imported->clips.front()));
        SegmentJob job;
        job.clip = &clips.back();
        if (Status s = job.run(); !s) {
            out.skipped << file + ": " + QString::fromStdString(s.message());
            continue;
        }
        takes.push_back({QFileInfo(file).completeBaseName().toStdString(), &clips.back(),
                         std::move(job.output)});
        out.takes << file;
    }
    if (takes.empty())
        return Status::error(
            "none of the " + std::to_string(files.size()) + " takes could be used (" +
            (out.skipped.isEmpty() ? std::string("no files") : out.skipped.front().toStdString()) +
            (out.skipped.size() > 1 ? ", ..." : "") + ")");
    auto proposal = proposeProject(takes);
    if (!proposal) return proposal.status();
    out.project = projectOf(*proposal, takes, out.takes, output);
    out.proposal = std::move(*proposal);
    return out;
}

}  // namespace gs

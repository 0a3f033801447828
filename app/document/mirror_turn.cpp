#include "app/document/mirror_turn.h"

#include <QCoreApplication>

#include <cmath>

#include "app/document/commands.h"
#include "app/document/project_document.h"
#include "app/document/space_commands.h"
#include "core/clip/mirror.h"
#include "core/loops/path_bend.h"

namespace gs::spaces {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("gs::MirrorTurn", text); }

bool refuse(QString* refusal, const QString& text) {
    if (refusal) *refusal = text;
    return false;
}

// The project clip that is `clip` read with `mirror` (same file, trim and unit scale), if any.
const ProjectClip* sameTake(const Project& project, const ProjectClip& clip, bool mirror) {
    const QString file = project.resolve(clip.source);
    for (const ProjectClip& c : project.clips)
        if (c.mirror == mirror && c.trimIn == clip.trimIn && c.trimOut == clip.trimOut &&
            c.unitScale == clip.unitScale && project.resolve(c.source) == file)
            return &c;
    return nullptr;
}

}  // namespace

bool addMirror(ProjectDocument* doc, int space, const QString& id, QString* refusal) {
    const Project& project = doc->project();
    if (space < 0 || space >= static_cast<int>(project.spaces.size()))
        return refuse(refusal, tr("No motion space to add a mirror to."));
    const ProjectSpace& target = project.spaces[space];
    const ProjectClip* clip = doc->clip(id);
    if (!clip || !target.clipIds.contains(id))
        return refuse(refusal, tr("%1 is not a clip of %2.").arg(id, target.name));
    if (!clip->clip)
        return refuse(refusal,
                      clip->error.isEmpty()
                          ? tr("%1 is still being read: mirror it once it is loaded.").arg(id)
                          : tr("%1 cannot be mirrored: %2").arg(id, clip->error));
    const GroundLine line = groundLine(*clip->clip);
    if (!(std::abs(line.curvature) >= kBentTurnStraightCurvature))
        return refuse(refusal, tr("%1 goes straight (its path curves by %2 rad/m): it has no turn "
                                  "to mirror; choose a turn clip.")
                                   .arg(id)
                                   .arg(line.curvature, 0, 'f', 2));
    const bool mirror = !clip->mirror;
    const QString text = tr("Add the mirror of %1 to %2").arg(id, target.name);

    // The mirror of a mirror is the clip itself: when the project has it, the space takes it.
    if (const ProjectClip* same = sameTake(project, *clip, mirror)) {
        if (target.clipIds.contains(same->id))
            return refuse(refusal, tr("The mirror of %1 is %2, which %3 already holds.")
                                       .arg(id, same->id, target.name));
        std::vector<ProjectSpace> after = doc->spaces();
        after[space].clipIds << same->id;
        doc->undoStack()->push(new SetSpacesCommand(doc, std::move(after), text));
        return true;
    }

    ProjectDocument::ClipEntry entry;
    entry.clip = *clip;
    entry.clip.id = doc->uniqueId(QString::fromStdString(mirrorClipName(id.toStdString())));
    entry.clip.mirror = mirror;
    // Mirroring twice gives the clip back bit for bit, so the loaded clip is mirrored as it is.
    auto mirrored = mirrorClip(*clip->clip, entry.clip.id.toStdString());
    if (!mirrored)
        return refuse(
            refusal,
            tr("%1 cannot be mirrored: %2").arg(id, QString::fromStdString(mirrored.message())));
    entry.clip.clip = std::move(*mirrored);
    entry.clip.error.clear();
    entry.analysis = doc->clipAnalysis(id);
    std::vector<ProjectSpace> after = doc->spaces();
    after[space].clipIds << entry.clip.id;
    QUndoStack* undo = doc->undoStack();
    undo->beginMacro(text);
    undo->push(new AddClipsCommand(doc, {std::move(entry)}));
    undo->push(new SetSpacesCommand(doc, std::move(after), text));
    undo->endMacro();
    return true;
}

}  // namespace gs::spaces

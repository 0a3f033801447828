#pragma once
// The undoable edits of a project's motion spaces: create, rename, reorder, delete, their clips,
// stops, starts and reference (one command that swaps the whole list of spaces, named for what it
// did), and the cycle count of the loops.

#include <QUndoCommand>

#include "app/document/project_document.h"
#include <gaitspace/runtime/transitions.h>

namespace gs {

class SetSpacesCommand : public QUndoCommand {
public:
    // `after` replaces the document's spaces; `text` names the edit in the undo history.
    SetSpacesCommand(ProjectDocument* doc, std::vector<ProjectSpace> after, const QString& text);
    void redo() override { m_doc->setSpacesRaw(m_after); }
    void undo() override { m_doc->setSpacesRaw(m_before); }

private:
    ProjectDocument* m_doc;
    std::vector<ProjectSpace> m_before, m_after;
};

class SetCyclesCommand : public QUndoCommand {
public:
    SetCyclesCommand(ProjectDocument* doc, int cycles);
    void redo() override { m_doc->setCyclesRaw(m_after); }
    void undo() override { m_doc->setCyclesRaw(m_before); }

private:
    ProjectDocument* m_doc;
    int m_before, m_after;
};

// The edits as the motion-space editor asks for them: each checks its input, pushes one command
// and returns true, or refuses (false) without touching the document.
namespace spaces {
bool create(ProjectDocument* doc, const QString& name);
bool rename(ProjectDocument* doc, int space, const QString& name);
bool move(ProjectDocument* doc, int space, int to);
bool remove(ProjectDocument* doc, int space);
// Clips not yet in the space are appended; unknown ids are skipped.
bool addClips(ProjectDocument* doc, int space, const QStringList& ids);
bool removeClips(ProjectDocument* doc, int space, const QStringList& ids);
// The space's stops or starts (ProjectSpace::stopIds, startIds, by `kind`): clips not yet listed
// as that kind are appended (unknown ids skipped); removing takes the listed ones out.
bool addTransitions(ProjectDocument* doc, int space, BakedTransition::Kind kind,
                    const QStringList& ids);
bool removeTransitions(ProjectDocument* doc, int space, BakedTransition::Kind kind,
                       const QStringList& ids);
// Empty = the straightest clip.
bool setReference(ProjectDocument* doc, int space, const QString& id);
bool setCycles(ProjectDocument* doc, int cycles);
// A name no space has, based on `base`.
QString uniqueName(const ProjectDocument* doc, const QString& base);
}  // namespace spaces

}  // namespace gs

#pragma once
// The undoable edits of a ProjectDocument. Each names what it did in the undo history.
// Clips are found by id at redo/undo time (ids only change through RenameClipCommand, which is
// itself undone in order).

#include <QUndoCommand>

#include "app/document/project_document.h"

namespace gs {

// Ids of the commands that merge with the next one of their kind (QUndoCommand::id()).
enum CommandId : int {
    kStyleTransitionCommand = 1,  // successive changes of how style weights move: one step
    kStyleWeightsCommand = 2,     // successive changes of the style set with the sliders: one step
    kStyleKeyEditCommand = 3,     // successive slider changes of one style key: one step
};

class AddClipsCommand : public QUndoCommand {
public:
    AddClipsCommand(ProjectDocument* doc, std::vector<ProjectDocument::ClipEntry> entries);
    void redo() override;
    void undo() override;

private:
    ProjectDocument* m_doc;
    std::vector<ProjectDocument::ClipEntry> m_entries;
    int m_first = 0;
};

class RemoveClipCommand : public QUndoCommand {
public:
    RemoveClipCommand(ProjectDocument* doc, const QString& id);
    void redo() override;
    void undo() override;

private:
    ProjectDocument* m_doc;
    QString m_id;
    int m_index = -1;
    ProjectDocument::ClipEntry m_entry;
    std::vector<ProjectSpace> m_spacesBefore;
};

class RenameClipCommand : public QUndoCommand {
public:
    RenameClipCommand(ProjectDocument* doc, const QString& from, const QString& to);
    void redo() override { m_doc->renameClipRaw(m_from, m_to); }
    void undo() override { m_doc->renameClipRaw(m_to, m_from); }

private:
    ProjectDocument* m_doc;
    QString m_from, m_to;
};

class SetStyleCommand : public QUndoCommand {
public:
    SetStyleCommand(ProjectDocument* doc, const QString& id, const QString& from,
                    const QString& to);
    void redo() override { m_doc->setStyleRaw(m_id, m_to); }
    void undo() override { m_doc->setStyleRaw(m_id, m_from); }

private:
    ProjectDocument* m_doc;
    QString m_id, m_from, m_to;
};

class SetTrimCommand : public QUndoCommand {
public:
    SetTrimCommand(ProjectDocument* doc, const QString& id, int fromIn, int fromOut, int toIn,
                   int toOut);
    void redo() override { m_doc->setTrimRaw(m_id, m_toIn, m_toOut); }
    void undo() override { m_doc->setTrimRaw(m_id, m_fromIn, m_fromOut); }

private:
    ProjectDocument* m_doc;
    QString m_id;
    int m_fromIn, m_fromOut, m_toIn, m_toOut;
};

// The style track's keys replaced. `merging`: a following edit named the same (a key's weights
// changed with the sliders, step by step) merges into this one.
class SetStyleKeysCommand : public QUndoCommand {
public:
    SetStyleKeysCommand(ProjectDocument* doc, std::vector<ProjectStyleKey> from,
                        std::vector<ProjectStyleKey> to, const QString& text, bool merging = false);
    void redo() override { m_doc->setStyleKeysRaw(m_to); }
    void undo() override { m_doc->setStyleKeysRaw(m_from); }
    int id() const override { return m_merging ? kStyleKeyEditCommand : -1; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    ProjectDocument* m_doc;
    std::vector<ProjectStyleKey> m_from, m_to;
    bool m_merging;
};

class SetCharacterCommand : public QUndoCommand {
public:
    SetCharacterCommand(ProjectDocument* doc, ProjectCharacter from, ProjectCharacter to,
                        const QString& text)
        : m_doc(doc), m_from(std::move(from)), m_to(std::move(to)) {
        setText(text);
    }
    void redo() override { m_doc->setCharacterRaw(m_to); }
    void undo() override { m_doc->setCharacterRaw(m_from); }

private:
    ProjectDocument* m_doc;
    ProjectCharacter m_from, m_to;
};

class SetLevelCommand : public QUndoCommand {
public:
    SetLevelCommand(ProjectDocument* doc, ProjectLevel from, ProjectLevel to, const QString& text)
        : m_doc(doc), m_from(std::move(from)), m_to(std::move(to)) {
        setText(text);
    }
    void redo() override { m_doc->setLevelRaw(m_to); }
    void undo() override { m_doc->setLevelRaw(m_from); }

private:
    ProjectDocument* m_doc;
    ProjectLevel m_from, m_to;
};

// How style weights move; successive changes merge into one step.
class SetStyleTransitionCommand : public QUndoCommand {
public:
    struct Value {
        bool byTransition;
        float increment;
        float seconds;
    };
    SetStyleTransitionCommand(ProjectDocument* doc, Value from, Value to);
    void redo() override {
        m_doc->setStyleTransitionRaw(m_to.byTransition, m_to.increment, m_to.seconds);
    }
    void undo() override {
        m_doc->setStyleTransitionRaw(m_from.byTransition, m_from.increment, m_from.seconds);
    }
    int id() const override { return kStyleTransitionCommand; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    ProjectDocument* m_doc;
    Value m_from, m_to;
};

}  // namespace gs

namespace gs {

// The style set with the sliders; successive changes merge into one step.
class SetStyleWeightsCommand : public QUndoCommand {
public:
    SetStyleWeightsCommand(ProjectDocument* doc, std::vector<float> from, std::vector<float> to,
                           const QString& text);
    void redo() override { m_doc->setStyleWeightsRaw(m_to); }
    void undo() override { m_doc->setStyleWeightsRaw(m_from); }
    int id() const override { return kStyleWeightsCommand; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    ProjectDocument* m_doc;
    std::vector<float> m_from, m_to;
};

class SetKeepStyleCommand : public QUndoCommand {
public:
    SetKeepStyleCommand(ProjectDocument* doc, bool keep);
    void redo() override { m_doc->setKeepStyleRaw(m_keep); }
    void undo() override { m_doc->setKeepStyleRaw(!m_keep); }

private:
    ProjectDocument* m_doc;
    bool m_keep;
};

}  // namespace gs

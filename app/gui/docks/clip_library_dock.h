#pragma once
// ClipLibraryDock: the clip library dock. The table of the project's clips (panels/clip_library.h),
// many rows selected at a time, Import and Delete buttons, and a details line under the table for
// the current clip (what building needs: frames, rate, speed, turn, cycles, problem), so that
// nothing is off to the right at the default width. Renames and deletes go to the document as
// undoable edits; the selected clips delete together as one step.

#include <QDockWidget>

#include "app/gui/docks/dock_editing.h"

class QLabel;

namespace gs {

class ClipLibraryModel;
class ClipLibraryView;
class ProjectDocument;

class ClipLibraryDock : public QDockWidget, public DockEditing {
    Q_OBJECT
public:
    explicit ClipLibraryDock(ProjectDocument* doc, QWidget* parent = nullptr);

    ClipLibraryView* view() const { return m_view; }
    ClipLibraryModel* model() const { return m_model; }
    QString currentClip() const;
    QStringList selectedClips() const;
    // Makes `id` the current row (and the only one selected) without clipActivated; empty = none.
    void setCurrentClip(const QString& id);
    QString details() const;

    // DockEditing: F2 renames the current clip, Delete deletes the selected ones.
    QString renameText() const override;
    QString deleteText() const override;
    bool renameSelection() override;
    bool deleteSelection() override;
    void tagStyle();

signals:
    // The user made `id` the current clip (a click, the keys).
    void clipActivated(const QString& id);
    void importRequested();
    void filesDropped(const QStringList& files);

private:
    void updateDetails();

    ProjectDocument* m_doc;
    ClipLibraryView* m_view;
    ClipLibraryModel* m_model;
    QLabel* m_details;
    bool m_setting = false;
};

}  // namespace gs

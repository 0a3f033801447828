#pragma once
// The motion-space editor: the project's spaces (create, rename in place, reorder, delete), the
// clips of the chosen one (dropped from the clip library, removed with Delete or the button), its
// reference clip and the cycle count of the loops, and per clip how it fits: the gait cycles its
// loop holds, its curvature and speed, the loop's seam error, and a warning when it does not fit
// (no cycles, another skeleton). Below them the space's stops and starts (clips that walk to a
// stop and that start from standing; not looped): added by a drag from the clip library or with
// the library's selection, removed with Delete or the button, each marked whether it can serve
// and, when it cannot, why (no standing end, no standing start, another skeleton). Every edit
// goes to the document as an undoable command (app/document/space_commands.h). Build asks the
// window to build the spaces for the live run. Under the clips, the coverage of the space as last
// built (core/spaces/coverage.h: its tightest turns, speeds, stops, starts and what is missing),
// and Add Mirror ("Add the mirror of this turn", also in the clip table's context menu) adds the
// selected turn clip mirrored to the space (app/document/mirror_turn.h).
//
// The fit of each clip (a loop cut, core/loops/loop.h) and whether each stop and start can serve
// (core/spaces/transition_builder.h checkTransitionClip) are computed off the GUI thread (a
// BackgroundTask) and kept per clip, trim and cycle count.

#include <QHash>
#include <QTableWidget>
#include <QWidget>

#include "app/gui/panels/space_clip_table.h"

#include <functional>
#include <vector>

#include "app/gui/docks/dock_editing.h"
#include <gaitspace/runtime/transitions.h>

class QComboBox;
class QLabel;
class QLayout;
class QListWidget;
class QPushButton;
class QSpinBox;
class QVBoxLayout;

namespace gs {

class BackgroundTask;
class ProjectDocument;
struct ProjectSpace;

class MotionSpacesPanel : public QWidget, public DockEditing {
    Q_OBJECT
public:
    explicit MotionSpacesPanel(ProjectDocument* doc, QWidget* parent = nullptr);
    ~MotionSpacesPanel() override;

    enum Column { Clip, Cycles, Curvature, Speed, Seam, Status, ColumnCount };

    int currentSpace() const;
    void setCurrentSpace(int space);
    QListWidget* spaceList() const { return m_spaces; }
    SpaceClipTable* clipTable() const { return m_clips; }
    // The current space's stops or starts: a row per clip, its id (Qt::UserRole) and status.
    enum TransitionColumn { TransitionClip, TransitionStatus, TransitionColumnCount };
    SpaceClipTable* transitionTable(BakedTransition::Kind kind) const;
    // The clips the Add buttons of the stops and starts take (the clip library's selection).
    using SelectionSource = std::function<QStringList()>;
    void setLibrarySelection(SelectionSource source);
    QPushButton* buildButton() const { return m_build; }
    // A line about the build the live run uses (or the one under way).
    void setBuildStatus(const QString& text);
    QString buildStatus() const;
    // What the build the live run uses says of a space, by name (its turning-range warnings, or
    // why it was not built); shown under the current space's clips. refreshNotes() re-reads it.
    using NotesSource = std::function<QStringList(const QString& space)>;
    void setNotesSource(NotesSource source);
    void refreshNotes();
    QString spaceNotes() const;
    // The coverage of a space as last built, by name: lines to show (its turns, speeds, stops,
    // starts, then what is missing); empty when it was not built. Re-read with refreshNotes().
    using CoverageSource = std::function<QStringList(const QString& space)>;
    void setCoverageSource(CoverageSource source);
    QString coverageText() const;

    // "Add the mirror of this turn": the one selected clip of the current space mirrored into
    // it (one undo step); a refusal goes to the document's messages. True when added.
    bool addMirrorOfSelection();
    QPushButton* mirrorButton() const { return m_mirror; }

    // How a clip fits a space's loops (empty warning = fits).
    struct Fit {
        bool known = false;  // computed
        int cycles = 0;
        float curvature = 0.0f;  // rad/m, + = left
        float speed = 0.0f;      // m/s
        float seamCm = 0.0f, seamDeg = 0.0f;
        QString warning;
    };
    Fit fitOf(const QString& clipId) const;
    // Whether a clip can serve as a stop or start of the current space (empty warning = it can):
    // known once computed; the warning names the cause (another skeleton, no standing end).
    Fit transitionFitOf(const QString& clipId, BakedTransition::Kind kind) const;
    // Waits until the fits of the shown clips, stops and starts are computed (tests).
    void waitForFits();

    // DockEditing: F2 renames the current space; Delete removes the selected clips from it (or
    // the selected stops or starts, from their list; from the list of spaces, the space itself).
    QString renameText() const override;
    QString deleteText() const override;
    bool renameSelection() override;
    bool deleteSelection() override;

signals:
    void buildRequested();

private:
    QLayout* makeSpaceList();
    QLayout* makeSpaceSettings();
    QWidget* makeClipTable();
    QLayout* makeTransitionTables();
    void makeMessages(QVBoxLayout* layout);
    void makeBuildRow(QVBoxLayout* layout);
    void followDocument();
    void removeSelectedClips();
    void refresh();
    void refreshClips();
    void refreshTransitions(const ProjectSpace& space);
    void computeFits();
    QString fitKey(const QString& clipId) const;
    QString transitionKey(const QString& clipId, BakedTransition::Kind kind) const;
    QStringList selectedClipIds() const;
    static QStringList selectedIds(const QTableWidget* table);
    // The stops or starts table that holds the focus, if one does.
    SpaceClipTable* focusedTransitionTable(BakedTransition::Kind* kind) const;

    ProjectDocument* m_doc;
    QListWidget* m_spaces;
    QSpinBox* m_cycles;
    QComboBox* m_reference;
    SpaceClipTable* m_clips;
    SpaceClipTable* m_stops;
    SpaceClipTable* m_starts;
    SelectionSource m_librarySelection;
    QLabel* m_spaceError;
    QLabel* m_spaceNotes;
    NotesSource m_notes;
    QLabel* m_coverage;
    QStringList m_coverageLines;  // every line m_coverage's tooltip shows
    CoverageSource m_coverageSource;
    QPushButton* m_mirror;
    QLabel* m_buildStatus;
    QPushButton* m_build;
    bool m_refreshing = false;
    class QTimer* m_later;
    QHash<QString, Fit> m_fits;  // by fitKey (loops) and transitionKey (stops, starts)
    BackgroundTask* m_fitTask;
    QStringList m_fitsAsked;  // the fits the task under way computes
};

}  // namespace gs

#pragma once
// LiveSteeringDock: the Blend weights dock, which steers the live run: how the goal moves (go to
// and stop, the default: drag or click; follow the mouse, circle, zigzag, figure eight), which
// controller (goal space or the naive baseline), how many characters walk a level at once,
// whether steering keeps the user's style
// (settings.keep_style, undoable), and the StyleEditor: a slider per style, the live weights and
// blends, and the style track (keys added, moved and deleted as undoable edits of the document,
// whose keys hold one weight per project space; the editor and the run hold them in the live run's
// space order, matched by name). The style set with the sliders is the document's too (undoable,
// saved with the project); while a key sets it the editor says which, and a line under it says why
// the live style differs from the one set (LiveRun::styleReason).

#include <QDockWidget>
#include <QElapsedTimer>

#include "app/gui/docks/dock_editing.h"
#include "widgets/style_editor.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;

namespace gs {

class LiveRun;
class ProjectDocument;

class LiveSteeringDock : public QDockWidget, public DockEditing {
    Q_OBJECT
public:
    LiveSteeringDock(ProjectDocument* doc, LiveRun* run, QWidget* parent = nullptr);

    StyleEditor* styleEditor() const { return m_editor; }
    QComboBox* goalMode() const { return m_goalMode; }
    QComboBox* controller() const { return m_controller; }
    QCheckBox* keepStyle() const { return m_keepStyle; }
    // "Characters: N": characters walking the level at once (LiveRun::setCharacters), 1-50; kept
    // in the user's settings ("live/characters"), not the document. Enabled with a level.
    QSpinBox* characters() const { return m_characters; }
    // Why the live style differs from the one set; hidden when they agree.
    QLabel* styleReason() const { return m_reason; }

    // DockEditing: Delete removes the selected style key.
    QString deleteText() const override;
    bool deleteSelection() override;

private:
    // The constructor's steps, in order.
    void createWidgets();
    void connectControls();
    void connectStyle();
    void connectKeys();
    void connectDocument();
    void connectRun();
    void refreshStyles();
    void refreshGoalTip();
    void refreshCharacters();
    void refreshKeys();
    void applyTransition();
    void setKeys(std::vector<StyleKey> keys, const QString& what, bool merging = false);
    // The document's style (set with the sliders) to the editor and the run, when it has one.
    void applyDocumentStyle();
    // Project order (one weight per project space) to the live run's order and back, by name.
    std::vector<float> toLive(const std::vector<float>& project) const;
    std::vector<float> toProject(const std::vector<float>& live) const;
    double trackLength() const;

    ProjectDocument* m_doc;
    LiveRun* m_run;
    StyleEditor* m_editor;
    QComboBox* m_goalMode;
    QComboBox* m_controller;
    QCheckBox* m_keepStyle;
    QSpinBox* m_characters;
    QLabel* m_reason;
    std::vector<StyleKey> m_keys;  // the document's keys in the live run's order
    QElapsedTimer m_shown;         // since the live figures were last shown
};

}  // namespace gs

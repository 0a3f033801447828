#pragma once
// QualityDock: the Quality dock. Its panel (panels/quality_panel.h) runs a simulate scenario on the
// live build, goal-space and naive steering side by side, against the source clips of the first
// space (from the document); and plots the live run's foot skate and distance to the goal.

#include <QDockWidget>

namespace gs {

class LiveRun;
class ProjectDocument;
class QualityPanel;

class QualityDock : public QDockWidget {
    Q_OBJECT
public:
    QualityDock(ProjectDocument* doc, LiveRun* run, QWidget* parent = nullptr);
    QualityPanel* panel() const { return m_panel; }

private:
    ProjectDocument* m_doc;
    LiveRun* m_run;
    QualityPanel* m_panel;
};

}  // namespace gs

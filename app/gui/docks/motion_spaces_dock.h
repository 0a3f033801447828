#pragma once
// MotionSpacesDock: the Motion spaces dock. Its panel (panels/spaces_panel.h) edits the project's
// spaces as undoable commands; Build builds them for the live run (LiveRun::build), and the line
// under it says what the live run uses, what is being built, and what could not be.

#include <QDockWidget>

namespace gs {

class LiveRun;
class MotionSpacesPanel;
class ProjectDocument;

class MotionSpacesDock : public QDockWidget {
    Q_OBJECT
public:
    MotionSpacesDock(ProjectDocument* doc, LiveRun* run, QWidget* parent = nullptr);
    MotionSpacesPanel* panel() const { return m_panel; }
    // Builds the document's spaces as edited, for the live run (the Build button).
    void build();

private:
    ProjectDocument* m_doc;
    LiveRun* m_run;
    MotionSpacesPanel* m_panel;
};

}  // namespace gs

#pragma once
// MotionSpacesDock: the Motion spaces dock. Its panel (panels/spaces_panel.h) edits the project's
// spaces as undoable commands; Build builds them for the live run (LiveRun::build), and the line
// under it says what the live run uses, what is being built, and what could not be. Each space's
// coverage as built (core/spaces/coverage.h) shows under its clips, worked out from the build's
// goal spaces when a build is live.

#include <QDockWidget>
#include <QHash>
#include <QStringList>

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
    // The coverage of every space of the live build, as lines by space name.
    void updateCoverage();

    ProjectDocument* m_doc;
    LiveRun* m_run;
    MotionSpacesPanel* m_panel;
    QHash<QString, QStringList> m_coverage;
};

}  // namespace gs

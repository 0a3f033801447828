#include "app/gui/docks/motion_spaces_dock.h"

#include <QPushButton>
#include <QTime>

#include "app/document/background_task.h"
#include "app/document/project_document.h"
#include "app/gui/live/live_run.h"
#include "app/gui/panels/spaces_panel.h"

namespace gs {

MotionSpacesDock::MotionSpacesDock(ProjectDocument* doc, LiveRun* run, QWidget* parent)
    : QDockWidget(tr("Motion spaces"), parent),
      m_doc(doc),
      m_run(run),
      m_panel(new MotionSpacesPanel(doc, this)) {
    setObjectName("analysis_motionspaces");
    m_panel->setObjectName("spacesPanel");
    setWidget(m_panel);
    connect(m_panel, &MotionSpacesPanel::buildRequested, this, &MotionSpacesDock::build);
    connect(run->buildTask(), &BackgroundTask::started, this, [this] {
        m_panel->setBuildStatus(tr("Building…"));
        m_panel->buildButton()->setEnabled(false);
    });
    connect(run->buildTask(), &BackgroundTask::finished, this, [this](bool cancelled) {
        m_panel->buildButton()->setEnabled(true);
        if (cancelled)
            m_panel->setBuildStatus(m_run->isReady()
                                        ? tr("Build cancelled; live: %1").arg(m_run->buildSummary())
                                        : tr("Build cancelled"));
    });
    m_panel->setNotesSource([this](const QString& space) { return m_run->spaceNotes(space); });
    connect(run, &LiveRun::ready, this, [this](const QString& summary) {
        m_panel->setBuildStatus(
            tr("Live: %1 (built %2)").arg(summary, QTime::currentTime().toString("HH:mm:ss")));
        m_panel->refreshNotes();
    });
    connect(run, &LiveRun::unchanged, this, [this](const QString& summary) {
        m_panel->setBuildStatus(tr("Live: %1 (unchanged: nothing rebuilt, %2)")
                                    .arg(summary, QTime::currentTime().toString("HH:mm:ss")));
    });
    connect(run, &LiveRun::buildFailed, this, [this](const QString& message) {
        m_panel->setBuildStatus(tr("Build failed: %1").arg(message));
    });
}

void MotionSpacesDock::build() {
    if (m_doc->project().spaces.empty()) {
        emit m_run->message(
            ProjectDocument::Level::Warning,
            tr("The project has no motion space to build: add one in the Motion spaces dock."));
        return;
    }
    m_run->build(tr("the motion spaces of %1").arg(m_doc->displayName()), LiveRun::Start::Take);
}

}  // namespace gs

#include "app/gui/docks/motion_spaces_dock.h"

#include <QPushButton>
#include <QTime>

#include <cmath>

#include "app/document/background_task.h"
#include "app/document/project_document.h"
#include "app/gui/live/live_run.h"
#include "app/gui/panels/spaces_panel.h"
#include "core/spaces/coverage.h"

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
    m_panel->setCoverageSource([this](const QString& space) { return m_coverage.value(space); });
    connect(run, &LiveRun::ready, this, [this](const QString& summary) {
        m_panel->setBuildStatus(
            tr("Live: %1 (built %2)").arg(summary, QTime::currentTime().toString("HH:mm:ss")));
        updateCoverage();
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

void MotionSpacesDock::updateCoverage() {
    m_coverage.clear();
    const SteeringDemo* demo = m_run->demo();
    if (!demo || !demo->crowd()) return;
    const BakedSpaceFile& baked = demo->crowd()->baked();
    CoverageJob job;
    job.space = &baked.space;
    job.goalSpaces = baked.goalSpaces;
    // Only the project's own clips are named to mirror (not the turns a build bent).
    job.canMirror = [this](const std::string& clip) {
        return m_doc->clip(QString::fromStdString(clip)) != nullptr;
    };
    if (Status s = job.run(); !s) {
        emit m_run->message(
            ProjectDocument::Level::Warning,
            tr("No coverage of the build: %1").arg(QString::fromStdString(s.message())));
        return;
    }
    auto radius = [this](float r) {
        return std::isfinite(r) ? tr("%1 m").arg(r, 0, 'f', 1) : tr("none");
    };
    for (const SpaceCoverage& c : job.output) {
        const QString name = QString::fromStdString(c.space);
        QStringList lines;
        lines << tr("Coverage: tightest turn left %1, right %2; %3–%4 m/s")
                     .arg(radius(c.tightestRadiusLeft), radius(c.tightestRadiusRight))
                     .arg(c.minSpeed, 0, 'f', 2)
                     .arg(c.maxSpeed, 0, 'f', 2);
        const QString starts = !c.starts ? tr("no")
                               : c.startsFrom == c.space
                                   ? tr("yes")
                                   : tr("with %1's").arg(QString::fromStdString(c.startsFrom));
        lines << tr("Stops: %1; starts: %2").arg(c.stops ? tr("yes") : tr("no"), starts);
        for (const std::string& m : c.missing)
            lines << tr("Missing: %1").arg(QString::fromStdString(m));
        m_coverage.insert(name, lines);
    }
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

#include "app/gui/docks/quality_dock.h"

#include "app/document/project_document.h"
#include "app/gui/live/live_run.h"
#include "app/gui/panels/quality_panel.h"

namespace gs {

QualityDock::QualityDock(ProjectDocument* doc, LiveRun* run, QWidget* parent)
    : QDockWidget(tr("Quality"), parent), m_doc(doc), m_run(run), m_panel(new QualityPanel(this)) {
    setObjectName("analysis_quality");
    m_panel->setObjectName("qualityPanel");
    setWidget(m_panel);
    connect(m_panel, &QualityPanel::runRequested, this, [this] {
        if (!m_run->isReady()) {
            emit m_run->message(
                ProjectDocument::Level::Info,
                tr("Build the motion spaces first: the scenario runs on the live build."));
            return;
        }
        auto baked = std::make_shared<const BakedSpaceFile>(m_run->demo()->crowd()->baked());
        // The source clips of the first space (the style the scenario runs), from the document.
        std::vector<Clip> source;
        const std::string first = baked->space.spaces.front().name;
        for (const ProjectSpace& s : m_doc->project().spaces)
            if (s.name.toStdString() == first)
                for (const QString& id : s.clipIds)
                    if (const ProjectClip* c = m_doc->clip(id); c && c->clip)
                        source.push_back(*c->clip);
        m_panel->run(std::move(baked), std::move(source));
    });
    connect(run, &LiveRun::ready, m_panel, &QualityPanel::clearLive);
    connect(run, &LiveRun::advanced, this, [this] {
        if (!isVisible() || !m_run->isRunning()) return;
        SteeringDemo* d = m_run->demo();
        m_panel->addLiveSample(d->seconds(), d->liveFootSkate(), d->distanceToGoal(),
                               d->reachedGoals());
    });
}

}  // namespace gs

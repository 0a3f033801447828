#include "app/gui/docks/registration_dock.h"

#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

#include "app/document/background_task.h"
#include "app/document/clip_analysis.h"
#include "app/gui/panels/clip_pair_row.h"
#include "core/analysis/registration.h"
#include "widgets/registration_view.h"

namespace gs {

struct RegistrationRun {
    QString idA, idB;
    int framesA = 0, framesB = 0;
    float fps = 30.0f;
    Status status = Status::ok();
    RegistrationCurve curve;
};

RegistrationDock::RegistrationDock(ProjectDocument* doc, QWidget* parent)
    : QDockWidget(tr("Registration"), parent), m_doc(doc), m_task(new BackgroundTask(this)) {
    setObjectName("analysis_registration");
    auto* w = new QWidget(this);
    auto* layout = new QVBoxLayout(w);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(3);
    m_pair = new ClipPairRow(doc, m_task, false, w);
    layout->addWidget(m_pair);
    m_view = new RegistrationView(w);
    m_view->setObjectName("registrationView");
    layout->addWidget(m_view, 1);
    m_info = new QLabel(w);
    m_info->setObjectName("registrationInfo");
    m_info->setWordWrap(true);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_info->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_info);
    setWidget(w);
    connect(m_pair, &ClipPairRow::computeRequested, this, &RegistrationDock::compute);
    connect(m_view, &RegistrationView::cursorMoved, this, &RegistrationDock::showFrame);
    connect(m_task, &BackgroundTask::finished, this, [this](bool cancelled) {
        if (cancelled) m_info->setText(tr("Registration cancelled."));
    });
}

RegistrationDock::~RegistrationDock() = default;

bool RegistrationDock::isComputing() const { return m_task->isRunning(); }
QString RegistrationDock::shownA() const { return m_shown ? m_shown->idA : QString(); }
QString RegistrationDock::shownB() const { return m_shown ? m_shown->idB : QString(); }
std::vector<glm::ivec2> RegistrationDock::path() const {
    return m_shown ? m_shown->curve.cells : std::vector<glm::ivec2>{};
}

void RegistrationDock::compute(const QString& idA, const QString& idB) {
    const WorkingClipPair pair = workingClipPair(m_doc, idA, idB);
    if (!pair.missing.isEmpty()) {
        emit message(ProjectDocument::Level::Warning,
                     tr("Registration: clip '%1' is not loaded yet.").arg(pair.missing));
        return;
    }
    const QString& b = pair.idB;
    const auto &clipA = pair.a, &clipB = pair.b;
    m_pair->setPair(idA, b);
    m_info->setText(tr("Registering %1 to %2…").arg(b, idA));
    m_task->run<std::shared_ptr<const RegistrationRun>>(
        tr("Registration of %1 to %2").arg(b, idA),
        [idA, b, clipA, clipB](TaskControl& control) {
            auto run = std::make_shared<RegistrationRun>();
            run->idA = idA;
            run->idB = b;
            run->framesA = clipA->frameCount();
            run->framesB = clipB->frameCount();
            run->fps = clipA->fps;
            RegistrationJob job;
            job.a = clipA.get();
            job.b = clipB.get();
            job.progress = progressTo(control);
            run->status = job.run();
            if (run->status) run->curve = std::move(job.output);
            return std::shared_ptr<const RegistrationRun>(run);
        },
        [this](std::shared_ptr<const RegistrationRun> run) {
            if (!run->status) {
                m_info->setText(tr("Registration failed: %1")
                                    .arg(QString::fromStdString(run->status.message())));
                emit message(
                    ProjectDocument::Level::Error,
                    tr("Registration of %1 to %2: %3")
                        .arg(run->idB, run->idA, QString::fromStdString(run->status.message())));
                return;
            }
            m_shown = run;
            RegistrationPicture picture =
                RegistrationPicture::from(run->curve, run->framesA, run->framesB, run->fps);
            picture.nameA = run->idA;
            picture.nameB = run->idB;
            m_view->setPicture(std::move(picture));
            const RegistrationCurve& c = run->curve;
            m_info->setText(
                tr("Mean slope %1, %2; %3 strikes matched; residual %4 cm (linear mapping: %5 cm). "
                   "Click or drag the plots to move the cursor.")
                    .arg(c.meanSlope(), 0, 'f', 2)
                    .arg(c.isMonotone() ? tr("monotone") : tr("NOT monotone"))
                    .arg(c.constraints.size())
                    .arg(c.residual * 100.0f, 0, 'f', 1)
                    .arg(c.identityResidual * 100.0f, 0, 'f', 1));
            emit computed(run->idA, run->idB);
        });
}

void RegistrationDock::showFrame(float frameA) {
    if (!m_shown) return;
    const ProjectClip* pa = m_doc->clip(m_shown->idA);
    const auto sa = m_doc->clipAnalysis(m_shown->idA);
    if (!pa || !sa) return;
    const float source = sourceFrame(*pa, *sa, m_doc->project().settings.fps, frameA);
    const QString a = m_shown->idA;
    // Showing A may first switch the window to it, which unlinks the docks that showed poses
    // before: the link and the ghost are set once A is shown (the first click too).
    emit showClipFrame(a, source);
    m_linked = true;
    follow(a, source);
}

void RegistrationDock::follow(const QString& shown, float frame) {
    if (!m_linked || !m_shown) return;
    const RegistrationRun& run = *m_shown;
    if (shown != run.idA) {
        m_linked = false;
        return;
    }
    const ProjectClip* pa = m_doc->clip(run.idA);
    const ProjectClip* pb = m_doc->clip(run.idB);
    const auto sa = m_doc->clipAnalysis(run.idA), sb = m_doc->clipAnalysis(run.idB);
    if (!pa || !pb || !sa || !sb || run.curve.path.empty()) return;
    const float fps = m_doc->project().settings.fps;
    const float a = std::clamp(workingFrame(*pa, *sa, fps, frame), run.curve.path.front().x,
                               run.curve.path.back().x);
    m_view->setCursor(a);
    const float b = run.curve.mapAtoB(a);
    // The working clips keep their source's world (trimming and resampling do not move it), so
    // the curve's alignment holds for the source frames too.
    emit ghostMoved(run.idB, sourceFrame(*pb, *sb, fps, b),
                    alignmentMatrix(run.curve.alignmentAt(a).inverse()));
}

}  // namespace gs

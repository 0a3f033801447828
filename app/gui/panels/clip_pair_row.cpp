#include "app/gui/panels/clip_pair_row.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>

#include "app/document/background_task.h"
#include "app/document/clip_analysis.h"
#include "app/document/project_document.h"
#include "core/analysis/point_cloud.h"

namespace gs {

ClipPairRow::ClipPairRow(ProjectDocument* doc, BackgroundTask* task, bool sameAgain,
                         QWidget* parent)
    : QWidget(parent), m_doc(doc), m_sameAgain(sameAgain) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(3);
    auto* row = new QHBoxLayout;
    row->setSpacing(4);
    m_a = new QComboBox(this);
    m_b = new QComboBox(this);
    m_a->setObjectName("clipA");
    m_b->setObjectName("clipB");
    m_a->setToolTip(tr("Clip A (rows; the reference)"));
    m_b->setToolTip(tr("Clip B (columns)"));
    for (QComboBox* c : {m_a, m_b}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(6);
    }
    m_compute = new QPushButton(tr("Compute"), this);
    m_compute->setObjectName("compute");
    row->addWidget(new QLabel(tr("A"), this));
    row->addWidget(m_a, 1);
    row->addWidget(new QLabel(tr("B"), this));
    row->addWidget(m_b, 1);
    row->addWidget(m_compute);
    layout->addLayout(row);
    m_busy = new QWidget(this);
    auto* busy = new QHBoxLayout(m_busy);
    busy->setContentsMargins(0, 0, 0, 0);
    m_progress = new QProgressBar(m_busy);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(14);
    auto* cancel = new QToolButton(m_busy);
    cancel->setText(tr("Cancel"));
    cancel->setObjectName("cancel");
    busy->addWidget(m_progress, 1);
    busy->addWidget(cancel);
    m_busy->hide();
    layout->addWidget(m_busy);

    connect(m_compute, &QPushButton::clicked, this, [this] { emit computeRequested(a(), b()); });
    connect(cancel, &QToolButton::clicked, task, &BackgroundTask::cancel);
    connect(task, &BackgroundTask::started, this, [this] {
        m_progress->setValue(0);
        m_busy->show();
    });
    connect(task, &BackgroundTask::progressChanged, this, [this](int value, int maximum) {
        m_progress->setRange(0, std::max(maximum, 1));
        m_progress->setValue(value);
    });
    connect(task, &BackgroundTask::finished, m_busy, &QWidget::hide);
    connect(doc, &ProjectDocument::projectReset, this, &ClipPairRow::refill);
    connect(doc, &ProjectDocument::clipsChanged, this, &ClipPairRow::refill);
    connect(doc, &ProjectDocument::clipChanged, this, &ClipPairRow::refill);
    refill();
}

QString ClipPairRow::a() const { return m_a->currentData().toString(); }
QString ClipPairRow::b() const { return m_b->currentData().toString(); }

void ClipPairRow::setPair(const QString& a, const QString& b) {
    const QSignalBlocker blockA(m_a), blockB(m_b);
    m_a->setCurrentIndex(std::max(0, m_a->findData(a)));
    m_b->setCurrentIndex(std::max(0, m_b->findData(m_sameAgain && b == a ? QString() : b)));
}

void ClipPairRow::refill() {
    QStringList ids;
    for (const ProjectClip& c : m_doc->project().clips) ids << c.id;
    auto fill = [&ids](QComboBox* combo, const QString& first) {
        const QString keep = combo->currentData().toString();
        const QSignalBlocker block(combo);
        combo->clear();
        if (!first.isEmpty()) combo->addItem(first, QString());
        for (const QString& id : ids) combo->addItem(id, id);
        const int at = combo->findData(keep);
        combo->setCurrentIndex(at >= 0 ? at : 0);
    };
    fill(m_a, {});
    fill(m_b, m_sameAgain ? tr("(A again)") : QString());
}

std::shared_ptr<const Clip> workingClipOf(const ProjectDocument* doc, const QString& id) {
    const ProjectClip* pc = doc->clip(id);
    if (!pc) return nullptr;
    if (pc->clip) return std::make_shared<const Clip>(*pc->clip);
    // Not loaded with the project (added since): made from the analysed file.
    const auto analysis = doc->clipAnalysis(id);
    if (!analysis) return nullptr;
    auto clip = workingClip(analysis->source, pc->trimIn, pc->trimOut, doc->project().settings.fps,
                            id, pc->mirror);
    return clip ? std::make_shared<const Clip>(std::move(*clip)) : nullptr;
}

WorkingClipPair workingClipPair(const ProjectDocument* doc, const QString& idA,
                                const QString& idB) {
    WorkingClipPair pair;
    pair.idA = idA;
    pair.idB = idB.isEmpty() ? idA : idB;
    pair.a = workingClipOf(doc, idA);
    pair.b = pair.idB == idA ? pair.a : workingClipOf(doc, pair.idB);
    if (!pair.a || !pair.b) pair.missing = !pair.a ? idA : pair.idB;
    return pair;
}

std::function<bool(float)> progressTo(TaskControl& control) {
    return [&control](float f) {
        control.setProgress(static_cast<int>(f * 1000.0f), 1000);
        return !control.isCancelled();
    };
}

float sourceFrame(const ProjectClip& pc, const ClipAnalysis& analysis, float projectFps,
                  float frame) {
    const float in = pc.trimIn >= 0 ? static_cast<float>(pc.trimIn) : 0.0f;
    return std::clamp(in + frame * analysis.source.fps / projectFps, 0.0f,
                      static_cast<float>(analysis.source.frameCount() - 1));
}

float workingFrame(const ProjectClip& pc, const ClipAnalysis& analysis, float projectFps,
                   float source) {
    const float in = pc.trimIn >= 0 ? static_cast<float>(pc.trimIn) : 0.0f;
    return (source - in) * projectFps / analysis.source.fps;
}

glm::mat4 alignmentMatrix(const Alignment& a) {
    return glm::translate(glm::mat4(1.0f), glm::vec3(a.x0, 0.0f, a.z0)) *
           glm::mat4_cast(a.rotation());
}

}  // namespace gs

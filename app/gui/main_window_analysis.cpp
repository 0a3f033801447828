// MainWindow, the analysis views: the match-web viewer and the registration-curve viewer in their
// docks, their background computations (progress and cancel in the dock), the poses they show in
// the 3D view, their exports, and the docks a scripted run opens (--docks).
//
// Both views work on the project's working clips (trimmed, at the project's rate). The 3D view
// plays the clips' source files, so a frame of a working clip is mapped to its source frame
// (trim in + frame x source rate / project rate) before it is shown.

#include "main_window.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>

#include "app/document/clip_analysis.h"
#include "core/match_web.h"
#include "core/registration.h"
#include "core/timewarp.h"
#include "widgets/match_web_view.h"
#include "widgets/registration_view.h"
#include "widgets/timeline.h"
#include "widgets/viewport.h"

namespace gs {
namespace {

// One background computation: the clips it reads (its own copies), its progress and its cancel.
struct AnalysisRun {
    QString idA, idB;
    std::shared_ptr<const Clip> a, b;  // b == a for a self match web
    std::atomic<float> done{0.0f};
    std::atomic<bool> cancel{false};
    Status status = Status::ok();
    MatchWeb web;
    Timewarp warp;              // the cheapest monotone path through the web (match web only)
    RegistrationCurve curve;    // registration only
};

// The rigid ground-plane motion of an alignment as a matrix.
glm::mat4 toMatrix(const Alignment& a) {
    return glm::translate(glm::mat4(1.0f), glm::vec3(a.x0, 0.0f, a.z0)) * glm::mat4_cast(a.rotation());
}

}  // namespace

// The analysis docks' widgets and state (owned by the window as a child object).
struct AnalysisPanels : QObject {
    using QObject::QObject;

    struct Pane {
        QComboBox* a = nullptr;
        QComboBox* b = nullptr;
        QPushButton* compute = nullptr;
        QWidget* busy = nullptr;
        QProgressBar* progress = nullptr;
        QLabel* info = nullptr;
        std::shared_ptr<AnalysisRun> run;  // running or last finished
        bool running = false;
    };
    Pane web, reg;
    MatchWebView* webView = nullptr;
    RegistrationView* regView = nullptr;
    QCheckBox* showMinima = nullptr;
    QCheckBox* showChains = nullptr;
    QCheckBox* showPath = nullptr;
    QTimer* poll = nullptr;
    std::shared_ptr<AnalysisRun> webDone, regDone;  // the results shown

    // The poses in the 3D view: a match-web cell, or the registration cursor (followed by the
    // timeline) while the registration's clip A is the clip shown.
    enum class Link { None, Cell, Registration } link = Link::None;
    std::shared_ptr<const ClipAnalysis> ghost;  // keeps the ghost's source clip alive
};

namespace {

// The names --docks takes, with the object names of their docks (main_window_docks.cpp).
const std::vector<std::pair<QString, QString>>& dockNames() {
    static const std::vector<std::pair<QString, QString>> names{
        {"matchweb", "analysis_matchweb"},     {"registration", "analysis_registration"},
        {"spaces", "analysis_motionspaces"},   {"goalspace", "analysis_goalspace"},
        {"quality", "analysis_quality"}};
    return names;
}

void fillClipCombo(QComboBox* combo, const QStringList& ids, const QString& first) {
    const QString keep = combo->currentData().toString();
    const QSignalBlocker block(combo);
    combo->clear();
    if (!first.isEmpty()) combo->addItem(first, QString());
    for (const QString& id : ids) combo->addItem(id, id);
    const int at = combo->findData(keep);
    combo->setCurrentIndex(at >= 0 ? at : 0);
}

// A source frame of a project clip's working frame.
float sourceFrame(const ProjectClip& pc, const ClipAnalysis& analysis, float projectFps, float frame) {
    const float in = pc.trimIn >= 0 ? static_cast<float>(pc.trimIn) : 0.0f;
    return std::clamp(in + frame * analysis.source.fps / projectFps, 0.0f,
                      static_cast<float>(analysis.source.frameCount() - 1));
}

float workingFrame(const ProjectClip& pc, const ClipAnalysis& analysis, float projectFps, float source) {
    const float in = pc.trimIn >= 0 ? static_cast<float>(pc.trimIn) : 0.0f;
    return (source - in) * projectFps / analysis.source.fps;
}

}  // namespace

QStringList MainWindow::analysisDockNames() {
    QStringList names;
    for (const auto& [name, object] : dockNames()) names << name;
    return names;
}

void MainWindow::createAnalysisDocks() {
    m_analysis = new AnalysisPanels(this);
    AnalysisPanels& p = *m_analysis;
    auto dockNamed = [this](const QString& object) {
        for (QDockWidget* d : m_analysisDocks)
            if (d->objectName() == object) return d;
        return static_cast<QDockWidget*>(nullptr);
    };
    auto pairRow = [](QWidget* parent, AnalysisPanels::Pane& pane) {
        auto* row = new QHBoxLayout;
        row->setSpacing(4);
        pane.a = new QComboBox(parent);
        pane.b = new QComboBox(parent);
        pane.a->setToolTip(QObject::tr("Clip A (rows; the reference)"));
        pane.b->setToolTip(QObject::tr("Clip B (columns)"));
        for (QComboBox* c : {pane.a, pane.b}) {
            c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
            c->setMinimumContentsLength(6);
        }
        pane.compute = new QPushButton(QObject::tr("Compute"), parent);
        row->addWidget(new QLabel(QObject::tr("A"), parent));
        row->addWidget(pane.a, 1);
        row->addWidget(new QLabel(QObject::tr("B"), parent));
        row->addWidget(pane.b, 1);
        row->addWidget(pane.compute);
        pane.busy = new QWidget(parent);
        auto* busy = new QHBoxLayout(pane.busy);
        busy->setContentsMargins(0, 0, 0, 0);
        pane.progress = new QProgressBar(pane.busy);
        pane.progress->setRange(0, 1000);
        pane.progress->setTextVisible(false);
        pane.progress->setMaximumHeight(14);
        auto* cancel = new QToolButton(pane.busy);
        cancel->setText(QObject::tr("Cancel"));
        cancel->setObjectName("cancel");
        busy->addWidget(pane.progress, 1);
        busy->addWidget(cancel);
        pane.busy->hide();
        QObject::connect(cancel, &QToolButton::clicked, pane.busy, [&pane] {
            if (pane.run) pane.run->cancel = true;
        });
        pane.info = new QLabel(parent);
        pane.info->setWordWrap(true);
        pane.info->setTextInteractionFlags(Qt::TextSelectableByMouse);
        return row;
    };

    // Match web.
    if (QDockWidget* dock = dockNamed("analysis_matchweb")) {
        auto* w = new QWidget(dock);
        auto* layout = new QVBoxLayout(w);
        layout->setContentsMargins(2, 2, 2, 2);
        layout->setSpacing(3);
        layout->addLayout(pairRow(w, p.web));
        layout->addWidget(p.web.busy);
        p.webView = new MatchWebView(w);
        p.webView->setObjectName("matchWebView");
        layout->addWidget(p.webView, 1);
        auto* toggles = new QHBoxLayout;
        toggles->setSpacing(6);
        p.showMinima = new QCheckBox(tr("Minima"), w);
        p.showChains = new QCheckBox(tr("Chains"), w);
        p.showPath = new QCheckBox(tr("Path"), w);
        p.showChains->setChecked(true);
        p.showPath->setChecked(true);
        p.showMinima->setChecked(true);
        p.showPath->setToolTip(tr("The cheapest monotone timewarp through the web (the registration's path)"));
        auto* exportButton = new QToolButton(w);
        exportButton->setText(tr("Export"));
        exportButton->setPopupMode(QToolButton::InstantPopup);
        auto* menu = new QMenu(exportButton);
        QAction* png = menu->addAction(tr("Heat map as PNG…"));
        QAction* csv = menu->addAction(tr("Distances as CSV…"));
        exportButton->setMenu(menu);
        for (QCheckBox* c : {p.showMinima, p.showChains, p.showPath}) toggles->addWidget(c);
        toggles->addStretch(1);
        toggles->addWidget(exportButton);
        layout->addLayout(toggles);
        layout->addWidget(p.web.info);
        dock->setWidget(w);
        auto overlays = [this] {
            m_analysis->webView->setOverlays(m_analysis->showMinima->isChecked(), m_analysis->showChains->isChecked(),
                                             m_analysis->showPath->isChecked());
        };
        for (QCheckBox* c : {p.showMinima, p.showChains, p.showPath}) connect(c, &QCheckBox::toggled, this, overlays);
        connect(p.web.compute, &QPushButton::clicked, this, [this] {
            computeMatchWeb(m_analysis->web.a->currentData().toString(), m_analysis->web.b->currentData().toString());
        });
        connect(p.webView, &MatchWebView::cellHovered, this, [this](int i, int j) {
            const MatchWebPicture& pic = m_analysis->webView->picture();
            if (i < 0 || j < 0 || pic.isEmpty()) {
                m_analysis->webView->setToolTip({});
                return;
            }
            const QString text = tr("(i %1, j %2): %3 cm").arg(i).arg(j).arg(pic.at(i, j) * 100.0f, 0, 'f', 2);
            m_analysis->webView->setToolTip(text);
            m_analysis->web.info->setText(text);
        });
        connect(p.webView, &MatchWebView::cellClicked, this, &MainWindow::showMatchCell);
        connect(png, &QAction::triggered, this, [this] {
            const QString file = QFileDialog::getSaveFileName(this, tr("Export match web"), "matchweb.png", tr("PNG image (*.png)"));
            if (!file.isEmpty()) (void)exportMatchWeb(file, {});  // errors go to the messages dock
        });
        connect(csv, &QAction::triggered, this, [this] {
            const QString file = QFileDialog::getSaveFileName(this, tr("Export match web"), "matchweb.csv", tr("CSV (*.csv)"));
            if (!file.isEmpty()) (void)exportMatchWeb({}, file);  // errors go to the messages dock
        });
    }

    // Registration curve.
    if (QDockWidget* dock = dockNamed("analysis_registration")) {
        auto* w = new QWidget(dock);
        auto* layout = new QVBoxLayout(w);
        layout->setContentsMargins(2, 2, 2, 2);
        layout->setSpacing(3);
        layout->addLayout(pairRow(w, p.reg));
        layout->addWidget(p.reg.busy);
        p.regView = new RegistrationView(w);
        p.regView->setObjectName("registrationView");
        layout->addWidget(p.regView, 1);
        layout->addWidget(p.reg.info);
        dock->setWidget(w);
        connect(p.reg.compute, &QPushButton::clicked, this, [this] {
            computeRegistration(m_analysis->reg.a->currentData().toString(), m_analysis->reg.b->currentData().toString());
        });
        connect(p.regView, &RegistrationView::cursorMoved, this, &MainWindow::showRegistrationFrame);
    }

    // The clip choices follow the library.
    auto refill = [this] {
        QStringList ids;
        for (const ProjectClip& c : m_doc->project().clips) ids << c.id;
        if (m_analysis->web.a) {
            fillClipCombo(m_analysis->web.a, ids, {});
            fillClipCombo(m_analysis->web.b, ids, tr("(A again)"));
        }
        if (m_analysis->reg.a) {
            fillClipCombo(m_analysis->reg.a, ids, {});
            fillClipCombo(m_analysis->reg.b, ids, {});
        }
    };
    connect(m_doc, &ProjectDocument::projectReset, this, refill);
    connect(m_doc, &ProjectDocument::clipsChanged, this, refill);
    connect(m_doc, &ProjectDocument::clipChanged, this, refill);
    refill();

    // Progress of the running computations.
    p.poll = new QTimer(m_analysis);
    p.poll->setInterval(50);
    connect(p.poll, &QTimer::timeout, this, [this] {
        bool any = false;
        for (AnalysisPanels::Pane* pane : {&m_analysis->web, &m_analysis->reg})
            if (pane->running && pane->run) {
                pane->progress->setValue(static_cast<int>(pane->run->done * 1000.0f));
                any = true;
            }
        if (!any) m_analysis->poll->stop();
    });
}

bool MainWindow::isAnalysing() const {
    return m_analysis && (m_analysis->web.running || m_analysis->reg.running);
}

MatchWebView* MainWindow::matchWebView() const { return m_analysis ? m_analysis->webView : nullptr; }

RegistrationView* MainWindow::registrationView() const { return m_analysis ? m_analysis->regView : nullptr; }

std::shared_ptr<const Clip> MainWindow::workingClipOf(const QString& id) const {
    const ProjectClip* pc = m_doc->clip(id);
    if (!pc) return nullptr;
    if (pc->clip) return std::make_shared<const Clip>(*pc->clip);
    // Not loaded with the project (added since): made from the analysed file.
    const auto analysis = m_doc->clipAnalysis(id);
    if (!analysis) return nullptr;
    auto clip = workingClip(analysis->source, pc->trimIn, pc->trimOut, m_doc->project().settings.fps, id);
    return clip ? std::make_shared<const Clip>(std::move(*clip)) : nullptr;
}

void MainWindow::computeMatchWeb(const QString& idA, const QString& idB) {
    if (!m_analysis || !m_analysis->webView) return;
    const QString b = idB.isEmpty() ? idA : idB;
    auto run = std::make_shared<AnalysisRun>();
    run->idA = idA;
    run->idB = b;
    run->a = workingClipOf(idA);
    run->b = b == idA ? run->a : workingClipOf(b);
    if (!run->a || !run->b) {
        addMessage(ProjectDocument::Level::Warning, tr("Match web: clip '%1' is not loaded yet.").arg(!run->a ? idA : b));
        return;
    }
    {
        const QSignalBlocker blockA(m_analysis->web.a), blockB(m_analysis->web.b);
        m_analysis->web.a->setCurrentIndex(std::max(0, m_analysis->web.a->findData(idA)));
        m_analysis->web.b->setCurrentIndex(std::max(0, m_analysis->web.b->findData(b == idA ? QString() : b)));
    }
    AnalysisPanels::Pane& pane = m_analysis->web;
    if (pane.run) pane.run->cancel = true;  // a newer request replaces a running one
    pane.run = run;
    pane.running = true;
    pane.busy->show();
    pane.progress->setValue(0);
    pane.info->setText(tr("Computing the match web of %1 and %2…").arg(idA, b));
    m_analysis->poll->start();
    auto* watcher = new QFutureWatcher<void>(this);
    connect(watcher, &QFutureWatcher<void>::finished, this, [this, watcher, run] {
        watcher->deleteLater();
        AnalysisPanels::Pane& pane = m_analysis->web;
        if (pane.run != run) return;  // replaced meanwhile
        pane.running = false;
        pane.busy->hide();
        if (!run->status) {
            const bool cancelled = run->cancel.load();
            pane.info->setText(cancelled ? tr("Match web cancelled.")
                                         : tr("Match web failed: %1").arg(QString::fromStdString(run->status.message())));
            if (!cancelled)
                addMessage(ProjectDocument::Level::Error,
                           tr("Match web of %1 and %2: %3").arg(run->idA, run->idB, QString::fromStdString(run->status.message())));
            return;
        }
        m_analysis->webDone = run;
        const MatchWeb& web = run->web;
        MatchWebPicture picture;
        picture.rows = web.rows;
        picture.cols = web.cols;
        picture.cost = web.cost;
        picture.scaleMax = MatchWebPicture::scaleFor(web.cost);
        picture.minima = web.minima;
        picture.chains = web.chains;
        picture.path = run->warp.cells;
        picture.showMinima = m_analysis->showMinima->isChecked();
        picture.showChains = m_analysis->showChains->isChecked();
        picture.showPath = m_analysis->showPath->isChecked();
        picture.nameA = run->idA;
        picture.nameB = run->idB;
        m_analysis->webView->setPicture(std::move(picture));
        pane.info->setText(tr("%1 × %2 frames: %3 minima, %4 chains; colour scale 0–%5 cm. "
                              "Click a cell to see both poses.")
                               .arg(web.rows)
                               .arg(web.cols)
                               .arg(web.minima.size())
                               .arg(web.chains.size())
                               .arg(m_analysis->webView->picture().scaleMax * 100.0f, 0, 'f', 1));
    });
    watcher->setFuture(QtConcurrent::run([run] {
        MatchWebJob job;
        job.a = run->a.get();
        job.b = run->b.get();
        job.progress = [run](float f) {
            run->done = f;
            return !run->cancel.load();
        };
        run->status = job.run();
        if (!run->status) return;
        run->web = std::move(job.output);
        // The registration's path through this web (for the overlay); a self web follows the
        // diagonal.
        TimewarpJob warp;
        warp.web = &run->web;
        warp.fps = run->a->fps;
        if (warp.run()) run->warp = std::move(warp.output);
    }));
}

void MainWindow::computeRegistration(const QString& idA, const QString& idB) {
    if (!m_analysis || !m_analysis->regView) return;
    auto run = std::make_shared<AnalysisRun>();
    run->idA = idA;
    run->idB = idB.isEmpty() ? idA : idB;
    run->a = workingClipOf(idA);
    run->b = run->idB == idA ? run->a : workingClipOf(run->idB);
    if (!run->a || !run->b) {
        addMessage(ProjectDocument::Level::Warning,
                   tr("Registration: clip '%1' is not loaded yet.").arg(!run->a ? idA : run->idB));
        return;
    }
    {
        const QSignalBlocker blockA(m_analysis->reg.a), blockB(m_analysis->reg.b);
        m_analysis->reg.a->setCurrentIndex(std::max(0, m_analysis->reg.a->findData(idA)));
        m_analysis->reg.b->setCurrentIndex(std::max(0, m_analysis->reg.b->findData(run->idB)));
    }
    AnalysisPanels::Pane& pane = m_analysis->reg;
    if (pane.run) pane.run->cancel = true;
    pane.run = run;
    pane.running = true;
    pane.busy->show();
    pane.progress->setValue(0);
    pane.info->setText(tr("Registering %1 to %2…").arg(run->idB, idA));
    m_analysis->poll->start();
    auto* watcher = new QFutureWatcher<void>(this);
    connect(watcher, &QFutureWatcher<void>::finished, this, [this, watcher, run] {
        watcher->deleteLater();
        AnalysisPanels::Pane& pane = m_analysis->reg;
        if (pane.run != run) return;
        pane.running = false;
        pane.busy->hide();
        if (!run->status) {
            const bool cancelled = run->cancel.load();
            pane.info->setText(cancelled ? tr("Registration cancelled.")
                                         : tr("Registration failed: %1").arg(QString::fromStdString(run->status.message())));
            if (!cancelled)
                addMessage(ProjectDocument::Level::Error,
                           tr("Registration of %1 to %2: %3").arg(run->idB, run->idA, QString::fromStdString(run->status.message())));
            return;
        }
        m_analysis->regDone = run;
        RegistrationPicture picture = RegistrationPicture::from(run->curve, run->a->frameCount(), run->b->frameCount(), run->a->fps);
        picture.nameA = run->idA;
        picture.nameB = run->idB;
        m_analysis->regView->setPicture(std::move(picture));
        const RegistrationCurve& c = run->curve;
        pane.info->setText(tr("Mean slope %1, %2; %3 strikes matched; residual %4 cm (linear mapping: %5 cm). "
                              "Click or drag the plots to move the cursor.")
                               .arg(c.meanSlope(), 0, 'f', 2)
                               .arg(c.isMonotone() ? tr("monotone") : tr("NOT monotone"))
                               .arg(c.constraints.size())
                               .arg(c.residual * 100.0f, 0, 'f', 1)
                               .arg(c.identityResidual * 100.0f, 0, 'f', 1));
        // The registration's path over the match web when both show the same pair.
        if (m_analysis->webDone && m_analysis->webDone->idA == run->idA && m_analysis->webDone->idB == run->idB)
            m_analysis->webView->setPath(c.cells);
    });
    watcher->setFuture(QtConcurrent::run([run] {
        RegistrationJob job;
        job.a = run->a.get();
        job.b = run->b.get();
        job.progress = [run](float f) {
            run->done = f;
            return !run->cancel.load();
        };
        run->status = job.run();
        if (run->status) run->curve = std::move(job.output);
    }));
}

void MainWindow::cancelAnalysis() {
    if (!m_analysis) return;
    for (AnalysisPanels::Pane* pane : {&m_analysis->web, &m_analysis->reg})
        if (pane->running && pane->run) pane->run->cancel = true;
}

void MainWindow::showMatchCell(int i, int j) {
    if (!m_analysis || !m_analysis->webDone) return;
    const AnalysisRun& run = *m_analysis->webDone;
    if (i < 0 || j < 0 || i >= run.web.rows || j >= run.web.cols) return;
    const ProjectClip* pa = m_doc->clip(run.idA);
    const ProjectClip* pb = m_doc->clip(run.idB);
    const auto sa = m_doc->clipAnalysis(run.idA), sb = m_doc->clipAnalysis(run.idB);
    if (!pa || !pb || !sa || !sb) {
        addMessage(ProjectDocument::Level::Warning, tr("The clips of this match web are not in the library any more."));
        return;
    }
    m_analysis->webView->setSelected(glm::ivec2(i, j));
    const float fps = m_doc->project().settings.fps;
    const float fa = sourceFrame(*pa, *sa, fps, static_cast<float>(i));
    const float fb = sourceFrame(*pb, *sb, fps, static_cast<float>(j));
    if (m_currentClip != run.idA) selectClip(run.idA);
    setPlaying(false);
    m_analysis->link = AnalysisPanels::Link::Cell;
    showFrame(fa);
    // The cell's alignment carries A's world into B's; the ghost goes the other way.
    const CloudMatch match = alignCell(sa->source, static_cast<int>(std::lround(fa)), sb->source,
                                       static_cast<int>(std::lround(fb)));
    m_analysis->ghost = sb;
    m_view->setGhost(&sb->source, fb, toMatrix(match.alignment.inverse()));
    m_analysis->web.info->setText(tr("(i %1, j %2): %3 cm. The 3D view shows %4 frame %1 and, as a ghost, %5 "
                                     "frame %2 turned by %6° and moved (%7, %8) m onto it.")
                                      .arg(i)
                                      .arg(j)
                                      .arg(run.web.at(i, j) * 100.0f, 0, 'f', 2)
                                      .arg(run.idA, run.idB)
                                      .arg(glm::degrees(-match.alignment.theta), 0, 'f', 1)
                                      .arg(match.alignment.inverse().x0, 0, 'f', 2)
                                      .arg(match.alignment.inverse().z0, 0, 'f', 2));
}

void MainWindow::showRegistrationFrame(float frameA) {
    if (!m_analysis || !m_analysis->regDone) return;
    const AnalysisRun& run = *m_analysis->regDone;
    const ProjectClip* pa = m_doc->clip(run.idA);
    const auto sa = m_doc->clipAnalysis(run.idA);
    if (!pa || !sa) return;
    if (m_currentClip != run.idA) selectClip(run.idA);
    setPlaying(false);
    m_analysis->link = AnalysisPanels::Link::Registration;
    showFrame(sourceFrame(*pa, *sa, m_doc->project().settings.fps, frameA));  // followAnalysisFrame does the rest
}

void MainWindow::followAnalysisFrame(float frame) {
    if (!m_analysis || m_analysis->link == AnalysisPanels::Link::None) return;
    if (m_analysis->link == AnalysisPanels::Link::Cell) {
        if (!m_analysis->webDone || m_currentClip != m_analysis->webDone->idA) m_analysis->link = AnalysisPanels::Link::None;
        return;
    }
    if (!m_analysis->regDone || m_currentClip != m_analysis->regDone->idA) {
        m_analysis->link = AnalysisPanels::Link::None;
        return;
    }
    const AnalysisRun& run = *m_analysis->regDone;
    const ProjectClip* pa = m_doc->clip(run.idA);
    const ProjectClip* pb = m_doc->clip(run.idB);
    const auto sa = m_doc->clipAnalysis(run.idA), sb = m_doc->clipAnalysis(run.idB);
    if (!pa || !pb || !sa || !sb || run.curve.path.empty()) return;
    const float fps = m_doc->project().settings.fps;
    const float a = std::clamp(workingFrame(*pa, *sa, fps, frame), run.curve.path.front().x, run.curve.path.back().x);
    m_analysis->regView->setCursor(a);
    const float b = run.curve.mapAtoB(a);
    m_analysis->ghost = sb;
    // The working clips keep their source's world (trimming and resampling do not move it), so
    // the curve's alignment holds for the source frames too.
    m_view->setGhost(&sb->source, sourceFrame(*pb, *sb, fps, b), toMatrix(run.curve.alignmentAt(a).inverse()));
}

Status MainWindow::exportMatchWeb(const QString& png, const QString& csv) {
    const MatchWebPicture* picture = m_analysis && m_analysis->webView ? &m_analysis->webView->picture() : nullptr;
    if (!picture || picture->isEmpty()) return Status::error("no match web to export");
    auto fail = [this](const QString& file, const QString& why) {
        addMessage(ProjectDocument::Level::Error, tr("%1: %2").arg(file, why));
        return Status::error((file + ": " + why).toStdString());
    };
    if (!png.isEmpty()) {
        const int scale = std::max(1, 600 / std::max(picture->rows, picture->cols));
        if (!picture->render(scale).save(png, "PNG")) return fail(png, tr("cannot write the PNG"));
        addMessage(ProjectDocument::Level::Info, tr("Match web written to %1.").arg(png));
    }
    if (!csv.isEmpty()) {
        QSaveFile file(csv);
        if (!file.open(QIODevice::WriteOnly) || file.write(picture->csv()) < 0 || !file.commit())
            return fail(csv, tr("cannot write the CSV"));
        addMessage(ProjectDocument::Level::Info, tr("Match web distances written to %1.").arg(csv));
    }
    return Status::ok();
}

bool MainWindow::showAnalysisDocks(const QStringList& names, QString* error) {
    QList<QDockWidget*> docks;
    for (const QString& name : names) {
        const auto& known = dockNames();
        const auto it = std::find_if(known.begin(), known.end(), [&](const auto& n) { return n.first == name; });
        if (it == known.end()) {
            if (error) *error = tr("unknown dock '%1' (known: %2)").arg(name, analysisDockNames().join(", "));
            return false;
        }
        for (QDockWidget* d : m_analysisDocks)
            if (d->objectName() == it->second && !docks.contains(d)) docks << d;
    }
    // The first named dock is raised in the right column's tab group (the blend weights and the
    // undo history join that group, so it has the column's height); each further one gets a
    // place of its own in the bottom area, right of the timeline and the messages, where time
    // plots have the width. All of them show at once.
    if (docks.size() > 1) {
        for (QDockWidget* d : {m_weightsDock, m_undoDock}) tabifyDockWidget(m_analysisDocks.back(), d);
        for (qsizetype k = 1; k < docks.size(); ++k) {
            removeDockWidget(docks[k]);
            addDockWidget(Qt::BottomDockWidgetArea, docks[k], Qt::Horizontal);
        }
    }
    for (QDockWidget* dock : docks) {
        dock->show();
        dock->raise();
    }
    if (!docks.isEmpty()) {
        resizeDocks({m_libraryDock, docks.front()}, {width() / 5, std::max(360, width() / 3)}, Qt::Horizontal);
        if (docks.size() > 1) {
            QList<QDockWidget*> bottom{m_timelineDock};
            QList<int> widths{width() / 3};
            for (qsizetype k = 1; k < docks.size(); ++k) bottom << docks[k], widths << width() * 2 / 3 / int(docks.size() - 1);
            resizeDocks(bottom, widths, Qt::Horizontal);
            resizeDocks({docks[1]}, {std::max(260, height() * 3 / 10)}, Qt::Vertical);
        }
    }

    // What they show: the first space's reference clip with itself, and its registration to the
    // next clip of that space.
    const auto& spaces = m_doc->project().spaces;
    if (spaces.empty() || spaces.front().clipIds.isEmpty()) return true;
    const ProjectSpace& space = spaces.front();
    const QString reference = space.reference.isEmpty() ? space.clipIds.front() : space.reference;
    const int at = static_cast<int>(space.clipIds.indexOf(reference));
    const QString next = space.clipIds.size() < 2 ? reference
                         : at + 1 < space.clipIds.size() ? space.clipIds[at + 1]
                                                         : space.clipIds[std::max(0, at - 1)];
    if (names.contains("matchweb")) computeMatchWeb(reference, reference);
    if (names.contains("registration")) computeRegistration(reference, next);
    return true;
}

}  // namespace gs

#include "app/gui/docks/match_web_dock.h"

#include <QAction>
#include <QCheckBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QSaveFile>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "app/document/background_task.h"
#include "app/document/clip_analysis.h"
#include "app/document/project_document.h"
#include "app/gui/panels/clip_pair_row.h"
#include "core/analysis/match_web.h"
#include "core/analysis/registration.h"
#include "core/analysis/timewarp.h"
#include "widgets/match_web_view.h"

namespace gs {

// A computed match web: the clips it read and what came of them.
struct MatchWebRun {
    QString idA, idB;
    Status status = Status::ok();
    MatchWeb web;
    Timewarp warp;  // the cheapest monotone path through the web
};

MatchWebDock::MatchWebDock(ProjectDocument* doc, QWidget* parent)
    : QDockWidget(tr("Match web"), parent), m_doc(doc), m_task(new BackgroundTask(this)) {
    setObjectName("analysis_matchweb");
    auto* w = new QWidget(this);
    auto* layout = new QVBoxLayout(w);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(3);
    m_pair = new ClipPairRow(doc, m_task, true, w);
    layout->addWidget(m_pair);
    m_view = new MatchWebView(w);
    m_view->setObjectName("matchWebView");
    layout->addWidget(m_view, 1);
    auto* toggles = new QHBoxLayout;
    toggles->setSpacing(6);
    m_minima = new QCheckBox(tr("Minima"), w);
    m_chains = new QCheckBox(tr("Chains"), w);
    m_path = new QCheckBox(tr("Path"), w);
    for (QCheckBox* c : {m_minima, m_chains, m_path}) c->setChecked(true);
    m_path->setToolTip(
        tr("The cheapest monotone timewarp through the web (the registration's path)"));
    auto* exportButton = new QToolButton(w);
    exportButton->setText(tr("Export"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(exportButton);
    QAction* png = menu->addAction(tr("Heat map as PNG…"));
    QAction* csv = menu->addAction(tr("Distances as CSV…"));
    exportButton->setMenu(menu);
    for (QCheckBox* c : {m_minima, m_chains, m_path}) toggles->addWidget(c);
    toggles->addStretch(1);
    toggles->addWidget(exportButton);
    layout->addLayout(toggles);
    m_info = new QLabel(w);
    m_info->setObjectName("matchWebInfo");
    m_info->setWordWrap(true);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Three lines always: a long description never changes the web's size.
    m_info->setFixedHeight(3 * m_info->fontMetrics().lineSpacing() + 4);
    m_info->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_info->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    layout->addWidget(m_info);
    setWidget(w);

    auto overlays = [this] {
        m_view->setOverlays(m_minima->isChecked(), m_chains->isChecked(), m_path->isChecked());
    };
    for (QCheckBox* c : {m_minima, m_chains, m_path})
        connect(c, &QCheckBox::toggled, this, overlays);
    connect(m_pair, &ClipPairRow::computeRequested, this, &MatchWebDock::compute);
    connect(m_view, &MatchWebView::cellHovered, this, [this](int i, int j) {
        const MatchWebPicture& pic = m_view->picture();
        if (i < 0 || j < 0 || pic.isEmpty()) {
            m_view->setToolTip({});
            return;
        }
        const QString text =
            tr("(i %1, j %2): %3 cm").arg(i).arg(j).arg(pic.at(i, j) * 100.0f, 0, 'f', 2);
        m_view->setToolTip(text);
        m_info->setText(text);
    });
    connect(m_view, &MatchWebView::cellClicked, this, &MatchWebDock::showCell);
    connect(png, &QAction::triggered, this, [this] {
        const QString file = QFileDialog::getSaveFileName(this, tr("Export match web"),
                                                          "matchweb.png", tr("PNG image (*.png)"));
        if (!file.isEmpty()) (void)exportWeb(file, {});  // errors go to the messages dock
    });
    connect(csv, &QAction::triggered, this, [this] {
        const QString file = QFileDialog::getSaveFileName(this, tr("Export match web"),
                                                          "matchweb.csv", tr("CSV (*.csv)"));
        if (!file.isEmpty()) (void)exportWeb({}, file);  // errors go to the messages dock
    });
    connect(m_task, &BackgroundTask::finished, this, [this](bool cancelled) {
        if (cancelled) m_info->setText(tr("Match web cancelled."));
    });
}

MatchWebDock::~MatchWebDock() = default;

bool MatchWebDock::isComputing() const { return m_task->isRunning(); }
QString MatchWebDock::shownA() const { return m_shown ? m_shown->idA : QString(); }
QString MatchWebDock::shownB() const { return m_shown ? m_shown->idB : QString(); }

void MatchWebDock::compute(const QString& idA, const QString& idB) {
    const WorkingClipPair pair = workingClipPair(m_doc, idA, idB);
    if (!pair.missing.isEmpty()) {
        emit message(ProjectDocument::Level::Warning,
                     tr("Match web: clip '%1' is not loaded yet.").arg(pair.missing));
        return;
    }
    const QString& b = pair.idB;
    const auto &clipA = pair.a, &clipB = pair.b;
    m_pair->setPair(idA, b);
    m_info->setText(tr("Computing the match web of %1 and %2…").arg(idA, b));
    m_task->run<std::shared_ptr<const MatchWebRun>>(
        tr("Match web of %1 and %2").arg(idA, b),
        [idA, b, clipA, clipB](TaskControl& control) {
            auto run = std::make_shared<MatchWebRun>();
            run->idA = idA;
            run->idB = b;
            MatchWebJob job;
            job.a = clipA.get();
            job.b = clipB.get();
            job.progress = progressTo(control);
            run->status = job.run();
            if (!run->status) return std::shared_ptr<const MatchWebRun>(run);
            run->web = std::move(job.output);
            // The registration's path through this web (for the overlay); a self web follows
            // the diagonal.
            TimewarpJob warp;
            warp.web = &run->web;
            warp.fps = clipA->fps;
            if (warp.run()) run->warp = std::move(warp.output);
            return std::shared_ptr<const MatchWebRun>(run);
        },
        [this](std::shared_ptr<const MatchWebRun> run) {
            if (!run->status) {
                m_info->setText(
                    tr("Match web failed: %1").arg(QString::fromStdString(run->status.message())));
                emit message(
                    ProjectDocument::Level::Error,
                    tr("Match web of %1 and %2: %3")
                        .arg(run->idA, run->idB, QString::fromStdString(run->status.message())));
                return;
            }
            m_shown = run;
            const MatchWeb& web = run->web;
            MatchWebPicture picture;
            picture.rows = web.rows;
            picture.cols = web.cols;
            picture.cost = web.cost;
            picture.scaleMax = MatchWebPicture::scaleFor(web.cost);
            picture.minima = web.minima;
            picture.chains = web.chains;
            picture.path = run->warp.cells;
            picture.showMinima = m_minima->isChecked();
            picture.showChains = m_chains->isChecked();
            picture.showPath = m_path->isChecked();
            picture.nameA = run->idA;
            picture.nameB = run->idB;
            m_view->setPicture(std::move(picture));
            m_info->setText(tr("%1 × %2 frames: %3 minima, %4 chains; colour scale 0–%5 cm. Click "
                               "a cell to see both poses.")
                                .arg(web.rows)
                                .arg(web.cols)
                                .arg(web.minima.size())
                                .arg(web.chains.size())
                                .arg(m_view->picture().scaleMax * 100.0f, 0, 'f', 1));
        });
}

void MatchWebDock::showCell(int i, int j) {
    if (!m_shown) return;
    const MatchWebRun& run = *m_shown;
    if (i < 0 || j < 0 || i >= run.web.rows || j >= run.web.cols) return;
    const ProjectClip* pa = m_doc->clip(run.idA);
    const ProjectClip* pb = m_doc->clip(run.idB);
    const auto sa = m_doc->clipAnalysis(run.idA), sb = m_doc->clipAnalysis(run.idB);
    if (!pa || !pb || !sa || !sb) {
        emit message(ProjectDocument::Level::Warning,
                     tr("The clips of this match web are not in the library any more."));
        return;
    }
    m_view->setSelected(glm::ivec2(i, j));
    const float fps = m_doc->project().settings.fps;
    const float fa = sourceFrame(*pa, *sa, fps, static_cast<float>(i));
    const float fb = sourceFrame(*pb, *sb, fps, static_cast<float>(j));
    // The cell's alignment carries A's world into B's; the ghost goes the other way.
    const CloudMatch match = alignCell(sa->source, static_cast<int>(std::lround(fa)), sb->source,
                                       static_cast<int>(std::lround(fb)));
    emit showPoses(run.idA, fa, run.idB, fb, alignmentMatrix(match.alignment.inverse()));
    m_info->setText(tr("(i %1, j %2): %3 cm. The 3D view shows %4 frame %1 and, as a ghost, %5 "
                       "frame %2 turned by %6° "
                       "and moved (%7, %8) m onto it.")
                        .arg(i)
                        .arg(j)
                        .arg(run.web.at(i, j) * 100.0f, 0, 'f', 2)
                        .arg(run.idA, run.idB)
                        .arg(glm::degrees(-match.alignment.theta), 0, 'f', 1)
                        .arg(match.alignment.inverse().x0, 0, 'f', 2)
                        .arg(match.alignment.inverse().z0, 0, 'f', 2));
}

Status MatchWebDock::exportWeb(const QString& png, const QString& csv) {
    const MatchWebPicture& picture = m_view->picture();
    if (picture.isEmpty()) return Status::error("no match web to export");
    auto fail = [this](const QString& file, const QString& why) {
        emit message(ProjectDocument::Level::Error, tr("%1: %2").arg(file, why));
        return Status::error((file + ": " + why).toStdString());
    };
    if (!png.isEmpty()) {
        const int scale = std::max(1, 600 / std::max(picture.rows, picture.cols));
        if (!picture.render(scale).save(png, "PNG")) return fail(png, tr("cannot write the PNG"));
        emit message(ProjectDocument::Level::Info, tr("Match web written to %1.").arg(png));
    }
    if (!csv.isEmpty()) {
        QSaveFile file(csv);
        if (!file.open(QIODevice::WriteOnly) || file.write(picture.csv()) < 0 || !file.commit())
            return fail(csv, tr("cannot write the CSV"));
        emit message(ProjectDocument::Level::Info,
                     tr("Match web distances written to %1.").arg(csv));
    }
    return Status::ok();
}

}  // namespace gs

// MainWindow's calls for the menus, AppController and tests: files, autosave, the live run's
// state, spaces and the analysis docks. Each forwards to the part that does the work.

#include "app/gui/window/main_window.h"

#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>
#include <QTimer>

#include <algorithm>

#include "app/document/background_task.h"
#include "app/document/clip_analysis.h"
#include "app/gui/docks/clip_library_dock.h"
#include "app/gui/docks/live_steering_dock.h"
#include "app/gui/docks/match_web_dock.h"
#include "app/gui/docks/motion_spaces_dock.h"
#include "app/gui/docks/registration_dock.h"
#include "app/gui/docks/timeline_dock.h"
#include "app/gui/live/live_run.h"
#include "app/gui/panels/spaces_panel.h"
#include "app/gui/window/autosave.h"
#include "app/gui/window/bake_export.h"
#include "app/gui/window/project_files.h"
#include "widgets/viewport.h"

namespace gs {
namespace {

// The names --docks takes, with the object names of their docks.
const std::vector<std::pair<QString, QString>>& dockNames() {
    static const std::vector<std::pair<QString, QString>> names{
        {"matchweb", "analysis_matchweb"},   {"registration", "analysis_registration"},
        {"spaces", "analysis_motionspaces"}, {"goalspace", "analysis_goalspace"},
        {"quality", "analysis_quality"},     {"jointmap", "jointMapDock"}};
    return names;
}

}  // namespace

// ---- Files ----

void MainWindow::openProject(const QString& path, bool untitledCopy) {
    m_files->open(path, untitledCopy);
}
bool MainWindow::newProject() { return m_files->newProject(); }
bool MainWindow::save() { return m_files->save(); }
bool MainWindow::saveAs(const QString& path) { return m_files->saveAs(path); }
void MainWindow::importFiles(const QStringList& files) { m_files->importFiles(files); }
void MainWindow::openClip(const QString& path) { m_files->openClip(path); }
void MainWindow::setSaveQuestion(SaveQuestion question) {
    m_files->setSaveQuestion(std::move(question));
}

// ---- Autosave ----

QString MainWindow::autosaveDir() { return Autosave::folder(); }
QString MainWindow::autosaveFile() const { return m_autosave->file(); }
void MainWindow::autosaveNow() { m_autosave->saveNow(); }

bool MainWindow::recoverAutosaves(RecoverQuestion accept) {
    m_run->stop();
    if (!m_autosave->recover(std::move(accept))) return false;
    // The recovered spaces are built at once, as when a project opens.
    if (!m_doc->project().spaces.empty())
        m_run->build(m_doc->displayName(), LiveRun::Start::WhenFree);
    return true;
}

// ---- State ----

bool MainWindow::isSteering() const { return m_run->isRunning(); }
bool MainWindow::isLoading() const { return m_files->isOpening() || m_doc->isImporting(); }
bool MainWindow::isBuilding() const { return m_run->isBuilding(); }
bool MainWindow::isAnalysing() const {
    return m_matchWeb->isComputing() || m_registration->isComputing();
}
bool MainWindow::isPlaying() const { return m_timeline->isPlaying(); }
QString MainWindow::currentClip() const { return m_timeline->currentClip(); }
float MainWindow::currentFrame() const { return m_timeline->frame(); }
void MainWindow::setPlaying(bool playing) { m_timeline->setPlaying(playing); }

void MainWindow::selectClip(const QString& id) {
    if (!m_doc->clip(id)) return;
    m_library->setCurrentClip(id);
    if (m_timeline->currentClip() != id) showClip(id);
}

void MainWindow::showClip(const QString& id) {
    if (id == m_timeline->currentClip() && m_timeline->isShowing()) return;
    m_registration->unlink();
    m_timeline->showClip(id);
}

void MainWindow::startSteering() {
    if (m_run->isReady()) {
        m_run->start();
    } else if (m_run->isBuilding()) {
        addMessage(
            ProjectDocument::Level::Info,
            tr("The motion spaces are being built; the character steers when they are ready."));
    } else if (!m_doc->project().spaces.empty()) {
        m_run->build(m_doc->displayName(), LiveRun::Start::Take);
    } else {
        addMessage(
            ProjectDocument::Level::Info,
            tr("Add motion spaces to the project (Motion spaces dock) to steer its character."));
    }
}

void MainWindow::setGoalMode(int mode) {
    QComboBox* combo = m_steering->goalMode();
    if (mode >= 0 && mode < combo->count()) combo->setCurrentIndex(mode);
}

// ---- Spaces ----

void MainWindow::buildSpaces() { m_spaces->build(); }
bool MainWindow::isExportingBakedSpace() const { return m_bake->isExporting(); }
void MainWindow::exportBakedSpace(const QString& path) { m_bake->exportTo(path); }

void MainWindow::exportBakedSpaceDialog() {
    const QString dir = dialogFolder(m_doc, "lastBakeDir");
    QString base = QFileInfo(m_doc->path()).completeBaseName();
    if (base.isEmpty()) base = QStringLiteral("untitled");
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Baked Space"), dir + "/" + base + ".gspace", tr("Baked space (*.gspace)"));
    if (path.isEmpty()) return;
    QSettings().setValue("lastBakeDir", QFileInfo(path).absolutePath());
    exportBakedSpace(path);
}

// ---- Analysis ----

QStringList MainWindow::analysisDockNames() {
    QStringList names;
    for (const auto& [name, object] : dockNames()) names << name;
    return names;
}

void MainWindow::computeMatchWeb(const QString& a, const QString& b) { m_matchWeb->compute(a, b); }
void MainWindow::computeRegistration(const QString& a, const QString& b) {
    m_registration->compute(a, b);
}
void MainWindow::cancelAnalysis() {
    m_matchWeb->task()->cancel();
    m_registration->task()->cancel();
}
void MainWindow::showMatchCell(int i, int j) { m_matchWeb->showCell(i, j); }
void MainWindow::showRegistrationFrame(float frameA) { m_registration->showFrame(frameA); }
Status MainWindow::exportMatchWeb(const QString& png, const QString& csv) {
    return m_matchWeb->exportWeb(png, csv);
}

void MainWindow::showPoses(const QString& a, float frameA, const QString& b, float frameB,
                           const glm::mat4& toA) {
    if (m_timeline->currentClip() != a) selectClip(a);
    m_registration->unlink();
    m_timeline->setPlaying(false);
    m_timeline->showFrame(frameA);
    m_ghost = m_doc->clipAnalysis(b);
    if (m_ghost) m_view->setGhost(&m_ghost->source, frameB, toA);
}

bool MainWindow::showAnalysisDocks(const QStringList& names, QString* error) {
    QList<QDockWidget*> docks;
    for (const QString& name : names) {
        const auto& known = dockNames();
        const auto it = std::find_if(known.begin(), known.end(),
                                     [&](const auto& n) { return n.first == name; });
        if (it == known.end()) {
            if (error)
                *error =
                    tr("unknown dock '%1' (known: %2)").arg(name, analysisDockNames().join(", "));
            return false;
        }
        if (auto* d = findChild<QDockWidget*>(it->second); d && !docks.contains(d)) docks << d;
    }
    // The first named dock is raised in the right column's tab group; each further one gets a
    // place of its own in the bottom area, right of the timeline and the messages, where time
    // plots have the width. All of them show at once.
    if (docks.size() > 1) {
        for (qsizetype k = 1; k < docks.size(); ++k) {
            removeDockWidget(docks[k]);
            addDockWidget(Qt::BottomDockWidgetArea, docks[k], Qt::Horizontal);
        }
    }
    for (QDockWidget* dock : docks) {
        dock->show();
        dock->raise();
    }
    QTimer::singleShot(0, this, &MainWindow::updateTabBars);
    if (!docks.isEmpty()) {
        resizeDocks({m_library, docks.front()}, {width() / 5, std::max(360, width() / 3)},
                    Qt::Horizontal);
        if (docks.size() > 1) {
            QList<QDockWidget*> bottom{m_timeline};
            QList<int> widths{width() / 3};
            for (qsizetype k = 1; k < docks.size(); ++k)
                bottom << docks[k], widths << width() * 2 / 3 / int(docks.size() - 1);
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
    const QString next = space.clipIds.size() < 2        ? reference
                         : at + 1 < space.clipIds.size() ? space.clipIds[at + 1]
                                                         : space.clipIds[std::max(0, at - 1)];
    if (names.contains("matchweb")) computeMatchWeb(reference, reference);
    if (names.contains("registration")) computeRegistration(reference, next);
    return true;
}

}  // namespace gs

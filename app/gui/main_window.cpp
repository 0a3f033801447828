#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMimeData>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoCommand>
#include <QUndoView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

#include "app/document/clip_analysis.h"
#include "core/io/bvh_writer.h"
#include "core/io/scene_writer.h"
#include "clip_library.h"
#include "steering_demo.h"
#include "widgets/timeline.h"
#include "widgets/viewport.h"

namespace gs {
namespace {

constexpr int kLayoutVersion = 1;
constexpr int kMaxRecent = 10;

// A folder read back from the settings: used only when it still is a folder.
QString settingsDir(const char* key) {
    const QVariant v = QSettings().value(key);
    const QString dir = v.typeId() == QMetaType::QString ? v.toString() : QString();
    return !dir.isEmpty() && dir.size() < 4096 && QFileInfo(dir).isDir() ? dir : QDir::homePath();
}

QStringList recentFiles() {
    const QVariant v = QSettings().value("recentFiles");
    QStringList kept;
    for (const QString& f : v.toStringList())
        if (f.size() < 4096 && f.endsWith(".gsproj") && QFileInfo(f).isFile() && !kept.contains(f) &&
            kept.size() < kMaxRecent)
            kept << f;
    return kept;
}

int autosaveInterval() {
    bool ok = false;
    const int ms = qEnvironmentVariableIntValue("GAITSPACE_AUTOSAVE_MS", &ok);
    return ok && ms >= 100 && ms <= 3600 * 1000 ? ms : 60 * 1000;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), m_doc(new ProjectDocument(this)) {
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);

    // Centre: the viewport with the steering controls under it.
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    m_view = new Viewport(central);
    layout->addWidget(m_view, 1);
    m_steerBar = new QWidget(central);
    auto* steerLayout = new QHBoxLayout(m_steerBar);
    steerLayout->setContentsMargins(6, 2, 6, 2);
    m_styleLabel = new QLabel(m_steerBar);
    m_style = new QSlider(Qt::Horizontal, m_steerBar);
    m_style->setRange(0, 100);
    m_style->setToolTip(tr("Style: the first motion space on the left, the last on the right"));
    m_controller = new QComboBox(m_steerBar);
    m_controller->addItems({tr("Goal-space steering"), tr("Naive steering")});
    m_goalMode = new QComboBox(m_steerBar);
    m_goalMode->setObjectName("goalMode");
    m_goalMode->addItems({tr("Goal: drag or click"), tr("Goal: follow the mouse"), tr("Goal: circle"),
                          tr("Goal: zigzag"), tr("Goal: figure eight")});
    // The styles are set in the blend-weights dock (StyleEditor); this quick slider mixes the first
    // and the last and is hidden there by default.
    m_styleLabel->hide();
    m_style->hide();
    steerLayout->addWidget(m_goalMode);
    steerLayout->addStretch(1);
    steerLayout->addWidget(m_controller);
    m_steerBar->hide();
    layout->addWidget(m_steerBar);
    setCentralWidget(central);
    connect(m_view, &Viewport::warning, this, [this](const QString& m) { addMessage(ProjectDocument::Level::Warning, m); });
    connect(m_style, &QSlider::valueChanged, this, [this](int v) { if (m_demo) m_demo->setStyleMix(v / 100.0f); });
    connect(m_controller, &QComboBox::currentIndexChanged, this, [this](int i) { if (m_demo) m_demo->setNaive(i == 1); });
    // The goal: dragged or clicked on the ground, or following the mouse, or scripted.
    auto placeGoal = [this](const glm::vec3& p) {
        if (m_steering && m_demo && m_demo->goalMode() == SteeringDemo::GoalMode::Place)
            m_demo->setGoal(glm::vec2(p.x, p.z));
    };
    connect(m_view, &Viewport::groundClicked, this, placeGoal);
    connect(m_view, &Viewport::goalDragged, this, placeGoal);
    connect(m_view, &Viewport::groundHovered, this, [this](const glm::vec3& p) {
        if (m_steering && m_demo && m_demo->goalMode() == SteeringDemo::GoalMode::FollowMouse)
            m_demo->setGoal(glm::vec2(p.x, p.z));
    });
    connect(m_goalMode, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (m_demo) m_demo->setGoalMode(static_cast<SteeringDemo::GoalMode>(i));
    });

    m_playTimer = new QTimer(this);
    m_playTimer->setInterval(15);
    connect(m_playTimer, &QTimer::timeout, this, &MainWindow::tickPlayback);
    m_steerTimer = new QTimer(this);
    m_steerTimer->setInterval(16);
    connect(m_steerTimer, &QTimer::timeout, this, &MainWindow::stepSteering);
    m_opening = new QFutureWatcher<Expected<Project>>(this);
    connect(m_opening, &QFutureWatcherBase::finished, this, &MainWindow::finishOpen);

    createDocks();
    createActions();

    // The document's signals.
    connect(m_doc, &ProjectDocument::message, this, &MainWindow::addMessage);
    connect(m_doc, &ProjectDocument::modifiedChanged, this, [this](bool modified) {
        updateTitle();
        if (!modified) clearAutosave();
    });
    connect(m_doc, &ProjectDocument::pathChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &ProjectDocument::busyChanged, this, [this](bool busy, const QString& what) {
        m_busyRow->setVisible(busy || m_opening->isRunning());
        if (busy) m_busyLabel->setText(what);
    });
    connect(m_doc, &ProjectDocument::progress, this, [this](int done, int total) {
        m_progress->setRange(0, std::max(total, 1));
        m_progress->setValue(done);
    });
    connect(m_doc, &ProjectDocument::projectReset, this, [this] {
        m_currentClip.clear();
        refreshTimeline();
    });
    connect(m_doc, &ProjectDocument::clipsChanged, this, [this] {
        if (!m_currentClip.isEmpty() && !m_doc->clip(m_currentClip)) {
            m_currentClip.clear();
            refreshTimeline();
        }
    });
    connect(m_doc, &ProjectDocument::clipRenamed, this, [this](const QString& from, const QString& to) {
        if (m_currentClip == from) m_currentClip = to;
    });
    connect(m_doc, &ProjectDocument::clipChanged, this, [this](const QString& id) {
        if (id != m_currentClip) return;
        const ProjectClip* c = m_doc->clip(id);
        if (c && m_shown) {
            const int last = m_shown->source.frameCount() - 1;
            m_timeline->setTrim(c->trimIn < 0 ? 0 : c->trimIn, c->trimOut < 0 ? last : c->trimOut);
        }
    });
    connect(m_doc, &ProjectDocument::analysisReady, this, [this](const QString& id) {
        if (id == m_currentClip && !m_shown) refreshTimeline();
    });

    // Frame rate of the 3D view, once a second.
    m_fpsLabel = new QLabel(tr("– fps"), this);
    m_fpsLabel->setMinimumWidth(70);
    statusBar()->addPermanentWidget(m_fpsLabel);
    connect(m_view, &QOpenGLWidget::frameSwapped, this, [this] { ++m_framesPainted; });
    auto* fpsTimer = new QTimer(this);
    fpsTimer->start(1000);
    m_fpsClock.start();
    connect(fpsTimer, &QTimer::timeout, this, [this] {
        const double seconds = m_fpsClock.restart() / 1000.0;
        const double fps = seconds > 0 ? m_framesPainted / seconds : 0.0;
        m_framesPainted = 0;
        m_fpsLabel->setText(fps > 0.5 ? tr("%1 fps").arg(fps, 0, 'f', 0) : tr("– fps"));
    });

    // Autosave of unsaved changes to a side file.
    m_autosaveFile = QDir(autosaveDir()).filePath(
        QStringLiteral("autosave-%1.gsproj").arg(QCoreApplication::applicationPid()));
    m_autosaveTimer = new QTimer(this);
    m_autosaveTimer->start(autosaveInterval());
    connect(m_autosaveTimer, &QTimer::timeout, this, &MainWindow::autosaveNow);

    resize(1280, 800);
    restoreLayout();
    updateTitle();
    updateRecentMenu();
}

MainWindow::~MainWindow() {
    m_opening->waitForFinished();
    m_doc->cancelImport();
    m_doc->waitForBackground();
}

void MainWindow::createActions() {
    const auto icon = [this](QStyle::StandardPixmap p) { return style()->standardIcon(p); };
    QToolBar* toolbar = addToolBar(tr("Main"));
    toolbar->setObjectName("mainToolbar");

    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* newAction = file->addAction(icon(QStyle::SP_FileIcon), tr("&New Project"), this, [this] { newProject(); });
    newAction->setShortcut(QKeySequence::New);
    QAction* openAction = file->addAction(icon(QStyle::SP_DialogOpenButton), tr("&Open Project…"), this, &MainWindow::openDialog);
    openAction->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    QAction* saveAction = file->addAction(icon(QStyle::SP_DialogSaveButton), tr("&Save"), this, [this] { save(); });
    saveAction->setShortcut(QKeySequence::Save);
    QAction* saveAsAction = file->addAction(tr("Save &As…"), this, [this] { saveAs(); });
    saveAsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    file->addSeparator();
    QAction* importAction = file->addAction(icon(QStyle::SP_ArrowDown), tr("&Import Clips…"), this, &MainWindow::importDialog);
    importAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    file->addAction(tr("&Export Run…"), this, [this] {
        if (!m_demo || !m_demo->isReady()) {
            addMessage(ProjectDocument::Level::Info, tr("There is no live run to export yet."));
            return;
        }
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Run"), settingsDir("lastExportDir") + "/run.glb",
                                                          tr("glTF binary (*.glb);;glTF (*.gltf);;BVH (*.bvh)"));
        if (path.isEmpty()) return;
        QSettings().setValue("lastExportDir", QFileInfo(path).absolutePath());
        (void)exportRun(path);  // its errors go to the messages dock
    });
    file->addAction(tr("Export &Baked Space…"), this, &MainWindow::exportBakedSpaceDialog);
    file->addAction(tr("Open &Motion…"), this, &MainWindow::openMotionDialog);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_doc->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
    undo->setIcon(icon(QStyle::SP_ArrowBack));
    QAction* redo = m_doc->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    redo->setIcon(icon(QStyle::SP_ArrowForward));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("Re&name Clip"), QKeySequence(Qt::Key_F2), this, [this] {
        const int row = m_libraryModel->rowOf(m_currentClip);
        if (row >= 0) m_libraryView->edit(m_libraryModel->index(row, ClipLibraryModel::Name));
    });
    edit->addAction(tr("Tag &Style"), this, [this] {
        const int row = m_libraryModel->rowOf(m_currentClip);
        if (row >= 0) m_libraryView->edit(m_libraryModel->index(row, ClipLibraryModel::Style));
    });
    m_deleteAction = edit->addAction(tr("&Delete Clip"), this, [this] {
        if (!m_currentClip.isEmpty()) m_doc->removeClip(m_currentClip);
    });

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_followAction = m_viewMenu->addAction(tr("&Follow Character"));
    m_followAction->setCheckable(true);
    m_followAction->setChecked(m_view->following());
    m_followAction->setShortcut(QKeySequence(Qt::Key_F));
    connect(m_followAction, &QAction::toggled, m_view, &Viewport::setFollowing);
    connect(m_view, &Viewport::followingChanged, m_followAction, &QAction::setChecked);
    QAction* frameAll = m_viewMenu->addAction(tr("Frame &All"), m_view, &Viewport::frameAll);
    frameAll->setShortcut(QKeySequence(Qt::Key_Home));
    QAction* skeleton = m_viewMenu->addAction(tr("&Skeleton"));
    skeleton->setCheckable(true);
    connect(skeleton, &QAction::toggled, m_view, &Viewport::setSkeletonVisible);
    m_viewMenu->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>()) m_viewMenu->addAction(dock->toggleViewAction());

    QMenu* playback = menuBar()->addMenu(tr("&Playback"));
    m_playAction = playback->addAction(icon(QStyle::SP_MediaPlay), tr("&Play / Pause"), this, &MainWindow::togglePlay);
    m_playAction->setShortcut(QKeySequence(Qt::Key_Space));
    m_loopAction = playback->addAction(tr("&Loop"));
    m_loopAction->setCheckable(true);
    m_loopAction->setChecked(true);
    m_loopAction->setShortcut(QKeySequence(Qt::Key_L));
    m_stepAction = playback->addAction(tr("Single &Step"), this, [this] {
        if (!m_steering) return;
        m_steerTimer->stop();  // paused, one frame on
        advanceSteering(1);
        showSteering();
    });
    m_stepAction->setShortcut(QKeySequence(Qt::Key_Period));
    m_viewMenu->addSeparator();
    m_showFan = m_viewMenu->addAction(tr("Steer &Fan"));
    m_showTrail = m_viewMenu->addAction(tr("&Trail"));
    m_showPath = m_viewMenu->addAction(tr("&Predicted Path"));
    for (QAction* a : {m_showFan, m_showTrail, m_showPath}) {
        a->setCheckable(true);
        a->setChecked(true);
        connect(a, &QAction::toggled, this, [this] {
            m_view->setTrailVisible(m_showTrail->isChecked());
            if (m_steering) showSteering();
        });
    }
    m_steerAction = playback->addAction(icon(QStyle::SP_CommandLink), tr("&Steer Character"), this, [this] {
        if (m_demo && m_demo->isReady()) startSteering();
        else if (!m_doc->path().isEmpty()) {
            addMessage(ProjectDocument::Level::Info, tr("Building the motion spaces of %1 as saved…").arg(m_doc->displayName()));
            m_currentClip.clear();
            buildSteering(m_doc->path());
        } else {
            addMessage(ProjectDocument::Level::Info, tr("Save the project with motion spaces to steer its character."));
        }
    });
    m_playButton->setDefaultAction(m_playAction);
    m_loopButton->setDefaultAction(m_loopAction);

    QMenu* character = menuBar()->addMenu(tr("&Character"));
    character->addAction(tr("Mannequin &Texture…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Mannequin Texture"), settingsDir("lastTextureDir"),
                                                          tr("Images (*.png *.jpg *.jpeg)"));
        if (path.isEmpty()) return;
        QSettings().setValue("lastTextureDir", QFileInfo(path).absolutePath());
        ProjectCharacter c = m_doc->project().character;
        c.texture = QFileInfo(path).absoluteFilePath();
        m_doc->setCharacter(c, tr("Mannequin texture %1").arg(QFileInfo(path).fileName()));
    });
    character->addAction(tr("&Plain Mannequin"), this, [this] {
        ProjectCharacter c = m_doc->project().character;
        c.source.clear();
        c.texture.clear();
        m_doc->setCharacter(c, tr("Plain mannequin"));
    });
    character->addAction(tr("Load &Model…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load Model"), settingsDir("lastModelDir"),
                                                          tr("Skinned models (*.glb *.gltf *.fbx *.dae)"));
        if (path.isEmpty()) return;
        QSettings().setValue("lastModelDir", QFileInfo(path).absolutePath());
        ProjectCharacter c = m_doc->project().character;
        c.source = QFileInfo(path).absoluteFilePath();
        m_doc->setCharacter(c, tr("Load model %1").arg(QFileInfo(path).fileName()));
    });
    // The document's character is the one drawn (loaded, edited, undone).
    // (A texture given on the command line stays when the project names none.)
    connect(m_doc, &ProjectDocument::characterChanged, this, [this] { applyCharacter(true); });
    connect(m_doc, &ProjectDocument::projectReset, this, [this] { applyCharacter(false); });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Mouse and Keys"), this, [this] {
        QMessageBox::information(this, tr("Mouse and keys"),
            tr("<table>"
               "<tr><td>Left click on the ground</td><td>puts the goal there</td></tr>"
               "<tr><td>Left drag</td><td>orbits the camera</td></tr>"
               "<tr><td>Right or middle drag</td><td>pans</td></tr>"
               "<tr><td>Wheel</td><td>zooms</td></tr>"
               "<tr><td>F / Home</td><td>follow on/off / frame all</td></tr>"
               "<tr><td>Space</td><td>play / pause</td></tr>"
               "<tr><td>Timeline handles</td><td>trim; hold Shift to snap to foot strikes</td></tr>"
               "<tr><td>Ctrl+Z / Ctrl+Shift+Z</td><td>undo / redo</td></tr></table>"));
    });
    help->addAction(tr("&About Gaitspace"), this, [this] {
        QMessageBox::about(this, tr("About Gaitspace"),
                           tr("Gaitspace %1\nBehavioral motion spaces for character locomotion.")
                               .arg(QCoreApplication::applicationVersion()));
    });

    toolbar->addAction(newAction);
    toolbar->addAction(openAction);
    toolbar->addAction(saveAction);
    toolbar->addSeparator();
    toolbar->addAction(undo);
    toolbar->addAction(redo);
    toolbar->addSeparator();
    toolbar->addAction(importAction);
    toolbar->addSeparator();
    toolbar->addAction(m_playAction);
    toolbar->addAction(m_steerAction);
    // Window-wide shortcuts that must work wherever the focus is.
    for (QAction* a : {m_playAction, m_followAction, frameAll, m_loopAction}) a->setShortcutContext(Qt::WindowShortcut);
}

void MainWindow::restoreLayout() {
    QSettings settings;
    if (settings.value("window/layoutVersion").toInt() != kLayoutVersion) return;
    const QVariant geometry = settings.value("window/geometry"), state = settings.value("window/state");
    if (geometry.typeId() == QMetaType::QByteArray && geometry.toByteArray().size() < (1 << 16))
        restoreGeometry(geometry.toByteArray());
    if (state.typeId() == QMetaType::QByteArray && state.toByteArray().size() < (1 << 20))
        restoreState(state.toByteArray(), kLayoutVersion);
}

void MainWindow::addMessage(ProjectDocument::Level level, const QString& text) {
    auto* item = new QListWidgetItem(QTime::currentTime().toString("HH:mm:ss  ") + text);
    switch (level) {
    case ProjectDocument::Level::Error:
        item->setIcon(style()->standardIcon(QStyle::SP_MessageBoxCritical));
        item->setForeground(QColor(190, 30, 30));
        m_messagesDock->show();
        m_messagesDock->raise();
        break;
    case ProjectDocument::Level::Warning:
        item->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
        break;
    case ProjectDocument::Level::Info:
        item->setIcon(style()->standardIcon(QStyle::SP_MessageBoxInformation));
        break;
    }
    m_messages->addItem(item);
    while (m_messages->count() > 2000) delete m_messages->takeItem(0);
    m_messages->scrollToBottom();
    if (level != ProjectDocument::Level::Info) statusBar()->showMessage(text, 8000);
}

void MainWindow::updateTitle() {
    setWindowTitle(QStringLiteral("%1[*] — Gaitspace").arg(m_doc->displayName()));
    setWindowModified(m_doc->isModified());
}

// ---- Files ----

bool MainWindow::maybeSave() {
    if (!m_doc->isModified()) return true;
    const QMessageBox::StandardButton answer =
        m_saveQuestion ? m_saveQuestion()
                       : QMessageBox::warning(this, tr("Unsaved changes"),
                                              tr("%1 has unsaved changes. Save them?").arg(m_doc->displayName()),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                              QMessageBox::Save);
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

bool MainWindow::newProject() {
    if (!maybeSave()) return false;
    stopSteering();
    if (m_demo) m_demo->deleteLater();
    m_demo = nullptr;
    m_doc->reset(Project{});
    clearAutosave();
    return true;
}

void MainWindow::openDialog() {
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Project"), settingsDir("lastProjectDir"),
                                                      tr("Gaitspace projects (*.gsproj)"));
    if (path.isEmpty()) return;
    QSettings().setValue("lastProjectDir", QFileInfo(path).absolutePath());
    openProject(path);
}

void MainWindow::openProject(const QString& path) {
    if (m_opening->isRunning()) {
        addMessage(ProjectDocument::Level::Warning, tr("A project is already opening."));
        return;
    }
    const QString file = QFileInfo(path).absoluteFilePath();
    m_openingPath = file;
    m_openCancelled = false;
    m_busyLabel->setText(tr("Opening %1").arg(QFileInfo(file).fileName()));
    m_progress->setRange(0, 0);
    m_busyRow->show();
    m_opening->setFuture(QtConcurrent::run([file] { return Project::load(file); }));
    buildSteering(file);
}

void MainWindow::finishOpen() {
    m_busyRow->setVisible(m_doc->isImporting());
    auto result = m_opening->result();
    const QString name = QFileInfo(m_openingPath).fileName();
    if (m_openCancelled) {
        addMessage(ProjectDocument::Level::Info, tr("Opening %1 cancelled.").arg(name));
        return;
    }
    if (!result) {
        addMessage(ProjectDocument::Level::Error, QString::fromStdString(result.message()));
        return;
    }
    stopSteering();
    m_doc->reset(std::move(*result));
    for (const QString& e : m_doc->project().errors()) addMessage(ProjectDocument::Level::Error, e);
    for (const QString& w : m_doc->project().warnings) addMessage(ProjectDocument::Level::Warning, tr("%1: %2").arg(name, w));
    addMessage(ProjectDocument::Level::Info, tr("Opened %1: %2 clips, %3 spaces.")
                                                 .arg(name).arg(m_doc->clipCount()).arg(m_doc->project().spaces.size()));
    addRecent(m_doc->path());
    clearAutosave();
}

void MainWindow::applyCharacter(bool clearTexture) {
    // The project's character: its skinned model through retargeting, else the mannequin.
    const ProjectCharacter& c = m_doc->project().character;
    std::vector<std::pair<std::string, std::string>> map;
    for (const auto& [target, source] : c.jointMap) map.push_back({target.toStdString(), source.toStdString()});
    m_view->setModel(c.source.isEmpty() ? QString() : m_doc->project().resolve(c.source), map);
    if (!c.texture.isEmpty() || clearTexture) setTexture(c.texture.isEmpty() ? QString() : m_doc->project().resolve(c.texture));
    if (!c.source.isEmpty() && m_view->isModelShown())
        addMessage(ProjectDocument::Level::Info, tr("Drawing %1 retargeted to the clips.").arg(QFileInfo(c.source).fileName()));
}

bool MainWindow::save() {
    if (m_doc->path().isEmpty()) return saveAs();
    const Status s = m_doc->save(m_doc->path());
    if (!s) {
        addMessage(ProjectDocument::Level::Error, QString::fromStdString(s.message()));
        if (isVisible() && !m_saveQuestion) QMessageBox::warning(this, tr("Cannot save"), QString::fromStdString(s.message()));
        return false;
    }
    addRecent(m_doc->path());
    statusBar()->showMessage(tr("Saved %1").arg(m_doc->displayName()), 4000);
    return true;
}

bool MainWindow::saveAs(const QString& given) {
    QString path = given;
    if (path.isEmpty()) {
        const QString dir = m_doc->path().isEmpty() ? settingsDir("lastProjectDir") : m_doc->path();
        path = QFileDialog::getSaveFileName(this, tr("Save Project As"), dir, tr("Gaitspace projects (*.gsproj)"));
        if (path.isEmpty()) return false;
        QSettings().setValue("lastProjectDir", QFileInfo(path).absolutePath());
    }
    if (!path.endsWith(".gsproj")) path += ".gsproj";
    const Status s = m_doc->save(path);
    if (!s) {
        addMessage(ProjectDocument::Level::Error, QString::fromStdString(s.message()));
        return false;
    }
    addRecent(m_doc->path());
    statusBar()->showMessage(tr("Saved %1").arg(m_doc->displayName()), 4000);
    return true;
}

void MainWindow::addRecent(const QString& path) {
    if (path.isEmpty()) return;
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecent) files.removeLast();
    QSettings().setValue("recentFiles", files);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu() {
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    for (const QString& f : files)
        m_recentMenu->addAction(QFileInfo(f).fileName(), this, [this, f] {
            if (maybeSave()) openProject(f);
        })->setToolTip(f);
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::importDialog() {
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Import Clips"), settingsDir("lastImportDir"),
        tr("Motion files (*.bvh *.fbx *.gltf *.glb *.dae *.x *.smd *.md5anim *.ms3d *.b3d);;All files (*)"));
    if (files.isEmpty()) return;
    QSettings().setValue("lastImportDir", QFileInfo(files.front()).absolutePath());
    importFiles(files);
}

void MainWindow::importFiles(const QStringList& files) { m_doc->importFiles(files); }

void MainWindow::openMotionDialog() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Motion"), settingsDir("lastImportDir"),
        tr("Motion files (*.bvh *.fbx *.gltf *.glb *.dae);;All files (*)"));
    if (path.isEmpty()) return;
    QSettings().setValue("lastImportDir", QFileInfo(path).absolutePath());
    openClip(path);
}

void MainWindow::openClip(const QString& path) {
    stopSteering();  // at once: the clip replaces the live character
    auto* once = new QObject(this);
    connect(m_doc, &ProjectDocument::importFinished, once, [this, once](int loaded, int, bool) {
        once->deleteLater();
        if (loaded <= 0 || m_doc->clipCount() == 0) return;
        const QString id = m_doc->project().clips.back().id;
        selectClip(id);
        setPlaying(true);
    });
    m_doc->importFiles({path});
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!droppedFiles(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QStringList files = droppedFiles(event->mimeData());
    if (files.isEmpty()) return;
    event->acceptProposedAction();
    QStringList projects, motions;
    for (const QString& f : files) (f.endsWith(".gsproj") ? projects : motions) << f;
    if (!projects.isEmpty() && maybeSave()) openProject(projects.front());
    else importFiles(motions);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue("window/layoutVersion", kLayoutVersion);
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState(kLayoutVersion));
    m_doc->cancelImport();
    clearAutosave();
    event->accept();
}

void MainWindow::setTexture(const QString& path) { m_view->setTexture(path); }

QImage MainWindow::screenshot() {
    // QWidget::grab() leaves OpenGL content blank: paint the viewport's framebuffer over it.
    QImage image = grab().toImage();
    QPainter painter(&image);
    const QImage gl = m_view->grabFramebuffer();
    const QRect where(m_view->mapTo(this, QPoint(0, 0)), m_view->size());
    painter.drawImage(where, gl);
    return image;
}

}  // namespace gs

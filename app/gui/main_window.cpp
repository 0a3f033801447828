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

void MainWindow::createDocks() {
    // Clip library (left).
    m_libraryDock = new QDockWidget(tr("Clip library"), this);
    m_libraryDock->setObjectName("libraryDock");
    auto* library = new QWidget(m_libraryDock);
    auto* libraryLayout = new QVBoxLayout(library);
    libraryLayout->setContentsMargins(2, 2, 2, 2);
    m_libraryView = new ClipLibraryView(library);
    m_libraryModel = new ClipLibraryModel(m_doc, this);
    m_libraryView->setModel(m_libraryModel);
    m_libraryView->setColumnWidth(ClipLibraryModel::Name, 90);
    m_libraryView->setColumnWidth(ClipLibraryModel::Style, 50);
    for (int c = ClipLibraryModel::Frames; c <= ClipLibraryModel::Cycles; ++c)
        m_libraryView->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    auto* libraryButtons = new QHBoxLayout;
    auto* importButton = new QPushButton(tr("Import…"), library);
    auto* deleteButton = new QPushButton(tr("Delete"), library);
    libraryButtons->addWidget(importButton);
    libraryButtons->addWidget(deleteButton);
    libraryButtons->addStretch(1);
    libraryLayout->addWidget(m_libraryView, 1);
    libraryLayout->addLayout(libraryButtons);
    m_libraryDock->setWidget(library);
    addDockWidget(Qt::LeftDockWidgetArea, m_libraryDock);
    connect(importButton, &QPushButton::clicked, this, &MainWindow::importDialog);
    connect(deleteButton, &QPushButton::clicked, this, [this] { if (!m_currentClip.isEmpty()) m_doc->removeClip(m_currentClip); });
    connect(m_libraryView, &ClipLibraryView::filesDropped, this, &MainWindow::importFiles);
    connect(m_libraryView, &ClipLibraryView::deleteRequested, this, [this] {
        if (!m_currentClip.isEmpty()) m_doc->removeClip(m_currentClip);
    });
    connect(m_libraryView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                const QString id = m_libraryModel->idAt(current.row());
                if (!id.isEmpty() && id != m_currentClip) showClip(id);
            });

    // Timeline with the transport (bottom).
    m_timelineDock = new QDockWidget(tr("Timeline"), this);
    m_timelineDock->setObjectName("timelineDock");
    auto* timeline = new QWidget(m_timelineDock);
    auto* timelineLayout = new QVBoxLayout(timeline);
    timelineLayout->setContentsMargins(2, 2, 2, 2);
    auto* transport = new QHBoxLayout;
    m_playButton = new QToolButton(timeline);
    m_speed = new QComboBox(timeline);
    for (double s : {0.25, 0.5, 1.0, 1.5, 2.0}) m_speed->addItem(QStringLiteral("%1×").arg(s), s);
    m_speed->setCurrentIndex(2);
    m_speed->setToolTip(tr("Playback speed"));
    m_frameLabel = new QLabel(timeline);
    m_loopButton = new QToolButton(timeline);
    transport->addWidget(m_playButton);
    transport->addWidget(m_loopButton);
    transport->addWidget(m_speed);
    transport->addStretch(1);
    transport->addWidget(m_frameLabel);
    m_timeline = new Timeline(timeline);
    timelineLayout->addLayout(transport);
    timelineLayout->addWidget(m_timeline);
    timelineLayout->addStretch(1);
    m_timelineDock->setWidget(timeline);
    addDockWidget(Qt::BottomDockWidgetArea, m_timelineDock);
    connect(m_timeline, &Timeline::scrubbed, this, [this](float f) {
        m_playStart = f;
        m_playClock.restart();
        showFrame(f);
    });
    connect(m_timeline, &Timeline::trimEdited, this, [this](int in, int out) {
        if (!m_currentClip.isEmpty()) m_doc->setTrim(m_currentClip, in, out);
    });
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this] {
        m_playStart = m_frame;
        m_playClock.restart();
    });

    // Messages with the progress of background work (bottom, under the timeline).
    m_messagesDock = new QDockWidget(tr("Messages"), this);
    m_messagesDock->setObjectName("messagesDock");
    auto* messages = new QWidget(m_messagesDock);
    auto* messagesLayout = new QVBoxLayout(messages);
    messagesLayout->setContentsMargins(2, 2, 2, 2);
    m_busyRow = new QWidget(messages);
    auto* busyLayout = new QHBoxLayout(m_busyRow);
    busyLayout->setContentsMargins(0, 0, 0, 0);
    m_busyLabel = new QLabel(m_busyRow);
    m_progress = new QProgressBar(m_busyRow);
    m_cancel = new QPushButton(tr("Cancel"), m_busyRow);
    busyLayout->addWidget(m_busyLabel);
    busyLayout->addWidget(m_progress, 1);
    busyLayout->addWidget(m_cancel);
    m_busyRow->hide();
    m_messages = new QListWidget(messages);
    m_messages->setWordWrap(true);
    messagesLayout->addWidget(m_busyRow);
    messagesLayout->addWidget(m_messages, 1);
    m_messagesDock->setWidget(messages);
    splitDockWidget(m_timelineDock, m_messagesDock, Qt::Vertical);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_doc->cancelImport();
        if (m_opening->isRunning()) m_openCancelled = true;  // the loaded project is dropped
        for (SteeringDemo* demo : findChildren<SteeringDemo*>())
            if (demo->isBuilding()) demo->cancel();  // the spaces being built are dropped
    });

    // Right: blend weights, undo history, and the places of the analysis views.
    m_weightsDock = new QDockWidget(tr("Blend weights"), this);
    m_weightsDock->setObjectName("weightsDock");
    m_styleEditor = new StyleEditor(m_weightsDock);
    m_styleEditor->setEnabled(false);
    m_weightsDock->setWidget(m_styleEditor);
    connect(m_styleEditor, &StyleEditor::targetsChanged, this, [this](const std::vector<float>& t) {
        if (m_demo) m_demo->setStyleTargets(t);
        m_activeKey = -1;  // the user's choice holds until the next key
    });
    connect(m_styleEditor, &StyleEditor::transitionChanged, this, [this](float increment, float seconds) {
        if (m_demo) m_demo->setStyleTransition(increment, seconds);
    });
    connect(m_styleEditor, &StyleEditor::keyAddRequested, this, [this](const StyleKey& key) {
        auto keys = m_styleKeys;
        keys.push_back(key);
        setStyleKeys(keys, tr("Add style key at %1 s").arg(key.seconds, 0, 'f', 1));
    });
    connect(m_styleEditor, &StyleEditor::keyMoveRequested, this, [this](int index, double seconds) {
        if (index < 0 || index >= static_cast<int>(m_styleKeys.size())) return;
        auto keys = m_styleKeys;
        keys[index].seconds = seconds;
        setStyleKeys(keys, tr("Move style key to %1 s").arg(seconds, 0, 'f', 1));
    });
    connect(m_styleEditor, &StyleEditor::keyRemoveRequested, this, [this](int index) {
        if (index < 0 || index >= static_cast<int>(m_styleKeys.size())) return;
        auto keys = m_styleKeys;
        keys.erase(keys.begin() + index);
        setStyleKeys(keys, tr("Delete style key"));
    });
    addDockWidget(Qt::RightDockWidgetArea, m_weightsDock);
    m_undoDock = new QDockWidget(tr("Undo history"), this);
    m_undoDock->setObjectName("undoDock");
    auto* undoView = new QUndoView(m_doc->undoStack(), m_undoDock);
    undoView->setEmptyLabel(tr("<opened>"));
    m_undoDock->setWidget(undoView);
    QDockWidget* previous = nullptr;
    for (const QString& name : {tr("Match web"), tr("Registration"), tr("Motion spaces"), tr("Goal space"), tr("Quality")}) {
        auto* dock = new QDockWidget(name, this);
        dock->setObjectName(QStringLiteral("analysis_") + QString(name).remove(' ').toLower());
        auto* label = new QLabel(tr("%1: not available yet").arg(name), dock);
        label->setAlignment(Qt::AlignCenter);
        label->setEnabled(false);
        dock->setWidget(label);
        if (previous) tabifyDockWidget(previous, dock);
        else splitDockWidget(m_weightsDock, dock, Qt::Vertical);
        previous = dock;
        m_analysisDocks << dock;
    }
    tabifyDockWidget(m_weightsDock, m_undoDock);
    m_weightsDock->raise();
    if (!m_analysisDocks.isEmpty()) m_analysisDocks.front()->raise();
    resizeDocks({m_libraryDock, m_weightsDock}, {470, 250}, Qt::Horizontal);
    resizeDocks({m_timelineDock, m_messagesDock}, {130, 90}, Qt::Vertical);
    resizeDocks({m_weightsDock, m_analysisDocks.front()}, {300, 300}, Qt::Vertical);
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
        exportRun(path);
    });
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
        setTexture(path);
    });
    character->addAction(tr("&Plain Mannequin"), this, [this] {
        setTexture({});
        m_view->setModel({});
    });
    character->addAction(tr("Load &Model…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load Model"), settingsDir("lastModelDir"),
                                                          tr("Skinned models (*.glb *.gltf *.fbx *.dae)"));
        if (path.isEmpty()) return;
        QSettings().setValue("lastModelDir", QFileInfo(path).absolutePath());
        setModel(path);
    });

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

void MainWindow::buildSteering(const QString& file) {
    // The live character: its spaces are built in the background too.
    auto* demo = new SteeringDemo(this);
    connect(demo, &SteeringDemo::failed, this, [this, demo, file](const QString& message) {
        addMessage(ProjectDocument::Level::Warning,
                   tr("%1: the character cannot steer: %2").arg(QFileInfo(file).fileName(), message));
        demo->deleteLater();  // whatever was running stays
    });
    // Its progress in the messages dock's busy row, with Cancel.
    connect(demo, &SteeringDemo::progress, this, [this, file](const QString& stage, int done, int total) {
        if (m_opening->isRunning() || m_doc->isImporting()) return;  // theirs is shown
        m_busyLabel->setText(tr("Building %1: %2").arg(QFileInfo(file).fileName(), stage));
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        m_busyRow->show();
    });
    auto idle = [this] { m_busyRow->setVisible(m_opening->isRunning() || m_doc->isImporting()); };
    connect(demo, &SteeringDemo::ready, this, idle);
    connect(demo, &SteeringDemo::failed, this, idle);
    connect(demo, &SteeringDemo::cancelled, this, [this, demo, file, idle] {
        idle();
        addMessage(ProjectDocument::Level::Info,
                   tr("Building the motion spaces of %1 cancelled; the character that was running stays.")
                       .arg(QFileInfo(file).fileName()));
        demo->deleteLater();
        // The last built character goes on (the project may have reopened meanwhile).
        if (m_demo && m_demo != demo && m_demo->isReady() && m_currentClip.isEmpty() && !isSteering()) startSteering();
    });
    connect(demo, &SteeringDemo::ready, this, [this, demo, file] {
        if (m_openCancelled && file == m_openingPath) {
            demo->deleteLater();
            return;
        }
        if (m_demo) {
            if (m_steering) stopSteering();
            m_demo->deleteLater();
        }
        m_demo = demo;
        const QStringList names = m_demo->spaceNames();
        m_styleLabel->setText(names.size() > 1 ? tr("%1 ↔ %2").arg(names.front(), names.back()) : names.value(0));
        m_style->setEnabled(names.size() > 1);
        m_style->setValue(0);
        if (m_currentClip.isEmpty()) startSteering();  // a clip the user chose meanwhile wins
        else addMessage(ProjectDocument::Level::Info, tr("The character is ready: Playback > Steer Character."));
    });
    demo->build(file);
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
    // The project's character: its skinned model through retargeting, else the mannequin.
    const ProjectCharacter& c = m_doc->project().character;
    std::vector<std::pair<std::string, std::string>> map;
    for (const auto& [target, source] : c.jointMap) map.push_back({target.toStdString(), source.toStdString()});
    m_view->setModel(c.source.isEmpty() ? QString() : m_doc->project().resolve(c.source), map);
    if (!c.texture.isEmpty()) setTexture(m_doc->project().resolve(c.texture));
}

Status MainWindow::exportRun(const QString& path) {
    if (!m_demo || !m_demo->isReady() || m_demo->motion().frameCount() == 0)
        return Status::error(path.toStdString() + ": there is no live run to export");
    Clip run = m_demo->motion();
    run.name = "gaitspace run";
    const Status s = path.endsWith(".bvh", Qt::CaseInsensitive) ? writeBvh(run, path.toStdString())
                                                                 : writeGltf(run, path.toStdString());
    if (s) addMessage(ProjectDocument::Level::Info, tr("Exported %1 frames of the run to %2.").arg(run.frameCount()).arg(QFileInfo(path).fileName()));
    else addMessage(ProjectDocument::Level::Error, QString::fromStdString(s.message()));
    return s;
}

void MainWindow::setGoalMode(int mode) {
    if (mode >= 0 && mode < m_goalMode->count()) m_goalMode->setCurrentIndex(mode);
}

void MainWindow::setModel(const QString& path) {
    m_view->setModel(path);
    if (m_view->isModelShown())
        addMessage(ProjectDocument::Level::Info, tr("Drawing %1 retargeted to the clips.").arg(QFileInfo(path).fileName()));
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

// ---- Autosave ----

QString MainWindow::autosaveDir() {
    const QString env = qEnvironmentVariable("GAITSPACE_AUTOSAVE_DIR");
    if (!env.isEmpty()) return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + "/autosave";
}

void MainWindow::autosaveNow() {
    if (!m_doc->isModified()) return;
    QDir().mkpath(QFileInfo(m_autosaveFile).absolutePath());
    const QString base = m_autosaveFile.chopped(7);  // without ".gsproj"
    if (!m_autosaveLock) {
        m_autosaveLock = std::make_unique<QLockFile>(base + ".lock");
        m_autosaveLock->setStaleLockTime(0);
        if (!m_autosaveLock->tryLock(0)) {
            addMessage(ProjectDocument::Level::Warning, tr("Autosave is off: %1 is locked.").arg(base + ".lock"));
            m_autosaveLock.reset();
            return;
        }
    }
    if (Status s = m_doc->saveCopy(m_autosaveFile); !s) {
        addMessage(ProjectDocument::Level::Warning, tr("Autosave failed: %1").arg(QString::fromStdString(s.message())));
        return;
    }
    QSaveFile origin(base + ".origin");
    if (origin.open(QIODevice::WriteOnly)) {
        origin.write(m_doc->path().toUtf8());
        origin.commit();
    }
    statusBar()->showMessage(tr("Autosaved unsaved changes"), 3000);
}

void MainWindow::clearAutosave() {
    if (!m_autosaveLock) return;
    const QString base = m_autosaveFile.chopped(7);
    QFile::remove(m_autosaveFile);
    QFile::remove(base + ".origin");
    m_autosaveLock->unlock();
    m_autosaveLock.reset();
}

bool MainWindow::recoverAutosaves(RecoverQuestion accept) {
    QDir dir(autosaveDir());
    if (!dir.exists()) return false;
    bool recovered = false;
    const QFileInfoList files = dir.entryInfoList({"autosave-*.gsproj"}, QDir::Files, QDir::Time);
    for (const QFileInfo& info : files) {
        if (info.absoluteFilePath() == QFileInfo(m_autosaveFile).absoluteFilePath()) continue;
        const QString base = info.absoluteFilePath().chopped(7);
        QLockFile lock(base + ".lock");
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0)) continue;  // its process is still running
        QString original;
        QFile origin(base + ".origin");
        if (origin.open(QIODevice::ReadOnly)) original = QString::fromUtf8(origin.read(4096)).trimmed();
        origin.close();
        bool yes = false;
        if (!recovered) {
            if (accept) {
                yes = accept(original, info.lastModified());
            } else {
                yes = QMessageBox::question(
                          this, tr("Recover unsaved changes"),
                          tr("Gaitspace did not close normally. Recover the unsaved changes to %1 autosaved at %2?")
                              .arg(original.isEmpty() ? tr("an untitled project") : QFileInfo(original).fileName(),
                                   info.lastModified().toString("yyyy-MM-dd HH:mm")),
                          QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes) == QMessageBox::Yes;
            }
        }
        if (yes) {
            auto project = Project::load(info.absoluteFilePath());
            if (!project) {
                addMessage(ProjectDocument::Level::Error,
                           tr("Cannot recover: %1").arg(QString::fromStdString(project.message())));
            } else {
                project->path = original.isEmpty() ? QString() : QFileInfo(original).absoluteFilePath();
                stopSteering();
                m_doc->reset(std::move(*project), true);
                addMessage(ProjectDocument::Level::Info,
                           tr("Recovered the unsaved changes of %1; save them to keep them.").arg(m_doc->displayName()));
                recovered = true;
            }
        }
        QFile::remove(info.absoluteFilePath());
        QFile::remove(base + ".origin");
        lock.unlock();
    }
    return recovered;
}

// ---- Clip playback ----

bool MainWindow::isSteering() const { return m_steering && m_steerTimer->isActive(); }
bool MainWindow::isLoading() const { return m_opening->isRunning() || m_doc->isImporting(); }

void MainWindow::selectClip(const QString& id) {
    const int row = m_libraryModel->rowOf(id);
    if (row < 0) return;
    m_libraryView->setCurrentIndex(m_libraryModel->index(row, 0));
    if (m_currentClip != id) showClip(id);
}

void MainWindow::showClip(const QString& id) {
    stopSteering();
    setPlaying(false);
    m_currentClip = id;
    refreshTimeline();
}

void MainWindow::refreshTimeline() {
    m_shown = m_currentClip.isEmpty() ? nullptr : m_doc->clipAnalysis(m_currentClip);
    if (!m_shown) {
        m_timeline->setData({});
        if (!m_steering) m_view->setClip(nullptr);
        m_frameLabel->setText(m_currentClip.isEmpty() ? QString() : tr("reading %1…").arg(m_currentClip));
        if (m_currentClip.isEmpty()) setPlaying(false);
        return;
    }
    const Clip& clip = m_shown->source;
    const FootContacts& c = m_shown->contacts;
    TimelineData data;
    data.frames = clip.frameCount();
    data.fps = clip.fps;
    for (int f = 0; f < data.frames; ++f) {
        const auto at = [f](const std::vector<bool>& v) { return f < static_cast<int>(v.size()) && v[f]; };
        data.left.push_back(at(c.leftAnkle) || at(c.leftToe));
        data.right.push_back(at(c.rightAnkle) || at(c.rightToe));
    }
    data.leftStrikes = c.leftStrikes();
    data.rightStrikes = c.rightStrikes();
    // Gait cycles of a periodic clip begin at each left-foot strike.
    if (m_shown->cycles.periodic) data.cycleBoundaries = c.leftStrikes();
    m_timeline->setData(std::move(data));
    const ProjectClip* pc = m_doc->clip(m_currentClip);
    const int last = clip.frameCount() - 1;
    const int in = pc && pc->trimIn >= 0 ? pc->trimIn : 0, out = pc && pc->trimOut >= 0 ? pc->trimOut : last;
    m_timeline->setTrim(in, out);
    m_view->setGoal(std::nullopt);
    m_view->setOverlay(DebugDraw{});
    m_view->setHud({});
    m_styleEditor->setEnabled(false);
    m_view->setClip(&clip);
    m_playStart = static_cast<float>(in);
    m_playClock.restart();
    showFrame(static_cast<float>(in));
}

void MainWindow::togglePlay() {
    if (!m_currentClip.isEmpty()) {
        setPlaying(!m_playing);
    } else if (m_steering) {
        if (m_steerTimer->isActive()) {
            m_steerTimer->stop();
        } else {
            m_steerClock.restart();
            m_steerTime = 0.0;
            m_steerTimer->start();
        }
    } else if (m_demo && m_demo->isReady()) {
        startSteering();
    }
}

void MainWindow::setPlaying(bool playing) {
    if (playing && !m_shown) playing = false;
    m_playing = playing;
    m_playAction->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    if (!playing) {
        m_playTimer->stop();
        return;
    }
    stopSteering();
    const float in = static_cast<float>(m_timeline->trimIn()), out = static_cast<float>(m_timeline->trimOut());
    if (m_frame < in || m_frame >= out) m_frame = in;
    m_playStart = m_frame;
    m_playClock.start();
    m_playTimer->start();
}

void MainWindow::tickPlayback() {
    if (!m_shown || !m_playing) return;
    const double speed = m_speed->currentData().toDouble();
    const float in = static_cast<float>(m_timeline->trimIn()), out = static_cast<float>(m_timeline->trimOut());
    float f = m_playStart + static_cast<float>(m_playClock.elapsed() / 1000.0 * m_shown->source.fps * speed);
    if (f < in) {
        f = in;
        m_playStart = in;
        m_playClock.restart();
    }
    if (f > out) {
        if (m_loopAction->isChecked() && out > in) {
            f = in + std::fmod(f - in, out - in);
            m_playStart = f;
            m_playClock.restart();
        } else {
            showFrame(out);
            setPlaying(false);
            return;
        }
    }
    showFrame(f);
}

void MainWindow::showFrame(float frame) {
    m_frame = frame;
    m_view->setFrame(frame);
    m_timeline->setFrame(frame);
    if (m_shown) {
        const int last = m_shown->source.frameCount() - 1;
        m_frameLabel->setText(tr("%1   frame %2 / %3 (%4 s)")
                                  .arg(m_currentClip)
                                  .arg(std::lround(frame))
                                  .arg(last)
                                  .arg(frame / m_shown->source.fps, 0, 'f', 2));
    }
}

// ---- Live steering ----

void MainWindow::startSteering() {
    if (!m_demo || !m_demo->isReady()) return;
    setPlaying(false);
    m_currentClip.clear();
    m_shown.reset();
    m_timeline->setData({});
    m_frameLabel->setText(tr("live steering"));
    {
        const QSignalBlocker block(m_libraryView->selectionModel());
        m_libraryView->clearSelection();
        m_libraryView->setCurrentIndex({});
    }
    m_steering = true;
    m_steerBar->show();
    m_styleEditor->setStyles(m_demo->spaceNames());
    m_styleEditor->setTargets(m_demo->styleWeights());
    m_styleEditor->setEnabled(true);
    m_demo->setGoalMode(static_cast<SteeringDemo::GoalMode>(m_goalMode->currentIndex()));
    m_demo->step();
    m_view->setClip(&m_demo->motion());
    m_steerClock.start();
    m_steerTime = 0.0;
    m_steerTimer->start();
}

void MainWindow::stopSteering() {
    m_steerTimer->stop();
    if (!m_steering) return;
    m_steering = false;
    m_steerBar->hide();
    statusBar()->clearMessage();  // the steering's status line no longer holds
    m_view->setGoal(std::nullopt);
    m_view->setOverlay(DebugDraw{});
    m_view->setHud({});
    m_styleEditor->setEnabled(false);
    m_view->setClip(nullptr);
}

void MainWindow::stepSteering() {
    if (!m_demo) return;
    // Whole frames at the space's rate, as many as the wall clock asks for (at most a few).
    const double fps = m_demo->motion().fps;
    const double now = m_steerClock.elapsed() / 1000.0;
    int frames = 0;
    while (frames < 4 && m_steerTime + 1.0 / fps <= now) {
        ++frames;
        m_steerTime += 1.0 / fps;
    }
    if (now - m_steerTime > 0.5) m_steerTime = now;  // fell behind: do not try to catch up
    advanceSteering(frames);
    showSteering();
}

void MainWindow::advanceSteering(int frames) {
    for (int k = 0; k < frames; ++k) {
        // Style keys: the last key at or before the run's time (the track repeats).
        if (!m_styleKeys.empty()) {
            const double length = 20.0;
            const double t = std::fmod(m_demo->seconds(), length);
            int active = -1;
            for (int i = 0; i < static_cast<int>(m_styleKeys.size()); ++i)
                if (m_styleKeys[i].seconds <= t && (active < 0 || m_styleKeys[i].seconds >= m_styleKeys[active].seconds))
                    active = i;
            if (active >= 0 && active != m_activeKey) {
                m_activeKey = active;
                m_demo->setStyleTargets(m_styleKeys[active].weights);
                m_styleEditor->setTargets(m_styleKeys[active].weights);
            }
        }
        m_demo->step();
    }
}

void MainWindow::showSteering() {
    m_view->setFrame(static_cast<float>(m_demo->motion().frameCount() - 1));
    const glm::vec2 goal = m_demo->goal();
    m_view->setGoal(glm::vec3(goal.x, 0.0f, goal.y));
    DebugDraw overlay;
    if (m_showFan->isChecked()) {
        std::vector<glm::vec3> fan;
        for (const glm::vec2& p : m_demo->fan()) fan.push_back(glm::vec3(p.x, 0.02f, p.y));
        overlay.points(fan, glm::vec4(1.0f, 0.85f, 0.1f, 1.0f), 7.0f);
        std::vector<glm::vec3> chosen;
        for (const glm::vec2& p : m_demo->chosenSamples()) chosen.push_back(glm::vec3(p.x, 0.03f, p.y));
        overlay.points(chosen, glm::vec4(0.95f, 0.2f, 0.15f, 1.0f), 12.0f);
    }
    if (m_showPath->isChecked()) {
        // Where the chosen blend takes the character: from its root to the chosen samples.
        const auto chosen = m_demo->chosenSamples();
        const Clip& motion = m_demo->motion();
        if (chosen.size() == 2 && motion.frameCount() > 0) {
            const glm::vec3 root = motion.rootPositions.back();
            const glm::vec2 end = 0.5f * (chosen[0] + chosen[1]);
            overlay.line(glm::vec3(root.x, 0.02f, root.z), glm::vec3(end.x, 0.02f, end.y), glm::vec4(0.95f, 0.35f, 0.2f, 1.0f));
        }
    }
    m_view->setOverlay(overlay);
    // The heads-up figures.
    const QStringList names = m_demo->spaceNames();
    const auto weights = m_demo->styleWeights(), blends = m_demo->blends();
    QStringList styles, blendText;
    for (int s = 0; s < names.size() && s < static_cast<int>(weights.size()); ++s) {
        styles << QStringLiteral("%1 %2").arg(names[s]).arg(weights[s], 0, 'f', 2);
        blendText << QStringLiteral("%1 %2").arg(names[s]).arg(blends[s], 0, 'f', 2);
    }
    m_view->setHud({tr("style: %1").arg(styles.join(", ")), tr("blend: %1").arg(blendText.join(", ")),
                    tr("phase: frame %1").arg(m_demo->phase(), 0, 'f', 1),
                    tr("foot skate: %1 cm/s").arg(m_demo->liveFootSkate(), 0, 'f', 2),
                    tr("goal: %1 m away, %2 reached").arg(m_demo->distanceToGoal(), 0, 'f', 2).arg(m_demo->reachedGoals())});
    m_styleEditor->setLive(weights, blends);
    m_styleEditor->setTime(m_demo->seconds());
    statusBar()->showMessage(m_demo->status());
}

void MainWindow::setStyleKeys(std::vector<StyleKey> keys, const QString& what) {
    std::sort(keys.begin(), keys.end(), [](const StyleKey& a, const StyleKey& b) { return a.seconds < b.seconds; });
    // One undoable step, applied through this function both ways.
    struct Command : QUndoCommand {
        MainWindow* window;
        std::vector<StyleKey> before, after;
        bool first = true;
        void redo() override { apply(after); }
        void undo() override { apply(before); }
        void apply(const std::vector<StyleKey>& keys) {
            window->m_styleKeys = keys;
            window->m_activeKey = -1;
            window->m_styleEditor->setKeys(keys);
        }
    };
    auto* command = new Command;
    command->setText(what);
    command->window = this;
    command->before = m_styleKeys;
    command->after = std::move(keys);
    m_doc->undoStack()->push(command);
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

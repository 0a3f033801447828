#include "app/gui/window/main_window.h"

#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMimeData>
#include <QPainter>
#include <QPlainTextEdit>
#include <QScreen>
#include <QShowEvent>
#include <QWindow>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTextEdit>
#include <QTimer>
#include <QToolBar>
#include <QUndoView>

#include <algorithm>

#include "app/document/background_task.h"
#include "app/document/clip_analysis.h"
#include "app/gui/docks/clip_library_dock.h"
#include "app/gui/docks/dock_editing.h"
#include "app/gui/docks/goal_space_dock.h"
#include "app/gui/docks/joint_map_dock.h"
#include "app/gui/docks/live_steering_dock.h"
#include "app/gui/docks/match_web_dock.h"
#include "app/gui/docks/messages_dock.h"
#include "app/gui/docks/motion_spaces_dock.h"
#include "app/gui/docks/quality_dock.h"
#include "app/gui/docks/registration_dock.h"
#include "app/gui/docks/similar_spans_dock.h"
#include "app/gui/docks/timeline_dock.h"
#include "app/gui/live/live_run.h"
#include "app/gui/panels/clip_library.h"
#include "app/gui/panels/spaces_panel.h"
#include "app/gui/window/autosave.h"
#include "app/gui/window/bake_export.h"
#include "app/gui/window/level_actions.h"
#include "app/gui/window/project_files.h"
#include "core/character/retarget.h"
#include "core/io/character_import.h"
#include "widgets/match_web_view.h"
#include "widgets/viewport.h"

namespace gs {
namespace {

constexpr int kLayoutVersion = 2;

// Where the keys go to the focused widget itself: text is typed there.
bool isTextField(const QWidget* w) {
    if (!w) return false;
    if (qobject_cast<const QLineEdit*>(w) || qobject_cast<const QTextEdit*>(w) ||
        qobject_cast<const QPlainTextEdit*>(w) || qobject_cast<const QAbstractSpinBox*>(w))
        return true;
    const auto* combo = qobject_cast<const QComboBox*>(w);
    return combo && combo->isEditable();
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), m_doc(new ProjectDocument(this)) {
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks |
                   QMainWindow::AllowNestedDocks);
    createParts();
    createActions();
    createMenus();
    placeDocks();
    connectParts();
    // Space and . wherever the focus is (eventFilter); F2 and Delete follow it (updateEditActions).
    qApp->installEventFilter(this);
    connect(qApp, &QApplication::focusChanged, this, &MainWindow::updateEditActions);

    // Frame rate of the 3D view, once a second.
    m_fpsLabel = new QLabel(tr("– fps"), this);
    m_fpsLabel->setMinimumWidth(70);
    statusBar()->addPermanentWidget(m_fpsLabel);
    connect(m_view, &QOpenGLWidget::frameSwapped, this, [this] { ++m_framesPainted; });
    auto* fpsTimer = new QTimer(this);
    auto* fpsClock = new QElapsedTimer;
    fpsClock->start();
    connect(this, &QObject::destroyed, [fpsClock] { delete fpsClock; });
    fpsTimer->start(1000);
    connect(fpsTimer, &QTimer::timeout, this, [this, fpsClock] {
        const double seconds = fpsClock->restart() / 1000.0;
        const double fps = seconds > 0 ? m_framesPainted / seconds : 0.0;
        m_framesPainted = 0;
        m_fpsLabel->setText(fps > 0.5 ? tr("%1 fps").arg(fps, 0, 'f', 0) : tr("– fps"));
    });

    // 1280 x 800 where the screen has room, else the screen (the frame is taken off once it is
    // known: fitToScreen).
    QSize size(1280, 800);
    if (const QScreen* screen = QGuiApplication::primaryScreen())
        size = size.boundedTo(screen->availableSize());
    resize(size);
    restoreLayout();
    updateTitle();
    updateEditActions();
}

MainWindow::~MainWindow() {
    qApp->removeEventFilter(this);
    m_files->openingTask()->cancel();
    m_files->openingTask()->waitForFinished();
    m_doc->cancelImport();
    m_doc->waitForBackground();
}

// ---- Assembly ----

void MainWindow::createParts() {
    m_view = new Viewport(this);
    m_view->setObjectName("viewport");
    setCentralWidget(m_view);
    m_run = new LiveRun(m_doc, m_view, this);
    m_autosave = new Autosave(m_doc, this);
    m_bake = new BakeExport(m_doc, this);
    m_level = new LevelActions(m_doc, this);
    m_recentMenu = new QMenu(tr("Open &Recent"), this);
    m_files = new ProjectFiles(m_doc, m_run, m_autosave, this, m_recentMenu);
    m_library = new ClipLibraryDock(m_doc, this);
    m_timeline = new TimelineDock(m_doc, m_view, this);
    m_steering = new LiveSteeringDock(m_doc, m_run, this);
    m_messages = new MessagesDock(m_doc, this);
    m_undo = new QDockWidget(tr("Undo history"), this);
    m_undo->setObjectName("undoDock");
    auto* undoView = new QUndoView(m_doc->undoStack(), m_undo);
    undoView->setEmptyLabel(tr("<opened>"));
    m_undo->setWidget(undoView);
    m_matchWeb = new MatchWebDock(m_doc, this);
    m_registration = new RegistrationDock(m_doc, this);
    m_spaces = new MotionSpacesDock(m_doc, m_run, this);
    m_spaces->panel()->setLibrarySelection([this] { return m_library->selectedClips(); });
    m_goalSpace = new GoalSpaceDock(m_run, this);
    m_quality = new QualityDock(m_doc, m_run, this);
    m_jointMap = new JointMapDock(m_doc, m_view, this);
    m_similar = new SimilarSpansDock(m_doc, this);
    for (BackgroundTask* task : {m_files->openingTask(), m_run->buildTask(), m_bake->task()})
        m_messages->track(task);
    m_timeline->setCyclesSource(
        [this](const QString& id) -> std::optional<SteeringDemo::BuiltCycles> {
            return m_run->isReady() ? m_run->demo()->builtCycles(id) : std::nullopt;
        });
}

void MainWindow::placeDocks() {
    // Fits 1280 x 720: one column of tabs on the right (the analysis docks with the blend weights
    // and the undo history), the timeline and the messages side by side at the bottom.
    // The library shares its place with the joint map, the messages theirs with the undo history.
    addDockWidget(Qt::LeftDockWidgetArea, m_library);
    tabifyDockWidget(m_library, m_jointMap);
    addDockWidget(Qt::BottomDockWidgetArea, m_timeline);
    splitDockWidget(m_timeline, m_messages, Qt::Horizontal);
    tabifyDockWidget(m_messages, m_undo);
    tabifyDockWidget(m_messages, m_similar);
    addDockWidget(Qt::RightDockWidgetArea, m_steering);
    for (QDockWidget* d : std::initializer_list<QDockWidget*>{m_matchWeb, m_registration, m_spaces,
                                                              m_goalSpace, m_quality})
        tabifyDockWidget(m_steering, d);
    for (QDockWidget* d : std::initializer_list<QDockWidget*>{m_library, m_messages, m_steering})
        d->raise();
    // The right column's six tabs fit its width at 1280 x 720 whole, without scroll arrows: short
    // titles (as UI.md sketches them), the full names in the View menu and the tabs' tooltips.
    const std::pair<QDockWidget*, QString> shortTitles[] = {
        {m_steering, tr("Weights")}, {m_matchWeb, tr("Web")},   {m_registration, tr("Reg.")},
        {m_spaces, tr("Spaces")},    {m_goalSpace, tr("Goal")}, {m_quality, tr("Quality")}};
    for (const auto& [dock, title] : shortTitles) {
        const QString full = dock->windowTitle();
        dock->setWindowTitle(title);
        dock->toggleViewAction()->setText(full);
        dock->setProperty("fullTitle", full);
    }
    // Whole tab titles (scrolled if they still do not fit), not "Bl…".
    QTimer::singleShot(0, this, &MainWindow::updateTabBars);
    resizeDocks({m_library, m_steering}, {300, 360}, Qt::Horizontal);
    resizeDocks({m_timeline}, {150}, Qt::Vertical);
    resizeDocks({m_timeline, m_messages}, {620, 360}, Qt::Horizontal);
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        m_viewMenu->addAction(dock->toggleViewAction());
}

void MainWindow::updateTabBars() {
    for (QTabBar* bar : findChildren<QTabBar*>()) {
        bar->setElideMode(Qt::ElideNone);
        bar->setUsesScrollButtons(true);
        for (int i = 0; i < bar->count(); ++i)
            for (QDockWidget* dock : findChildren<QDockWidget*>())
                if (dock->windowTitle() == bar->tabText(i))
                    bar->setTabToolTip(i, dock->property("fullTitle").toString().isEmpty()
                                              ? dock->windowTitle()
                                              : dock->property("fullTitle").toString());
    }
}

void MainWindow::connectParts() {
    // Messages: from every part to the Messages dock; warnings and errors to the status bar too.
    connect(m_messages, &MessagesDock::statusMessage, this,
            [this](const QString& text, int ms) { statusBar()->showMessage(text, ms); });
    connect(m_view, &Viewport::warning, this,
            [this](const QString& m) { addMessage(ProjectDocument::Level::Warning, m); });
    connect(m_autosave, &Autosave::message, m_messages, &MessagesDock::addMessage);
    connect(m_autosave, &Autosave::statusMessage, this,
            [this](const QString& text, int ms) { statusBar()->showMessage(text, ms); });
    connect(m_run, &LiveRun::message, m_messages, &MessagesDock::addMessage);
    connect(m_bake, &BakeExport::message, m_messages, &MessagesDock::addMessage);
    connect(m_level, &LevelActions::message, m_messages, &MessagesDock::addMessage);
    // A new level is walked once the live run is built again (the spaces are unchanged, the
    // level is rebaked).
    connect(m_doc, &ProjectDocument::levelChanged, this, [this] {
        if (!m_doc->project().spaces.empty())
            m_run->build(m_doc->displayName(), LiveRun::Start::WhenFree);
    });
    connect(m_files, &ProjectFiles::message, m_messages, &MessagesDock::addMessage);
    connect(m_files, &ProjectFiles::statusMessage, this,
            [this](const QString& text, int ms) { statusBar()->showMessage(text, ms); });
    connect(m_files, &ProjectFiles::clipOpened, this, [this](const QString& id) {
        selectClip(id);
        setPlaying(true);
    });
    connect(m_bake, &BakeExport::exported, this, &MainWindow::bakedSpaceExported);
    connect(m_matchWeb, &MatchWebDock::message, m_messages, &MessagesDock::addMessage);
    connect(m_registration, &RegistrationDock::message, m_messages, &MessagesDock::addMessage);
    connect(m_similar, &SimilarSpansDock::message, m_messages, &MessagesDock::addMessage);

    // The document.
    connect(m_doc, &ProjectDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &ProjectDocument::pathChanged, this, &MainWindow::updateTitle);
    // The document's character is the one drawn (loaded, edited, undone).
    connect(m_doc, &ProjectDocument::characterChanged, this, [this] { applyCharacter(true); });
    connect(m_doc, &ProjectDocument::projectReset, this, [this] { applyCharacter(false); });

    // The library and the timeline: a clip chosen plays in the view instead of the live run.
    connect(m_library, &ClipLibraryDock::clipActivated, this, &MainWindow::showClip);
    connect(m_library, &ClipLibraryDock::importRequested, m_files, &ProjectFiles::importDialog);
    connect(m_library, &ClipLibraryDock::filesDropped, this, &MainWindow::importFiles);
    connect(m_timeline, &TimelineDock::clipShown, this, [this](const QString& id) {
        if (!id.isEmpty()) m_run->stop();
        m_library->setCurrentClip(id);
    });
    connect(m_timeline, &TimelineDock::playingChanged, this, [this](bool playing) {
        m_playAction->setIcon(
            style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
        if (playing) m_run->stop();
    });
    // Find similar: the timeline's trim span searched for in the library, the matches listed.
    connect(m_timeline, &TimelineDock::findSimilarRequested, this,
            [this](const QString& id, int first, int last) {
                m_similar->show();
                m_similar->raise();
                m_similar->findSimilar(id, first, last);
            });
    connect(m_timeline, &TimelineDock::frameShown, this,
            [this](float frame) { m_registration->follow(m_timeline->currentClip(), frame); });

    // The live run.
    connect(m_run, &LiveRun::started, this, [this] {
        m_timeline->release();
        m_library->setCurrentClip({});
    });
    connect(m_run, &LiveRun::stopped, this, [this] { statusBar()->clearMessage(); });
    connect(m_run, &LiveRun::pausedChanged, this, [this](bool paused) {
        m_playAction->setIcon(
            style()->standardIcon(paused ? QStyle::SP_MediaPlay : QStyle::SP_MediaPause));
    });
    connect(m_run, &LiveRun::ready, this, [this](const QString& summary) {
        addMessage(ProjectDocument::Level::Info,
                   tr("The live run uses the new build: %1.").arg(summary));
        if (!m_run->isActive())
            addMessage(ProjectDocument::Level::Info,
                       tr("The character is ready: Playback > Steer Character."));
        m_timeline->refresh();  // the shown clip's cycles are now the built space's
    });
    connect(m_run, &LiveRun::buildFailed, this, [this](const QString& message) {
        addMessage(ProjectDocument::Level::Warning,
                   tr("The character cannot steer: %1").arg(message));
    });
    connect(m_run, &LiveRun::buildCancelled, this, [this] {
        addMessage(
            ProjectDocument::Level::Info,
            tr("Building the motion spaces cancelled; the character that was running stays."));
    });

    // The analysis docks show their poses in the 3D view.
    connect(m_matchWeb, &MatchWebDock::showPoses, this, &MainWindow::showPoses);
    connect(m_registration, &RegistrationDock::showClipFrame, this,
            [this](const QString& a, float frame) {
                if (m_timeline->currentClip() != a) selectClip(a);
                m_timeline->setPlaying(false);
                m_timeline->showFrame(frame);
            });
    connect(m_registration, &RegistrationDock::ghostMoved, this,
            [this](const QString& b, float frame, const glm::mat4& toA) {
                m_ghost = m_doc->clipAnalysis(b);
                if (m_ghost) m_view->setGhost(&m_ghost->source, frame, toA);
            });
    connect(m_registration, &RegistrationDock::computed, this,
            [this](const QString& a, const QString& b) {
                if (m_matchWeb->shownA() == a && m_matchWeb->shownB() == b)
                    m_matchWeb->view()->setPath(m_registration->path());
            });
}

void MainWindow::restoreLayout() {
    QSettings settings;
    if (settings.value("window/layoutVersion").toInt() != kLayoutVersion) return;
    const QVariant geometry = settings.value("window/geometry"),
                   state = settings.value("window/state");
    if (geometry.typeId() == QMetaType::QByteArray && geometry.toByteArray().size() < (1 << 16))
        restoreGeometry(geometry.toByteArray());
    if (state.typeId() == QMetaType::QByteArray && state.toByteArray().size() < (1 << 20))
        restoreState(state.toByteArray(), kLayoutVersion);
}

void MainWindow::fitToScreen() {
    const QScreen* screen = this->screen();
    if (!screen || isMaximized() || isFullScreen()) return;
    const QRect available = screen->availableGeometry(), frame = frameGeometry(),
                inside = geometry();
    const QMargins margins(inside.left() - frame.left(), inside.top() - frame.top(),
                           frame.right() - inside.right(), frame.bottom() - inside.bottom());
    m_frameMargins = margins;
    const QSize room = available.size().shrunkBy(margins).expandedTo(minimumSize());
    if (!room.isValid()) return;
    const QSize size = this->size().boundedTo(room);
    if (size != this->size()) resize(size);
    const QSize outer = size.grownBy(margins);
    const QPoint at(std::clamp(frame.left(), available.left(),
                               std::max(available.left(), available.right() + 1 - outer.width())),
                    std::clamp(frame.top(), available.top(),
                               std::max(available.top(), available.bottom() + 1 - outer.height())));
    if (at != frame.topLeft()) move(at);  // a window's move() places its frame
}

void MainWindow::fitWhenFrameChanged() {
    if (!isVisible()) return;
    const QRect frame = frameGeometry(), inside = geometry();
    const QMargins margins(inside.left() - frame.left(), inside.top() - frame.top(),
                           frame.right() - inside.right(), frame.bottom() - inside.bottom());
    if (margins != m_frameMargins) fitToScreen();
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (event->spontaneous()) return;
    fitToScreen();
    if (QWindow* window = windowHandle())
        connect(window, &QWindow::screenChanged, this, &MainWindow::fitToScreen,
                Qt::UniqueConnection);
}

void MainWindow::moveEvent(QMoveEvent* event) {
    QMainWindow::moveEvent(event);
    fitWhenFrameChanged();
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    fitWhenFrameChanged();
}

// ---- Keys ----

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    // Space and . play and step wherever the focus is in this window, but in a text field.
    if (event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        const bool space = key->key() == Qt::Key_Space, period = key->key() == Qt::Key_Period;
        if ((space || period) && (key->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier) {
            QWidget* focus = QApplication::focusWidget();
            auto* target = qobject_cast<QWidget*>(watched);
            if (target && target->window() == this && !isTextField(focus) && !isTextField(target)) {
                if (!key->isAutoRepeat()) (space ? m_playAction : m_stepAction)->trigger();
                return true;
            }
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::updateEditActions() {
    DockEditing* dock = nullptr;
    for (QWidget* w = QApplication::focusWidget(); w && !dock; w = w->parentWidget())
        dock = dynamic_cast<DockEditing*>(w);
    const QString rename = dock ? dock->renameText() : QString(),
                  remove = dock ? dock->deleteText() : QString();
    m_renameAction->setText(rename.isEmpty() ? tr("Re&name") : rename);
    m_deleteAction->setText(remove.isEmpty() ? tr("&Delete") : remove);
    // Enabled always: the text follows the focus, the dock decides when triggered.
}

// ---- Messages, title ----

void MainWindow::addMessage(ProjectDocument::Level level, const QString& text) {
    m_messages->addMessage(level, text);
}

void MainWindow::updateTitle() {
    setWindowTitle(QStringLiteral("%1[*] — Gaitspace").arg(m_doc->displayName()));
    setWindowModified(m_doc->isModified());
}

// ---- Files ----

void MainWindow::applyCharacter(bool clearTexture) {
    // The project's character: its skinned model through retargeting, else the mannequin.
    const ProjectCharacter& c = m_doc->project().character;
    std::vector<std::pair<std::string, std::string>> map;
    for (const auto& [target, source] : c.jointMap)
        map.push_back({target.toStdString(), source.toStdString()});
    m_view->setModel(c.source.isEmpty() ? QString() : m_doc->project().resolve(c.source), map);
    if (!c.texture.isEmpty() || clearTexture)
        setTexture(c.texture.isEmpty() ? QString() : m_doc->project().resolve(c.texture));
    if (!c.source.isEmpty() && m_view->isModelShown())
        addMessage(ProjectDocument::Level::Info,
                   tr("Drawing %1 retargeted to the clips: %2.")
                       .arg(QFileInfo(c.source).fileName(),
                            QString::fromStdString(m_view->character()->retarget()->describe())));
}

void MainWindow::loadModelDialog() {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Load Model"), dialogFolder(m_doc, "lastModelDir"),
                                     tr("Skinned models (*.glb *.gltf *.fbx *.dae)"));
    if (path.isEmpty()) return;
    QSettings().setValue("lastModelDir", QFileInfo(path).absolutePath());
    loadModel(path);
}

bool MainWindow::loadModel(const QString& path) {
    const QString name = QFileInfo(path).fileName();
    const QString keeping = m_view->isModelShown()
                                ? tr("%1 stays").arg(QFileInfo(m_view->model()).fileName())
                                : tr("the mannequin stays");
    // Read and retargeted first: a model that fails leaves the current one in place.
    auto asset = importCharacter(path.toStdString());
    if (!asset) {
        addMessage(ProjectDocument::Level::Error,
                   tr("%1: %2; %3.").arg(name, QString::fromStdString(asset.message()), keeping));
        return false;
    }
    if (const Clip* clip = m_view->clip()) {
        auto character = Character::imported(*asset, *clip);
        if (!character) {
            addMessage(ProjectDocument::Level::Error,
                       tr("%1; %2.").arg(QString::fromStdString(character.message()), keeping));
            return false;
        }
    }
    ProjectCharacter c = m_doc->project().character;
    c.source = QFileInfo(path).absoluteFilePath();
    c.jointMap.clear();  // the built-in map of the new model's joints
    m_doc->setCharacter(c, tr("Load model %1").arg(name));
    return true;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!droppedFiles(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QStringList files = droppedFiles(event->mimeData());
    if (files.isEmpty()) return;
    event->acceptProposedAction();
    m_files->drop(files);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!m_files->maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue("window/layoutVersion", kLayoutVersion);
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState(kLayoutVersion));
    m_doc->cancelImport();
    m_autosave->clear();
    event->accept();
}

void MainWindow::setTexture(const QString& path) { m_view->setTexture(path); }

void MainWindow::setModel(const QString& path) {
    m_view->setModel(path);
    if (m_view->isModelShown())
        addMessage(ProjectDocument::Level::Info,
                   tr("Drawing %1 retargeted to the clips: %2.")
                       .arg(QFileInfo(path).fileName(),
                            QString::fromStdString(m_view->character()->retarget()->describe())));
}

QImage MainWindow::screenshot() {
    // QWidget::grab() leaves OpenGL content blank: paint the viewport's framebuffer over it.
    QImage image = grab().toImage();
    QPainter painter(&image);
    const QImage gl = m_view->grabFramebuffer();
    const QRect where(m_view->mapTo(this, QPoint(0, 0)), m_view->size());
    painter.drawImage(where, gl);
    return image;
}

void MainWindow::exportRunDialog() {
    if (!m_run->isReady() || m_run->demo()->motion().frameCount() == 0) {
        addMessage(ProjectDocument::Level::Info, tr("There is no live run to export yet."));
        return;
    }
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Run"), dialogFolder(m_doc, "lastExportDir") + "/run.glb",
        tr("glTF binary (*.glb);;glTF (*.gltf);;BVH (*.bvh)"));
    if (path.isEmpty()) return;
    QSettings().setValue("lastExportDir", QFileInfo(path).absolutePath());
    (void)exportRun(path);  // its errors go to the messages dock
}

Status MainWindow::exportRun(const QString& path) { return m_run->exportRun(path); }

}  // namespace gs

// MainWindow's actions, menus and toolbar, and the Mouse and Keys help they fill.

#include <QApplication>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStyle>
#include <QToolBar>
#include <QUndoStack>

#include <cmath>

#include "app/document/project_document.h"
#include "app/gui/docks/clip_library_dock.h"
#include "app/gui/docks/dock_editing.h"
#include "app/gui/docks/timeline_dock.h"
#include "app/gui/live/live_run.h"
#include "app/gui/window/main_window.h"

#include "app/gui/window/level_actions.h"
#include "app/gui/window/project_files.h"
#include "widgets/viewport.h"

namespace gs {

void MainWindow::createActions() {
    const auto icon = [this](QStyle::StandardPixmap p) { return style()->standardIcon(p); };
    auto make = [this](const QString& name, const QString& text) {
        auto* a = new QAction(text, this);
        a->setObjectName(name);
        return a;
    };
    m_playAction = make("play", tr("&Play / Pause"));
    m_playAction->setIcon(icon(QStyle::SP_MediaPlay));
    m_playAction->setProperty("key",
                              QStringLiteral("Space"));  // eventFilter: wherever the focus is
    m_playAction->setToolTip(tr("Play / pause the clip or the live run (Space)"));
    connect(m_playAction, &QAction::triggered, this, [this] {
        if (!m_timeline->currentClip().isEmpty())
            m_timeline->setPlaying(!m_timeline->isPlaying());
        else if (m_run->isActive())
            m_run->togglePause();
        else
            startSteering();
    });
    m_stepAction = make("step", tr("Single &Step"));
    m_stepAction->setProperty("key", QStringLiteral("."));
    connect(m_stepAction, &QAction::triggered, this, [this] {
        if (m_run->isActive()) {
            m_run->stepOnce();
        } else if (m_timeline->isShowing()) {
            m_timeline->setPlaying(false);
            m_timeline->showFrame(std::floor(m_timeline->frame()) + 1.0f);
        }
    });
    m_loopAction = make("loop", tr("&Loop"));
    m_loopAction->setCheckable(true);
    m_loopAction->setChecked(true);
    m_loopAction->setShortcut(QKeySequence(Qt::Key_L));
    m_steerAction = make("steer", tr("&Steer Character"));
    m_steerAction->setIcon(icon(QStyle::SP_CommandLink));
    connect(m_steerAction, &QAction::triggered, this, &MainWindow::startSteering);
    m_renameAction = make("rename", tr("Re&name"));
    m_renameAction->setShortcut(QKeySequence(Qt::Key_F2));
    m_deleteAction = make("delete", tr("&Delete"));
    m_deleteAction->setShortcut(QKeySequence::Delete);
    auto focusedDock = [] {
        for (QWidget* w = QApplication::focusWidget(); w; w = w->parentWidget())
            if (auto* d = dynamic_cast<DockEditing*>(w)) return d;
        return static_cast<DockEditing*>(nullptr);
    };
    connect(m_renameAction, &QAction::triggered, this, [focusedDock] {
        if (DockEditing* d = focusedDock()) d->renameSelection();
    });
    connect(m_deleteAction, &QAction::triggered, this, [focusedDock] {
        if (DockEditing* d = focusedDock()) d->deleteSelection();
    });
    m_timeline->setActions(m_playAction, m_loopAction);
}

void MainWindow::createMenus() {
    const FileActions file = createFileMenu();
    const auto [undo, redo] = createEditMenu();
    createViewMenu();
    QMenu* playback = menuBar()->addMenu(tr("&Playback"));
    playback->addActions({m_playAction, m_stepAction, m_loopAction, m_steerAction});
    createCharacterMenu();
    createHelpMenu();

    QToolBar* toolbar = addToolBar(tr("Main"));
    toolbar->setObjectName("mainToolbar");
    toolbar->addActions({file.create, file.open, file.save});
    toolbar->addSeparator();
    toolbar->addActions({undo, redo});
    toolbar->addSeparator();
    toolbar->addAction(file.import);
    toolbar->addSeparator();
    toolbar->addActions({m_playAction, m_steerAction});
    // Window-wide shortcuts that must work wherever the focus is (text fields take their own keys).
    for (QAction* a : findChildren<QAction*>()) a->setShortcutContext(Qt::WindowShortcut);
    // Keys handled by the event filter show in the menus too.
    for (QAction* a : {m_playAction, m_stepAction})
        a->setText(a->text() + "\t" + a->property("key").toString());
}

MainWindow::FileActions MainWindow::createFileMenu() {
    const auto icon = [this](QStyle::StandardPixmap p) { return style()->standardIcon(p); };
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* newAction = file->addAction(icon(QStyle::SP_FileIcon), tr("&New Project"), this,
                                         [this] { newProject(); });
    newAction->setShortcut(QKeySequence::New);
    QAction* openAction = file->addAction(icon(QStyle::SP_DialogOpenButton), tr("&Open Project…"),
                                          m_files, &ProjectFiles::openDialog);
    openAction->setShortcut(QKeySequence::Open);
    file->addMenu(m_recentMenu);
    QAction* saveAction =
        file->addAction(icon(QStyle::SP_DialogSaveButton), tr("&Save"), this, [this] { save(); });
    saveAction->setShortcut(QKeySequence::Save);
    file->addAction(tr("Save &As…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this,
                    [this] { saveAs(); });
    file->addSeparator();
    QAction* importAction = file->addAction(icon(QStyle::SP_ArrowDown), tr("&Import Clips…"),
                                            m_files, &ProjectFiles::importDialog);
    importAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    file->addAction(tr("Open &Motion…"), m_files, &ProjectFiles::openMotionDialog);
    file->addAction(tr("New Project from &Takes…"), m_files, &ProjectFiles::proposeDialog);
    file->addAction(tr("&Export Run…"), this, &MainWindow::exportRunDialog);
    file->addAction(tr("Export &Baked Space…"), this, &MainWindow::exportBakedSpaceDialog);
    file->addSeparator();
    // The parts are made after the menus: reached when the actions fire.
    file->addAction(tr("&Level…"), this, [this] { m_level->chooseDialog(); });
    file->addAction(tr("&Clear Level"), this, [this] { m_level->clear(); });
    file->addAction(tr("Export Baked Le&vel…"), this, [this] { m_level->exportDialog(); });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    return {newAction, openAction, saveAction, importAction};
}

std::pair<QAction*, QAction*> MainWindow::createEditMenu() {
    const auto icon = [this](QStyle::StandardPixmap p) { return style()->standardIcon(p); };
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_doc->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
    undo->setIcon(icon(QStyle::SP_ArrowBack));
    QAction* redo = m_doc->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    redo->setIcon(icon(QStyle::SP_ArrowForward));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(m_renameAction);
    edit->addAction(m_deleteAction);
    edit->addAction(tr("Tag &Style"), this, [this] { m_library->tagStyle(); });
    return {undo, redo};
}

void MainWindow::createViewMenu() {
    m_viewMenu = menuBar()->addMenu(tr("&View"));
    QAction* follow = m_viewMenu->addAction(tr("&Follow Character"));
    follow->setObjectName("follow");
    follow->setCheckable(true);
    follow->setChecked(m_view->following());
    follow->setShortcut(QKeySequence(Qt::Key_F));
    connect(follow, &QAction::toggled, m_view, &Viewport::setFollowing);
    connect(m_view, &Viewport::followingChanged, follow, &QAction::setChecked);
    QAction* frameAll = m_viewMenu->addAction(tr("Frame &All"), m_view, &Viewport::frameAll);
    frameAll->setShortcut(QKeySequence(Qt::Key_Home));
    QAction* skeleton = m_viewMenu->addAction(tr("&Skeleton"));
    skeleton->setCheckable(true);
    connect(skeleton, &QAction::toggled, m_view, &Viewport::setSkeletonVisible);
    m_viewMenu->addSeparator();
    m_showFan = m_viewMenu->addAction(tr("Steer &Fan"));
    m_showTrail = m_viewMenu->addAction(tr("&Trail"));
    m_showPath = m_viewMenu->addAction(tr("&Predicted Path"));
    for (QAction* a : {m_showFan, m_showTrail, m_showPath}) {
        a->setCheckable(true);
        a->setChecked(true);
        connect(a, &QAction::toggled, this, [this] {
            m_view->setTrailVisible(m_showTrail->isChecked());
            m_run->setOverlays(m_showFan->isChecked(), m_showPath->isChecked());
        });
    }
    m_showNavMesh = m_viewMenu->addAction(tr("&Navigation Mesh"));
    m_showNavMesh->setObjectName("navigationMesh");
    m_showNavMesh->setCheckable(true);
    m_showNavMesh->setChecked(true);
    connect(m_showNavMesh, &QAction::toggled, this,
            [this](bool on) { m_run->setNavigationMeshShown(on); });
    m_viewMenu->addSeparator();
}

void MainWindow::createCharacterMenu() {
    QMenu* character = menuBar()->addMenu(tr("&Character"));
    character->addAction(tr("Mannequin &Texture…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Mannequin Texture"),
                                                          dialogFolder(m_doc, "lastTextureDir"),
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
        c.jointMap.clear();
        m_doc->setCharacter(c, tr("Plain mannequin"));
    });
    character->addAction(tr("Load &Model…"), this, &MainWindow::loadModelDialog);
}

void MainWindow::createHelpMenu() {
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Mouse and Keys"), this, &MainWindow::showKeys);
    help->addAction(tr("&About Gaitspace"), this, [this] {
        QMessageBox::about(this, tr("About Gaitspace"),
                           tr("Gaitspace %1\nBehavioral motion spaces for character locomotion.")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

void MainWindow::showKeys() {
    // Every action with a key, by menu, then the viewport's mouse.
    QString rows;
    for (QAction* menu : menuBar()->actions()) {
        if (!menu->menu()) continue;
        for (QAction* a : menu->menu()->actions()) {
            QString key = a->property("key").toString();
            if (key.isEmpty())
                key = a->shortcuts().isEmpty()
                          ? QString()
                          : a->shortcuts().front().toString(QKeySequence::NativeText);
            for (qsizetype k = 1; k < a->shortcuts().size(); ++k)
                key += " / " + a->shortcuts()[k].toString(QKeySequence::NativeText);
            if (key.isEmpty()) continue;
            QString text = a->text().section('\t', 0, 0).remove('&');
            rows += QStringLiteral("<tr><td>%1</td><td>%2</td></tr>")
                        .arg(key.toHtmlEscaped(), text.toHtmlEscaped());
        }
    }
    rows += tr(
        "<tr><td colspan=2><b>3D view</b></td></tr>"
        "<tr><td>Left press on the goal, drag</td><td>moves the goal (the character "
        "re-steers)</td></tr>"
        "<tr><td>Left click on the ground</td><td>puts the goal there</td></tr>"
        "<tr><td>Left drag elsewhere (or Alt + drag)</td><td>orbits the camera</td></tr>"
        "<tr><td>Right or middle drag</td><td>pans</td></tr>"
        "<tr><td>Wheel</td><td>zooms toward the cursor</td></tr>"
        "<tr><td colspan=2><b>Timeline</b></td></tr>"
        "<tr><td>Drag the blue handles</td><td>trims; hold Shift to snap to foot strikes</td></tr>"
        "<tr><td colspan=2><b>Match web</b></td></tr>"
        "<tr><td>Wheel / drag / double click</td><td>zoom / pan / fit</td></tr>"
        "<tr><td>Click a cell</td><td>both frames in the 3D view</td></tr>");
    auto* box = new QMessageBox(QMessageBox::Information, tr("Mouse and keys"),
                                QStringLiteral("<table cellspacing=4>%1</table>").arg(rows),
                                QMessageBox::Ok, this);
    box->setObjectName("mouseAndKeys");
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextFormat(Qt::RichText);
    box->open();
}

}  // namespace gs

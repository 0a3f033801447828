// The window in an animator's hands, at 1280 x 720, with real mouse and key events: the layout
// fits (every dock reachable, the status bar visible); clips are selected many at a time and
// deleted together as one undo step, with their building figures in the details line; Space and
// . work wherever the focus is (a combo box does not open), F2 and Delete act on the dock that
// has the focus, Help > Mouse and Keys lists every key; the heads-up text says when the run is
// paused and when steering borrows a tighter style, and Keep style keeps the user's; the demo
// opens as an untitled copy that Save does not write over; a model that cannot be loaded leaves
// the one drawn; the Joint map dock edits the map undoably and it is saved with the project.

#include <QAbstractItemView>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSlider>
#include <QStatusBar>
#include <QTabBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include "app/gui/panels/clip_library.h"
#include "app/gui/docks/clip_library_dock.h"
#include "common/test_data.h"
#include "window_input.h"
#include "app/gui/docks/joint_map_dock.h"
#include "app/gui/live/live_run.h"
#include "app/gui/docks/live_steering_dock.h"
#include "app/gui/window/main_window.h"
#include "app/gui/docks/messages_dock.h"
#include "app/gui/docks/motion_spaces_dock.h"
#include "app/gui/docks/quality_dock.h"
#include "app/gui/panels/quality_panel.h"
#include "app/gui/panels/spaces_panel.h"
#include "app/gui/docks/timeline_dock.h"
#include "widgets/timeline.h"
#include "widgets/viewport.h"
#include "test_settings.h"

using namespace gs;

namespace {

QString demoProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj");
}

using test::clickTab;

void clickRow(QAbstractItemView* view, const QModelIndex& index,
              Qt::KeyboardModifiers modifiers = {}) {
    QTest::mouseClick(view->viewport(), Qt::LeftButton, modifiers,
                      view->visualRect(index).center());
}

QStringList messageLines(MainWindow& w) {
    QStringList lines;
    for (int i = 0; i < w.messagesDock()->list()->count(); ++i)
        lines << w.messagesDock()->list()->item(i)->text();
    return lines;
}

}  // namespace

class TestWindowUse : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> m_window;

    MainWindow& w() { return *m_window; }
    SteeringDemo* run() { return m_window->liveRun()->demo(); }

private slots:
    void initTestCase() {
        GS_REQUIRE_DATA();
        qputenv("GAITSPACE_DATA_DIR", test::dataDir().toLocal8Bit());
        m_window = std::make_unique<MainWindow>();
        QVERIFY(gs::test::showActive(*m_window));
        m_window->openProject(demoProject(), true);  // as the window opens its built-in demo
        QTRY_VERIFY_WITH_TIMEOUT(m_window->isSteering(), 180000);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->isLoading(), 120000);
    }

    // 1280 x 720 and no larger; the status bar in the window; every dock brought up by its tab
    // shows with room for its content.
    void fitsTheScreen() {
        QCOMPARE(w().size(), QSize(1280, 720));
        QVERIFY2(w().minimumSizeHint().height() <= 720 && w().minimumSizeHint().width() <= 1280,
                 qPrintable(QString("minimum %1 x %2")
                                .arg(w().minimumSizeHint().width())
                                .arg(w().minimumSizeHint().height())));
        const QRect status = w().statusBar()->geometry();
        QVERIFY(w().statusBar()->isVisible() && status.bottom() < 720 && status.height() > 10);
        for (QDockWidget* dock : w().findChildren<QDockWidget*>()) {
            QVERIFY2(clickTab(w(), dock), qPrintable(dock->windowTitle()));
            QTRY_VERIFY2(dock->isVisible(), qPrintable(dock->windowTitle()));
            const QRect r(dock->mapTo(&w(), QPoint(0, 0)), dock->size());
            QVERIFY2(QRect(0, 0, 1280, 720).contains(r), qPrintable(dock->windowTitle()));
            QVERIFY2(r.height() >= 120 && r.width() >= 200, qPrintable(dock->windowTitle()));
        }
        // The Quality dock says what its ratios mean, in words, where the table is read.
        QVERIFY(w().qualityDock()->panel()->explanation().contains("time / Dubins"));
        QVERIFY(
            w().qualityDock()->panel()->explanation().contains("least time any run could take"));
        QVERIFY(clickTab(w(), w().steeringDock()));
        QVERIFY(clickTab(w(), w().libraryDock()));
        QVERIFY(clickTab(w(), w().messagesDock()));
        QVERIFY(w().viewport()->width() >= 400 && w().viewport()->height() >= 300);
    }

    // Space pauses and plays the live run wherever the focus is; a combo box that has the focus
    // does not open; . steps one frame; paused, the heads-up text says so.
    void playbackKeysEverywhere() {
        QComboBox* mode = w().steeringDock()->goalMode();
        QVERIFY(clickTab(w(), w().steeringDock()));
        QTRY_VERIFY(mode->isVisible());
        // Used once (opened and closed with the mouse), the combo box keeps the focus.
        QTest::mouseClick(mode, Qt::LeftButton);
        QTRY_VERIFY(mode->view()->isVisible());
        QTest::keyClick(mode->view(), Qt::Key_Escape);
        QTRY_VERIFY(!mode->view()->isVisible());
        QTRY_VERIFY(mode->hasFocus());
        QVERIFY(w().isSteering());
        QTest::keyClick(mode, Qt::Key_Space);
        QVERIFY(!mode->view()->isVisible());
        QVERIFY(!w().isSteering());
        QVERIFY2(w().viewport()->hudStatus().startsWith("paused"),
                 qPrintable(w().viewport()->hudStatus()));
        const double t = run()->seconds();
        QTest::keyClick(mode, Qt::Key_Period);
        QCOMPARE(run()->seconds(), t + 1.0 / 30.0);
        QTest::qWait(200);
        QCOMPARE(run()->seconds(), t + 1.0 / 30.0);  // still paused
        // From the clip library too.
        w().libraryDock()->view()->setFocus();
        QTest::keyClick(w().libraryDock()->view(), Qt::Key_Space);
        QVERIFY(w().isSteering());
        QVERIFY(w().viewport()->hudStatus().isEmpty());
        // A text field takes its own space.
        // (The first that takes focus: the Characters box is off without a level.)
        QLineEdit* field = nullptr;
        for (QLineEdit* e : w().findChild<QDockWidget*>("weightsDock")->findChildren<QLineEdit*>())
            if (!field && e->isEnabled()) field = e;
        QVERIFY(field);
        field->setFocus();
        QTest::keyClick(field, Qt::Key_Space);
        QVERIFY(w().isSteering());
    }

    // Help > Mouse and Keys lists every key of the window.
    void helpListsEveryKey() {
        QAction* help = nullptr;
        for (QAction* a : w().menuBar()->actions())
            if (a->menu() && a->text() == "&Help")
                for (QAction* item : a->menu()->actions())
                    if (item->text() == "&Mouse and Keys") help = item;
        QVERIFY(help);
        help->trigger();
        QMessageBox* box = nullptr;
        QTRY_VERIFY((box = w().findChild<QMessageBox*>("mouseAndKeys")) && box->isVisible());
        const QString text = box->text();
        for (const char* key :
             {">Space<", ">.<", ">L<", ">F2<", ">Del", ">F<", ">Home<", "Ctrl+Z", "Ctrl+Shift+Z",
              "Ctrl+S", "Ctrl+I", "Play / Pause", "Single Step", "Loop", "Rename", "Delete"})
            QVERIFY2(text.contains(key), key);
        QTest::keyClick(box, Qt::Key_Escape);
        QTRY_VERIFY(!w().findChild<QMessageBox*>("mouseAndKeys"));
    }

    // Shift- and Ctrl-clicks select many clips; the details line names what building needs;
    // Delete deletes the selected clips together, one undo step.
    void manyClipsAtOnce() {
        ClipLibraryView* view = w().libraryDock()->view();
        auto* model = static_cast<ClipLibraryModel*>(view->model());
        QVERIFY(clickTab(w(), w().libraryDock()));
        QTRY_VERIFY(view->isVisible());
        clickRow(view, model->index(model->rowOf("walk_90r"), 0));
        QVERIFY(w().libraryDock()->details().contains("m/s"));
        QVERIFY(w().libraryDock()->details().contains("gait cycles") ||
                w().libraryDock()->details().contains("cycles"));
        clickRow(view, model->index(model->rowOf("walk_90l"), 0), Qt::ShiftModifier);
        const QStringList walks = w().libraryDock()->selectedClips();
        QCOMPARE(walks,
                 QStringList({"walk_90r", "walk_veer_r", "walk", "walk_veer_l", "walk_90l"}));
        clickRow(view, model->index(model->rowOf("jog"), 0), Qt::ControlModifier);
        QCOMPARE(w().libraryDock()->selectedClips().size(), 6);
        QVERIFY(w().libraryDock()->details().contains("6 clips selected"));
        // The columns building needs are in view at the default width.
        for (int c : {ClipLibraryModel::Speed, ClipLibraryModel::Turn, ClipLibraryModel::Cycles})
            QVERIFY(
                view->viewport()->rect().contains(view->visualRect(model->index(0, c)).center()));
        const int clips = w().document()->clipCount(), steps = w().document()->undoStack()->count();
        QTest::keyClick(view, Qt::Key_Delete);
        QCOMPARE(w().document()->clipCount(), clips - 6);
        QCOMPARE(w().document()->undoStack()->count(), steps + 1);
        QCOMPARE(w().document()->undoStack()->undoText(), QString("Delete 6 clips"));
        QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w().document()->clipCount(), clips);
        QVERIFY(!w().document()->isModified());
    }

    // F2 renames what the focused dock shows: a motion space in the Motion spaces dock (not the
    // library's clip), a clip in the library; the new name shows at once in the timeline.
    void renameFollowsTheFocus() {
        MotionSpacesPanel* panel = w().motionSpacesDock()->panel();
        QVERIFY(clickTab(w(), w().motionSpacesDock()));
        QTRY_VERIFY(panel->spaceList()->isVisible());
        clickRow(panel->spaceList(), panel->spaceList()->model()->index(1, 0));  // jog
        QTRY_VERIFY(panel->spaceList()->hasFocus());
        QTest::keyClick(panel->spaceList(), Qt::Key_F2);
        QLineEdit* editor = nullptr;
        QTRY_VERIFY((editor = panel->spaceList()->findChild<QLineEdit*>()) && editor->isVisible());
        editor->selectAll();
        QTest::keyClicks(editor, "run");
        QTest::keyClick(editor, Qt::Key_Return);
        QTRY_COMPARE(w().document()->project().spaces[1].name, QString("run"));
        QCOMPARE(w().document()->undoStack()->undoText(), QString("Rename space jog to run"));
        QCOMPARE(w().document()->clip("walk")->id, QString("walk"));  // no clip renamed
        QTest::keyClick(panel->spaceList(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w().document()->project().spaces[1].name, QString("jog"));

        // In the library: the clip, and the timeline's line says the new name at once.
        ClipLibraryView* view = w().libraryDock()->view();
        auto* model = static_cast<ClipLibraryModel*>(view->model());
        QVERIFY(clickTab(w(), w().libraryDock()));
        clickRow(view, model->index(model->rowOf("walk_veer_l"), 0));
        QTRY_COMPARE(w().currentClip(), QString("walk_veer_l"));
        QTest::keyClick(view, Qt::Key_F2);
        QTRY_VERIFY((editor = view->findChild<QLineEdit*>()) && editor->isVisible());
        editor->selectAll();
        QTest::keyClicks(editor, "veer_left");
        QTest::keyClick(editor, Qt::Key_Return);
        QTRY_VERIFY(w().document()->clip("veer_left"));
        QCOMPARE(w().currentClip(), QString("veer_left"));
        auto* label = w().findChild<QLabel*>("timelineLabel");
        QVERIFY(label->text().startsWith("veer_left"));
        QVERIFY(w().libraryDock()->details().contains("veer_left"));
        // The built space still knows the clip under its new name: the timeline shows its built
        // cycles.
        w().timelineDock()->refresh();
        QVERIFY(w().timelineDock()->timeline()->data().cyclesBuilt);
        QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w().currentClip(), QString("walk_veer_l"));
        QVERIFY(label->text().startsWith("walk_veer_l"));
        w().findChild<QAction*>("steer")->trigger();
        QTRY_VERIFY(w().isSteering());
    }

    // With jog set and the goal close at the side (inside the jog's turning circle), steering
    // borrows the walk's tighter turn and the heads-up text says so; Keep style gives the jog
    // back at once and steering keeps it (saved with the project, undoable).
    void sayWhenSteeringChangesTheStyle() {
        QVERIFY(clickTab(w(), w().steeringDock()));
        auto* jog = w().findChild<QSlider*>("style_jog");
        QTRY_VERIFY(jog && jog->isVisible());
        jog->setFocus();
        QTest::keyClick(jog, Qt::Key_End);
        QTRY_VERIFY_WITH_TIMEOUT(run()->styleWeights()[1] > 0.99f, 20000);
        // A goal 1.2 m to the character's left, clicked on the ground.
        Viewport* view = w().viewport();
        bool borrowed = false;
        for (int attempt = 0; attempt < 6 && !borrowed; ++attempt) {
            const GroundFrame g = *run()->crowd()->ground(run()->character());
            const glm::vec3 left = g.toWorld(glm::vec3(1.2f, 0.0f, 0.4f));
            const glm::vec3 at = view->camera().project(left, view->width(), view->height());
            QVERIFY(at.z > 0.0f);
            QTest::mouseClick(view, Qt::LeftButton, {}, QPoint(int(at.x), int(at.y)));
            QTRY_VERIFY(glm::distance(run()->goal(), glm::vec2(left.x, left.z)) < 0.15f);
            borrowed = QTest::qWaitFor(
                [&] { return view->hud().join('\n').contains("borrows walk's tighter turn"); },
                3000);
        }
        QVERIFY2(borrowed, qPrintable(view->hud().join(" | ")));
        QVERIFY(run()->overriddenStyle());
        // Keep style: the jog comes back, the text goes.
        QCheckBox* keep = w().steeringDock()->keepStyle();
        QTest::mouseClick(keep, Qt::LeftButton, {}, QPoint(6, keep->height() / 2));
        QVERIFY(w().document()->project().settings.keepStyle);
        QVERIFY(!run()->overriddenStyle());
        QTRY_VERIFY(!view->hud().join('\n').contains("borrows"));
        QTest::qWait(1500);
        QVERIFY(!run()->overriddenStyle());
        QCOMPARE(run()->crowd()->state(run()->character())->styleTarget[1], 1.0f);
        QTest::keyClick(keep, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(!w().document()->project().settings.keepStyle);
        QVERIFY(!keep->isChecked());
        // Back to the walk for what follows.
        auto* walk = w().findChild<QSlider*>("style_walk");
        walk->setFocus();
        QTest::keyClick(walk, Qt::Key_End);
    }

    // A model that cannot be read, or whose joints cannot be mapped, leaves the one drawn; a
    // bundled character loads, its joint map shows in the Joint map dock, an edit there is one
    // undo step and saved with the project.
    void jointMapAndModels() {
        QTemporaryDir dir;
        const QString broken = dir.filePath("broken.glb");
        {
            QFile f(broken);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("glTF\x02\x00\x00\x00 not a model");
        }
        const QString robot = test::dataPath("characters/robot_expressive/RobotExpressive.glb");
        QVERIFY(w().loadModel(robot));
        QTRY_VERIFY(w().viewport()->isModelShown());
        QVERIFY(!w().loadModel(broken));
        QVERIFY(w().viewport()->isModelShown());
        QCOMPARE(w().viewport()->model(), robot);
        QVERIFY(messageLines(w()).last().contains("RobotExpressive.glb stays"));

        JointMapDock* dock = w().jointMapDock();
        QVERIFY(clickTab(w(), dock));
        QTRY_VERIFY(dock->table()->isVisible() && dock->table()->rowCount() > 20);
        QVERIFY(dock->summary().contains("legs 6/6"));
        QVERIFY(dock->summary().contains("feet by leg IK"));
        QCOMPARE(dock->sourceOf("Foot.L"), QString("lfoot"));
        QCOMPARE(dock->sourceOf("Torso"), QString("thorax"));
        // Map the robot's Abdomen (unmapped) to the CMU thorax instead of its Torso, with the keys
        // of the row's combo box.
        int row = -1;
        for (int r = 0; r < dock->table()->rowCount(); ++r)
            if (dock->table()->item(r, 0)->text() == "Abdomen") row = r;
        QVERIFY(row >= 0);
        auto* combo = qobject_cast<QComboBox*>(dock->table()->cellWidget(row, 2));
        dock->table()->scrollToItem(dock->table()->item(row, 0));
        QTest::mouseClick(combo, Qt::LeftButton);
        QTRY_VERIFY(combo->view()->isVisible());
        const QModelIndex thorax = combo->model()->index(combo->findData("thorax"), 0);
        combo->view()->setCurrentIndex(thorax);
        QTest::keyClick(combo->view(), Qt::Key_Return);
        QTRY_COMPARE(dock->sourceOf("Abdomen"), QString("thorax"));
        QCOMPARE(w().document()->undoStack()->undoText(), QString("Map Abdomen to thorax"));
        const auto& map = w().document()->project().character.jointMap;
        QVERIFY(std::find(map.begin(), map.end(),
                          std::pair<QString, QString>("Abdomen", "thorax")) != map.end());
        QTemporaryDir saved;
        QVERIFY(w().document()->saveCopy(saved.filePath("mapped.gsproj")));
        auto back = Project::load(saved.filePath("mapped.gsproj"));
        QVERIFY(back);
        auto sorted = [](std::vector<std::pair<QString, QString>> v) {
            std::sort(v.begin(), v.end());
            return v;
        };
        QVERIFY(sorted(back->character.jointMap) == sorted(map));
        QTest::keyClick(dock->table(), Qt::Key_Z, Qt::ControlModifier);
        QTRY_COMPARE(dock->sourceOf("Abdomen"), QString());
        QVERIFY(w().document()->project().character.jointMap.empty());
        QTest::keyClick(dock->table(), Qt::Key_Z, Qt::ControlModifier);  // the model
        QTRY_VERIFY(!w().viewport()->isModelShown());
    }

    // The built-in demo opens as an untitled copy: Save asks where to write it.
    void demoIsAnUntitledCopy() {
        QVERIFY(w().document()->path().isEmpty());
        QVERIFY(w().windowTitle().startsWith("Untitled"));
        bool asked = false;
        QTimer::singleShot(500, this, [&] {
            if (auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget())) {
                asked = true;
                dialog->reject();
            }
        });
        QTest::keyClick(&w(), Qt::Key_S, Qt::ControlModifier);
        QVERIFY(asked);
        QVERIFY(w().document()->path().isEmpty());
    }

    void cleanupTestCase() {
        if (m_window) m_window->setSaveQuestion([] { return QMessageBox::Discard; });
        m_window.reset();
    }
};

QTEST_MAIN(TestWindowUse)
#include "tst_window_use.moc"

// Stops and starts in the window, on the demo the window opens (the CMU walk and jog with the
// subject's own stop and start clips, app/gui/app/demo_project.h): the Motion spaces dock lists
// each space's stops and starts and says that each can serve; a straight walk loop added as a stop
// (with the clip library's selection) is named with the cause (it never stands), and the add
// and its removal with Delete are undone and redone; a start dropped from the library, a clip
// renamed, and the stops and starts saved and loaded back. The live run: "go to and stop" is the
// goal mode it starts in; a goal clicked on the ground is walked to, stopped on (the heads-up
// text says "standing") with the root within 0.10 m of it, and stood at; a new goal starts the
// character again and it stops on that one too.

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QListWidget>
#include <QMimeData>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include "app/document/project_document.h"
#include "app/document/space_commands.h"
#include "app/gui/panels/clip_library.h"
#include "common/test_data.h"
#include "app/gui/docks/clip_library_dock.h"
#include "app/gui/app/demo_project.h"
#include "app/gui/live/live_run.h"
#include "app/gui/docks/live_steering_dock.h"
#include "app/gui/window/main_window.h"
#include "app/gui/docks/motion_spaces_dock.h"
#include "app/gui/panels/spaces_panel.h"
#include "app/gui/live/steering_demo.h"
#include "widgets/viewport.h"
#include "window_input.h"
#include "test_settings.h"

using namespace gs;

namespace {

QString windowDemo() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/") + QLatin1String(kWindowDemoProject);
}

constexpr auto kStop = BakedTransition::Kind::Stop;
constexpr auto kStart = BakedTransition::Kind::Start;

QStringList rows(const QTableWidget* table, int column) {
    QStringList out;
    for (int r = 0; r < table->rowCount(); ++r)
        if (const QTableWidgetItem* item = table->item(r, column))
            out << (column == 0 ? item->data(Qt::UserRole).toString() : item->text());
    return out;
}

int rowOf(const QTableWidget* table, const QString& id) {
    return static_cast<int>(rows(table, 0).indexOf(id));
}

}  // namespace

class TestArrivalWindow : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    MotionSpacesPanel* m_panel = nullptr;
    ProjectDocument* m_doc = nullptr;

    // Selects clip `id` in the clip library with a click, as a user does.
    void selectInLibrary(const QString& id) {
        auto* library = m_window->libraryDock()->view();
        auto* model = static_cast<ClipLibraryModel*>(library->model());
        m_window->findChild<QDockWidget*>("libraryDock")->raise();
        QTRY_VERIFY(library->isVisible());
        const QModelIndex index = model->index(model->rowOf(id), 0);
        library->scrollTo(index);
        QTest::mouseClick(library->viewport(), Qt::LeftButton, {},
                          library->visualRect(index).center());
        QCOMPARE(library->selectionModel()->selectedRows().size(), 1);
        showSpaces();
    }

    void showSpaces() {
        auto* dock = m_window->findChild<QDockWidget*>("analysis_motionspaces");
        dock->show();
        dock->raise();
    }

    // The ground point in view nearest `far` metres from the character (within 1 m of it), as a
    // window position and a ground point; in the right half of the view or the left.
    std::optional<std::pair<QPoint, glm::vec2>> groundAway(float far, bool right) {
        Viewport* view = m_window->viewport();
        const glm::vec3 root = m_window->liveRun()->demo()->motion().rootPositions.back();
        std::optional<std::pair<QPoint, glm::vec2>> best;
        float bestMiss = 1.0f;
        for (int i = 1; i < 8; ++i)
            for (int j = 1; j < 10; ++j) {
                const QPoint p(view->width() * (right ? 8 + i : i) / 16, view->height() * j / 10);
                const auto g = view->groundAt(p);
                if (!g) continue;
                const glm::vec2 at(g->x, g->z);
                const float miss = std::abs(glm::distance(at, glm::vec2(root.x, root.z)) - far);
                if (miss < bestMiss) bestMiss = miss, best = std::pair{p, at};
            }
        return best;
    }

    // Waits (up to `runSeconds` of the run) for the character to stand; the root's distance to
    // the goal then, or -1.
    float waitForStanding(double runSeconds) {
        SteeringDemo* demo = m_window->liveRun()->demo();
        const double t0 = demo->seconds();
        QElapsedTimer clock;
        clock.start();
        bool standing = false;
        while (!standing && demo->seconds() - t0 < runSeconds && clock.elapsed() < 240000) {
            QTest::qWait(20);
            standing = demo->motionState() == "standing" &&
                       m_window->viewport()->hud().join('\n').contains("standing");
        }
        if (!standing) return -1.0f;
        const glm::vec3 root = demo->motion().rootPositions.back();
        return glm::distance(glm::vec2(root.x, root.z), demo->goal());
    }

private slots:
    void initTestCase() {
        GS_REQUIRE_DATA();
        qputenv("GAITSPACE_DATA_DIR", gs::test::dataDir().toLocal8Bit());
        m_window = std::make_unique<MainWindow>();
        QVERIFY(gs::test::showActive(*m_window));
        m_window->openProject(windowDemo(), true);  // as the window opens it: an untitled copy
        QTRY_VERIFY_WITH_TIMEOUT(m_window->isSteering(), 180000);
        m_panel = m_window->motionSpacesDock()->panel();
        m_doc = m_window->document();
        QVERIFY(m_panel && m_doc->path().isEmpty());
        showSpaces();
        QCOMPARE(m_panel->spaceList()->count(), 2);
    }

    // The demo's stops and starts, each able to serve; the live run holds them.
    void dockListsStopsAndStarts() {
        m_panel->setCurrentSpace(0);
        m_panel->waitForFits();
        QCOMPARE(rows(m_panel->transitionTable(kStop), 0),
                 QStringList({"walk_stop_a", "walk_stop_b"}));
        QCOMPARE(rows(m_panel->transitionTable(kStart), 0),
                 QStringList({"walk_start_a", "walk_start_b"}));
        QCOMPARE(rows(m_panel->transitionTable(kStop), 1), QStringList({"serves", "serves"}));
        QCOMPARE(rows(m_panel->transitionTable(kStart), 1), QStringList({"serves", "serves"}));
        m_panel->setCurrentSpace(1);
        QCOMPARE(rows(m_panel->transitionTable(kStop), 0),
                 QStringList({"jog_stop_a", "jog_stop_b"}));
        QCOMPARE(m_panel->transitionTable(kStart)->rowCount(), 0);
        for (const char* id : {"jog_stop_a", "jog_stop_b"}) {
            const MotionSpacesPanel::Fit fit = m_panel->transitionFitOf(id, kStop);
            QVERIFY(fit.known);
            QVERIFY2(fit.warning.isEmpty(), qPrintable(fit.warning));
        }
        m_panel->setCurrentSpace(0);
        const auto& spaces = m_window->liveRun()->demo()->crowd()->space().spaces;
        QCOMPARE(spaces.size(), size_t(2));
        QCOMPARE(spaces[0].stops.size(), size_t(2));
        QCOMPARE(spaces[0].starts.size(), size_t(2));
        QCOMPARE(spaces[1].stops.size(), size_t(2));
        // Checking the spaces again (done on every edit) finds them as fine with six
        // transitions to check.
        Project copy = m_doc->project();
        copy.checkSpaces();
        for (size_t s = 0; s < copy.spaces.size(); ++s)
            QVERIFY2(copy.spaces[s].error.isEmpty(), qPrintable(copy.spaces[s].error));
    }

    // The straight walk loop as a stop: added with the library's selection, named with the
    // cause, undone and redone; removed with Delete, undone and redone.
    void aClipThatCannotServe() {
        m_panel->setCurrentSpace(0);
        const int undoBefore = m_doc->undoStack()->index();
        selectInLibrary("walk");
        QTest::mouseClick(m_panel->findChild<QPushButton*>("spaceAddStop"), Qt::LeftButton);
        QCOMPARE(m_doc->project().spaces[0].stopIds,
                 QStringList({"walk_stop_a", "walk_stop_b", "walk"}));
        QCOMPARE(m_doc->undoStack()->undoText(), QString("Add stop walk to walk"));
        SpaceClipTable* stops = m_panel->transitionTable(kStop);
        QCOMPARE(stops->rowCount(), 3);
        m_panel->waitForFits();
        const MotionSpacesPanel::Fit fit = m_panel->transitionFitOf("walk", kStop);
        const QString status =
            stops->item(rowOf(stops, "walk"), MotionSpacesPanel::TransitionStatus)->text();
        QVERIFY(fit.known);
        QVERIFY2(status.startsWith("cannot serve: it does not end standing: its root moves"),
                 qPrintable(status));
        QCOMPARE(status, fit.warning);
        // The build would refuse it, and the space says so with the same cause.
        QVERIFY2(m_doc->project().spaces[0].error.contains(
                     "stop 'walk' cannot serve: it does not end standing"),
                 qPrintable(m_doc->project().spaces[0].error));

        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->project().spaces[0].stopIds, QStringList({"walk_stop_a", "walk_stop_b"}));
        QCOMPARE(stops->rowCount(), 2);
        QVERIFY(m_doc->project().spaces[0].error.isEmpty());
        m_doc->undoStack()->redo();
        QCOMPARE(stops->rowCount(), 3);
        QCOMPARE(stops->item(rowOf(stops, "walk"), MotionSpacesPanel::TransitionStatus)->text(),
                 status);

        // Removed with Delete (the table's key and the window's Edit > Delete alike).
        stops->setFocus();
        QTRY_VERIFY(stops->hasFocus());
        stops->selectRow(rowOf(stops, "walk"));
        QCOMPARE(m_panel->deleteText(), QString("Remove stop walk from walk"));
        QTest::keyClick(stops, Qt::Key_Delete);
        QCOMPARE(m_doc->project().spaces[0].stopIds, QStringList({"walk_stop_a", "walk_stop_b"}));
        QCOMPARE(m_doc->project().spaces.size(), size_t(2));  // the space itself stays
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->project().spaces[0].stopIds,
                 QStringList({"walk_stop_a", "walk_stop_b", "walk"}));
        m_doc->undoStack()->redo();
        QCOMPARE(m_doc->project().spaces[0].stopIds, QStringList({"walk_stop_a", "walk_stop_b"}));
        QCOMPARE(stops->rowCount(), 2);
        QCOMPARE(m_doc->undoStack()->index() - undoBefore, 2);  // add, remove
        m_doc->undoStack()->undo();
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->undoStack()->index(), undoBefore);
    }

    // A start dragged from the library onto the jog's starts; a clip renamed keeps its place in
    // the stops; saved and loaded back with them.
    void dropRenameSaveLoad() {
        const int undoBefore = m_doc->undoStack()->index();
        m_panel->setCurrentSpace(1);
        auto* library = m_window->libraryDock()->view();
        auto* model = static_cast<ClipLibraryModel*>(library->model());
        std::unique_ptr<QMimeData> mime(
            model->mimeData({model->index(model->rowOf("walk_start_a"), 0)}));
        QVERIFY(mime);
        QVERIFY(test::dropOn(m_panel->transitionTable(kStart)->viewport(), mime.get()));
        QCOMPARE(m_doc->project().spaces[1].startIds, QStringList({"walk_start_a"}));
        QCOMPARE(rows(m_panel->transitionTable(kStart), 0), QStringList({"walk_start_a"}));
        QVERIFY(m_doc->renameClip("jog_stop_b", "jog_stop_57"));
        QCOMPARE(m_doc->project().spaces[1].stopIds, QStringList({"jog_stop_a", "jog_stop_57"}));
        QVERIFY2(m_doc->project().spaces[1].error.isEmpty(),
                 qPrintable(m_doc->project().spaces[1].error));

        QTemporaryDir dir;
        const QString path = dir.filePath("arrive.gsproj");
        QVERIFY(m_window->saveAs(path));
        const Expected<Project> back = Project::load(path);
        QVERIFY2(back, back ? "" : back.message().c_str());
        for (size_t s = 0; s < 2; ++s) {
            QCOMPARE(back->spaces[s].stopIds, m_doc->project().spaces[s].stopIds);
            QCOMPARE(back->spaces[s].startIds, m_doc->project().spaces[s].startIds);
            QVERIFY2(back->spaces[s].error.isEmpty(), qPrintable(back->spaces[s].error));
        }
        QCOMPARE(back->spaces[0].stopIds, QStringList({"walk_stop_a", "walk_stop_b"}));
        QCOMPARE(back->spaces[0].startIds, QStringList({"walk_start_a", "walk_start_b"}));
        while (m_doc->undoStack()->index() > undoBefore) m_doc->undoStack()->undo();
        QCOMPARE(m_doc->project().spaces[1].startIds, QStringList());
        QCOMPARE(m_doc->project().spaces[1].stopIds, QStringList({"jog_stop_a", "jog_stop_b"}));
        m_panel->setCurrentSpace(0);
    }

    // Go to and stop, the default: a clicked goal is stopped on and stood at, then a new one.
    void arrivesOnAPlacedGoal() {
        auto* steering = m_window->findChild<LiveSteeringDock*>();
        QVERIFY(steering);
        QCOMPARE(steering->goalMode()->currentIndex(), 0);
        QVERIFY(steering->goalMode()->currentText().contains("go to and stop"));
        m_window->findChild<QAction*>("steer")->trigger();
        QTRY_VERIFY(m_window->isSteering());
        SteeringDemo* demo = m_window->liveRun()->demo();
        QCOMPARE(demo->goalMode(), SteeringDemo::GoalMode::Place);
        Viewport* view = m_window->viewport();
        QTRY_VERIFY_WITH_TIMEOUT(view->goalOnScreen().has_value(), 20000);
        float worst = 0.0f;
        for (int goal = 0; goal < 2; ++goal) {
            const auto target = groundAway(4.0f, goal == 1);
            QVERIFY2(target, "no ground point 3 to 5 m from the character in view");
            QTest::mouseClick(view, Qt::LeftButton, {}, target->first);
            QVERIFY(glm::distance(demo->goal(), target->second) < 0.05f);
            if (goal > 0) {  // it stood: the new goal starts it
                QTRY_VERIFY_WITH_TIMEOUT(
                    demo->motionState() == "starting" || demo->motionState() == "walking", 20000);
            }
            const float error = waitForStanding(30.0);
            QVERIFY2(error >= 0.0f, qPrintable(view->hud().join(" | ")));
            QVERIFY2(error < 0.10f, qPrintable(QString::number(error)));
            worst = std::max(worst, error);
            // It stands: a second of the run later the root has not moved.
            const glm::vec3 stood = demo->motion().rootPositions.back();
            const double t0 = demo->seconds();
            QTRY_VERIFY_WITH_TIMEOUT(demo->seconds() - t0 > 1.0, 60000);
            QCOMPARE(demo->motionState(), QString("standing"));
            const float drift = glm::distance(demo->motion().rootPositions.back(), stood);
            QVERIFY(drift < 0.01f);
        }
    }
};

QTEST_MAIN(TestArrivalWindow)
#include "tst_arrival_window.moc"

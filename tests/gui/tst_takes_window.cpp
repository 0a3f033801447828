// A take made a steering project, driven as a new user would (issue 42), with real events only:
// Ctrl+I and its file dialog import a CMU take (16_17: it walks, turns left, walks); a click on it
// in the clip library shows it on the timeline, whose segments lane shows its segments; a click
// and a Ctrl+click select the turn and the straight after it, and "Make clips" adds them as clips.
// Then File > New Project from Takes… (the menu bar, with the mouse): the unsaved imports are
// discarded in the question that comes, the folder of takes (a GAMES-105 take, copied into a
// temporary folder) and the project to write are typed into their dialogs; the proposed project
// opens, Steer Character on the tool bar steers it, and a click on the ground puts the goal there,
// which the character walks to.

#include <QAbstractItemModel>
#include <QApplication>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>

#include <glm/geometric.hpp>

#include "app/gui/docks/clip_library_dock.h"
#include "app/gui/docks/timeline_dock.h"
#include "app/gui/live/live_run.h"
#include "app/gui/live/steering_demo.h"
#include "app/gui/window/main_window.h"
#include "common/test_data.h"
#include "test_settings.h"
#include "widgets/timeline.h"
#include "widgets/viewport.h"
#include "window_input.h"

using namespace gs;

class TestTakesWindow : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        GS_REQUIRE_DATA();
        QVERIFY(m_dir.isValid());
        m_window = std::make_unique<MainWindow>();
        QVERIFY(test::showActive(*m_window));
    }

    // Ctrl+I imports the take; its segments, clicked, become clips.
    void takeSegmentsBecomeClips() {
        const QString take = test::cmuClip("16_17");
        QCOMPARE(
            test::answerDialogs(
                [&] { QTest::keyClick(m_window.get(), Qt::Key_I, Qt::ControlModifier); }, {take}),
            1);
        ProjectDocument* doc = m_window->document();
        QTRY_COMPARE_WITH_TIMEOUT(doc->clipCount(), 1, 60000);
        // The take clicked in the library shows on the timeline.
        auto* library = m_window->libraryDock()->findChild<QTableView*>();
        QVERIFY(library);
        const QRect row = library->visualRect(library->model()->index(0, 0));
        QTest::mouseClick(library->viewport(), Qt::LeftButton, {}, row.center());
        Timeline* t = m_window->timelineDock()->timeline();
        QTRY_VERIFY_WITH_TIMEOUT(t->data().segments.size() == 3, 60000);
        QTest::mouseClick(t, Qt::LeftButton, {}, t->segmentPosition(1));
        QTest::mouseClick(t, Qt::LeftButton, Qt::ControlModifier, t->segmentPosition(2));
        QCOMPARE(t->selectedSegments(), std::vector<int>({1, 2}));
        auto* make = m_window->timelineDock()->findChild<QToolButton*>("segmentsToClips");
        QVERIFY(make && make->isEnabled());
        QTest::mouseClick(make, Qt::LeftButton);
        QCOMPARE(doc->clipCount(), 3);
        QStringList ids;
        for (const ProjectClip& c : doc->project().clips) ids << c.id;
        QVERIFY2(ids.filter("turn_left").size() == 1, qPrintable(ids.join(", ")));
    }

    // File > New Project from Takes…: proposed, opened, steered to a clicked goal.
    void takesProposedAndSteered() {
        const QString takes = m_dir.filePath("takes");
        QVERIFY(QDir().mkpath(takes));
        QVERIFY(QFile::copy(test::dataPath("games105/walk_and_turn_left.bvh"),
                            takes + "/walk_and_turn_left.bvh"));
        const QString output = m_dir.filePath("proposed.gsproj");
        QCOMPARE(
            test::answerDialogs(
                [&] { QVERIFY(test::clickMenu(*m_window, "File", "New Project from Takes…")); },
                {takes, output}),
            2);
        ProjectDocument* doc = m_window->document();
        QTRY_VERIFY_WITH_TIMEOUT(doc->path() == output, 120000);
        QCOMPARE(doc->project().spaces.size(), size_t(1));
        QVERIFY(doc->project().errors().isEmpty());
        // The view still shows the take clicked before: Steer Character on the tool bar, clicked.
        auto* steer = m_window->findChild<QAction*>("steer");
        QVERIFY(steer);
        QToolBar* bar = nullptr;
        for (QToolBar* b : m_window->findChildren<QToolBar*>())
            if (b->widgetForAction(steer)) bar = b;
        QVERIFY(bar);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->liveRun()->isReady() || m_window->isSteering(), 180000);
        if (!m_window->isSteering()) QTest::mouseClick(bar->widgetForAction(steer), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->isSteering(), 180000);

        // A click on the ground 4 m or so from the character: the goal, walked to.
        SteeringDemo* run = m_window->liveRun()->demo();
        Viewport* view = m_window->viewport();
        const glm::vec3 root = run->motion().rootPositions.back();
        std::optional<std::pair<QPoint, glm::vec2>> at;
        float miss = 1.0f;
        for (int i = 1; i < 24; ++i)
            for (int j = 2; j < 20; ++j) {
                const QPoint p(view->width() * i / 24, view->height() * j / 20);
                const auto g = view->groundAt(p);
                if (!g || glm::distance(glm::vec2(g->x, g->z), run->goal()) < 0.8f) continue;
                const float m = std::abs(
                    glm::distance(glm::vec2(g->x, g->z), glm::vec2(root.x, root.z)) - 4.0f);
                if (m < miss) miss = m, at = std::pair{p, glm::vec2(g->x, g->z)};
            }
        QVERIFY(at.has_value());
        QTest::mouseClick(view, Qt::LeftButton, {}, at->first);
        QVERIFY(glm::distance(run->goal(), at->second) < 0.05f);
        const float before = run->distanceToGoal();
        const double t0 = run->seconds();
        QElapsedTimer wall;
        wall.start();
        float nearest = before;
        while (run->seconds() - t0 < 20.0 && wall.elapsed() < 120000) {
            QTest::qWait(20);
            nearest = std::min(nearest, run->distanceToGoal());
        }
        QVERIFY2(nearest < 0.5f,
                 qPrintable(QString("nearest %1 m of %2").arg(nearest).arg(before)));
    }

    void cleanupTestCase() { m_window.reset(); }
};

QTEST_MAIN(TestTakesWindow)
#include "tst_takes_window.moc"

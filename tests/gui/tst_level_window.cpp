// A level in the window, on the demo the window opens (the CMU walk and jog with stops and
// starts): File > Level… sets the demo level as one undoable step, and the live run, rebuilt,
// draws it (the ground plane gives way to its floor) with its navigation mesh (View > Navigation
// Mesh) and the path to the goal. A goal behind the wall is walked to through the doorway (the
// root never crosses the wall's line outside it) and stopped on; a goal inside a pillar is moved
// onto the mesh and the heads-up text says so; undone, the run is on the open ground again.

#include <QAction>
#include <QElapsedTimer>
#include <QTest>
#include <QUndoStack>

#include <functional>
#include <optional>

#include <cmath>

#include "app/document/project_document.h"
#include "app/gui/app/demo_project.h"
#include "app/gui/live/live_run.h"
#include "app/gui/live/steering_demo.h"
#include "app/gui/window/level_actions.h"
#include "app/gui/window/main_window.h"
#include "common/test_data.h"
#include "core/level/demo_level.h"
#include "test_settings.h"
#include "window_input.h"
#include "widgets/viewport.h"

using namespace gs;

namespace {

QString source(const char* path) { return QStringLiteral(GAITSPACE_SOURCE_DIR "/") + path; }

}  // namespace

class TestLevelWindow : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    SteeringDemo* demo() const { return m_window->liveRun()->demo(); }

    // Runs until the character stands (up to `runSeconds` of the run), calling `each` with its
    // root every frame shown; whether it stood.
    bool runUntilStanding(double runSeconds, const std::function<void(const glm::vec3&)>& each) {
        const double t0 = demo()->seconds();
        QElapsedTimer clock;
        clock.start();
        int seen = demo()->motion().frameCount();
        while (demo()->seconds() - t0 < runSeconds && clock.elapsed() < 240000) {
            QTest::qWait(20);
            const Clip& motion = demo()->motion();
            for (int f = std::max(seen, 1); f < motion.frameCount(); ++f)
                each(motion.rootPositions[f]);
            seen = motion.frameCount();
            if (demo()->motionState() == "standing" && demo()->distanceToGoal() < 0.5f) return true;
        }
        return false;
    }

private slots:
    void initTestCase() {
        GS_REQUIRE_DATA();
        qputenv("GAITSPACE_DATA_DIR", gs::test::dataDir().toLocal8Bit());
        m_window = std::make_unique<MainWindow>();
        QVERIFY(gs::test::showActive(*m_window));
        m_window->openProject(source(kWindowDemoProject), true);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->isSteering(), 180000);
        QVERIFY(!demo()->level());
    }

    // The level set as one step; the rebuilt run draws it and its navigation mesh.
    void levelIsSetAndDrawn() {
        ProjectDocument* doc = m_window->document();
        m_window->levelActions()->setLevel(source("resources/levels/demo_level.glb"));
        QCOMPARE(doc->undoStack()->undoText(), QString("Level demo_level.glb"));
        QVERIFY(!doc->project().level.source.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(demo() && demo()->level() && m_window->isSteering(), 180000);
        Viewport* view = m_window->viewport();
        QVERIFY(view->hasLevel());
        QTRY_COMPARE(view->lastScene().characters.size(), size_t(2));  // the character, the level
        QVERIFY(!view->lastScene().showGround);
        // The navigation mesh's lines, gone with View > Navigation Mesh off.
        const size_t withMesh = view->lastScene().debug.lines().size();
        auto* toggle = m_window->findChild<QAction*>("navigationMesh");
        QVERIFY(toggle);
        toggle->setChecked(false);
        QTRY_VERIFY(view->lastScene().debug.lines().size() + 100 < withMesh);
        toggle->setChecked(true);
    }

    // A goal on the other side of the wall is walked to through the doorway.
    void walksThroughTheDoorway() {
        using L = DemoLevelLayout;
        demo()->setGoal({-4.0f, 3.5f});
        QVERIFY(!demo()->path().empty());
        QVERIFY(runUntilStanding(60.0, [](const glm::vec3&) {}));
        demo()->setGoal({-4.0f, -3.5f});
        QVERIFY2(demo()->pathProblem().isEmpty(), qPrintable(demo()->pathProblem()));
        // The path bends through the doorway: longer than the straight way.
        float length = 0.0f;
        for (size_t k = 1; k < demo()->path().size(); ++k)
            length += glm::distance(demo()->path()[k - 1], demo()->path()[k]);
        QVERIFY(length > 7.0f + 0.5f);
        float worstCrossing = 0.0f;
        std::optional<glm::vec3> last;
        const bool stood = runUntilStanding(60.0, [&](const glm::vec3& root) {
            if (last && (last->z > 0.0f) != (root.z > 0.0f))
                worstCrossing = std::max(worstCrossing, std::abs(root.x));
            last = root;
        });
        QVERIFY(stood);
        QVERIFY(last.has_value());
        QVERIFY2(worstCrossing < L::kDoorHalfWidth, qPrintable(QString::number(worstCrossing)));
    }

    // A goal inside a pillar is moved onto the mesh, and the heads-up text says so.
    void goalOffTheMeshIsMoved() {
        demo()->setGoal({3.0f, -4.0f});  // a pillar's centre
        QVERIFY(demo()->pathProblem().contains("moved"));
        QVERIFY(glm::distance(demo()->goal(), glm::vec2(3.0f, -4.0f)) > 0.25f);
        QTRY_VERIFY(m_window->viewport()->hud().join('\n').contains("off the navigation mesh"));
    }

    // Undone, the run is on the open ground again.
    void undoneTheGroundReturns() {
        m_window->document()->undoStack()->undo();
        QVERIFY(m_window->document()->project().level.source.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(demo() && !demo()->level() && m_window->isSteering(), 180000);
        QTRY_VERIFY(m_window->viewport()->lastScene().showGround);
    }

    void cleanupTestCase() { m_window.reset(); }
};

QTEST_MAIN(TestLevelWindow)
#include "tst_level_window.moc"

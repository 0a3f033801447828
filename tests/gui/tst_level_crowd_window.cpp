// Several characters on the demo level, driven as a new user would (issue 43), with real events
// only: File > Open Project… (Ctrl+O) and its file dialog open the window's demo (the CMU walk and
// jog with stops and starts); File > Level…, from the menu bar with the mouse, and its dialog set
// the demo level; "Characters: 5" is typed into the Blend weights dock's box; a goal is clicked on
// the level's floor in the 3D view. Then the run goes on for some simulated seconds and what it
// did is checked: five characters run in the view, each drawn; every root stays on the
// navigation mesh (a root within the agent's radius of it: the mesh keeps the radius from walls);
// no two roots come nearer than two agent radii on more than a small share of the character-frames
// shown; the first walks to the clicked goal and stands on it. The count is kept in the user's
// settings (the tests' own).

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTest>
#include <QTimer>
#include <QWheelEvent>

#include <optional>

#include <glm/geometric.hpp>

#include "app/gui/app/demo_project.h"
#include "app/gui/docks/live_steering_dock.h"
#include "app/gui/live/live_crowd.h"
#include "app/gui/live/live_run.h"
#include "app/gui/live/steering_demo.h"
#include "app/gui/window/main_window.h"
#include "common/test_data.h"
#include "test_settings.h"
#include "widgets/viewport.h"
#include "window_input.h"

using namespace gs;

namespace {

QString source(const char* path) { return QStringLiteral(GAITSPACE_SOURCE_DIR "/") + path; }

}  // namespace

class TestLevelCrowdWindow : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    SteeringDemo* demo() const { return m_window->liveRun()->demo(); }
    Viewport* view() const { return m_window->viewport(); }

    // A window point whose ground is the level's floor, on the navigation mesh 0.6 m clear of its
    // edge and reachable from the first character, 4 to 9 m from it (the farthest such).
    std::optional<std::pair<QPoint, glm::vec2>> goalPoint() const {
        const Navigation& nav = demo()->level()->navigation;
        const glm::vec3 root = demo()->motion().rootPositions.back();
        std::optional<std::pair<QPoint, glm::vec2>> best;
        float bestFar = 0.0f;
        for (int i = 1; i < 32; ++i)
            for (int j = 2; j < 24; ++j) {
                const QPoint p(view()->width() * i / 32, view()->height() * j / 24);
                const auto g = view()->groundAt(p);
                if (!g || std::abs(g->y) > 0.05f) continue;  // the floor, not a ramp or a stair
                const float far = glm::distance(glm::vec2(g->x, g->z), glm::vec2(root.x, root.z));
                if (far < 4.0f || far > 9.0f || far <= bestFar) continue;
                auto on = nav.nearestPoint(*g);
                auto clear = nav.distanceToEdge(*g, 0.6f);
                if (!on || on->moved || !clear || *clear < 0.6f) continue;
                if (!nav.findPath(glm::vec3(root.x, 0.0f, root.z), *g)) continue;
                bestFar = far;
                best = std::pair{p, glm::vec2(g->x, g->z)};
            }
        return best;
    }

private slots:
    void initTestCase() {
        GS_REQUIRE_DATA();
        qputenv("GAITSPACE_DATA_DIR", gs::test::dataDir().toLocal8Bit());
        QSettings().remove("live/characters");  // a first run's count: one
        m_window = std::make_unique<MainWindow>();
        QVERIFY(gs::test::showActive(*m_window));
    }

    // Ctrl+O and the dialog open the demo; File > Level… and the dialog set the demo level.
    void openDemoAndLevel() {
        QCOMPARE(gs::test::answerDialogs(
                     [&] { QTest::keyClick(m_window.get(), Qt::Key_O, Qt::ControlModifier); },
                     {source(kWindowDemoProject)}),
                 1);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->isSteering() && demo(), 180000);
        QVERIFY(!demo()->level());
        // Without a level the box is off and says why.
        QSpinBox* box = m_window->steeringDock()->characters();
        QVERIFY(!box->isEnabled());
        QVERIFY(box->toolTip().contains("need a level"));
        QCOMPARE(gs::test::answerDialogs(
                     [&] { QVERIFY(gs::test::clickMenu(*m_window, "File", "Level…")); },
                     {source("resources/levels/demo_level.glb")}),
                 1);
        QTRY_VERIFY_WITH_TIMEOUT(demo() && demo()->level() && m_window->isSteering(), 180000);
        QTRY_VERIFY(box->isEnabled());
    }

    // "Characters: 5" typed into the box: five run, each drawn, the count kept.
    void fiveCharacters() {
        QVERIFY(gs::test::clickTab(*m_window, m_window->steeringDock()));
        QSpinBox* box = m_window->steeringDock()->characters();
        QCOMPARE(box->value(), 1);
        QLineEdit* edit = box->findChild<QLineEdit*>();
        QVERIFY(edit);
        QTest::mouseClick(edit, Qt::LeftButton, {}, edit->rect().center());
        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(edit, "5");
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(box->value(), 5);
        QCOMPARE(demo()->characters(), 5);
        QCOMPARE(QSettings().value("live/characters").toInt(), 5);
        // The five and the level in the view.
        QTRY_COMPARE(view()->lastScene().characters.size(), size_t(6));
        QVERIFY(m_window->viewport()->hud().join(' ').contains("5 characters"));
    }

    // A goal clicked on the floor; the run goes on: on the mesh, apart, the first arrives.
    void clickedGoalWithAvoidance() {
        // The wheel turned back a few notches, to see more of the floor.
        for (int k = 0; k < 4; ++k) {
            const QPointF centre(view()->width() / 2.0, view()->height() / 2.0);
            QWheelEvent wheel(centre, view()->mapToGlobal(centre), QPoint(), QPoint(0, -120),
                              Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(view(), &wheel);
        }
        QTest::qWait(100);
        const auto at = goalPoint();
        QVERIFY(at.has_value());
        QTest::mouseClick(view(), Qt::LeftButton, {}, at->first);
        QVERIFY(glm::distance(demo()->goal(), at->second) < 0.05f);
        QVERIFY(demo()->pathProblem().isEmpty());
        QVERIFY(demo()->path().size() >= 2);

        const LiveCrowd* crowd = demo()->others();
        QVERIFY(crowd);
        const Navigation& nav = demo()->level()->navigation;
        const float radius = crowd->agentRadius();
        long characterFrames = 0, overlaps = 0, offMesh = 0;
        float worstOff = 0.0f;
        bool reached = false;
        long lastFrame = -1;
        auto sample = [&] {
            const long frame = demo()->crowd()->frame();
            if (frame == lastFrame) return;
            lastFrame = frame;
            const auto roots = crowd->positions();
            for (size_t a = 0; a < roots.size(); ++a) {
                ++characterFrames;
                bool near = false;
                for (size_t b = 0; b < roots.size(); ++b)
                    near = near || (a != b && glm::distance(roots[a], roots[b]) < 2.0f * radius);
                overlaps += near;
                const glm::vec3 p(roots[a].x, demo()->surfaceHeight(roots[a]), roots[a].y);
                auto on = nav.nearestPoint(p);
                const float off =
                    on ? glm::distance(glm::vec2(on->position.x, on->position.z), roots[a]) : 1e9f;
                worstOff = std::max(worstOff, off);
                offMesh += off > radius;
            }
            reached = reached || demo()->distanceToGoal() < 0.5f;
        };
        const QMetaObject::Connection c =
            connect(m_window->liveRun(), &LiveRun::advanced, this, sample);
        const double t0 = demo()->seconds();
        QElapsedTimer wall;
        wall.start();
        while (demo()->seconds() - t0 < 30.0 && wall.elapsed() < 240000) QTest::qWait(20);
        disconnect(c);
        QCOMPARE(demo()->characters(), 5);
        QVERIFY(characterFrames > 5 * 200);
        const double overlapShare = double(overlaps) / characterFrames;
        const QString figures = QString("frames %1, overlap share %2, off the mesh %3, worst %4 m")
                                    .arg(characterFrames)
                                    .arg(overlapShare)
                                    .arg(offMesh)
                                    .arg(worstOff);
        QVERIFY2(reached, qPrintable(figures));
        QVERIFY2(demo()->motionState() == "standing" && demo()->distanceToGoal() < 0.5f,
                 qPrintable(figures));
        // On the mesh: the root within the agent's radius of it but for a few character-frames
        // (a character brushing a wall or a pillar's corner: simulate --level counts them as wall
        // contacts, about 1 % on this level), never more than two radii off it (through a wall),
        // and every one on it at the end. Measured: 1 % of the frames, 0.43 m at worst.
        QVERIFY2(double(offMesh) / characterFrames < 0.05, qPrintable(figures));
        QVERIFY2(worstOff < 2.0f * radius, qPrintable(figures));
        for (const glm::vec2& p : crowd->positions()) {
            auto on = nav.nearestPoint({p.x, demo()->surfaceHeight(p), p.y});
            QVERIFY(on && glm::distance(glm::vec2(on->position.x, on->position.z), p) < radius);
        }
        // Apart: two roots nearer than two radii on a small share of the character-frames
        // (measured 1.6 %; simulate --level on this level: 3 % random, 8 % crossing).
        QVERIFY2(overlapShare < 0.08, qPrintable(figures));
    }

    void cleanupTestCase() { m_window.reset(); }
};

QTEST_MAIN(TestLevelCrowdWindow)
#include "tst_level_crowd_window.moc"

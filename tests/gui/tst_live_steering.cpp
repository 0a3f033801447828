// The live viewport of the CMU demo driven with real mouse and key events: the goal marker is
// dragged to a point and the character closes on it; a drag away from the marker moves the
// camera, not the goal; a style slider moves the weights at the set rate; a style key is added
// and undone; the run exported as BVH and glTF imports back as the same motion; a build of the
// spaces is cancelled within a second and the running character goes on; the style track is saved
// and reopened; the timeline shows the cycles of the built space; without stops in its spaces the
// character walks on through a placed goal, and the heads-up text says why.

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>

#include "common/test_data.h"
#include "window_input.h"
#include "core/io/character_import.h"
#include "core/io/clip_import.h"
#include "core/clip/clip_kinematics.h"
#include "core/spaces/motion_space.h"
#include "app/document/background_task.h"
#include "app/gui/live/live_run.h"
#include "app/gui/window/main_window.h"
#include "app/gui/docks/messages_dock.h"
#include "app/gui/live/steering_demo.h"
#include "app/gui/docks/timeline_dock.h"
#include "widgets/style_editor.h"
#include "widgets/timeline.h"
#include "widgets/viewport.h"
#include "test_settings.h"

using namespace gs;

namespace {

QString demoProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj");
}

using test::drag;

}  // namespace

class TestLiveSteering : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    SteeringDemo* m_demo = nullptr;
    Viewport* m_view = nullptr;

private slots:
    void initTestCase() {
        GS_REQUIRE_DATA();
        qputenv("GAITSPACE_DATA_DIR", gs::test::dataDir().toLocal8Bit());
        m_window = std::make_unique<MainWindow>();
        QVERIFY(gs::test::showActive(*m_window));
        m_window->openProject(demoProject());
        QTRY_VERIFY_WITH_TIMEOUT(m_window->isSteering(), 180000);
        m_demo = m_window->liveRun()->demo();
        m_view = m_window->findChild<Viewport*>();
        QVERIFY(m_demo && m_view);
        QTRY_VERIFY_WITH_TIMEOUT(m_view->goalOnScreen().has_value(), 20000);
    }

    void dragTheGoal() {
        const QPointF marker = *m_view->goalOnScreen();
        // Somewhere else on the ground in view, a good way from the character.
        QPoint target;
        std::optional<glm::vec3> ground;
        for (QPoint candidate : {QPoint(m_view->width() / 5, m_view->height() * 3 / 4),
                                 QPoint(m_view->width() * 4 / 5, m_view->height() * 3 / 4),
                                 QPoint(m_view->width() / 5, m_view->height() / 2),
                                 QPoint(m_view->width() * 4 / 5, m_view->height() / 2)}) {
            ground = m_view->groundAt(candidate);
            const Clip& motion = m_demo->motion();
            const glm::vec3 root = motion.rootPositions.back();
            if (ground &&
                glm::distance(glm::vec2(ground->x, ground->z), glm::vec2(root.x, root.z)) > 3.0f) {
                target = candidate;
                break;
            }
        }
        QVERIFY2(ground, "no ground point 3 m from the character in view");
        drag(m_view, marker.toPoint(), target);
        const glm::vec2 goal = m_demo->goal();
        QVERIFY(glm::distance(goal, glm::vec2(ground->x, ground->z)) < 0.05f);
        // Within 10 s of the run's time, the distance halves.
        const float d0 = m_demo->distanceToGoal();
        const double t0 = m_demo->seconds();
        QTRY_VERIFY_WITH_TIMEOUT(
            m_demo->distanceToGoal() < 0.5f * d0 || m_demo->seconds() - t0 > 10.0, 120000);
        QVERIFY(m_demo->distanceToGoal() < 0.5f * d0);
        QVERIFY(m_demo->seconds() - t0 <= 10.0);
    }

    void dragElsewhereOrbits() {
        const glm::vec2 goal = m_demo->goal();
        const float yaw = m_view->camera().yaw();
        const auto marker = m_view->goalOnScreen();
        // From a point well away from the marker.
        QPoint from(m_view->width() / 2, m_view->height() / 6);
        if (marker && QLineF(*marker, from).length() < 80)
            from = QPoint(m_view->width() / 6, m_view->height() / 6);
        drag(m_view, from, from + QPoint(120, 0));
        QCOMPARE(m_demo->goal(), goal);
        QVERIFY(std::abs(m_view->camera().yaw() - yaw) > 0.5f);
    }

    // This demo's spaces have no stops: the goal mode's tip and the heads-up text say that the
    // character walks on through a placed goal, and why.
    void withoutStopsItWalksOn() {
        auto* mode = m_window->findChild<QComboBox*>("goalMode");
        QVERIFY(mode);
        QCOMPARE(mode->currentIndex(), 0);
        QVERIFY2(mode->currentText().contains("go to and stop"), qPrintable(mode->currentText()));
        QVERIFY2(mode->toolTip().contains("walk, jog have no stops: they walk on."),
                 qPrintable(mode->toolTip()));
        QCOMPARE(m_demo->motionState(), QString("walking"));
        QTRY_VERIFY2(m_view->hud().join('\n').contains("walking on (walk has no stops)"),
                     qPrintable(m_view->hud().join(" | ")));
    }

    void styleSliderMovesWeightsAtTheRate() {
        auto* jog = m_window->findChild<QSlider*>("style_jog");
        QVERIFY(jog);
        auto* dock = m_window->findChild<QDockWidget*>("weightsDock");
        QVERIFY(dock);
        dock->show();
        dock->raise();
        const double t0 = m_demo->seconds();
        jog->setFocus();
        QTest::keyClick(jog, Qt::Key_End);  // all jog
        // The jog weight moves by at most the increment (0.1) a frame, and gets there.
        float worst = 0.0f;
        QElapsedTimer wall;
        wall.start();
        while (m_demo->styleWeights()[1] < 0.999f && wall.elapsed() < 60000) {
            const double frames = (m_demo->seconds() - t0) * 30.0;
            worst = std::max(worst,
                             m_demo->styleWeights()[1] - static_cast<float>(0.1 * (frames + 1.0)));
            QTest::qWait(5);
        }
        const double frames = (m_demo->seconds() - t0) * 30.0;
        QVERIFY(m_demo->styleWeights()[1] >= 0.999f);
        QVERIFY(frames >= 9.0);
        QVERIFY(worst <= 1e-3f);
    }

    void styleKeyIsUndoable() {
        auto* track = m_window->findChild<StyleKeyTrack*>();
        QVERIFY(track);
        auto* dock = m_window->findChild<QDockWidget*>("weightsDock");
        QVERIFY(dock);
        dock->show();
        dock->raise();
        QTRY_VERIFY(track->isVisible() && track->width() > 100);
        const size_t before = track->keys().size();
        QTest::mouseDClick(track, Qt::LeftButton, {},
                           QPoint(static_cast<int>(track->xOf(5.0)), track->height() / 2));
        QCOMPARE(track->keys().size(), before + 1);
        QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(track->keys().size(), before);
    }

    // The style track is saved with the project: a key added on the track and the transition
    // switched to a time, saved, and opened in another window, come back the same.
    void styleTrackSavedAndReopened() {
        auto* track = m_window->findChild<StyleKeyTrack*>();
        auto* editor = m_window->findChild<StyleEditor*>();
        QVERIFY(track && editor);
        QRadioButton* byTime = nullptr;
        for (QRadioButton* b : editor->findChildren<QRadioButton*>())
            if (b->text().startsWith("Transition time")) byTime = b;
        QVERIFY(byTime);
        auto* dock = m_window->findChild<QDockWidget*>("weightsDock");
        dock->show();
        dock->raise();
        QTRY_VERIFY(track->isVisible() && track->width() > 100);
        const size_t before = track->keys().size();
        QTest::mouseDClick(track, Qt::LeftButton, {},
                           QPoint(static_cast<int>(track->xOf(7.0)), track->height() / 2));
        QCOMPARE(track->keys().size(), before + 1);
        QTest::mouseClick(byTime, Qt::LeftButton);
        QVERIFY(m_window->document()->project().settings.styleByTransition);
        const auto keys = m_window->document()->styleKeys();
        QCOMPARE(keys.size(), before + 1);
        QCOMPARE(keys.back().weights.size(), size_t(2));  // one per space of the project

        QTemporaryDir dir;
        const QString path = dir.filePath("styled.gsproj");
        QVERIFY(m_window->saveAs(path));
        const QJsonObject saved = m_window->document()->project().toJson();
        QVERIFY(saved.contains("style_keys"));
        {
            MainWindow again;
            again.openProject(path);
            QTRY_VERIFY_WITH_TIMEOUT(again.document()->path() == path, 30000);
            QCOMPARE(again.document()->project().toJson(), saved);
            QVERIFY(again.document()->styleKeys() == keys);
            auto* againTrack = again.findChild<StyleKeyTrack*>();
            QCOMPARE(againTrack->keys(), track->keys());
            bool timeChecked = false;
            for (QRadioButton* b : again.findChild<StyleEditor*>()->findChildren<QRadioButton*>())
                if (b->text().startsWith("Transition time")) timeChecked = b->isChecked();
            QVERIFY(timeChecked);
            again.setSaveQuestion([] { return QMessageBox::Discard; });
        }
        // Back to the state the other tests expect: undo both edits.
        QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier);
        QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(track->keys().size(), before);
        QVERIFY(!m_window->document()->project().settings.styleByTransition);
    }

    // The live run exported as BVH and as glTF (Assimp's exporter) imports back as the same
    // motion: same frames, every joint within 2 mm of the run.
    void exportRunAndReimport() {
        QTemporaryDir dir;
        for (const char* name : {"run.bvh", "run.glb"}) {
            const QString path = dir.filePath(name);
            const Clip before = m_demo->motion();
            QVERIFY(m_window->exportRun(path));
            auto imported = importClips(path.toStdString());
            QVERIFY2(imported, imported.message().c_str());
            const Clip& back = imported->clips.front();
            QVERIFY(back.frameCount() >= before.frameCount());
            // The frames the run held when it was exported.
            const int frames = before.frameCount();
            QVERIFY(frames > 30);
            const auto a = clipJointPositions(before), b = clipJointPositions(back);
            const int joints = before.jointCount();
            QCOMPARE(back.jointCount(), joints);
            float worst = 0.0f;
            for (int f = 0; f < frames; ++f)
                for (int j = 0; j < joints; ++j)
                    worst = std::max(
                        worst, glm::distance(a[size_t(f) * joints + j], b[size_t(f) * joints + j]));
            QVERIFY(worst < 0.002f);
        }
    }

    // With a skinned model as the project's character, the glTF export holds that model (its
    // skeleton, mesh and skin) playing the run, and imports back as the character.
    void exportRunWithModel() {
        GS_REQUIRE_DATA();
        const QString model = test::dataPath("characters/male_base_mesh/male_base_mesh.glb");
        auto asset = importCharacter(model.toStdString());
        QVERIFY(asset);
        ProjectCharacter c;
        c.source = model;
        m_window->document()->setCharacter(c, "Load model");
        QTemporaryDir dir;
        const QString path = dir.filePath("run_on_model.glb");
        const int frames = m_demo->motion().frameCount();
        QVERIFY(m_window->exportRun(path));
        auto back = importCharacter(path.toStdString());
        QVERIFY2(back, back.message().c_str());
        QCOMPARE(back->skeleton.jointCount(), asset->skeleton.jointCount());
        QCOMPARE(back->mesh.triangleCount(), asset->mesh.triangleCount());
        auto motion = importClips(path.toStdString());
        QVERIFY2(motion, motion.message().c_str());
        QVERIFY(motion->clips.front().frameCount() >= frames);
        QCOMPARE(motion->clips.front().jointCount(), asset->skeleton.jointCount());
        m_window->document()->undoStack()->undo();
        QVERIFY(m_window->document()->project().character.source.isEmpty());
    }

    // Building a project's spaces shows its stages with Cancel; Cancel stops the build itself
    // (the builders look at a cancel flag between clips and in their heavy loops; how soon is
    // bench_cancel's figure), and the character that was running goes on.
    void cancelABuild() {
        SteeringDemo* before = m_window->liveRun()->demo();
        QVERIFY(before && m_window->isSteering());
        // The demo with goal spaces some 30 times larger than its own: seconds of sampling each.
        QTemporaryDir dir;
        const QString heavy = dir.filePath("heavy.gsproj");
        {
            QFile in(demoProject());
            QVERIFY(in.open(QIODevice::ReadOnly));
            QJsonObject o = QJsonDocument::fromJson(in.readAll()).object();
            QJsonObject settings = o["settings"].toObject();
            settings["goal_space"] =
                QJsonObject{{"X", 2}, {"Y", 41}, {"Z", 41}, {"F", 240}, {"subdivisions", 4}};
            o["settings"] = settings;
            QFile out(heavy);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QJsonDocument(o).toJson());
        }
        QSignalSpy stages(m_window->liveRun()->buildTask(), &BackgroundTask::progressChanged);
        QSignalSpy cancelled(m_window->liveRun(), &LiveRun::buildCancelled);
        m_window->openProject(heavy);
        QPushButton* cancel = m_window->messagesDock()->cancelButton();
        QTRY_VERIFY(cancel->isVisible());
        // Into the sampling of the first goal space; the character that was running goes on
        // meanwhile.
        QTRY_VERIFY_WITH_TIMEOUT(
            !stages.isEmpty() && stages.last()[2].toString().startsWith("goal space"), 60000);
        QTest::qWait(300);
        QVERIFY(m_window->isBuilding());
        QVERIFY(m_window->isSteering());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!cancelled.isEmpty(), 60000);
        QVERIFY(!m_window->isBuilding());
        QCOMPARE(m_window->liveRun()->demo(), before);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->isSteering(), 5000);
        // Still driving the character: the run goes on.
        const double t0 = before->seconds();
        QTRY_VERIFY_WITH_TIMEOUT(before->seconds() > t0 + 0.5, 10000);
        bool said = false;
        for (int i = 0; i < m_window->messagesDock()->list()->count(); ++i)
            said = said || m_window->messagesDock()->list()->item(i)->text().contains(
                               "cancelled; the character that was running stays");
        QVERIFY(said);
    }

    // Once the space is built, a clip of it shows on the timeline the cycles the builder looped
    // (taken back to the file's frames through the trim and the rate), not the detector's guess.
    void timelineShowsTheBuiltCycles() {
        SteeringDemo* demo = m_window->liveRun()->demo();
        QVERIFY(demo && demo->isReady());
        const BakedBehavioralSpace& space = demo->crowd()->space();
        for (const char* id : {"walk", "walk_veer_l", "jog_90r"}) {
            m_window->selectClip(id);
            QTRY_VERIFY_WITH_TIMEOUT(m_window->timelineDock()->timeline()->data().frames > 0,
                                     30000);
            const TimelineData& data = m_window->timelineDock()->timeline()->data();
            QVERIFY(data.cyclesBuilt);
            const BakedClip* built = nullptr;
            int cycles = 0;
            for (const BakedMotionSpace& ms : space.spaces)
                for (const BakedClip& c : ms.clips)
                    if (c.name == id) built = &c, cycles = ms.cycles;
            QVERIFY(built);
            const ProjectClip* pc = m_window->document()->clip(id);
            const float fileFps = m_window->document()->clipAnalysis(id)->source.fps;
            const float scale = fileFps / space.fps;
            const int offset = std::max(pc->trimIn, 0);
            std::vector<int> expected;
            for (int f : loopCycleSourceFrames(*built))
                expected.push_back(offset + static_cast<int>(std::lround(f * scale)));
            QCOMPARE(data.cycleBoundaries, expected);
            QCOMPARE(static_cast<int>(expected.size()), cycles);  // one start per looped cycle
            QCOMPARE(data.loopStart,
                     offset + static_cast<int>(std::lround(built->sourceStart * scale)));
            QCOMPARE(data.loopEnd,
                     offset + static_cast<int>(std::lround(built->sourceClose * scale)));
            QVERIFY(data.loopStart <= expected.front() && expected.back() < data.loopEnd);
            // The loop holds its cycles: the looped range is cycles x the clip's period.
            const float period = built->periodFrames * scale;
            QVERIFY(std::abs((data.loopEnd - data.loopStart) - cycles * period) < 0.2f * period);
        }
        // Back to the live run.
        for (QAction* a : m_window->findChildren<QAction*>())
            if (a->text() == "&Steer Character") a->trigger();
        QTRY_VERIFY(m_window->isSteering());
    }
};

QTEST_MAIN(TestLiveSteering)
#include "tst_live_steering.moc"

// The motion-space editor, the goal-space view and the baked-space export of the window, on the
// CMU demo: a clip removed from the walk space and the spaces built (the live run then holds
// four walk clips), undone and built again (five); clips dragged from the library into a new
// space, each edit undoable; the fit of each clip; a build cancelled halfway leaves the previous
// build in use; the goal-space view's model holds a fan per start blend with a sample per end
// blend and the live steer space; a baked space exported from the window simulates in the CLI.

#include <algorithm>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QComboBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QMimeData>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include "app/document/project_document.h"
#include "app/gui/panels/clip_library.h"
#include "common/test_data.h"
#include "app/document/background_task.h"
#include "app/gui/docks/clip_library_dock.h"
#include "app/gui/docks/goal_space_dock.h"
#include "app/gui/live/live_run.h"
#include "app/gui/window/main_window.h"
#include "app/gui/docks/messages_dock.h"
#include "app/gui/docks/motion_spaces_dock.h"
#include "app/gui/docks/quality_dock.h"
#include "app/gui/panels/quality_panel.h"
#include "app/gui/panels/spaces_panel.h"
#include "app/gui/live/steering_demo.h"
#include "widgets/goal_space_view.h"
#include "widgets/quality_plot.h"
#include "window_input.h"
#include "test_settings.h"

using namespace gs;

namespace {

QString demoProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj");
}

int builtClips(const MainWindow& window, int space) {
    const SteeringDemo* demo = window.liveRun()->demo();
    if (!demo || !demo->crowd() || space >= static_cast<int>(demo->crowd()->space().spaces.size()))
        return -1;
    return static_cast<int>(demo->crowd()->space().spaces[space].clips.size());
}

}  // namespace

class TestMotionSpaces : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    MotionSpacesPanel* m_panel = nullptr;
    ProjectDocument* m_doc = nullptr;

    // Clicks Build and waits for the live run to use the new build.
    bool buildAndWait() {
        SteeringDemo* before = m_window->liveRun()->demo();
        QTest::mouseClick(m_panel->buildButton(), Qt::LeftButton);
        return QTest::qWaitFor(
            [&] {
                return m_window->liveRun()->demo() != before && m_window->isSteering() &&
                       !m_window->isBuilding();
            },
            180000);
    }

    QPushButton* cancelButton() const { return m_window->messagesDock()->cancelButton(); }

private slots:
    void initTestCase() {
        GS_REQUIRE_DATA();
        qputenv("GAITSPACE_DATA_DIR", gs::test::dataDir().toLocal8Bit());
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1280, 720);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_window->openProject(demoProject());
        QTRY_VERIFY_WITH_TIMEOUT(m_window->isSteering(), 180000);
        m_panel = m_window->motionSpacesDock()->panel();
        m_doc = m_window->document();
        QVERIFY(m_panel);
        auto* dock = m_window->findChild<QDockWidget*>("analysis_motionspaces");
        QVERIFY(dock);
        dock->show();
        dock->raise();
        QCOMPARE(m_panel->spaceList()->count(), 2);
        QCOMPARE(builtClips(*m_window, 0), 5);
    }

    // Each clip's fit: the loops hold whole gait cycles, and the turns read left and right.
    void clipFits() {
        m_panel->waitForFits();
        m_panel->setCurrentSpace(0);
        QCOMPARE(m_panel->clipTable()->rowCount(), 5);
        for (const QString& id : m_doc->project().spaces[0].clipIds) {
            const MotionSpacesPanel::Fit fit = m_panel->fitOf(id);
            QVERIFY(fit.known);
            QVERIFY2(fit.warning.isEmpty(), qPrintable(fit.warning));
            QVERIFY(fit.cycles >= 1);
            QVERIFY(fit.speed > 0.5f && fit.speed < 3.0f);
        }
        QVERIFY(m_panel->fitOf("walk_90r").curvature < -0.2f);  // right turn
        QVERIFY(m_panel->fitOf("walk_90l").curvature > 0.2f);   // left turn
        QVERIFY(std::abs(m_panel->fitOf("walk").curvature) < 0.1f);
    }

    void buildWithAClipRemovedUndoRebuild() {
        m_panel->setCurrentSpace(0);
        SpaceClipTable* table = m_panel->clipTable();
        int row = -1;
        for (int r = 0; r < table->rowCount(); ++r)
            if (table->item(r, MotionSpacesPanel::Clip)->data(Qt::UserRole).toString() ==
                "walk_veer_r")
                row = r;
        QVERIFY(row >= 0);
        table->selectRow(row);
        QTest::keyClick(table, Qt::Key_Delete);
        QCOMPARE(m_doc->project().spaces[0].clipIds.size(), 4);
        QVERIFY(!m_doc->project().spaces[0].clipIds.contains("walk_veer_r"));
        QCOMPARE(table->rowCount(), 4);
        QVERIFY(buildAndWait());
        QCOMPARE(builtClips(*m_window, 0), 4);
        QCOMPARE(builtClips(*m_window, 1), 5);
        QVERIFY(m_panel->buildStatus().contains("walk 4 clips"));

        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->project().spaces[0].clipIds.size(), 5);
        QCOMPARE(table->rowCount(), 5);
        QVERIFY(buildAndWait());
        QCOMPARE(builtClips(*m_window, 0), 5);
    }

    // A new space, renamed, filled by dragging clips from the library; a clip of another rate
    // of turn chosen as the reference; the cycles set; every step undone in turn.
    void editSpacesUndoably() {
        const int undoBefore = m_doc->undoStack()->index();
        auto* add = m_panel->findChild<QPushButton*>("spaceNew");
        QVERIFY(add);
        QTest::mouseClick(add, Qt::LeftButton);
        QCOMPARE(m_doc->project().spaces.size(), size_t(3));
        QCOMPARE(m_panel->currentSpace(), 2);
        QVERIFY(!m_doc->project().spaces[2].error.isEmpty());  // no clips yet
        // Rename in place.
        m_panel->spaceList()->item(2)->setText("walk again");
        QTRY_COMPARE(m_doc->project().spaces[2].name, QString("walk again"));
        // Three walk clips selected in the library with Ctrl-clicks, dragged together (the drag
        // data the view makes of its selection) onto the table.
        auto* library = m_window->libraryDock()->view();
        auto* model = static_cast<ClipLibraryModel*>(library->model());
        auto* libraryDock = m_window->findChild<QDockWidget*>("libraryDock");
        libraryDock->raise();
        QTRY_VERIFY(library->isVisible());
        bool first = true;
        for (const char* id : {"walk_90r", "walk", "walk_90l"}) {
            const QRect cell = library->visualRect(model->index(model->rowOf(id), 0));
            QTest::mouseClick(library->viewport(), Qt::LeftButton,
                              first ? Qt::NoModifier : Qt::ControlModifier, cell.center());
            first = false;
        }
        QModelIndexList rows = library->selectionModel()->selectedRows();
        QCOMPARE(rows.size(), 3);
        std::sort(rows.begin(), rows.end());
        std::unique_ptr<QMimeData> mime(model->mimeData(rows));
        QVERIFY(mime);
        QVERIFY(test::dropOn(m_panel->clipTable()->viewport(), mime.get()));
        QCOMPARE(m_doc->project().spaces[2].clipIds, QStringList({"walk_90r", "walk", "walk_90l"}));
        QVERIFY(m_doc->project().spaces[2].error.isEmpty());
        QCOMPARE(m_panel->clipTable()->rowCount(), 3);
        // Clicking the library showed a clip: back to the live run.
        m_window->findChild<QAction*>("steer")->trigger();
        QTRY_VERIFY(m_window->isSteering());
        // Move it first, cycles 2.
        auto* up = m_panel->findChild<QPushButton*>("spaceUp");
        QTest::mouseClick(up, Qt::LeftButton);
        QTest::mouseClick(up, Qt::LeftButton);
        QCOMPARE(m_doc->project().spaces[0].name, QString("walk again"));
        m_panel->findChild<QSpinBox*>("spaceCycles")->setValue(2);
        QCOMPARE(m_doc->project().settings.cycles, 2);
        QCOMPARE(m_doc->undoStack()->index() - undoBefore, 6);  // new, rename, add, up, up, cycles
        for (int i = 0; i < 6; ++i) m_doc->undoStack()->undo();
        QCOMPARE(m_doc->project().spaces.size(), size_t(2));
        QCOMPARE(m_doc->project().spaces[0].name, QString("walk"));
        QCOMPARE(m_doc->project().settings.cycles, 0);
        QCOMPARE(m_panel->spaceList()->count(), 2);
        QVERIFY(!m_doc->isModified());
    }

    // The goal-space view: a fan per start blend (Y) of a sample per end blend (Z) at the chosen
    // start frame, equal to the built goal space's samples; the live steer space with the two
    // chosen samples.
    void goalSpaceViewModel() {
        auto* dock = m_window->findChild<QDockWidget*>("analysis_goalspace");
        QVERIFY(dock);
        dock->show();
        dock->raise();
        const GoalSpace& gs = m_window->liveRun()->demo()->crowd()->baked().goalSpaces[0];
        auto* frame = m_window->findChild<QSpinBox*>("goalStartFrame");
        auto* blend = m_window->findChild<QSpinBox*>("goalStartBlend");
        QVERIFY(frame && blend);
        QTRY_COMPARE(frame->maximum(), gs.startFrameCount() - 1);
        frame->setValue(2);
        blend->setValue(6);
        const GoalSpaceViewData& data = m_window->goalSpaceDock()->view()->data();
        QCOMPARE(int(data.fans.size()), gs.startBlends);
        for (const GoalSpaceFan& fan : data.fans) QCOMPARE(int(fan.points.size()), gs.endBlends);
        QCOMPARE(data.chosenFan, 6);
        QCOMPARE(data.fans[6].points[3].x, gs.at(2, 6, 3).x);
        QCOMPARE(data.fans[6].points[3].y, gs.at(2, 6, 3).z);
        // The live steer space: one sample per end blend, two of them chosen, in front.
        QTRY_VERIFY(!m_window->goalSpaceDock()->view()->data().steerFan.empty());
        const GoalSpaceViewData& live = m_window->goalSpaceDock()->view()->data();
        QCOMPARE(int(live.steerFan.size()), gs.endBlends);
        QCOMPARE(int(live.chosenSamples.size()), 2);
        float ahead = 0.0f;
        for (const glm::vec2& p : live.steerFan) ahead += p.y / live.steerFan.size();
        QVERIFY(ahead > 0.5f);
        if (qEnvironmentVariableIsSet("GAITSPACE_SPACES_SHOT")) {
            // The editor over the goal-space view, both open.
            auto* spaces = m_window->findChild<QDockWidget*>("analysis_motionspaces");
            m_window->removeDockWidget(dock);
            m_window->addDockWidget(Qt::RightDockWidgetArea, dock, Qt::Vertical);
            for (const char* name : {"weightsDock", "undoDock"})
                m_window->findChild<QDockWidget*>(name)->hide();
            spaces->show();
            spaces->raise();
            dock->show();
            m_window->resizeDocks({spaces, dock}, {420, 330}, Qt::Vertical);
            m_window->resizeDocks({spaces}, {560}, Qt::Horizontal);
            m_panel->setCurrentSpace(0);
            QTest::qWait(800);
            m_window->screenshot().save(qEnvironmentVariable("GAITSPACE_SPACES_SHOT"));
        }
    }

    // A build cancelled halfway (after the motion spaces, while the goal spaces are built) is
    // dropped: the previous build goes on. The demo's goal spaces take some 40 ms, so the worker
    // may well have finished when the Cancel pressed at its first goal-space stage lands; a build
    // whose result has not been taken yet is still dropped, five times
    // out of five (a cancelled BackgroundTask hands nothing back). A trim of one frame first, so
    // that there is something to build (Build with nothing changed keeps the run as it is).
    void cancelABuildHalfway() {
        const ProjectClip* walk = m_window->document()->clip("walk");
        QVERIFY(walk && walk->clip);
        QVERIFY(
            m_window->document()->setTrim("walk", std::max(walk->trimIn, 0) + 1, walk->trimOut));
        for (int attempt = 0; attempt < 5; ++attempt) {
            SteeringDemo* before = m_window->liveRun()->demo();
            QVERIFY(before && m_window->isSteering());
            QPushButton* cancel = cancelButton();
            QVERIFY(cancel);
            int cancelledAt = -1;
            auto connection =
                connect(m_window->liveRun()->buildTask(), &BackgroundTask::progressChanged, this,
                        [&](int done, int, const QString&) {
                            if (done >= 1 && cancelledAt < 0) {
                                cancelledAt = done;
                                if (cancel->isVisible()) QTest::mouseClick(cancel, Qt::LeftButton);
                            }
                        });
            QTest::mouseClick(m_panel->buildButton(), Qt::LeftButton);
            QVERIFY(m_window->isBuilding());
            QTRY_VERIFY_WITH_TIMEOUT(!m_window->isBuilding(), 120000);
            disconnect(connection);
            QVERIFY(cancelledAt >= 1);
            QVERIFY(m_panel->buildStatus().startsWith("Build cancelled"));
            QVERIFY(m_window->liveRun()->demo() == before);
            QVERIFY(m_window->isSteering());
            QCOMPARE(builtClips(*m_window, 0), 5);
        }
        m_window->document()->undoStack()->undo();  // the trim
    }

    // File > Export Baked Space, and the file simulates in gaitspace-cli.
    void exportBakedSpaceSimulates() {
        QTemporaryDir dir;
        const QString path = dir.filePath("demo.gspace");
        QSignalSpy done(m_window.get(), &MainWindow::bakedSpaceExported);
        m_window->exportBakedSpace(path);
        QVERIFY(m_window->isExportingBakedSpace());
        QVERIFY(done.wait(180000));
        QCOMPARE(done.front().at(1).toBool(), true);
        QVERIFY(QFileInfo(path).size() > 10000);
        QProcess cli;
        cli.start(QStringLiteral(GAITSPACE_CLI), {"simulate", path, "--goals", "50"});
        QVERIFY(cli.waitForFinished(180000));
        const QString out = QString::fromUtf8(cli.readAllStandardOutput()).trimmed();
        QCOMPARE(cli.exitCode(), 0);
        const auto m =
            QRegularExpression(R"(reached (\d+) of (\d+) goals.*time ratio ([0-9.]+))").match(out);
        QVERIFY(m.hasMatch());
        QCOMPARE(m.captured(2).toInt(), 50);
        QVERIFY(m.captured(1).toInt() >= 45);
        QVERIFY(m.captured(3).toDouble() < 1.5);
    }

    // The quality panel's scenario run gives the figures gaitspace-cli simulate prints for the
    // same project, goal space and naive side by side, with a point per reached goal plotted;
    // the live run is sampled.
    void qualityFiguresMatchTheCli() {
        QualityPanel* panel = m_window->qualityDock()->panel();
        QVERIFY(panel);
        auto* dock = m_window->findChild<QDockWidget*>("analysis_quality");
        dock->show();
        dock->raise();
        panel->scenario()->setCurrentIndex(0);
        panel->amount()->setValue(30);
        QSignalSpy finished(panel, &QualityPanel::finished);
        QTest::mouseClick(panel->findChild<QPushButton*>("qualityRun"), Qt::LeftButton);
        QVERIFY(finished.wait(180000));
        QCOMPARE(finished.front().at(0).toBool(), true);
        const QualityPanel::Figures* f = panel->figures();
        QVERIFY(f);
        for (const char* controller : {"goalspace", "naive"}) {
            QProcess cli;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            cli.setProcessEnvironment(env);
            cli.start(QStringLiteral(GAITSPACE_CLI), {"simulate", demoProject(), "--goals", "30",
                                                      "--controller", controller, "--json"});
            QVERIFY(cli.waitForFinished(180000));
            QCOMPARE(cli.exitCode(), 0);
            const QJsonObject o = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
            const SimulationResult& r =
                QString(controller) == "goalspace" ? f->goalSpace : f->naive;
            QCOMPARE(r.reached, o["reached"].toInt());
            QVERIFY(std::abs(r.meanTimeRatio - o["mean_time_ratio"].toDouble()) < 1e-3);
            QVERIFY(std::abs(r.footSkate - o["foot_skate_cm_s"].toDouble()) < 1e-3);
            QVERIFY(std::abs(r.kneeStep - o["knee_step_p95_deg"].toDouble()) < 1e-2);
            QVERIFY(std::abs(f->source.footSkate - o["source_foot_skate_cm_s"].toDouble()) < 1e-3);
            QVERIFY(std::abs(f->source.kneeStep - o["source_knee_step_p95_deg"].toDouble()) < 1e-2);
            QVERIFY(std::abs(r.meanSteadyRatio - o["mean_steady_ratio"].toDouble()) < 1e-3);
            QVERIFY(std::abs(r.kneeFlexion - o["knee_flexion_mean_deg"].toDouble()) < 1e-2);
            QVERIFY(std::abs(f->source.kneeFlexion - o["source_knee_flexion_mean_deg"].toDouble()) <
                    1e-2);
        }
        // The plot: a point per reached goal for each controller.
        const QualityPlotData& plot = panel->scenarioPlot()->data();
        QCOMPARE(plot.series.size(), size_t(2));
        QCOMPARE(int(plot.series[0].points.size()), f->goalSpace.reached);
        QCOMPARE(int(plot.series[1].points.size()), f->naive.reached);
        // The live run: samples come in while it steers.
        QTRY_VERIFY_WITH_TIMEOUT(panel->livePlot()->data().series.size() == 2 &&
                                     panel->livePlot()->data().series[0].points.size() >= 3,
                                 30000);
        if (qEnvironmentVariableIsSet("GAITSPACE_QUALITY_SHOT")) {
            QTest::qWait(300);
            m_window->screenshot().save(qEnvironmentVariable("GAITSPACE_QUALITY_SHOT"));
        }
    }
};

QTEST_MAIN(TestMotionSpaces)
#include "tst_motion_spaces.moc"

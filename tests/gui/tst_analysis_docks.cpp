// The match-web and registration-curve viewers on the CMU demo: the self match web of 16_15
// ("walk") draws chains at the clip's gait period P and at 2P; hovering a cell names it; clicking
// a cell shows two poses in the 3D view, the ghost aligned onto the first; the PNG and CSV exports
// hold the web; the registration of 16_15 to the next clip of its space is a monotone timewarp
// whose cursor moves the 3D view; a match web job stops when its progress callback says so;
// --docks opens the docks in a scripted run and refuses an unknown name.

#include <QApplication>
#include <QCheckBox>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "app/document/clip_analysis.h"
#include "common/test_data.h"
#include "core/analysis/match_web.h"
#include "app/gui/window/main_window.h"
#include "app/gui/docks/match_web_dock.h"
#include "app/gui/docks/registration_dock.h"
#include "app/gui/docks/timeline_dock.h"
#include "widgets/match_web_view.h"
#include "widgets/registration_view.h"
#include "widgets/timeline.h"
#include "widgets/viewport.h"
#include "test_settings.h"

using namespace gs;

namespace {

QString demoProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj");
}

// The drawn chain whose mean lag |i - j| is nearest `lag`.
const Chain* chainNear(const MatchWebPicture& p, float lag) {
    const Chain* best = nullptr;
    for (const Chain* c : p.drawnChains())
        if (!best ||
            std::abs(std::abs(c->meanLag()) - lag) < std::abs(std::abs(best->meanLag()) - lag))
            best = c;
    return best;
}

}  // namespace

class TestAnalysisDocks : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    float m_period = 0.0f;  // frames of the working clip (the project's rate)

private slots:
    void initTestCase() {
        GS_REQUIRE_DATA();
        qputenv("GAITSPACE_DATA_DIR", gs::test::dataDir().toLocal8Bit());
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1280, 720);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_window->openProject(demoProject());
        // The live run first, so that it does not take the 3D view back later.
        QTRY_VERIFY_WITH_TIMEOUT(m_window->isSteering(), 180000);
        QVERIFY(m_window->document()->clip("walk") && m_window->document()->clip("walk")->clip);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->document()->clipAnalysis("walk") &&
                                     m_window->document()->clipAnalysis("walk_veer_l"),
                                 120000);
        const auto walk = m_window->document()->clipAnalysis("walk");
        QVERIFY(walk->cycles.periodic);
        m_period = walk->cycles.periodSeconds * m_window->document()->project().settings.fps;
        QVERIFY(m_period > 10.0f);
    }

    void matchWebChainsAtPeriodAndTwice() {
        QVERIFY(m_window->showAnalysisDocks({"matchweb"}));
        QDockWidget* dock = m_window->findChild<QDockWidget*>("analysis_matchweb");
        QVERIFY(dock && dock->isVisible());
        m_window->computeMatchWeb("walk", "walk");
        QVERIFY(m_window->isAnalysing());
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->isAnalysing(), 60000);
        MatchWebView* view = m_window->matchWebDock()->view();
        QVERIFY(view && view->isVisible());
        const MatchWebPicture& p = view->picture();
        const int frames = m_window->document()->clip("walk")->clip->frameCount();
        QCOMPARE(p.rows, frames);
        QCOMPARE(p.cols, frames);
        QVERIFY(p.scaleMax > 0.0f);
        // Chains at lags P and 2P (either side of the diagonal), drawn.
        const Chain* one = chainNear(p, m_period);
        const Chain* two = chainNear(p, 2.0f * m_period);
        QVERIFY(one && two);
        const float tolerance = std::max(2.0f, 0.1f * m_period);
        QVERIFY(std::abs(std::abs(one->meanLag()) - m_period) < tolerance);
        QVERIFY(std::abs(std::abs(two->meanLag()) - 2.0f * m_period) < tolerance);
        QVERIFY(one->length() > m_period / 2 && two->length() > m_period / 2);
        QVERIFY(!p.minima.empty());
        QVERIFY(p.path.size() >
                static_cast<size_t>(frames / 2));  // the registration's path overlay

        // The Chains toggle switches them off in the model the view paints from, and on again.
        auto* chains = dock->findChild<QCheckBox*>();
        for (QCheckBox* c : dock->findChildren<QCheckBox*>())
            if (c->text() == "Chains") chains = c;
        QVERIFY(chains && chains->text() == "Chains");
        QTest::mouseClick(chains, Qt::LeftButton, {}, QPoint(6, chains->height() / 2));
        QVERIFY(view->picture().drawnChains().empty());
        QTest::mouseClick(chains, Qt::LeftButton, {}, QPoint(6, chains->height() / 2));
        QCOMPARE(view->picture().drawnChains().size(), p.chains.size());
    }

    void hoverAndClickShowTwoPoses() {
        MatchWebView* view = m_window->matchWebDock()->view();
        const MatchWebPicture& p = view->picture();
        const Chain* one = chainNear(p, m_period);
        QVERIFY(one);
        const glm::ivec2 cell = one->cells[one->cells.size() / 2];
        view->fitToView();
        const QPoint at = view->cellCentre(cell.x, cell.y).toPoint();
        QCOMPARE(view->cellAt(at), std::optional<glm::ivec2>(cell));
        QMouseEvent move(QEvent::MouseMove, at, view->mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                         Qt::NoModifier);
        QApplication::sendEvent(view, &move);
        QVERIFY(view->toolTip().contains(QString("(i %1, j %2)").arg(cell.x).arg(cell.y)));
        QVERIFY(view->toolTip().contains(QString::number(p.at(cell.x, cell.y) * 100.0f, 'f', 2)));

        // The wheel zooms about the mouse: the cell stays under it.
        const double zoom = view->zoom();
        QWheelEvent wheel(QPointF(at), QPointF(view->mapToGlobal(at)), {}, QPoint(0, 240),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view, &wheel);
        QVERIFY(view->zoom() > 1.3 * zoom);
        QCOMPARE(view->cellAt(at), std::optional<glm::ivec2>(cell));
        // A drag pans by the mouse's motion.
        const QPointF before = view->cellCentre(cell.x, cell.y);
        QTest::mousePress(view, Qt::LeftButton, {}, at);
        for (int k = 1; k <= 4; ++k) {
            const QPoint p = at + QPoint(5 * k, 3 * k);
            QMouseEvent drag(QEvent::MouseMove, p, view->mapToGlobal(p), Qt::NoButton,
                             Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(view, &drag);
        }
        QTest::mouseRelease(view, Qt::LeftButton, {}, at + QPoint(20, 12));
        QVERIFY(QLineF(view->cellCentre(cell.x, cell.y) - before, QPointF(20, 12)).length() < 1.0);
        QVERIFY(!view->picture().selected);  // a drag is not a click
        view->fitToView();
        QCOMPARE(view->cellAt(at), std::optional<glm::ivec2>(cell));

        QTest::mouseClick(view, Qt::LeftButton, {}, at);
        QCOMPARE(view->picture().selected, std::optional<glm::ivec2>(cell));
        Viewport* vp = m_window->viewport();
        QCOMPARE(m_window->currentClip(), QString("walk"));
        QVERIFY(vp->ghostClip() != nullptr);
        vp->update();
        QTRY_COMPARE_WITH_TIMEOUT(vp->lastScene().characters.size(), size_t(2), 10000);
        const Scene& scene = vp->lastScene();
        QVERIFY(!scene.characters[0].tint && scene.characters[1].tint);
        // Two skeletons: every bone twice.
        const size_t bones = m_window->document()->clip("walk")->clip->jointCount() - 1;
        QVERIFY(scene.debug.overlayLines().size() >= 2 * 2 * bones);
        // One gait period apart, the aligned ghost stands where the shown pose stands.
        const float apart = glm::distance(scene.characters[0].root, scene.characters[1].root);
        QVERIFY(apart < 0.15f);

        // Zoomed in, a click shows the poses and keeps the zoom and the cell under the mouse. The
        // click above filled the line under the web, and a fitted web fits again when the dock's
        // layout settles, which may come after the scene: the cell is found again once it has.
        QTest::qWait(200);
        const QPoint on = view->cellCentre(cell.x, cell.y).toPoint();
        QCOMPARE(view->cellAt(on), std::optional<glm::ivec2>(cell));
        QWheelEvent zoomIn(QPointF(on), QPointF(view->mapToGlobal(on)), {}, QPoint(0, 360),
                           Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view, &zoomIn);
        const double zoomed = view->zoom();
        QVERIFY(zoomed > 1.5 * zoom);
        QTest::mouseClick(view, Qt::LeftButton, {}, on);
        QTest::qWait(100);
        QCOMPARE(view->zoom(), zoomed);
        QCOMPARE(view->cellAt(on), std::optional<glm::ivec2>(cell));
    }

    void exportPngAndCsv() {
        QTemporaryDir dir;
        const QString png = dir.filePath("web.png"), csv = dir.filePath("web.csv");
        QVERIFY(m_window->exportMatchWeb(png, csv).isOk());
        const MatchWebPicture& p = m_window->matchWebDock()->view()->picture();

        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), p.rows);
        float diagonal = 0.0f;
        for (int i = 0; i < p.rows; ++i) {
            const QList<QByteArray> values = lines[i].split(',');
            QCOMPARE(values.size(), p.cols);
            for (int j = 0; j < p.cols; j += 7)
                QVERIFY(std::abs(values[j].toFloat() - p.at(i, j)) <= 1e-5f * (1.0f + p.at(i, j)));
            diagonal = std::max(diagonal, values[i].toFloat());
        }
        QVERIFY(diagonal <
                2e-3f);  // a frame matches itself (to the rounding of the running window sums)

        const QImage image(png);
        QVERIFY(!image.isNull());
        const int scale = std::max(1, 600 / std::max(p.rows, p.cols));
        QVERIFY(image.width() >= p.cols * scale && image.height() >= p.rows * scale);
        // The most different cell, far from any overlay, has its colour-scale colour: pale
        // yellow at the top of the scale.
        int bi = 0, bj = 0;
        for (int i = 0; i < p.rows; ++i)
            for (int j = 0; j < p.cols; ++j)
                if (p.at(i, j) > p.at(bi, bj)) bi = i, bj = j;
        const QImage same = p.render(scale);
        QCOMPARE(image.size(), same.size());
        // Cell centres are at margin + (index + 0.5) * scale; the margin is where the grid starts:
        // find it from the rendered picture of a one-cell-per-pixel web.
        const QColor expected = heatColour(p.at(bi, bj) / p.scaleMax);
        bool found = false;
        for (int y = 0; y < image.height() && !found; ++y)
            for (int x = 0; x < image.width() && !found; ++x) {
                const QColor c = image.pixelColor(x, y);
                found = std::abs(c.red() - expected.red()) <= 2 &&
                        std::abs(c.green() - expected.green()) <= 2 &&
                        std::abs(c.blue() - expected.blue()) <= 2;
            }
        QVERIFY(found);
        // Dark (similar) on the diagonal at least somewhere, pale off it: the picture is a heat
        // map.
        int dark = 0, pale = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QColor c = image.pixelColor(x, y);
                if (c.lightness() < 30) ++dark;
                if (c.red() > 240 && c.green() > 200 && c.blue() < 200) ++pale;
            }
        QVERIFY(dark > p.rows * scale && pale > p.rows * scale);
    }

    void registrationIsMonotoneAndMovesTheView() {
        QVERIFY(m_window->showAnalysisDocks({"matchweb", "registration"}));
        // The space "walk": reference "walk" (16_15), next clip "walk_veer_l" (16_11).
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->isAnalysing(), 60000);
        RegistrationView* view = m_window->registrationDock()->view();
        QVERIFY(view && view->isVisible());
        const RegistrationPicture& r = view->picture();
        QCOMPARE(r.nameA, QString("walk"));
        QCOMPARE(r.nameB, QString("walk_veer_l"));
        QVERIFY(r.path.size() > 20);
        for (size_t k = 1; k < r.path.size(); ++k) {
            QVERIFY(r.path[k].x > r.path[k - 1].x);
            QVERIFY(r.path[k].y > r.path[k - 1].y);
        }
        for (float s : r.slope) QVERIFY(s > 0.0f);
        QCOMPARE(r.alignment.size(), r.path.size());
        QVERIFY(!r.constraints.empty());
        QVERIFY(r.residual < r.identityResidual);

        // A press on the plots moves the cursor: clip A in the view at that frame, B as a ghost
        // at the frame the warp gives, and the timeline at A's source frame.
        const float target = 0.5f * (r.path.front().x + r.path.back().x);
        const QRectF plot = view->warpRect();
        const QPoint at(static_cast<int>(plot.left() + target / (r.framesA - 1) * plot.width()),
                        static_cast<int>(plot.center().y()));
        QTest::mouseClick(view, Qt::LeftButton, {}, at);
        QVERIFY(std::abs(view->picture().cursor - target) < 1.0f);
        QCOMPARE(m_window->currentClip(), QString("walk"));
        Viewport* vp = m_window->viewport();
        QVERIFY(vp->ghostClip() != nullptr);
        const auto walk = m_window->document()->clipAnalysis("walk");
        const float fps = m_window->document()->project().settings.fps;
        QVERIFY(std::abs(m_window->currentFrame() -
                         view->picture().cursor * walk->source.fps / fps) < 0.5f);
        vp->update();
        QTRY_COMPARE_WITH_TIMEOUT(vp->lastScene().characters.size(), size_t(2), 10000);
        // Scrubbing the timeline moves the cursor back.
        const float before = view->picture().cursor;
        emit m_window->timelineDock()->timeline()->scrubbed(m_window->currentFrame() +
                                                            walk->source.fps / fps * 5.0f);
        QVERIFY(std::abs(view->picture().cursor - (before + 5.0f)) < 0.6f);
    }

    void matchWebJobStopsWhenAsked() {
        const Clip& walk = *m_window->document()->clip("walk")->clip;
        MatchWebJob job;
        job.a = job.b = &walk;
        std::vector<float> seen;
        job.progress = [&seen](float f) {
            seen.push_back(f);
            return f < 0.3f;
        };
        const Status s = job.run();
        QVERIFY(!s);
        QCOMPARE(QString::fromStdString(s.message()), QString("cancelled"));
        QVERIFY(job.output.cost.empty());
        QVERIFY(!seen.empty() && seen.back() >= 0.3f && seen.back() < 0.5f);
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        job.progress = [&seen](float f) {
            seen.push_back(f);
            return true;
        };
        seen.clear();
        QVERIFY(job.run().isOk());
        QCOMPARE(seen.back(), 1.0f);
        // The alignment of a cell leaves the cell's distance.
        const CloudMatch m =
            alignCell(walk, 40, walk, 40 + static_cast<int>(std::lround(m_period)));
        QVERIFY(std::abs(m.rmsDistance() -
                         job.output.at(40, 40 + static_cast<int>(std::lround(m_period)))) < 1e-3);
    }

    void scriptedDocks() {
        QTemporaryDir dir;
        QProcess bad;
        bad.setProcessEnvironment(gs::test::isolatedEnvironment(dir.filePath("home")));
        bad.start(GAITSPACE_EXE, {"--project", demoProject(), "--screenshot", dir.filePath("x.png"),
                                  "--docks", "matchweb,nonsense"});
        QVERIFY(bad.waitForFinished(60000));
        QCOMPARE(bad.exitCode(), 2);
        const QString error = QString::fromLocal8Bit(bad.readAllStandardError());
        QVERIFY2(error.contains("--docks") && error.contains("nonsense"), qPrintable(error));

        QProcess run;
        run.setProcessEnvironment(gs::test::isolatedEnvironment(dir.filePath("home")));
        const QString shot = dir.filePath("docks.png");
        run.start(GAITSPACE_EXE,
                  {"--project", demoProject(), "--screenshot", shot, "--seconds", "1", "--size",
                   "1280x800", "--docks", "matchweb,registration,spaces"});
        QVERIFY(run.waitForFinished(300000));
        QCOMPARE(run.exitCode(), 0);
        const QImage image(shot);
        QVERIFY(!image.isNull() && image.width() >= 1280);
    }

    void cleanupTestCase() { m_window.reset(); }
};

QTEST_MAIN(TestAnalysisDocks)
#include "tst_analysis_docks.moc"

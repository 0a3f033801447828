// The window as a new user meets it (issue 39), on the demo it opens (the CMU walk and jog with
// their stops and starts), at 1280 x 720, with real mouse and key events:
// - the right column's tabs fit whole; the heads-up text says what its numbers are;
// - a style key that sets the sliders says so and can be edited or cleared;
// - the heads-up text says why the live style differs from the one set (a jog set, stopped, and
//   started again as a walk, which Keep style cannot keep), and a goal inside the turning circle
//   reads "walking out to turn back";
// - the goal marker drags by its ball too, and shows as a ring where the character stands on it;
// - Build with nothing changed keeps the character running;
// - the style set with the sliders is undoable and saved, with the sources as opened and numbers
//   as written; file dialogs open beside the data, then beside the project;
// - the library's cycle count follows a trim; the first click on the registration shows the ghost.

#include <QAbstractItemView>
#include <QCheckBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSlider>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include "app/gui/panels/clip_library.h"
#include "app/gui/docks/clip_library_dock.h"
#include "common/test_data.h"
#include "app/gui/app/demo_project.h"
#include "app/gui/live/live_run.h"
#include "app/gui/docks/live_steering_dock.h"
#include "app/gui/window/main_window.h"
#include "app/gui/docks/messages_dock.h"
#include "app/gui/docks/motion_spaces_dock.h"
#include "app/gui/docks/registration_dock.h"
#include "app/gui/panels/spaces_panel.h"
#include "app/gui/live/steering_demo.h"
#include "test_settings.h"
#include "widgets/registration_view.h"
#include "widgets/style_editor.h"
#include "widgets/viewport.h"
#include "window_input.h"

using namespace gs;

namespace {

QString windowDemo() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/") + QLatin1String(kWindowDemoProject);
}

QString hudText(MainWindow& w) { return w.viewport()->hud().join(" | "); }

// The folder the file dialog that `open` brings up starts in (the dialog is then cancelled).
QString dialogFolderOf(const std::function<void()>& open) {
    QString folder = "(no dialog)";
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget())) {
            folder = QDir::cleanPath(dialog->directory().absolutePath());
            dialog->reject();
        }
    });
    poll.start(50);
    open();
    return folder;
}

}  // namespace

class TestFirstUse : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;

    MainWindow& w() { return *m_window; }
    SteeringDemo* run() { return w().liveRun()->demo(); }
    Viewport* view() { return w().viewport(); }

    // A ground point in view about `far` metres from the character (within 0.5 m) and off the goal
    // marker's disc, as a window position and a ground point.
    std::optional<std::pair<QPoint, glm::vec2>> groundAway(float far) {
        const glm::vec3 root = run()->motion().rootPositions.back();
        std::optional<std::pair<QPoint, glm::vec2>> best;
        float bestMiss = 0.5f;
        for (int i = 1; i < 24; ++i)
            for (int j = 2; j < 20; ++j) {
                const QPoint p(view()->width() * i / 24, view()->height() * j / 20);
                const auto g = view()->groundAt(p);
                if (!g) continue;
                const glm::vec2 at(g->x, g->z);
                const float miss = std::abs(glm::distance(at, glm::vec2(root.x, root.z)) - far);
                if (glm::distance(at, run()->goal()) > 0.5f && miss < bestMiss)
                    bestMiss = miss, best = std::pair{p, at};
            }
        return best;
    }

    // Clicks the ground about `far` metres from the character: the new goal.
    bool clickGoal(float far) {
        const auto at = groundAway(far);
        if (!at) return false;
        QTest::mouseClick(view(), Qt::LeftButton, {}, at->first);
        return glm::distance(run()->goal(), at->second) < 0.05f;
    }

    // Waits up to `seconds` of the run for the heads-up text to hold `text`.
    bool hudSays(const QString& text, double seconds) {
        const double t0 = run()->seconds();
        QElapsedTimer wall;
        wall.start();
        while (run()->seconds() - t0 < seconds && wall.elapsed() < 180000) {
            if (hudText(w()).contains(text)) return true;
            QTest::qWait(10);
        }
        return hudText(w()).contains(text);
    }

    bool waitStanding(double seconds) {
        return hudSays("standing", seconds) && run()->motionState() == "standing";
    }

    // The folder File > Import Clips (Ctrl+I) opens in.
    QString importFolder() {
        w().activateWindow();
        if (!QTest::qWaitForWindowActive(&w())) return "(window not active)";
        return dialogFolderOf([&] { QTest::keyClick(&w(), Qt::Key_I, Qt::ControlModifier); });
    }

private slots:
    void initTestCase() {
        GS_REQUIRE_DATA();
        qputenv("GAITSPACE_DATA_DIR", test::dataDir().toLocal8Bit());
        m_window = std::make_unique<MainWindow>();
        QVERIFY(test::showActive(*m_window));
        w().openProject(windowDemo(), true);  // as the window opens it: an untitled copy
        QTRY_VERIFY_WITH_TIMEOUT(w().isSteering(), 180000);
        w().setSaveQuestion([] { return QMessageBox::Discard; });
    }

    // The right column's six tabs fit at 1280 x 720: no scroll arrows, whole titles, the full
    // names in their tooltips.
    void tabsFitTheWindow() {
        QTabBar* right = nullptr;
        for (QTabBar* bar : w().findChildren<QTabBar*>())
            for (int i = 0; i < bar->count(); ++i)
                if (bar->isVisible() && bar->tabText(i) == w().steeringDock()->windowTitle())
                    right = bar;
        QVERIFY(right);
        QCOMPARE(right->count(), 6);
        for (QToolButton* arrow : right->findChildren<QToolButton*>()) QVERIFY(!arrow->isVisible());
        QStringList tips;
        for (int i = 0; i < right->count(); ++i) {
            QVERIFY2(right->rect().contains(right->tabRect(i)), qPrintable(right->tabText(i)));
            tips << right->tabToolTip(i);
        }
        QCOMPARE(tips, QStringList({"Blend weights", "Match web", "Registration", "Motion spaces",
                                    "Goal space", "Quality"}));
        // The View menu names them in full.
        QCOMPARE(w().steeringDock()->toggleViewAction()->text(), QString("Blend weights"));
    }

    void headsUpSaysWhatItsNumbersAre() {
        QTRY_VERIFY(hudText(w()).contains("style weights: walk 1.00, jog 0.00"));
        QVERIFY2(hudText(w()).contains("turn blend (0 sharpest right, 1 sharpest left): walk "),
                 qPrintable(hudText(w())));
    }

    // The goal marker: where the character stands on it, a ring on the ground (no pole through
    // the body), which drags the goal; away from it, its ball drags the goal too (not the camera).
    void goalMarkerDragsByItsBall() {
        QVERIFY(waitStanding(30.0));  // on the demo's first goal
        QTRY_VERIFY(!view()->isGoalPoleShown());
        QVERIFY(!view()->goalBallOnScreen());
        const auto foot = view()->goalOnScreen();
        QVERIFY(foot);
        const glm::vec2 before = run()->goal();
        test::drag(view(), foot->toPoint(), foot->toPoint() + QPoint(220, 60));
        QVERIFY2(glm::distance(run()->goal(), before) > 1.0f, "the ring dragged the goal");
        QTRY_VERIFY(view()->isGoalPoleShown());
        const auto ball = view()->goalBallOnScreen();
        QVERIFY(ball && view()->rect().contains(ball->toPoint()));
        const float yaw = view()->camera().yaw();
        const glm::vec2 dragged = run()->goal();
        const QPoint to = ball->toPoint() + QPoint(-80, 60);
        test::drag(view(), ball->toPoint(), to);
        const auto ground = view()->groundAt(to);
        QVERIFY(ground);
        QVERIFY2(glm::distance(run()->goal(), dragged) > 0.3f, "the ball dragged the goal");
        QVERIFY(glm::distance(run()->goal(), glm::vec2(ground->x, ground->z)) < 0.05f);
        QCOMPARE(view()->camera().yaw(), yaw);
    }

    // A goal half a metre from a standing character is walked out from and turned back to; the
    // text says so and why, not just "walking".
    void nearGoalSaysWalkingOut() {
        QVERIFY(waitStanding(40.0));
        QVERIFY(clickGoal(0.7f));
        QVERIFY2(hudSays("walking out to turn back: the goal is", 8.0), qPrintable(hudText(w())));
        QVERIFY(waitStanding(40.0));
    }

    // Build with nothing changed: no new build, the character keeps running where it is.
    void buildWithNothingChangedKeepsTheRun() {
        QVERIFY(test::clickTab(w(), w().motionSpacesDock()));
        QPushButton* build = w().motionSpacesDock()->panel()->buildButton();
        QTRY_VERIFY(build->isVisible() && build->isEnabled());
        SteeringDemo* before = run();
        const double t0 = run()->seconds();
        const int messages = w().messagesDock()->list()->count();
        QTest::mouseClick(build, Qt::LeftButton);
        QVERIFY(!w().isBuilding());
        QCOMPARE(run(), before);
        QTRY_VERIFY(w().messagesDock()
                        ->list()
                        ->item(w().messagesDock()->list()->count() - 1)
                        ->text()
                        .contains("it keeps running"));
        QVERIFY(w().messagesDock()->list()->count() > messages);
        QTest::qWait(300);
        QVERIFY(run()->seconds() > t0);  // not started over
        QVERIFY(w().isSteering());
    }

    // The style set with the sliders is an edit of the document: undone and redone with the keys.
    void styleSliderIsUndoable() {
        QVERIFY(test::clickTab(w(), w().steeringDock()));
        auto* jog = w().steeringDock()->findChild<QSlider*>("style_jog");
        QTRY_VERIFY(jog && jog->isVisible() && jog->isEnabled());
        const int steps = w().document()->undoStack()->count();
        jog->setFocus();
        QTest::keyClick(jog, Qt::Key_PageUp);
        QTest::keyClick(jog, Qt::Key_End);  // two moves, one step
        QCOMPARE(w().document()->undoStack()->count(), steps + 1);
        QCOMPARE(w().document()->styleWeights(), std::vector<float>({0.0f, 1.0f}));
        QVERIFY(w().document()->isModified());
        QTest::keyClick(jog, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(w().document()->styleWeights().empty());
        QTRY_COMPARE(jog->value(), 0);
        QTest::keyClick(jog, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w().document()->styleWeights(), std::vector<float>({0.0f, 1.0f}));
        QTRY_COMPARE(jog->value(), jog->maximum());
        QTRY_VERIFY_WITH_TIMEOUT(run()->styleWeights()[1] > 0.99f, 20000);
    }

    // Jog set (it has stops, no starts): stopped, then started again as a walk; the heads-up text
    // and the dock say why, and with Keep style on, what it cannot keep.
    void headsUpSaysWhyTheStyleDiffers() {
        QVERIFY(clickGoal(6.0f));
        QVERIFY(waitStanding(40.0));
        QCheckBox* keep = w().steeringDock()->keepStyle();
        QTest::mouseClick(keep, Qt::LeftButton, {}, QPoint(6, keep->height() / 2));
        QVERIFY(w().document()->project().settings.keepStyle);
        QVERIFY(clickGoal(6.0f));
        QVERIFY2(hudSays("starting as walk (you set jog 1.00): jog has no starts", 10.0),
                 qPrintable(hudText(w())));
        const QString hud = hudText(w());
        QVERIFY2(hud.contains("Keep style cannot keep jog: it has no start clips"),
                 qPrintable(hud));
        QTRY_VERIFY(w().steeringDock()->styleReason()->isVisible() &&
                    !w().steeringDock()->styleReason()->text().isEmpty());
        QTest::mouseClick(keep, Qt::LeftButton, {}, QPoint(6, keep->height() / 2));
        QVERIFY(!w().document()->project().settings.keepStyle);
    }

    // A key that sets the style: the sliders say so; Edit key changes that key with them (one
    // undo step), Clear keys frees them (undoable).
    void aKeySetsTheSliders() {
        QVERIFY(test::clickTab(w(), w().steeringDock()));
        StyleEditor* editor = w().steeringDock()->styleEditor();
        auto* track = editor->findChild<StyleKeyTrack*>();
        QTRY_VERIFY(track->isVisible() && track->width() > 100);
        QTest::mouseDClick(track, Qt::LeftButton, {},
                           QPoint(static_cast<int>(track->xOf(0.2)), track->height() / 2));
        QCOMPARE(w().document()->styleKeys().size(), size_t(1));
        // The key applies at 0.2 s of each 20 s of the run.
        QTRY_VERIFY_WITH_TIMEOUT(editor->drivingKey() == 0, 60000);
        auto* note = editor->findChild<QLabel*>("styleKeyNote");
        auto* walk = editor->findChild<QSlider*>("style_walk");
        QVERIFY2(note->isVisible() && note->text().startsWith("Set by the style key at 0."),
                 qPrintable(note->text()));
        QVERIFY(!walk->isEnabled());
        QVERIFY(walk->toolTip().contains("set by the style key"));
        const int steps = w().document()->undoStack()->count();
        QTest::mouseClick(editor->findChild<QPushButton*>("editStyleKey"), Qt::LeftButton);
        QVERIFY(walk->isEnabled());
        walk->setFocus();
        QTest::keyClick(walk, Qt::Key_Home);
        QTest::keyClick(walk, Qt::Key_PageUp);  // walk 0.1, jog 0.9
        QCOMPARE(w().document()->undoStack()->count(), steps + 1);
        const auto weights = w().document()->styleKeys().front().weights;
        QVERIFY(std::abs(weights[0] - 0.1f) < 1e-3f && std::abs(weights[1] - 0.9f) < 1e-3f);
        QTRY_VERIFY(std::abs(run()->styleTargets()[1] - 0.9f) < 1e-3f);
        QTest::mouseClick(editor->findChild<QPushButton*>("editStyleKey"), Qt::LeftButton);
        QTest::mouseClick(editor->findChild<QPushButton*>("clearStyleKeys"), Qt::LeftButton);
        QVERIFY(w().document()->styleKeys().empty());
        QTRY_VERIFY(!note->isVisible() && walk->isEnabled());
        // The style set with the sliders is back.
        QTRY_COMPARE(run()->styleTargets(), std::vector<float>({0.0f, 1.0f}));
        QTest::keyClick(&w(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w().document()->styleKeys().size(), size_t(1));
        QTest::keyClick(&w(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w().document()->styleKeys().front().weights, std::vector<float>({0.0f, 1.0f}));
        QTest::keyClick(&w(), Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(w().document()->styleKeys().empty());
        QTRY_VERIFY(walk->isEnabled());
    }

    // File dialogs open beside the data while the demo is untitled, beside the project once saved.
    // Saved: the sources in the form they were opened in, numbers as short as they read back,
    // the style set with the sliders; opened again, the style is back.
    void savingKeepsWhatWasOpenedAndSet() {
        QCOMPARE(importFolder(), QDir::cleanPath(test::dataDir()));
        const QString path = m_dir.filePath("mine/walk_jog.gsproj");
        QVERIFY(QDir().mkpath(m_dir.filePath("mine")));
        QVERIFY(w().saveAs(path));
        QCOMPARE(importFolder(), m_dir.filePath("mine"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        const QJsonObject saved = QJsonDocument::fromJson(text).object();
        for (const QJsonValue& c : saved["clips"].toArray())
            QVERIFY2(c["source"].toString().startsWith("${GAITSPACE_DATA_DIR}/cmu/"),
                     qPrintable(c["source"].toString()));
        QVERIFY2(
            text.contains("\"style_increment\": 0.1,") && !text.contains("0.10000000149011612"),
            text.constData());
        QCOMPARE(saved["style"]["walk"].toDouble(-1), 0.0);
        QCOMPARE(saved["style"]["jog"].toDouble(-1), 1.0);
        MainWindow again;
        again.openProject(path);
        QTRY_VERIFY_WITH_TIMEOUT(again.document()->path() == path && !again.isLoading(), 60000);
        QCOMPARE(again.document()->styleWeights(), std::vector<float>({0.0f, 1.0f}));
        QCOMPARE(again.document()->project().clips.front().source,
                 saved["clips"].toArray()[0].toObject()["source"].toString());
        again.setSaveQuestion([] { return QMessageBox::Discard; });
    }

    // The first click on the registration plots shows the second clip as a ghost.
    void registrationGhostOnTheFirstClick() {
        QVERIFY(w().isSteering());  // the live run in the view, no clip
        w().computeRegistration("walk", "walk_veer_l");
        QTRY_VERIFY_WITH_TIMEOUT(!w().isAnalysing(), 60000);
        QVERIFY(test::clickTab(w(), w().registrationDock()));
        RegistrationView* plots = w().registrationDock()->view();
        QTRY_VERIFY(plots->isVisible());
        const QRectF warp = plots->warpRect();
        QTest::mouseClick(plots, Qt::LeftButton, {}, warp.center().toPoint());
        QCOMPARE(w().currentClip(), QString("walk"));
        QVERIFY(view()->ghostClip() != nullptr);
        QCOMPARE(view()->ghostClip(), &w().document()->clipAnalysis("walk_veer_l")->source);
    }

    // Trimmed to fewer cycles, the library says so (and again once saved and opened).
    void libraryCyclesFollowTheTrim() {
        const auto a = w().document()->clipAnalysis("walk");
        QVERIFY(a && a->cycles.periodic && a->cycles.cycles >= 3);
        const int whole = a->cycles.cycles;
        const int out = static_cast<int>(std::ceil(2.2f * a->cycles.periodFrames));
        QVERIFY(w().document()->setTrim("walk", 0, out));  // two whole cycles
        auto* library = w().libraryDock()->view();
        auto* model = static_cast<ClipLibraryModel*>(library->model());
        QVERIFY(test::clickTab(w(), w().libraryDock()));
        const QModelIndex name = model->index(model->rowOf("walk"), ClipLibraryModel::Name);
        library->scrollTo(name);
        QTest::mouseClick(library->viewport(), Qt::LeftButton, {},
                          library->visualRect(name).center());
        QCOMPARE(model->index(name.row(), ClipLibraryModel::Cycles).data().toInt(), 2);
        QVERIFY2(w().libraryDock()->details().contains(
                     QString("2 gait cycles as trimmed (%1 in the file)").arg(whole)),
                 qPrintable(w().libraryDock()->details()));
        QVERIFY(w().save());
        MainWindow again;
        again.openProject(w().document()->path());
        QTRY_VERIFY_WITH_TIMEOUT(!again.isLoading() && again.document()->clipAnalysis("walk"),
                                 60000);
        auto* againModel = static_cast<ClipLibraryModel*>(again.libraryDock()->view()->model());
        QTRY_COMPARE(
            againModel->index(againModel->rowOf("walk"), ClipLibraryModel::Cycles).data().toInt(),
            2);
        again.setSaveQuestion([] { return QMessageBox::Discard; });
    }

    void cleanupTestCase() { m_window.reset(); }
};

QTEST_MAIN(TestFirstUse)
#include "tst_first_use.moc"

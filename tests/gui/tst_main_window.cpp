// The main window driven as a user drives it (QTest mouse and keyboard events, at 1280 x 720):
// trimming with the timeline handles and undoing it, saving and reopening, a corrupt import beside
// a good library, playback and pause, Open Motion stopping the live steering, and
// recovering the autosave of a killed process.

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QListWidget>
#include <QMimeData>
#include <QProcess>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QTest>
#include <QUrl>

#include "app/gui/panels/clip_library.h"
#include "app/gui/docks/clip_library_dock.h"
#include "app/gui/live/live_run.h"
#include "app/gui/docks/messages_dock.h"
#include "app/gui/live/steering_demo.h"
#include "common/generated_bvh.h"
#include "common/test_data.h"
#include "app/gui/window/main_window.h"
#include "app/gui/docks/timeline_dock.h"
#include "window_input.h"
#include "widgets/timeline.h"
#include "widgets/viewport.h"
#include "test_settings.h"

using namespace gs;

namespace {

QString demoProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj");
}

bool importAndWait(MainWindow& w, const QStringList& files) {
    QSignalSpy finished(w.document(), &ProjectDocument::importFinished);
    w.importFiles(files);
    return finished.wait(60000);
}

// Clicks the library row of a clip.
void clickClip(MainWindow& w, const QString& id) {
    auto* view = w.libraryDock()->view();
    const int row = w.document()->indexOf(id);
    const QRect rect = view->visualRect(view->model()->index(row, 0));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, rect.center());
}

// Drags a timeline handle to the x of `frame`, with `modifiers` held during the move.
void dragHandle(Timeline* t, bool in, float frame, Qt::KeyboardModifiers modifiers = {}) {
    const QPoint from = t->handlePosition(in);
    const QPoint to(t->frameToX(frame), from.y());
    QTest::mousePress(t, Qt::LeftButton, {}, from);
    QTest::mouseMove(t, (from + to) / 2);
    // QTest::mouseMove carries no modifiers: send the last move as a real event that does.
    QMouseEvent move(QEvent::MouseMove, to, t->mapToGlobal(to), Qt::NoButton, Qt::LeftButton,
                     modifiers);
    QApplication::sendEvent(t, &move);
    QTest::mouseRelease(t, Qt::LeftButton, modifiers, to);
}

QStringList messageLines(MainWindow& w) {
    QStringList lines;
    for (int i = 0; i < w.messagesDock()->list()->count(); ++i)
        lines << w.messagesDock()->list()->item(i)->text();
    return lines;
}

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
    QTemporaryDir m_autosave;

private slots:
    void initTestCase() {
        qputenv("GAITSPACE_DATA_DIR", test::dataDir().toLocal8Bit());
        qputenv("GAITSPACE_AUTOSAVE_DIR", m_autosave.path().toLocal8Bit());
        QStandardPaths::setTestModeEnabled(true);  // settings of the tests, not the user's
        QApplication::setOrganizationName("Gaitspace");
        QApplication::setApplicationName("Gaitspace");
    }

    void settingsReadBackAreChecked() {
        QTemporaryDir dir;
        const QString saved = dir.filePath("kept.gsproj");
        {
            QFile f(saved);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"format":"gaitspace-project","version":1,"clips":[],"spaces":[]})");
        }
        {
            QSettings s;
            s.setValue("recentFiles",
                       QStringList{saved, dir.filePath("gone.gsproj"), "not a project.txt", saved});
            s.setValue("lastProjectDir", 12);
            s.setValue("window/layoutVersion", 1);
            s.setValue("window/geometry", QByteArray("garbage"));
            s.setValue("window/state", QByteArray(5000, 'x'));
        }
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QMenu* recent = nullptr;
        for (QMenu* m : w.findChildren<QMenu*>())
            if (m->title().contains("Recent")) recent = m;
        QVERIFY(recent);
        QCOMPARE(recent->actions().size(), 1);  // the one file that exists, once
        QCOMPARE(recent->actions().front()->toolTip(), saved);
        QVERIFY(w.size().width() >= 640);  // the garbage geometry was not applied
        // F and Home reach the viewport from anywhere in the window.
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        const bool following = w.viewport()->following();
        QTest::keyClick(&w, Qt::Key_F);
        QCOMPARE(w.viewport()->following(), !following);
        QTest::keyClick(&w, Qt::Key_F);
        QCOMPARE(w.viewport()->following(), following);
        QSettings().clear();
    }

    void trimWithHandlesThenUndoRedo() {
        GS_REQUIRE_DATA();
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(importAndWait(w, {test::cmuClip("16_15")}));
        clickClip(w, "16_15");
        QCOMPARE(w.currentClip(), QStringLiteral("16_15"));
        Timeline* t = w.timelineDock()->timeline();
        QTRY_VERIFY(t->data().frames > 0);
        const int frames = t->data().frames;
        QCOMPARE(t->trimIn(), 0);
        QCOMPARE(t->trimOut(), frames - 1);
        QCOMPARE(w.document()->undoStack()->count(), 1);  // the import
        // No space is built: the cycle lane shows the detector's guess, labelled so.
        QVERIFY(!t->data().cyclesBuilt);
        QVERIFY(!t->data().cycleBoundaries.empty());

        // A click on the foot lanes scrubs to that frame and edits nothing.
        QTest::mouseClick(t, Qt::LeftButton, {}, QPoint(t->frameToX(40.0f), t->laneCentre(0)));
        QVERIFY2(std::abs(w.currentFrame() - 40.0f) <= 1.0f,
                 qPrintable(QString::number(w.currentFrame())));
        QCOMPARE(w.viewport()->frame(), w.currentFrame());
        QCOMPARE(w.document()->undoStack()->count(), 1);

        // The in handle to about frame 20.
        dragHandle(t, true, 20.0f);
        const int in = w.document()->clip("16_15")->trimIn;
        QVERIFY2(std::abs(in - 20) <= 1, qPrintable(QString::number(in)));
        QCOMPARE(t->trimIn(), in);
        QCOMPARE(w.document()->clip("16_15")->trimOut, -1);
        QCOMPARE(w.document()->undoStack()->count(), 2);
        QCOMPARE(w.document()->clip("16_15")->clip->frameCount(), frames - in);

        // The out handle near frame frames-25 with Shift: it lands on a foot strike.
        dragHandle(t, false, frames - 25.0f, Qt::ShiftModifier);
        const int out = w.document()->clip("16_15")->trimOut;
        const auto& d = t->data();
        QVERIFY(!d.leftStrikes.empty() && !d.rightStrikes.empty());
        const bool onStrike = std::count(d.leftStrikes.begin(), d.leftStrikes.end(), out) +
                                  std::count(d.rightStrikes.begin(), d.rightStrikes.end(), out) >
                              0;
        QVERIFY2(onStrike, qPrintable(QString("out %1 is no strike").arg(out)));
        QCOMPARE(w.document()->undoStack()->count(), 3);
        QVERIFY(w.isWindowModified());

        // Ctrl+Z twice, Ctrl+Shift+Z once, from the keyboard.
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.document()->clip("16_15")->trimOut, -1);
        QCOMPARE(t->trimOut(), frames - 1);
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.document()->clip("16_15")->trimIn, -1);
        QCOMPARE(t->trimIn(), 0);
        QCOMPARE(w.document()->clip("16_15")->clip->frameCount(), frames);
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w.document()->clip("16_15")->trimIn, in);
        QCOMPARE(t->trimIn(), in);
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w.document()->clip("16_15")->trimOut, out);
        w.setSaveQuestion([] { return QMessageBox::Discard; });
    }

    void playsAtTheClipsRate() {
        GS_REQUIRE_DATA();
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(importAndWait(w, {test::cmuClip("16_15")}));
        clickClip(w, "16_15");
        QTRY_VERIFY(w.timelineDock()->timeline()->data().frames > 0);
        const float fps = w.timelineDock()->timeline()->data().fps;
        QTest::keyClick(&w, Qt::Key_Space);
        QVERIFY(w.isPlaying());
        // Playing advances the frame (at what rate against the wall clock is not asserted here:
        // the machine may be shared); pausing holds it.
        const float start = w.currentFrame();
        QTest::qWait(1500);
        const float advanced = w.currentFrame() - start;
        QVERIFY2(advanced > 0.0f && advanced < 10.0f * fps, qPrintable(QString::number(advanced)));
        QTest::keyClick(&w, Qt::Key_Space);
        QVERIFY(!w.isPlaying());
        const float paused = w.currentFrame();
        QTest::qWait(300);
        QCOMPARE(w.currentFrame(), paused);
        w.setSaveQuestion([] { return QMessageBox::Discard; });
    }

    void importStaysResponsive() {
        GS_REQUIRE_DATA();
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::qWait(500);  // the first paints (OpenGL set-up) are not the import's
        QStringList files;
        for (int copy = 0; copy < 3; ++copy)
            for (int i = 1; i <= 58; ++i)
                files << test::cmuClip(QStringLiteral("16_%1").arg(i, 2, 10, QChar('0')));
        // A 10 ms timer on the GUI thread ticks while 174 files load: were the import on the GUI
        // thread, it would not tick until the import ended. (The longest wait between ticks is a
        // wall-clock figure, not asserted here: the machine may be shared.)
        int ticks = 0;
        QTimer ticker;
        ticker.setInterval(10);
        connect(&ticker, &QTimer::timeout, [&] { ++ticks; });
        QSignalSpy progress(w.document(), &ProjectDocument::progress);
        QSignalSpy finished(w.document(), &ProjectDocument::importFinished);
        ticker.start();
        w.importFiles(files);
        QVERIFY(w.document()->isImporting());
        QVERIFY(finished.wait(300000));
        ticker.stop();
        QCOMPARE(w.document()->clipCount(), 174);
        QVERIFY(progress.size() >= 2);
        QCOMPARE(progress.back()[0].toInt(), 174);
        QVERIFY2(ticks >= 3, qPrintable(QStringLiteral("%1 ticks").arg(ticks)));

        // Cancelled part way: the file being read stops too (core/support/cancel.h), so the import
        // ends before reading the rest; nothing is added and nothing is left to undo.
        const int undo = w.document()->undoStack()->count();
        QSignalSpy again(w.document(), &ProjectDocument::importFinished);
        QSignalSpy read(w.document(), &ProjectDocument::progress);
        w.importFiles(files);
        QTRY_VERIFY_WITH_TIMEOUT(read.size() >= 4, 60000);
        w.document()->cancelImport();
        QVERIFY(again.wait(120000));
        QCOMPARE(again.front()[2].toBool(), true);
        QVERIFY2(read.back()[0].toInt() < 174, qPrintable(QString::number(read.back()[0].toInt())));
        QCOMPARE(w.document()->clipCount(), 174);
        QCOMPARE(w.document()->undoStack()->count(), undo);
        w.setSaveQuestion([] { return QMessageBox::Discard; });
    }

    void saveReopenCompare() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        const QString path = dir.filePath("library.gsproj");
        QJsonObject saved;
        {
            MainWindow w;
            w.resize(1280, 720);
            w.show();
            QVERIFY(importAndWait(w, {test::cmuClip("16_15"), test::cmuClip("16_35")}));
            QTRY_VERIFY(w.document()->clipAnalysis("16_35"));
            QVERIFY(w.document()->setTrim("16_35", 3, 30));
            w.document()->setClipStyle("16_35", "run");
            QVERIFY(w.document()->renameClip("16_15", "walk"));
            QVERIFY(w.windowTitle().contains("Untitled"));
            QVERIFY(w.isWindowModified());
            QVERIFY(w.saveAs(path));
            QVERIFY(!w.isWindowModified());
            QVERIFY(w.windowTitle().contains("library.gsproj"));
            saved = w.document()->project().toJson();
            // Closing a saved project asks nothing.
            bool asked = false;
            w.setSaveQuestion([&asked] {
                asked = true;
                return QMessageBox::Cancel;
            });
            QVERIFY(w.close());
            QVERIFY(!asked);
        }
        MainWindow again;
        again.openProject(path);
        QTRY_VERIFY_WITH_TIMEOUT(again.document()->path() == path, 30000);
        QCOMPARE(again.document()->project().toJson(), saved);
        QCOMPARE(again.document()->clipCount(), 2);
        QCOMPARE(again.document()->clip("16_35")->clip->frameCount(), 28);
        QCOMPARE(again.document()->clip("16_35")->style, QStringLiteral("run"));
        QVERIFY(!again.isWindowModified());

        // Unsaved changes: Cancel keeps them, Discard drops them.
        again.document()->setClipStyle("walk", "walk");
        QVERIFY(again.isWindowModified());
        again.setSaveQuestion([] { return QMessageBox::Cancel; });
        QVERIFY(!again.newProject());
        QCOMPARE(again.document()->clipCount(), 2);
        again.setSaveQuestion([] { return QMessageBox::Discard; });
        QVERIFY(again.newProject());
        QCOMPARE(again.document()->clipCount(), 0);
        QVERIFY(!again.isWindowModified());
    }

    // Character > Load Model / Texture / Plain Mannequin edit the project's character: undoable,
    // drawn at once, saved and reopened.
    void characterIsUndoableAndSaved() {
        GS_REQUIRE_DATA();
        const QString model = test::dataPath("characters/male_base_mesh/male_base_mesh.glb");
        QVERIFY(QFileInfo::exists(model));
        QTemporaryDir dir;
        const QString path = dir.filePath("dressed.gsproj");
        {
            MainWindow w;
            w.resize(1280, 720);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QVERIFY(importAndWait(w, {test::cmuClip("16_15")}));
            clickClip(w, "16_15");
            QTRY_VERIFY(w.timelineDock()->timeline()->data().frames > 0);
            QVERIFY(!w.viewport()->isModelShown());
            ProjectCharacter c;
            c.source = model;
            w.document()->setCharacter(c, "Load model");
            QTRY_VERIFY_WITH_TIMEOUT(w.viewport()->isModelShown(), 30000);
            QVERIFY(w.isWindowModified());
            w.document()->undoStack()->undo();
            QTRY_VERIFY(!w.viewport()->isModelShown());
            QVERIFY(w.document()->project().character.source.isEmpty());
            w.document()->undoStack()->redo();
            QTRY_VERIFY_WITH_TIMEOUT(w.viewport()->isModelShown(), 30000);
            QVERIFY(w.saveAs(path));
        }
        auto back = Project::load(path);
        QVERIFY2(back.isOk(), back.message().c_str());
        QCOMPARE(back->resolve(back->character.source), QFileInfo(model).absoluteFilePath());
        QVERIFY(QFileInfo(back->character.source).isRelative());  // rebased to the project
        MainWindow again;
        again.show();
        again.openProject(path);
        QTRY_VERIFY_WITH_TIMEOUT(again.document()->path() == path, 30000);
        again.selectClip("16_15");
        QTRY_VERIFY_WITH_TIMEOUT(again.viewport()->isModelShown(), 30000);
        again.setSaveQuestion([] { return QMessageBox::Discard; });
    }

    void corruptImportLeavesTheLibraryIntact() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        const QString corrupt = dir.filePath("corrupt.bvh");
        test::writeBytes(corrupt,
                         "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n\tCHANNELS 6 Xposition\n");
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(importAndWait(w, {test::cmuClip("16_15")}));
        const QJsonObject before = w.document()->project().toJson();
        const int messagesBefore = w.messagesDock()->list()->count();

        // Dropped on the library, with a good file beside it.
        auto* mime = new QMimeData;
        mime->setUrls({QUrl::fromLocalFile(corrupt), QUrl::fromLocalFile(test::cmuClip("16_35"))});
        QSignalSpy finished(w.document(), &ProjectDocument::importFinished);
        QVERIFY(test::dropOn(w.libraryDock()->view()->viewport(), mime));
        QVERIFY(finished.wait(60000));
        delete mime;

        QCOMPARE(w.document()->clipCount(), 2);
        QCOMPARE(w.document()->project().clips[0].id, QStringLiteral("16_15"));
        QCOMPARE(w.document()->project().clips[1].id, QStringLiteral("16_35"));
        const QStringList lines = messageLines(w).mid(messagesBefore);
        QCOMPARE(lines.filter("corrupt.bvh").size(), 1);
        // Only the corrupt file alone: the library stays as it was.
        QVERIFY(importAndWait(w, {corrupt}));
        QCOMPARE(w.document()->clipCount(), 2);
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->project().toJson(), before);
        w.setSaveQuestion([] { return QMessageBox::Discard; });
    }

    void openMotionStopsTheSteering() {
        GS_REQUIRE_DATA();
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.openProject(demoProject());
        QTRY_VERIFY_WITH_TIMEOUT(w.isSteering(), 180000);
        QTRY_COMPARE_WITH_TIMEOUT(w.document()->clipCount(), 10, 30000);
        QVERIFY(!w.isWindowModified());

        w.openClip(test::cmuClip("16_35"));
        QVERIFY(!w.isSteering());  // at once, not when the import ends
        QTRY_VERIFY_WITH_TIMEOUT(w.isPlaying(), 60000);
        QCOMPARE(w.currentClip(), QStringLiteral("16_35"));
        const float f0 = w.currentFrame();
        QTest::qWait(400);
        QVERIFY(w.currentFrame() != f0);
        QVERIFY(!w.isSteering());

        // Back to steering with the Playback menu, then a click on a library clip stops it.
        QAction* steer = nullptr;
        for (QAction* a : w.findChildren<QAction*>())
            if (a->text().contains("Steer Character")) steer = a;
        QVERIFY(steer);
        steer->trigger();
        QVERIFY(w.isSteering());
        QVERIFY(!w.isPlaying());
        clickClip(w, "jog");
        QVERIFY(!w.isSteering());
        QCOMPARE(w.currentClip(), QStringLiteral("jog"));
        QTest::keyClick(&w, Qt::Key_Space);
        QVERIFY(w.isPlaying());
        QVERIFY(!w.isSteering());
        w.setSaveQuestion([] { return QMessageBox::Discard; });
    }

    void recoversTheAutosaveOfAKilledProcess() {
        QTemporaryDir dir, config;
        const QString clip = dir.filePath("walk.bvh");
        test::writeBytes(clip, test::generatedBvh(50));
        QProcess app;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("GAITSPACE_AUTOSAVE_DIR", m_autosave.path());
        env.insert("GAITSPACE_AUTOSAVE_MS", "300");
        env.insert("XDG_CONFIG_HOME", config.path());
        env.insert("XDG_DATA_HOME", config.path());
        app.setProcessEnvironment(env);
        app.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        app.start(QStringLiteral(GAITSPACE_EXE), {"--no-recover", "--import", clip});
        QVERIFY(app.waitForStarted());
        const QString side =
            QDir(m_autosave.path())
                .filePath(QStringLiteral("autosave-%1.gsproj").arg(app.processId()));
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(side), 60000);
        QTest::qWait(200);  // a whole autosave written (QSaveFile renames it into place anyway)
        app.kill();
        QVERIFY(app.waitForFinished());
        QCOMPARE(app.exitStatus(), QProcess::CrashExit);
        QVERIFY(QFileInfo::exists(side));

        MainWindow w;

        w.resize(1280, 720);
        int asked = 0;
        QString original = "?";
        QDateTime when;
        QVERIFY(w.recoverAutosaves([&](const QString& o, const QDateTime& t) -> bool {
            ++asked;
            original = o;
            when = t;
            return true;
        }));
        QCOMPARE(asked, 1);
        QVERIFY(original.isEmpty());  // it was untitled
        QVERIFY(when.isValid());
        QCOMPARE(w.document()->clipCount(), 1);
        QCOMPARE(w.document()->project().clips[0].id, QStringLiteral("walk"));
        QVERIFY(w.document()->project().clips[0].clip.has_value());
        QVERIFY(w.document()->isModified());  // recovered changes still need a save
        QVERIFY(w.isWindowModified());
        QVERIFY(!QFileInfo::exists(side));
        QVERIFY(!w.recoverAutosaves(
            [](const QString&, const QDateTime&) { return true; }));  // once only
        w.setSaveQuestion([] { return QMessageBox::Discard; });
    }

    // A recovered project with spaces is built again: the live run steers its spaces.
    void recoveryRebuildsTheSpaces() {
        GS_REQUIRE_DATA();
        // The autosave of a process that is gone (no lock held): the demo's project.
        const QString side = QDir(m_autosave.path()).filePath("autosave-999999.gsproj");
        QVERIFY(QFile::copy(demoProject(), side));
        MainWindow w;
        w.resize(1280, 720);
        QVERIFY(w.recoverAutosaves([](const QString&, const QDateTime&) { return true; }));
        QCOMPARE(w.document()->project().spaces.size(), qsizetype(2));
        QTRY_VERIFY_WITH_TIMEOUT(w.liveRun()->isReady(), 120000);
        QCOMPARE(w.liveRun()->demo()->spaceNames(), (QStringList{"walk", "jog"}));
        w.setSaveQuestion([] { return QMessageBox::Discard; });
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"

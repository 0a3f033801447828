// What the build chooses, shown in the window at 1280 x 720 and driven with real mouse and key
// events: the timeline shades the loop window the build chose for the shown clip and says why (a
// trim made with the handles overrides it: the line then says the loop takes the trim); the
// Motion spaces dock shows a space's turning-range warning (every loop straight) and why a space
// of another skeleton was not built, which the Messages dock names once while the others run; a
// behavioral space of the seven Bandai walk styles gets a slider per style, and the style track
// takes styles by name (its context menu, and "style" in the project file).

#include <QAbstractItemView>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include "app/gui/panels/clip_library.h"
#include "app/gui/docks/clip_library_dock.h"
#include "common/test_data.h"
#include "window_input.h"
#include "app/gui/live/live_run.h"
#include "app/gui/docks/live_steering_dock.h"
#include "app/gui/window/main_window.h"
#include "app/gui/docks/messages_dock.h"
#include "app/gui/docks/motion_spaces_dock.h"
#include "app/gui/panels/spaces_panel.h"
#include "app/gui/live/steering_demo.h"
#include "app/gui/docks/timeline_dock.h"
#include "widgets/style_editor.h"
#include "widgets/timeline.h"
#include "test_settings.h"

using namespace gs;

namespace {

QString demoProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj");
}

const char* const kBandaiStyles[7][4] = {
    // style, straight walk, left turn, right turn (the best takes in bandai/README.md)
    {"active", "032", "004", "015"},    {"elderly", "017", "021", "013"},
    {"exhausted", "015", "032", "032"}, {"feminine", "005", "012", "028"},
    {"masculine", "009", "020", "025"}, {"normal", "020", "009", "016"},
    {"youthful", "027", "023", "030"}};

using test::clickTab;
using test::drag;

void clickRow(QAbstractItemView* view, const QModelIndex& index) {
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
}

QStringList messageLines(MainWindow& w) {
    QStringList lines;
    for (int i = 0; i < w.messagesDock()->list()->count(); ++i)
        lines << w.messagesDock()->list()->item(i)->text();
    return lines;
}

QJsonObject clipEntry(const QString& id, const QString& source) {
    return {{"id", id}, {"source", source}};
}
QJsonObject spaceEntry(const QString& name, const QStringList& clips, const QString& reference) {
    return {{"name", name}, {"clips", QJsonArray::fromStringList(clips)}, {"reference", reference}};
}
bool writeProject(const QString& path, const QString& name, const QJsonArray& clips,
                  const QJsonArray& spaces, const QJsonArray& keys = {}) {
    QJsonObject p{{"format", "gaitspace-project"},
                  {"version", 1},
                  {"name", name},
                  {"clips", clips},
                  {"spaces", spaces},
                  {"settings", QJsonObject{{"fps", 30}, {"cycles", 0}}}};
    if (!keys.isEmpty()) p["style_keys"] = keys;
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(QJsonDocument(p).toJson()) > 0;
}

}  // namespace

class TestLoopWindows : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;

    MainWindow& w() { return *m_window; }

    // Opens a project as a user would and waits for its build.
    void open(const QString& path, bool untitled = false) {
        const int before = w().messagesDock()->list()->count();
        w().openProject(path, untitled);
        QTRY_VERIFY_WITH_TIMEOUT(!w().isLoading(), 120000);
        const auto said = [&](const char* what) {
            return messageLines(w()).mid(before).join('\n').contains(what);
        };
        QTRY_VERIFY_WITH_TIMEOUT(
            said("The live run uses the new build") || said("The character cannot steer"), 240000);
        QVERIFY2(said("The live run uses the new build"),
                 qPrintable(messageLines(w()).mid(before).join('\n')));
    }

private slots:
    void initTestCase() {
        GS_REQUIRE_DATA();
        QVERIFY(m_dir.isValid());
        qputenv("GAITSPACE_DATA_DIR", test::dataDir().toLocal8Bit());
        m_window = std::make_unique<MainWindow>();
        m_window->setSaveQuestion([] { return QMessageBox::Discard; });
        QVERIFY(gs::test::showActive(*m_window));
        open(demoProject(), true);
        QCOMPARE(w().size(), QSize(1280, 720));
    }

    // The demo's clips carry no hand trims: for the 90-degree turn the build loops the cycles of
    // its sharpest steady turn. The timeline shades them and says why; trimmed with the handles
    // (and built again), the loop takes the trim, and the line says so; undone, the choice is back.
    void timelineShadesTheChosenWindow() {
        ClipLibraryView* view = w().libraryDock()->view();
        auto* model = static_cast<ClipLibraryModel*>(view->model());
        QVERIFY(clickTab(w(), w().libraryDock()));
        clickRow(view, model->index(model->rowOf("walk_90r"), 0));
        QTRY_COMPARE(w().timelineDock()->currentClip(), QString("walk_90r"));
        Timeline* t = w().timelineDock()->timeline();
        QTRY_VERIFY(t->data().frames > 0);
        const TimelineData& d = t->data();
        QVERIFY(d.cyclesBuilt);
        // The window the build chose, as the build's notes have it.
        const auto built = w().liveRun()->demo()->builtCycles("walk_90r");
        QVERIFY(built && built->windowKnown);
        QCOMPARE(built->window.purpose, LoopWindow::Purpose::Turn);
        QCOMPARE(d.windowReason, QString::fromStdString(built->window.reason));
        QVERIFY(d.windowReason.startsWith("turn"));
        QVERIFY(d.windowFirst > 0 && d.windowLast < d.frames - 1 &&
                d.windowLast > d.windowFirst);  // not the whole clip
        QVERIFY(d.loopStart >= d.windowFirst - 2 &&
                d.loopEnd <= d.windowLast + 2);  // the loop inside it
        auto* line = w().findChild<QLabel*>("loopWindowLabel");
        QVERIFY(line && line->isVisible());
        QVERIFY(line->text().contains(d.windowReason));
        QVERIFY(
            line->text().contains(QString("frames %1–%2").arg(d.windowFirst).arg(d.windowLast)));
        // For a look at it: GAITSPACE_SCREENSHOTS=DIR saves the window.
        if (const QString shots = qEnvironmentVariable("GAITSPACE_SCREENSHOTS"); !shots.isEmpty())
            QVERIFY(w().screenshot().save(shots + "/loop_window.png"));
        // The shading is painted: a pixel in a lane inside the window differs from one outside.
        const QImage shot = t->grab().toImage();
        const int y = 26 + 2 * 18 + 10;  // the cycles lane, between its markers' ends
        const int inside = t->frameToX(0.5f * (d.windowFirst + d.windowLast) + 0.5f);
        const int outside = t->frameToX(std::max(0.0f, d.windowFirst - 3.0f));
        QVERIFY(d.windowFirst >= 3);
        QVERIFY(shot.pixelColor(inside, y + 8) != shot.pixelColor(outside, y + 8) ||
                shot.pixelColor(inside, 26 + 9) != shot.pixelColor(outside, 26 + 9));

        // A trim with the handles: the loop then takes the trim; the window follows it.
        const int in = d.windowFirst, out = d.frames - 1;
        const QPoint handle = t->handlePosition(true);
        drag(t, handle, QPoint(t->frameToX(float(in)), handle.y()));
        QTRY_VERIFY(w().document()->clip("walk_90r")->trimIn >= 0);
        QPushButton* build = w().motionSpacesDock()->panel()->buildButton();
        QVERIFY(clickTab(w(), w().motionSpacesDock()));
        QTRY_VERIFY(build->isVisible() && build->isEnabled());
        const int before = w().messagesDock()->list()->count();
        QTest::mouseClick(build, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(
            messageLines(w()).mid(before).join('\n').contains("The live run uses the new build"),
            180000);
        QVERIFY(clickTab(w(), w().libraryDock()));
        clickRow(view, model->index(model->rowOf("walk_90r"), 0));
        QTRY_VERIFY(t->data().frames > 0 && t->data().cyclesBuilt);
        QVERIFY(t->data().windowReason.startsWith("as trimmed"));
        QVERIFY(line->text().contains("as trimmed"));
        QVERIFY(std::abs(t->data().windowFirst - w().document()->clip("walk_90r")->trimIn) <= 1);
        QVERIFY(t->data().windowLast >= out - 1);
        // Undone: the build (asked for again) chooses the window again.
        QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier);
        QTRY_VERIFY(w().document()->clip("walk_90r")->trimIn < 0);
        QVERIFY(clickTab(w(), w().motionSpacesDock()));
        const int again = w().messagesDock()->list()->count();
        QTest::mouseClick(build, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(
            messageLines(w()).mid(again).join('\n').contains("The live run uses the new build"),
            180000);
        const auto rebuilt = w().liveRun()->demo()->builtCycles("walk_90r");
        QVERIFY(rebuilt && rebuilt->windowKnown &&
                rebuilt->window.purpose == LoopWindow::Purpose::Turn);
    }

    // A space of straight walks is built but warned of (every loop straight) in the Motion spaces
    // dock; a space of another skeleton is not built, named once in the messages and in the dock;
    // the live run steers with the rest.
    void spacesSayWhatTheBuildNoticed() {
        const QString cmu = "${GAITSPACE_DATA_DIR}/cmu/", bandai = "${GAITSPACE_DATA_DIR}/bandai/";
        const QJsonArray clips{
            clipEntry("right", cmu + "16_19.bvh"),
            clipEntry("walk", cmu + "16_15.bvh"),
            clipEntry("left", cmu + "16_17.bvh"),
            clipEntry("walk2", cmu + "16_16.bvh"),
            clipEntry("b_walk", bandai + "dataset-2_walk_normal_020.bvh"),
            clipEntry("b_left", bandai + "dataset-2_walk-turn-left_normal_009.bvh")};
        const QJsonArray spaces{spaceEntry("walk", {"right", "walk", "left"}, "walk"),
                                spaceEntry("straight", {"walk", "walk2"}, "walk"),
                                spaceEntry("bandai", {"b_walk", "b_left"}, "b_walk")};
        const QString path = m_dir.filePath("noticed.gsproj");
        QVERIFY(writeProject(path, "noticed", clips, spaces));
        const int before = w().messagesDock()->list()->count();
        open(path);
        const QStringList lines = messageLines(w()).mid(before);
        QCOMPARE(lines.filter("Motion space 'bandai' was not built").size(), 1);
        QVERIFY(lines.filter("Motion space 'bandai' was not built")
                    .first()
                    .contains("different skeleton"));
        QCOMPARE(w().liveRun()->demo()->spaceNames(), QStringList({"walk", "straight"}));
        QTRY_VERIFY(w().isSteering());

        MotionSpacesPanel* panel = w().motionSpacesDock()->panel();
        QVERIFY(clickTab(w(), w().motionSpacesDock()));
        QTRY_VERIFY(panel->spaceList()->isVisible());
        auto* notes = panel->findChild<QLabel*>("spaceNotes");
        QVERIFY(notes);
        clickRow(panel->spaceList(), panel->spaceList()->model()->index(1, 0));  // straight
        QTRY_VERIFY(notes->isVisible());
        QVERIFY(panel->spaceNotes().contains("every loop of 'straight' goes nearly straight"));
        const QRect r(notes->mapTo(&w(), QPoint(0, 0)), notes->size());
        QVERIFY2(QRect(0, 0, 1280, 720).contains(r), "the warning is on screen");
        clickRow(panel->spaceList(),
                 panel->spaceList()->model()->index(0, 0));  // walk: turns both ways
        QTRY_VERIFY(panel->spaceNotes().isEmpty());
        QVERIFY(!notes->isVisible());
        clickRow(panel->spaceList(), panel->spaceList()->model()->index(2, 0));  // bandai
        QTRY_VERIFY(panel->spaceNotes().contains("Not built"));
        QVERIFY(panel->spaceNotes().contains("different skeleton"));
    }

    // The seven Bandai walk styles in one behavioral space: a slider per style, each on screen at
    // 1280 x 720 and moved with its keys; the track's context menu adds a key of one style by
    // name and sets a key to another (undoable); a key written by name in the file is read back.
    void sevenStyles() {
        QJsonArray clips, spaces;
        QStringList names;
        const QString bandai = "${GAITSPACE_DATA_DIR}/bandai/";
        for (const auto& s : kBandaiStyles) {
            const QString style = s[0];
            names << style;
            clips << clipEntry(
                         style + "_right",
                         bandai + QString("dataset-2_walk-turn-right_%1_%2.bvh").arg(style, s[3]))
                  << clipEntry(style, bandai + QString("dataset-2_walk_%1_%2.bvh").arg(style, s[1]))
                  << clipEntry(
                         style + "_left",
                         bandai + QString("dataset-2_walk-turn-left_%1_%2.bvh").arg(style, s[2]));
            spaces << spaceEntry(style, {style + "_right", style, style + "_left"}, style);
        }
        const QJsonArray keys{
            QJsonObject{{"time", 2.0}, {"style", "feminine"}},
            QJsonObject{{"time", 6.0},
                        {"weights", QJsonObject{{"elderly", 0.5}, {"youthful", 0.5}}}}};
        const QString path = m_dir.filePath("bandai7.gsproj");
        QVERIFY(writeProject(path, "Bandai walk styles", clips, spaces, keys));
        open(path);
        QCOMPARE(w().liveRun()->demo()->spaceNames(), names);
        // The keys named in the file.
        const auto& fileKeys = w().document()->project().styleKeys;
        QCOMPARE(fileKeys.size(), size_t(2));
        QCOMPARE(fileKeys[0].weights, std::vector<float>({0, 0, 0, 1, 0, 0, 0}));
        QCOMPARE(fileKeys[1].weights, std::vector<float>({0, 0.5f, 0, 0, 0, 0, 0.5f}));

        QVERIFY(clickTab(w(), w().steeringDock()));
        StyleEditor* editor = w().steeringDock()->styleEditor();
        QTRY_COMPARE(editor->styles(), names);
        QDockWidget* dock = w().steeringDock();
        for (const QString& name : names) {
            auto* slider = dock->findChild<QSlider*>("style_" + name);
            QVERIFY2(slider, qPrintable(name));
            // On screen, inside the dock (scrolled into view if the dock scrolls).
            if (auto* area = dock->findChild<QScrollArea*>()) area->ensureWidgetVisible(slider);
            QTRY_VERIFY2(slider->isVisible() && slider->visibleRegion().boundingRect().height() >=
                                                    slider->height() / 2,
                         qPrintable(name));
            const QRect r(slider->mapTo(&w(), QPoint(0, 0)), slider->size());
            QVERIFY2(QRect(0, 0, 1280, 720).contains(r), qPrintable(name));
            QVERIFY(r.width() >= 100);
        }
        // Once a key sets the style (the first at 2 s of the run) the sliders are locked and say
        // so; Edit key lets them change that key: the masculine slider to the top with the
        // keyboard, and the run's target follows.
        auto* masculine = dock->findChild<QSlider*>("style_masculine");
        QTRY_VERIFY_WITH_TIMEOUT(editor->drivingKey() >= 0, 30000);
        QVERIFY(!masculine->isEnabled());
        QTest::mouseClick(dock->findChild<QPushButton*>("editStyleKey"), Qt::LeftButton);
        QVERIFY(masculine->isEnabled());
        QTest::mouseClick(masculine, Qt::LeftButton, {},
                          QPoint(masculine->width() - 4, masculine->height() / 2));
        masculine->setFocus();
        QTest::keyClick(masculine, Qt::Key_End);
        QCOMPARE(editor->targets()[4], 1.0f);
        QTRY_VERIFY_WITH_TIMEOUT(w().liveRun()->demo()->styleWeights()[4] > 0.99f, 20000);
        QTest::mouseClick(dock->findChild<QPushButton*>("editStyleKey"), Qt::LeftButton);  // done
        QVERIFY(!masculine->isEnabled());

        // The style track by name: right-click on an empty place, "Add key: exhausted".
        StyleKeyTrack* track = editor->findChild<StyleKeyTrack*>();
        QVERIFY(track && track->isVisible());
        const int steps = w().document()->undoStack()->count();
        auto pick = [](const QString& text) {
            QTimer::singleShot(300, [text] {
                auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
                if (!menu) return;
                for (QAction* a : menu->actions())
                    if (a->text() == text) {
                        QTest::mouseClick(menu, Qt::LeftButton, {},
                                          menu->actionGeometry(a).center());
                        return;
                    }
                menu->close();
            });
        };
        const QPoint at(int(track->xOf(10.0)), track->height() / 2);
        pick("Add key: exhausted");
        QContextMenuEvent add(QContextMenuEvent::Mouse, at, track->mapToGlobal(at));
        QApplication::sendEvent(track, &add);
        QTRY_COMPARE(w().document()->project().styleKeys.size(), size_t(3));
        QCOMPARE(w().document()->undoStack()->count(), steps + 1);
        const ProjectStyleKey added = w().document()->project().styleKeys[2];
        QVERIFY(std::abs(added.seconds - 10.0) < 0.2);
        QCOMPARE(added.weights, std::vector<float>({0, 0, 1, 0, 0, 0, 0}));
        QTRY_COMPARE(track->keys().size(), size_t(3));
        QVERIFY(track->keyText(2).contains("exhausted 1.00"));
        // On that key: "Set key to youthful".
        pick("Set key to youthful");
        QContextMenuEvent set(QContextMenuEvent::Mouse, at, track->mapToGlobal(at));
        QApplication::sendEvent(track, &set);
        QTRY_COMPARE(w().document()->project().styleKeys[2].weights,
                     std::vector<float>({0, 0, 0, 0, 0, 0, 1}));
        QCOMPARE(w().document()->undoStack()->undoText(),
                 QString("Set style key at 10.0 s to youthful"));
        QTest::keyClick(track, Qt::Key_Z, Qt::ControlModifier);
        QTest::keyClick(track, Qt::Key_Z, Qt::ControlModifier);
        QTRY_COMPARE(w().document()->project().styleKeys.size(), size_t(2));
        // Saved, the keys read back by position as they were.
        QVERIFY(w().document()->saveCopy(m_dir.filePath("saved.gsproj")));
        auto back = Project::load(m_dir.filePath("saved.gsproj"));
        QVERIFY2(back, back ? "" : back.message().c_str());
        QCOMPARE(back->styleKeys, w().document()->project().styleKeys);
    }

    void cleanupTestCase() { m_window.reset(); }
};

QTEST_MAIN(TestLoopWindows)
#include "tst_loop_windows.moc"

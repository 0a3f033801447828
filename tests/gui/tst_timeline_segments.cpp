// The timeline's segments lane: a take's segments (core/analysis/segments.h) shown under the foot
// lanes; clicked (Ctrl for more) they are selected, and "Make clips" adds each to the library as
// a clip trimmed from the take, tagged with its gait, in one undo step that undo takes back.

#include <QApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

#include "app/document/project_document.h"
#include "app/gui/docks/timeline_dock.h"
#include "app/project/project.h"
#include "common/test_data.h"
#include "widgets/timeline.h"
#include "widgets/viewport.h"
#include "test_settings.h"
#include "window_input.h"

using namespace gs;

class TestTimelineSegments : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void selectedSegmentsBecomeClips() {
        GS_REQUIRE_DATA();
        QVERIFY(m_dir.isValid());
        const QString path = m_dir.filePath("take.gsproj");
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            const QJsonObject project{
                {"format", "gaitspace-project"},
                {"version", 1},
                {"name", "a take"},
                {"clips",
                 QJsonArray{QJsonObject{{"id", "take"}, {"source", test::cmuClip("16_17")}}}},
                {"spaces", QJsonArray{}},
                {"settings", QJsonObject{{"fps", 30}, {"cycles", 0}}}};
            f.write(QJsonDocument(project).toJson());
        }
        auto project = Project::load(path);
        QVERIFY2(project.isOk(), project ? "" : project.message().c_str());
        ProjectDocument doc;
        doc.reset(std::move(*project));
        doc.waitForBackground();
        QTRY_VERIFY(doc.clipAnalysis("take") != nullptr);

        QWidget window;
        window.resize(1000, 500);
        auto* view = new Viewport(&window);
        view->setGeometry(0, 0, 1000, 300);
        TimelineDock dock(&doc, view, &window);
        dock.setGeometry(0, 300, 1000, 200);
        QVERIFY(test::showActive(window));
        dock.showClip("take");
        Timeline* t = dock.timeline();
        QTRY_VERIFY(!t->data().segments.empty());

        // 16_17 walks straight, turns 90 degrees left, walks straight.
        const auto& segments = t->data().segments;
        QStringList labels;
        for (const TimelineSegment& s : segments) labels << s.label;
        QCOMPARE(labels, QStringList({"straight", "turn_left", "straight"}));
        QCOMPARE(segments.front().first, 0);
        QCOMPARE(segments.back().last, 128);

        auto* make = dock.findChild<QToolButton*>("segmentsToClips");
        QVERIFY(make);
        QVERIFY(!make->isEnabled());
        // A click selects the turn; Ctrl+click adds the straight after it.
        QTest::mouseClick(t, Qt::LeftButton, {}, t->segmentPosition(1));
        QCOMPARE(t->selectedSegments(), std::vector<int>({1}));
        QTest::mouseClick(t, Qt::LeftButton, Qt::ControlModifier, t->segmentPosition(2));
        QCOMPARE(t->selectedSegments(), std::vector<int>({1, 2}));
        QVERIFY(make->isEnabled());
        // Clicking the lane does not scrub or trim.
        QCOMPARE(t->trimIn(), 0);
        QCOMPARE(t->trimOut(), 128);

        const int steps = doc.undoStack()->count();
        QTest::mouseClick(make, Qt::LeftButton);
        QCOMPARE(doc.clipCount(), 3);
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        const ProjectClip* turn = doc.clip("take_turn_left");
        const ProjectClip* after = doc.clip("take_straight");
        QVERIFY(turn && after);
        QCOMPARE(turn->trimIn, segments[1].first);
        QCOMPARE(turn->trimOut, segments[1].last);
        QCOMPARE(after->trimIn, segments[2].first);
        QCOMPARE(after->trimOut, segments[2].last);
        QCOMPARE(turn->source, doc.clip("take")->source);
        QCOMPARE(turn->style, QString("walk"));
        QVERIFY(turn->clip.has_value());
        QCOMPARE(turn->clip->frameCount(), segments[1].last - segments[1].first + 1);
        QVERIFY(turn->error.isEmpty());

        // One undo takes both back; redo brings both.
        doc.undoStack()->undo();
        QCOMPARE(doc.clipCount(), 1);
        doc.undoStack()->redo();
        QCOMPARE(doc.clipCount(), 3);
        QVERIFY(doc.clip("take_turn_left"));
    }
};

QTEST_MAIN(TestTimelineSegments)
#include "tst_timeline_segments.moc"

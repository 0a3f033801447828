// Find similar in the window: a library of CMU walks (16_15, 16_16) and a run (16_45); the
// timeline's Find similar button asks for the shown clip's trim span (one walk cycle of 16_15),
// or for the segment selected in its segments lane; the Similar spans dock lists the other walk
// cycles cheapest first, never the span itself nor the run, and one click on a row's "Make clip"
// adds a clip trimmed to that span from its file as one undo step that undo takes back.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>

#include "app/document/background_task.h"
#include "app/document/project_document.h"
#include "app/gui/docks/similar_spans_dock.h"
#include "app/gui/docks/timeline_dock.h"
#include "app/project/project.h"
#include "common/test_data.h"
#include "test_settings.h"
#include "widgets/timeline.h"
#include "widgets/viewport.h"
#include "window_input.h"

using namespace gs;

class TestFindSimilarWindow : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void findAndMakeClip() {
        GS_REQUIRE_DATA();
        QVERIFY(m_dir.isValid());
        const QString path = m_dir.filePath("walks.gsproj");
        {
            QJsonArray clips;
            for (const char* id : {"16_15", "16_16", "16_45"})
                clips.append(QJsonObject{{"id", id}, {"source", test::cmuClip(id)}});
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(
                QJsonDocument(QJsonObject{{"format", "gaitspace-project"},
                                          {"version", 1},
                                          {"name", "walks and a run"},
                                          {"clips", clips},
                                          {"spaces", QJsonArray{}},
                                          {"settings", QJsonObject{{"fps", 30}, {"cycles", 0}}}})
                    .toJson());
        }
        auto project = Project::load(path);
        QVERIFY2(project.isOk(), project ? "" : project.message().c_str());
        ProjectDocument doc;
        doc.reset(std::move(*project));
        doc.waitForBackground();
        for (const char* id : {"16_15", "16_16", "16_45"})
            QTRY_VERIFY(doc.clipAnalysis(id) != nullptr);

        QWidget window;
        window.resize(1000, 600);
        auto* view = new Viewport(&window);
        view->setGeometry(0, 0, 1000, 250);
        TimelineDock timeline(&doc, view, &window);
        timeline.setGeometry(0, 250, 1000, 150);
        SimilarSpansDock similar(&doc, &window);
        similar.setGeometry(0, 400, 1000, 200);
        connect(&timeline, &TimelineDock::findSimilarRequested, &similar,
                &SimilarSpansDock::findSimilar);
        QVERIFY(test::showActive(window));

        // One walk cycle of 16_15 (right foot strike to the next) as its trim, then Find similar.
        QVERIFY(doc.setTrim("16_15", 16, 51));
        timeline.showClip("16_15");
        QTRY_VERIFY(timeline.isShowing());
        auto* find = timeline.findChild<QToolButton*>("findSimilar");
        QVERIFY(find);
        QSignalSpy asked(&timeline, &TimelineDock::findSimilarRequested);
        QTest::mouseClick(find, Qt::LeftButton);
        QCOMPARE(asked.count(), 1);
        QCOMPARE(asked.front().at(0).toString(), QString("16_15"));
        QCOMPARE(asked.front().at(1).toInt(), 16);
        QCOMPARE(asked.front().at(2).toInt(), 51);
        QTRY_VERIFY_WITH_TIMEOUT(!similar.matches().empty(), 60000);
        similar.task()->waitForFinished();

        // The other cycles of both walks, cheapest first; not the query; not the run.
        const auto& matches = similar.matches();
        QCOMPARE(similar.list()->topLevelItemCount(), int(matches.size()));
        int walk16 = 0;
        for (size_t k = 0; k < matches.size(); ++k) {
            const SimilarSpansDock::Match& m = matches[k];
            if (k > 0) QVERIFY(m.cost >= matches[k - 1].cost);
            QVERIFY(m.clip == "16_15" || m.clip == "16_16");
            QVERIFY(m.cost < 0.08f);
            if (m.clip == "16_15") QVERIFY(m.first >= 45 || m.last <= 22);
            walk16 += m.clip == "16_16";
        }
        QVERIFY(walk16 >= 2);
        QVERIFY2(similar.status().contains("like 16_15 frames 16-51"),
                 qPrintable(similar.status()));

        // One click makes the first 16_16 match a clip: a trim of 16_16's file, one undo step.
        int row = 0;
        while (matches[row].clip != "16_16") ++row;
        const SimilarSpansDock::Match m = matches[row];
        auto* make = qobject_cast<QPushButton*>(
            similar.list()->itemWidget(similar.list()->topLevelItem(row), 4));
        QVERIFY(make);
        const int clips = doc.clipCount(), steps = doc.undoStack()->count();
        QTest::mouseClick(make, Qt::LeftButton);
        QCOMPARE(doc.clipCount(), clips + 1);
        QCOMPARE(doc.undoStack()->count(), steps + 1);
        const QString id = doc.project().clips.back().id;
        const ProjectClip* made = doc.clip(id);
        QVERIFY(made);
        QCOMPARE(made->source, doc.clip("16_16")->source);
        QCOMPARE(made->trimIn, m.first);
        QCOMPARE(made->trimOut, m.last);
        QVERIFY(made->clip.has_value());
        QCOMPARE(made->clip->frameCount(), m.last - m.first + 1);
        QVERIFY(doc.undoStack()->undoText().contains(id));
        doc.undoStack()->undo();
        QCOMPARE(doc.clipCount(), clips);
        QVERIFY(!doc.clip(id));

        // A segment selected in the segments lane is searched for instead of the trim span.
        Timeline* lane = timeline.timeline();
        QTRY_VERIFY(!lane->data().segments.empty());
        QTest::mouseClick(lane, Qt::LeftButton, {}, lane->segmentPosition(0));
        QCOMPARE(lane->selectedSegments(), std::vector<int>({0}));
        QTest::mouseClick(find, Qt::LeftButton);
        QCOMPARE(asked.count(), 2);
        QCOMPARE(asked.back().at(1).toInt(), lane->data().segments[0].first);
        QCOMPARE(asked.back().at(2).toInt(), lane->data().segments[0].last);
        similar.task()->waitForFinished();

        // A span outside the clip is refused in words, and nothing is listed.
        similar.findSimilar("16_15", 100, 500);
        QVERIFY(similar.matches().empty());
        QVERIFY(similar.status().contains("not a span of '16_15'"));
    }
};

QTEST_MAIN(TestFindSimilarWindow)
#include "tst_find_similar_window.moc"

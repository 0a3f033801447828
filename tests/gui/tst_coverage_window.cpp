// Coverage and "Add the mirror of this turn" in the Motion spaces dock, on a CMU walk space with
// right turns only (16_19, 16_20) and straight clips (16_15, 16_16): the dock says the left side
// is missing and names 16_19 to mirror; the selected turn's mirror is added to the space as one
// undo step (a clip "16_19_mirror" with "mirror": true, turning the other way), undone and redone;
// once built the space turns left as tight as right and the missing line is gone; the mirror of
// the mirror is the clip itself (refused while the space holds 16_19, given back when it does
// not); a straight clip has no turn to mirror.

#include <QAction>
#include <QDockWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>

#include "app/document/project_document.h"
#include "app/document/space_commands.h"
#include "app/gui/docks/motion_spaces_dock.h"
#include "app/gui/live/live_run.h"
#include "app/gui/live/steering_demo.h"
#include "app/gui/panels/spaces_panel.h"
#include "app/gui/window/main_window.h"
#include "common/generated_bvh.h"
#include "common/test_data.h"
#include "core/clip/root_motion.h"
#include "test_settings.h"

using namespace gs;

namespace {

QByteArray rightTurnsProject() {
    QJsonArray clips, ids;
    for (const char* id : {"16_19", "16_20", "16_15", "16_16"}) {
        clips.append(QJsonObject{
            {"id", id}, {"source", QStringLiteral("${GAITSPACE_DATA_DIR}/cmu/%1.bvh").arg(id)}});
        ids.append(id);
    }
    const QJsonObject project{
        {"format", "gaitspace-project"},
        {"version", 1},
        {"name", "CMU walk, right turns only"},
        {"clips", clips},
        {"spaces",
         QJsonArray{QJsonObject{{"name", "walk"}, {"clips", ids}, {"reference", "16_15"}}}},
        {"settings",
         QJsonObject{
             {"fps", 30}, {"cycles", 0}, {"style_increment", 0.1}, {"max_blend_rate", 0.1}}}};
    return QJsonDocument(project).toJson();
}

float headingChange(const ProjectClip* c) {
    return c && c->clip ? rootMotionStats(*c->clip).headingChange : 0.0f;
}

}  // namespace

class TestCoverageWindow : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
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

    // Selects the clip `id` alone in the space's clip table.
    bool select(const QString& id) {
        SpaceClipTable* table = m_panel->clipTable();
        table->clearSelection();
        for (int row = 0; row < table->rowCount(); ++row)
            if (table->item(row, 0) && table->item(row, 0)->data(Qt::UserRole).toString() == id) {
                table->selectRow(row);
                return true;
            }
        return false;
    }

    QStringList walkClips() const { return m_doc->project().spaces[0].clipIds; }

private slots:
    void initTestCase() {
        GS_REQUIRE_DATA();
        qputenv("GAITSPACE_DATA_DIR", gs::test::dataDir().toLocal8Bit());
        const QString path = m_dir.filePath("right_turns.gsproj");
        test::writeBytes(path, rightTurnsProject());
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1280, 720);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_window->openProject(path);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->isSteering(), 180000);
        m_panel = m_window->motionSpacesDock()->panel();
        m_doc = m_window->document();
        auto* dock = m_window->findChild<QDockWidget*>("analysis_motionspaces");
        QVERIFY(dock);
        dock->show();
        dock->raise();
        m_panel->setCurrentSpace(0);
        QCOMPARE(m_panel->clipTable()->rowCount(), 4);
    }

    // The dock shows what the built space covers and what is missing, naming 16_19 to mirror.
    void coverageShown() {
        GS_REQUIRE_DATA();
        const QString text = m_panel->coverageText();
        QVERIFY2(text.contains("Coverage: tightest turn left "), qPrintable(text));
        QVERIFY2(text.contains("Stops: no; starts: no"), qPrintable(text));
        QVERIFY2(text.contains("Missing: walk cannot turn left"), qPrintable(text));
        QVERIFY2(text.contains("capture a walk turning left, or mirror 16_19"), qPrintable(text));
        QVERIFY2(!text.contains("cannot turn right"), qPrintable(text));
        auto* action = m_panel->clipTable()->findChild<QAction*>("spaceAddMirrorAction");
        QVERIFY(action);
        QCOMPARE(action->text(), QStringLiteral("Add the mirror of this turn"));
    }

    // Add Mirror on 16_19: one undo step adds a mirrored clip of its own to the space; undone,
    // the clip and the member are gone; redone, both are back.
    void mirrorIsOneUndoStep() {
        GS_REQUIRE_DATA();
        QUndoStack* undo = m_doc->undoStack();
        const int steps = undo->count();
        const int clips = m_doc->clipCount();
        QVERIFY(select("16_19"));
        QTest::mouseClick(m_panel->mirrorButton(), Qt::LeftButton);
        QCOMPARE(undo->count(), steps + 1);
        QCOMPARE(undo->undoText(), QStringLiteral("Add the mirror of 16_19 to walk"));
        QCOMPARE(m_doc->clipCount(), clips + 1);
        const ProjectClip* mirror = m_doc->clip("16_19_mirror");
        QVERIFY(mirror);
        QVERIFY(mirror->mirror);
        QCOMPARE(mirror->source, m_doc->clip("16_19")->source);
        QVERIFY(mirror->error.isEmpty());
        QVERIFY(walkClips().contains("16_19_mirror"));
        // It turns the other way, by the same angle.
        const float original = headingChange(m_doc->clip("16_19"));
        QVERIFY(original < -1.0f);
        QVERIFY(std::abs(headingChange(mirror) + original) < 1e-3f);
        // Saved with its key.
        bool saved = false;
        for (const QJsonValue& v : m_doc->project().toJson()["clips"].toArray())
            saved =
                saved || (v.toObject()["id"] == "16_19_mirror" && v.toObject()["mirror"] == true);
        QVERIFY(saved);

        undo->undo();
        QCOMPARE(m_doc->clipCount(), clips);
        QVERIFY(!m_doc->clip("16_19_mirror"));
        QVERIFY(!walkClips().contains("16_19_mirror"));
        undo->redo();
        QCOMPARE(m_doc->clipCount(), clips + 1);
        QVERIFY(m_doc->clip("16_19_mirror") && m_doc->clip("16_19_mirror")->mirror);
        QVERIFY(walkClips().contains("16_19_mirror"));
    }

    // Built with the mirror, the space turns left and nothing says the left side is missing.
    void builtWithTheMirror() {
        GS_REQUIRE_DATA();
        QVERIFY(buildAndWait());
        const QString text = m_panel->coverageText();
        QVERIFY2(!text.contains("cannot turn"), qPrintable(text));
        const BakedSpaceFile& baked = m_window->liveRun()->demo()->crowd()->baked();
        QCOMPARE(baked.space.spaces[0].clips.size(), size_t(5));
        const GoalSpaceMotion& left = baked.goalSpaces[0].left;
        QVERIFY(left.turnRate > 0.0f);
        QVERIFY2(left.speed / left.turnRate < 1.0f, qPrintable(text));
    }

    // The mirror of the mirror is 16_19: refused while the space holds it; when it does not, the
    // space takes 16_19 back (no new clip), as one undo step.
    void mirrorOfTheMirror() {
        GS_REQUIRE_DATA();
        QSignalSpy messages(m_doc, &ProjectDocument::message);
        QUndoStack* undo = m_doc->undoStack();
        const int steps = undo->count();
        QVERIFY(select("16_19_mirror"));
        QVERIFY(!m_panel->addMirrorOfSelection());
        QCOMPARE(undo->count(), steps);
        QVERIFY(!messages.isEmpty());
        const QString refusal = messages.last().at(1).toString();
        QVERIFY2(refusal.contains("The mirror of 16_19_mirror is 16_19, which walk already holds"),
                 qPrintable(refusal));

        QVERIFY(spaces::removeClips(m_doc, 0, {"16_19"}));
        const int clips = m_doc->clipCount();
        QVERIFY(select("16_19_mirror"));
        QVERIFY(m_panel->addMirrorOfSelection());
        QCOMPARE(undo->count(), steps + 2);
        QCOMPARE(m_doc->clipCount(), clips);
        QVERIFY(walkClips().contains("16_19"));
        QVERIFY(!m_doc->clip("16_19")->mirror);
        undo->undo();
        QVERIFY(!walkClips().contains("16_19"));
        undo->undo();
        QVERIFY(walkClips().contains("16_19"));
        QCOMPARE(undo->index(), steps);
    }

    // A straight clip has no turn to mirror; nothing is added.
    void straightRefused() {
        GS_REQUIRE_DATA();
        QSignalSpy messages(m_doc, &ProjectDocument::message);
        const int clips = m_doc->clipCount();
        QVERIFY(select("16_15"));
        QVERIFY(!m_panel->addMirrorOfSelection());
        QCOMPARE(m_doc->clipCount(), clips);
        QVERIFY(!messages.isEmpty());
        QVERIFY2(messages.last().at(1).toString().contains("16_15 goes straight"),
                 qPrintable(messages.last().at(1).toString()));
    }
};

QTEST_MAIN(TestCoverageWindow)
#include "tst_coverage_window.moc"

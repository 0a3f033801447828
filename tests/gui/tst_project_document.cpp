// The project document: imports in the background (good files load, bad ones are reported once
// and change nothing), every edit undoes and redoes, and a saved project reopens the same from
// another folder. Saving keeps what the user opened and set: sources named as
// ${GAITSPACE_DATA_DIR}/... stay so (an untitled copy of the demo too, and files imported from
// that folder), others are relative to the project; numbers are written as short as they read
// back; the style set with the sliders is saved, read back by space name, and undoable.

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "core/clip/mirror.h"
#include "app/document/project_document.h"
#include "common/generated_bvh.h"
#include "common/test_data.h"
#include "test_settings.h"

using namespace gs;

namespace {

QString demoProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj");
}

// Imports and waits for the result: (loaded, failed).
std::pair<int, int> importAndWait(ProjectDocument& doc, const QStringList& files) {
    QSignalSpy finished(&doc, &ProjectDocument::importFinished);
    doc.importFiles(files);
    if (!finished.wait(60000)) return {-1, -1};
    return {finished.front()[0].toInt(), finished.front()[1].toInt()};
}

}  // namespace

class TestProjectDocument : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qputenv("GAITSPACE_DATA_DIR", test::dataDir().toLocal8Bit()); }

    void importReportsBadFilesOnceAndKeepsTheGoodOnes() {
        QTemporaryDir dir;
        const QString good = dir.filePath("good.bvh"), bad = dir.filePath("broken.bvh");
        test::writeBytes(good, test::generatedBvh(40));
        test::writeBytes(bad, "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0\n");
        ProjectDocument doc;
        QSignalSpy messages(&doc, &ProjectDocument::message);
        QCOMPARE(importAndWait(doc, {good}), std::make_pair(1, 0));
        QCOMPARE(doc.clipCount(), 1);
        const QJsonObject before = doc.project().toJson();
        messages.clear();
        QCOMPARE(importAndWait(doc, {bad}), std::make_pair(0, 1));
        QCOMPARE(doc.project().toJson(), before);  // the library is intact
        int errors = 0;
        for (const auto& m : messages)
            if (m[0].value<ProjectDocument::Level>() == ProjectDocument::Level::Error) {
                ++errors;
                QVERIFY2(m[1].toString().startsWith("broken.bvh: "), qPrintable(m[1].toString()));
            }
        QCOMPARE(errors, 1);
        QCOMPARE(doc.undoStack()->count(), 1);  // a failed import is no edit

        // Good and bad together: the good one loads.
        QCOMPARE(importAndWait(doc, {bad, good}), std::make_pair(1, 1));
        QCOMPARE(doc.clipCount(), 2);
        QCOMPARE(doc.project().clips[1].id, QStringLiteral("good_2"));
        doc.undoStack()->undo();
        QCOMPARE(doc.project().toJson(), before);
    }

    void editsUndoAndRedo() {
        QTemporaryDir dir;
        const QString a = dir.filePath("a.bvh");
        test::writeBytes(a, test::generatedBvh(60));
        ProjectDocument doc;
        QCOMPARE(importAndWait(doc, {a}), std::make_pair(1, 0));
        QVERIFY(doc.isModified());
        QVERIFY(doc.clipAnalysis("a"));
        QCOMPARE(doc.clipAnalysis("a")->source.frameCount(), 60);

        QVERIFY(doc.setTrim("a", 10, 39));
        QCOMPARE(doc.clip("a")->trimIn, 10);
        QCOMPARE(doc.clip("a")->trimOut, 39);
        QCOMPARE(doc.clip("a")->clip->frameCount(), 30);
        QVERIFY(!doc.setTrim("a", 20, 20));  // two frames at least
        QVERIFY(doc.renameClip("a", "walk"));
        QVERIFY(!doc.renameClip("walk", ""));
        doc.setClipStyle("walk", "walk");
        QCOMPARE(doc.clip("walk")->style, QStringLiteral("walk"));
        doc.removeClip("walk");
        QCOMPARE(doc.clipCount(), 0);
        QCOMPARE(doc.undoStack()->count(), 5);  // import, trim, rename, style, delete

        doc.undoStack()->undo();  // delete
        QCOMPARE(doc.clipCount(), 1);
        QVERIFY(doc.clipAnalysis("walk"));
        doc.undoStack()->undo();  // style
        QVERIFY(doc.clip("walk")->style.isEmpty());
        doc.undoStack()->undo();  // rename
        QVERIFY(doc.clip("a"));
        doc.undoStack()->undo();  // trim
        QCOMPARE(doc.clip("a")->trimIn, -1);
        QCOMPARE(doc.clip("a")->clip->frameCount(), 60);
        doc.undoStack()->redo();
        QCOMPARE(doc.clip("a")->clip->frameCount(), 30);
        doc.undoStack()->undo();
        doc.undoStack()->undo();  // import
        QCOMPARE(doc.clipCount(), 0);
        QVERIFY(!doc.isModified());
    }

    void deleteAndRenameFollowSpaces() {
        GS_REQUIRE_DATA();
        auto p = Project::load(demoProject());
        QVERIFY2(p.isOk(), p.message().c_str());
        ProjectDocument doc;
        doc.reset(std::move(*p));
        QVERIFY(doc.renameClip("walk", "walk_straight"));
        QVERIFY(doc.project().spaces[0].clipIds.contains("walk_straight"));
        QCOMPARE(doc.project().spaces[0].reference, QStringLiteral("walk_straight"));
        doc.removeClip("walk_90l");
        QVERIFY(!doc.project().spaces[0].clipIds.contains("walk_90l"));
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        auto again = Project::load(demoProject());
        QCOMPARE(doc.project().toJson(), again->toJson());
        QVERIFY(!doc.isModified());
        doc.waitForBackground();
    }

    // Several clips deleted at once are one undo step, and their spaces lose them together;
    // keep_style is an undoable setting saved with the project.
    void deleteManyAndKeepStyle() {
        GS_REQUIRE_DATA();
        auto p = Project::load(demoProject());
        QVERIFY2(p.isOk(), p.message().c_str());
        ProjectDocument doc;
        doc.reset(std::move(*p));
        const int clips = doc.clipCount();
        const QStringList three = {doc.project().clips[0].id, doc.project().clips[1].id,
                                   doc.project().clips[2].id};
        doc.removeClips(three + QStringList{"no such clip"});
        QCOMPARE(doc.clipCount(), clips - 3);
        QCOMPARE(doc.undoStack()->count(), 1);
        for (const ProjectSpace& s : doc.project().spaces)
            for (const QString& id : three) QVERIFY(!s.clipIds.contains(id));
        doc.undoStack()->undo();
        QCOMPARE(doc.clipCount(), clips);
        QCOMPARE(doc.project().toJson(), Project::load(demoProject())->toJson());

        QVERIFY(!doc.project().settings.keepStyle);
        QSignalSpy changed(&doc, &ProjectDocument::settingsChanged);
        doc.setKeepStyle(true);
        QCOMPARE(changed.count(), 1);
        QVERIFY(doc.project().toJson()["settings"].toObject()["keep_style"].toBool());
        QTemporaryDir dir;
        QVERIFY(doc.saveCopy(dir.filePath("kept.gsproj")));
        QVERIFY(Project::load(dir.filePath("kept.gsproj"))->settings.keepStyle);
        doc.undoStack()->undo();
        QVERIFY(!doc.project().settings.keepStyle);
        QVERIFY(!doc.project().toJson()["settings"].toObject().contains("keep_style"));
        doc.waitForBackground();
    }

    void saveElsewhereReopensTheSame() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath("deeper/still"));
        ProjectDocument doc;
        QCOMPARE(importAndWait(doc, {test::cmuClip("16_15"), test::cmuClip("16_35")}),
                 std::make_pair(2, 0));
        QVERIFY(doc.setTrim("16_15", 5, 80));
        doc.setClipStyle("16_35", "run");
        const QString first = dir.filePath("first.gsproj");
        QVERIFY(doc.save(first).isOk());
        QVERIFY(!doc.isModified());
        QCOMPARE(doc.path(), first);
        QVERIFY(QFileInfo(doc.project().clips[0].source).isRelative());
        auto reopened = Project::load(first);
        QVERIFY2(reopened.isOk(), reopened.message().c_str());
        QVERIFY2(reopened->errors().isEmpty(), qPrintable(reopened->errors().join('\n')));
        QCOMPARE(reopened->toJson(), doc.project().toJson());
        QCOMPARE(reopened->clip("16_15")->clip->frameCount(),
                 doc.clip("16_15")->clip->frameCount());
        QCOMPARE(reopened->clip("16_35")->style, QStringLiteral("run"));

        // Save As into another folder: the relative sources are rebased and still resolve.
        const QString second = dir.filePath("deeper/still/second.gsproj");
        QVERIFY(doc.save(second).isOk());
        auto moved = Project::load(second);
        QVERIFY2(moved.isOk(), moved.message().c_str());
        QVERIFY2(moved->errors().isEmpty(), qPrintable(moved->errors().join('\n')));
        QCOMPARE(moved->resolve(moved->clips[0].source),
                 reopened->resolve(reopened->clips[0].source));
        QCOMPARE(moved->clip("16_15")->trimIn, 5);
        QCOMPARE(moved->clip("16_15")->trimOut, 80);
    }

    // A mirrored entry stays mirrored when its trim is edited: the document remakes the clip
    // from its source as the project reader does (trimmed, then mirrored).
    void trimKeepsTheMirror() {
        QTemporaryDir dir;
        test::writeBytes(dir.filePath("walk.bvh"), test::generatedBvh(60));
        const QString path = dir.filePath("m.gsproj");
        test::writeBytes(path, R"({"format":"gaitspace-project","version":1,"clips":[
            {"id":"plain","source":"walk.bvh"},{"id":"mirrored","source":"walk.bvh","mirror":true}]})");
        auto project = Project::load(path);
        QVERIFY2(project.isOk(), project.message().c_str());
        ProjectDocument doc;
        doc.reset(*project);
        QTRY_VERIFY_WITH_TIMEOUT(doc.clipAnalysis("plain") && doc.clipAnalysis("mirrored"), 30000);
        QVERIFY(doc.setTrim("plain", 5, 40));
        QVERIFY(doc.setTrim("mirrored", 5, 40));
        const Clip& plain = *doc.project().clip("plain")->clip;
        const Clip& mirrored = *doc.project().clip("mirrored")->clip;
        auto expected = mirrorClip(plain, "mirrored");
        QVERIFY2(expected.isOk(), expected.message().c_str());
        QCOMPARE(mirrored.frameCount(), plain.frameCount());
        QCOMPARE(mirrored.rotations.size(), expected->rotations.size());
        float fromExpected = 0.0f, fromPlain = 0.0f;
        for (size_t i = 0; i < mirrored.rotations.size(); ++i) {
            fromExpected = std::max(
                fromExpected,
                glm::length(glm::vec4(mirrored.rotations[i].x - expected->rotations[i].x,
                                      mirrored.rotations[i].y - expected->rotations[i].y,
                                      mirrored.rotations[i].z - expected->rotations[i].z,
                                      mirrored.rotations[i].w - expected->rotations[i].w)));
            fromPlain = std::max(
                fromPlain, glm::length(glm::vec4(mirrored.rotations[i].x - plain.rotations[i].x,
                                                 mirrored.rotations[i].y - plain.rotations[i].y,
                                                 mirrored.rotations[i].z - plain.rotations[i].z,
                                                 mirrored.rotations[i].w - plain.rotations[i].w)));
        }
        QVERIFY2(fromExpected < 1e-5f, qPrintable(QString::number(fromExpected)));
        QVERIFY2(fromPlain > 1e-2f,
                 qPrintable(QString::number(fromPlain)));  // it really is mirrored
        doc.waitForBackground();
    }

    void sourcesKeepTheFormTheyWereOpenedIn() {
        QTemporaryDir dir;
        const QDir root(dir.path());
        QVERIFY(root.mkpath("data/cmu") && root.mkpath("projects/a") && root.mkpath("elsewhere/b"));
        test::writeBytes(root.filePath("data/cmu/walk.bvh"), test::generatedBvh(40));
        test::writeBytes(root.filePath("data/cmu/run.bvh"), test::generatedBvh(40));
        test::writeBytes(root.filePath("projects/a/local.bvh"), test::generatedBvh(40));
        const QString opened = root.filePath("projects/a/demo.gsproj");
        test::writeBytes(opened, R"({"format":"gaitspace-project","version":1,"clips":[
            {"id":"walk","source":"${GAITSPACE_DATA_DIR}/cmu/walk.bvh"},{"id":"local","source":"local.bvh"}]})");
        const QByteArray dataBefore = qgetenv("GAITSPACE_DATA_DIR");
        qputenv("GAITSPACE_DATA_DIR", root.filePath("data").toLocal8Bit());
        auto project = Project::load(opened);
        QVERIFY2(project.isOk(), project.message().c_str());
        QVERIFY2(project->errors().isEmpty(), qPrintable(project->errors().join('\n')));

        // The demo as the window opens it: an untitled copy, saved somewhere else, with a file
        // imported from the data folder meanwhile.
        ProjectDocument doc;
        doc.resetAsUntitledCopy(*project);
        QCOMPARE(doc.dataDir(), root.filePath("data"));
        QCOMPARE(importAndWait(doc, {root.filePath("data/cmu/run.bvh")}), std::make_pair(1, 0));
        const QString saved = root.filePath("elsewhere/b/mine.gsproj");
        QVERIFY(doc.save(saved).isOk());
        auto back = Project::load(saved);
        QVERIFY2(back.isOk(), back.message().c_str());
        QStringList sources;
        for (const ProjectClip& c : back->clips) sources << c.source;
        QCOMPARE(sources,
                 QStringList({"${GAITSPACE_DATA_DIR}/cmu/walk.bvh", "../../projects/a/local.bvh",
                              "${GAITSPACE_DATA_DIR}/cmu/run.bvh"}));
        QVERIFY2(back->errors().isEmpty(), qPrintable(back->errors().join('\n')));
        // The document names the same files as before.
        for (size_t i = 0; i < doc.project().clips.size(); ++i)
            QCOMPARE(doc.project().resolve(doc.project().clips[i].source),
                     back->resolve(back->clips[i].source));
        doc.waitForBackground();
        qputenv("GAITSPACE_DATA_DIR", dataBefore);
    }

    // Numbers as short as they read back: 0.1, not the float widened to 0.10000000149011612.
    void numbersAreWrittenShortest() {
        Project p;
        p.name = "numbers";
        p.settings.styleIncrement = 0.1f;
        p.settings.maxBlendRate = 0.3f;
        p.settings.styleTransitionSeconds = 1.1f;
        ProjectClip c;
        c.id = "a";
        c.source = "a.bvh";
        c.unitScale = 0.0254f;
        p.clips.push_back(c);
        ProjectSpace s;
        s.name = "walk";
        s.clipIds = {"a"};
        s.bentTurnRadii = {4.5f, 6.3f};
        p.spaces.push_back(s);
        p.styleKeys.push_back({2.0, {0.7f}});
        p.style = {0.7f};
        const QByteArray text = QJsonDocument(p.toJson()).toJson(QJsonDocument::Compact);
        for (const char* shortest : {"\"style_increment\":0.1,", "\"max_blend_rate\":0.3,",
                                     "\"style_transition_seconds\":1.1", "\"unit_scale\":0.0254",
                                     "[4.5,6.3]", "\"weights\":[0.7]", "\"style\":{\"walk\":0.7}"})
            QVERIFY2(text.contains(shortest),
                     qPrintable(QString::fromUtf8(text) + " lacks " + shortest));
        QVERIFY(!text.contains("0000000"));
        // ... and read back as the same floats.
        const QJsonObject o = QJsonDocument::fromJson(text).object();
        QCOMPARE(static_cast<float>(o["settings"].toObject()["style_increment"].toDouble()), 0.1f);
        QCOMPARE(static_cast<float>(o["clips"].toArray()[0].toObject()["unit_scale"].toDouble()),
                 0.0254f);
    }

    // The style set with the sliders: saved by space name, read back in the spaces' order, refused
    // with the path at fault when it names no space or weighs nothing; successive changes are one
    // undo step.
    void styleIsSavedAndUndoable() {
        QTemporaryDir dir;
        const auto write = [&](const QByteArray& style) {
            const QString path = dir.filePath("style.gsproj");
            test::writeBytes(path,
                             R"({"format":"gaitspace-project","version":1,"clips":[],"spaces":[
                {"name":"walk","clips":[]},{"name":"jog","clips":[]}],"style":)" +
                                 style + "}");
            return path;
        };
        auto read = Project::load(write(R"({"jog":0.59,"walk":0.41})"));
        QVERIFY2(read.isOk(), read.message().c_str());
        QCOMPARE(read->style, std::vector<float>({0.41f, 0.59f}));
        QVERIFY(read->warnings.isEmpty());
        auto unknown = Project::load(write(R"({"run":1})"));
        QVERIFY(!unknown.isOk());
        QVERIFY2(QString::fromStdString(unknown.message())
                     .endsWith("style.run: not the name of a space"),
                 unknown.message().c_str());
        auto nothing = Project::load(write(R"({"walk":0,"jog":0})"));
        QVERIFY(!nothing.isOk());
        QVERIFY2(QString::fromStdString(nothing.message()).contains("style: the weights sum to 0"),
                 nothing.message().c_str());
        auto wrong = Project::load(write(R"({"walk":1.5})"));
        QVERIFY(!wrong.isOk());
        QVERIFY2(QString::fromStdString(wrong.message())
                     .contains("style.walk: 1.5 is above the limit 1"),
                 wrong.message().c_str());

        ProjectDocument doc;
        doc.reset(*read);
        QSignalSpy changed(&doc, &ProjectDocument::styleWeightsChanged);
        doc.setStyleWeights({0.5f, 0.5f});
        doc.setStyleWeights({0.2f, 0.8f});  // a slider dragged on: the same step
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(doc.undoStack()->text(0), QString("Style walk 0.20, jog 0.80"));
        QCOMPARE(changed.size(), 2);
        QVERIFY(doc.isModified());
        doc.undoStack()->undo();
        QCOMPARE(doc.styleWeights(), std::vector<float>({0.41f, 0.59f}));
        doc.undoStack()->redo();
        QCOMPARE(doc.styleWeights(), std::vector<float>({0.2f, 0.8f}));
        const QString path = dir.filePath("saved.gsproj");
        QVERIFY(doc.save(path).isOk());
        auto back = Project::load(path);
        QVERIFY2(back.isOk(), back.message().c_str());
        QCOMPARE(back->style, std::vector<float>({0.2f, 0.8f}));
        QCOMPARE(back->toJson()["style"].toObject(), doc.project().toJson()["style"].toObject());
    }

    // The style track is part of the document: keys and the transition are undoable edits, and a
    // saved project reopens with them.
    void styleTrackUndoesAndReopens() {
        GS_REQUIRE_DATA();
        auto demo = Project::load(demoProject());
        QVERIFY2(demo.isOk(), demo.message().c_str());
        QCOMPARE(demo->spaces.size(), size_t(2));
        ProjectDocument doc;
        doc.reset(*demo);
        QSignalSpy keysChanged(&doc, &ProjectDocument::styleKeysChanged);
        doc.setStyleKeys({{8.0, {0.0f, 1.0f}}, {1.5, {1.0f, 0.0f}}}, "two keys");
        QCOMPARE(keysChanged.size(), 1);
        QCOMPARE(doc.styleKeys().size(), size_t(2));
        QCOMPARE(doc.styleKeys().front().seconds, 1.5);  // sorted
        doc.setStyleTransition(true, 0.1f, 2.0f);
        doc.setStyleTransition(true, 0.1f, 2.5f);  // merges with the last step
        QCOMPARE(doc.undoStack()->count(), 2);
        QVERIFY(doc.project().settings.styleByTransition);
        QCOMPARE(doc.project().settings.styleTransitionSeconds, 2.5f);
        doc.undoStack()->undo();
        QVERIFY(!doc.project().settings.styleByTransition);
        QCOMPARE(doc.project().settings.styleTransitionSeconds, 1.0f);
        doc.undoStack()->undo();
        QVERIFY(doc.styleKeys().empty());
        doc.undoStack()->redo();
        doc.undoStack()->redo();
        QCOMPARE(doc.styleKeys().size(), size_t(2));
        QCOMPARE(doc.project().settings.styleTransitionSeconds, 2.5f);

        QTemporaryDir dir;
        const QString path = dir.filePath("styled.gsproj");
        QVERIFY(doc.save(path).isOk());
        auto back = Project::load(path);
        QVERIFY2(back.isOk(), back.message().c_str());
        QVERIFY(back->styleKeys == doc.styleKeys());
        QVERIFY(back->settings.styleByTransition);
        QCOMPARE(back->settings.styleTransitionSeconds, 2.5f);
        QCOMPARE(back->toJson(), doc.project().toJson());

        // The character is an undoable edit too.
        QSignalSpy characterChanged(&doc, &ProjectDocument::characterChanged);
        ProjectCharacter c;
        c.source = dir.filePath("model.glb");
        c.texture = dir.filePath("skin.png");
        doc.setCharacter(c, "dress");
        QCOMPARE(characterChanged.size(), 1);
        QCOMPARE(doc.project().character.texture, c.texture);
        doc.undoStack()->undo();
        QVERIFY(doc.project().character.source.isEmpty() &&
                doc.project().character.texture.isEmpty());
        QCOMPARE(characterChanged.size(), 2);
        doc.waitForBackground();
    }
};

QTEST_GUILESS_MAIN(TestProjectDocument)
#include "tst_project_document.moc"

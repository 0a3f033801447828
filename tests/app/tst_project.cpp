// Project files: the demo project opens, saves and reopens; each bad entry is marked with a clear
// error naming the project, the entry and the cause, and the rest still opens.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include <glm/geometric.hpp>

#include "app/project/project.h"
#include "app/project/project_level.h"
#include "core/level/level_mesh.h"
#include "core/clip/root_motion.h"
#include "common/test_data.h"

using namespace gs;

namespace {

QString demoProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj");
}

void write(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

}  // namespace

class TestProject : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qputenv("GAITSPACE_DATA_DIR", test::dataDir().toLocal8Bit()); }

    void demoOpensAndRoundTrips() {
        GS_REQUIRE_DATA();
        auto p = Project::load(demoProject());
        QVERIFY2(p.isOk(), p.message().c_str());
        QVERIFY2(p->errors().isEmpty(), qPrintable(p->errors().join('\n')));
        QCOMPARE(p->spaces.size(), size_t(2));
        QCOMPARE(p->clips.size(), size_t(10));
        QVERIFY(p->clip("walk")->clip.has_value());
        QCOMPARE(p->clip("walk")->clip->fps, 30.0f);
        auto desc = p->behavioralDesc();
        QVERIFY2(desc.isOk(), desc.message().c_str());
        QCOMPARE(desc->spaces.size(), size_t(2));
        QCOMPARE(desc->spaces[0].reference, 2);

        // Saved somewhere else, relative paths are kept relative to the project as written.
        QTemporaryDir dir;
        const QString copy = dir.filePath("copy.gsproj");
        QVERIFY(p->save(copy).isOk());
        auto again = Project::load(copy);
        QVERIFY(again.isOk());
        QCOMPARE(again->toJson(), p->toJson());
        QVERIFY(again->errors().isEmpty());
    }

    void trimAndRelativePaths() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        const QString clip = QDir(dir.path()).relativeFilePath(test::cmuClip("16_15"));
        const QString path = dir.filePath("trim.gsproj");
        write(path, QStringLiteral(R"({"format":"gaitspace-project","version":1,
            "clips":[{"id":"a","source":"%1","trim":[10,59]}],"spaces":[]})")
                        .arg(clip)
                        .toUtf8());
        auto p = Project::load(path);
        QVERIFY2(p.isOk(), p.message().c_str());
        QVERIFY2(p->clip("a")->error.isEmpty(), qPrintable(p->clip("a")->error));
        QCOMPARE(p->clip("a")->clip->frameCount(), 50);
    }

    void styleTagRoundTrips() {
        QTemporaryDir dir;
        const QString path = dir.filePath("style.gsproj");
        write(path, R"({"format":"gaitspace-project","version":1,
            "clips":[{"id":"a","source":"a.bvh","style":"jog"},{"id":"b","source":"b.bvh"}],"spaces":[]})");
        auto p = Project::load(path);
        QVERIFY2(p.isOk(), p.message().c_str());
        QVERIFY(p->warnings.isEmpty());  // a known key
        QCOMPARE(p->clips[0].style, QStringLiteral("jog"));
        QVERIFY(p->clips[1].style.isEmpty());
        const QJsonArray clips = p->toJson()["clips"].toArray();
        QCOMPARE(clips[0].toObject()["style"].toString(), QStringLiteral("jog"));
        QVERIFY(!clips[1].toObject().contains("style"));  // none is not written
        write(path, R"({"format":"gaitspace-project","version":1,
            "clips":[{"id":"a","source":"a.bvh","style":3}],"spaces":[]})");
        auto bad = Project::load(path);
        QVERIFY(!bad.isOk());
        QVERIFY2(
            QString::fromStdString(bad.message()).contains("clips[0].style: 3 is not a string"),
            bad.message().c_str());
    }

    void characterBlockRoundTrips() {
        QTemporaryDir dir;
        const QString path = dir.filePath("character.gsproj");
        write(path, R"({"format":"gaitspace-project","version":1,"clips":[],"spaces":[],
            "character":{"source":"model.glb","texture":"skin.png",
                         "joint_map":{"pelvis":"Hips","thigh.L":"LeftUpLeg"}}})");
        auto p = Project::load(path);
        QVERIFY2(p.isOk(), p.message().c_str());
        QCOMPARE(p->character.source, QStringLiteral("model.glb"));
        QCOMPARE(p->character.texture, QStringLiteral("skin.png"));
        QCOMPARE(p->character.jointMap.size(), size_t(2));
        QCOMPARE(p->resolve(p->character.source), dir.filePath("model.glb"));
        const QString copy = dir.filePath("copy.gsproj");
        QVERIFY(p->save(copy).isOk());
        auto again = Project::load(copy);
        QVERIFY(again.isOk());
        QCOMPARE(again->toJson()["character"], p->toJson()["character"]);
    }

    // "level": its source and agent round-trip (defaults left out), and bake for that agent.
    void levelBlockRoundTrips() {
        QTemporaryDir dir;
        const QString path = dir.filePath("level.gsproj");
        QVERIFY(QFile::copy(QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/levels/demo_level.glb"),
                            dir.filePath("demo_level.glb")));
        write(path, R"({"format":"gaitspace-project","version":1,"clips":[],"spaces":[],
            "level":{"source":"demo_level.glb","radius":0.35,"max_slope_deg":30}})");
        auto p = Project::load(path);
        QVERIFY2(p.isOk(), p.message().c_str());
        QCOMPARE(p->level.source, QStringLiteral("demo_level.glb"));
        QCOMPARE(p->level.agent.radius, 0.35f);
        QCOMPARE(p->level.agent.maxSlopeDeg, 30.0f);
        QCOMPARE(p->level.agent.height, NavAgentSettings{}.height);
        const QJsonObject level = p->toJson()["level"].toObject();
        QCOMPARE(level.keys(), QStringList({"max_slope_deg", "radius", "source"}));
        auto baked = bakeProjectLevel(*p);
        QVERIFY2(baked, baked.message().c_str());
        QCOMPARE(baked->baked.info.agent.radius, 0.35f);
        QVERIFY(baked->report.polygons > 10);
        // A level made in decimetres with Z up: its units round-trip, and it bakes as the same
        // level in metres with Y up.
        LevelMesh turned = *readLevelMesh(dir.filePath("demo_level.glb").toStdString());
        for (glm::vec3& v : turned.vertices) v = glm::vec3(v.x, -v.z, v.y) * 10.0f;
        QVERIFY(writeLevelMesh(turned, dir.filePath("dm_z_up.obj").toStdString()));
        const QString dmPath = dir.filePath("dm.gsproj");
        write(dmPath, R"({"format":"gaitspace-project","version":1,"clips":[],"spaces":[],
            "level":{"source":"dm_z_up.obj","scale":0.1,"up":"z","radius":0.35,
                     "max_slope_deg":30}})");
        auto dm = Project::load(dmPath);
        QVERIFY2(dm.isOk(), dm.message().c_str());
        QCOMPARE(dm->level.units.metresPerUnit, 0.1f);
        QVERIFY(dm->level.units.zUp);
        const QJsonObject dmLevel = dm->toJson()["level"].toObject();
        QVERIFY(std::abs(dmLevel["scale"].toDouble() - 0.1) < 1e-6);
        QCOMPARE(dmLevel["up"].toString(), QStringLiteral("z"));
        auto dmBaked = bakeProjectLevel(*dm);
        QVERIFY2(dmBaked, dmBaked.message().c_str());
        QVERIFY(glm::distance(dmBaked->baked.info.boundsMin, baked->baked.info.boundsMin) < 1e-3f);
        QVERIFY(glm::distance(dmBaked->baked.info.boundsMax, baked->baked.info.boundsMax) < 1e-3f);
        QVERIFY2(std::abs(dmBaked->report.polygons - baked->report.polygons) <= 2,
                 QByteArray::number(dmBaked->report.polygons) + " against " +
                     QByteArray::number(baked->report.polygons));
        // No level: said, naming the project.
        Project none = *p;
        none.level.source.clear();
        auto refused = bakeProjectLevel(none);
        QVERIFY(!refused);
        QVERIFY2(refused.message().starts_with("level.gsproj: the project names no level"),
                 refused.message().c_str());
        QVERIFY(!none.toJson().contains("level"));
        // A level file that is not there: named with the cause.
        none.level.source = "missing.glb";
        refused = bakeProjectLevel(none);
        QVERIFY(!refused);
        QVERIFY2(refused.message().starts_with("missing.glb: "), refused.message().c_str());
    }

    // A clip names one animation of a file of several; it is read, saved back and imported.
    void animationOfAFile() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        const QString path = dir.filePath("walk.gsproj");
        write(path, R"({"format":"gaitspace-project","version":1,
            "clips":[
              {"id":"walk","animation":"Walk",
               "source":"${GAITSPACE_DATA_DIR}/characters/quaternius_casual_female/Casual_Female.gltf"},
              {"id":"fly","animation":"Fly",
               "source":"${GAITSPACE_DATA_DIR}/characters/quaternius_casual_female/Casual_Female.gltf"}]})");
        auto p = Project::load(path);
        QVERIFY2(p.isOk(), p.message().c_str());
        QCOMPARE(p->clips[0].animation, QStringLiteral("Walk"));
        QVERIFY2(p->clips[0].error.isEmpty(), qPrintable(p->clips[0].error));
        QVERIFY(p->clips[0].clip && p->clips[0].rootMotionSource.fromFeet);
        QVERIFY(p->clips[1].error.startsWith("no animation 'Fly' in the file"));
        QCOMPARE(p->toJson()["clips"].toArray()[0].toObject()["animation"].toString(),
                 QStringLiteral("Walk"));

        write(path, QStringLiteral(R"({"format":"gaitspace-project","version":1,
            "clips":[{"id":"walk","source":"x.glb","animation":"%1"}]})")
                        .arg(QString(300, 'a'))
                        .toUtf8());
        auto tooLong = Project::load(path);
        QVERIFY(!tooLong.isOk());
        QVERIFY2(
            QString::fromStdString(tooLong.message())
                .contains("clips[0].animation: a name of 300 characters is above the limit 256"),
            tooLong.message().c_str());
    }

    void badEntries() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.gsproj");
        write(path, R"({"format":"gaitspace-project","version":1,
            "clips":[
              {"id":"good","source":"${GAITSPACE_DATA_DIR}/cmu/16_15.bvh"},
              {"id":"good2","source":"${GAITSPACE_DATA_DIR}/cmu/16_16.bvh"},
              {"id":"gone","source":"no/such/file.bvh"},
              {"id":"other","source":"${GAITSPACE_DATA_DIR}/cmu/cgspeed/16_11.bvh"}],
            "spaces":[
              {"name":"ok","clips":["good","good2"]},
              {"name":"unknown","clips":["good","nope"]},
              {"name":"empty","clips":[]},
              {"name":"single","clips":["good"]},
              {"name":"missing","clips":["good","gone"]},
              {"name":"mixed","clips":["good","other"]}]})");
        auto p = Project::load(path);
        QVERIFY2(p.isOk(), p.message().c_str());
        const QStringList errors = p->errors();
        QCOMPARE(errors.size(), 5);  // the missing clip and four spaces (one clip alone is a space)
        auto has = [&](const QString& a, const QString& b) {
            for (const QString& e : errors)
                if (e.startsWith("bad.gsproj: ") && e.contains(a) && e.contains(b)) return true;
            return false;
        };
        QVERIFY(has("clip 'gone'", "not found"));
        QVERIFY(has("space 'unknown'", "unknown clip 'nope'"));
        QVERIFY(has("space 'empty'", "has no clips"));
        QVERIFY(has("space 'missing'", "'gone'"));
        QVERIFY(has("space 'mixed'", "different skeleton"));
        QVERIFY(p->clip("good")->clip.has_value());
        auto desc = p->behavioralDesc();
        QVERIFY(desc.isOk());
        QCOMPARE(desc->spaces.size(), size_t(2));  // only the good spaces
    }

    // spaces[].bent_turns_m: each radius adds a left and a right turn bent from every straight
    // clip of the space (core/loops/path_bend.h), named for the window and the CLI, after the
    // clips; the key is written back as it was read. A turn clip is not bent, and a space of turns
    // only that asks for bent turns says why it cannot have them.
    void bentTurns() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        const QString path = dir.filePath("bent.gsproj");
        write(path, R"({"format":"gaitspace-project","version":1,
            "clips":[
              {"id":"straight","source":"${GAITSPACE_DATA_DIR}/cmu/16_15.bvh","trim":[5,115]},
              {"id":"left","source":"${GAITSPACE_DATA_DIR}/cmu/16_11.bvh"}],
            "spaces":[
              {"name":"walk","clips":["straight","left"],"reference":"straight","bent_turns_m":[3, 6.5]},
              {"name":"turns","clips":["left"],"bent_turns_m":[4]}]})");
        auto p = Project::load(path);
        QVERIFY2(p.isOk(), p.message().c_str());
        QVERIFY2(p->warnings.isEmpty(), qPrintable(p->warnings.join('\n')));  // a key it knows
        const QStringList errors = p->errors();
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors[0].contains("space 'turns'") &&
                     errors[0].contains("none of its clips is straight"),
                 qPrintable(errors[0]));
        auto desc = p->behavioralDesc();
        QVERIFY2(desc.isOk(), desc.message().c_str());
        QCOMPARE(desc->spaces.size(), size_t(1));
        const MotionSpaceDesc& walk = desc->spaces[0];
        QCOMPARE(walk.clips.size(), size_t(6));
        QStringList names;
        for (const Clip& c : walk.clips) names << QString::fromStdString(c.name);
        QCOMPARE(names, (QStringList{"straight", "left", "straight (bent left 3 m)",
                                     "straight (bent right 3 m)", "straight (bent left 6.5 m)",
                                     "straight (bent right 6.5 m)"}));
        QCOMPARE(walk.reference, 0);
        QCOMPARE(walk.trimmed, (std::vector<std::uint8_t>{1, 0, 1, 1, 1, 1}));  // as the clip bent
        // Each bent clip turns the way and at the radius its name says.
        const RootMotionStats straight = rootMotionStats(walk.clips[0]);
        for (int i = 2; i < 6; ++i) {
            const float radius = i < 4 ? 3.0f : 6.5f, sign = i % 2 == 0 ? 1.0f : -1.0f;
            const RootMotionStats bent = rootMotionStats(walk.clips[i]);
            const float perMetre = (bent.headingChange - straight.headingChange) / bent.pathLength;
            QVERIFY2(std::abs(perMetre - sign / radius) < 0.02f / radius, qPrintable(names[i]));
        }

        QVERIFY(p->save(dir.filePath("again.gsproj")).isOk());
        auto again = Project::load(dir.filePath("again.gsproj"));
        QVERIFY(again.isOk());
        QCOMPARE(again->toJson()["spaces"], p->toJson()["spaces"]);
        QCOMPARE(again->spaces[0].bentTurnRadii, (std::vector<float>{3.0f, 6.5f}));
    }

    void badBentTurns_data() {
        QTest::addColumn<QByteArray>("radii");
        QTest::addColumn<QString>("expected");
        QTest::newRow("too tight")
            << QByteArray("[1.5]") << "spaces[0].bent_turns_m[0]: 1.5 is below the limit 2";
        QTest::newRow("too wide") << QByteArray("[5000]")
                                  << "spaces[0].bent_turns_m[0]: 5000 is above the limit 1000";
        QTest::newRow("not a number")
            << QByteArray(R"(["6"])") << "spaces[0].bent_turns_m[0]: \"6\" is not a number";
        QTest::newRow("twice") << QByteArray("[6, 4, 6]")
                               << "spaces[0].bent_turns_m[2]: the radius 6 m is listed twice";
        QTest::newRow("too many") << QByteArray("[2, 3, 4, 5, 6]")
                                  << "spaces[0].bent_turns_m: 5 entries are above the limit 4";
        QTest::newRow("not a list")
            << QByteArray("6") << "spaces[0].bent_turns_m: 6 is not an array";
    }
    void badBentTurns() {
        QFETCH(QByteArray, radii);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath("broken.gsproj");
        write(path, R"({"format":"gaitspace-project","version":1,"clips":[],
            "spaces":[{"name":"walk","clips":[],"bent_turns_m":)" +
                        radii + "}]}");
        auto p = Project::load(path);
        QVERIFY(!p.isOk());
        const QString message = QString::fromStdString(p.message());
        QVERIFY2(message == "broken.gsproj: " + expected, qPrintable(message));
    }

    void malformedFiles_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << QByteArray("{\"format\": ") << "not valid JSON";
        QTest::newRow("wrong format")
            << QByteArray(R"({"format":"x","version":1,"clips":[]})") << "not a Gaitspace project";
        QTest::newRow("future version")
            << QByteArray(R"({"format":"gaitspace-project","version":9,"clips":[]})")
            << "version: 9 is not supported";
        QTest::newRow("level radius")
            << QByteArray(R"({"format":"gaitspace-project","version":1,"clips":[],
                             "level":{"source":"a.glb","radius":9}})")
            << "level.radius: 9 is above the limit 5";
        QTest::newRow("level scale")
            << QByteArray(R"({"format":"gaitspace-project","version":1,"clips":[],
                             "level":{"source":"a.glb","scale":0}})")
            << "level.scale: 0 must be above 0";
        QTest::newRow("level up") << QByteArray(
                                         R"({"format":"gaitspace-project","version":1,"clips":[],
                             "level":{"source":"a.glb","up":"x"}})")
                                  << "level.up: \"x\" is not \"y\" or \"z\"";
        QTest::newRow("level without source")
            << QByteArray(R"({"format":"gaitspace-project","version":1,"clips":[],
                             "level":{"radius":0.3}})")
            << "level.source: missing";
        QTest::newRow("clips not array")
            << QByteArray(R"({"format":"gaitspace-project","version":1,"clips":{}})")
            << "clips: {} is not an array";
    }
    void malformedFiles() {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath("broken.gsproj");
        write(path, text);
        auto p = Project::load(path);
        QVERIFY(!p.isOk());
        const QString message = QString::fromStdString(p.message());
        QVERIFY2(message.startsWith("broken.gsproj: ") && message.contains(expected),
                 qPrintable(message));
        QVERIFY(!Project::load(dir.filePath("absent.gsproj")).isOk());
    }
};

QTEST_GUILESS_MAIN(TestProject)
#include "tst_project.moc"

// Hostile projects: every value of a .gsproj is type- and range-checked before any work, and a
// wrong one refuses the file with one line naming the JSON path; unknown keys are kept and
// reported once; trims are in source frames. The CLI prints each failure as one line naming the
// file once. Inputs (projects and BVH clips) are generated here.

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

#include <filesystem>

#include "app/project/project.h"
#include "common/cli_run.h"
#include "common/generated_bvh.h"

using namespace gs;

namespace {

QJsonObject baseProject() {
    return QJsonDocument::fromJson(R"({"format":"gaitspace-project","version":1,"name":"hostile",
        "clips":[{"id":"a","source":"a.bvh"},{"id":"b","source":"b.bvh","trim":[2,100]}],
        "spaces":[{"name":"walk","clips":["a","b"],"reference":"a"}],
        "settings":{"fps":30,"cycles":0,"style_increment":0.1,"max_blend_rate":0.1,"foot_lock":true,
                    "goal_space":{"X":0,"Y":13,"Z":25,"F":40,"subdivisions":4}}})")
        .object();
}

// Sets the value at a dotted path ("settings.goal_space.F", "clips.1.trim"); creates objects.
QJsonValue setAt(const QJsonValue& node, QStringList keys, const QJsonValue& value) {
    if (keys.isEmpty()) return value;
    const QString key = keys.takeFirst();
    bool isIndex = false;
    const int index = key.toInt(&isIndex);
    if (isIndex && node.isArray()) {
        QJsonArray a = node.toArray();
        a[index] = setAt(a[index], keys, value);
        return a;
    }
    QJsonObject o = node.toObject();
    o[key] = setAt(o[key], keys, value);
    return o;
}

QJsonValue parseValue(const QByteArray& text) {
    return QJsonDocument::fromJson("[" + text + "]").array().at(0);
}

// A folder with a.bvh (120 frames) and b.bvh (120 frames) and the project written as
// hostile.gsproj.
QString writeProject(const QTemporaryDir& dir, const QByteArray& json) {
    gs::test::writeBytes(dir.filePath("a.bvh"), gs::test::generatedBvh(120));
    gs::test::writeBytes(dir.filePath("b.bvh"), gs::test::generatedBvh(120));
    const QString path = dir.filePath("hostile.gsproj");
    gs::test::writeBytes(path, json);
    return path;
}

QByteArray withValue(const QString& path, const QByteArray& value) {
    const QJsonValue v = setAt(baseProject(), path.split('.'), parseValue(value));
    return QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact);
}

}  // namespace

class TestHostileProject : public QObject {
    Q_OBJECT
private slots:
    void refused_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QString>("expected");
        auto row = [](const char* name, const char* path, const QByteArray& value,
                      const char* expected) { QTest::newRow(name) << path << value << expected; };
        // settings
        row("fps string", "settings.fps", "\"str\"", "settings.fps: \"str\" is not a number");
        row("fps 1e9", "settings.fps", "1e9", "settings.fps: 1000000000 is above the limit 240");
        row("fps 1e6", "settings.fps", "1e6", "settings.fps: 1000000 is above the limit 240");
        row("fps 0", "settings.fps", "0", "settings.fps: 0 is below the limit 1");
        row("fps null", "settings.fps", "null", "settings.fps: null is not a number");
        row("cycles 1.5", "settings.cycles", "1.5", "settings.cycles: 1.5 is not a whole number");
        row("cycles 1e10", "settings.cycles", "1e10",
            "settings.cycles: 10000000000 is above the limit 16");
        row("cycles -1", "settings.cycles", "-1", "settings.cycles: -1 is below the limit 0");
        row("style increment 0", "settings.style_increment", "0",
            "settings.style_increment: 0 must be above 0");
        row("style increment 2", "settings.style_increment", "2",
            "settings.style_increment: 2 is above the limit 1");
        row("style increment text", "settings.style_increment", "\"fast\"", "is not a number");
        row("blend rate 0", "settings.max_blend_rate", "0",
            "settings.max_blend_rate: 0 must be above 0");
        row("blend rate 1.5", "settings.max_blend_rate", "1.5",
            "settings.max_blend_rate: 1.5 is above the limit 1");
        row("foot lock text", "settings.foot_lock", "\"yes\"",
            "settings.foot_lock: \"yes\" is not true or false");
        row("settings array", "settings", "[1]", "settings: [1] is not an object");
        // goal space
        row("goal space text", "settings.goal_space", "\"big\"",
            "settings.goal_space: \"big\" is not an object");
        row("F 100000", "settings.goal_space.F", "100000",
            "settings.goal_space.F: 100000 is above the limit 600");
        row("F 0", "settings.goal_space.F", "0", "settings.goal_space.F: 0 is below the limit 1");
        row("Y 2147483647", "settings.goal_space.Y", "2147483647",
            "settings.goal_space.Y: 2147483647 is above the limit 101");
        row("Z 2147483647", "settings.goal_space.Z", "2147483647",
            "settings.goal_space.Z: 2147483647 is above the limit 101");
        row("Y 100000", "settings.goal_space.Y", "100000",
            "settings.goal_space.Y: 100000 is above the limit 101");
        row("Z 1", "settings.goal_space.Z", "1", "settings.goal_space.Z: 1 is below the limit 2");
        row("X -1", "settings.goal_space.X", "-1",
            "settings.goal_space.X: -1 is below the limit 0");
        row("X 65", "settings.goal_space.X", "65",
            "settings.goal_space.X: 65 is above the limit 64");
        row("X 2.5", "settings.goal_space.X", "2.5", "not a whole number");
        row("subdivisions 9", "settings.goal_space.subdivisions", "9",
            "subdivisions: 9 is above the limit 8");
        row("subdivisions 0", "settings.goal_space.subdivisions", "0",
            "subdivisions: 0 is below the limit 1");
        row("goal blend rate 0", "settings.goal_space.max_blend_rate", "0",
            "max_blend_rate: 0 must be above 0");
        row("budget", "settings.goal_space", R"({"X":64,"Y":101,"Z":101,"F":600,"subdivisions":8})",
            "character updates is above the budget of 10000000");
        row("budget Y Z F 100", "settings.goal_space",
            R"({"X":10,"Y":100,"Z":100,"F":101,"subdivisions":1})",
            "settings.goal_space: goal space of 10 start frames x Y 100 x Z 100 x F 101 = "
            "10100000");
        // clips
        row("trim [44]", "clips.1.trim", "[44]",
            "clips[1].trim: [44] is not a pair [in, out] of frames");
        row("trim text", "clips.1.trim", "\"44-90\"", "clips[1].trim: \"44-90\" is not a pair");
        row("trim [44, \"x\"]", "clips.1.trim", "[44, \"x\"]",
            "clips[1].trim[1]: \"x\" is not a number");
        row("trim [44, 1.5]", "clips.1.trim", "[44, 1.5]",
            "clips[1].trim[1]: 1.5 is not a whole number");
        row("trim reversed", "clips.1.trim", "[90, 44]",
            "clips[1].trim: the out frame 44 is before the in frame 90");
        row("trim huge", "clips.1.trim", "[0, 1e12]",
            "clips[1].trim[1]: 1000000000000 is above the limit 999999");
        row("trim -5", "clips.1.trim", "[-5, 10]", "clips[1].trim[0]: -5 is below the limit -1");
        row("unit scale -1", "clips.0.unit_scale", "-1",
            "clips[0].unit_scale: -1 is below the limit 1e-05");
        row("unit scale text", "clips.0.unit_scale", "\"cm\"",
            "clips[0].unit_scale: \"cm\" is not a number");
        row("unit scale 1e9", "clips.0.unit_scale", "1e9",
            "clips[0].unit_scale: 1000000000 is above the limit 1000");
        row("id number", "clips.0.id", "5", "clips[0].id: 5 is not a string");
        row("source array", "clips.0.source", "[\"a.bvh\"]",
            "clips[0].source: [\"a.bvh\"] is not a string");
        row("source of 5 MiB", "clips.0.source", '"' + QByteArray(5 << 20, 'x') + '"',
            "clips[0].source: a text of 5242880 characters is above the limit 4096");
        row("project of 50 MiB", "clips.0.source", '"' + QByteArray(50 << 20, 'x') + '"',
            "file is 52429148 bytes, above the limit of 16 MiB");
        row("clip not object", "clips.1", "7", "clips[1]: 7 is not an object");
        row("clips object", "clips", "{}", "clips: {} is not an array");
        QByteArray many = "[";
        for (int i = 0; i < 1100; ++i)
            many += QByteArray(i ? "," : "") + "{\"id\":\"c" + QByteArray::number(i) + "\"}";
        row("1100 clips", "clips", many + "]", "clips: 1100 entries are above the limit 1024");
        // spaces, character, top level
        row("space clip id number", "spaces.0.clips", "[\"a\", 5]",
            "spaces[0].clips[1]: 5 is not a clip id");
        row("space clips text", "spaces.0.clips", "\"a,b\"",
            "spaces[0].clips: \"a,b\" is not an array");
        row("space name number", "spaces.0.name", "3", "spaces[0].name: 3 is not a string");
        row("spaces object", "spaces", "{}", "spaces: {} is not an array");
        row("joint map value", "character", R"({"joint_map":{"pelvis":5}})",
            "character.joint_map.pelvis: 5 is not a joint name");
        row("character source number", "character", R"({"source":1})",
            "character.source: 1 is not a string");
        row("name number", "name", "5", "name: 5 is not a string");
        row("version text", "version", "\"1\"", "version: \"1\" is not supported");
        row("version 1.5", "version", "1.5", "version: 1.5 is not supported");
        row("version 9", "version", "9", "version: 9 is not supported");
        // style keys (one weight per space; the base project has one space) and how weights move
        row("style key weight -0.5", "style_keys",
            R"([{"time":1,"weights":[1]},{"time":2,"weights":[0.5]},{"time":3,"weights":[-0.5]}])",
            "style_keys[2].weights[0]: -0.5 is below the limit 0");
        row("style key weight 1.5", "style_keys", R"([{"time":1,"weights":[1.5]}])",
            "style_keys[0].weights[0]: 1.5 is above the limit 1");
        row("style key weight text", "style_keys", R"([{"time":1,"weights":["all"]}])",
            "style_keys[0].weights[0]: \"all\" is not a number");
        row("style key weights for 2 spaces", "style_keys", R"([{"time":1,"weights":[0.5,0.5]}])",
            "style_keys[0].weights: 2 weights for 1 spaces (one per space)");
        row("style key weights sum 0", "style_keys", R"([{"time":1,"weights":[0]}])",
            "style_keys[0].weights: the weights sum to 0");
        row("style key weights missing", "style_keys", R"([{"time":1}])",
            "style_keys[0].weights: missing");
        // ... or by name: a style, or weights by space name
        row("style key weights object, unknown space", "style_keys",
            R"([{"time":1,"weights":{"run":1}}])",
            "style_keys[0].weights.run: not the name of a space");
        row("style key weights object, weight 2", "style_keys",
            R"([{"time":1,"weights":{"walk":2}}])",
            "style_keys[0].weights.walk: 2 is above the limit 1");
        row("style key weights object, sum 0", "style_keys", R"([{"time":1,"weights":{"walk":0}}])",
            "style_keys[0].weights: the weights sum to 0");
        row("style key unknown style", "style_keys", R"([{"time":1,"style":"run"}])",
            "style_keys[0].style: \"run\" is not the name of a space");
        row("style key style and weights", "style_keys",
            R"([{"time":1,"style":"walk","weights":[1]}])",
            "style_keys[0]: give either a style or weights, not both");
        row("style key style number", "style_keys", R"([{"time":1,"style":3}])",
            "style_keys[0].style: 3 is not a string");
        row("style key time -1", "style_keys", R"([{"time":-1,"weights":[1]}])",
            "style_keys[0].time: -1 is below the limit 0");
        row("style key time 1e9", "style_keys", R"([{"time":1e9,"weights":[1]}])",
            "style_keys[0].time: 1000000000 is above the limit 3600");
        row("style key time null", "style_keys", R"([{"time":null,"weights":[1]}])",
            "style_keys[0].time: null is not a number");
        row("style key time missing", "style_keys", R"([{"weights":[1]}])",
            "style_keys[0].time: missing");
        row("style key number", "style_keys", "[5]", "style_keys[0]: 5 is not an object");
        row("style keys object", "style_keys", "{}", "style_keys: {} is not an array");
        QByteArray keys = "[";
        for (int i = 0; i < 1001; ++i)
            keys += QByteArray(i ? "," : "") + R"({"time":1,"weights":[1]})";
        row("1001 style keys", "style_keys", keys + "]",
            "style_keys: 1001 entries are above the limit 1000");
        row("style mode text", "settings.style_mode", "\"fast\"",
            "settings.style_mode: \"fast\" is not \"increment\" or \"transition\"");
        row("style mode number", "settings.style_mode", "1",
            "settings.style_mode: 1 is not a string");
        row("style transition 0", "settings.style_transition_seconds", "0",
            "settings.style_transition_seconds: 0 is below the limit 0.05");
        row("style transition 100", "settings.style_transition_seconds", "100",
            "settings.style_transition_seconds: 100 is above the limit 30");
    }
    void refused() {
        QFETCH(QString, path);
        QFETCH(QByteArray, value);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString file = writeProject(dir, withValue(path, value));
        auto p = Project::load(file);
        QVERIFY2(!p.isOk(), "accepted");
        const QString message = QString::fromStdString(p.message());
        QVERIFY2(message.startsWith("hostile.gsproj: ") && message.contains(expected),
                 qPrintable(message.left(400)));
        QCOMPARE(message.count("hostile.gsproj"), 1);
        QVERIFY(!message.contains('\n'));
        QVERIFY2(message.size() < 300, qPrintable(message.left(400)));
    }

    void validBaseOpens() {
        QTemporaryDir dir;
        const QString file = writeProject(dir, QJsonDocument(baseProject()).toJson());
        auto p = Project::load(file);
        QVERIFY2(p.isOk(), p.message().c_str());
        QVERIFY2(p->errors().isEmpty(), qPrintable(p->errors().join('\n')));
        QVERIFY(p->warnings.isEmpty());
        QCOMPARE(p->clip("a")->clip->frameCount(), 120);
        QCOMPARE(p->clip("b")->clip->frameCount(), 99);  // trim [2, 100]
    }

    // A time past any double (1e999) in the file's own text is refused, never taken as infinity.
    void styleKeyTimeOverflowRefused() {
        QTemporaryDir dir;
        QByteArray json = QJsonDocument(baseProject()).toJson(QJsonDocument::Compact);
        json.chop(1);
        json += R"(,"style_keys":[{"time":1e999,"weights":[1]}]})";
        auto p = Project::load(writeProject(dir, json));
        QVERIFY(!p.isOk());
        QVERIFY2(QString::fromStdString(p.message()).startsWith("hostile.gsproj: "),
                 p.message().c_str());
    }

    // Style keys and the transition settings: read in time order, saved back as they were.
    void styleKeysRoundTrip() {
        QTemporaryDir dir;
        QJsonObject o = baseProject();
        QJsonArray spaces = o["spaces"].toArray();
        spaces.append(QJsonObject{{"name", "jog"}, {"clips", QJsonArray{"b", "a"}}});
        o["spaces"] = spaces;
        o["style_keys"] =
            QJsonArray{QJsonObject{{"time", 6.5}, {"weights", QJsonArray{0.25, 0.75}}},
                       QJsonObject{{"time", 0}, {"weights", QJsonArray{1, 0}}},
                       QJsonObject{{"time", 2}, {"weights", QJsonArray{0, 3.0 / 7}}}};
        o = setAt(o, {"settings", "style_mode"}, "transition").toObject();
        o = setAt(o, {"settings", "style_transition_seconds"}, 2.5).toObject();
        const QString file = writeProject(dir, QJsonDocument(o).toJson());
        auto p = Project::load(file);
        QVERIFY2(p.isOk(), p.message().c_str());
        QVERIFY(p->warnings.isEmpty());
        QCOMPARE(p->styleKeys.size(), size_t(3));
        QCOMPARE(p->styleKeys[0], (ProjectStyleKey{0.0, {1.0f, 0.0f}}));
        QCOMPARE(p->styleKeys[1],
                 (ProjectStyleKey{2.0, {0.0f, 3.0f / 7}}));  // as written (used normalized)
        QCOMPARE(p->styleKeys[2], (ProjectStyleKey{6.5, {0.25f, 0.75f}}));
        QVERIFY(p->settings.styleByTransition);
        QCOMPARE(p->settings.styleTransitionSeconds, 2.5f);
        const QString again = dir.filePath("again.gsproj");
        QVERIFY(p->save(again));
        auto q = Project::load(again);
        QVERIFY2(q.isOk(), q.message().c_str());
        QVERIFY(q->styleKeys == p->styleKeys);
        QCOMPARE(q->toJson(), p->toJson());
        QCOMPARE(q->toJson()["style_keys"].toArray()[0].toObject()["time"].toDouble(), 0.0);
        // Without keys nothing is written; the default mode is the increment.
        auto base = Project::load(writeProject(dir, QJsonDocument(baseProject()).toJson()));
        QVERIFY(base.isOk());
        QVERIFY(base->styleKeys.empty() && !base->settings.styleByTransition);
        QVERIFY(!base->toJson().contains("style_keys"));
        QCOMPARE(base->toJson()["settings"].toObject()["style_mode"].toString(),
                 QStringLiteral("increment"));
    }

    // Unknown keys are kept (saved back) and each reported once, however often it appears.
    void unknownKeysKeptAndReportedOnce() {
        QTemporaryDir dir;
        QJsonObject o = baseProject();
        o["comment"] = "made by hand";
        o = setAt(o, {"clips", "0", "note"}, "left foot").toObject();
        o = setAt(o, {"clips", "1", "note"}, "right foot").toObject();
        o = setAt(o, {"settings", "future_setting"}, 3).toObject();
        o = setAt(o, {"settings", "goal_space", "W"}, 2).toObject();
        const QString file = writeProject(dir, QJsonDocument(o).toJson());
        auto p = Project::load(file);
        QVERIFY2(p.isOk(), p.message().c_str());
        QVERIFY(p->errors().isEmpty());
        QCOMPARE(p->warnings.size(),
                 4);  // comment, clips[].note once, future_setting, goal_space.W
        QVERIFY(p->warnings.contains("comment: unknown key, kept as it is"));
        QVERIFY(p->warnings.contains("clips[0].note: unknown key, kept as it is"));
        QVERIFY(p->warnings.contains("settings.future_setting: unknown key, kept as it is"));
        QVERIFY(p->warnings.contains("settings.goal_space.W: unknown key, kept as it is"));
        const QJsonObject saved = p->toJson();
        QCOMPARE(saved["comment"].toString(), QStringLiteral("made by hand"));
        QCOMPARE(saved["clips"].toArray()[1].toObject()["note"].toString(),
                 QStringLiteral("right foot"));
        QCOMPARE(saved["settings"].toObject()["future_setting"].toInt(), 3);
        QCOMPARE(saved["settings"].toObject()["goal_space"].toObject()["W"].toInt(), 2);
    }

    // 200,000 distinct unknown keys: kept, 20 warnings and a count (the load time is
    // bench_hostile's figure: it is not quadratic).
    void manyUnknownKeys() {
        QTemporaryDir dir;
        QByteArray json = QJsonDocument(baseProject()).toJson(QJsonDocument::Compact);
        json.chop(1);
        for (int i = 0; i < 200000; ++i) json += ",\"k" + QByteArray::number(i) + "\":1";
        json += "}";
        const QString file = writeProject(dir, json);
        auto p = Project::load(file);
        QVERIFY2(p.isOk(), p.message().c_str());
        QCOMPARE(p->warnings.size(), 21);
        QCOMPARE(p->warnings.last(), QStringLiteral("199980 more unknown keys, kept as they are"));
        QCOMPARE(p->extra.size(), 200000);
    }

    void duplicateClipInSpaceRefused() {
        QTemporaryDir dir;
        const QString file = writeProject(dir, withValue("spaces.0.clips", R"(["a", "b", "a"])"));
        auto p = Project::load(file);
        QVERIFY(p.isOk());
        QCOMPARE(p->errors().size(), 1);
        QVERIFY2(p->errors()[0].contains("space 'walk': lists clip 'a' twice"),
                 qPrintable(p->errors()[0]));
        QVERIFY(!p->behavioralDesc().isOk());
    }

    // Trims count source frames and are applied before resampling: at 7 fps the 47 source frames
    // [44, 90] (1.53 s) become 11 frames, not the 1 frame left when the trim came after.
    void trimBeforeResampling() {
        QTemporaryDir dir;
        QJsonObject o = setAt(baseProject(), {"clips", "1", "trim"}, QJsonArray{44, 90}).toObject();
        o = setAt(o, {"settings", "fps"}, 7).toObject();
        auto p = Project::load(writeProject(dir, QJsonDocument(o).toJson()));
        QVERIFY2(p.isOk(), p.message().c_str());
        QVERIFY2(p->clip("b")->error.isEmpty(), qPrintable(p->clip("b")->error));
        QCOMPARE(p->clip("b")->clip->fps, 7.0f);
        QCOMPARE(p->clip("b")->clip->frameCount(), 11);
        QCOMPARE(p->clip("a")->clip->frameCount(), 28);  // 119 / 30 s at 7 fps
        // Frame 44 of the source is the first frame kept: its root is 88 cm along.
        QVERIFY(std::abs(p->clip("b")->clip->rootPositions[0].z - 0.88f) < 1e-4f);
    }

    void trimPastTheEndIsAnEntryError() {
        QTemporaryDir dir;
        auto p = Project::load(writeProject(dir, withValue("clips.1.trim", "[10, 500]")));
        QVERIFY(p.isOk());
        QVERIFY2(
            p->clip("b")->error.contains("clips[1].trim: frame 500 is past the last frame 119"),
            qPrintable(p->clip("b")->error));
        QVERIFY(p->clip("a")->clip.has_value());
    }

    void clipWarningsReachTheProject() {
        QTemporaryDir dir;
        const QString file = writeProject(dir, QJsonDocument(baseProject()).toJson());
        QByteArray extra = gs::test::generatedBvh(120);
        extra += extra.split('\n').at(extra.split('\n').size() - 2) + "\n";
        gs::test::writeBytes(dir.filePath("a.bvh"), extra);
        auto p = Project::load(file);
        QVERIFY(p.isOk());
        QCOMPARE(p->warnings.size(), 1);
        QVERIFY2(p->warnings[0].startsWith("clip 'a': 1 frame line after the 120 declared"),
                 qPrintable(p->warnings[0]));
    }

    void specialFiles_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("FIFO") << "fifo"
                              << "FIFO";
        QTest::newRow("folder") << "folder"
                                << "is a folder";
        QTest::newRow("device") << "zero"
                                << "is a device";
        QTest::newRow("20 MiB") << "big"
                                << "above the limit of 16 MiB";
        QTest::newRow("missing") << "missing"
                                 << "file not found";
    }
    void specialFiles() {
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath("x.gsproj");
        if (kind == "fifo") QCOMPARE(::mkfifo(path.toLocal8Bit().constData(), 0600), 0);
        if (kind == "folder") QVERIFY(QDir(dir.path()).mkdir("x.gsproj"));
        if (kind == "zero") QVERIFY(QFile::link("/dev/zero", path));
        if (kind == "big") {
            gs::test::writeBytes(path, "{}");
            std::filesystem::resize_file(path.toStdString(), 20 << 20);
        }
        auto p = Project::load(path);
        QVERIFY(!p.isOk());
        QVERIFY2(QString::fromStdString(p.message()).startsWith("x.gsproj: ") &&
                     QString::fromStdString(p.message()).contains(expected),
                 p.message().c_str());
    }

    // The CLI: one stderr line per failure, the file named once, the cause, quickly.
    void cli_data() {
        QTest::addColumn<QStringList>("args");  // FILE stands for the generated input
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QString>("name");  // the input's file name
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected");
        QTest::newRow("play fps 1e9")
            << QStringList{"play", "FILE", "--json"} << withValue("settings.fps", "1e9")
            << "hostile.gsproj" << 1 << "settings.fps: 1000000000 is above the limit 240";
        QTest::newRow("simulate F 100000")
            << QStringList{"simulate", "FILE", "--json"}
            << withValue("settings.goal_space.F", "100000") << "hostile.gsproj" << 1
            << "settings.goal_space.F: 100000 is above the limit 600";
        QTest::newRow("simulate Y 2147483647")
            << QStringList{"simulate", "FILE"} << withValue("settings.goal_space.Y", "2147483647")
            << "hostile.gsproj" << 1 << "settings.goal_space.Y: 2147483647 is above the limit 101";
        QTest::newRow("play 50 MiB source")
            << QStringList{"play", "FILE"}
            << withValue("clips.0.source", '"' + QByteArray(50 << 20, 'x') + '"')
            << "hostile.gsproj" << 1 << "above the limit of 16 MiB";
        QTest::newRow("play 5 MiB source")
            << QStringList{"play", "FILE"}
            << withValue("clips.0.source", '"' + QByteArray(5 << 20, 'x') + '"') << "hostile.gsproj"
            << 1 << "characters is above the limit 4096";
        QTest::newRow("simulate --horizon 100000")
            << QStringList{"simulate", "FILE", "--horizon", "100000"}
            << withValue("settings.fps", "30") << "" << 2
            << "--horizon must be a whole number of frames in [1, 600]";
        QTest::newRow("inspect Frame Time 1e-300")
            << QStringList{"inspect", "FILE"}
            << gs::test::replaceLine(gs::test::generatedBvh(10),
                                     "Frame Time:", "Frame Time: 1e-300")
            << "x.bvh" << 1 << "x.bvh: line 51: Frame Time: 1e-300 s is outside [0.001, 1] s";
        QTest::newRow("inspect GLB")
            << QStringList{"inspect", "FILE"}
            << QByteArray("glTF\2\0\0\0\x18\0\0\0\xFF\xFF\xFF\xFFJSON{}  ", 24) << "x.glb" << 1
            << "cannot import as glTF binary (GLB): the first chunk claims 4294967295 bytes";
        QTest::newRow("inspect --unit-scale -1")
            << QStringList{"inspect", "FILE", "--unit-scale", "-1"} << gs::test::generatedBvh(10)
            << "" << 2 << "--unit-scale";
    }
    void cli() {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, input);
        QFETCH(QString, name);
        QFETCH(int, exitCode);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QString file;
        if (name.isEmpty() || name.endsWith(".gsproj")) {
            file = writeProject(dir, input);
        } else {
            file = dir.filePath(name);
            gs::test::writeBytes(file, input);
        }
        args.replaceInStrings("FILE", file);
        const gs::test::CliRun r = gs::test::runCli(args);
        QCOMPARE(r.exitCode, exitCode);
        const QString err = QString::fromUtf8(r.err).trimmed();
        QCOMPARE(err.count('\n'), 0);
        QVERIFY2(err.contains(expected), qPrintable(err.left(400)));
        if (!name.isEmpty()) QCOMPARE(err.count(name), 1);
        QVERIFY2(err.size() < 600, qPrintable(err.left(400)));
    }

    void cliWarnsAboutExtraFrameLines() {
        QTemporaryDir dir;
        QByteArray extra = gs::test::generatedBvh(10);
        extra += extra.split('\n').at(extra.split('\n').size() - 2) + "\n";
        const QString file = dir.filePath("extra.bvh");
        gs::test::writeBytes(file, extra);
        const gs::test::CliRun r = gs::test::runCli({"inspect", file, "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.trimmed().endsWith("extra.bvh: warning: 1 frame line after the 10 declared "
                                          "frames ignored (from line 62)"),
                 r.err.constData());
        const QJsonObject clip = r.json()["clips"].toArray()[0].toObject();
        QCOMPARE(clip["frames"].toInt(), 10);
        QCOMPARE(clip["warnings"].toArray().size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestHostileProject)
#include "tst_hostile_project.moc"

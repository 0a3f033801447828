// Hostile glTF: mutants of the shipped characters, made here, each refused by the glTF check
// before Assimp reads a byte (importClips, importClipsFromMemory and importCharacter) with one line
// naming the element and the cause; the shipped characters import exactly as before; and the
// container, JSON and uri rules on small documents built in code.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

#include "common/generated_bvh.h"
#include "common/test_data.h"
#include "core/io/character_import.h"
#include "core/io/clip_import.h"
#include "core/io/gltf_check.h"

using namespace gs;

namespace {

const QString kRobot = QStringLiteral("characters/robot_expressive/RobotExpressive.glb");
const QString kMale = QStringLiteral("characters/male_base_mesh/male_base_mesh.glb");
const QString kFemale = QStringLiteral("characters/quaternius_casual_female/Casual_Female.gltf");

QByteArray u32(quint32 v) {
    QByteArray b(4, '\0');
    for (int i = 0; i < 4; ++i) b[i] = static_cast<char>((v >> (8 * i)) & 0xFF);
    return b;
}

quint32 readU32(const QByteArray& b, qsizetype at) {
    quint32 v = 0;
    for (int i = 3; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(b[at + i]);
    return v;
}

// A glTF file taken apart: its JSON, and the BIN chunk of a GLB.
struct Model {
    QJsonObject json;
    QByteArray bin;
    bool binary = false;
};

Model readModel(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray bytes = f.readAll();
    Model m;
    m.binary = path.endsWith(".glb");
    if (!m.binary) {
        m.json = QJsonDocument::fromJson(bytes).object();
        return m;
    }
    const quint32 jsonLength = readU32(bytes, 12);
    m.json = QJsonDocument::fromJson(bytes.mid(20, jsonLength)).object();
    if (bytes.size() > 28 + qsizetype(jsonLength))
        m.bin = bytes.mid(28 + jsonLength, readU32(bytes, 20 + jsonLength));
    return m;
}

// A GLB of a JSON text and a BIN chunk (none when empty), padded as the format asks.
QByteArray glb(QByteArray json, QByteArray bin) {
    while (json.size() % 4) json += ' ';
    while (bin.size() % 4) bin += '\0';
    QByteArray body = u32(json.size()) + "JSON" + json;
    if (!bin.isEmpty()) body += u32(bin.size()) + QByteArray("BIN\0", 4) + bin;
    return "glTF" + u32(2) + u32(12 + body.size()) + body;
}

QByteArray fileBytes(const Model& m, const QByteArray& jsonText) {
    return m.binary ? glb(jsonText, m.bin) : jsonText;
}

// Edits of nested JSON values (QJsonObject holds values, not references).
QJsonObject element(const QJsonObject& root, const char* array, int i) {
    return root[array].toArray()[i].toObject();
}
void setElement(QJsonObject& root, const char* array, int i, const QJsonObject& value) {
    QJsonArray a = root[array].toArray();
    a[i] = value;
    root[array] = a;
}
void setField(QJsonObject& root, const char* array, int i, const char* key,
              const QJsonValue& value) {
    QJsonObject e = element(root, array, i);
    e[key] = value;
    setElement(root, array, i, e);
}

// One hostile change of a model: its JSON text and the words the refusal must hold.
struct Mutant {
    QByteArray json;
    QString expected;
};

Mutant mutate(const QString& kind, Model m) {
    QJsonObject& j = m.json;
    auto text = [&] { return QJsonDocument(j).toJson(QJsonDocument::Compact); };
    auto firstSampler = [&] {
        return element(j, "animations", 0)["samplers"].toArray()[0].toObject();
    };
    if (kind == "sampler input count 0") {
        const int input = firstSampler()["input"].toInt();
        setField(j, "accessors", input, "count", 0);
        return {text(), QString("accessor %1: count 0").arg(input)};
    }
    if (kind == "mesh accessor count 0") {
        const QJsonObject primitive = element(j, "meshes", 0)["primitives"].toArray()[0].toObject();
        const int position = primitive["attributes"].toObject()["POSITION"].toInt();
        setField(j, "accessors", position, "count", 0);
        return {text(), QString("accessor %1: count 0").arg(position)};
    }
    if (kind == "skin with no joints") {
        setField(j, "skins", 0, "joints", QJsonArray());
        return {text(), "skin 0: has no joints"};
    }
    if (kind == "one JSON byte changed") {
        QByteArray t = text();
        t[t.indexOf(':')] = '=';
        return {t, "the JSON is not valid (at byte"};
    }
    if (kind == "buffer uri ../../../../etc/passwd" || kind == "buffer uri /dev/zero") {
        const QString uri = kind.mid(QString("buffer uri ").size());
        // A GLB's buffer 0 is its BIN chunk: the hostile uri goes in a second buffer.
        const int b = m.binary ? 1 : 0;
        QJsonArray buffers = j["buffers"].toArray();
        if (b == buffers.size()) buffers.append(QJsonObject{{"byteLength", 16}});
        QJsonObject buffer = buffers[b].toObject();
        buffer["uri"] = uri;
        buffers[b] = buffer;
        j["buffers"] = buffers;
        const QString why =
            uri.startsWith('/') ? "is an absolute path" : "leaves the file's folder";
        return {text(), QString("buffer %1: uri '%2' %3").arg(b).arg(uri, why)};
    }
    if (kind == "node translation 1e38") {
        setField(j, "nodes", 0, "translation", QJsonArray{1e38, 0, 0});
        return {text(), "node 0: translation 1e+38 is beyond the plausible 10000 m"};
    }
    if (kind == "every node scale 0") {
        for (int n = 0; n < j["nodes"].toArray().size(); ++n)
            setField(j, "nodes", n, "scale", QJsonArray{0, 0, 0});
        return {text(), "node 0: scale 0 is outside"};
    }
    if (kind == "translation as strings") {
        setField(j, "nodes", 0, "translation", QJsonArray{"0", "1", "0"});
        return {text(), "node 0: translation holds something not a number"};
    }
    if (kind == "animation sampler index out of range") {
        QJsonObject animation = element(j, "animations", 0);
        const int samplers = animation["samplers"].toArray().size();
        QJsonArray channels = animation["channels"].toArray();
        QJsonObject channel = channels[3].toObject();
        channel["sampler"] = samplers + 7;
        channels[3] = channel;
        animation["channels"] = channels;
        setElement(j, "animations", 0, animation);
        return {text(), QString("animation 0, channel 3: sampler %1 is out of range (%2 samplers)")
                            .arg(samplers + 7)
                            .arg(samplers)};
    }
    if (kind == "accessor past its view") {
        const int view = element(j, "accessors", 0)["bufferView"].toInt();
        setField(j, "accessors", 0, "byteOffset",
                 element(j, "bufferViews", view)["byteLength"].toInt());
        return {text(), QString("accessor 0: ")
                            .append("%1 elements")
                            .arg(element(j, "accessors", 0)["count"].toInt())};
    }
    if (kind == "view past its buffer") {
        const int buffer = element(j, "bufferViews", 0)["buffer"].toInt();
        setField(j, "bufferViews", 0, "byteLength",
                 element(j, "buffers", buffer)["byteLength"].toInt() + 4);
        return {text(), QString("buffer view 0: bytes ")};
    }
    if (kind == "child cycle") {
        const int root = element(j, "scenes", 0)["nodes"].toArray()[0].toInt();
        const int child = element(j, "nodes", root)["children"].toArray()[0].toInt();
        QJsonArray children = element(j, "nodes", child)["children"].toArray();
        children.append(root);
        setField(j, "nodes", child, "children", children);
        return {text(), "is its own ancestor (a cycle of children)"};
    }
    if (kind == "deep nesting") {
        QJsonArray nested;
        for (int i = 0; i < 100; ++i) nested = QJsonArray{nested};
        QJsonObject asset = j["asset"].toObject();
        asset["extras"] = nested;
        j["asset"] = asset;
        return {text(), "the JSON nests deeper than 64 levels"};
    }
    if (kind == "glTF 1") {
        j["asset"] = QJsonObject{{"version", "1.0"}};
        return {text(), "it is glTF 1"};
    }
    return {};
}

const QStringList kMutations = {"sampler input count 0",
                                "mesh accessor count 0",
                                "skin with no joints",
                                "one JSON byte changed",
                                "buffer uri ../../../../etc/passwd",
                                "buffer uri /dev/zero",
                                "node translation 1e38",
                                "every node scale 0",
                                "translation as strings",
                                "animation sampler index out of range",
                                "accessor past its view",
                                "view past its buffer",
                                "child cycle",
                                "deep nesting",
                                "glTF 1"};

bool animated(const QString& character) { return character != kMale; }

// The refusal of every importer that reads `path` (and, for a GLB, the same bytes from memory):
// one line holding `expected`. Empty when all of them refused so.
QString refusedEverywhere(const QString& path, const QByteArray& bytes, const QString& expected) {
    std::vector<std::pair<QString, std::string>> refusals;
    auto clips = importClips(path.toStdString());
    refusals.push_back({"importClips", clips ? std::string() : clips.message()});
    if (path.endsWith(".glb")) {
        auto fromMemory = importClipsFromMemory(std::string(bytes.constData(), bytes.size()),
                                                ".glb", "mutant.glb");
        refusals.push_back(
            {"importClipsFromMemory", fromMemory ? std::string() : fromMemory.message()});
    }
    auto character = importCharacter(path.toStdString());
    refusals.push_back({"importCharacter", character ? std::string() : character.message()});
    for (const auto& [who, message] : refusals) {
        const QString m = QString::fromStdString(message);
        if (m.isEmpty()) return who + " accepted it";
        if (!m.contains(expected) || m.contains('\n') || m.size() > 300) return who + ": " + m;
    }
    return {};
}

#define GS_REQUIRE_FILE(path)                                               \
    do {                                                                    \
        if (!QFileInfo::exists(path)) {                                     \
            const QByteArray msg_ = ("not found: " + (path)).toLocal8Bit(); \
            if (gs::test::dataRequired()) QFAIL(msg_.constData());          \
            QSKIP(msg_.constData());                                        \
        }                                                                   \
    } while (0)

// The rows of smallDocuments_data, defined after the test class: moc misreads raw string
// literals that hold a quote, and stops finding the class.
void smallDocumentRows();

}  // namespace

class TestGltfCheck : public QObject {
    Q_OBJECT
private slots:
    // Each mutant of each shipped character is refused, naming the cause.
    void mutantsRefused_data() {
        QTest::addColumn<QString>("character");
        QTest::addColumn<QString>("mutation");
        for (const QString& character : {kRobot, kMale, kFemale})
            for (const QString& mutation : kMutations)
                if (animated(character) || !mutation.contains("sampler"))
                    QTest::newRow(qPrintable(QFileInfo(character).fileName() + ": " + mutation))
                        << character << mutation;
    }
    void mutantsRefused() {
        QFETCH(QString, character);
        QFETCH(QString, mutation);
        const QString source = test::dataPath(character);
        GS_REQUIRE_FILE(source);
        const Model model = readModel(source);
        QVERIFY(!model.json.isEmpty());
        const Mutant mutant = mutate(mutation, model);
        QVERIFY(!mutant.expected.isEmpty());
        QTemporaryDir dir;
        const QString path = dir.filePath("mutant." + QFileInfo(source).suffix());
        const QByteArray bytes = fileBytes(model, mutant.json);
        test::writeBytes(path, bytes);
        const QString failure = refusedEverywhere(path, bytes, mutant.expected);
        QVERIFY2(failure.isEmpty(), qPrintable(failure + " (expected '" + mutant.expected + "')"));
    }

    // The shipped characters import exactly as gaitspace-cli inspect shows them: joints, clips
    // and frames of each clip; joints, vertices and indices of the character. (Their mesh nodes
    // named like bones are not joints, their IK feet are read below their shins, and an in-place
    // clip whose last pose is its first is played three times: core/io/ik_feet.h,
    // core/io/closed_loop.h.)
    void shippedCharactersAsBefore_data() {
        QTest::addColumn<QString>("character");
        QTest::addColumn<int>("clipJoints");
        QTest::addColumn<QList<int>>("frames");  // per clip, in file order; empty: no animation
        QTest::addColumn<QList<int>>("mesh");    // joints, vertices, indices of importCharacter
        QTest::newRow("RobotExpressive.glb")
            << kRobot << 40
            << QList<int>{81, 24, 241, 52, 121, 61, 70, 11, 11, 115, 70, 61, 133, 121}
            << QList<int>{42, 7068, 9711};
        QTest::newRow("male_base_mesh.glb")
            << kMale << 0 << QList<int>{} << QList<int>{56, 1226, 5412};
        QTest::newRow("Casual_Female.gltf")
            << kFemale << 20
            << QList<int>{56, 181, 301, 76, 91, 55, 46, 23, 64, 64, 40, 24, 32, 76, 136, 91, 91}
            << QList<int>{22, 8958, 19872};
    }
    void shippedCharactersAsBefore() {
        QFETCH(QString, character);
        QFETCH(int, clipJoints);
        QFETCH(QList<int>, frames);
        QFETCH(QList<int>, mesh);
        const QString path = test::dataPath(character);
        GS_REQUIRE_FILE(path);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QVERIFY2(checkGltf(std::string_view(bytes.constData(), bytes.size()),
                           QFileInfo(path).path().toStdString(), path.endsWith(".glb"))
                     .isOk(),
                 "the check refuses a shipped character");
        std::vector<Expected<ImportedClips>> imports;
        imports.push_back(importClips(path.toStdString()));
        if (path.endsWith(".glb"))
            imports.push_back(importClipsFromMemory(std::string(bytes.constData(), bytes.size()),
                                                    ".glb", path.toStdString()));
        for (const auto& imported : imports) {
            if (frames.isEmpty()) {
                QVERIFY(!imported);
                QCOMPARE(imported.message(), std::string("the file holds no animation"));
                continue;
            }
            QVERIFY2(imported, imported.message().c_str());
            QCOMPARE(int(imported->clips.size()), int(frames.size()));
            for (int c = 0; c < frames.size(); ++c) {
                QCOMPARE(imported->clips[c].jointCount(), clipJoints);
                QCOMPARE(imported->clips[c].frameCount(), frames[c]);
            }
        }
        auto asset = importCharacter(path.toStdString());
        QVERIFY2(asset, asset.message().c_str());
        QCOMPARE(asset->skeleton.jointCount(), mesh[0]);
        QCOMPARE(int(asset->mesh.vertices.size()), mesh[1]);
        QCOMPARE(int(asset->mesh.indices.size()), mesh[2]);
    }

    // The female's embedded buffer moved to a file beside it imports the same; a FIFO, a link out
    // of the folder or to a device in its place is refused.
    void externalBuffer_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");  // empty: accepted
        QTest::newRow("regular file") << "file"
                                      << "";
        QTest::newRow("link inside the folder") << "inner link"
                                                << "";
        QTest::newRow("FIFO")
            << "fifo"
            << "buffer 0: uri 'body.bin' names something that is not a regular file";
        QTest::newRow("link to /dev/zero")
            << "zero"
            << "buffer 0: uri 'body.bin' leaves the file's folder (through a link)";
        QTest::newRow("link out of the folder") << "outer link"
                                                << "leaves the file's folder (through a link)";
        QTest::newRow("missing") << "missing"
                                 << "buffer 0: uri 'body.bin' names a file that does not exist";
        QTest::newRow("short file") << "short"
                                    << "names a file of 100 bytes, byteLength says 971772";
        QTest::newRow("sub/../body.bin") << "dotdot"
                                         << "leaves the file's folder";
        QTest::newRow("percent escape") << "percent"
                                        << "holds '%'";
    }
    void externalBuffer() {
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        const QString source = test::dataPath(kFemale);
        GS_REQUIRE_FILE(source);
        Model model = readModel(source);
        QJsonObject buffer = element(model.json, "buffers", 0);
        const QByteArray uri = buffer["uri"].toString().toLatin1();
        const QByteArray body = QByteArray::fromBase64(uri.mid(uri.indexOf(',') + 1));
        QTemporaryDir dir, outside;
        QDir(dir.path()).mkdir("sub");
        const QByteArray target = dir.filePath("body.bin").toLocal8Bit();
        QString name = "body.bin";
        if (kind == "file") test::writeBytes(dir.filePath("body.bin"), body);
        if (kind == "short") test::writeBytes(dir.filePath("body.bin"), body.left(100));
        if (kind == "inner link") {
            test::writeBytes(dir.filePath("sub/real.bin"), body);
            QCOMPARE(::symlink("sub/real.bin", target.constData()), 0);
        }
        if (kind == "fifo") QCOMPARE(::mkfifo(target.constData(), 0600), 0);
        if (kind == "zero") QCOMPARE(::symlink("/dev/zero", target.constData()), 0);
        if (kind == "outer link") {
            test::writeBytes(outside.filePath("body.bin"), body);
            QCOMPARE(::symlink(outside.filePath("body.bin").toLocal8Bit().constData(),
                               target.constData()),
                     0);
        }
        if (kind == "dotdot") name = "sub/../body.bin";
        if (kind == "percent") name = "body%2Ebin";
        buffer["uri"] = name;
        setElement(model.json, "buffers", 0, buffer);
        const QString path = dir.filePath("external.gltf");
        test::writeBytes(path, QJsonDocument(model.json).toJson());
        auto clips = importClips(path.toStdString());
        auto character = importCharacter(path.toStdString());
        if (expected.isEmpty()) {
            QVERIFY2(clips, clips.message().c_str());
            QCOMPARE(int(clips->clips.size()), 17);
            QCOMPARE(clips->clips[2].frameCount(), 301);  // a closed loop, played three times
            QVERIFY2(character, character.message().c_str());
            QCOMPARE(int(character->mesh.vertices.size()), 8958);
            return;
        }
        for (const std::string& message :
             {clips ? std::string("accepted") : clips.message(),
              character ? std::string("accepted") : character.message()})
            QVERIFY2(QString::fromStdString(message).contains(expected), message.c_str());
    }

    // The container, the JSON and the rules on documents built in code (checkGltf alone).
    void smallDocuments_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("binary");
        QTest::addColumn<QString>("expected");  // empty: accepted
        smallDocumentRows();
    }
    void smallDocuments() {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, binary);
        QFETCH(QString, expected);
        const Status s = checkGltf(std::string_view(bytes.constData(), bytes.size()), {}, binary);
        if (expected.isEmpty()) {
            QVERIFY2(s.isOk(), s.message().c_str());
            return;
        }
        QVERIFY2(!s.isOk(), "accepted");
        const QString message = QString::fromStdString(s.message());
        QVERIFY2(message.contains(expected), qPrintable(message));
        QVERIFY2(message.startsWith(binary ? "cannot import as glTF binary (GLB): "
                                           : "cannot import as glTF: "),
                 qPrintable(message));
        QVERIFY(!message.contains('\n'));
        QVERIFY2(message.size() < 300, qPrintable(message));
    }
};

namespace {

void smallDocumentRows() {
    const QByteArray asset = R"("asset":{"version":"2.0"})";
    auto doc = [&](const QByteArray& rest) {
        return "{" + asset + (rest.isEmpty() ? QByteArray() : "," + rest) + "}";
    };
    // One buffer of 24 bytes (a data: uri), a view, a VEC3 float accessor of 2, a node tree.
    const QByteArray data =
        R"("buffers":[{"byteLength":24,"uri":"data:application/octet-stream;base64,)" +
        QByteArray(24, '\0').toBase64() + R"("}],"bufferViews":[{"buffer":0,"byteLength":24}])";
    auto accessor = [&](const QByteArray& fields) {
        return data + R"(,"accessors":[{)" + fields + "}]";
    };
    const QByteArray good = R"("componentType":5126,"type":"VEC3","count":2,"bufferView":0)";
    auto row = [&](const char* name, const QByteArray& bytes, const QString& expected,
                   bool binary = false) { QTest::newRow(name) << bytes << binary << expected; };
    row("asset only", doc(""), "");
    row("buffer, view, accessor", doc(accessor(good)), "");
    row("no asset", "{}", "has no asset object");
    row("version 3.0", R"({"asset":{"version":"3.0"}})", "asset version '3.0' is not 2.x");
    row("not an object", "[1,2]", "the JSON is not an object");
    row("repeated key", doc(R"("nodes":[],"nodes":[{}])"), "repeats the key 'nodes'");
    row("truncated", doc("").left(10), "the JSON is not valid (at byte");
    row("invalid UTF-8", doc(R"("nodes":[{"name":")" + QByteArray("\xC3\x28") + "\"}]"),
        "not valid");
    row("65 levels", doc(R"("extras":)" + QByteArray(64, '[') + QByteArray(64, ']')),
        "deeper than 64 levels");
    row("64 levels", doc(R"("extras":)" + QByteArray(63, '[') + QByteArray(63, ']')), "");
    row("brackets in a string", doc(R"("extras":")" + QByteArray(100, '[') + "\""), "");
    QByteArray many = "[";
    many += QByteArray("0,").repeated(4'000'000) + "0]";
    row("4000001 values", doc(R"("extras":)" + many), "more than 4000000 values");
    row("count 0", doc(accessor(R"("componentType":5126,"type":"VEC3","count":0,"bufferView":0)")),
        "accessor 0: count 0");
    row("count 3 past the view",
        doc(accessor(R"("componentType":5126,"type":"VEC3","count":3,"bufferView":0)")),
        "accessor 0: 3 elements of 12 bytes from byte 0 run past buffer view 0 (24 bytes)");
    row("count 2^62",
        doc(accessor(
            R"("componentType":5126,"type":"VEC3","count":4611686018427387904,"bufferView":0)")),
        "run past buffer view 0");
    row("count as float",
        doc(accessor(R"("componentType":5126,"type":"VEC3","count":2.0,"bufferView":0)")),
        "accessor 0: count is not a whole number");
    row("componentType 5124",
        doc(accessor(R"("componentType":5124,"type":"VEC3","count":2,"bufferView":0)")),
        "accessor 0: componentType 5124 is not one of");
    row("type VEC5",
        doc(accessor(R"("componentType":5126,"type":"VEC5","count":2,"bufferView":0)")),
        "accessor 0: type is not one of");
    row("sparse", doc(accessor(good + R"(,"sparse":{"count":1})")), "accessor 0: is sparse");
    row("no bufferView", doc(accessor(R"("componentType":5126,"type":"VEC3","count":2)")),
        "accessor 0: has no bufferView");
    row("bufferView out of range",
        doc(accessor(R"("componentType":5126,"type":"VEC3","count":2,"bufferView":1)")),
        "accessor 0: bufferView 1 is out of range (1 buffer views)");
    row("byteStride 2",
        doc(R"("buffers":[{"byteLength":4,"uri":"data:;base64,AAAAAA=="}],"bufferViews":[{"buffer":0,"byteLength":4,"byteStride":2}])"),
        "buffer view 0: byteStride 2 is not a multiple of 4 in [4, 252]");
    row("data uri short", doc(R"("buffers":[{"byteLength":5,"uri":"data:;base64,AAAAAA=="}])"),
        "holds 4 bytes, byteLength says 5");
    row("data uri not base64", doc(R"("buffers":[{"byteLength":4,"uri":"data:,abcd"}])"),
        "is a data: uri that is not base64");
    row("data uri bad character", doc(R"("buffers":[{"byteLength":3,"uri":"data:;base64,AA*A"}])"),
        "a character outside base64");
    row("data uri long header",
        doc(R"("buffers":[{"byteLength":3,"uri":"data:)" + QByteArray(200, 'a') +
            R"(;base64,AAAA"}])"),
        "header is longer than 100 characters");
    row("byteLength 0", doc(R"("buffers":[{"byteLength":0,"uri":"data:;base64,"}])"),
        "buffer 0: byteLength 0");
    row("file uri from memory", doc(R"("buffers":[{"byteLength":4,"uri":"body.bin"}])"),
        "buffer 0: uri 'body.bin' names a file, but a glTF read from memory holds only embedded "
        "data");
    row("uri with a NUL", doc(R"("buffers":[{"byteLength":4,"uri":"a.bin\u0000../x"}])"),
        "holds a control character");
    row("uri with a backslash", doc(R"("buffers":[{"byteLength":4,"uri":"..\\x.bin"}])"),
        "holds '\\'");
    row("uri file://", doc(R"("buffers":[{"byteLength":4,"uri":"file:///etc/passwd"}])"),
        "holds ':'");
    row("no uri in .gltf", doc(R"("buffers":[{"byteLength":4}])"), "buffer 0: has no uri");
    row("own child", doc(R"("nodes":[{"children":[0]}])"), "node 0: is its own child");
    row("two parents", doc(R"("nodes":[{"children":[2]},{"children":[2]},{}])"),
        "node 2: is a child of node 0 and of node 1");
    row("cycle", doc(R"("nodes":[{"children":[1]},{"children":[0]}])"), "is its own ancestor");
    QByteArray chain = R"("nodes":[)";
    for (int i = 0; i < 200; ++i) chain += "{\"children\":[" + QByteArray::number(i + 1) + "]},";
    row("200 nodes deep", doc(chain + "{}]"), "lies deeper than 128 levels");
    row("scene root is a child", doc(R"("scenes":[{"nodes":[1]}],"nodes":[{"children":[1]},{}])"),
        "scene 0: node 1 is not a root (it is a child of node 0)");
    row("scene out of range", doc(R"("scene":1,"scenes":[{}])"),
        "scene 1 is out of range (1 scenes)");
    row("mesh index out of range", doc(R"("nodes":[{"mesh":0}])"),
        "node 0: mesh 0 is out of range (0 meshes)");
    row("skin index out of range", doc(R"("nodes":[{"skin":4}])"),
        "node 0: skin 4 is out of range (0 skins)");
    row("rotation zero", doc(R"("nodes":[{"rotation":[0,0,0,0]}])"),
        "node 0: rotation has (nearly) zero length");
    row("scale 1e7", doc(R"("nodes":[{"scale":[1,1e7,1]}])"), "node 0: scale 1e+07 is outside");
    row("scale -1", doc(R"("nodes":[{"scale":[-1,1,1]}])"), "");
    row("translation of 2", doc(R"("nodes":[{"translation":[1,2]}])"),
        "is not an array of 3 numbers");
    row("translation 1e39", doc(R"("nodes":[{"translation":[0,1e39,0]}])"),
        "holds a number no float can hold");
    row("matrix last row", doc(R"("nodes":[{"matrix":[1,0,0,1, 0,1,0,0, 0,0,1,0, 0,0,0,1]}])"),
        "matrix's last row");
    row("matrix far", doc(R"("nodes":[{"matrix":[1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,50000,1]}])"),
        "matrix translation 50000");
    row("matrix flat", doc(R"("nodes":[{"matrix":[1,0,0,0, 0,0,0,0, 0,0,1,0, 0,0,0,1]}])"),
        "matrix scale 0");
    row("no primitives", doc(R"("meshes":[{"primitives":[]}])"), "mesh 0: has no primitives");
    row("no POSITION",
        doc(accessor(good) + R"(,"meshes":[{"primitives":[{"attributes":{"NORMAL":0}}]}])"),
        "mesh 0, primitive 0: has no POSITION attribute");
    row("JOINTS of floats",
        doc(accessor(good) +
            R"(,"meshes":[{"primitives":[{"attributes":{"POSITION":0,"JOINTS_0":0}}]}])"),
        "attribute 'JOINTS_0' (accessor 0) is VEC3 of 5126, not VEC4 of 5121 or 5123");
    row("indices of floats",
        doc(accessor(good) +
            R"(,"meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":0}]}])"),
        "indices (accessor 0) is VEC3 of 5126, not SCALAR");
    row("Draco",
        doc(accessor(good) +
            R"(,"meshes":[{"primitives":[{"attributes":{"POSITION":0},"extensions":{"KHR_draco_mesh_compression":{"bufferView":0}}}]}])"),
        "mesh 0, primitive 0: is Draco-compressed");
    row("mesh accepted",
        doc(accessor(good) + R"(,"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}])"), "");
    row("skin without matrices", doc(R"("nodes":[{}],"skins":[{"joints":[0]}])"),
        "skin 0: has no inverseBindMatrices");
    row("skin joint out of range", doc(R"("nodes":[{}],"skins":[{"joints":[3]}])"),
        "skin 0: joints entry 3 is out of range");
    row("texture index out of range",
        doc(R"("materials":[{"pbrMetallicRoughness":{"baseColorTexture":{"index":2}}}])"),
        "material 0, baseColorTexture: index 2 is out of range (0 textures)");
    row("extension texture out of range",
        doc(R"("materials":[{"extensions":{"KHR_materials_pbrSpecularGlossiness":{"diffuseTexture":{"index":0}}}}])"),
        "material 0, diffuseTexture: index 0 is out of range");
    row("image without mimeType", doc(data + R"(,"images":[{"bufferView":0}])"),
        "image 0: has a bufferView but no mimeType");
    row("image uri outside", doc(R"("images":[{"uri":"../secret.png"}])"),
        "image 0: uri '../secret.png' leaves the file's folder");
    // Animations over one node: a time accessor (SCALAR) and a value accessor (VEC3).
    const QByteArray anim =
        R"("buffers":[{"byteLength":48,"uri":"data:;base64,)" + QByteArray(48, '\0').toBase64() +
        R"("}],"bufferViews":[{"buffer":0,"byteLength":48}],"accessors":[)"
        R"({"componentType":5126,"type":"SCALAR","count":2,"bufferView":0},)"
        R"({"componentType":5126,"type":"VEC3","count":2,"bufferView":0}],"nodes":[{}])";
    auto animation = [&](const QByteArray& sampler, const QByteArray& channel) {
        return doc(anim + R"(,"animations":[{"samplers":[)" + sampler + R"(],"channels":[)" +
                   channel + "]}]");
    };
    const QByteArray sampler = R"({"input":0,"output":1})";
    row("animation accepted",
        animation(sampler, R"({"sampler":0,"target":{"node":0,"path":"translation"}})"), "");
    row("channel sampler out of range",
        animation(sampler, R"({"sampler":2,"target":{"node":0,"path":"translation"}})"),
        "animation 0, channel 0: sampler 2 is out of range (1 samplers)");
    row("channel without node",
        animation(sampler, R"({"sampler":0,"target":{"path":"translation"}})"),
        "animation 0, channel 0, target: has no node");
    row("channel path", animation(sampler, R"({"sampler":0,"target":{"node":0,"path":"colour"}})"),
        "target path is not translation, rotation, scale or weights");
    row("rotation from VEC3",
        animation(sampler, R"({"sampler":0,"target":{"node":0,"path":"rotation"}})"),
        "rotation output (accessor 1) is VEC3 of 5126, not VEC4");
    row("input of VEC3", animation(R"({"input":1,"output":1})", ""),
        "animation 0, sampler 0: input (accessor 1) is VEC3");
    row("cubic spline short",
        animation(R"({"input":0,"output":1,"interpolation":"CUBICSPLINE"})", ""),
        "output accessor 1 holds 2 values for 2 keys (at least 6 needed)");
    row("interpolation unknown",
        animation(R"({"input":0,"output":1,"interpolation":"SMOOTH"})", ""),
        "interpolation is not LINEAR, STEP or CUBICSPLINE");
    // GLB containers.
    const QByteArray json = doc("");
    row("GLB", glb(json, {}), "", true);
    row("GLB with BIN", glb(doc(R"("buffers":[{"byteLength":8}])"), QByteArray(8, 'x')), "", true);
    row("GLB version 1", "glTF" + u32(1) + glb(json, {}).mid(8), "it is glTF 1 (a version 1 GLB)",
        true);
    row("GLB short", QByteArray("glTF\2\0\0\0"), "shorter than a GLB header", true);
    row("GLB length past the bytes", glb(json, {}).left(24), "the header claims", true);
    QByteArray odd =
        "glTF" + u32(2) + u32(20 + 30) + u32(30) + "JSON" + doc("").leftJustified(30, ' ');
    row("GLB JSON chunk of 30", odd, "the JSON chunk's length 30 is not a multiple of 4", true);
    QByteArray stray = glb(json, {});
    stray += "abcd";
    stray.replace(8, 4, u32(stray.size()));
    row("GLB stray bytes", stray, "4 stray bytes follow the JSON chunk", true);
    QByteArray notBin = glb(json, QByteArray(8, 'x'));
    notBin.replace(notBin.size() - 12, 4, QByteArray("TXT\0", 4));
    row("GLB second chunk not BIN", notBin, "the chunk after the JSON chunk is not BIN", true);
    QByteArray longBin = glb(json, QByteArray(8, 'x'));
    longBin.replace(longBin.size() - 16, 4, u32(0xFFFFFFF0u));
    row("GLB BIN chunk too long", longBin, "the BIN chunk claims 4294967280 bytes", true);
    row("GLB buffer past the BIN chunk",
        glb(doc(R"("buffers":[{"byteLength":12}])"), QByteArray(8, 'x')),
        "buffer 0: byteLength 12 but the BIN chunk holds 8 bytes", true);
    row("GLB buffer 0 with a uri",
        glb(doc(R"("buffers":[{"byteLength":4,"uri":"data:;base64,AAAAAA=="}])"),
            QByteArray(8, 'x')),
        "buffer 0: a GLB's buffer 0 has a uri", true);
    row("GLB buffer 0 without BIN", glb(doc(R"("buffers":[{"byteLength":4}])"), {}),
        "buffer 0: has no uri", true);
}

}  // namespace

QTEST_GUILESS_MAIN(TestGltfCheck)
#include "tst_gltf_check.moc"

// The glTF check's container, JSON text and uri rules (core/io/gltf_container.cpp) on bytes made
// here: a GLB split into its JSON and BIN chunks, every malformed header and chunk refused with
// its sentence; the JSON's nesting and size scanned before parsing; repeated keys, invalid text
// and non-objects refused; data: uris measured and refused; relative file uris resolved inside
// their folder and everything else refused; component and type sizes; the message helpers.

#include <QTemporaryDir>
#include <QTest>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/authoring_limits.h"
#include "core/io/gltf_checker.h"

using namespace gs;
using namespace gs::gltf_detail;

namespace {

void putU32(std::string& b, std::uint32_t v) {
    for (int k = 0; k < 4; ++k) b.push_back(static_cast<char>((v >> (8 * k)) & 0xff));
}

// A GLB of `json` (padded to 4 bytes with spaces) and, when given, a BIN chunk; `version` and
// the header's length as stated (0: the true length).
std::string glb(std::string json, const std::string* bin = nullptr, std::uint32_t version = 2,
                std::uint32_t statedLength = 0) {
    while (json.size() % 4) json.push_back(' ');
    std::string body;
    putU32(body, static_cast<std::uint32_t>(json.size()));
    body += "JSON";
    body += json;
    if (bin) {
        putU32(body, static_cast<std::uint32_t>(bin->size()));
        body += std::string("BIN\0", 4);
        body += *bin;
    }
    std::string b = "glTF";
    putU32(b, version);
    putU32(b, statedLength ? statedLength : static_cast<std::uint32_t>(12 + body.size()));
    return b + body;
}

std::string refusal(const Expected<GltfParts>& parts) { return parts ? "" : parts.message(); }

}  // namespace

class TestGltfContainer : public QObject {
    Q_OBJECT
private slots:
    void glbSplitsIntoChunks() {
        const std::string bin("\x01\x02\x03\x04\x05\x06\x07\x08", 8);
        const std::string bytes = glb(R"({"asset":{}})", &bin);
        auto parts = splitGlb(bytes);
        QVERIFY2(parts, parts.message().c_str());
        QCOMPARE(std::string(parts->json), std::string(R"({"asset":{}})"));
        QVERIFY(parts->hasBin);
        QCOMPARE(std::string(parts->bin), bin);
        // The views point into the bytes split.
        QCOMPARE(parts->json.data(), bytes.data() + 20);
        const std::string jsonOnly = glb(R"({"a":1})");  // kept: the views point into it
        auto noBin = splitGlb(jsonOnly);
        QVERIFY2(noBin, noBin.message().c_str());
        QVERIFY(!noBin->hasBin);
        QCOMPARE(std::string(noBin->json), std::string(R"({"a":1} )"));
    }

    void malformedGlbsAreRefused() {
        const std::string good = glb(R"({"a":1})");
        QCOMPARE(refusal(splitGlb(good.substr(0, 19))),
                 std::string("the file is shorter than a GLB header (20 bytes)"));
        std::string notGlb = good;
        notGlb[0] = 'G';
        QCOMPARE(refusal(splitGlb(notGlb)), std::string("the file does not start with 'glTF'"));
        QCOMPARE(refusal(splitGlb(glb("{}", nullptr, 1))),
                 std::string("it is glTF 1 (a version 1 GLB); only glTF 2 is read"));
        QCOMPARE(refusal(splitGlb(glb("{}", nullptr, 3))), std::string("GLB version 3 is not 2"));
        QCOMPARE(refusal(splitGlb(glb("{}", nullptr, 2, 100))),
                 std::string("the header claims 100 bytes but the file holds 24"));
        std::string notJson = good;
        notJson.replace(16, 4, "JSOX");
        QCOMPARE(refusal(splitGlb(notJson)), std::string("the first chunk is not JSON"));
        std::string longJson = good;  // the JSON chunk claims 12 of the 8 bytes there are
        longJson[12] = 12;
        QCOMPARE(
            refusal(splitGlb(longJson)),
            std::string("the JSON chunk claims 12 bytes but the file holds 8 after its header"));
        std::string oddJson = good + "  ";  // 6 bytes of JSON, the header's length to match
        oddJson[8] = 30;
        oddJson[12] = 10;
        QCOMPARE(refusal(splitGlb(oddJson)),
                 std::string("the JSON chunk's length 10 is not a multiple of 4"));
        std::string stray = good + "abcd";
        stray[8] = 32;
        QCOMPARE(refusal(splitGlb(stray)), std::string("4 stray bytes follow the JSON chunk"));
        const std::string bin(8, '\0');
        std::string notBin = glb(R"({"a":1})", &bin);
        notBin[32] = 'X';
        QCOMPARE(refusal(splitGlb(notBin)),
                 std::string("the chunk after the JSON chunk is not BIN"));
        std::string longBin = glb(R"({"a":1})", &bin);
        longBin[28] = 9;
        QCOMPARE(refusal(splitGlb(longBin)),
                 std::string("the BIN chunk claims 9 bytes but the file holds 8 after its header"));
    }

    void jsonShapeIsScannedFirst() {
        const int limit = limits::kMaxGltfNesting;
        QVERIFY(checkJsonShape(std::string(limit, '[') + std::string(limit, ']')));
        const Status deep =
            checkJsonShape(std::string(limit + 1, '[') + std::string(limit + 1, ']'));
        QVERIFY(!deep);
        QCOMPARE(deep.message(), "the JSON nests deeper than " + std::to_string(limit) +
                                     " levels (at byte " + std::to_string(limit) + ")");
        // Brackets inside strings (and escaped quotes) do not count.
        QVERIFY(
            checkJsonShape("[\"" + std::string(200, '[') + "\\\"" + std::string(200, '{') + "\"]"));
        // Values: counted by commas and openings.
        std::string many = "[";
        many.reserve(static_cast<size_t>(limits::kMaxGltfJsonValues) + 8);
        many.append(static_cast<size_t>(limits::kMaxGltfJsonValues), ',');
        const Status tooMany = checkJsonShape(many);
        QVERIFY(!tooMany);
        QCOMPARE(tooMany.message(), "the JSON holds more than " +
                                        std::to_string(limits::kMaxGltfJsonValues) +
                                        " values (the limit)");
    }

    void jsonIsParsedStrictly() {
        auto doc = parseJson(R"({"asset": {"version": "2.0"}, "nodes": [{"name": "a"}]})");
        QVERIFY2(doc, doc.message().c_str());
        QCOMPARE((*doc)["asset"]["version"].get<std::string>(), std::string("2.0"));
        QCOMPARE((*doc)["nodes"].size(), size_t(1));
        auto repeated = parseJson(R"({"nodes": [{"name": "a", "mesh": 0, "name": "b"}]})");
        QVERIFY(!repeated);
        QCOMPARE(repeated.message(),
                 std::string("the JSON repeats the key 'name' within one object"));
        // The same key in two objects is fine.
        QVERIFY(parseJson(R"({"a": {"name": 1}, "b": {"name": 2}})"));
        auto invalid = parseJson(R"({"a": 1,, "b": 2})");
        QVERIFY(!invalid);
        QVERIFY2(invalid.message().starts_with("the JSON is not valid (at byte "),
                 invalid.message().c_str());
        QCOMPARE(parseJson("[1, 2]").message(), std::string("the JSON is not an object"));
    }

    void dataUris() {
        auto bytes = dataUriBytes("data:application/octet-stream;base64,AAECAwQF");
        QVERIFY2(bytes, bytes.message().c_str());
        QCOMPARE(*bytes, std::uint64_t(6));
        QCOMPARE(*dataUriBytes("data:application/gltf-buffer;base64,AAE="), std::uint64_t(2));
        QCOMPARE(*dataUriBytes("data:;base64,AA=="), std::uint64_t(1));
        QCOMPARE(*dataUriBytes("data:;base64,"), std::uint64_t(0));
        QCOMPARE(dataUriBytes("data:;base64").message(),
                 std::string("is a data: uri without a comma"));
        QCOMPARE(dataUriBytes("data:text/plain,hello").message(),
                 std::string("is a data: uri that is not base64"));
        QCOMPARE(dataUriBytes("data:;base64,AAE").message(),
                 std::string("is a data: uri whose base64 length is not a multiple of 4"));
        QCOMPARE(dataUriBytes("data:;base64,AA=A").message(),
                 std::string("is a data: uri with a character outside base64"));
        QCOMPARE(dataUriBytes("data:;base64,AA A").message(),
                 std::string("is a data: uri with a character outside base64"));
        const std::string longHeader = "data:" + std::string(100, 'x') + ";base64,AAAA";
        QCOMPARE(dataUriBytes(longHeader).message(),
                 std::string("is a data: uri whose header is longer than 100 characters"));
    }

    void fileUrisStayInTheirFolder() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string folder = dir.path().toStdString();
        namespace fs = std::filesystem;
        fs::create_directory(fs::path(folder) / "textures");
        std::ofstream(fs::path(folder) / "textures" / "skin.png") << "12345";
        auto inside = fileUriPath("textures/skin.png", folder);
        QVERIFY2(inside, inside.message().c_str());
        QCOMPARE(*inside, fs::weakly_canonical(fs::path(folder) / "textures" / "skin.png"));
        auto size = regularFileBytes(*inside);
        QVERIFY2(size, size.message().c_str());
        QCOMPARE(*size, std::uint64_t(5));
        // A missing file still names a path; reading it says so.
        auto missing = fileUriPath("missing.bin", folder);
        QVERIFY2(missing, missing.message().c_str());
        QCOMPARE(regularFileBytes(*missing).message(),
                 std::string("names a file that does not exist"));
        QCOMPARE(regularFileBytes(fs::path(folder) / "textures").message(),
                 std::string("names something that is not a regular file"));
        // What a uri may not be.
        QCOMPARE(fileUriPath("", folder).message(), std::string("is empty"));
        QCOMPARE(fileUriPath("a\tb.bin", folder).message(),
                 std::string("holds a control character"));
        QCOMPARE(fileUriPath("a%20b.bin", folder).message(),
                 std::string("holds '%' (only plain relative paths are read)"));
        QCOMPARE(fileUriPath("http://x/y.bin", folder).message(),
                 std::string("holds ':' (only plain relative paths are read)"));
        QCOMPARE(fileUriPath("a\\b.bin", folder).message(),
                 std::string("holds '\\' (only plain relative paths are read)"));
        QCOMPARE(fileUriPath("/etc/passwd", folder).message(), std::string("is an absolute path"));
        QCOMPARE(fileUriPath("textures/../../x.bin", folder).message(),
                 std::string("leaves the file's folder"));
        QCOMPARE(fileUriPath("x.bin", "").message(),
                 std::string("names a file, but a glTF read from memory holds only embedded data"));
        // A link out of the folder.
        fs::create_directory_symlink(fs::temp_directory_path(), fs::path(folder) / "out");
        QCOMPARE(fileUriPath("out/x.bin", folder).message(),
                 std::string("leaves the file's folder (through a link)"));
    }

    void sizesAndMessages() {
        QCOMPARE(componentBytes(5120), 1);
        QCOMPARE(componentBytes(5121), 1);
        QCOMPARE(componentBytes(5122), 2);
        QCOMPARE(componentBytes(5123), 2);
        QCOMPARE(componentBytes(5124), 0);  // not a glTF 2 component type
        QCOMPARE(componentBytes(5125), 4);
        QCOMPARE(componentBytes(5126), 4);
        QCOMPARE(typeComponents("SCALAR"), 1);
        QCOMPARE(typeComponents("VEC3"), 3);
        QCOMPARE(typeComponents("MAT2"), 4);
        QCOMPARE(typeComponents("MAT3"), 9);
        QCOMPARE(typeComponents("MAT4"), 16);
        QCOMPARE(typeComponents("vec3"), 0);
        QCOMPARE(num(kNone), std::string("18446744073709551615"));
        QCOMPARE(shortNumber(0.5), std::string("0.5"));
        QCOMPARE(shortNumber(1e-7), std::string("1e-07"));
        QCOMPARE(fileText("a\nb"), std::string("'a?b'"));
        QCOMPARE(fileText(std::string(61, 'x')), "'" + std::string(60, 'x') + "...'");
        QCOMPARE(fileText(std::string(60, 'x')), "'" + std::string(60, 'x') + "'");
    }
};

QTEST_APPLESS_MAIN(TestGltfContainer)
#include "tst_gltf_container.moc"

// Reading a file before any parser sees it (core/io/motion_file.h): regular files only, each
// other kind of path named; the size cap; line ends and byte-order marks; the GLB header check;
// formats known by their content whatever the name says. Every file is made here.

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <cstdint>
#include <filesystem>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include "common/generated_bvh.h"
#include "core/io/motion_file.h"

using namespace gs;

namespace {

std::string problem(const std::string& path, std::int64_t maxBytes = 1 << 20) {
    const auto size = checkRegularFile(path, maxBytes);
    return size ? "size " + std::to_string(*size) : size.message();
}

std::string normalized(std::string text) {
    normalizeLineEnds(text);
    return text;
}

// A GLB header: magic, version, total length, first chunk length, first chunk type.
std::string glbHeader(std::uint32_t version, std::uint32_t length, std::uint32_t chunk,
                      const char* type = "JSON", const char* magic = "glTF") {
    std::string h(magic, 4);
    for (std::uint32_t v : {version, length, chunk})
        for (int k = 0; k < 4; ++k) h += static_cast<char>((v >> (8 * k)) & 0xFF);
    h.append(type, 4);
    return h;
}

std::string glbProblem(const std::string& header, std::int64_t fileSize) {
    const Status s = checkGlbHeader(reinterpret_cast<const unsigned char*>(header.data()),
                                    header.size(), fileSize);
    return s ? std::string("(fine)") : s.message();
}

}  // namespace

class TestMotionFile : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    std::string path(const char* name) const { return m_dir.filePath(name).toStdString(); }

private slots:
    void regularFilesOnly() {
        QVERIFY(m_dir.isValid());
        test::writeBytes(m_dir.filePath("walk.bvh"), test::generatedBvh(4));
        const auto size = std::filesystem::file_size(path("walk.bvh"));
        QCOMPARE(problem(path("walk.bvh")), "size " + std::to_string(size));
        QCOMPARE(problem(path("nothing.bvh")), std::string("file not found"));
        QCOMPARE(problem(path("walk.bvh/inside")), std::string("file not found"));
        QVERIFY(QDir(m_dir.path()).mkdir("folder.bvh"));
        QCOMPARE(problem(path("folder.bvh")), std::string("is a folder, not a file"));
        QCOMPARE(::mkfifo(path("pipe.bvh").c_str(), 0600), 0);
        QCOMPARE(problem(path("pipe.bvh")),
                 std::string("is a FIFO (named pipe), not a regular file"));
        QCOMPARE(::symlink("/dev/zero", path("zero.bvh").c_str()), 0);
        QCOMPARE(problem(path("zero.bvh")), std::string("is a device, not a regular file"));
        QCOMPARE(::symlink(path("walk.bvh").c_str(), path("link.bvh").c_str()), 0);
        QCOMPARE(problem(path("link.bvh")), "size " + std::to_string(size));  // links followed
        test::writeBytes(m_dir.filePath("empty.bvh"), QByteArray());
        QCOMPARE(problem(path("empty.bvh")), std::string("file is empty"));
        QCOMPARE(problem(path("walk.bvh"), 100),
                 "file is " + std::to_string(size) + " bytes, above the limit of 0 MiB");
        QCOMPARE(problem(m_dir.path().toStdString() + "/a\tb.bvh"),
                 "the path holds the control character U+0009 at character " +
                     std::to_string(m_dir.path().size() + 3));
    }

    void readsWhole() {
        test::writeBytes(m_dir.filePath("text.bvh"), "HIERARCHY\r\nROOT");
        const auto text = readRegularFile(path("text.bvh"), 1 << 20);
        QVERIFY2(text, text.message().c_str());
        QCOMPARE(*text, std::string("HIERARCHY\r\nROOT"));  // as it is on disk
        QCOMPARE(readRegularFile(path("missing.bvh"), 1 << 20).message(),
                 std::string("file not found"));
    }

    void lineEnds() {
        QCOMPARE(normalized("a\r\nb\rc\nd"), std::string("a\nb\nc\nd"));
        QCOMPARE(normalized("\xEF\xBB\xBFHIERARCHY\r\n"), std::string("HIERARCHY\n"));
        QCOMPARE(normalized("\r\r\n\n"), std::string("\n\n\n"));
        QCOMPARE(normalized("x\xEF\xBB\xBF"), std::string("x\xEF\xBB\xBF"));  // only at the start
        QCOMPARE(normalized(""), std::string());
    }

    void glbHeaders() {
        QCOMPARE(glbProblem(glbHeader(2, 100, 60), 100), std::string("(fine)"));
        QCOMPARE(glbProblem(glbHeader(1, 100, 80, "\0\0\0\0"), 100), std::string("(fine)"));
        const std::string kGlb = "cannot import as glTF binary (GLB): ";
        QCOMPARE(glbProblem("glTF", 4), kGlb + "the file is shorter than a GLB header (20 bytes)");
        QCOMPARE(glbProblem(glbHeader(2, 100, 60, "JSON", "GLTF"), 100),
                 kGlb + "the file does not start with 'glTF'");
        QCOMPARE(glbProblem(glbHeader(3, 100, 60), 100), kGlb + "version 3 is not 1 or 2");
        QCOMPARE(glbProblem(glbHeader(2, 4000000000u, 60), 100),
                 kGlb + "the header claims 4000000000 bytes but the file holds 100");
        QCOMPARE(glbProblem(glbHeader(2, 100, 81), 100),
                 kGlb + "the first chunk claims 81 bytes but the file holds 100 after its header");
        QCOMPARE(glbProblem(glbHeader(2, 100, 60, "BIN\0"), 100),
                 kGlb + "the first chunk is not JSON");

        // The same from a file: its first 20 bytes.
        std::string glb = glbHeader(2, 28, 8) + "{\"a\":1} ";
        test::writeBytes(m_dir.filePath("model.glb"), QByteArray::fromStdString(glb));
        QVERIFY(checkGlbFile(path("model.glb"), 28).isOk());
        QVERIFY(!checkGlbFile(path("model.glb"), 27).isOk());
    }

    void formatsByContent() {
        test::writeBytes(m_dir.filePath("motion.txt"), "\xEF\xBB\xBF  \nhierarchy\nROOT Hips");
        QCOMPARE(contentExtension(path("motion.txt"), ".txt"), std::string(".bvh"));
        test::writeBytes(m_dir.filePath("model.bin"), "glTF\x02");
        QCOMPARE(contentExtension(path("model.bin"), ".bin"), std::string(".glb"));
        test::writeBytes(m_dir.filePath("scene.json"), " {\"asset\": {\"version\": \"2.0\"}}");
        QCOMPARE(contentExtension(path("scene.json"), ".json"), std::string(".gltf"));
        test::writeBytes(m_dir.filePath("other.fbx"), "Kaydara FBX Binary");
        QCOMPARE(contentExtension(path("other.fbx"), ".fbx"), std::string(".fbx"));
        QCOMPARE(contentExtension(path("absent.dae"), ".dae"), std::string(".dae"));

        QCOMPARE(formatName(".bvh"), std::string("BVH"));
        QCOMPARE(formatName(".glb"), std::string("glTF binary (GLB)"));
        QCOMPARE(formatName(".dae"), std::string("COLLADA"));
        QCOMPARE(formatName(".3ds"), std::string("3DS"));
        QCOMPARE(formatName(""), std::string("a known format"));
        QCOMPARE(formatName(".waytoolongname"), std::string("a known format"));
    }
};

QTEST_APPLESS_MAIN(TestMotionFile)
#include "tst_motion_file.moc"

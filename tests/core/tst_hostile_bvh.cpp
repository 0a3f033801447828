// Hostile motion files: every case is refused with one line that names the place and the cause,
// or accepted as documented (extra frame lines with a warning; CR, CRLF and a UTF-8 byte-order
// mark). Every input is generated here, none is checked in. How long a refusal takes is
// bench_hostile's figure; a hang fails by the test's timeout.

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "common/generated_bvh.h"
#include "core/io/bvh_check.h"
#include "core/io/clip_import.h"
#include "core/authoring_limits.h"
#include "common/test_data.h"

using namespace gs;
using gs::test::generatedBvh;
using gs::test::replaceLine;

namespace {

QByteArray withFrameLine(const QByteArray& text, int frame, const QByteArray& line) {
    QList<QByteArray> lines = text.split('\n');
    const int header = lines.indexOf("MOTION");
    lines[header + 3 + frame] = line;
    return lines.join('\n');
}

QByteArray frameLine(const QByteArray& text, int frame) {
    const QList<QByteArray> lines = text.split('\n');
    return lines[lines.indexOf("MOTION") + 3 + frame];
}

// A GLB of a header and one JSON chunk of `json`, whose chunk length field says `claimed`.
QByteArray glb(const QByteArray& json, quint32 claimed) {
    auto u32 = [](quint32 v) {
        QByteArray b(4, '\0');
        for (int i = 0; i < 4; ++i) b[i] = static_cast<char>((v >> (8 * i)) & 0xFF);
        return b;
    };
    QByteArray padded = json;
    while (padded.size() % 4) padded += ' ';
    return "glTF" + u32(2) + u32(static_cast<quint32>(20 + padded.size())) + u32(claimed) + "JSON" +
           padded;
}

// A data clip with every OFFSET set to 0 (empty when it cannot be read).
QByteArray withZeroOffsets(const QString& dataFile) {
    QFile source(gs::test::dataPath(dataFile));
    if (!source.open(QIODevice::ReadOnly)) return {};
    QList<QByteArray> lines = source.readAll().split('\n');
    for (QByteArray& line : lines)
        if (line.trimmed().startsWith("OFFSET"))
            line = line.left(line.indexOf("OFFSET")) + "OFFSET 0 0 0";
    return lines.join('\n');
}

}  // namespace

class TestHostileBvh : public QObject {
    Q_OBJECT
private slots:
    void refusedOrAccepted_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("extension");
        QTest::addColumn<QString>("expected");  // words of the error; empty = accepted
        QTest::addColumn<QString>("warning");   // words of a warning when accepted
        const QByteArray good = generatedBvh(10);
        auto refuse = [&](const char* name, const QByteArray& bytes, const QString& expected) {
            QTest::newRow(name) << bytes << ".bvh" << expected << QString();
        };
        auto accept = [&](const char* name, const QByteArray& bytes, const QString& warning = {}) {
            QTest::newRow(name) << bytes << ".bvh" << QString() << warning;
        };
        accept("valid", good);

        // Crashes and blow-ups of the issue: depth and joint limits before Assimp is called.
        refuse("100000 nested joints", gs::test::manyJointsBvh(100000, true),
               "deeper than 128 levels");
        refuse("10000 nested joints", gs::test::manyJointsBvh(10000, true),
               "deeper than 128 levels");
        refuse("129 nested joints", gs::test::manyJointsBvh(129, true), "deeper than 128");
        accept("127 nested joints", gs::test::manyJointsBvh(127, true));
        refuse("300 sibling joints", gs::test::manyJointsBvh(300, false), "more than 256 joints");
        // The pre-check runs on every BVH, whatever it is named (Assimp knows BVH by its text).
        for (const char* ext : {".txt", ".fbx", ""})
            QTest::addRow("10000 nested joints named '%s'", ext)
                << gs::test::manyJointsBvh(10000, true) << ext << "deeper than 128 levels"
                << QString();
        accept("255 sibling joints", gs::test::manyJointsBvh(255, false));

        // Frames and Frame Time.
        refuse("Frames 4294967413", replaceLine(good, "Frames:", "Frames: 4294967413"),
               "above the limit 1000000");
        refuse("Frames 1000001", replaceLine(good, "Frames:", "Frames: 1000001"),
               "above the limit 1000000");
        refuse("Frames huge digits",
               replaceLine(good, "Frames:", "Frames: " + QByteArray(5000, '9')), "above the limit");
        refuse("Frames negative", replaceLine(good, "Frames:", "Frames: -5"), "not a whole number");
        refuse("Frames fraction", replaceLine(good, "Frames:", "Frames: 2.5"),
               "not a whole number");
        refuse("Frames 0", replaceLine(good, "Frames:", "Frames: 0"), "declares no frames");
        refuse("frames x joints",
               replaceLine(gs::test::manyJointsBvh(20, false), "Frames:", "Frames: 600000"),
               "joint samples");
        refuse("Frame Time 1e300", replaceLine(good, "Frame Time:", "Frame Time: 1e300"),
               "outside [0.001, 1] s");
        refuse("Frame Time 1e-300", replaceLine(good, "Frame Time:", "Frame Time: 1e-300"),
               "outside [0.001, 1] s");
        refuse("Frame Time 0", replaceLine(good, "Frame Time:", "Frame Time: 0"),
               "outside [0.001, 1] s");
        refuse("Frame Time negative", replaceLine(good, "Frame Time:", "Frame Time: -0.03"),
               "outside [0.001, 1] s");
        refuse("Frame Time 2 s", replaceLine(good, "Frame Time:", "Frame Time: 2"),
               "outside [0.001, 1] s");
        refuse("Frame Time text", replaceLine(good, "Frame Time:", "Frame Time: fast"),
               "not a number of seconds");
        refuse("Frame Time nan", replaceLine(good, "Frame Time:", "Frame Time: nan"),
               "not a number of seconds");
        refuse("no Frame Time", replaceLine(good, "Frame Time:", "Frametime: 0.03"), "Frame Time");

        // OFFSET and CHANNELS.
        refuse("deleted OFFSET", replaceLine(good, "OFFSET 0.00 50.00", ""),
               "joint 'Head' has no OFFSET");
        refuse("deleted End Site OFFSET", replaceLine(good, "OFFSET 0.00 20.00 0.00", "", 1),
               "End Site of joint 'Head' has no OFFSET");
        refuse("OFFSET of two values", replaceLine(good, "OFFSET 0.00 50.00", "OFFSET 0.00 50.00"),
               "not a number");
        refuse("second OFFSET",
               replaceLine(good, "OFFSET 0.00 50.00", "OFFSET 0 50 0\nOFFSET 0 50 0"),
               "second OFFSET");
        refuse("OFFSET 1e300", replaceLine(good, "OFFSET 0.00 50.00", "OFFSET 0 1e300 0"),
               "beyond the plausible");
        refuse("CHANNELS 7",
               replaceLine(good, "CHANNELS 3", "CHANNELS 7 Zrotation Xrotation Yrotation"),
               "not 0 to 6");
        refuse("CHANNELS huge",
               replaceLine(good, "CHANNELS 3", "CHANNELS 99999999999999999999 Zrotation"),
               "not 0 to 6");
        refuse("CHANNELS -1", replaceLine(good, "CHANNELS 3", "CHANNELS -1"), "not 0 to 6");
        refuse("CHANNELS names 2 of 3",
               replaceLine(good, "CHANNELS 3", "CHANNELS 3 Zrotation Xrotation"), "names 2");
        refuse("CHANNELS bad name",
               replaceLine(good, "CHANNELS 3", "CHANNELS 3 Zrotation Xrotation Wrotation"),
               "'Wrotation' is not Xposition");
        refuse("CHANNELS twice the same",
               replaceLine(good, "CHANNELS 3", "CHANNELS 3 Zrotation Zrotation Yrotation"),
               "twice");
        refuse("second CHANNELS",
               replaceLine(good, "CHANNELS 3",
                           "CHANNELS 3 Zrotation Xrotation Yrotation\nCHANNELS 1 Zrotation"),
               "second CHANNELS");
        refuse(
            "no channels",
            "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 0\nEnd Site\n{\nOFFSET 0 1 0\n}\n}\n"
            "MOTION\nFrames: 1\nFrame Time: 0.03\n\n",
            "declares no channels");

        // Structure.
        refuse("not BVH", "this is not motion capture\n1 2 3\n", "not a BVH file");
        refuse("no ROOT", replaceLine(good, "ROOT", "JOINT Hips"), "expected ROOT");
        refuse("second ROOT", replaceLine(good, "MOTION", "ROOT Again\n{\nOFFSET 0 0 0\n}\nMOTION"),
               "second ROOT");
        refuse("unbalanced braces", replaceLine(good, "}", "", 2), "unbalanced");
        // Fuzzing finding: Assimp splits a leading brace off a token and leaked the node it was
        // reading when it then threw; the pre-check now splits tokens the same way and refuses.
        refuse("joint named }pine", replaceLine(good, "JOINT Spine", "  JOINT }pine"),
               "expected a joint name, found '}'");
        accept("brace inside a name", replaceLine(good, "JOINT Spine", "  JOINT Sp{ine"));
        refuse("unknown keyword", replaceLine(good, "JOINT Spine", "BONE Spine"),
               "unexpected 'BONE'");
        refuse("joint name twice", replaceLine(good, "JOINT Head", "JOINT Spine"),
               "'Spine' is used twice");
        refuse("joint name of 300 characters",
               replaceLine(good, "JOINT Head", "JOINT " + QByteArray(300, 'h')),
               "above the limit 256");
        refuse("truncated hierarchy", good.left(good.indexOf("MOTION") / 2), "truncated");
        refuse("truncated header", good.left(good.indexOf("Frame Time")), "truncated");
        refuse("truncated frame", good.left(good.size() - 20), "truncated");
        refuse("missing frames", replaceLine(good, "Frames:", "Frames: 12"),
               "declares 12 frames but the file holds 10");
        refuse("empty", QByteArray(), "empty");

        // Frame values.
        QList<QByteArray> values = frameLine(good, 3).split(' ');
        auto withValue = [&](int index, const QByteArray& v) {
            QList<QByteArray> changed = values;
            changed[index] = v;
            return withFrameLine(good, 3, changed.join(' '));
        };
        refuse("short frame line", withFrameLine(good, 3, values.mid(1).join(' ')),
               "frame 4 has 23 values, expected 24");
        refuse("long frame line", withFrameLine(good, 3, values.join(' ') + " 1.0"), "expected 24");
        refuse("nan", withValue(7, "nan"), "non-finite");
        refuse("inf", withValue(3, "-inf"), "non-finite");
        refuse("1e400", withValue(3, "1e400"), "beyond the plausible");
        refuse("hex", withValue(3, "0x10"), "is not a number");
        refuse("root X 2147483648", withValue(0, "2147483648"), "beyond the plausible ±1e7");
        // Plausibility after the unit scale: 50 km in centimetres fits the file limit.
        refuse("root 50 km away", withValue(0, "5000000"),
               "m from the origin, beyond the plausible 10000 m");
        refuse("bone of 5 km", replaceLine(good, "OFFSET 0.00 50.00", "OFFSET 0 500000 0"),
               "longer than the plausible 100 m");

        // Valid files that were refused.
        QByteArray extra = good;
        extra += frameLine(good, 9) + "\n";
        accept("one frame line more than declared", extra,
               "1 frame line after the 10 declared frames ignored (from line ");
        QByteArray extra3 = extra + frameLine(good, 9) + "\n" + frameLine(good, 2) + "\n";
        accept("three frame lines more", extra3, "3 frame lines after");
        QByteArray crlf = good;
        crlf.replace("\n", "\r\n");
        accept("CRLF", crlf);
        QByteArray cr = good;
        cr.replace("\n", "\r");
        accept("CR only", cr);
        accept("UTF-8 BOM", "\xEF\xBB\xBF" + good);
        accept("UTF-8 BOM and CRLF", "\xEF\xBB\xBF" + crlf);
        QByteArray tabs = good;
        tabs.replace("  ", "\t");
        accept("tabs", tabs);

        // GLB: header lengths are checked before Assimp trusts them; errors name glTF, not FBX.
        QTest::newRow("GLB chunk 0xFFFFFFFF")
            << glb("{\"asset\":{\"version\":\"2.0\"}}", 0xFFFFFFFFu) << ".glb"
            << "cannot import as glTF binary (GLB): the first chunk claims 4294967295 bytes"
            << QString();
        QTest::newRow("GLB bad magic") << QByteArray("glTX").append(glb("{}", 4).mid(4)) << ".glb"
                                       << "does not start with 'glTF'" << QString();
        QTest::newRow("GLB short") << QByteArray("glTF\2\0\0\0") << ".glb"
                                   << "shorter than a GLB header" << QString();
        QTest::newRow("GLB broken JSON") << glb("{\"asset\":", 12) << ".glb"
                                         << "glTF binary (GLB)" << QString();
    }
    void refusedOrAccepted() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, extension);
        QFETCH(QString, expected);
        QFETCH(QString, warning);
        QTemporaryDir dir;
        const QString path = dir.filePath("case" + extension);
        gs::test::writeBytes(path, bytes);
        auto imported = importClips(path.toStdString());
        if (expected.isEmpty()) {
            QVERIFY2(imported.isOk(), imported.message().c_str());
            QCOMPARE(imported->clips.size(), size_t(1));
            const Clip& clip = imported->clips.front();
            QCOMPARE(clip.fps, 30.0f);
            if (extension == ".bvh" && bytes.contains("Spine")) {
                QCOMPARE(clip.frameCount(), 10);
                QCOMPARE(clip.jointCount(), 7);
                QCOMPARE(imported->units.unit, std::string("centimetres"));
                QVERIFY(std::abs(clip.rootPositions[9].z - 0.18f) < 1e-4f);  // 9 frames x 2 cm
            }
            if (warning.isEmpty()) {
                QVERIFY(imported->warnings.empty());
            } else {
                QCOMPARE(imported->warnings.size(), size_t(1));
                QVERIFY2(QString::fromStdString(imported->warnings[0]).contains(warning),
                         imported->warnings[0].c_str());
            }
            return;
        }
        QVERIFY2(!imported.isOk(), "accepted");
        const QString message = QString::fromStdString(imported.message());
        QVERIFY2(message.contains(expected), qPrintable(message));
        QVERIFY(!message.contains('\n'));
        QVERIFY2(message.size() < 300, qPrintable(message));
        QVERIFY2(!message.contains("FBX"), qPrintable(message));
    }

    // A path with a control character (a NUL would cut it short before the file is opened) is
    // refused by name, before any file is touched.
    void controlCharacterInPath() {
        QTemporaryDir dir;
        gs::test::writeBytes(dir.filePath("a.bvh"), generatedBvh(10));
        std::string path = dir.filePath("a.bvh").toStdString();
        path.insert(path.size() - 4, std::string("\0x", 2));
        auto imported = importClips(path);
        QVERIFY(!imported.isOk());
        QVERIFY2(imported.message().find("control character U+0000") != std::string::npos,
                 imported.message().c_str());
    }

    // A skeleton with no size (every OFFSET 0) gives no unit: refused by name, on the real
    // clips of CMU (centimetres) and GAMES-105 (metres), instead of read as metres (a hip of
    // 2.4 m, walking at 117 m/s) or with a hip of 3 cm.
    void skeletonWithoutSize_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("CMU 16_15") << "cmu/16_15.bvh";
        QTest::newRow("GAMES-105 walk") << "games105/walkF.bvh";
    }
    void skeletonWithoutSize() {
        GS_REQUIRE_DATA();
        QFETCH(QString, file);
        QTemporaryDir dir;
        const QString path = dir.filePath("zero.bvh");
        gs::test::writeBytes(path, withZeroOffsets(file));
        auto imported = importClips(path.toStdString());
        QVERIFY2(!imported.isOk(), "accepted");
        QVERIFY2(imported.message().find("no size") != std::string::npos,
                 imported.message().c_str());
        QVERIFY(imported.message().find('\n') == std::string::npos);
    }

    // ... unless each joint has position channels that place it (Bandai's): imported with a
    // warning.
    void positionChannelsGiveTheSize() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        const QString path = dir.filePath("zero.bvh");
        gs::test::writeBytes(path, withZeroOffsets("bandai/dataset-2_walk_normal_020.bvh"));
        auto imported = importClips(path.toStdString());
        QVERIFY2(imported.isOk(), imported.message().c_str());
        QCOMPARE(imported->units.unit, std::string("centimetres"));
        bool warned = false;
        for (const std::string& w : imported->warnings)
            warned = warned || w.find("every OFFSET below the root is 0") == 0;
        QVERIFY(warned);
    }

    // Only regular files are read, whatever their name says.
    void specialFiles_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("FIFO") << "fifo"
                              << "FIFO";
        QTest::newRow("symlink to /dev/zero") << "zero"
                                              << "is a device";
        QTest::newRow("folder") << "folder"
                                << "is a folder";
        QTest::newRow("missing") << "missing"
                                 << "not found";
        QTest::newRow("300 MiB") << "big"
                                 << "above the limit of 256 MiB";
        QTest::newRow("300 MiB GLB") << "bigglb"
                                     << "above the limit of 256 MiB";
    }
    void specialFiles() {
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QString path = dir.filePath("x.bvh");
        if (kind == "fifo") QCOMPARE(::mkfifo(path.toLocal8Bit().constData(), 0600), 0);
        if (kind == "zero") QCOMPARE(::symlink("/dev/zero", path.toLocal8Bit().constData()), 0);
        if (kind == "folder") QVERIFY(QDir(dir.path()).mkdir("x.bvh"));
        if (kind == "big" || kind == "bigglb") {
            if (kind == "bigglb") path = dir.filePath("x.glb");
            gs::test::writeBytes(path, generatedBvh(2));
            std::filesystem::resize_file(path.toStdString(), 300ull << 20);  // sparse
        }
        auto imported = importClips(path.toStdString());
        QVERIFY(!imported.isOk());
        QVERIFY2(QString::fromStdString(imported.message()).contains(expected),
                 imported.message().c_str());
    }

    // Settings and resampling are bounded before anything is allocated.
    void boundedSettings_data() {
        QTest::addColumn<float>("unitScale");
        QTest::addColumn<float>("fps");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unit scale -1") << -1.0f << 0.0f << "unit scale";
        QTest::newRow("unit scale 1e9") << 1e9f << 0.0f << "unit scale";
        QTest::newRow("fps 1e9") << 0.0f << 1e9f << "outside [1, 1000] fps";
        QTest::newRow("fps 1e6") << 0.0f << 1e6f << "outside [1, 1000] fps";
        QTest::newRow("fps -30") << 0.0f << -30.0f << "outside [1, 1000] fps";
        QTest::newRow("fps 0.5") << 0.0f << 0.5f << "outside [1, 1000] fps";
        QTest::newRow("fps 120") << 0.0f << 120.0f << "";
    }
    void boundedSettings() {
        QFETCH(float, unitScale);
        QFETCH(float, fps);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath("walk.bvh");
        gs::test::writeBytes(path, generatedBvh(10));
        ImportSettings settings;
        settings.unitScale = unitScale;
        settings.fps = fps;
        auto imported = importClips(path.toStdString(), settings);
        if (expected.isEmpty()) {
            QVERIFY2(imported.isOk(), imported.message().c_str());
            QCOMPARE(imported->clips[0].frameCount(), 37);  // 0.3 s at 120 fps
            return;
        }
        QVERIFY(!imported.isOk());
        QVERIFY2(QString::fromStdString(imported.message()).contains(expected),
                 imported.message().c_str());
    }

    void resampleIsBounded() {
        QTemporaryDir dir;
        const QString path = dir.filePath("walk.bvh");
        gs::test::writeBytes(path, generatedBvh(10));
        auto imported = importClips(path.toStdString());
        QVERIFY(imported.isOk());
        for (float fps : {1e9f, 1e6f, -1.0f, 0.0f, std::numeric_limits<float>::infinity()}) {
            auto r = resampleClip(imported->clips[0], fps);
            QVERIFY(!r.isOk());
            QVERIFY2(QString::fromStdString(r.message()).contains("[1, 1000]"),
                     r.message().c_str());
        }
        Clip longClip = imported->clips[0];
        longClip.fps = 1.0f;                       // 10 frames at 1 fps ...
        auto r = resampleClip(longClip, 1000.0f);  // ... are 9001 frames: fine
        QVERIFY2(r.isOk(), r.message().c_str());
        QCOMPARE(r->frameCount(), 9001);
    }
};

QTEST_GUILESS_MAIN(TestHostileBvh)
#include "tst_hostile_bvh.moc"

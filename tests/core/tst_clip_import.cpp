// Import of the real CMU clips through Assimp, unit detection, and every kind of bad input.

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <numbers>

#include "common/test_data.h"
#include "core/clip/foot_contacts.h"
#include "core/io/clip_import.h"
#include "core/clip/root_motion.h"

using namespace gs;

namespace {

int headerFrames(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return -1;
    const QString text = QString::fromLatin1(f.readAll());
    const auto m = QRegularExpression("Frames:\\s*(\\d+)").match(text);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

float headingChangeDeg(const Clip& c) {
    return rootMotionStats(c).headingChange * 180.0f / std::numbers::pi_v<float>;
}

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

}  // namespace

class TestClipImport : public QObject {
    Q_OBJECT
private slots:
    void allCmuClips_data() {
        QTest::addColumn<QString>("id");
        for (int i = 1; i <= 58; ++i) {
            const QString id = QStringLiteral("16_%1").arg(i, 2, 10, QLatin1Char('0'));
            QTest::newRow(qPrintable(id)) << id;
        }
    }
    void allCmuClips() {
        GS_REQUIRE_DATA();
        QFETCH(QString, id);
        const QString path = test::cmuClip(id);
        auto imported = importClips(path.toStdString());
        QVERIFY2(imported.isOk(), imported.message().c_str());
        QCOMPARE(imported->clips.size(), size_t(1));
        const Clip& c = imported->clips.front();
        QCOMPARE(c.frameCount(), headerFrames(path));
        QCOMPARE(c.fps, 30.0f);
        QCOMPARE(c.jointCount(), 19);
        QCOMPARE(QString::fromStdString(c.skeleton.names[0]), QStringLiteral("pelvis"));
        QCOMPARE(imported->units.scale, 0.01f);
        QVERIFY(imported->units.detected);
        QVERIFY(!imported->units.reason.empty());
        // Standing hip height in metres: about 0.8 m above the floor.
        FootContactJob contacts;
        contacts.clip = &c;
        QVERIFY(contacts.run().isOk());
        float hip = 0.0f;
        for (const auto& p : c.rootPositions) hip += p.y;
        hip = hip / c.frameCount() - contacts.output.floorHeight;
        QVERIFY2(hip > 0.6f && hip < 0.95f, qPrintable(QString::number(hip)));
    }

    void walkSpeed_data() {
        QTest::addColumn<QString>("id");
        QTest::newRow("16_15") << "16_15";
        QTest::newRow("16_16") << "16_16";
    }
    void walkSpeed() {
        GS_REQUIRE_DATA();
        QFETCH(QString, id);
        const Clip c = test::loadClip(test::cmuClip(id));
        const float speed = rootMotionStats(c).speed;
        QVERIFY2(speed >= 1.0f && speed <= 1.8f, qPrintable(QString::number(speed)));
        QVERIFY(std::abs(headingChangeDeg(c)) < 15.0f);
    }

    void turnSign_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<float>("minDeg");
        QTest::addColumn<float>("maxDeg");
        for (const char* id : {"16_11", "16_12", "16_23", "16_24", "16_37", "16_38", "16_48"})
            QTest::newRow(id) << id << 0.001f << 180.0f;
        for (const char* id :
             {"16_13", "16_14", "16_25", "16_26", "16_39", "16_40", "16_49", "16_50"})
            QTest::newRow(id) << id << -180.0f << -0.001f;
        for (const char* id :
             {"16_17", "16_18", "16_27", "16_28", "16_41", "16_42", "16_51", "16_52"})
            QTest::newRow(id) << id << 60.0f << 120.0f;
        for (const char* id :
             {"16_19", "16_20", "16_29", "16_30", "16_43", "16_44", "16_53", "16_54"})
            QTest::newRow(id) << id << -120.0f << -60.0f;
    }
    void turnSign() {
        GS_REQUIRE_DATA();
        QFETCH(QString, id);
        QFETCH(float, minDeg);
        QFETCH(float, maxDeg);
        const float deg = headingChangeDeg(test::loadClip(test::cmuClip(id)));
        QVERIFY2(deg >= minDeg && deg <= maxDeg, qPrintable(QString::number(deg)));
    }

    void otherRatesAndNames() {
        GS_REQUIRE_DATA();
        auto cg = importClips(test::dataPath("cmu/cgspeed/16_11.bvh").toStdString());
        QVERIFY2(cg.isOk(), cg.message().c_str());
        QCOMPARE(cg->clips.front().fps, 120.0f);
        QCOMPARE(cg->clips.front().frameCount(), 534);
        QCOMPARE(cg->clips.front().jointCount(), 31);
        QVERIFY(cg->clips.front().skeleton.jointIndex("LeftToeBase") >= 0);
        const FootJoints feet = findFootJoints(cg->clips.front().skeleton);
        QVERIFY(feet.isComplete());
        QCOMPARE(QString::fromStdString(cg->skeleton.names[feet.leftAnkle]),
                 QStringLiteral("LeftFoot"));
        // Same capture as 16_11 at 30 fps: the same turn.
        QVERIFY(headingChangeDeg(cg->clips.front()) > 30.0f);
        // Units are explicit and can be overridden.
        ImportSettings metres;
        metres.unitScale = 1.0f;
        auto raw = importClips(test::cmuClip("16_15").toStdString(), metres);
        QVERIFY(raw.isOk());
        QVERIFY(!raw->units.detected);
        QVERIFY(raw->clips.front().rootPositions[0].y > 50.0f);  // left in centimetres
        // Resampling on import.
        ImportSettings resample;
        resample.fps = 60.0f;
        auto r = importClips(test::cmuClip("16_15").toStdString(), resample);
        QVERIFY(r.isOk());
        QCOMPARE(r->clips.front().fps, 60.0f);
        QCOMPARE(r->clips.front().frameCount(), 233);
    }

    void gltfWithManyAnimations() {
        GS_REQUIRE_DATA();
        auto imported = importClips(
            test::dataPath("characters/quaternius_casual_female/Casual_Female.gltf").toStdString());
        QVERIFY2(imported.isOk(), imported.message().c_str());
        QCOMPARE(imported->clips.size(), size_t(17));  // every animation of the file
        QVERIFY(!imported->units.detected);            // glTF is metres by specification
        QCOMPARE(imported->units.scale, 1.0f);
        bool walk = false;
        for (const Clip& c : imported->clips) {
            QVERIFY(c.validate().isOk());
            QCOMPARE(c.jointCount(), imported->skeleton.jointCount());
            if (c.name == "Walk") {
                walk = true;
                QVERIFY(c.frameCount() > 10);
                QVERIFY(std::abs(c.fps - 24.0f) < 0.5f);
            }
        }
        QVERIFY(walk);
        QVERIFY(imported->skeleton.jointIndex("Hips") >= 0);  // names preserved
    }

    void unitDetection() {
        QCOMPARE(detectUnits(1.7f).scale, 1.0f);
        QCOMPARE(detectUnits(170.0f).scale, 0.01f);
        QCOMPARE(detectUnits(68.0f).scale, 0.0254f);
        QCOMPARE(detectUnits(1700.0f).scale, 0.001f);
    }

    void badInput_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing") << "missing"
                                 << "not found";
        QTest::newRow("empty") << "empty"
                               << "empty";
        QTest::newRow("truncated motion") << "truncated"
                                          << "truncated";
        QTest::newRow("truncated hierarchy") << "truncated-hierarchy"
                                             << "truncated";
        QTest::newRow("short line") << "short-line"
                                    << "expected 60";
        QTest::newRow("long line") << "long-line"
                                   << "expected 60";
        QTest::newRow("nan") << "nan"
                             << "non-finite";
        QTest::newRow("inf") << "inf"
                             << "non-finite";
        QTest::newRow("garbage") << "garbage"
                                 << "not a BVH";
        QTest::newRow("no skeleton") << "obj"
                                     << "no animation";
        QTest::newRow("no animation") << "glb"
                                      << "no animation";
    }
    void badInput() {
        GS_REQUIRE_DATA();
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QByteArray good = readFile(test::cmuClip("16_15"));
        QVERIFY(!good.isEmpty());
        QList<QByteArray> lines = good.split('\n');
        const int motion = lines.indexOf("MOTION\r");
        QVERIFY(motion > 0);
        QString path = dir.filePath(kind + ".bvh");
        if (kind == "missing") {
            path = dir.filePath("no-such-file.bvh");
        } else if (kind == "empty") {
            writeFile(path, {});
        } else if (kind == "truncated") {
            writeFile(path, good.left(good.size() * 2 / 3));
        } else if (kind == "truncated-hierarchy") {
            writeFile(path, good.left(good.indexOf("MOTION") / 2));
        } else if (kind == "short-line" || kind == "long-line" || kind == "nan" || kind == "inf") {
            QList<QByteArray> values = lines[motion + 10].trimmed().split(' ');
            if (kind == "short-line") values.removeLast();
            if (kind == "long-line") values.append("1.0");
            if (kind == "nan") values[7] = "nan";
            if (kind == "inf") values[3] = "-inf";
            lines[motion + 10] = values.join(' ') + "\r";
            writeFile(path, lines.join('\n'));
        } else if (kind == "garbage") {
            writeFile(path, "this is not motion capture\n1 2 3\n");
        } else if (kind == "obj") {
            path = dir.filePath("triangle.obj");
            writeFile(path, "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
        } else if (kind == "glb") {
            path = test::dataPath("characters/male_base_mesh/male_base_mesh.glb");
        }
        auto imported = importClips(path.toStdString());
        QVERIFY(!imported.isOk());
        const QString message = QString::fromStdString(imported.message());
        QVERIFY2(message.contains(expected, Qt::CaseInsensitive), qPrintable(message));
        QVERIFY(!message.contains('\n'));
    }
};

QTEST_APPLESS_MAIN(TestClipImport)
#include "tst_clip_import.moc"

// BVH export (core/io/bvh_writer.h) of a synthetic walk made here: the text's layout (ZXY
// channels as the CMU files, offsets in centimetres by default), import -> the same joint
// positions within 0.1 mm in either unit, and a path that cannot be written named as such.

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include "core/clip/clip_kinematics.h"
#include "core/io/bvh_writer.h"
#include "core/io/clip_import.h"
#include "core/synthetic/synthetic_gait.h"

using namespace gs;

namespace {

float worstDistance(const Clip& a, const Clip& b) {
    const auto pa = clipJointPositions(a);
    const auto pb = clipJointPositions(b);
    float worst = 0.0f;
    for (size_t i = 0; i < pa.size(); ++i) worst = std::max(worst, glm::distance(pa[i], pb[i]));
    return worst;
}

}  // namespace

class TestBvhWriter : public QObject {
    Q_OBJECT
    Clip m_walk;
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        SyntheticGaitSettings s = SyntheticGaitSettings::preset(SyntheticGait::Walk);
        s.curvature = 0.2f;  // a turning walk: every joint and the root's heading move
        s.cycles = 1;
        auto walk = generateSyntheticGait(s);
        QVERIFY2(walk, walk.message().c_str());
        m_walk = *walk;
        QVERIFY(m_dir.isValid());
    }

    void layout() {
        const QString path = m_dir.filePath("walk.bvh");
        QVERIFY(writeBvh(m_walk, path.toStdString()).isOk());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        QCOMPARE(lines[0].trimmed(), QByteArray("HIERARCHY"));
        QCOMPARE(lines[1].trimmed(), "ROOT " + QByteArray::fromStdString(m_walk.skeleton.names[0]));
        int joints = 0, motion = -1, rootChannels = 0;
        for (int i = 0; i < lines.size(); ++i) {
            const QByteArray l = lines[i].trimmed();
            if (l.startsWith("ROOT") || l.startsWith("JOINT")) ++joints;
            if (l == "MOTION") motion = i;
            if (l.startsWith("CHANNELS 3"))
                QCOMPARE(l, QByteArray("CHANNELS 3 Zrotation Xrotation Yrotation"));
            if (l.startsWith("CHANNELS 6")) {
                QCOMPARE(l, QByteArray("CHANNELS 6 Xposition Yposition Zposition Zrotation "
                                       "Xrotation Yrotation"));
                ++rootChannels;
            }
        }
        QCOMPARE(joints, m_walk.jointCount());
        QCOMPARE(rootChannels, 1);
        QVERIFY(motion > 0);
        QCOMPARE(lines[motion + 1].simplified(),
                 "Frames: " + QByteArray::number(m_walk.frameCount()));
        QVERIFY(lines[motion + 2].startsWith("Frame Time:"));
        QVERIFY(std::abs(lines[motion + 2].mid(11).trimmed().toDouble() - 1.0 / m_walk.fps) < 1e-6);
        // The root's offset is zero (its channels place it); the first joint below it has its
        // rest offset in centimetres.
        QCOMPARE(lines[3].simplified(), QByteArray("OFFSET 0.000000 0.000000 0.000000"));
        QCOMPARE(lines[5].simplified(),
                 "JOINT " + QByteArray::fromStdString(m_walk.skeleton.names[1]));
        const glm::vec3 o = m_walk.skeleton.restOffsets[1] * 100.0f;
        const QList<QByteArray> offset = lines[7].simplified().split(' ');
        QCOMPARE(offset[0], QByteArray("OFFSET"));
        QVERIFY(std::abs(offset[1].toFloat() - o.x) < 1e-3f);
        QVERIFY(std::abs(offset[2].toFloat() - o.y) < 1e-3f);
        QVERIFY(std::abs(offset[3].toFloat() - o.z) < 1e-3f);
        // One frame line per frame, of 6 + 3 per other joint values.
        const QList<QByteArray> first = lines[motion + 3].simplified().split(' ');
        QCOMPARE(first.size(), 6 + 3 * (m_walk.jointCount() - 1));
    }

    void roundTrip_data() {
        QTest::addColumn<float>("unitsPerMetre");
        QTest::newRow("centimetres") << 100.0f;
        QTest::newRow("metres") << 1.0f;
    }
    void roundTrip() {
        QFETCH(float, unitsPerMetre);
        const QString path = m_dir.filePath(QString("walk_%1.bvh").arg(unitsPerMetre));
        BvhWriteSettings settings;
        settings.unitsPerMetre = unitsPerMetre;
        QVERIFY(writeBvh(m_walk, path.toStdString(), settings).isOk());
        auto back = importClips(path.toStdString());
        QVERIFY2(back, back.message().c_str());
        QCOMPARE(back->clips.size(), size_t(1));
        const Clip& b = back->clips.front();
        QCOMPARE(b.frameCount(), m_walk.frameCount());
        QVERIFY(b.skeleton.sameHierarchy(m_walk.skeleton));
        QVERIFY(std::abs(b.fps - m_walk.fps) < 1e-3f);
        const float worst = worstDistance(m_walk, b);
        QVERIFY2(worst < 1e-4f, qPrintable(QString("%1 m").arg(worst)));
    }

    void unwritable() {
        const Status s = writeBvh(m_walk, m_dir.filePath("no/such/folder/walk.bvh").toStdString());
        QVERIFY(!s.isOk());
        QVERIFY(!s.message().empty());
        QVERIFY(!QFile::exists(m_dir.filePath("no/such/folder/walk.bvh")));
    }
};

QTEST_APPLESS_MAIN(TestBvhWriter)
#include "tst_bvh_writer.moc"

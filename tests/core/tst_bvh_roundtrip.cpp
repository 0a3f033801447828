// BVH export: import -> export -> import reproduces every joint's world position within 0.1 mm.

#include <QTemporaryDir>
#include <QTest>

#include "common/test_data.h"
#include "core/io/bvh_writer.h"
#include "core/io/clip_import.h"
#include "core/clip/clip_kinematics.h"

using namespace gs;

class TestBvhRoundTrip : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("16_15 walk") << "cmu/16_15.bvh";
        QTest::newRow("16_17 turn") << "cmu/16_17.bvh";
        QTest::newRow("16_55 run") << "cmu/16_55.bvh";
        QTest::newRow("cgspeed 120 fps") << "cmu/cgspeed/16_11.bvh";
        QTest::newRow("asfamc 29 joints") << "cmu/asfamc/16_15.bvh";
    }
    void roundTrip() {
        GS_REQUIRE_DATA();
        QFETCH(QString, file);
        const Clip a = test::loadClip(test::dataPath(file));
        QTemporaryDir dir;
        const QString out = dir.filePath("out.bvh");
        const Status written = writeBvh(a, out.toStdString());
        QVERIFY2(written.isOk(), written.message().c_str());
        const Clip b = test::loadClip(out);
        QCOMPARE(b.frameCount(), a.frameCount());
        QCOMPARE(b.jointCount(), a.jointCount());
        QVERIFY(std::abs(b.fps - a.fps) < 1e-3f);
        QVERIFY(a.skeleton.sameHierarchy(b.skeleton));
        const auto pa = clipJointPositions(a);
        const auto pb = clipJointPositions(b);
        float worst = 0.0f;
        for (size_t i = 0; i < pa.size(); ++i) worst = std::max(worst, glm::distance(pa[i], pb[i]));
        QVERIFY2(worst < 1e-4f, qPrintable(QString("largest joint error %1 m").arg(worst)));
    }

    void writeErrors() {
        Clip empty;
        QVERIFY(!writeBvh(empty, "/nonexistent-folder/x.bvh").isOk());
    }
};

QTEST_APPLESS_MAIN(TestBvhRoundTrip)
#include "tst_bvh_roundtrip.moc"

// gaitspace-cli simulate --level with the feet on the level's surface (docs/cli.md, simulate
// --level): the CMU walk/jog project walked across a corridor made here (a 15-degree ramp up to a
// platform, five 0.17 m steps down) and across the demo level. Planted feet stay within 2 cm of
// the surface at p95 on the ramp and the stairs, and the stance skate is at most 1.2 times the
// same run's with the pose as on flat ground (--flat-feet).

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <numbers>

#include "common/cli_run.h"
#include "common/test_data.h"

using namespace gs::test;

namespace {

QString demoProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj");
}
QString demoLevelMesh() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/levels/demo_level.glb");
}

// A corridor 4 m wide along +Z: floor, a 15-degree ramp up to a 2 m platform 1.02 m high, five
// steps down (0.17 m risers, 0.3 m treads) and floor again, as an OBJ (quads facing up, risers
// facing forward).
QByteArray corridorObj() {
    const float top = 6 * 0.17f;
    const float run = top / std::tan(15.0f * std::numbers::pi_v<float> / 180.0f);
    const float zRamp = 5.0f, zPlatform = zRamp + run, zStairs = zPlatform + 2.0f;
    const float zFloor = zStairs + 5 * 0.3f;
    QByteArray obj;
    int vertices = 0;
    auto quad = [&](float z0, float y0, float z1, float y1, float z2, float y2, float z3,
                    float y3) {
        const float x0 = -2.0f, x1 = 2.0f;
        obj += QString("v %1 %2 %3\nv %4 %5 %6\nv %7 %8 %9\nv %10 %11 %12\n")
                   .arg(x0)
                   .arg(y0)
                   .arg(z0)
                   .arg(x0)
                   .arg(y1)
                   .arg(z1)
                   .arg(x1)
                   .arg(y2)
                   .arg(z2)
                   .arg(x1)
                   .arg(y3)
                   .arg(z3)
                   .toUtf8();
        obj += QString("f %1 %2 %3\nf %1 %3 %4\n")
                   .arg(vertices + 1)
                   .arg(vertices + 2)
                   .arg(vertices + 3)
                   .arg(vertices + 4)
                   .toUtf8();
        vertices += 4;
    };
    auto flat = [&](float z0, float z1, float y0, float y1) {
        quad(z0, y0, z1, y1, z1, y1, z0, y0);
    };
    flat(-2.0f, zRamp, 0.0f, 0.0f);
    flat(zRamp, zPlatform, 0.0f, top);
    flat(zPlatform, zStairs, top, top);
    for (int k = 0; k < 6; ++k) {
        const float y = top - (k + 1) * 0.17f, z = zStairs + k * 0.3f;
        quad(z, y + 0.17f, z, y, z, y, z, y + 0.17f);  // the riser
        if (k < 5) flat(z, z + 0.3f, y, y);
    }
    flat(zFloor, 20.0f, 0.0f, 0.0f);
    return obj;
}

}  // namespace

class TestCliLevelGround : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void feetOnTheSurface_data() {
        QTest::addColumn<QString>("level");
        QTest::addColumn<QString>("characters");
        QTest::newRow("corridor: ramp and stairs") << "corridor"
                                                   << "2";
        QTest::newRow("demo level") << "demo"
                                    << "20";
    }
    void feetOnTheSurface() {
        GS_REQUIRE_DATA();
        QFETCH(QString, level);
        QFETCH(QString, characters);
        QString mesh = demoLevelMesh();
        if (level == "corridor") {
            mesh = m_dir.filePath("corridor.obj");
            QFile f(mesh);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(corridorObj());
        }
        const QString baked = m_dir.filePath(level + ".gslevel");
        QCOMPARE(runCli({"bake-level", mesh, "-o", baked}).exitCode, 0);
        auto simulate = [&](bool flat) {
            QStringList args{"simulate", demoProject(), "--level",  baked,          "--level-mesh",
                             mesh,       "--scenario",  "crossing", "--characters", characters,
                             "--goals",  "2",           "--json"};
            // Without avoidance, so that both runs walk the same ways and differ only in their
            // feet (avoidance's sidesteps differ with the feet's timing).
            args << "--no-avoidance";
            if (flat) args << "--flat-feet";
            return runCli(args);
        };
        const CliRun r = simulate(false), flat = simulate(true);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(flat.exitCode, 0);
        const QJsonObject o = r.json(), f = flat.json();
        QCOMPARE(o["reach_rate"].toDouble(), 1.0);
        QCOMPARE(o["ground"].toString(), QString("level mesh"));
        // Planted feet on the ramp and the stairs: many of them, within 2 cm at p95.
        const QJsonObject uneven = o["foot_ground_error_uneven_cm"].toObject();
        QVERIFY2(uneven["foot_frames"].toInt() > 200,
                 qPrintable(QString::number(uneven["foot_frames"].toInt())));
        QVERIFY(uneven["p95"].toDouble() <= 2.0);
        QVERIFY(o["foot_ground_error_cm"].toObject()["p95"].toDouble() <= 2.0);
        // The pose as on flat ground, only carried at the surface's height, is not on it.
        QVERIFY(f["foot_ground_error_uneven_cm"].toObject()["p95"].toDouble() > 2.0);
        // Stance skate no more than 1.2 x the same run's on flat ground.
        const double skate = o["stance_skate_cm_s"].toDouble();
        const double flatSkate = f["stance_skate_cm_s"].toDouble();
        QVERIFY(flatSkate > 0.0);
        QVERIFY2(skate <= 1.2 * flatSkate,
                 qPrintable(QString("%1 against %2 cm/s").arg(skate).arg(flatSkate)));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCliLevelGround)
#include "tst_cli_level_ground.moc"

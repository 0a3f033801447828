// Levels: the demo level's mesh is what its code writes, its navigation mesh (Recast) walks
// through the doorway, up the ramp and the stairs; paths, islands, goals moved onto the mesh,
// ground heights; bad level meshes are refused with a sentence (the .gslevel file:
// tst_level_file). Everything is made here or shipped in resources/: no data needed.

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <numbers>
#include <string>

#include <glm/geometric.hpp>

#include "core/level/demo_level.h"
#include "core/level/level_bake.h"

using namespace gs;

namespace {

bool contains(const std::string& text, const char* part) {
    return text.find(part) != std::string::npos;
}

Expected<BakedLevel> bake(const LevelMesh& mesh, LevelBakeSettings settings = {}) {
    BakedLevel level;
    LevelBakeJob job;
    job.settings = settings;
    job.mesh = &mesh;
    job.name = "test";
    job.output = &level;
    if (Status s = job.run(); !s) return s;
    return level;
}

Navigation demoNavigation() {
    auto level = bake(demoLevel());
    if (!level) qFatal("demo level: %s", level.message().c_str());
    auto nav = Navigation::create(std::move(*level));
    if (!nav) qFatal("demo level: %s", nav.message().c_str());
    return std::move(*nav);
}

float polylineLength(std::initializer_list<glm::vec3> points) {
    float length = 0.0f;
    const glm::vec3* previous = nullptr;
    for (const glm::vec3& p : points) {
        if (previous) length += glm::distance(*previous, p);
        previous = &p;
    }
    return length;
}

}  // namespace

class TestLevel : public QObject {
    Q_OBJECT
private slots:
    void demoFileIsWhatTheCodeWrites() {
        QTemporaryDir dir;
        const QString written = dir.filePath("demo_level.glb");
        QVERIFY(writeLevelMesh(demoLevel(), written.toStdString()));
        QFile a(written),
            b(QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/levels/demo_level.glb"));
        QVERIFY(a.open(QIODevice::ReadOnly));
        QVERIFY2(b.open(QIODevice::ReadOnly), "resources/levels/demo_level.glb is missing");
        QCOMPARE(a.readAll(), b.readAll());
        // And it reads back as the same triangles.
        auto read = readLevelMesh(written.toStdString());
        QVERIFY2(read, read.message().c_str());
        QCOMPARE(read->triangleCount(), demoLevel().triangleCount());
    }

    void demoLevelIsOneIslandWithRampAndStairs() {
        const Navigation nav = demoNavigation();
        QCOMPARE(nav.islandCount(), 1);
        QVERIFY(nav.polygonCount() > 10);
        using L = DemoLevelLayout;
        const float top = L::kRisers * L::kRiser;
        // The platform, the ramp's middle and each stair tread stand where the layout puts them
        // (the detail mesh is within its 5 cm error).
        auto platform = nav.groundHeight({6.5f, 1.0f, 6.0f});
        QVERIFY2(platform, platform.message().c_str());
        QVERIFY(std::abs(*platform - top) < 0.06f);
        const float run = top / std::tan(L::kRampDegrees * std::numbers::pi_v<float> / 180.0f);
        const float xMid = 5.0f - 0.5f * run;
        auto ramp = nav.groundHeight({xMid, 0.5f, 5.0f});
        QVERIFY2(ramp, ramp.message().c_str());
        QVERIFY(std::abs(*ramp - 0.5f * top) < 0.08f);
        // The top of the stairs is reachable from the floor by the other side of the wall.
        auto path = nav.findPath({6.5f, 0.0f, 9.8f}, {-4.0f, 0.0f, -3.0f});
        QVERIFY2(path, path.message().c_str());
        QVERIFY(!path->goal.moved);
    }

    void pathThroughTheDoorway() {
        const Navigation nav = demoNavigation();
        const glm::vec3 a(-4.0f, 0.0f, -3.0f), b(-4.0f, 0.0f, 3.0f);
        auto path = nav.findPath(a, b);
        QVERIFY2(path, path.message().c_str());
        QVERIFY(!path->start.moved && !path->goal.moved);
        // Around the wall: through the doorway's west jamb, kept a radius from it.
        const float r = nav.info().agent.radius;
        const float jamb = -DemoLevelLayout::kDoorHalfWidth + r;
        const float face = 0.5f * DemoLevelLayout::kWallThickness;
        const float around = polylineLength({a, {jamb, 0.0f, -face}, {jamb, 0.0f, face}, b});
        QVERIFY2(
            path->length >= 0.99f * around && path->length <= 1.15f * around,
            qPrintable(
                QStringLiteral("path %1 m, around the wall %2 m").arg(path->length).arg(around)));
        // Every corner near the wall's line lies inside the doorway.
        for (const glm::vec3& c : path->corners)
            if (std::abs(c.z) <= face + r) QVERIFY(std::abs(c.x) < DemoLevelLayout::kDoorHalfWidth);
        QVERIFY(*nav.connected(a, b));
    }

    void goalOffTheMeshIsMoved() {
        const Navigation nav = demoNavigation();
        // Inside the pillar at (3, -4): the nearest walkable point is its radius beyond a face.
        auto p = nav.nearestPoint({3.0f, 0.0f, -4.0f});
        QVERIFY2(p, p.message().c_str());
        QVERIFY(p->moved);
        QVERIFY(p->distance > 0.25f + 0.2f);
        QVERIFY(!nav.onMesh({3.0f, 0.0f, -4.0f}));
        auto path = nav.findPath({0.0f, 0.0f, -6.0f}, {3.0f, 0.0f, -4.0f});
        QVERIFY2(path, path.message().c_str());
        QVERIFY(path->goal.moved);
        QCOMPARE(path->corners.back(), path->goal.position);
        // A point on the floor is not moved.
        auto q = nav.nearestPoint({-2.0f, 0.0f, -6.0f});
        QVERIFY(q && !q->moved);
        // Far from any mesh: refused.
        QVERIFY(!nav.nearestPoint({0.0f, 50.0f, 0.0f}));
    }

    void twoIslandsAreUnreachable() {
        LevelMesh mesh = boxMesh({-3.0f, -0.2f, -3.0f}, {-1.0f, 0.0f, 3.0f});
        mesh.append(boxMesh({1.0f, -0.2f, -3.0f}, {3.0f, 0.0f, 3.0f}));
        auto level = bake(mesh);
        QVERIFY2(level, level.message().c_str());
        auto nav = Navigation::create(std::move(*level));
        QVERIFY2(nav, nav.message().c_str());
        QCOMPARE(nav->islandCount(), 2);
        QVERIFY(!*nav->connected({-2.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f}));
        QVERIFY(*nav->connected({-2.0f, 0.0f, -2.0f}, {-2.0f, 0.0f, 2.0f}));
        auto path = nav->findPath({-2.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f});
        QVERIFY(!path);
        QVERIFY2(contains(path.message(), "another island"), path.message().c_str());
    }

    void badLevelsAreRefused_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("cause");
        QTest::newRow("no walkable surface") << 0 << "no walkable surface";
        QTest::newRow("wider than the limit") << 1 << "more than the limit of 1000 m";
        QTest::newRow("more cells than the limit") << 2 << "more than the limit of 16000000 cells";
        QTest::newRow("no triangles") << 3 << "no triangles";
        QTest::newRow("index out of range") << 4 << "outside the mesh";
        QTest::newRow("not finite") << 5 << "not finite";
    }
    void badLevelsAreRefused() {
        QFETCH(int, kind);
        QFETCH(QString, cause);
        LevelMesh mesh;
        switch (kind) {
            case 0:  // a wall alone: its top is narrower than the agent
                mesh = boxMesh({0.0f, 0.0f, 0.0f}, {4.0f, 2.0f, 0.2f});
                break;
            case 1:
                mesh = boxMesh({0.0f, -0.2f, 0.0f}, {2000.0f, 0.0f, 2.0f});
                break;
            case 2:
                mesh = boxMesh({0.0f, -0.2f, 0.0f}, {500.0f, 0.0f, 500.0f});
                break;
            case 3:
                break;
            case 4:
                mesh = boxMesh({0.0f, -0.2f, 0.0f}, {2.0f, 0.0f, 2.0f});
                mesh.indices[4] = 99;
                break;
            default:
                mesh = boxMesh({0.0f, -0.2f, 0.0f}, {2.0f, 0.0f, 2.0f});
                mesh.vertices[2].y = std::nanf("");
        }
        auto level = bake(mesh);
        QVERIFY(!level);
        QVERIFY2(contains(level.message(), cause.toUtf8().constData()), level.message().c_str());
    }

    void unreadableFilesAreRefused() {
        QTemporaryDir dir;
        auto missing = readLevelMesh(dir.filePath("none.glb").toStdString());
        QVERIFY(!missing);
        QVERIFY(contains(missing.message(), "no such file"));
        QFile f(dir.filePath("broken.glb"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("glTF this is not a binary glTF");
        f.close();
        auto broken = readLevelMesh(f.fileName().toStdString());
        QVERIFY(!broken);
        QVERIFY2(contains(broken.message(), "cannot import"), broken.message().c_str());
        QVERIFY(broken.message().find('\n') == std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestLevel)
#include "tst_level.moc"

// The navigation mesh bake (core/level/level_bake.h) on levels made here: a slab's file
// information and grid at known values; the agent's radius shrinking the walkable area, its climb
// joining or parting two slabs a step apart, its slope keeping or dropping a tilted plane; every
// refused setting and job with its sentence. (The demo level's bake: tst_level.)

#include <QTest>

#include <cmath>
#include <string>

#include "core/authoring_limits.h"
#include "core/level/demo_level.h"
#include "core/level/level_bake.h"

using namespace gs;

namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

Expected<BakedLevel> bake(const LevelMesh& mesh, const LevelBakeSettings& settings = {},
                          LevelBakeReport* report = nullptr) {
    BakedLevel level;
    LevelBakeJob job;
    job.settings = settings;
    job.mesh = &mesh;
    job.name = "slab.glb";
    job.output = &level;
    job.report = report;
    if (Status s = job.run(); !s) return s;
    return level;
}

Expected<Navigation> navigate(const LevelMesh& mesh, const LevelBakeSettings& settings = {}) {
    auto level = bake(mesh, settings);
    if (!level) return level.status();
    return Navigation::create(std::move(*level));
}

// A 4 x 3 m slab, its top at y = 0.
LevelMesh slab() { return boxMesh({0.0f, -0.2f, 0.0f}, {4.0f, 0.0f, 3.0f}); }

// A plane 4 m wide rising `degrees` over 3 m of x, facing up.
LevelMesh tilted(float degrees) {
    const float rise = 3.0f * std::tan(degrees * 3.14159265f / 180.0f);
    LevelMesh m;
    m.vertices = {{0, 0, 0}, {3, rise, 0}, {3, rise, 4}, {0, 0, 4}};
    m.indices = {0, 2, 1, 0, 3, 2};
    return m;
}

}  // namespace

class TestLevelBake : public QObject {
    Q_OBJECT
private slots:
    void slabInformation() {
        LevelBakeReport report;
        auto level = bake(slab(), {}, &report);
        QVERIFY2(level, level.message().c_str());
        QCOMPARE(level->info.name, std::string("slab.glb"));
        QCOMPARE(level->info.cellSize, 0.1f);
        QCOMPARE(level->info.cellHeight, 0.05f);
        QCOMPARE(level->info.agent.radius, 0.3f);
        QCOMPARE(level->info.agent.maxSlopeDeg, 45.0f);
        QCOMPARE(level->info.boundsMin, glm::vec3(0.0f, -0.2f, 0.0f));
        QCOMPARE(level->info.boundsMax, glm::vec3(4.0f, 0.0f, 3.0f));
        QCOMPARE(level->info.sourceTriangles, std::uint32_t(12));
        QCOMPARE(report.gridWidth, 40);
        QCOMPARE(report.gridDepth, 30);
        QVERIFY(report.polygons >= 1);
        QVERIFY(report.vertices >= 4);
        QVERIFY(!level->navMesh.empty());
        // What it makes reads back as a level file would.
        QVERIFY(readGSLevel(writeGSLevel(*level)));
    }

    void radiusShrinksTheWalkableArea() {
        // The middle of the slab is 1.5 m from its long sides: that less the radius to the edge.
        for (float radius : {0.3f, 0.6f}) {
            LevelBakeSettings settings;
            settings.agent.radius = radius;
            auto nav = navigate(slab(), settings);
            QVERIFY2(nav, nav.message().c_str());
            auto edge = nav->distanceToEdge({2.0f, 0.0f, 1.5f}, 5.0f);
            QVERIFY2(edge, edge.message().c_str());
            QVERIFY2(std::abs(*edge - (1.5f - radius)) < 0.15f, QByteArray::number(*edge));
            QVERIFY(nav->onMesh({2.0f, 0.0f, radius + 0.15f}));
            QVERIFY(!nav->onMesh({2.0f, 0.0f, radius - 0.15f}));
        }
    }

    void climbJoinsOrPartsAStep() {
        // Two slabs side by side, the second 0.25 m higher.
        LevelMesh step = slab();
        step.append(boxMesh({4.0f, -0.2f, 0.0f}, {8.0f, 0.25f, 3.0f}));
        auto low = navigate(step);  // climbs 0.35 m
        QVERIFY2(low, low.message().c_str());
        QCOMPARE(low->islandCount(), 1);
        LevelBakeSettings settings;
        settings.agent.maxClimb = 0.1f;
        auto high = navigate(step, settings);
        QVERIFY2(high, high.message().c_str());
        QCOMPARE(high->islandCount(), 2);
        auto path = high->findPath({2.0f, 0.0f, 1.5f}, {6.0f, 0.25f, 1.5f});
        QVERIFY(!path);
        QVERIFY2(contains(path.message(), "another island"), path.message().c_str());
    }

    void slopeKeepsOrDropsAPlane() {
        auto walkable = navigate(tilted(30.0f));
        QVERIFY2(walkable, walkable.message().c_str());
        auto ground = walkable->groundHeight({1.5f, 5.0f, 2.0f});
        QVERIFY2(ground, ground.message().c_str());
        QVERIFY2(std::abs(*ground - 1.5f * std::tan(30.0f * 3.14159265f / 180.0f)) < 0.1f,
                 QByteArray::number(*ground));
        LevelBakeSettings settings;
        settings.agent.maxSlopeDeg = 20.0f;
        auto steep = bake(tilted(30.0f), settings);
        QVERIFY(!steep);
        QCOMPARE(steep.message(),
                 std::string("the level has no walkable surface (no floor flat enough and wide "
                             "enough for an agent of radius 0.30 m and height 1.80 m)"));
    }

    void settingsRefused_data() {
        QTest::addColumn<int>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("radius") << 0 << "the agent radius must be in (0, 5] m";
        QTest::newRow("height") << 1 << "the agent height must be in (0, 10] m";
        QTest::newRow("climb") << 2 << "the agent's climb must be in [0, 5] m";
        QTest::newRow("slope") << 3 << "the agent's slope must be in [0, 89] degrees";
        QTest::newRow("cell size") << 4 << "the cell size must be in [0.02, 1] m";
        QTest::newRow("cell height") << 5 << "the cell height must be in [0.01, 1] m";
        QTest::newRow("edge length") << 6 << "the longest edge must be in [0, 100] m";
        QTest::newRow("edge error") << 7 << "the edge error must be in [0.1, 3] cells";
        QTest::newRow("regions") << 8
                                 << "the region areas must be in [0, 100] and [0, 1000] square "
                                    "metres";
        QTest::newRow("detail") << 9
                                << "the detail sampling must be in [0, 10] m and its error in "
                                   "[0, 1] m";
    }
    void settingsRefused() {
        QFETCH(int, field);
        QFETCH(QString, message);
        LevelBakeSettings s;
        QVERIFY(s.validate());
        switch (field) {
            case 0:
                s.agent.radius = 0.0f;
                break;
            case 1:
                s.agent.height = 11.0f;
                break;
            case 2:
                s.agent.maxClimb = -0.1f;
                break;
            case 3:
                s.agent.maxSlopeDeg = 90.0f;
                break;
            case 4:
                s.cellSize = 0.01f;
                break;
            case 5:
                s.cellHeight = std::nanf("");
                break;
            case 6:
                s.maxEdgeLength = 101.0f;
                break;
            case 7:
                s.maxEdgeError = 0.05f;
                break;
            case 8:
                s.mergeRegionArea = 2000.0f;
                break;
            case 9:
                s.detailMaxError = 2.0f;
                break;
        }
        QCOMPARE(QString::fromStdString(s.validate().message()), message);
        const auto level = bake(slab(), s);
        QVERIFY(!level);
        QCOMPARE(QString::fromStdString(level.message()), message);
    }

    void jobsRefused() {
        BakedLevel level;
        LevelBakeJob job;
        job.output = &level;
        QCOMPARE(job.run().message(), std::string("level bake: no mesh or no output"));
        const LevelMesh mesh = slab();
        job.mesh = &mesh;
        job.output = nullptr;
        QCOMPARE(job.run().message(), std::string("level bake: no mesh or no output"));
        job.output = &level;
        job.name.assign(limits::kMaxGSLevelName + 1, 'n');
        QCOMPARE(job.run().message(), "level bake: the name is longer than " +
                                          std::to_string(limits::kMaxGSLevelName) + " bytes");
        job.name = "ok";
        LevelMesh broken = slab();
        broken.indices.pop_back();
        job.mesh = &broken;
        QCOMPARE(job.run().message(), std::string("the index count is not a multiple of 3"));
        QVERIFY(level.navMesh.empty());  // nothing written by a refused bake
    }
};

QTEST_GUILESS_MAIN(TestLevelBake)
#include "tst_level_bake.moc"

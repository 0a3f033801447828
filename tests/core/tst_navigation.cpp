// Navigation (core/runtime/navigation.cpp) on a level made here: two slabs 2 m apart, baked for
// the default agent (radius 0.3 m): two islands; nearest points on and off the mesh, refused
// beyond the search extents; paths on one slab straight, across the gap refused as another
// island, to nowhere refused naming the end; ground heights, the mesh's extent and its distance
// to the edge at known values. No data needed.

#include <QTest>

#include <string>

#include "core/level/demo_level.h"
#include "common/test_level.h"

using namespace gs;

namespace {

bool contains(const std::string& text, const char* part) {
    return text.find(part) != std::string::npos;
}

// Slabs 0.2 m thick, their tops at y = 0: x in [-3, -1] and [1, 3], z in [-2, 2].
Navigation twoSlabs() {
    LevelMesh mesh = boxMesh({-3.0f, -0.2f, -2.0f}, {-1.0f, 0.0f, 2.0f});
    mesh.append(boxMesh({1.0f, -0.2f, -2.0f}, {3.0f, 0.0f, 2.0f}));
    return test::bakeNavigation(mesh, "two slabs");
}

// Recast's voxels are 0.1 m: edges land within a voxel and a half of where they are drawn.
constexpr float kVoxel = 0.15f;

}  // namespace

class TestNavigation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { nav_ = std::make_unique<Navigation>(twoSlabs()); }

    void twoIslands() {
        const Navigation& nav = *nav_;
        QCOMPARE(nav.islandCount(), 2);
        QVERIFY(nav.polygonCount() >= 2);
        QCOMPARE(nav.info().name, std::string("two slabs"));
        QCOMPARE(nav.info().agent.radius, 0.3f);
        QCOMPARE(nav.info().sourceTriangles, std::uint32_t(24));
        auto same = nav.connected({-2.5f, 0.0f, -1.0f}, {-1.5f, 0.0f, 1.0f});
        QVERIFY2(same, same.message().c_str());
        QVERIFY(*same);
        auto across = nav.connected({-2.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f});
        QVERIFY2(across, across.message().c_str());
        QVERIFY(!*across);
    }

    void nearestPoints() {
        const Navigation& nav = *nav_;
        auto on = nav.nearestPoint({-2.0f, 0.0f, 0.5f});
        QVERIFY2(on, on.message().c_str());
        QVERIFY(!on->moved);
        QVERIFY(on->distance < 0.05f);
        // Between the slabs: moved onto the nearer one's edge, 0.3 m in from its side.
        auto off = nav.nearestPoint({-0.2f, 0.0f, 0.0f});
        QVERIFY2(off, off.message().c_str());
        QVERIFY(off->moved);
        QVERIFY2(std::abs(off->position.x - -1.3f) < kVoxel, QByteArray::number(off->position.x));
        QVERIFY(std::abs(off->distance - 1.1f) < kVoxel);
        auto far = nav.nearestPoint({50.0f, 0.0f, 0.0f});
        QVERIFY(!far);
        QVERIFY2(contains(far.message(), "navigation: no navigation mesh within 5 m of (50.0"),
                 far.message().c_str());
    }

    void pathsOnOneSlabAreStraight() {
        const Navigation& nav = *nav_;
        auto path = nav.findPath({-2.0f, 0.0f, -1.5f}, {-2.0f, 0.0f, 1.5f});
        QVERIFY2(path, path.message().c_str());
        QCOMPARE(path->corners.size(), size_t(2));
        QVERIFY(std::abs(path->length - 3.0f) < 0.05f);
        QVERIFY(!path->start.moved);
        QVERIFY(!path->goal.moved);
        // A goal beyond the slab's end is moved onto the mesh, 0.3 m in from the end.
        auto moved = nav.findPath({-2.0f, 0.0f, 0.0f}, {-2.0f, 0.0f, 2.5f});
        QVERIFY2(moved, moved.message().c_str());
        QVERIFY(moved->goal.moved);
        QVERIFY(std::abs(moved->goal.position.z - 1.7f) < kVoxel);
        QVERIFY(std::abs(moved->length - 1.7f) < kVoxel);
    }

    void unreachableGoalsAreRefused() {
        const Navigation& nav = *nav_;
        auto across = nav.findPath({-2.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f});
        QVERIFY(!across);
        QCOMPARE(across.message(), std::string("navigation: the goal is unreachable from the start "
                                               "(another island of the navigation mesh)"));
        auto nowhere = nav.findPath({-2.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 40.0f});
        QVERIFY(!nowhere);
        QVERIFY2(contains(nowhere.message(), "the goal: navigation: no navigation mesh within 5 m"),
                 nowhere.message().c_str());
        auto nostart = nav.findPath({0.0f, 30.0f, 0.0f}, {2.0f, 0.0f, 0.0f});
        QVERIFY(!nostart);
        QVERIFY2(contains(nostart.message(), "the start: navigation: no navigation mesh"),
                 nostart.message().c_str());
    }

    void groundAndEdges() {
        const Navigation& nav = *nav_;
        auto ground = nav.groundHeight({2.0f, 1.0f, 0.0f});
        QVERIFY2(ground, ground.message().c_str());
        QVERIFY(std::abs(*ground) < 0.1f);
        QVERIFY(nav.onMesh({2.0f, 0.0f, 0.0f}));
        QVERIFY(!nav.onMesh({0.0f, 0.0f, 0.0f}));  // the gap
        QVERIFY(!nav.onMesh({1.1f, 0.0f, 0.0f}));  // within the agent's radius of the edge
        auto gap = nav.groundHeight({0.0f, 0.0f, 0.0f});
        QVERIFY(!gap);
        QCOMPARE(gap.message(), std::string("navigation: no navigation mesh under the point"));
        // The middle of a slab: 1 m to its sides, 0.3 m of it the agent's radius.
        auto edge = nav.distanceToEdge({-2.0f, 0.0f, 0.0f}, 5.0f);
        QVERIFY2(edge, edge.message().c_str());
        QVERIFY2(std::abs(*edge - 0.7f) < kVoxel, QByteArray::number(*edge));
        auto capped = nav.distanceToEdge({-2.0f, 0.0f, 0.0f}, 0.2f);
        QVERIFY(capped);
        QCOMPARE(*capped, 0.2f);
        QVERIFY(!nav.distanceToEdge({0.0f, 0.0f, 40.0f}, 1.0f));
    }

    void emptyLevelIsRefused() {
        auto nav = Navigation::create(BakedLevel{});
        QVERIFY(!nav);
        // The checks of a file read, before Detour sees it.
        QCOMPARE(nav.message(), std::string("NAVM: shorter than a navigation mesh header"));
    }

private:
    std::unique_ptr<Navigation> nav_;
};

QTEST_GUILESS_MAIN(TestNavigation)
#include "tst_navigation.moc"

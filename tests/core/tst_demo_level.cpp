// The demo level's code (core/level/demo_level.h): a box is twelve triangles facing out with the
// box's area; the demo level holds its parts' triangles within its stated bounds, its walkable
// tops at the floor, the platform, each stair and the walls' height, and one ramp at 15 degrees
// starting where the layout says. (That the shipped file is this mesh: tst_level.)

#include <QTest>

#include <cmath>
#include <numbers>
#include <set>

#include <glm/geometric.hpp>

#include "core/level/demo_level.h"

using namespace gs;

namespace {

glm::vec3 corner(const LevelMesh& m, size_t t, int k) { return m.vertices[m.indices[3 * t + k]]; }

// Area-weighted normal of triangle t (its winding's side).
glm::vec3 areaNormal(const LevelMesh& m, size_t t) {
    return 0.5f * glm::cross(corner(m, t, 1) - corner(m, t, 0), corner(m, t, 2) - corner(m, t, 0));
}

}  // namespace

class TestDemoLevel : public QObject {
    Q_OBJECT
private slots:
    void boxFacesOut() {
        const glm::vec3 lo(-1.0f, 0.0f, 2.0f), hi(2.0f, 0.5f, 6.0f);
        const LevelMesh b = boxMesh(lo, hi);
        QCOMPARE(b.vertices.size(), size_t(8));
        QCOMPARE(b.triangleCount(), size_t(12));
        QVERIFY(b.validate());
        const glm::vec3 centre = 0.5f * (lo + hi);
        float area = 0.0f;
        glm::vec3 sum(0.0f);
        for (size_t t = 0; t < b.triangleCount(); ++t) {
            const glm::vec3 n = areaNormal(b, t);
            const glm::vec3 mid = (corner(b, t, 0) + corner(b, t, 1) + corner(b, t, 2)) / 3.0f;
            QVERIFY(glm::dot(n, mid - centre) > 0.0f);
            area += glm::length(n);
            sum += n;
        }
        QVERIFY(std::abs(area - 2.0f * (3.0f * 0.5f + 0.5f * 4.0f + 3.0f * 4.0f)) < 1e-4f);
        QVERIFY(glm::length(sum) < 1e-4f);  // closed
        for (const glm::vec3& v : b.vertices)
            for (int a = 0; a < 3; ++a) QVERIFY(v[a] == lo[a] || v[a] == hi[a]);
    }

    void demoLevelLayout() {
        const LevelMesh level = demoLevel();
        QVERIFY(level.validate());
        // Floor 12, two walls 24, four pillars 48, platform 12, ramp 8, five stairs 60.
        QCOMPARE(level.triangleCount(), size_t(164));
        glm::vec3 lo(1e9f), hi(-1e9f);
        for (const glm::vec3& v : level.vertices) lo = glm::min(lo, v), hi = glm::max(hi, v);
        using L = DemoLevelLayout;
        QCOMPARE(lo, glm::vec3(-L::kHalfSize, -0.2f, -L::kHalfSize));
        QCOMPARE(hi, glm::vec3(L::kHalfSize, L::kWallHeight, L::kHalfSize));
    }

    void walkableTops() {
        const LevelMesh level = demoLevel();
        using L = DemoLevelLayout;
        // Heights (mm) of the tops facing straight up.
        std::set<int> tops;
        int ramp = 0;
        float rampStart = 1e9f;
        for (size_t t = 0; t < level.triangleCount(); ++t) {
            const glm::vec3 n = glm::normalize(areaNormal(level, t));
            if (n.y > 0.9999f) {
                tops.insert(static_cast<int>(std::lround(corner(level, t, 0).y * 1000.0f)));
            } else if (n.y > 0.5f) {
                ++ramp;
                QVERIFY(std::abs(std::acos(n.y) * 180.0f / std::numbers::pi_v<float> -
                                 L::kRampDegrees) < 1e-2f);
                QVERIFY(n.x < 0.0f);  // rising eastward: facing west and up
                for (int k = 0; k < 3; ++k) rampStart = std::min(rampStart, corner(level, t, k).x);
            }
        }
        // The floor, five stairs (0.17 m apart), the platform (six risers), walls and pillars.
        QCOMPARE(tops, (std::set<int>{0, 170, 340, 510, 680, 850, 1020, 2500}));
        QCOMPARE(ramp, 2);
        QVERIFY(std::abs(rampStart - 1.19f) < 5e-3f);
    }
};

QTEST_APPLESS_MAIN(TestDemoLevel)
#include "tst_demo_level.moc"

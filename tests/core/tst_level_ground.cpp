// LevelGround (core/level/level_ground.h) on the demo level: the floor, the ramp's slope and
// normal, the platform, each stair's tread from above and below its riser, no ground off the level
// or under a ceiling far above the query, and walls that are not ground. And the navigation
// mesh's ground query (Navigation::groundQuery) on the same level: its detail mesh's normal.

#include <QTest>

#include <cmath>
#include <numbers>

#include "core/level/demo_level.h"
#include "core/level/level_bake.h"
#include "core/level/level_ground.h"

using namespace gs;

class TestLevelGround : public QObject {
    Q_OBJECT
    const LevelGround m_ground{demoLevel()};

    GroundHit at(float x, float y, float z, bool* found = nullptr) const {
        GroundHit h;
        const bool hit = m_ground.hit(x, y, z, h);
        if (found) *found = hit;
        return h;
    }

private slots:
    void floorAndPlatform() {
        bool found = false;
        QCOMPARE(at(-5.0f, 0.0f, -3.0f, &found).height, 0.0f);
        QVERIFY(found);
        QCOMPARE(at(-5.0f, 0.0f, -3.0f).normal.y, 1.0f);
        using L = DemoLevelLayout;
        QVERIFY(std::abs(at(6.5f, 1.0f, 6.0f).height - L::kRisers * L::kRiser) < 1e-5f);
        // Asked from the floor, the platform 1.02 m above is out of the ray's reach.
        QCOMPARE(at(6.5f, 0.0f, 6.0f, &found).height, 0.0f);
    }

    void ramp() {
        const float slope = std::tan(15.0f * std::numbers::pi_v<float> / 180.0f);
        const GroundHit a = at(3.0f, 0.5f, 5.0f), b = at(4.0f, 0.8f, 5.0f);
        QVERIFY(std::abs((b.height - a.height) - slope) < 1e-4f);
        QVERIFY(std::abs(a.normal.y - std::cos(15.0f * std::numbers::pi_v<float> / 180.0f)) <
                1e-4f);
        QVERIFY(a.normal.x < 0.0f);  // rising eastward: the normal leans west
    }

    void stairs() {
        using L = DemoLevelLayout;
        const float top = L::kRisers * L::kRiser;
        for (int k = 0; k < L::kRisers - 1; ++k) {
            const float z = 8.0f + (k + 0.5f) * L::kTread, tread = top - (k + 1) * L::kRiser;
            // From the tread above and from the one below, the same tread.
            QVERIFY(std::abs(at(6.5f, tread + L::kRiser, z).height - tread) < 1e-5f);
            QVERIFY(std::abs(at(6.5f, tread - L::kRiser, z).height - tread) < 1e-5f);
        }
    }

    void noGround() {
        bool found = true;
        at(30.0f, 0.0f, 0.0f, &found);
        QVERIFY(!found);
        // Wall tops are ground 2.5 m up (flat), out of reach from the floor; their faces never are.
        QCOMPARE(at(3.0f, 0.0f, 0.0f, &found).height, 0.0f);
        QVERIFY(found);
        QVERIFY(m_ground.triangleCount() > 0);
    }

    void navigationGround() {
        const LevelMesh mesh = demoLevel();
        BakedLevel level;
        LevelBakeJob job;
        job.mesh = &mesh;
        job.name = "demo";
        job.output = &level;
        QVERIFY(job.run());
        auto nav = Navigation::create(std::move(level));
        QVERIFY(nav);
        const GroundQuery q = nav->groundQuery();
        GroundHit ramp, floor;
        QVERIFY(q.function(q.user, 3.0f, 0.5f, 5.0f, &ramp));
        QVERIFY(q.function(q.user, -5.0f, 0.0f, -3.0f, &floor));
        // The detail mesh follows the ramp within the bake's detail error, tilted as it is.
        const float slope = std::tan(15.0f * std::numbers::pi_v<float> / 180.0f);
        QVERIFY(std::abs(ramp.height - (3.0f - 1.19f) * slope) < 0.1f);
        QVERIFY(std::abs(ramp.normal.y - std::cos(15.0f * std::numbers::pi_v<float> / 180.0f)) <
                0.02f);
        QVERIFY(std::abs(floor.height) < 0.1f);
        QVERIFY(floor.normal.y > 0.999f);
        GroundHit none;
        QVERIFY(!q.function(q.user, 30.0f, 0.0f, 0.0f, &none));
    }

    void query() {
        const GroundQuery q = m_ground.query();
        GroundHit h;
        QVERIFY(q.function(q.user, -5.0f, 0.0f, -3.0f, &h));
        QCOMPARE(h.height, 0.0f);
    }
};

QTEST_APPLESS_MAIN(TestLevelGround)
#include "tst_level_ground.moc"

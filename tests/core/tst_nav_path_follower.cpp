// NavPathFollower (gaitspace/runtime/navigation.h) on the demo level made by code
// (core/level/demo_level.h), baked for the default agent: a point that moves toward the
// follower's aim at walking pace gets from one side of the wall to the other through the doorway,
// never crossing the wall's line outside it and never more than a voxel off the mesh, and ends on
// the goal; a point carried far off its path gets a path found afresh from where it is, and one
// carried off the mesh is aimed back onto it (once a call, not for ever); settings
// out of range and a goal on another island are refused, saying why. No data needed.

#include <QTest>

#include <string>

#include <glm/geometric.hpp>

#include "core/level/demo_level.h"
#include "common/test_level.h"

using namespace gs;

using test::bakeNavigation;

class TestNavPathFollower : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        nav_ = std::make_unique<Navigation>(bakeNavigation(demoLevel(), "demo level"));
    }

    void walksThroughTheDoorway() {
        using L = DemoLevelLayout;
        NavPathFollower follow(*nav_);
        auto path = follow.setGoal({-4.0f, 0.0f, 3.5f}, {-4.0f, 0.0f, -3.5f});
        QVERIFY2(path, path.message().c_str());
        QVERIFY(path->corners.size() >= 3);  // round the wall's end at the doorway
        QVERIFY(path->length > 7.5f);
        glm::vec2 p(-4.0f, 3.5f);
        float worstCrossing = 0.0f, worstOff = 0.0f;
        int steps = 0;
        const float dt = 1.0f / 30.0f, speed = 1.2f;
        for (; steps < 3000 && glm::distance(p, glm::vec2(-4.0f, -3.5f)) > 0.05f; ++steps) {
            const glm::vec2 aim = follow.aim(p, 0.0f);
            const glm::vec2 to = aim - p;
            const float len = glm::length(to);
            const glm::vec2 next = len > speed * dt ? p + to * (speed * dt / len) : aim;
            if ((p.y > 0.0f) != (next.y > 0.0f))
                worstCrossing = std::max(worstCrossing, std::abs(next.x));
            p = next;
            // Within a voxel of the mesh: a straight way checked every 10 cm may graze the
            // corner of the wall's end between two checks, still 0.2 m from the wall.
            auto on = nav_->nearestPoint({p.x, 0.0f, p.y});
            QVERIFY(on);
            worstOff = std::max(worstOff, on->distance);
        }
        QVERIFY2(steps < 3000, "the goal was not reached");
        QVERIFY2(worstOff < 0.1f, qPrintable(QString::number(worstOff)));
        QVERIFY(worstCrossing < L::kDoorHalfWidth - 0.3f);  // the agent's radius inside it
    }

    void strayingFindsThePathAfresh() {
        NavPathFollower follow(*nav_);
        QVERIFY(follow.setGoal({-4.0f, 0.0f, 3.5f}, {-4.0f, 0.0f, 7.0f}));
        const glm::vec3 firstStart = follow.corners().front();
        // Carried 3 m to the side of a straight path: found again from there.
        const glm::vec2 aim = follow.aim({-7.0f, 5.0f}, 0.0f);
        QVERIFY(glm::distance(glm::vec2(follow.corners().front().x, follow.corners().front().z),
                              glm::vec2(-7.0f, 5.0f)) < 0.05f);
        QVERIFY(follow.corners().front() != firstStart);
        QVERIFY(glm::distance(aim, glm::vec2(-7.0f, 5.0f)) <= 1.2f + 1e-3f);
    }

    // Carried off the mesh (2 m beyond the floor's west edge, where no path starts): the path is
    // found afresh once, from the mesh's point nearest the character, and the aim is that point
    // (it walks back onto the mesh first), every call.
    void offTheMeshWalksBackOntoIt() {
        NavPathFollower follow(*nav_);
        QVERIFY(follow.setGoal({-4.0f, 0.0f, 3.5f}, {-4.0f, 0.0f, 7.0f}));
        for (int call = 0; call < 3; ++call) {
            const glm::vec2 aim = follow.aim({-12.0f, 5.0f}, 0.0f);
            auto on = nav_->nearestPoint({aim.x, 0.0f, aim.y});
            QVERIFY(on);
            QVERIFY2(!on->moved, qPrintable(QString("%1 %2").arg(aim.x).arg(aim.y)));
            QVERIFY2(std::abs(aim.x - -9.7f) < 0.1f, qPrintable(QString::number(aim.x)));
            QVERIFY(std::abs(aim.y - 5.0f) < 0.1f);
        }
    }

    void refusals() {
        NavFollowSettings bad;
        bad.lookAheadM = 0.0f;
        NavPathFollower follow(*nav_, bad);
        auto refused = follow.setGoal({-4.0f, 0.0f, 3.5f}, {-4.0f, 0.0f, 7.0f});
        QVERIFY(!refused);
        QVERIFY(refused.message().find("look-ahead") != std::string::npos);
        // Two slabs 2 m apart: the other one is another island.
        LevelMesh slabs = boxMesh({-3.0f, -0.2f, -2.0f}, {-1.0f, 0.0f, 2.0f});
        slabs.append(boxMesh({1.0f, -0.2f, -2.0f}, {3.0f, 0.0f, 2.0f}));
        const Navigation two = bakeNavigation(slabs, "two slabs");
        NavPathFollower across(two);
        auto none = across.setGoal({-2.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f});
        QVERIFY(!none);
        QVERIFY(across.corners().empty());
    }

private:
    std::unique_ptr<Navigation> nav_;
};

QTEST_MAIN(TestNavPathFollower)
#include "tst_nav_path_follower.moc"

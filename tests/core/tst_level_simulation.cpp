// Characters in a level (core/level/level_simulation.h), with the synthetic walk and jog in
// levels baked here (no data needed): in a corridor with a doorway two characters walking toward
// each other pass without their roots coming nearer than two agent radii (and walk through each
// other without avoidance and collision; collision alone keeps them apart); avoidance
// (gaitspace/runtime/avoidance.h) slows and turns a character for one standing in its way; goals
// that no start is far enough from, settings out of range and a missing space are refused with
// their sentences; a random start in a closed room too small for a goal is drawn again. Steered
// runs in the demo level are checked by tst_cli_level on the CMU demo project.

#include <QTest>

#include <cmath>
#include <vector>

#include <glm/geometric.hpp>
#include <string>

#include "core/level/demo_level.h"
#include "core/level/level_bake.h"
#include "core/level/level_simulation.h"
#include "core/runtime/synthetic_spaces.h"

using namespace gs;

namespace {

Navigation baked(const LevelMesh& mesh, const char* name) {
    BakedLevel level;
    LevelBakeJob job;
    job.mesh = &mesh;
    job.name = name;
    job.output = &level;
    if (Status s = job.run(); !s) qFatal("%s: %s", name, s.message().c_str());
    auto made = Navigation::create(std::move(level));
    if (!made) qFatal("%s: %s", name, made.message().c_str());
    return std::move(*made);
}

const Navigation& demo() {
    static const Navigation nav = baked(demoLevel(), "demo");
    return nav;
}

// A corridor 3.2 m wide and 16 m long (along z) between walls, cut across at z = -4 by a wall
// with a doorway 2 m wide.
const Navigation& corridor() {
    static const Navigation nav = [] {
        LevelMesh mesh = boxMesh({-1.6f, -0.2f, -8.0f}, {1.6f, 0.0f, 8.0f});
        mesh.append(boxMesh({-1.8f, 0.0f, -8.0f}, {-1.6f, 2.5f, 8.0f}));
        mesh.append(boxMesh({1.6f, 0.0f, -8.0f}, {1.8f, 2.5f, 8.0f}));
        mesh.append(boxMesh({-1.6f, 0.0f, -4.1f}, {-1.0f, 2.5f, -3.9f}));
        mesh.append(boxMesh({1.0f, 0.0f, -4.1f}, {1.6f, 2.5f, -3.9f}));
        return baked(mesh, "corridor");
    }();
    return nav;
}

// Two characters on the corridor's middle line, 12 m apart, each walking to the other's start.
LevelSimulationSettings headOn(bool avoid, bool collide) {
    LevelSimulationSettings s;
    s.scenario = LevelSimulationSettings::Scenario::Routes;
    s.characters = 2;
    s.goals = 1;
    s.avoid = avoid;
    s.collide = collide;
    s.routes = {{{0.0f, 0.0f, -6.0f}, {0.0f, 0.0f, 6.0f}},
                {{0.0f, 0.0f, 6.0f}, {0.0f, 0.0f, -6.0f}}};
    return s;
}

Expected<LevelSimulationResult> run(const LevelSimulationSettings& s) {
    return simulateLevel(test::syntheticBaked(), demo(), s);
}

LevelSimulationSettings random(int characters, int goals, std::uint32_t seed) {
    LevelSimulationSettings s;
    s.characters = characters;
    s.goals = goals;
    s.seed = seed;
    return s;
}

}  // namespace

class TestLevelSimulation : public QObject {
    Q_OBJECT
private slots:
    void twoCharactersPassInADoorway() {
        auto r = simulateLevel(test::syntheticBaked(), corridor(), headOn(true, true));
        QVERIFY2(r, r.message().c_str());
        QCOMPARE(r->reached, 2);
        QCOMPARE(r->overlaps, 0L);
        QCOMPARE(r->wallContacts, 0L);
        QVERIFY(r->characterFrames > 100);
        // Without avoidance and collision the same two walk through each other.
        auto alone = simulateLevel(test::syntheticBaked(), corridor(), headOn(false, false));
        QVERIFY2(alone, alone.message().c_str());
        QVERIFY(alone->overlaps > 10);
    }

    // Without avoidance, collision alone keeps the two head-on walkers apart: they meet, are
    // pushed aside (and back onto the mesh) and still arrive, their roots nearer than two radii
    // on a few frames at most where the unpushed pair overlap for many.
    void collisionKeepsWalkersApartWithoutAvoidance() {
        auto alone = simulateLevel(test::syntheticBaked(), corridor(), headOn(false, false));
        auto pushed = simulateLevel(test::syntheticBaked(), corridor(), headOn(false, true));
        QVERIFY2(alone && pushed, (alone ? pushed : alone).message().c_str());
        QCOMPARE(pushed->reached, 2);
        QVERIFY2(pushed->overlaps * 5 < alone->overlaps,
                 qPrintable(QString("%1 of %2").arg(pushed->overlaps).arg(alone->overlaps)));
        QCOMPARE(pushed->wallContacts, 0L);
    }

    void boundaryEdgesNearAWall() {
        // 0.3 m from the corridor's east wall (x = 1.6): its edges on the mesh, a radius in.
        std::vector<glm::vec3> edges(64);
        auto n = corridor().boundaryEdges({1.0f, 0.0f, 2.0f}, 1.0f, edges);
        QVERIFY2(n, n.message().c_str());
        QVERIFY(*n >= 1);
        for (int k = 0; k < 2 * *n; ++k) QVERIFY(std::abs(edges[k].x - 1.3f) < 0.1f);
        QCOMPARE(*corridor().boundaryEdges({0.0f, 0.0f, 2.0f}, 1.0f, edges), 0);
    }

    void avoidanceTurnsAndSlowsForOneStanding() {
        Avoidance avoid;
        QVERIFY(avoid.status());
        // One walks at 1.4 m/s straight at one standing 1.5 m ahead; a third is far away.
        const std::vector<AvoidanceAgent> agents = {
            {{0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 1.4f}, {0.0f, 0.0f, 1.4f}},
            {{0.0f, 0.0f, 1.5f}, {0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}},
            {{20.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 1.0f}, {0.0f, 0.0f, 1.0f}}};
        std::vector<glm::vec3> v(agents.size());
        QVERIFY(avoid.solve(agents, v));
        // Turned off the line to the one standing, no faster than wanted; the one standing
        // stays; the one alone keeps its way.
        QVERIFY(std::abs(v[0].x) > 0.2f);
        QVERIFY(glm::length(v[0]) <= 1.4f + 1e-4f);
        QCOMPARE(glm::length(v[1]), 0.0f);
        QVERIFY(glm::distance(v[2], agents[2].desired) < 1e-5f);
        // Refusals.
        std::vector<glm::vec3> none;
        QCOMPARE(avoid.solve(agents, none).message(),
                 std::string("avoidance: fewer velocities than agents"));
        AvoidanceSettings bad;
        bad.radius = 0.0f;
        QCOMPARE(Avoidance(bad).solve(agents, v).message(),
                 std::string("avoidance: the radius must be in (0, 5] m"));
    }

    void avoidanceStaggeredKeepsTheTurnBetween() {
        // Sampled on one call in three: the one walking at the one standing is sampled on the
        // first call, then keeps the same turn of its wanted velocity while it wants the same way.
        AvoidanceSettings every3;
        every3.everyCalls = 3;
        Avoidance avoid(every3);
        std::vector<AvoidanceAgent> agents = {
            {{0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 1.4f}, {0.0f, 0.0f, 1.4f}},
            {{0.0f, 0.0f, 1.5f}, {0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}}};
        std::vector<glm::vec3> first(2), second(2);
        QVERIFY(avoid.solve(agents, first));
        QVERIFY(std::abs(first[0].x) > 0.2f);
        agents[0].desired *= 0.5f;  // the same way, slower: the turn and share kept
        QVERIFY(avoid.solve(agents, second));
        QVERIFY(glm::distance(second[0], 0.5f * first[0]) < 1e-5f);
        // Wanting another way (here: sideways) is sampled at once, whatever the call.
        agents[0].desired = {1.4f, 0.0f, 0.0f};
        QVERIFY(avoid.solve(agents, second));
        // (nothing in that way: as wanted, where the kept turn would have swung it ~20 degrees)
        QVERIFY(glm::distance(second[0], agents[0].desired) < 1e-3f);
        AvoidanceSettings bad;
        bad.everyCalls = 9;
        QCOMPARE(Avoidance(bad).solve(agents, second).message(),
                 std::string("avoidance: a character must be sampled every 1-8 calls"));
    }

    // A random start that falls in a closed room too small for a goal (another island of the
    // mesh) is drawn again: every character is placed and given its goal.
    void aStartInAClosedRoomIsDrawnAgain() {
        static const Navigation nav = [] {
            LevelMesh mesh = boxMesh({-7.0f, -0.2f, -7.0f}, {7.0f, 0.0f, 7.0f});
            mesh.append(boxMesh({2.8f, 0.0f, 2.8f}, {7.0f, 2.5f, 3.0f}));
            mesh.append(boxMesh({2.8f, 0.0f, 3.0f}, {3.0f, 2.5f, 7.0f}));
            return baked(mesh, "closed room");
        }();
        QCOMPARE(nav.islandCount(), 2);
        for (std::uint32_t seed : {1u, 2u, 3u}) {
            auto r = simulateLevel(test::syntheticBaked(), nav, random(20, 1, seed));
            QVERIFY2(r, r.message().c_str());
            QCOMPARE(r->goals, 20);
        }
    }

    void refusals() {
        LevelSimulationSettings far = random(1, 1, 7);
        far.minGoalPathM = 100.0f;
        QVERIFY(run(far).message().starts_with("simulation: no goal on the level is 100"));
        auto refused = [](auto change) {
            LevelSimulationSettings s;
            change(s);
            return run(s).message();
        };
        QCOMPARE(refused([](LevelSimulationSettings& s) { s.characters = 0; }),
                 std::string("simulation: characters must be 1-1000"));
        QCOMPARE(refused([](LevelSimulationSettings& s) { s.reachRadius = -1.0f; }),
                 std::string("simulation: reach radius must be > 0"));
        QCOMPARE(refused([](LevelSimulationSettings& s) { s.lookAheadM = 20.0f; }),
                 std::string("simulation: the look-ahead must be in [0.1, 10] m"));
        QCOMPARE(refused([](LevelSimulationSettings& s) { s.replanDistanceM = 0.0f; }),
                 std::string("simulation: the replan distance must be > 0"));
        QCOMPARE(refused([](LevelSimulationSettings& s) { s.cornerOffsetM = 2.0f; }),
                 std::string("simulation: the corner offset must be in [0, 1] m"));
        QCOMPARE(refused([](LevelSimulationSettings& s) { s.goalClearanceM = 6.0f; }),
                 std::string("simulation: the goal clearance must be in [0, 5] m"));
        QCOMPARE(refused([](LevelSimulationSettings& s) {
                     s.scenario = LevelSimulationSettings::Scenario::Routes;
                 }),
                 std::string("simulation: the routes must be one per character"));
        QCOMPARE(simulateLevel(nullptr, demo(), {}).message(),
                 std::string("simulation: no baked space"));
    }
};

QTEST_APPLESS_MAIN(TestLevelSimulation)
#include "tst_level_simulation.moc"

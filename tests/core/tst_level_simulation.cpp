// Characters in a level (core/level/level_simulation.h), with the synthetic walk and jog in the
// demo level baked here (no data needed): goals that no start is far enough from, settings out of
// range and a missing space are refused with their sentences. Steered runs in a level are checked
// by tst_cli_level on the CMU demo project.

#include <QTest>

#include <cmath>
#include <string>

#include "core/level/demo_level.h"
#include "core/level/level_bake.h"
#include "core/level/level_simulation.h"
#include "core/runtime/synthetic_spaces.h"

using namespace gs;

namespace {

const Navigation& demo() {
    static const Navigation nav = [] {
        const LevelMesh mesh = demoLevel();
        BakedLevel level;
        LevelBakeJob job;
        job.mesh = &mesh;
        job.name = "demo";
        job.output = &level;
        if (Status s = job.run(); !s) qFatal("demo level: %s", s.message().c_str());
        auto made = Navigation::create(std::move(level));
        if (!made) qFatal("demo level: %s", made.message().c_str());
        return std::move(*made);
    }();
    return nav;
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
        QCOMPARE(simulateLevel(nullptr, demo(), {}).message(),
                 std::string("simulation: no baked space"));
    }
};

QTEST_APPLESS_MAIN(TestLevelSimulation)
#include "tst_level_simulation.moc"

// The runtime as a game runs it (gaitspace/runtime/crowd.h), on the demo's spaces (walk + jog, 5
// CMU clips each, 19 joints) baked into a .gspace:
//   - the baked file's size and load time (read and validate, from memory and from disk);
//   - Crowd::update per character, 1,000 and 10,000 characters, on 1 and 2 threads: locomotion
//     only (foot lock included), and steering + locomotion with every character chasing its own
//     goals and changing style now and then.
// One update = one frame of the space's rate (dt = 1/30 s), so each update runs every character's
// whole step; the time is the wall time per character, the new goals excluded. Best of 3 runs of
// 90 updates each, after a warm-up of 30 updates (the first decisions of every character).
//   - the same with every other character stopping on its goals, standing a second, and
//     starting toward the next (arrival), against the steered update.
// Usage: bench_crowd [DATA_DIR] [--quick] [--only LOAD CHARACTERS] [--level]
//   (--level: the steered update at 1,000 characters on one thread and the level loads alone)
//   (data: $GAITSPACE_DATA_DIR, else ../shared/data). --only runs one load (locomotion, steering or
//   arrival) for CHARACTERS characters on one thread, once: for a count of the instructions of
//   Crowd::update alone, which a busy machine does not change, e.g.
//   valgrind --tool=callgrind --toggle-collect='gs::Crowd::update(float)' bench_crowd --only
//   arrival 1000

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "bench_data.h"
#include "core/level/demo_level.h"
#include "core/level/level_bake.h"
#include "core/level/level_simulation.h"
#include "core/spaces/behavioral_space.h"
#include "core/spaces/goal_space_builder.h"
#include <gaitspace/runtime/crowd.h>
#include <gaitspace/runtime/gspace.h>

namespace {

using clock_type = std::chrono::steady_clock;

double seconds(clock_type::time_point a, clock_type::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

// What the characters do: locomotion only; steering to goals reset on arrival (walked through);
// or steering with every other character stopping on its goals, standing a second and starting
// toward the next (the arrival of gaitspace/runtime/arrival.h).
enum class Load { Locomotion, Steering, Arrival };

// ns per character and update, best of `runs`.
double measure(const std::shared_ptr<const gs::BakedSpaceFile>& baked, int characters, int threads,
               Load load, int updates, int runs) {
    const bool steer = load != Load::Locomotion;
    using Arrive = gs::Crowd::GoalArrival;
    auto arrival = [&](int c) {
        return load == Load::Arrival && c % 2 == 0 ? Arrive::Stop : Arrive::WalkOn;
    };
    double best = 1e30;
    for (int r = 0; r < runs; ++r) {
        gs::Crowd crowd(baked);  // outputs: local poses, roots, model transforms
        crowd.reserve(characters);
        crowd.setThreads(threads);
        std::mt19937 rng(7);
        std::uniform_real_distribution<float> u(-20.0f, 20.0f), unit(0.0f, 1.0f);
        for (int c = 0; c < characters; ++c) {
            const float w = (c % 7) / 6.0f;
            const float styles[] = {w, 1.0f - w};
            const float blends[] = {unit(rng), unit(rng)};
            const gs::CharacterId id =
                *crowd.add(gs::GroundFrame{u(rng), u(rng), u(rng)}, styles, blends);
            // The benchmark space has goal spaces, the id is the crowd's own and the goal finite:
            // it cannot fail.
            if (steer) (void)crowd.setGoal(id, {u(rng), u(rng)}, arrival(c));
        }
        std::vector<int> stood(static_cast<size_t>(characters), 0);  // frames stood at the goal
        // Warm up one loop of steps, then time.
        for (int f = 0; f < 30; ++f) (void)crowd.update(1.0f / 30.0f);
        double total = 0.0;
        for (int f = 0; f < updates; ++f) {
            // What a game does between updates: a new goal for each character that arrived (in
            // the 40 m box), and a style change now and then.
            if (steer) {
                // setGoal cannot fail here: the space has goal spaces, the ids are the crowd's, the
                // goals finite.
                const auto ids = crowd.ids();
                for (size_t k = 0; k < ids.size(); ++k) {
                    const gs::CharacterId id = ids[k];
                    const int c =
                        static_cast<int>(k);  // storage order is the order added (none removed)
                    if (arrival(c) == Arrive::Stop) {
                        // Stopped: stands a second, then off to the next goal.
                        if (*crowd.motionState(id) != gs::MotionState::Standing || ++stood[c] < 30)
                            continue;
                        stood[c] = 0;
                        (void)crowd.setGoal(id, {u(rng), u(rng)}, Arrive::Stop);
                        continue;
                    }
                    const gs::GroundFrame g = *crowd.ground(id);
                    if (glm::distance(glm::vec2(g.x, g.z), *crowd.goal(id)) < 0.5f)
                        (void)crowd.setGoal(id, {u(rng), u(rng)}, Arrive::WalkOn);
                }
            }
            const float w = unit(rng);
            const float styles[] = {w, 1.0f - w};
            (void)crowd.setStyleTargets(crowd.ids()[(f * 37) % characters], styles);
            const auto t0 = clock_type::now();
            (void)crowd.update(1.0f / 30.0f);
            total += seconds(t0, clock_type::now());
        }
        best = std::min(best, total);
    }
    return best * 1e9 / (static_cast<double>(updates) * characters);
}

// The level load: ns per character and update of Crowd::update and of the level's part, the
// best of `runs` by their sum.
struct LevelCost {
    double update = 0.0, level = 0.0;
};
LevelCost measureLevel(const std::shared_ptr<const gs::BakedSpaceFile>& baked,
                       const gs::Navigation& nav, int characters, bool avoid, bool ground,
                       bool quick) {
    gs::LevelSimulationSettings s;
    s.characters = characters;
    s.goals = 10000;
    s.avoid = avoid;
    s.feetOnGround = ground;
    s.styleWeights = {0.5f, 0.5f};
    s.steer = baked->steer;
    s.locomotion = baked->locomotion;
    s.maxSeconds = quick ? 1.7f : 4.0f;
    LevelCost best{1e30, 1e30};
    for (int r = 0; r < (quick ? 1 : 3); ++r) {
        auto result = gs::simulateLevel(baked, nav, s);
        if (!result) {
            std::fprintf(stderr, "bench_crowd: %s\n", result.message().c_str());
            std::exit(1);
        }
        const double n = static_cast<double>(std::max(result->timedCharacterFrames, 1L));
        const LevelCost c{result->updateSeconds * 1e9 / n, result->levelSeconds * 1e9 / n};
        if (c.update + c.level < best.update + best.level) best = c;
    }
    return best;
}

// The demo level repeated n x n times side by side (its floors join: one walkable whole, its
// walls a line across each row of levels with a doorway every 20 m).
gs::LevelMesh tiledDemoLevel(int n) {
    const gs::LevelMesh one = gs::demoLevel();
    gs::LevelMesh tiled;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            gs::LevelMesh copy = one;
            const glm::vec3 offset(20.0f * i - 10.0f * (n - 1), 0.0f, 20.0f * j - 10.0f * (n - 1));
            for (glm::vec3& v : copy.vertices) v += offset;
            tiled.append(copy);
        }
    return tiled;
}

void levelLoads(const std::shared_ptr<const gs::BakedSpaceFile>& baked, bool quick, double steering,
                int tiles) {
    const gs::LevelMesh mesh = tiles > 1 ? tiledDemoLevel(tiles) : gs::demoLevel();
    gs::BakedLevel level;
    gs::LevelBakeJob job;
    job.mesh = &mesh;
    job.name = "demo";
    job.output = &level;
    if (gs::Status st = job.run(); !st) {
        std::fprintf(stderr, "bench_crowd: %s\n", st.message().c_str());
        std::exit(1);
    }
    auto nav = gs::Navigation::create(std::move(level));
    if (!nav) {
        std::fprintf(stderr, "bench_crowd: %s\n", nav.message().c_str());
        std::exit(1);
    }
    if (tiles > 1)
        std::printf(
            "In %d demo levels side by side (%d x %d m, %.2f characters a square metre), 1000 "
            "characters (walk + jog 50/50) to random goals, 1 thread, ns per character and "
            "update:\n",
            tiles * tiles, 20 * tiles, 20 * tiles, 1000.0 / (400.0 * tiles * tiles));
    else
        std::printf(
            "In the demo level (20 x 20 m, 2.5 characters a square metre), 1000 characters "
            "(walk + jog 50/50) to random goals, 1 thread, ns per character and update:\n");
    struct Load {
        const char* name;
        bool avoid, ground;
    };
    for (const Load& load :
         {Load{"paths + avoidance + ground:", true, true}, Load{"paths + avoidance:", true, false},
          Load{"paths + ground:", false, true}}) {
        const LevelCost c = measureLevel(baked, *nav, 1000, load.avoid, load.ground, quick);
        std::printf(
            "  %-28s Crowd::update %6.0f + level %6.0f = %6.0f ns (%.2fx the steered "
            "update, %.0f ns)\n",
            load.name, c.update, c.level, c.update + c.level, (c.update + c.level) / steering,
            steering);
    }
}

}  // namespace

int main(int argc, char** argv) {
    bool quick = false, levelOnly = false;
    int dataArgs = argc;
    int onlyLoad = -1, onlyCharacters = 0;  // --only
    const char* onlyName = "";
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) {
            quick = true;
            dataArgs = std::min(dataArgs, i);
        } else if (std::strcmp(argv[i], "--level") == 0) {
            levelOnly = true;
            dataArgs = std::min(dataArgs, i);
        } else if (std::strcmp(argv[i], "--only") == 0) {
            const char* loads[] = {"locomotion", "steering", "arrival"};
            for (int k = 0; k < 3 && i + 1 < argc; ++k)
                if (std::strcmp(argv[i + 1], loads[k]) == 0) onlyLoad = k, onlyName = loads[k];
            onlyCharacters = i + 2 < argc ? std::atoi(argv[i + 2]) : 0;
            if (onlyLoad < 0 || onlyCharacters < 1 || onlyCharacters > 100000) {
                std::fprintf(stderr,
                             "bench_crowd: --only takes locomotion|steering|arrival and 1-100000 "
                             "characters\n");
                return 2;
            }
            dataArgs = std::min(dataArgs, i);
            i += 2;
        }
    }
    const std::string dir = gs::bench::dataDir(dataArgs, argv);

    auto space = gs::buildBehavioralSpace(gs::bench::cmuDemoDesc(dir, true));
    if (!space) {
        std::fprintf(stderr, "bench_crowd: %s\n", space.message().c_str());
        return 1;
    }
    auto goals = gs::buildGoalSpaces(*space);
    if (!goals) {
        std::fprintf(stderr, "bench_crowd: %s\n", goals.message().c_str());
        return 1;
    }
    gs::BakedSpaceFile file;
    file.space = std::move(*space);
    file.goalSpaces = std::move(*goals);
    const std::vector<std::uint8_t> bytes = gs::writeGSpace(file);

    // Load: read + validate from memory, and loadGSpace from a file (one read).
    const std::string path =
        (std::filesystem::temp_directory_path() / "bench_crowd.gspace").string();
    if (gs::Status s = gs::saveGSpace(file, path); !s) {
        std::fprintf(stderr, "bench_crowd: %s\n", s.message().c_str());
        return 1;
    }
    double readBest = 1e30, loadBest = 1e30;
    for (int r = 0; r < 20; ++r) {
        auto t0 = clock_type::now();
        auto back = gs::readGSpace(bytes);
        readBest = std::min(readBest, seconds(t0, clock_type::now()));
        t0 = clock_type::now();
        auto loaded = gs::loadGSpace(path);
        loadBest = std::min(loadBest, seconds(t0, clock_type::now()));
        if (!back || !loaded) return 1;
    }
    std::filesystem::remove(path);
    size_t samples = 0;
    for (const auto& g : file.goalSpaces) samples += g.samples.size();
    std::printf(
        "demo baked space (walk + jog, 5 clips each, 4 stops, 2 starts, %zu goal samples): %zu "
        "bytes, "
        "read %.2f ms, load from disk %.2f ms\n",
        samples, bytes.size(), readBest * 1e3, loadBest * 1e3);

    const auto baked = std::make_shared<const gs::BakedSpaceFile>(std::move(file));
    const int updates = quick ? 20 : 90, runs = quick ? 1 : 3;
    if (onlyLoad >= 0) {
        const double ns =
            measure(baked, onlyCharacters, 1, static_cast<Load>(onlyLoad), updates, 1);
        std::printf("%s, %d characters, 1 thread: %.0f ns per character and update\n", onlyName,
                    onlyCharacters, ns);
        return 0;
    }
    if (levelOnly) {
        const double steering = measure(baked, 1000, 1, Load::Steering, updates, runs);
        std::printf("steering + locomotion, 1000 characters, 1 thread: %.0f ns per character\n",
                    steering);
        levelLoads(baked, quick, steering, 1);
        levelLoads(baked, quick, steering, 4);
        return 0;
    }
    std::printf(
        "Crowd::update, ns per character (dt = 1/30 s: one whole step per update; %d joints)\n",
        baked->space.skeleton.jointCount());
    double steering1000 = 0.0;
    std::printf("  %-10s %-8s %14s %22s %24s\n", "characters", "threads", "locomotion",
                "steering + locomotion", "half stopping at goals");
    for (int characters : {1000, 10000}) {
        double one[3] = {0, 0, 0};
        for (int threads : {1, 2}) {
            const double loco =
                measure(baked, characters, threads, Load::Locomotion, updates, runs);
            const double both = measure(baked, characters, threads, Load::Steering, updates, runs);
            const double arrive = measure(baked, characters, threads, Load::Arrival, updates, runs);
            if (threads == 1) {
                if (characters == 1000) steering1000 = both;
                one[0] = loco;
                one[1] = both;
                one[2] = arrive;
            }
            std::printf("  %-10d %-8d %11.0f ns %19.0f ns %14.0f ns (%+.1f %%)", characters,
                        threads, loco, both, arrive, 100.0 * (arrive / both - 1.0));
            if (threads == 2)
                std::printf("   (%.2fx, %.2fx, %.2fx one thread)", one[0] / loco, one[1] / both,
                            one[2] / arrive);
            std::printf("\n");
        }
    }
    levelLoads(baked, quick, steering1000, 1);
    levelLoads(baked, quick, steering1000, 4);
    return 0;
}

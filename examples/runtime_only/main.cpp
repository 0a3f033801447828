// A game's view of Gaitspace: load a baked space and steer a crowd with it, linking gs_runtime
// alone (standard C++ and GLM; no Qt, no Assimp). Each character walks to random goals. In a
// space baked with stops it stops on each goal and stands (Crowd::motionState), and a second
// later gets the next, which it starts toward; without stops a new goal is set once it is within
// 0.5 m of the last.
//
// Usage: runtime_only SPACE.gspace [CHARACTERS=100] [SECONDS=20] [THREADS=1]
// Prints one line: characters, simulated seconds, goals reached, how many of them it stood on, and
// update time per character.

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <gaitspace/runtime/crowd.h>
#include <gaitspace/runtime/gspace.h>

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: runtime_only SPACE.gspace [CHARACTERS] [SECONDS] [THREADS]\n");
        return 2;
    }
    const int characters = argc > 2 ? std::atoi(argv[2]) : 100;
    const double seconds = argc > 3 ? std::atof(argv[3]) : 20.0;
    const int threads = argc > 4 ? std::atoi(argv[4]) : 1;
    if (characters < 1 || characters > 1'000'000 || !(seconds > 0.0 && seconds <= 86400.0) || threads < 1 ||
        threads > 64) {
        std::fprintf(stderr, "runtime_only: CHARACTERS 1-1000000, SECONDS (0, 86400], THREADS 1-64\n");
        return 2;
    }
    auto baked = gs::loadGSpace(argv[1]);
    if (!baked) {
        std::fprintf(stderr, "runtime_only: %s\n", baked.message().c_str());  // names the file
        return 1;
    }
    gs::Crowd crowd(std::make_shared<const gs::BakedSpaceFile>(std::move(*baked)));
    if (!crowd.status()) {
        std::fprintf(stderr, "runtime_only: %s: %s\n", argv[1], crowd.status().message().c_str());
        return 1;
    }
    if (!crowd.canSteer()) {
        std::fprintf(stderr, "runtime_only: %s: baked without goal spaces, cannot steer\n", argv[1]);
        return 1;
    }
    crowd.reserve(characters);
    crowd.setThreads(threads);
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    auto newGoal = [&](gs::CharacterId id) {
        const gs::GroundFrame g = crowd.ground(id);
        const float d = 3.0f + 10.0f * unit(rng), a = 6.2831853f * unit(rng);
        crowd.setGoal(id, {g.x + d * std::sin(a), g.z + d * std::cos(a)});
    };
    const int spaces = static_cast<int>(crowd.space().spaces.size());
    for (int c = 0; c < characters; ++c) {
        float styles[gs::limits::kMaxSpaces] = {};
        styles[c % spaces] = 1.0f;
        const gs::CharacterId id = crowd.add(gs::GroundFrame{4.0f * (c % 100), 4.0f * (c / 100), 0.0f},
                                             std::span<const float>(styles, spaces));
        newGoal(id);
    }
    const float dt = 1.0f / 60.0f;
    const long updates = std::lround(seconds / dt);
    long reached = 0, stood = 0;
    // Seconds stood on the goal, by storage index (-1: the next goal is set).
    std::vector<float> standing(static_cast<size_t>(characters), 0.0f);
    double updateSeconds = 0.0;
    for (long u = 0; u < updates; ++u) {
        const auto t0 = std::chrono::steady_clock::now();
        crowd.update(dt);
        updateSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const auto ids = crowd.ids();
        for (size_t k = 0; k < ids.size(); ++k) {
            const gs::CharacterId id = ids[k];
            const gs::MotionState state = crowd.motionState(id);
            if (state == gs::MotionState::Stopping) continue;  // arriving: it stands where its goal is
            if (state == gs::MotionState::Standing) {
                if (standing[k] < 0.0f) continue;  // given its next goal: it starts at the next frame
                if (standing[k] == 0.0f) ++reached, ++stood;
                standing[k] += dt;
                if (standing[k] >= 1.0f) {
                    standing[k] = -1.0f;
                    newGoal(id);
                }
                continue;
            }
            standing[k] = 0.0f;
            const gs::GroundFrame g = crowd.ground(id);
            // Character k walks in space k % spaces (none is removed, so storage order is the
            // order added); a space without stops walks on through its goals.
            const bool canStop = !crowd.space().spaces[k % static_cast<size_t>(spaces)].stops.empty();
            if (state == gs::MotionState::Walking && !canStop &&
                std::hypot(g.x - crowd.goal(id).x, g.z - crowd.goal(id).y) < 0.5f) {
                ++reached;
                newGoal(id);
            }
        }
    }
    std::printf("characters %d, seconds %.1f, goals reached %ld, stood on %ld, update %.2f us per character at 60 Hz\n",
                characters, seconds, reached, stood, updateSeconds * 1e6 / (static_cast<double>(updates) * characters));
    return 0;
}

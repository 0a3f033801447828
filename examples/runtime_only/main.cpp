// A game's view of Gaitspace: load a baked space and steer a crowd with it, linking gs_runtime
// alone (standard C++ and GLM; no Qt, no Assimp). Each character walks to random goals; a new
// goal is set when one is reached.
//
// Usage: runtime_only SPACE.gspace [CHARACTERS=100] [SECONDS=20] [THREADS=1]
// Prints one line: characters, simulated seconds, goals reached, and update time per character.

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>

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
        const gs::GroundFrame g = *crowd.ground(id);
        const float d = 3.0f + 10.0f * unit(rng), a = 6.2831853f * unit(rng);
        return crowd.setGoal(id, {g.x + d * std::sin(a), g.z + d * std::cos(a)});
    };
    const int spaces = static_cast<int>(crowd.space().spaces.size());
    for (int c = 0; c < characters; ++c) {
        float styles[gs::limits::kMaxSpaces] = {};
        styles[c % spaces] = 1.0f;
        const gs::Expected<gs::CharacterId> id = crowd.add(
            gs::GroundFrame{4.0f * (c % 100), 4.0f * (c / 100), 0.0f}, std::span<const float>(styles, spaces));
        if (!id) {
            std::fprintf(stderr, "runtime_only: %s\n", id.message().c_str());
            return 1;
        }
        if (gs::Status s = newGoal(*id); !s) {
            std::fprintf(stderr, "runtime_only: %s\n", s.message().c_str());
            return 1;
        }
    }
    const float dt = 1.0f / 60.0f;
    const long updates = std::lround(seconds / dt);
    long reached = 0;
    double updateSeconds = 0.0;
    for (long u = 0; u < updates; ++u) {
        const auto t0 = std::chrono::steady_clock::now();
        if (gs::Status s = crowd.update(dt); !s) {
            std::fprintf(stderr, "runtime_only: %s\n", s.message().c_str());
            return 1;
        }
        updateSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        for (gs::CharacterId id : crowd.ids()) {
            const gs::GroundFrame g = *crowd.ground(id);
            const glm::vec2 goal = *crowd.goal(id);
            if (std::hypot(g.x - goal.x, g.z - goal.y) < 0.5f) {
                ++reached;
                (void)newGoal(id);  // the id is the crowd's and the goal finite
            }
        }
    }
    std::printf("characters %d, seconds %.1f, goals reached %ld, update %.2f us per character at 60 Hz\n",
                characters, seconds, reached, updateSeconds * 1e6 / (static_cast<double>(updates) * characters));
    return 0;
}

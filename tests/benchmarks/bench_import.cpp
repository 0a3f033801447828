// Time to import all 58 CMU clips through Assimp and run forward kinematics on every frame.
// Usage: bench_import [DATA_DIR]   (default: $GAITSPACE_DATA_DIR, else ../shared/data)

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bench_data.h"
#include "core/clip/clip_kinematics.h"

int main(int argc, char** argv) {
    const std::string dir = gs::bench::dataDir(argc, argv);
    using clock = std::chrono::steady_clock;
    const int repeats = 5;
    double best = 1e30, bestImport = 0, bestFk = 0;
    long frames = 0;
    for (int r = 0; r < repeats; ++r) {
        double importS = 0, fkS = 0;
        frames = 0;
        for (int i = 1; i <= 58; ++i) {
            char name[64];
            std::snprintf(name, sizeof name, "/cmu/16_%02d.bvh", i);
            const auto t0 = clock::now();
            auto imported = gs::importClips(dir + name);
            const auto t1 = clock::now();
            if (!imported) {
                std::fprintf(stderr, "bench_import: %s%s: %s\n", dir.c_str(), name,
                             imported.message().c_str());
                return 1;
            }
            const auto positions = gs::clipJointPositions(imported->clips.front());
            const auto t2 = clock::now();
            frames += imported->clips.front().frameCount();
            importS += std::chrono::duration<double>(t1 - t0).count();
            fkS += std::chrono::duration<double>(t2 - t1).count();
            if (positions.empty()) return 1;
        }
        if (importS + fkS < best) {
            best = importS + fkS;
            bestImport = importS;
            bestFk = fkS;
        }
    }
    std::printf("58 CMU clips, %ld frames, best of %d runs\n", frames, repeats);
    std::printf("  import (check + Assimp + sampling): %8.2f ms\n", bestImport * 1e3);
    std::printf("  forward kinematics:                 %8.3f ms (%.0f ns/frame)\n", bestFk * 1e3,
                bestFk * 1e9 / frames);
    std::printf("  total:                              %8.2f ms\n", best * 1e3);
    return 0;
}

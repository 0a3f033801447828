// Match web of two 1000-frame clips, single thread: incremental diagonal sums against the
// straightforward version that sums every cell's whole window again.
// Usage: bench_match_web [DATA_DIR]   (default: $GAITSPACE_DATA_DIR, else ../shared/data)
//
// The clips are the walks 16_15 and 16_16 resampled to exactly 1000 frames each (about 256 fps),
// so the 0.33 s point-cloud window covers 85 frames: the case where the window cost shows.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bench_data.h"
#include "core/io/clip_import.h"
#include "core/analysis/match_web.h"

namespace {

gs::Clip thousandFrames(const std::string& path) {
    auto imported = gs::importClips(path);
    if (!imported) {
        std::fprintf(stderr, "bench_match_web: %s: %s\n", path.c_str(), imported.message().c_str());
        std::exit(1);
    }
    const gs::Clip& c = imported->clips.front();
    return *gs::resampleClip(c, 999.0f / c.duration());
}

double bestMs(gs::MatchWebJob& job, int repeats) {
    double best = 1e30;
    for (int r = 0; r < repeats; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        if (gs::Status s = job.run(); !s) {
            std::fprintf(stderr, "bench_match_web: %s\n", s.message().c_str());
            std::exit(1);
        }
        best = std::min(
            best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                      .count());
    }
    return best;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string dir = gs::bench::dataDir(argc, argv);
    const gs::Clip a = thousandFrames(dir + "/cmu/16_15.bvh");
    gs::Clip b = thousandFrames(dir + "/cmu/16_16.bvh");
    b.fps = a.fps;  // same window in frames for both (16_16 plays 8 % slower; no matter here)

    gs::MatchWebJob job;
    job.a = &a;
    job.b = &b;
    const double incremental = bestMs(job, 7);
    const size_t chains = job.output.chains.size();
    job.settings.summation = gs::MatchWebSettings::Summation::Direct;
    const double direct = bestMs(job, 1);

    std::printf("match web %d x %d frames, %d joints, window %d frames, single thread\n",
                a.frameCount(), b.frameCount(), a.jointCount(), job.output.windowSamples);
    std::printf("  incremental (O(rows*cols*joints)):        %9.1f ms (best of 7), %zu chains\n",
                incremental, chains);
    std::printf("  straightforward (O(rows*cols*joints*window)): %9.1f ms\n", direct);
    std::printf("  target: under 60 ms for the incremental version\n");
    return 0;
}

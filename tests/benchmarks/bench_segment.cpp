// Time to cut a 60 s take at 120 fps into segments: 100STYLE's Neutral run, walk and run takes
// (60 fps) resampled to 120 fps and joined end to end (each continuing from where the previous
// one stopped) into one 7200-frame take, written as BVH, then imported and segmented.
// Usage: bench_segment [DATA_DIR] [OUT.bvh]   (default data: $GAITSPACE_DATA_DIR, else
// ../shared/data; the take is written to OUT.bvh, default bench_segment_take.bvh, so that
// `gaitspace-cli segment` can be timed on it too)

#include <chrono>
#include <cstdio>
#include <map>
#include <string>

#include "bench_data.h"
#include "core/analysis/segments.h"
#include "core/io/bvh_writer.h"

int main(int argc, char** argv) {
    const std::string dir = gs::bench::dataDir(argc, argv);
    const std::string out = argc > 2 ? argv[2] : "bench_segment_take.bvh";
    using clock = std::chrono::steady_clock;
    gs::Clip take;
    for (const char* name : {"Neutral_FR", "Neutral_FW", "Neutral_FR"}) {
        const std::string path = dir + "/100style/" + name + ".bvh";
        auto imported = gs::importClips(path);
        if (!imported) {
            std::fprintf(stderr, "bench_segment: %s: %s\n", path.c_str(),
                         imported.message().c_str());
            return 1;
        }
        auto fast = gs::resampleClip(imported->clips.front(), 120.0f);
        if (!fast) {
            std::fprintf(stderr, "bench_segment: %s\n", fast.message().c_str());
            return 1;
        }
        if (take.isEmpty()) {
            take = *fast;
            take.name = "take";
            continue;
        }
        const glm::vec3 shift = take.rootPositions.back() - fast->rootPositions.front();
        for (int f = 0; f < fast->frameCount(); ++f) {
            gs::Pose pose = fast->pose(f);
            pose.rootPosition += glm::vec3(shift.x, 0.0f, shift.z);
            take.appendPose(pose);
        }
    }
    if (gs::Status s = gs::writeBvh(take, out); !s) {
        std::fprintf(stderr, "bench_segment: %s: %s\n", out.c_str(), s.message().c_str());
        return 1;
    }
    const int repeats = 3;
    double bestImport = 1e30, bestSegment = 1e30;
    gs::TakeSegments result;
    for (int r = 0; r < repeats; ++r) {
        const auto t0 = clock::now();
        auto imported = gs::importClips(out);
        const auto t1 = clock::now();
        if (!imported) {
            std::fprintf(stderr, "bench_segment: %s: %s\n", out.c_str(),
                         imported.message().c_str());
            return 1;
        }
        gs::SegmentJob job;
        job.clip = &imported->clips.front();
        if (gs::Status s = job.run(); !s) {
            std::fprintf(stderr, "bench_segment: %s: %s\n", out.c_str(), s.message().c_str());
            return 1;
        }
        const auto t2 = clock::now();
        bestImport = std::min(bestImport, std::chrono::duration<double>(t1 - t0).count());
        bestSegment = std::min(bestSegment, std::chrono::duration<double>(t2 - t1).count());
        result = job.output;
    }
    std::map<std::string, int> labels;
    for (const gs::Segment& s : result.segments) ++labels[gs::segmentLabelName(s.label)];
    std::printf("take: %d frames at %.0f fps (%.1f s), written to %s; best of %d runs\n",
                take.frameCount(), take.fps, take.duration(), out.c_str(), repeats);
    std::printf("  import:  %8.1f ms\n", bestImport * 1e3);
    std::printf("  segment: %8.1f ms (gait period %.1f frames, %zu segments:", bestSegment * 1e3,
                result.periodFrames, result.segments.size());
    for (const auto& [label, n] : labels) std::printf(" %s %d", label.c_str(), n);
    std::printf(")\n");
    return 0;
}

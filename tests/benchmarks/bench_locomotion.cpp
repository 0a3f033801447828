// Update cost per character: 2 motion spaces x 2 clips blended, 19 joints, forward kinematics,
// over 10,000 characters on one thread.
// Usage: bench_locomotion [DATA_DIR]   (default: $GAITSPACE_DATA_DIR, else ../shared/data)

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bench_data.h"
#include "core/locomotion.h"

int main(int argc, char** argv) {
    const std::string dir = gs::bench::dataDir(argc, argv);
    gs::BehavioralSpaceDesc desc;
    desc.name = "bench";
    desc.spaces = {gs::bench::cmuSpace(dir, "walk", {"16_13", "16_11"}),
                   gs::bench::cmuSpace(dir, "jog", {"16_39", "16_37"})};
    const auto t0 = std::chrono::steady_clock::now();
    auto built = gs::buildBehavioralSpace(desc);
    const auto t1 = std::chrono::steady_clock::now();
    if (!built) {
        std::fprintf(stderr, "bench_locomotion: %s\n", built.message().c_str());
        return 1;
    }
    const gs::BakedBehavioralSpace& bs = *built;
    const int characters = 10000;
    const int joints = bs.skeleton.jointCount();
    std::vector<gs::CharacterState> states(characters);
    for (int c = 0; c < characters; ++c) {
        const float styles[] = {(c % 7) / 6.0f, 1.0f - (c % 7) / 6.0f};
        const float blends[] = {(c % 11) / 10.0f, (c % 13) / 12.0f};
        gs::initCharacter(bs, states[c], gs::GroundFrame{float(c % 100), float(c / 100), 0.0f}, styles, blends);
    }
    std::vector<glm::quat> local(characters * joints);
    std::vector<glm::vec3> roots(characters);
    std::vector<gs::Transform> world(characters * joints);
    gs::LocomotionJob job;
    job.space = &bs;
    job.characters = states;
    job.localRotations = local;
    job.rootPositions = roots;
    job.world = world;
    for (int f = 0; f < 10; ++f) job.run();  // warm up

    const int frames = 60;
    double best = 1e30;
    for (int r = 0; r < 5; ++r) {
        const auto a = std::chrono::steady_clock::now();
        for (int f = 0; f < frames; ++f) job.run();
        const auto b = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double, std::nano>(b - a).count() / (frames * characters));
    }
    gs::LocomotionTimings timings;
    job.timings = &timings;
    for (int f = 0; f < frames; ++f) job.run();
    const double total = timings.sampleNs + timings.blendNs + timings.fkNs;
    const double n = static_cast<double>(frames) * characters;
    std::printf("behavioral space build (2 spaces x 2 clips): %.1f ms\n",
                std::chrono::duration<double, std::milli>(t1 - t0).count());
    std::printf("%d characters, %d joints, 2 spaces x 2 clips, one thread\n", characters, joints);
    std::printf("  update: %.0f ns per character (best of 5 x %d frames)\n", best, frames);
    std::printf("  split (timed run, includes clock overhead): sample + time step %.0f ns (%.0f%%), "
                "blend %.0f ns (%.0f%%), FK %.0f ns (%.0f%%)\n",
                timings.sampleNs / n, 100 * timings.sampleNs / total, timings.blendNs / n,
                100 * timings.blendNs / total, timings.fkNs / n, 100 * timings.fkNs / total);
    return 0;
}

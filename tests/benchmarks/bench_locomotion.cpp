// Update cost per character: 2 motion spaces x 2 clips blended, 19 joints, forward kinematics,
// over 10,000 characters on one thread; with the IK foot lock and without it.
// Usage: bench_locomotion [DATA_DIR]   (default: $GAITSPACE_DATA_DIR, else ../shared/data)

#include <chrono>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <string>

#include "bench_data.h"
#include "core/behavioral_space.h"
#include "core/runtime/locomotion.h"

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
    // Best of 5 runs of `frames` frames, ns of this thread's CPU time per character (a busy
    // machine stretches wall time, not CPU time); the characters start from the same states for
    // either setting.
    auto cpuNs = [] {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return t.tv_sec * 1e9 + t.tv_nsec;
    };
    const std::vector<gs::CharacterState> start = states;
    const int frames = 60;
    auto measure = [&](bool footLock) {
        states = start;
        job.settings.footLock = footLock;
        for (int f = 0; f < 10; ++f) job.run();  // warm up
        double best = 1e30;
        for (int r = 0; r < 5; ++r) {
            const double a = cpuNs();
            for (int f = 0; f < frames; ++f) job.run();
            best = std::min(best, (cpuNs() - a) / (frames * characters));
        }
        return best;
    };
    // Interleaved, so that a busy machine slows both alike.
    double withLock = 1e30, withoutLock = 1e30;
    for (int round = 0; round < 3; ++round) {
        withoutLock = std::min(withoutLock, measure(false));
        withLock = std::min(withLock, measure(true));
    }
    states = start;
    job.settings.footLock = true;
    gs::LocomotionTimings timings;
    job.timings = &timings;
    for (int f = 0; f < frames; ++f) job.run();
    const double total = timings.sampleNs + timings.blendNs + timings.fkNs + timings.ikNs;
    const double n = static_cast<double>(frames) * characters;
    std::printf("behavioral space build (2 spaces x 2 clips): %.1f ms\n",
                std::chrono::duration<double, std::milli>(t1 - t0).count());
    std::printf("%d characters, %d joints, 2 spaces x 2 clips, one thread\n", characters, joints);
    std::printf("  update with IK foot lock: %.0f ns per character (CPU time, best of 3 x 5 x %d frames)\n",
                withLock, frames);
    std::printf("  update without foot lock: %.0f ns per character\n", withoutLock);
    std::printf("  IK foot lock adds %.0f ns (%.1f%%)\n", withLock - withoutLock,
                100.0 * (withLock - withoutLock) / withoutLock);
    std::printf("  split with foot lock (timed run, includes clock overhead): sample + time step %.0f ns "
                "(%.0f%%), blend %.0f ns (%.0f%%), FK %.0f ns (%.0f%%), foot lock IK %.0f ns (%.0f%%)\n",
                timings.sampleNs / n, 100 * timings.sampleNs / total, timings.blendNs / n,
                100 * timings.blendNs / total, timings.fkNs / n, 100 * timings.fkNs / total,
                timings.ikNs / n, 100 * timings.ikNs / total);
    return 0;
}

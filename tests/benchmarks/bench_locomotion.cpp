// Update cost per character: 2 motion spaces x 2 clips blended, 19 joints, forward kinematics,
// for 1,000 and 10,000 characters on one thread; with the IK foot lock and without it, and the
// split into the update's stages (core/runtime/locomotion_stages.h), each run alone over all the
// characters.
// It also checks that the prepared space (prepareRuntime) gives the poses of the plain one.
// Usage: bench_locomotion [DATA_DIR]   (default: $GAITSPACE_DATA_DIR, else ../shared/data)

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <string>

#include "bench_data.h"
#include "core/spaces/behavioral_space.h"
#include "core/runtime/locomotion_stages.h"
#include <gaitspace/runtime/locomotion.h>

namespace {

double cpuNs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

struct Crowd {
    std::vector<gs::CharacterState> start, states;
    std::vector<glm::quat> local;
    std::vector<glm::vec3> roots;
    std::vector<gs::Transform> world;
    gs::LocomotionJob job;

    Crowd(const gs::BakedBehavioralSpace& bs, int characters) {
        const int joints = bs.skeleton.jointCount();
        start.resize(characters);
        for (int c = 0; c < characters; ++c) {
            const float styles[] = {(c % 7) / 6.0f, 1.0f - (c % 7) / 6.0f};
            const float blends[] = {(c % 11) / 10.0f, (c % 13) / 12.0f};
            gs::initCharacter(bs, start[c], gs::GroundFrame{float(c % 100), float(c / 100), 0.0f},
                              styles, blends);
        }
        states = start;
        local.resize(static_cast<size_t>(characters) * joints);
        roots.resize(characters);
        world.resize(static_cast<size_t>(characters) * joints);
        job.space = &bs;
        job.characters = states;
        job.localRotations = local;
        job.rootPositions = roots;
        job.world = world;
    }
};

// Best of 5 runs of `frames` frames, ns of this thread's CPU time per character (a busy machine
// stretches wall time, not CPU time); the characters start from the same states for either setting.
double measure(Crowd& crowd, bool footLock, int frames) {
    crowd.states = crowd.start;
    crowd.job.settings.footLock = footLock;
    for (int f = 0; f < 10; ++f) (void)crowd.job.run();  // warm up
    double best = 1e30;
    for (int r = 0; r < 5; ++r) {
        const double a = cpuNs();
        for (int f = 0; f < frames; ++f) (void)crowd.job.run();
        best = std::min(best, (cpuNs() - a) / (static_cast<double>(frames) * crowd.states.size()));
    }
    return best;
}

// The update's stages, each run alone over all the characters (one stage after the other, each
// timed), with the foot lock: ns of CPU time per character, best of 3 runs of `frames` frames.
struct StageTimes {
    static constexpr int kStages = 7;
    static constexpr const char* kNames[kStages] = {
        "advance weights + phase", "sample", "blend", "root motion", "FK", "lift feet",
        "foot lock + IK"};
    double ns[kStages] = {};
    double total() const {
        double t = 0.0;
        for (double x : ns) t += x;
        return t;
    }
};

StageTimes measureStages(Crowd& crowd, int frames) {
    namespace lo = gs::locomotion;
    crowd.job.settings.footLock = true;
    std::vector<lo::Step> steps(crowd.states.size());
    StageTimes best;
    for (double& x : best.ns) x = 1e30;
    for (int r = 0; r < 3; ++r) {
        crowd.states = crowd.start;
        StageTimes sum;
        for (int f = 0; f < frames; ++f) {
            const lo::Context cx(crowd.job);
            lo::LegIkBatch legs(crowd.job.space->skeleton, crowd.job.settings.ik);
            double t = cpuNs();
            auto lap = [&](int stage) {
                const double now = cpuNs();
                sum.ns[stage] += now - t;
                t = now;
            };
            lo::advanceWeightsAndPhase(cx, 0, steps);
            lap(0);
            lo::sampleClips(cx, 0, steps);
            lap(1);
            lo::blendPoses(cx, 0, steps);
            lap(2);
            lo::moveRoots(cx, 0, steps);
            lap(3);
            lo::forwardKinematicsOf(cx, 0, steps);
            lap(4);
            lo::liftFeet(cx, 0, steps);
            lap(5);
            lo::lockFeet(cx, 0, steps, legs);
            legs.flush();
            lap(6);
        }
        const double n = static_cast<double>(frames) * crowd.states.size();
        for (int k = 0; k < StageTimes::kStages; ++k)
            best.ns[k] = std::min(best.ns[k], sum.ns[k] / n);
    }
    return best;
}

void report(const gs::BakedBehavioralSpace& bs, int characters, int frames) {
    Crowd crowd(bs, characters);
    // Interleaved, so that a busy machine slows both alike.
    double withLock = 1e30, withoutLock = 1e30;
    for (int round = 0; round < 3; ++round) {
        withoutLock = std::min(withoutLock, measure(crowd, false, frames));
        withLock = std::min(withLock, measure(crowd, true, frames));
    }
    const StageTimes stages = measureStages(crowd, frames);
    const double total = stages.total();
    std::printf("%d characters, %d joints, 2 spaces x 2 clips, one thread\n", characters,
                bs.skeleton.jointCount());
    std::printf(
        "  update with IK foot lock: %.0f ns per character (CPU time, best of 3 x 5 x %d frames)\n",
        withLock, frames);
    std::printf("  update without foot lock: %.0f ns per character\n", withoutLock);
    std::printf("  IK foot lock adds %.0f ns (%.1f%%)\n", withLock - withoutLock,
                100.0 * (withLock - withoutLock) / withoutLock);
    std::printf(
        "  stages alone over all %d characters, with foot lock (best of 3 x %d frames), %.0f ns in "
        "all:\n",
        characters, frames, total);
    for (int k = 0; k < StageTimes::kStages; ++k)
        std::printf("    %-24s %4.0f ns (%2.0f%%)\n", StageTimes::kNames[k], stages.ns[k],
                    100.0 * stages.ns[k] / total);
}

// Largest differences between the poses of the plain and the prepared space over `frames` frames.
void compare(const gs::BakedBehavioralSpace& plain, const gs::BakedBehavioralSpace& prepared,
             int characters, int frames) {
    Crowd a(plain, characters), b(prepared, characters);
    // The feet held at the clips' heights need the prepared data, and so does the foot lock's
    // look at the toes one frame on (a landing toe is pinned a frame early): the plain path does
    // without both, so its locked feet touch down a frame later and the poses differ by design.
    a.job.settings.footLock = b.job.settings.footLock = false;
    a.job.settings.footHeights = b.job.settings.footHeights = false;
    double worstAngle = 0.0, worstRoot = 0.0, worstWorld = 0.0;
    for (int f = 0; f < frames; ++f) {
        (void)a.job.run();
        (void)b.job.run();
        for (size_t i = 0; i < a.local.size(); ++i) {
            // The angle between the rotations, from the chord (exact for small angles).
            const glm::dvec4 qa(a.local[i].x, a.local[i].y, a.local[i].z, a.local[i].w);
            const glm::dvec4 qb(b.local[i].x, b.local[i].y, b.local[i].z, b.local[i].w);
            const double chord = std::min(glm::length(qa - qb), glm::length(qa + qb));
            worstAngle = std::max(worstAngle, 4.0 * std::asin(std::min(1.0, chord / 2.0)));
            worstWorld = std::max(
                worstWorld,
                static_cast<double>(glm::length(a.world[i].translation - b.world[i].translation)));
            // The prepared path keeps the stored signs, not only the rotations.
            if (glm::dot(a.local[i], b.local[i]) < 0.0f) worstAngle = 4.0;
        }
        for (size_t i = 0; i < a.roots.size(); ++i)
            worstRoot =
                std::max(worstRoot, static_cast<double>(glm::length(a.roots[i] - b.roots[i])));
    }
    int aligned = 0;
    for (unsigned char x : prepared.runtime.aligned) aligned += x;
    std::printf(
        "prepared vs plain space (no foot lock), %d characters x %d frames: largest joint rotation "
        "difference "
        "%.2g rad, root %.2g m, joint position %.2g m (%d of %d joints blended without sign "
        "tests)\n",
        characters, frames, worstAngle, worstRoot, worstWorld, aligned,
        prepared.skeleton.jointCount());
}

}  // namespace

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
    gs::BakedBehavioralSpace plain = *built;
    plain.runtime = {};  // the builder prepares it
    gs::BakedBehavioralSpace& bs = *built;
    const auto t2 = std::chrono::steady_clock::now();
    gs::prepareRuntime(bs);
    const auto t3 = std::chrono::steady_clock::now();
    std::printf("behavioral space build (2 spaces x 2 clips): %.1f ms, prepareRuntime %.2f ms\n",
                std::chrono::duration<double, std::milli>(t1 - t0).count(),
                std::chrono::duration<double, std::milli>(t3 - t2).count());
    compare(plain, bs, 1000, 300);
    report(bs, 1000, 600);
    report(bs, 10000, 60);
    return 0;
}

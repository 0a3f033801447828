// Steering + blending + FK for 10,000 characters, each with its own goal, on one thread:
// 2 motion spaces x 2 clips, 19 joints; the predicted pick's stages
// (core/runtime/steer_prediction.h), each run alone over 1,000 decisions. Also the goal-space
// build time of the demo spaces.
// Usage: bench_steering [DATA_DIR]   (default: $GAITSPACE_DATA_DIR, else ../shared/data)

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "bench_data.h"
#include "core/spaces/behavioral_space.h"
#include "core/spaces/goal_space_builder.h"
#include "core/runtime/steer_prediction.h"
#include "core/runtime/steering_detail.h"
#include <gaitspace/runtime/steering.h>

namespace {

using clock_type = std::chrono::steady_clock;

gs::SteeringSpace steeringFor(const gs::BakedBehavioralSpace& bs, double& seconds) {
    gs::SteeringSpace s;
    s.space = &bs;
    const auto t0 = clock_type::now();
    auto goals = gs::buildGoalSpaces(bs);
    if (!goals) std::exit(1);
    s.goalSpaces = std::move(*goals);
    seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string dir = gs::bench::dataDir(argc, argv);

    // The demo project's spaces (5 clips each): goal-space build time.
    auto demoSpace = gs::buildBehavioralSpace(gs::bench::cmuDemoDesc(dir));
    if (!demoSpace) {
        std::fprintf(stderr, "bench_steering: %s\n", demoSpace.message().c_str());
        return 1;
    }
    double demoGoalSeconds = 0.0;
    const gs::SteeringSpace demoSteering = steeringFor(*demoSpace, demoGoalSeconds);
    size_t samples = 0;
    for (const auto& g : demoSteering.goalSpaces) samples += g.samples.size();
    std::printf("demo goal spaces (walk + jog, 5 clips each): %zu samples, built in %.1f ms\n",
                samples, demoGoalSeconds * 1e3);

    // The benchmark space: 2 spaces x 2 clips.
    gs::BehavioralSpaceDesc desc;
    desc.name = "bench";
    desc.spaces = {gs::bench::cmuSpace(dir, "walk", {"16_13", "16_11"}),
                   gs::bench::cmuSpace(dir, "jog", {"16_39", "16_37"})};
    auto built = gs::buildBehavioralSpace(desc);
    if (!built) return 1;
    const gs::BakedBehavioralSpace& bs = *built;
    double goalSeconds = 0.0;
    const gs::SteeringSpace steering = steeringFor(bs, goalSeconds);

    const int characters = 10000;
    const int joints = bs.skeleton.jointCount();
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-20.0f, 20.0f);
    std::vector<gs::CharacterState> states(characters);
    std::vector<glm::vec2> goals(characters);
    for (int c = 0; c < characters; ++c) {
        const float styles[] = {(c % 7) / 6.0f, 1.0f - (c % 7) / 6.0f};
        gs::initCharacter(bs, states[c], gs::GroundFrame{u(rng), u(rng), u(rng)}, styles);
        goals[c] = glm::vec2(u(rng), u(rng));
    }
    std::vector<glm::quat> local(characters * joints);
    std::vector<glm::vec3> roots(characters);
    std::vector<gs::Transform> world(characters * joints);
    gs::LocomotionJob loco;
    loco.space = &bs;
    loco.characters = states;
    loco.localRotations = local;
    loco.rootPositions = roots;
    loco.world = world;
    gs::SteerJob steer;
    steer.steering = &steering;
    steer.characters = states;
    steer.goals = goals;

    // Every variant runs 60 frames from the same start, three times; the best run counts. The
    // first frame decides for every character at once (none has moved yet), so it is reported
    // apart from the steady state of frames 2-60, together with the decisions made per character
    // and frame and the mean cost of one decision.
    const int frames = 60;
    const double n = static_cast<double>(frames) * characters;
    struct Variant {
        const char* name;
        gs::SteerSettings::Pick pick;
        int lookAhead;
    };
    const Variant variants[] = {
        {"predicted, 2 steps (default)", gs::SteerSettings::Pick::Predicted, 2},
        {"predicted, 1 step", gs::SteerSettings::Pick::Predicted, 1},
        {"nearest line (the method's)", gs::SteerSettings::Pick::NearestLine, 2}};
    const std::vector<gs::CharacterState> initial = states;
    for (const Variant& v : variants) {
        steer.settings = {};
        steer.settings.pick = v.pick;
        steer.settings.lookAhead = v.lookAhead;
        double bestFirst = 1e30, bestRest = 1e30;
        gs::SteerStats first, rest;
        for (int r = 0; r < 3; ++r) {
            states = initial;
            double firstNs = 0.0, restNs = 0.0;
            gs::SteerStats firstStats, restStats;
            for (int f = 0; f < frames; ++f) {
                steer.stats = f == 0 ? &firstStats : &restStats;
                const auto s0 = clock_type::now();
                (void)steer.run();
                const double ns =
                    std::chrono::duration<double, std::nano>(clock_type::now() - s0).count();
                (f == 0 ? firstNs : restNs) += ns;
                (void)loco.run();
            }
            if (firstNs + restNs < bestFirst + bestRest) {
                bestFirst = firstNs;
                bestRest = restNs;
            }
            first = firstStats;
            rest = restStats;
        }
        steer.stats = nullptr;
        const double restFrames = static_cast<double>(frames - 1) * characters;
        std::printf("  steering, %s: %.0f ns per character and frame over all %d frames\n", v.name,
                    (bestFirst + bestRest) / n, frames);
        std::printf(
            "    first frame (every character decides, %.0f%% two steps ahead): %.0f ns per "
            "character\n",
            100.0 * first.lookAheads / std::max(1LL, first.decisions), bestFirst / characters);
        std::printf(
            "    frames 2-%d: %.0f ns per character and frame; %.3f decisions per character and "
            "frame "
            "(%.0f%% two steps ahead), %.0f ns per decision\n",
            frames, bestRest / restFrames, rest.decisions / restFrames,
            100.0 * rest.lookAheads / std::max(1LL, rest.decisions),
            bestRest / std::max(1LL, rest.decisions));
    }
    steer.settings = {};

    // The predicted pick's stages, each alone over the first decisions of 1,000 characters (every
    // one at a start frame, two steps looked ahead where the rule asks for it).
    {
        namespace sd = gs::steering_detail;
        const int decisions = 1000;
        const gs::SteerSettings settings;
        std::vector<std::array<gs::SteerInput, gs::kMaxSpaces>> inputs(decisions);
        std::vector<int> counts(decisions);
        const auto tables = steering.tables();
        for (int c = 0; c < decisions; ++c)
            counts[c] = sd::decisionInputs(steering, tables.get(), initial[c], inputs[c].data());
        std::vector<sd::Prediction> predictions(decisions);
        constexpr int kStages = 5;
        const char* names[kStages] = {"begin", "first steps", "second steps", "commitment",
                                      "refine"};
        double best[kStages];
        std::fill(best, best + kStages, 1e30);
        int lookedAhead = 0;
        for (int r = 0; r < 5; ++r) {
            double ns[kStages] = {};
            auto stage = [&](int k, auto&& fn) {
                const auto t0 = clock_type::now();
                for (int c = 0; c < decisions; ++c) fn(c);
                ns[k] = std::chrono::duration<double, std::nano>(clock_type::now() - t0).count() /
                        decisions;
            };
            stage(0, [&](int c) {
                sd::beginPrediction(
                    predictions[c], std::span<const gs::SteerInput>(inputs[c].data(), counts[c]),
                    gs::SteerGoal{goals[c], glm::vec2(0.0f)}, initial[c].ground, settings);
            });
            stage(1, [&](int c) { sd::scoreFirstSteps(predictions[c]); });
            stage(2, [&](int c) { sd::scoreSecondSteps(predictions[c]); });
            stage(3, [&](int c) { sd::keepToLastDecision(predictions[c]); });
            stage(4, [&](int c) { (void)sd::refineBest(predictions[c]); });
            for (int k = 0; k < kStages; ++k) best[k] = std::min(best[k], ns[k]);
            lookedAhead = 0;
            for (const sd::Prediction& p : predictions) lookedAhead += p.lookedAhead;
        }
        double total = 0.0;
        for (double x : best) total += x;
        std::printf(
            "  predicted decision by stage, each alone over %d first decisions (%d two steps "
            "ahead): "
            "%.0f ns in all\n",
            decisions, lookedAhead, total);
        for (int k = 0; k < kStages; ++k)
            std::printf("    %-13s %5.0f ns (%2.0f%%)\n", names[k], best[k],
                        100.0 * best[k] / total);
    }

    double best = 1e30, bestSteer = 0.0, bestSteerRest = 0.0;
    for (int r = 0; r < 5; ++r) {
        states = initial;
        double steerNs = 0.0, steerRestNs = 0.0;
        const auto a = clock_type::now();
        for (int f = 0; f < frames; ++f) {
            const auto s0 = clock_type::now();
            (void)steer.run();
            const double ns =
                std::chrono::duration<double, std::nano>(clock_type::now() - s0).count();
            steerNs += ns;
            if (f > 0) steerRestNs += ns;
            (void)loco.run();
        }
        const double total =
            std::chrono::duration<double, std::nano>(clock_type::now() - a).count();
        if (total < best) {
            best = total;
            bestSteer = steerNs;
            bestSteerRest = steerRestNs;
        }
    }
    const double locoNs = (best - bestSteer) / n;
    std::printf("%d characters with their own goals, %d joints, 2 spaces x 2 clips, one thread\n",
                characters, joints);
    std::printf(
        "  update: %.0f ns per character and frame (steer %.0f ns + locomotion %.0f ns); "
        "steer in frames 2-%d: %.0f ns\n",
        best / n, bestSteer / n, locoNs, frames,
        bestSteerRest / (static_cast<double>(frames - 1) * characters));
    return 0;
}

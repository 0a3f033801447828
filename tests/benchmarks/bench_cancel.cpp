// How soon the authoring builds stop once their cancel flag is set (core/support/cancel.h): the
// behavioral space and the goal spaces of the synthetic walk and jog that tst_cancel builds,
// whole, then stopped from another thread at 10 %, 30 %, 50 % and 70 % of their time, and with
// the flag set before they start. The figures tst_cancel used to assert (stopped within 100 ms,
// at once when already set). Usage: bench_cancel

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <future>
#include <map>
#include <thread>

#include "core/spaces/behavioral_space.h"
#include "core/spaces/goal_space_builder.h"
#include "core/support/cancel.h"
#include "core/synthetic/synthetic_gait.h"

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// The build's whole time, then its latency from the flag to its return for each share of that
// time; `build` returns whether it was cancelled.
void measure(const char* name, const std::function<bool()>& build) {
    const auto t0 = Clock::now();
    {
        std::atomic<bool> clear{false};
        const gs::CancelScope scope(&clear);
        build();
    }
    const double wholeMs = msSince(t0);
    std::printf("%s: whole build %.0f ms\n", name, wholeMs);
    {
        std::atomic<bool> set{true};
        const gs::CancelScope scope(&set);
        const auto t = Clock::now();
        const bool cancelled = build();
        std::printf("  flag set before the start: returned after %.2f ms%s\n", msSince(t),
                    cancelled ? "" : " (not cancelled)");
    }
    for (double share : {0.1, 0.3, 0.5, 0.7}) {
        std::atomic<bool> flag{false};
        auto task = std::async(std::launch::async, [&] {
            const gs::CancelScope scope(&flag);
            return build();
        });
        std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(share * wholeMs));
        const auto asked = Clock::now();
        flag = true;
        const bool cancelled = task.get();
        std::printf("  flag set at %2.0f %%: stopped %.2f ms later%s\n", share * 100,
                    msSince(asked), cancelled ? "" : " (had finished)");
    }
}

}  // namespace

int main() {
    std::map<std::string, gs::MotionSpaceDesc> spaces;
    for (const gs::SyntheticClipSpec& spec : gs::syntheticClipSet(3)) {
        if (spec.space == "run") continue;
        auto clip = gs::generateSyntheticGait(spec.settings);
        if (!clip) {
            std::fprintf(stderr, "bench_cancel: %s\n", clip.message().c_str());
            return 1;
        }
        spaces[spec.space].name = spec.space;
        spaces[spec.space].clips.push_back(*clip);
    }
    gs::BehavioralSpaceDesc desc;
    desc.name = "walk and jog";
    for (auto& [name, space] : spaces) desc.spaces.push_back(space);

    measure("behavioral space (synthetic walk + jog)", [&] {
        auto built = gs::buildBehavioralSpace(desc);
        return !built && built.status().isCancelled();
    });
    auto whole = gs::buildBehavioralSpace(desc);
    if (!whole) {
        std::fprintf(stderr, "bench_cancel: %s\n", whole.message().c_str());
        return 1;
    }
    const gs::GoalSpaceSettings settings;
    measure("goal spaces", [&] {
        auto goals = gs::buildGoalSpaces(*whole, settings);
        return !goals && goals.status().isCancelled();
    });
    return 0;
}

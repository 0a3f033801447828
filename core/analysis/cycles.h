#pragma once
// Gait cycles of a clip: the period and how many whole cycles the clip holds.
//
// The self match web of a periodic clip shows chains parallel to the diagonal at lags P, 2P, ...
// (docs/method.md, "From clips to loops"). A chain counts as periodic evidence when it has a
// plausible gait lag and runs along most of the frames that lag leaves to compare, since a gait
// matches itself cycle after cycle, while a jump only matches itself briefly (landing, standing). P
// is fitted to all such chains at multiples of the shortest lag.
//
// Short clips (the CMU jogs and runs hold 1-2 cycles) may leave too little overlap for a chain;
// then the spacing of same-foot strikes gives P, accepted only when the self web agrees (the
// diagonal at that lag is a clear valley). A clip with neither is reported as not periodic.

#include <string>
#include <vector>

#include "core/clip/foot_contacts.h"
#include "core/analysis/match_web.h"

namespace gs {

struct CycleSettings {
    MatchWebSettings web = defaultWeb();  // self match web; looser epsilon than registration
                                          // (runs vary more from step to step)
    float minPeriodSeconds = 0.3f;        // plausible gait periods; (0, maxPeriodSeconds)
    float maxPeriodSeconds = 2.0f;        // (minPeriodSeconds, 10]
    float minCoverage = 0.6f;             // a periodic chain spans at least this fraction of the
                                          // frames its lag leaves to compare; (0, 1]
    float maxValleyRatio = 0.6f;  // strike fallback: cost at the lag / highest cost at shorter
                                  // lags must be below this; (0, 1]
    FootContactSettings contacts;

    static MatchWebSettings defaultWeb() {
        MatchWebSettings s;
        s.epsilon = 0.2f;
        return s;
    }
    Status validate() const;
};

struct CycleInfo {
    bool periodic = false;
    float periodFrames = 0.0f;     // P, frames (fractional)
    float periodSeconds = 0.0f;    // P / fps
    int cycles = 0;                // whole cycles in the clip: floor((frames - 1) / P)
    std::vector<float> chainLags;  // lags (frames) of the periodic chains below the diagonal
    std::string source;            // "match web", "foot strikes" or why the clip is not periodic
};

struct CycleJob {
    CycleSettings settings;
    const Clip* clip = nullptr;
    CycleInfo output;
    MatchWeb selfWeb;  // the self match web it used (for display and loops)

    Status validate() const;
    Status run();
};

}  // namespace gs

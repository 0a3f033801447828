#pragma once
// Similar spans: every span of a set of clips (the library) that moves like a query span, found
// the way Kovar & Gleicher's registration search finds them (as ZombieHorse does).
//
//   1. The query span [first, last] is cut from its clip with half a point-cloud window of margin
//      on each side, so that every query frame's cloud is whole; the match web of that piece
//      against each library clip (match_web.h) then has only the query's rows, not the clip's
//      frames squared: a 2 s query against a 60 s take is a few hundred rows.
//   2. The web's chains (runs of local minima under the web's epsilon, linked along the diagonal)
//      are cut to the query's rows. Chains that follow one another forward in both clips with a
//      gap of at most maxGapSeconds are joined into one monotone path, the gap bridged along a
//      straight line through the web; a path that covers at least minCoverage of the query's
//      frames and whose mean cost over all its cells (bridges included) is at most maxCost is a
//      match.
//   3. A match's frames in its clip are those its path spans, extended at the path's mean rate
//      over the query frames it does not cover (clamped to the clip).
//   4. In the query's own clip, matches that overlap the query span by more than maxSelfOverlap of
//      its length are the query finding itself and are dropped. In each clip the cheapest matches
//      are kept that overlap no kept one by more than maxOverlap of the shorter; all are then
//      sorted by cost (cheapest first).
//
// Units: frames of each clip (inclusive), metres RMS of the point-cloud distance (match_web.h).

#include <functional>
#include <span>
#include <string>
#include <vector>

#include "core/analysis/match_web.h"
#include "core/clip/clip.h"

namespace gs {

struct SimilarSpanSettings {
    // The match web: its window, the epsilon under which minima are chain cells, the shortest
    // chain and its side steps. Default as match_web.h but epsilon 0.1 m (a walk cycle against
    // other walks of CMU subject 16 costs 0.02-0.07 m; against a jog 0.2 m) and chains from 0.1 s,
    // so that a span of the same gait in another take is not cut into pieces.
    MatchWebSettings web = [] {
        MatchWebSettings w;
        w.epsilon = 0.1f;
        w.minChainSeconds = 0.1f;
        return w;
    }();
    float maxCost = 0.08f;         // metres RMS: a match's mean cost is at most this; (0, 10];
                                   // chain cells are under web.epsilon: raise both to admit more
    float minCoverage = 0.8f;      // share of the query's frames a match's path spans; (0, 1]
    float maxGapSeconds = 0.15f;   // chains this far apart (in both clips) are joined; [0, 2]
    float maxOverlap = 0.1f;       // two matches of one clip share at most this share of the
                                   // shorter one's frames; [0, 1)
    float maxSelfOverlap = 0.25f;  // a match in the query's clip overlapping the query span by
                                   // more than this share of the query is the query; [0, 1)
    int maxMatchesPerClip = 0;     // 0 = all; else the cheapest this many per clip; [0, 10000]

    Status validate() const;
};

// One span like the query in a library clip.
struct SimilarSpan {
    int clip = 0;           // index into the library
    int first = 0;          // first frame of the span in that clip
    int last = 0;           // last frame (inclusive), > first
    float cost = 0.0f;      // metres RMS: mean match-web cost along the match's path
    float coverage = 0.0f;  // share of the query's frames the path spans, (0, 1]
};

// A library clip that could not be compared with the query, and why (another skeleton or frame
// rate, too few frames, invalid data).
struct SkippedClip {
    int clip = 0;
    std::string reason;
};

struct SimilarSpansJob {
    SimilarSpanSettings settings;
    const Clip* query = nullptr;  // the clip the query span is cut from
    int first = 0;                // the query span [first, last] of `query`, inclusive
    int last = 0;
    std::span<const Clip> library;  // the clips searched
    int queryIndex = -1;  // index of the query's own clip in the library (its own span is then
                          // not reported), or -1 when the library does not hold it
    std::vector<SimilarSpan> output;   // cheapest first
    std::vector<SkippedClip> skipped;  // library clips left out, in library order
    // Called with the fraction of the library done (0..1); returning false stops the job, and
    // run() then fails with "cancelled".
    std::function<bool(float)> progress;

    // Settings valid, a query clip that is valid and holds [first, last] with last > first and at
    // least a point-cloud window of frames, and queryIndex -1 or inside the library.
    Status validate() const;
    Status run();
};

}  // namespace gs

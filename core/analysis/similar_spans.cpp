#include "core/analysis/similar_spans.h"

#include <algorithm>
#include <cmath>

namespace gs {
namespace {

// A chain of the web cut to the query's rows.
struct Piece {
    glm::ivec2 start{0}, end{0};
    double sumCost = 0.0;
    int cells = 0;
};

// A path of joined pieces ending at one piece.
struct Path {
    int previous = -1;  // the piece before this one, or -1
    glm::ivec2 start{0};
    double sumCost = 0.0;  // pieces and bridges
    int cells = 0;
};

struct Candidate {
    int first = 0, last = 0;
    float cost = 0.0f, coverage = 0.0f;
};

// The chains' cells inside rows [r0, r1], in order of their start cells.
std::vector<Piece> piecesInRows(const MatchWeb& web, int r0, int r1) {
    std::vector<Piece> pieces;
    for (const Chain& chain : web.chains) {
        Piece p;
        for (const glm::ivec2& c : chain.cells) {
            if (c.x < r0 || c.x > r1) continue;
            if (p.cells == 0) p.start = c;
            p.end = c;
            p.sumCost += web.at(c.x, c.y);
            ++p.cells;
        }
        if (p.cells >= 2 && p.end.x > p.start.x) pieces.push_back(p);
    }
    std::sort(pieces.begin(), pieces.end(), [](const Piece& a, const Piece& b) {
        return a.start.x != b.start.x ? a.start.x < b.start.x : a.start.y < b.start.y;
    });
    return pieces;
}

// Cost of the cells strictly between two cells, along the straight line joining them.
void bridge(const MatchWeb& web, glm::ivec2 from, glm::ivec2 to, double& sum, int& cells) {
    const glm::ivec2 d = to - from;
    const int steps = std::max(d.x, d.y);
    for (int t = 1; t < steps; ++t) {
        const int i = from.x + static_cast<int>(std::lround(static_cast<double>(d.x) * t / steps));
        const int j = from.y + static_cast<int>(std::lround(static_cast<double>(d.y) * t / steps));
        sum += web.at(i, j);
        ++cells;
    }
}

// Pieces joined into the longest monotone paths (ties: the cheaper). Returns one path per piece
// (the best ending there) and marks which pieces end a path that nothing extends.
std::vector<Path> joinPieces(const MatchWeb& web, const std::vector<Piece>& pieces, int maxGap,
                             std::vector<bool>& extended) {
    std::vector<Path> paths(pieces.size());
    extended.assign(pieces.size(), false);
    for (size_t k = 0; k < pieces.size(); ++k) {
        const Piece& piece = pieces[k];
        Path best{-1, piece.start, piece.sumCost, piece.cells};
        for (size_t p = 0; p < k; ++p) {
            const glm::ivec2 gap = piece.start - pieces[p].end;
            if (gap.x < 1 || gap.y < 1 || gap.x > maxGap + 1 || gap.y > maxGap + 1) continue;
            Path joined{static_cast<int>(p), paths[p].start, paths[p].sumCost + piece.sumCost,
                        paths[p].cells + piece.cells};
            bridge(web, pieces[p].end, piece.start, joined.sumCost, joined.cells);
            const bool longer = joined.start.x < best.start.x;
            const bool cheaper = joined.start.x == best.start.x &&
                                 joined.sumCost / joined.cells < best.sumCost / best.cells;
            if (longer || cheaper) best = joined;
        }
        paths[k] = best;
        if (best.previous >= 0) extended[best.previous] = true;
    }
    return paths;
}

// The matches of one library clip: maximal paths with enough coverage and a low enough cost,
// mapped to the clip's frames (see the header, steps 2 and 3).
std::vector<Candidate> candidates(const MatchWeb& web, int r0, int r1, int maxGap,
                                  const SimilarSpanSettings& settings) {
    const std::vector<Piece> pieces = piecesInRows(web, r0, r1);
    std::vector<bool> extended;
    const std::vector<Path> paths = joinPieces(web, pieces, maxGap, extended);
    const int queryRows = r1 - r0 + 1;
    std::vector<Candidate> out;
    for (size_t k = 0; k < paths.size(); ++k) {
        if (extended[k]) continue;
        const glm::ivec2 a = paths[k].start, b = pieces[k].end;
        Candidate c;
        c.coverage = static_cast<float>(b.x - a.x + 1) / static_cast<float>(queryRows);
        c.cost = static_cast<float>(paths[k].sumCost / paths[k].cells);
        if (c.coverage < settings.minCoverage || c.cost > settings.maxCost) continue;
        const double rate = static_cast<double>(b.y - a.y) / (b.x - a.x);
        c.first = static_cast<int>(std::lround(a.y - (a.x - r0) * rate));
        c.last = static_cast<int>(std::lround(b.y + (r1 - b.x) * rate));
        c.first = std::clamp(c.first, 0, web.cols - 1);
        c.last = std::clamp(c.last, 0, web.cols - 1);
        if (c.last > c.first) out.push_back(c);
    }
    return out;
}

int overlap(int a0, int a1, int b0, int b1) {
    return std::max(0, std::min(a1, b1) - std::max(a0, b0) + 1);
}

// The cheapest candidates that do not overlap one another (step 4), at most `limit` (0 = all).
std::vector<Candidate> keepApart(std::vector<Candidate> all, float maxOverlap, int limit) {
    std::sort(all.begin(), all.end(), [](const Candidate& a, const Candidate& b) {
        return a.cost != b.cost ? a.cost < b.cost : a.first < b.first;
    });
    std::vector<Candidate> kept;
    for (const Candidate& c : all) {
        if (limit > 0 && static_cast<int>(kept.size()) >= limit) break;
        const bool apart = std::all_of(kept.begin(), kept.end(), [&](const Candidate& k) {
            const int shorter = std::min(c.last - c.first, k.last - k.first) + 1;
            return overlap(c.first, c.last, k.first, k.last) <= maxOverlap * shorter;
        });
        if (apart) kept.push_back(c);
    }
    return kept;
}

}  // namespace

Status SimilarSpanSettings::validate() const {
    if (Status s = web.validate(); !s) return s;
    if (!(maxCost > 0.0f && maxCost <= 10.0f))
        return Status::error("similar spans: maximum cost must be in (0, 10] m");
    if (!(minCoverage > 0.0f && minCoverage <= 1.0f))
        return Status::error("similar spans: minimum coverage must be in (0, 1]");
    if (!(maxGapSeconds >= 0.0f && maxGapSeconds <= 2.0f))
        return Status::error("similar spans: maximum gap must be in [0, 2] s");
    if (!(maxOverlap >= 0.0f && maxOverlap < 1.0f))
        return Status::error("similar spans: maximum overlap must be in [0, 1)");
    if (!(maxSelfOverlap >= 0.0f && maxSelfOverlap < 1.0f))
        return Status::error("similar spans: maximum overlap with the query must be in [0, 1)");
    if (maxMatchesPerClip < 0 || maxMatchesPerClip > 10000)
        return Status::error("similar spans: matches per clip must be 0-10000");
    return Status::ok();
}

Status SimilarSpansJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!query) return Status::error("similar spans need a query clip");
    if (query->isEmpty()) return Status::error("clip '" + query->name + "' is empty");
    if (Status s = query->validate(); !s) return s.withContext("clip '" + query->name + "'");
    const int n = query->frameCount();
    if (first < 0 || last >= n || last <= first)
        return Status::error("query frames " + std::to_string(first) + "-" + std::to_string(last) +
                             " are not a span of clip '" + query->name + "' (frames 0-" +
                             std::to_string(n - 1) + ")");
    const int window = settings.web.cloud.sampleCount(query->fps);
    if (n < window)
        return Status::error("clip '" + query->name + "' has " + std::to_string(n) +
                             " frames, fewer than the " + std::to_string(window) +
                             "-frame point-cloud window");
    if (queryIndex < -1 || queryIndex >= static_cast<int>(library.size()))
        return Status::error("similar spans: the query's index is not in the library");
    return Status::ok();
}

Status SimilarSpansJob::run() {
    if (Status s = validate(); !s) return s;
    output.clear();
    skipped.clear();

    // Step 1: the query span with half a window of margin, at least a window long.
    const int window = settings.web.cloud.sampleCount(query->fps);
    const int n = query->frameCount();
    int lo = std::max(0, first - window / 2), hi = std::min(n - 1, last + window / 2);
    while (hi - lo + 1 < window) {
        lo = std::max(0, lo - 1);
        hi = std::min(n - 1, hi + 1);
    }
    auto piece = trimClip(*query, lo, hi);
    if (!piece) return piece.status();
    const int r0 = first - lo, r1 = last - lo;
    const int maxGap = static_cast<int>(std::lround(settings.maxGapSeconds * query->fps));

    const int clips = static_cast<int>(library.size());
    for (int k = 0; k < clips; ++k) {
        MatchWebJob web;
        web.settings = settings.web;
        web.a = &*piece;
        web.b = &library[k];
        if (Status s = web.validate(); !s) {
            skipped.push_back({k, s.message()});
            continue;
        }
        if (progress)
            web.progress = [&](float f) { return progress((k + f) / static_cast<float>(clips)); };
        if (Status s = web.run(); !s) {
            if (s.isCancelled()) return s;
            skipped.push_back({k, s.message()});
            continue;
        }
        // Steps 2-4 for this clip.
        std::vector<Candidate> found = candidates(web.output, r0, r1, maxGap, settings);
        if (k == queryIndex)
            std::erase_if(found, [&](const Candidate& c) {
                return overlap(c.first, c.last, first, last) >
                       settings.maxSelfOverlap * (last - first + 1);
            });
        for (const Candidate& c :
             keepApart(std::move(found), settings.maxOverlap, settings.maxMatchesPerClip))
            output.push_back({k, c.first, c.last, c.cost, c.coverage});
    }
    std::sort(output.begin(), output.end(), [](const SimilarSpan& a, const SimilarSpan& b) {
        if (a.cost != b.cost) return a.cost < b.cost;
        return a.clip != b.clip ? a.clip < b.clip : a.first < b.first;
    });
    if (progress && !progress(1.0f)) return Status::cancelled();
    return Status::ok();
}

}  // namespace gs

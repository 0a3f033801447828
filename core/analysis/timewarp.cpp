#include "core/analysis/timewarp.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace gs {
namespace {

std::string cellText(glm::ivec2 c) {
    return "(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ")";
}

// The start on the first row or column: a local minimum along that border, and among those
// within 50 % of the cheapest the one nearest (0, 0), which keeps the overlap of the two clips
// as long as possible.
glm::ivec2 borderMatch(const MatchWeb& web) {
    std::vector<glm::ivec2> candidates;
    for (int j = 0; j < web.cols; ++j) {
        const float c = web.at(0, j);
        if ((j == 0 || c <= web.at(0, j - 1)) && (j == web.cols - 1 || c <= web.at(0, j + 1)))
            candidates.push_back({0, j});
    }
    for (int i = 1; i < web.rows; ++i) {
        const float c = web.at(i, 0);
        if (c <= web.at(i - 1, 0) && (i == web.rows - 1 || c <= web.at(i + 1, 0)))
            candidates.push_back({i, 0});
    }
    float best = std::numeric_limits<float>::max();
    for (glm::ivec2 c : candidates) best = std::min(best, web.at(c.x, c.y));
    glm::ivec2 chosen{0, 0};
    int nearest = std::numeric_limits<int>::max();
    for (glm::ivec2 c : candidates) {
        if (web.at(c.x, c.y) > 1.5f * best + 1e-4f) continue;
        if (std::max(c.x, c.y) < nearest) nearest = std::max(c.x, c.y), chosen = c;
    }
    return chosen;
}

bool isAuto(glm::ivec2 c) { return c.x < 0 || c.y < 0; }

// The start cell, and the end cell when it is given (an automatic end is the far corner here and
// is chosen by the path search).
void resolveCells(const MatchWeb& web, const TimewarpSettings& s, glm::ivec2& start,
                  glm::ivec2& end) {
    start = isAuto(s.startCell) ? borderMatch(web) : s.startCell;
    end = isAuto(s.endCell) ? glm::ivec2(web.rows - 1, web.cols - 1) : s.endCell;
}

bool reachable(glm::ivec2 d, int limit) {
    // Each (1,1) or crossing step breaks a run, so n steps along one clip allow at most
    // limit * (n + 1) + n along the other.
    return d.x >= 1 && d.y >= 1 && d.y <= limit * (d.x + 1) + d.x && d.x <= limit * (d.y + 1) + d.y;
}

// Dynamic programming from the start cell over the rectangle up to `corner`. State 0: the last
// step was (1,1) (or this is the start); 1..L: that many (0,1) steps in a row; L+1..2L: that many
// (1,0) steps. Each state also counts the cells of its best path, for mean costs.
struct PathSearch {
    glm::ivec2 start, corner;
    int L = 3, H = 0, W = 0, S = 0;
    std::vector<float> cost;
    std::vector<int> length;
    std::vector<signed char> from;

    size_t at(int i, int j, int s) const { return (static_cast<size_t>(i) * W + j) * S + s; }

    void run(const MatchWeb& web) {
        H = corner.x - start.x + 1, W = corner.y - start.y + 1, S = 2 * L + 1;
        cost.assign(static_cast<size_t>(H) * W * S, std::numeric_limits<float>::infinity());
        length.assign(cost.size(), 0);
        from.assign(cost.size(), -1);
        cost[at(0, 0, 0)] = web.at(start.x, start.y);
        length[at(0, 0, 0)] = 1;
        for (int i = 0; i < H; ++i)
            for (int j = 0; j < W; ++j) {
                if (i == 0 && j == 0) continue;
                const float c = web.at(start.x + i, start.y + j);
                auto relax = [&](int s, int pi, int pj, int ps) {
                    const size_t p = at(pi, pj, ps), q = at(i, j, s);
                    const float v = cost[p] + c;
                    if (v < cost[q]) {
                        cost[q] = v;
                        length[q] = length[p] + 1;
                        from[q] = static_cast<signed char>(ps);
                    }
                };
                if (i > 0 && j > 0)
                    for (int ps = 0; ps < S; ++ps) relax(0, i - 1, j - 1, ps);
                if (j > 0) {  // (0,1): B advances alone
                    relax(1, i, j - 1, 0);
                    for (int k = 1; k <= L; ++k) relax(1, i, j - 1, L + k);
                    for (int k = 2; k <= L; ++k) relax(k, i, j - 1, k - 1);
                }
                if (i > 0) {  // (1,0): A advances alone
                    relax(L + 1, i - 1, j, 0);
                    for (int k = 1; k <= L; ++k) relax(L + 1, i - 1, j, k);
                    for (int k = 2; k <= L; ++k) relax(L + k, i - 1, j, L + k - 1);
                }
            }
    }

    // Best state at a cell and its mean cost per cell (infinity when unreachable).
    int bestState(int i, int j, float& mean) const {
        int s = 0;
        for (int k = 1; k < S; ++k)
            if (cost[at(i, j, k)] < cost[at(i, j, s)]) s = k;
        mean = cost[at(i, j, s)] / std::max(length[at(i, j, s)], 1);
        return s;
    }

    // The end on the last row or column of the web that the start reaches most cheaply per
    // cell: an end one cycle off would need a stretch of poor matches to get there.
    glm::ivec2 autoEnd() const {
        glm::ivec2 best = corner;
        float bestMean = std::numeric_limits<float>::infinity();
        auto consider = [&](int i, int j) {
            if (i < 1 || j < 1) return;
            float mean;
            bestState(i, j, mean);
            if (mean < bestMean) bestMean = mean, best = start + glm::ivec2(i, j);
        };
        for (int j = 0; j < W; ++j) consider(H - 1, j);
        for (int i = 0; i < H; ++i) consider(i, W - 1);
        return best;
    }

    std::vector<glm::ivec2> path(glm::ivec2 end) const {
        float mean;
        int i = end.x - start.x, j = end.y - start.y;
        int s = bestState(i, j, mean);
        std::vector<glm::ivec2> cells;
        while (true) {
            cells.push_back(start + glm::ivec2(i, j));
            if (i == 0 && j == 0) break;
            const int prev = from[at(i, j, s)];
            if (s == 0)
                --i, --j;
            else if (s <= L)
                --j;
            else
                --i;
            s = prev;
        }
        std::reverse(cells.begin(), cells.end());
        return cells;
    }
};

// f(a) through the path: the middle of the path's B range at each A frame, pinned at both ends,
// smoothed with a triangular kernel that narrows near the ends, then made strictly increasing.
std::vector<glm::vec2> fitCurve(const std::vector<glm::ivec2>& path, int halfWidth) {
    const int a0 = path.front().x, a1 = path.back().x;
    const int n = a1 - a0 + 1;
    std::vector<float> lo(n, std::numeric_limits<float>::max()), hi(n, -1.0f);
    for (glm::ivec2 c : path) {
        lo[c.x - a0] = std::min(lo[c.x - a0], static_cast<float>(c.y));
        hi[c.x - a0] = std::max(hi[c.x - a0], static_cast<float>(c.y));
    }
    std::vector<float> mid(n);
    for (int k = 0; k < n; ++k) mid[k] = 0.5f * (lo[k] + hi[k]);
    const float b0 = static_cast<float>(path.front().y), b1 = static_cast<float>(path.back().y);
    mid.front() = b0;
    mid.back() = b1;
    std::vector<float> f(n);
    for (int k = 0; k < n; ++k) {
        const int h = std::min({halfWidth, k, n - 1 - k});
        double sum = 0.0, wsum = 0.0;
        for (int q = -h; q <= h; ++q) {
            const double w = h + 1 - std::abs(q);
            sum += w * mid[k + q];
            wsum += w;
        }
        f[k] = static_cast<float>(sum / wsum);
    }
    const float minStep = 1e-3f;
    for (int k = 1; k < n; ++k) f[k] = std::max(f[k], f[k - 1] + minStep);
    // Back onto the pinned end (the forward pass can only have pushed it up).
    const float span = f.back() - f.front();
    for (int k = 0; k < n; ++k) f[k] = b0 + (f[k] - f.front()) * (b1 - b0) / span;
    std::vector<glm::vec2> curve(n);
    for (int k = 0; k < n; ++k) curve[k] = {static_cast<float>(a0 + k), f[k]};
    curve.back().y = b1;
    return curve;
}

float meanSlope(std::span<const glm::vec2> c) {
    return c.size() < 2 ? 1.0f : (c.back().y - c.front().y) / (c.back().x - c.front().x);
}

}  // namespace

float curveAtoB(std::span<const glm::vec2> c, float a) {
    if (c.empty()) return a;
    if (a <= c.front().x) return c.front().y + (a - c.front().x) * meanSlope(c);
    if (a >= c.back().x) return c.back().y + (a - c.back().x) * meanSlope(c);
    const float u = a - c.front().x;
    const size_t k = std::min(static_cast<size_t>(u), c.size() - 2);
    const float t = u - static_cast<float>(k);
    return c[k].y + t * (c[k + 1].y - c[k].y);
}

float curveBtoA(std::span<const glm::vec2> c, float b) {
    if (c.empty()) return b;
    if (b <= c.front().y) return c.front().x + (b - c.front().y) / meanSlope(c);
    if (b >= c.back().y) return c.back().x + (b - c.back().y) / meanSlope(c);
    const auto it = std::upper_bound(c.begin(), c.end(), b,
                                     [](float v, const glm::vec2& p) { return v < p.y; });
    const size_t k = static_cast<size_t>(it - c.begin()) - 1;
    const float t = (b - c[k].y) / (c[k + 1].y - c[k].y);
    return c[k].x + t;
}

float curveSlope(std::span<const glm::vec2> c, float a) {
    if (c.size() < 2) return 1.0f;
    const float lo = std::max(a - 1.0f, c.front().x), hi = std::min(a + 1.0f, c.back().x);
    if (!(hi > lo)) return meanSlope(c);
    return (curveAtoB(c, hi) - curveAtoB(c, lo)) / (hi - lo);
}

bool Timewarp::isMonotone() const {
    for (size_t k = 1; k < cells.size(); ++k) {
        const glm::ivec2 d = cells[k] - cells[k - 1];
        if (d.x < 0 || d.y < 0 || d.x > 1 || d.y > 1 || (d.x == 0 && d.y == 0)) return false;
    }
    for (size_t k = 1; k < curve.size(); ++k)
        if (!(curve[k].y > curve[k - 1].y)) return false;
    return !curve.empty();
}

Status TimewarpSettings::validate() const {
    if (slopeLimit < 1 || slopeLimit > 20)
        return Status::error("timewarp slope limit must be 1-20");
    if (!(smoothingSeconds >= 0.0f && smoothingSeconds <= 5.0f))
        return Status::error("timewarp smoothing must be in [0, 5] s");
    return Status::ok();
}

Status TimewarpJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!web || web->rows < 2 || web->cols < 2 ||
        web->cost.size() != static_cast<size_t>(web->rows) * web->cols)
        return Status::error("timewarp needs a match web of at least 2 x 2 frames");
    if (!(fps > 0.0f)) return Status::error("timewarp frame rate must be positive");
    glm::ivec2 start, end;
    resolveCells(*web, settings, start, end);
    for (glm::ivec2 c : {start, end})
        if (c.x < 0 || c.y < 0 || c.x >= web->rows || c.y >= web->cols)
            return Status::error("timewarp cell " + cellText(c) + " is outside the " +
                                 std::to_string(web->rows) + " x " + std::to_string(web->cols) +
                                 " match web");
    if (end.x <= start.x || end.y <= start.y)
        return Status::error("timewarp end " + cellText(end) + " must come after the start " +
                             cellText(start) + " in both clips");
    if (!isAuto(settings.endCell) && !reachable(end - start, settings.slopeLimit))
        return Status::error("timewarp end " + cellText(end) + " cannot be reached from " +
                             cellText(start) + " with at most " +
                             std::to_string(settings.slopeLimit) + " steps in one clip alone");
    return Status::ok();
}

Status TimewarpJob::run() {
    if (Status s = validate(); !s) return s;
    glm::ivec2 start, end;
    resolveCells(*web, settings, start, end);
    output = {};
    PathSearch search;
    search.start = start;
    search.corner = end;
    search.L = settings.slopeLimit;
    search.run(*web);
    if (isAuto(settings.endCell)) end = search.autoEnd();
    float mean;
    search.bestState(end.x - start.x, end.y - start.y, mean);
    if (!std::isfinite(mean))
        return Status::error("no timewarp reaches " + cellText(end) + " from " + cellText(start));
    output.cells = search.path(end);
    double sum = 0.0;
    for (glm::ivec2 c : output.cells) sum += web->at(c.x, c.y);
    output.meanCost = static_cast<float>(sum / output.cells.size());
    const int halfWidth = static_cast<int>(std::lround(settings.smoothingSeconds * fps * 0.5f));
    output.curve = fitCurve(output.cells, halfWidth);
    return Status::ok();
}

}  // namespace gs

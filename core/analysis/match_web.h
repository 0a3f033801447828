#pragma once
// Match web: how alike every frame of clip A is to every frame of clip B (or of A itself).
//
// cost(i, j) is the point-cloud distance (point_cloud.h) between frame i of A and frame j of B,
// as a root-mean-square point distance in metres: 0 = identical motion around those frames.
// Near a clip's ends the window is cut where either clip runs out (both clouds lose the same
// samples, so the distance stays a fair comparison).
//
// Matches are 1-D local minima of the grid (along a row or along a column) below epsilon; minima
// that follow each other along the diagonal direction are linked into chains, and short chains
// are dropped. A periodic clip against itself shows chains parallel to the diagonal at lags
// P, 2P, ... (the gait period P); two clips of the same gait show the chains a timewarp follows.
//
// The grid costs O(rows x cols x joints): window sums are updated incrementally along each
// diagonal instead of being summed again for every cell (Summation::Direct does the latter, for
// comparison and testing).

#include <glm/glm.hpp>

#include <functional>
#include <vector>

#include "core/clip/clip.h"
#include "core/analysis/point_cloud.h"

namespace gs {

struct MatchWebSettings {
    enum class Summation { Incremental, Direct };

    PointCloudSettings cloud;      // the window (default 0.33 s)
    float epsilon = 0.08f;         // metres RMS; (0, 10]; minima above this are not matches
    float minChainSeconds = 0.2f;  // seconds; [0, 60]; shorter chains are dropped
    int maxChainSideSteps = 3;     // a chain may take at most this many row- or column-only
                                   // steps in a row; [0, 10]
    Summation summation = Summation::Incremental;

    Status validate() const;
};

// A run of matching frames: cells (i = frame of A, j = frame of B) in order, each step one of
// (1, 1), (1, 0), (0, 1).
struct Chain {
    glm::ivec2 start{0};
    glm::ivec2 end{0};
    std::vector<glm::ivec2> cells;
    float meanCost = 0.0f;  // metres RMS, mean over the cells

    // Mean of i - j over the cells: the time offset of the match (the cycle lag in a self web).
    float meanLag() const;
    // Frames spanned: the larger of the extents along A and along B.
    int length() const { return std::max(end.x - start.x, end.y - start.y) + 1; }
};

struct MatchWeb {
    int rows = 0;                    // frames of A
    int cols = 0;                    // frames of B
    std::vector<float> cost;         // rows x cols, row-major, metres RMS
    std::vector<glm::ivec2> minima;  // 1-D local minima below epsilon, row-major order
    std::vector<Chain> chains;       // in the order of their start cells (row-major)
    int windowSamples = 1;           // frames per point cloud (odd)
    bool self = false;               // A and B are the same clip

    float at(int i, int j) const { return cost[static_cast<size_t>(i) * cols + j]; }
    float maxCost() const;
};

struct MatchWebJob {
    MatchWebSettings settings;
    const Clip* a = nullptr;
    const Clip* b = nullptr;  // may equal a (self match web)
    MatchWeb output;
    // Called from the running thread with the fraction of the grid done (0..1), a few hundred
    // times per web; returning false stops the job, and run() then fails with "cancelled".
    std::function<bool(float)> progress;

    // Both clips present, valid, of the same skeleton and frame rate, each at least a window long.
    Status validate() const;
    Status run();
};

// The best alignment of frame i of A onto frame j of B (A's world into B's world, point_cloud.h)
// and the distance left after it, over the same window a match-web cell uses (cut where either
// clip runs out). Frames are clamped to the clips.
CloudMatch alignCell(const Clip& a, int i, const Clip& b, int j,
                     const PointCloudSettings& cloud = {});

}  // namespace gs

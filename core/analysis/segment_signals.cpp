#include "core/analysis/segment_signals.h"

#include <algorithm>
#include <cmath>

namespace gs {

Signals measureSegmentSignals(const Clip& clip, const FootContacts& contacts, float period,
                              const SegmentSettings& s) {
    Signals sig;
    const int n = clip.frameCount();
    const float fps = clip.fps;
    sig.ground = groundFrames(clip);
    const auto& g = sig.ground;
    std::vector<double> headingSum(n + 1, 0.0);
    for (int f = 0; f < n; ++f) headingSum[f + 1] = headingSum[f] + g[f].heading;
    sig.pathLength.assign(n, 0.0f);
    for (int f = 1; f < n; ++f)
        sig.pathLength[f] =
            sig.pathLength[f - 1] + std::hypot(g[f].x - g[f - 1].x, g[f].z - g[f - 1].z);

    const int w = std::min(std::max(2, static_cast<int>(std::lround(period))), n - 1);
    sig.speed.resize(n);
    sig.direction.resize(n);
    sig.facing.resize(n);
    float previous = 0.0f;
    bool any = false;
    for (int f = 0; f < n; ++f) {
        const int i0 = std::clamp(f - w / 2, 0, n - 1 - w), i1 = i0 + w;
        const float dx = g[i1].x - g[i0].x, dz = g[i1].z - g[i0].z;
        const float length = std::hypot(dx, dz);
        sig.speed[f] = length * fps / static_cast<float>(w);
        sig.facing[f] = static_cast<float>((headingSum[i1 + 1] - headingSum[i0]) / (w + 1));
        float d = previous;
        if (length > 1e-4f) {
            d = std::atan2(dx, dz);
            d = any ? previous + wrapAngle(d - previous) : d;
            if (!any) {
                // Frames before the first travel take its direction.
                std::fill(sig.direction.begin(), sig.direction.begin() + f, d);
                any = true;
            }
        }
        sig.direction[f] = previous = d;
    }
    sig.curvature.assign(n, 0.0f);
    for (int f = 0; f < n; ++f) {
        const int a = std::max(f - 1, 0), b = std::min(f + 1, n - 1);
        if (b == a) continue;
        const float rate = (sig.direction[b] - sig.direction[a]) * fps / static_cast<float>(b - a);
        sig.curvature[f] = sig.speed[f] > s.standSpeed ? rate / sig.speed[f] : 0.0f;
    }
    const int r = std::max(1, static_cast<int>(std::lround(0.25f * fps)));
    sig.rawSpeed.resize(n);
    for (int f = 0; f < n; ++f) {
        const int a = std::max(f - r, 0), b = std::min(f + r, n - 1);
        sig.rawSpeed[f] =
            b > a ? std::hypot(g[b].x - g[a].x, g[b].z - g[a].z) * fps / static_cast<float>(b - a)
                  : 0.0f;
    }
    sig.flight.resize(n);
    for (int f = 0; f < n; ++f)
        sig.flight[f] = !(contacts.leftAnkle[f] || contacts.leftToe[f] || contacts.rightAnkle[f] ||
                          contacts.rightToe[f]);
    return sig;
}

}  // namespace gs

#include "core/io/closed_loop.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/authoring_limits.h"

namespace gs {

bool isClosedLoop(const Clip& clip, float degrees, float metres) {
    if (clip.frameCount() < 2) return false;
    const int last = clip.frameCount() - 1;
    if (!(glm::distance(clip.rootPositions[0], clip.rootPositions[last]) <= metres)) return false;
    const float minDot = std::cos(glm::radians(degrees) * 0.5f);
    const auto first = clip.frameRotations(0), end = clip.frameRotations(last);
    for (int j = 0; j < clip.jointCount(); ++j)
        if (!(std::abs(glm::dot(first[j], end[j])) >= minDot)) return false;
    return true;
}

Clip repeatLoop(const Clip& clip, int times) {
    const int n = clip.frameCount();
    times = std::clamp(times, 1, 16);
    if (n < 2 || static_cast<std::int64_t>(n - 1) * times + 1 > limits::kMaxFrames) return clip;
    Clip out = clip;
    const glm::vec3 travel = clip.rootPositions[n - 1] - clip.rootPositions[0];
    for (int k = 1; k < times; ++k)
        for (int f = 1; f < n; ++f) {
            const auto r = clip.frameRotations(f);
            out.rotations.insert(out.rotations.end(), r.begin(), r.end());
            out.rootPositions.push_back(clip.rootPositions[f] + static_cast<float>(k) * travel);
        }
    return out;
}

}  // namespace gs

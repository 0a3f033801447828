#include "core/quality.h"

#include <algorithm>
#include <cmath>

namespace gs {

float footSkate(std::span<const glm::vec3> positions, int jointCount, int leftToe, int rightToe,
                float floor, float fps, const FootSkateSettings& settings) {
    const int frames = jointCount > 0 ? static_cast<int>(positions.size()) / jointCount : 0;
    if (frames < 3 || leftToe < 0 || rightToe < 0) return 0.0f;
    const float H = settings.contactHeight * 100.0f;  // cm
    double sum = 0.0;
    int count = 0;
    for (int f = 0; f < frames; ++f) {
        const int a = std::max(f - 1, 0), b = std::min(f + 1, frames - 1);
        for (int toe : {leftToe, rightToe}) {
            const glm::vec3 d = positions[b * jointCount + toe] - positions[a * jointCount + toe];
            const float v = std::hypot(d.x, d.z) * 100.0f * fps / static_cast<float>(b - a);
            const float h = (positions[f * jointCount + toe].y - floor) * 100.0f;
            if (h < H) sum += v * (2.0f - std::exp2(h / H));
            ++count;
        }
    }
    return static_cast<float>(sum / count);
}

}  // namespace gs

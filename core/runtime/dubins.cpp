#include "core/runtime/dubins.h"

#include <gaitspace/runtime/steering.h>
#include "core/runtime/steering_detail.h"

namespace gs {

float dubinsDistance(float x, float z, float radiusLeft, float radiusRight) {
    using namespace steering_detail;
    return dubinsTime(V2<float>{x, z}, Walker{radiusLeft, radiusRight});
}

namespace steering_detail {

GS_LANES_WIDE
void dubinsDistances(std::span<const glm::vec2> points, float radiusLeft, float radiusRight,
                     std::span<float> out) {
    const Walker walker{radiusLeft, radiusRight};
    const size_t n = std::min(points.size(), out.size());
    for (size_t first = 0; first < n; first += kPathLanes) {
        V2<PathLanes> g;
        for (int i = 0; i < kPathLanes; ++i) {
            const glm::vec2& p = points[std::min(first + i, n - 1)];
            g.x.v[i] = p.x;
            g.y.v[i] = p.y;
        }
        const PathLanes t = dubinsTime(g, walker);
        for (size_t i = 0; i < static_cast<size_t>(kPathLanes) && first + i < n; ++i)
            out[first + i] = t.v[i];
    }
}

}  // namespace steering_detail
}  // namespace gs

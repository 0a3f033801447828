#include "core/root_motion.h"

#include <cmath>

namespace gs {

std::vector<GroundFrame> groundFrames(const Clip& clip) {
    std::vector<GroundFrame> out(clip.frameCount());
    float previous = 0.0f;
    for (int f = 0; f < clip.frameCount(); ++f) {
        const glm::quat root = clip.frameRotations(f)[0];
        float h = headingOf(facingRotation(clip.skeleton, root));
        if (f > 0) h = previous + wrapAngle(h - previous);
        previous = h;
        out[f] = {clip.rootPositions[f].x, clip.rootPositions[f].z, h};
    }
    return out;
}


RootMotionStats rootMotionStats(const Clip& clip) {
    RootMotionStats s;
    if (clip.frameCount() < 2) return s;
    const auto ground = groundFrames(clip);
    for (size_t f = 1; f < ground.size(); ++f)
        s.pathLength += std::hypot(ground[f].x - ground[f - 1].x, ground[f].z - ground[f - 1].z);
    s.speed = s.pathLength / clip.duration();
    s.headingChange = ground.back().heading - ground.front().heading;
    return s;
}


}  // namespace gs

#include "core/clip/clip_kinematics.h"

namespace gs {

std::vector<glm::vec3> clipJointPositions(const Clip& clip) {
    const size_t n = static_cast<size_t>(clip.jointCount());
    std::vector<glm::vec3> out(n * clip.frameCount());
    for (int f = 0; f < clip.frameCount(); ++f)
        jointPositions(clip.skeleton, clip.frameRotations(f), clip.rootPositions[f],
                       std::span<glm::vec3>(out.data() + f * n, n));
    return out;
}

}  // namespace gs

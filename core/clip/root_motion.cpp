#include "core/clip/root_motion.h"

#include <algorithm>
#include <cmath>

#include "core/clip/clip_kinematics.h"
#include <gaitspace/runtime/legs.h>

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

float pathHeadingChange(const Clip& clip, float windowFrames) {
    const int w = std::max(1, static_cast<int>(std::lround(windowFrames)));
    if (clip.frameCount() <= w) return 0.0f;
    float first = 0.0f, previous = 0.0f;
    bool any = false;
    for (int f = 0; f + w < clip.frameCount(); ++f) {
        const glm::vec3 d = clip.rootPositions[f + w] - clip.rootPositions[f];
        if (std::hypot(d.x, d.z) < 1e-4f) continue;
        float h = std::atan2(d.x, d.z);
        if (!any) {
            first = previous = h;
            any = true;
            continue;
        }
        h = previous + wrapAngle(h - previous);
        previous = h;
    }
    return any ? previous - first : 0.0f;
}

namespace {

float lowPercentile(std::vector<float> v, float p) {
    if (v.empty()) return 0.0f;
    const size_t k =
        std::min(v.size() - 1, static_cast<size_t>(p * static_cast<float>(v.size() - 1) + 0.5f));
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
    return v[k];
}

}  // namespace

RootFigures rootFigures(const Clip& clip) {
    RootFigures r;
    if (clip.frameCount() == 0) return r;
    const std::vector<glm::vec3> p = clipJointPositions(clip);
    const int J = clip.jointCount();
    const FootJoints legs = findFootJoints(clip.skeleton);
    r.hasFeet = legs.leftAnkle > 0 && legs.rightAnkle > 0 && legs.leftAnkle != legs.rightAnkle;
    const int leftToe = legs.leftToe >= 0 ? legs.leftToe : legs.leftAnkle;
    const int rightToe = legs.rightToe >= 0 ? legs.rightToe : legs.rightAnkle;
    std::vector<float> lowest, hips;
    for (int f = 0; f < clip.frameCount(); ++f) {
        const glm::vec3* q = p.data() + static_cast<size_t>(f) * J;
        hips.push_back(q[0].y);
        if (r.hasFeet)
            lowest.push_back(
                std::min({q[legs.leftAnkle].y, q[legs.rightAnkle].y, q[leftToe].y, q[rightToe].y}));
        const glm::vec2 d(q[0].x - p[0].x, q[0].z - p[0].z);
        r.travel = std::max(r.travel, glm::length(d));
    }
    r.floor = r.hasFeet ? lowPercentile(lowest, 0.05f) : 0.0f;
    r.hipHeight = lowPercentile(hips, 0.5f) - r.floor;
    r.inPlace = r.travel < 0.5f * std::max(r.hipHeight, 0.0f);
    return r;
}

}  // namespace gs

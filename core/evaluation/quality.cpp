#include "core/evaluation/quality.h"

#include <cassert>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/clip/clip_kinematics.h"

namespace gs {

float footSkate(std::span<const glm::vec3> positions, int jointCount, int leftToe, int rightToe,
                float floor, float fps, const FootSkateSettings& settings) {
    assert(jointCount <= 0 || positions.size() % static_cast<size_t>(jointCount) == 0);
    const int frames = jointCount > 0 ? static_cast<int>(positions.size()) / jointCount : 0;
    if (frames < 3 || leftToe < 0 || rightToe < 0) return 0.0f;
    const float H = settings.contactHeight * 100.0f;  // cm
    const float fastest = settings.stanceSpeed > 0.0f
                              ? settings.stanceSpeed * 100.0f
                              : std::numeric_limits<float>::infinity();  // cm/s
    double sum = 0.0;
    int count = 0;
    for (int f = 0; f < frames; ++f) {
        const int a = std::max(f - 1, 0), b = std::min(f + 1, frames - 1);
        for (int toe : {leftToe, rightToe}) {
            const glm::vec3 d = positions[b * jointCount + toe] - positions[a * jointCount + toe];
            const float v = std::hypot(d.x, d.z) * 100.0f * fps / static_cast<float>(b - a);
            const float h = (positions[f * jointCount + toe].y - floor) * 100.0f;
            if (h < H && v < fastest) sum += v * (2.0f - std::exp2(h / H));
            ++count;
        }
    }
    return static_cast<float>(sum / count);
}

float stanceSkate(std::span<const glm::vec3> positions, int jointCount, int leftToe, int rightToe,
                  float floor, float fps) {
    FootSkateSettings stance;
    stance.stanceSpeed = 1.0f;
    return footSkate(positions, jointCount, leftToe, rightToe, floor, fps, stance);
}

float percentile(std::vector<float>& values, float q) {
    if (values.empty()) return 0.0f;
    const size_t k =
        std::min(values.size() - 1, static_cast<size_t>(q * static_cast<float>(values.size())));
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
    return values[k];
}

void rootAccelerationSamples(std::span<const glm::vec3> roots, float fps,
                             std::vector<float>& lateral, std::vector<float>& longitudinal) {
    const int n = static_cast<int>(roots.size());
    if (n < 3 || !(fps > 0.0f)) return;
    const int half = std::max(1, static_cast<int>(std::lround(0.25f * fps)));
    glm::vec2 forward(0.0f, 1.0f);
    for (int f = 1; f + 1 < n; ++f) {
        const glm::vec3 span = roots[std::min(f + half, n - 1)] - roots[std::max(f - half, 0)];
        const glm::vec2 travel(span.x, span.z);
        if (glm::length(travel) > 1e-4f) forward = glm::normalize(travel);
        const glm::vec3 a3 = (roots[f + 1] - 2.0f * roots[f] + roots[f - 1]) * (fps * fps);
        const glm::vec2 a(a3.x, a3.z);
        longitudinal.push_back(std::abs(glm::dot(a, forward)));
        lateral.push_back(std::abs(a.x * forward.y - a.y * forward.x));
    }
}

RootAcceleration rootAccelerationP95(std::span<const glm::vec3> roots, float fps) {
    std::vector<float> lat, lon;
    rootAccelerationSamples(roots, fps, lat, lon);
    return {percentile(lat, 0.95f), percentile(lon, 0.95f)};
}

RootAcceleration rootAccelerationP95(std::span<const glm::vec3> positions, int jointCount,
                                     float fps) {
    assert(jointCount <= 0 || positions.size() % static_cast<size_t>(jointCount) == 0);
    if (jointCount <= 0) return {};
    std::vector<glm::vec3> roots(positions.size() / jointCount);
    for (size_t f = 0; f < roots.size(); ++f) roots[f] = positions[f * jointCount];
    return rootAccelerationP95(roots, fps);
}

RootAcceleration rootAccelerationP95(const Clip& clip) {
    return rootAccelerationP95(clip.rootPositions, clip.fps);
}

namespace {
// Flexion of a leg's knee in one frame of world positions (degrees, 0 = straight).
float kneeAngle(const glm::vec3* p, const Leg& leg) {
    const glm::vec3 thigh = p[leg.knee] - p[leg.hip], shin = p[leg.ankle] - p[leg.knee];
    const float c = glm::dot(thigh, shin) / std::max(1e-9f, glm::length(thigh) * glm::length(shin));
    return std::acos(std::clamp(c, -1.0f, 1.0f)) * 57.29578f;
}
}  // namespace

void kneeStepSamples(std::span<const glm::vec3> positions, int jointCount, const LegRig& legs,
                     std::vector<float>& steps) {
    assert(jointCount <= 0 || positions.size() % static_cast<size_t>(jointCount) == 0);
    if (!legs.isValid() || jointCount <= 0) return;
    const int frames = static_cast<int>(positions.size()) / jointCount;
    for (const Leg& leg : legs.legs) {
        float previous = 0.0f;
        for (int f = 0; f < frames; ++f) {
            const float angle =
                kneeAngle(positions.data() + static_cast<size_t>(f) * jointCount, leg);
            if (f > 0) steps.push_back(std::abs(angle - previous));
            previous = angle;
        }
    }
}

void kneeFlexionSamples(std::span<const glm::vec3> positions, int jointCount, const LegRig& legs,
                        std::vector<float>& angles) {
    assert(jointCount <= 0 || positions.size() % static_cast<size_t>(jointCount) == 0);
    if (!legs.isValid() || jointCount <= 0) return;
    const int frames = static_cast<int>(positions.size()) / jointCount;
    for (const Leg& leg : legs.legs)
        for (int f = 0; f < frames; ++f)
            angles.push_back(
                kneeAngle(positions.data() + static_cast<size_t>(f) * jointCount, leg));
}

float kneeFlexionMean(std::span<const glm::vec3> positions, int jointCount, const LegRig& legs) {
    std::vector<float> angles;
    kneeFlexionSamples(positions, jointCount, legs, angles);
    return mean(angles);
}

float mean(std::span<const float> values) {
    if (values.empty()) return 0.0f;
    double sum = 0.0;
    for (float v : values) sum += v;
    return static_cast<float>(sum / static_cast<double>(values.size()));
}

float kneeStepP95(std::span<const glm::vec3> positions, int jointCount, const LegRig& legs) {
    std::vector<float> steps;
    kneeStepSamples(positions, jointCount, legs, steps);
    return percentile(steps, 0.95f);
}

float kneeStepP95(const Clip& clip) {
    const auto legs = findLegs(clip.skeleton);
    if (!legs) return 0.0f;
    return kneeStepP95(clipJointPositions(clip), clip.jointCount(), *legs);
}

float maxJointStep(std::span<const glm::vec3> positions, int jointCount) {
    assert(jointCount <= 0 || positions.size() % static_cast<size_t>(jointCount) == 0);
    if (jointCount < 1) return 0.0f;
    const size_t joints = static_cast<size_t>(jointCount), frames = positions.size() / joints;
    float largest = 0.0f;
    for (size_t f = 1; f < frames; ++f) {
        const glm::vec3* a = positions.data() + (f - 1) * joints;
        const glm::vec3* b = positions.data() + f * joints;
        for (size_t j = 1; j < joints; ++j)
            largest = std::max(largest, glm::length((b[j] - b[0]) - (a[j] - a[0])));
    }
    return largest;
}

float maxJointStep(const Clip& clip) {
    return maxJointStep(clipJointPositions(clip), clip.jointCount());
}

PooledFigures pooledFigures(std::span<const Clip> clips, int leftToe, int rightToe, float floor,
                            const LegRig* legs) {
    std::vector<float> lateral, longitudinal, knee, flexion;
    double skate = 0.0, stance = 0.0;
    int frames = 0;
    for (const Clip& clip : clips) {
        const auto positions = clipJointPositions(clip);
        skate += footSkate(positions, clip.jointCount(), leftToe, rightToe, floor, clip.fps) *
                 clip.frameCount();
        stance += stanceSkate(positions, clip.jointCount(), leftToe, rightToe, floor, clip.fps) *
                  clip.frameCount();
        frames += clip.frameCount();
        rootAccelerationSamples(clip.rootPositions, clip.fps, lateral, longitudinal);
        if (!legs) continue;
        kneeStepSamples(positions, clip.jointCount(), *legs, knee);
        kneeFlexionSamples(positions, clip.jointCount(), *legs, flexion);
    }
    PooledFigures f;
    f.footSkate = frames ? static_cast<float>(skate / frames) : 0.0f;
    f.stanceSkate = frames ? static_cast<float>(stance / frames) : 0.0f;
    f.rootAccel = {percentile(lateral, 0.95f), percentile(longitudinal, 0.95f)};
    f.kneeStep = percentile(knee, 0.95f);
    f.kneeFlexion = mean(flexion);
    return f;
}

}  // namespace gs

#pragma once
// Quality figures of generated motion, defined exactly so that figures compare across tools.

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "core/clip/clip.h"
#include <gaitspace/runtime/legs.h>

namespace gs {

// Foot skate (Zhang et al. 2018): for each toe joint and frame, h = height above the floor and
// v = horizontal speed by central differences (cm/s); skate = mean over frames and both feet of
// v * (2 - 2^(h/H)) where h < H, else 0. H = 2.5 cm. positions: frames x jointCount world
// positions (metres); floor: the lowest ankle/toe height over the *source* clips (metres).
// The stance skate is the same sum over the frames where the toe is also slower than 1 m/s, so
// that a swing toe skimming the floor (brisk walks do, and some takes' toes pass 1 cm above it)
// is not counted as a planted foot sliding.
struct FootSkateSettings {
    float contactHeight = 0.025f;  // H, metres
    float stanceSpeed = 0.0f;      // m/s; > 0: only frames where the toe is slower than this
};

float footSkate(std::span<const glm::vec3> positions, int jointCount, int leftToe, int rightToe,
                float floor, float fps, const FootSkateSettings& settings = {});
float stanceSkate(std::span<const glm::vec3> positions, int jointCount, int leftToe, int rightToe,
                  float floor, float fps);

// Root smoothness: the root's ground-plane (XZ) acceleration by second differences, split into
// longitudinal (along the direction of travel) and lateral (across it), in m/s^2. The direction of
// travel at a frame is that of the root's ground displacement over +-0.25 s around it, so the
// hips' own sway within a step counts as lateral acceleration (as it does in the source clips).
// The figure is the 95th percentile of the absolute values over the frames.
struct RootAcceleration {
    float lateral = 0.0f;       // m/s^2
    float longitudinal = 0.0f;  // m/s^2
};
// Appends one sample per inner frame (frames 1 ... n-2) of a root path (world, metres).
void rootAccelerationSamples(std::span<const glm::vec3> rootPositions, float fps,
                             std::vector<float>& lateral, std::vector<float>& longitudinal);
RootAcceleration rootAccelerationP95(std::span<const glm::vec3> rootPositions, float fps);
// positions: frames x jointCount world positions; joint 0 is the root.
RootAcceleration rootAccelerationP95(std::span<const glm::vec3> positions, int jointCount,
                                     float fps);
RootAcceleration rootAccelerationP95(const Clip& clip);

// Knee step: the per-frame change of each knee's flexion angle (the angle between thigh and shin,
// 0 = straight), in degrees; the figure is the 95th percentile over frames and both knees.
// positions: frames x jointCount world positions. Without legs (findLegs) there are no samples.
void kneeStepSamples(std::span<const glm::vec3> positions, int jointCount, const LegRig& legs,
                     std::vector<float>& steps);
float kneeStepP95(std::span<const glm::vec3> positions, int jointCount, const LegRig& legs);
float kneeStepP95(const Clip& clip);  // legs by findLegs(clip.skeleton); 0 without legs

// Knee flexion: each knee's flexion angle at every frame (degrees, 0 = straight); the figure is
// the mean over frames and both knees. A foot lock that holds a foot too long stretches the leg
// straight and lowers it against the source clips'.
void kneeFlexionSamples(std::span<const glm::vec3> positions, int jointCount, const LegRig& legs,
                        std::vector<float>& angles);
float kneeFlexionMean(std::span<const glm::vec3> positions, int jointCount, const LegRig& legs);
// Joint step: the largest one-frame move of any joint relative to the root (joint 0), in metres,
// over the frames of `positions` (frames x jointCount world positions). A pop where two motions
// join shows here; the figure is compared with the same over the source clips.
float maxJointStep(std::span<const glm::vec3> positions, int jointCount);
float maxJointStep(const Clip& clip);

// The mean of values; 0 for none.
float mean(std::span<const float> values);

// The figures of several clips pooled, as a run is compared with its source clips: foot skate
// weighted by each clip's frames, on the given floor and toes; root acceleration and knee step
// percentiles and the mean knee flexion over all their frames (the knee figures 0 without legs).
struct PooledFigures {
    float footSkate = 0.0f;    // cm/s
    float stanceSkate = 0.0f;  // cm/s
    RootAcceleration rootAccel;
    float kneeStep = 0.0f;     // p95, degrees
    float kneeFlexion = 0.0f;  // mean, degrees
};
PooledFigures pooledFigures(std::span<const Clip> clips, int leftToe, int rightToe, float floor,
                            const LegRig* legs);

// The q-quantile (0..1) of values by the nearest rank; 0 for none. Reorders `values`.
float percentile(std::vector<float>& values, float q);

}  // namespace gs

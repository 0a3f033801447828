#include "core/level/foot_ground.h"

#include <algorithm>
#include <cmath>

namespace gs {
namespace {

// Skate weights a toe's speed by how near the floor it is: full at the floor, none at this.
constexpr float kContactHeightM = 0.025f;
constexpr float kStanceSpeed = 1.0f;  // m/s

// Ground this much out of level is uneven (see footGroundErrors).
constexpr float kLevelStepM = 0.01f;
const float kLevelNormalY = std::cos(2.0f * 3.14159265f / 180.0f);

// The surface under (x, z) near y; `fallback` (level) where the query finds none.
GroundHit surfaceHit(const GroundQuery& query, const glm::vec3& p, float nearY, float fallback) {
    GroundHit hit;
    if (!query.function(query.user, p.x, nearY, p.z, &hit))
        hit = GroundHit{fallback, glm::vec3(0.0f, 1.0f, 0.0f)};
    return hit;
}
float surface(const GroundQuery& query, const glm::vec3& p, float nearY, float fallback) {
    return surfaceHit(query, p, nearY, fallback).height;
}

}  // namespace

void footGroundErrors(const CharacterState& state, std::span<const Transform> world,
                      const GroundQuery& surfaceUnder, bool carried, float height,
                      std::vector<float>& errors, std::vector<float>& uneven) {
    if (!state.legs.isValid()) return;
    const float nearY = carried ? state.surface.height : height;
    const float underRoot = surface(surfaceUnder, world[0].translation, nearY, nearY);
    for (int k = 0; k < 2; ++k) {
        if (!state.foot[k].planted) continue;
        const Leg& leg = state.legs.legs[k];
        const glm::vec3 ankle = world[leg.ankle].translation, toe = world[leg.toe].translation;
        // A flat pose is carried at `height`: its joints stand that much higher.
        const float lift = carried ? 0.0f : height;
        const glm::vec2 flat = carried ? state.surface.flat[k] : glm::vec2(ankle.y, toe.y);
        const GroundHit heel = surfaceHit(surfaceUnder, ankle, nearY, nearY);
        const GroundHit tip = surfaceHit(surfaceUnder, toe, nearY, nearY);
        const float error =
            std::min(ankle.y + lift - heel.height - flat.x, toe.y + lift - tip.height - flat.y);
        errors.push_back(error);
        const bool tilted = heel.normal.y < kLevelNormalY || tip.normal.y < kLevelNormalY;
        const bool stepped = std::abs(heel.height - tip.height) > kLevelStepM ||
                             std::abs(heel.height - underRoot) > kLevelStepM ||
                             std::abs(tip.height - underRoot) > kLevelStepM;
        if (tilted || stepped) uneven.push_back(error);
    }
}

std::array<float, 2> toeHeights(const CharacterState& state, std::span<const Transform> world,
                                const GroundQuery& surfaceUnder, bool carried) {
    std::array<float, 2> h{};
    if (!state.legs.isValid()) return h;
    for (int k = 0; k < 2; ++k) {
        const glm::vec3 toe = world[state.legs.legs[k].toe].translation;
        h[k] = carried
                   ? toe.y - surface(surfaceUnder, toe, state.surface.height, state.surface.height)
                   : toe.y;
    }
    return h;
}

void StanceSkateTrack::add(const CharacterState& state, std::span<const Transform> world,
                           std::array<float, 2> heights, float floor, float fps) {
    if (!state.legs.isValid()) return;
    for (int k = 0; k < 2; ++k) {
        const glm::vec3 toe = world[state.legs.legs[k].toe].translation;
        if (hasLast) {
            const float v = std::hypot(toe.x - lastToe[k].x, toe.z - lastToe[k].z) * fps;
            const float h = heights[k] - floor;
            if (v < kStanceSpeed && h < kContactHeightM)
                sum += 100.0 * v * (2.0 - std::exp2(h / kContactHeightM));
            ++samples;
        }
        lastToe[k] = toe;
    }
    hasLast = true;
}

float absPercentile(std::vector<float> values, float p) {
    if (values.empty()) return 0.0f;
    for (float& v : values) v = std::abs(v);
    std::sort(values.begin(), values.end());
    const float at = std::clamp(p, 0.0f, 100.0f) / 100.0f * (values.size() - 1);
    const size_t lo = static_cast<size_t>(at);
    const size_t hi = std::min(lo + 1, values.size() - 1);
    return values[lo] + (values[hi] - values[lo]) * (at - lo);
}

}  // namespace gs

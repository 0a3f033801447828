#pragma once
// Quality figures of generated motion, defined exactly so that figures compare across tools.

#include <span>

#include <glm/glm.hpp>

namespace gs {

// Foot skate (Zhang et al. 2018): for each toe joint and frame, h = height above the floor and
// v = horizontal speed by central differences (cm/s); skate = mean over frames and both feet of
// v * (2 - 2^(h/H)) where h < H, else 0. H = 2.5 cm. positions: frames x jointCount world
// positions (metres); floor: the lowest ankle/toe height over the *source* clips (metres).
struct FootSkateSettings {
    float contactHeight = 0.025f;  // H, metres
};

float footSkate(std::span<const glm::vec3> positions, int jointCount, int leftToe, int rightToe,
                float floor, float fps, const FootSkateSettings& settings = {});

}  // namespace gs

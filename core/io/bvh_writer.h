#pragma once
// BVH export of a clip: ZXY Euler channels (as the CMU files), offsets in centimetres by default.
// BVH has no rest rotations, so each channel holds the full local rotation; the motion is the same.

#include <string>

#include "core/clip/clip.h"

namespace gs {

struct BvhWriteSettings {
    float unitsPerMetre = 100.0f;  // 100 writes centimetres
};

// Writes the clip; the Status names the cause when the file cannot be written.
Status writeBvh(const Clip& clip, const std::string& path, const BvhWriteSettings& settings = {});

}  // namespace gs

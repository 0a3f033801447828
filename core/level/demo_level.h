#pragma once
// The demo level, made by code: a 20 x 20 m floor (top at y = 0) cut in two by a wall with a
// doorway, four pillars, a 15-degree ramp up to a platform and a flight of stairs (0.17 m risers,
// 0.3 m treads) back down. resources/levels/demo_level.glb is this mesh written by
// writeLevelMesh; tst_level checks that the shipped file is what this code writes.
//
// The layout, metres (x east, z north, y up):
//   floor      x, z in [-10, 10], 0.2 m thick
//   wall       along z = 0 (0.2 m thick, 2.5 m high) with a doorway x in [-1.2, 1.2] (2.4 m,
//              a double door: a crowd goes through two or three abreast)
//   pillars    0.5 x 0.5 m, 2.5 m high, centred at (3, -4), (-5, -6), (-6, 5), (2, 7.5)
//   ramp       z in [4, 6], rising 15 degrees eastward from x = 1.19 to the platform at x = 5
//   platform   x in [5, 8], z in [4, 8], top at 1.02 m (six risers)
//   stairs     x in [5.5, 7.5], five steps down northward from z = 8 to z = 9.5

#include "core/level/level_mesh.h"

namespace gs {

struct DemoLevelLayout {
    static constexpr float kHalfSize = 10.0f;
    static constexpr float kWallThickness = 0.2f;
    static constexpr float kWallHeight = 2.5f;
    static constexpr float kDoorHalfWidth = 1.2f;
    static constexpr float kRampDegrees = 15.0f;
    static constexpr float kRiser = 0.17f;
    static constexpr float kTread = 0.3f;
    static constexpr int kRisers = 6;  // platform height = kRisers x kRiser
};

// A closed box, faces outward.
LevelMesh boxMesh(const glm::vec3& lo, const glm::vec3& hi);
LevelMesh demoLevel();

}  // namespace gs

#pragma once
// A level as the renderer draws it: its triangles as a mesh of one joint (placed with an identity
// palette, so the skinned pipeline draws it as it draws the goal marker), walkable floors and
// the rest (walls, risers, pillars) in two materials; and its navigation mesh as lines over it.

#include <gaitspace/runtime/navigation.h>

#include "core/character/skinned_mesh.h"
#include "core/level/level_mesh.h"
#include "render/debug_draw.h"

namespace gs {

// Flat-shaded (each triangle its own normal), faces both ways; floors (facing up within the
// steepest walkable slope) in the first material, the rest in the second. Empty for an empty
// mesh.
SkinnedMesh levelSkinnedMesh(const LevelMesh& mesh, float maxSlopeDeg = 45.0f);

// The navigation mesh's polygons as lines a few centimetres over the surface: its boundary
// strong, the edges between polygons faint.
void drawNavigationMesh(DebugDraw& debug, const Navigation& navigation);

}  // namespace gs

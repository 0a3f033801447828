#pragma once
// The goal marker's geometry: a disc on the ground, a vertical pole and a ball on top, as a
// SkinnedMesh bound to one joint (joint 0 = the marker's placement), so the skinned pipeline
// draws it like any character.

#include "core/character/skinned_mesh.h"

namespace gs {

// A marker 2.2 m tall with a 0.35 m disc, standing at the origin.
SkinnedMesh makeGoalMarker();

}  // namespace gs

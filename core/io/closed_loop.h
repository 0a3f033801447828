#pragma once
// Closed loops: a game's animation (a character's Walk or Run) often holds one gait cycle whose
// last pose is its first, so that it plays over and over. One cycle is too little to find a gait
// cycle in (two strikes of one foot) or to loop away from the clip's ends, so the importer plays
// such an in-place loop several times in a row (core/io/clip_import.h). No Qt.

#include "core/clip/clip.h"

namespace gs {

// How many times the importer plays an in-place closed loop.
inline constexpr int kClosedLoopRepeats = 3;

// Whether the clip's last pose is its first: every joint within `degrees` of its first rotation
// and the root within `metres` of its first position.
bool isClosedLoop(const Clip& clip, float degrees = 1.0f, float metres = 0.01f);

// A closed loop played `times` times in a row (clamped to 1-16): the frames after the first
// repeat, the root carried on by the loop's own travel each time. The clip itself when it has
// fewer than two frames or would exceed limits::kMaxFrames.
Clip repeatLoop(const Clip& clip, int times);

}  // namespace gs

#pragma once
// A structural check of BVH text before Assimp reads it, so that a hostile or broken file gets a
// sentence naming the line and the cause instead of a crash, a hang or invented numbers: the
// hierarchy (one ROOT, every joint and End Site with one OFFSET, valid CHANNELS, joint count and
// depth within gaitspace/runtime/limits.h), the MOTION header (Frames and Frame Time in range) and
// every frame line (the declared number of plain finite numbers of bounded size). Frame lines past
// the declared count are ignored, as Assimp does, with a warning.

#include <string>
#include <string_view>
#include <vector>

#include <gaitspace/runtime/status.h>

namespace gs {

struct BvhSummary {
    int joints = 0;                     // ROOT and JOINT nodes
    int depth = 0;                      // joints from the root to the deepest joint, root included
    int channels = 0;                   // values per frame line
    int frames = 0;                     // frames declared by the header (and present)
    double frameTime = 0;               // seconds
    std::vector<std::string> warnings;  // accepted oddities ("2 frame lines past the 100 declared")
};

// Checks BVH text whose line ends are LF (see normalizeLineEnds). The Status names the line.
Expected<BvhSummary> checkBvhText(std::string_view text);

// Reads a file (regular, size-capped), normalizes its line ends and checks it.
Expected<BvhSummary> checkBvhFile(const std::string& path);

}  // namespace gs

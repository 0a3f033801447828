#pragma once
// A structural check of a BVH file before Assimp reads it, so that a cut-off MOTION section, a
// frame line with the wrong number of values or a NaN gets a sentence that names the line.

#include <string>

#include "core/status.h"

namespace gs {

struct BvhSummary {
    int channels = 0;      // values per frame line
    int frames = 0;        // frames declared by the header (and present)
    double frameTime = 0;  // seconds
};

// Reads the whole file; the Status names the line and the cause when the file is malformed.
Expected<BvhSummary> checkBvhFile(const std::string& path);

}  // namespace gs

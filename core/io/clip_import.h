#pragma once
// Import of animation files through Assimp (BVH, FBX, glTF/GLB, COLLADA, ...) into a Skeleton
// and Clips in metres with Y up.
//
// Units are never guessed silently: glTF is metres by specification, FBX carries its unit scale,
// and for formats with no unit (BVH) the scale is detected from the rest skeleton's size. The
// choice and its reason are reported in UnitReport; ImportSettings::unitScale overrides it.

#include <string>
#include <vector>

#include "core/clip.h"

namespace gs {

struct ImportSettings {
    float unitScale = 0.0f;  // metres per file unit; 0 = from the file's metadata or detected
    float fps = 0.0f;        // resample to this rate; 0 = keep the file's rate
};

struct UnitReport {
    float scale = 1.0f;   // metres per file unit applied
    std::string unit;     // "metres", "centimetres", "inches", ...
    std::string reason;   // why, in a sentence ("detected from a rest height of 146.8 units")
    bool detected = false;  // true when inferred from the skeleton's size
};

struct ImportedClips {
    Skeleton skeleton;
    std::vector<Clip> clips;  // one per animation in the file
    UnitReport units;
};

// Imports every animation of a file. Errors name the cause; the caller adds the file name.
Expected<ImportedClips> importClips(const std::string& path, const ImportSettings& settings = {});

// Detects a unit from the largest extent of a rest skeleton (file units).
UnitReport detectUnits(float restExtent);

}  // namespace gs

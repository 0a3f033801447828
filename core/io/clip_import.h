#pragma once
// Import of animation files through Assimp (BVH, FBX, glTF/GLB, COLLADA, ...) into a Skeleton
// and Clips in metres with Y up.
//
// Units are never guessed silently: glTF is metres by specification, FBX carries its unit scale,
// and for formats with no unit (BVH) the scale is detected from the hip height above the floor in
// the motion (from the rest skeleton's size when the clip has no feet to find). The choice and its
// reason are reported in UnitReport; ImportSettings::unitScale overrides it.
//
// The character's root, the up axis and the facing are read from the motion, not the rest pose
// (core/io/raw_motion.h): a ground node above the pelvis is folded into it, a joint's position
// channels replace its offset, and each choice is reported in a sentence.

#include <string>
#include <vector>

#include "core/clip/clip.h"
#include "core/clip/root_from_feet.h"
#include "core/authoring_limits.h"

namespace gs {

struct ImportSettings {
    float unitScale = 0.0f;  // metres per file unit; 0 = from the file's metadata or detected;
                             // else [1e-5, 1000] (limits::kMinUnitScale, kMaxUnitScale)
    float fps = 0.0f;        // resample to this rate; 0 = keep the file's rate; else [1, 1000]
    // Where each clip's ground travel comes from (core/clip/root_from_feet.h): by default the
    // file's root where it travels and the planted feet where it stays in place.
    RootMotionMode rootMotion = RootMotionMode::Auto;
    // The one animation to keep, by name, of a file that holds several (a character's "Walk");
    // empty = every animation. Units, up axis and facing are still read from the file's first
    // animation, so a clip is the same whether it is imported alone or with the others.
    std::string animation;
};

struct UnitReport {
    float scale = 1.0f;     // metres per file unit applied
    std::string unit;       // "metres", "centimetres", "inches", ...
    std::string reason;     // why, in a sentence ("detected from a rest height of 146.8 units")
    bool detected = false;  // true when inferred from the skeleton's size
};

struct ImportedClips {
    Skeleton skeleton;
    std::vector<Clip> clips;  // one per animation in the file (ImportSettings::animation: one)
    UnitReport units;
    std::string rootMotion;             // where the character's root is and what was folded into it
    std::string upAxis;                 // the up axis read from the motion ("up axis +Y")
    std::string facing;                 // where headings are measured from
    std::vector<std::string> warnings;  // accepted oddities, one sentence each
    std::vector<RootMotionSource> rootMotionSources;  // per clip: the file's root or the feet
};

// Imports every animation of a file. Errors name the cause; the caller adds the file name.
// Only regular files of at most limits::kMaxMotionFileBytes are read. A BVH file is read whole,
// its UTF-8 byte-order mark and CR or CRLF line ends accepted, and checked (checkBvhText) before
// Assimp parses it; a GLB header is checked against the file's size. Every figure is bounded by
// gaitspace/runtime/limits.h (joints, frames, frame rate, root positions and bone lengths in
// metres).
Expected<ImportedClips> importClips(const std::string& path, const ImportSettings& settings = {});

// The same from bytes held in memory, for self-contained formats: `extension` ".bvh" or ".glb";
// `source` names the clips (its base name) and fills Clip::source.
Expected<ImportedClips> importClipsFromMemory(std::string bytes, const std::string& extension,
                                              const std::string& source,
                                              const ImportSettings& settings = {});

// Detects a unit from the largest extent of a rest skeleton (file units).
UnitReport detectUnits(float restExtent);

}  // namespace gs

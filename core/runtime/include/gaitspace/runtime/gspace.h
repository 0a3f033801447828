#pragma once
// The baked space file (*.gspace): everything a game needs to run a behavioral motion space, in
// one versioned, checksummed binary (core/runtime/section_file.h is the container; the sections
// and their fields are documented in docs/gspace-format.md).
//
// The reader trusts nothing: every count is bounded before anything is allocated, every index is
// checked against what it indexes, every float is finite, quaternions are unit, warp tables and
// phase maps increase, contacts and blend settings lie in range, and the result passes the baked
// types' own validate(). A truncated, corrupted or newer file is refused with one sentence.
//
// Versions: any change to a section's layout bumps kGSpaceVersion (docs/gspace-format.md keeps the
// change log). The reader reads the versions before it, or refuses one naming both versions.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <gaitspace/runtime/baked_space.h>
#include <gaitspace/runtime/limits.h>
#include <gaitspace/runtime/goal_space.h>
#include <gaitspace/runtime/locomotion.h>
#include <gaitspace/runtime/steering.h>

namespace gs {

// The version this build writes; it reads every version from 1 up to it.
constexpr std::uint32_t kGSpaceVersion = 3;

struct BakedSpaceFile {
    BakedBehavioralSpace space;
    std::vector<GoalSpace> goalSpaces;  // one per motion space of `space`
    LocomotionSettings locomotion;
    SteerSettings steer;
    // The format version the file was read from (writeGSpace always writes kGSpaceVersion).
    std::uint32_t formatVersion = kGSpaceVersion;

    Status validate() const;
};

std::vector<std::uint8_t> writeGSpace(const BakedSpaceFile& baked);
// `bytes` is the whole file; errors are one sentence without the file name.
Expected<BakedSpaceFile> readGSpace(std::span<const std::uint8_t> bytes);

// File versions: errors name the file ("out.gspace: truncated: ..."). Saving writes a temporary
// file beside the target and renames it, so a crash never leaves half a file.
Status saveGSpace(const BakedSpaceFile& baked, const std::string& path);
Expected<BakedSpaceFile> loadGSpace(const std::string& path);

}  // namespace gs

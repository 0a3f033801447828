#pragma once
// For the libFuzzer targets of files in the section container (.gspace, .gslevel:
// core/runtime/section_file.h): an input with its file length, every in-bounds section's CRC-32 and
// the table's CRC-32 recomputed. Random mutations almost never keep the checksums right; read
// again with them fixed, the mutations get past the container into the section parsers and their
// value checks.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gs::fuzz {

std::vector<std::uint8_t> withChecksums(const std::uint8_t* data, std::size_t size);

}  // namespace gs::fuzz

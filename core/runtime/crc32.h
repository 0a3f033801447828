#pragma once
// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320, as zlib and PNG use it): the checksum of
// each section of a baked .gspace file.

#include <cstdint>
#include <span>

namespace gs {

// CRC of `bytes`, continuing from `crc` (0 to start).
std::uint32_t crc32(std::span<const std::uint8_t> bytes, std::uint32_t crc = 0);

}  // namespace gs

#pragma once
// The container of a baked file: a header, a table of sections and the sections' bytes, every
// number little-endian. Each section carries a CRC-32, so a flipped byte anywhere is caught before
// its contents are parsed; the header records the file's length, so truncation is named as such.
//
//   offset  size  field
//   0       8     magic: "GSPC\r\n\x1a\n" for a .gspace, each format its own (a text-mode transfer
//                 or a truncated copy shows here)
//   8       4     format version
//   12      4     section count (at most kMaxSections)
//   16      8     file length in bytes
//   24      4     CRC-32 of the section table
//   28      4     reserved, 0
//   32      24 x  section table: tag (4 ASCII bytes), CRC-32 of the section, offset, length (u64)
//   ...           sections, each starting on an 8-byte boundary, in table order, not overlapping

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <gaitspace/runtime/status.h>

namespace gs {

using SectionFileMagic = std::array<std::uint8_t, 8>;
constexpr SectionFileMagic kSectionFileMagic = {'G', 'S', 'P', 'C', '\r', '\n', 0x1a, '\n'};
constexpr std::size_t kSectionFileHeaderBytes = 32;
constexpr std::size_t kSectionEntryBytes = 24;
constexpr std::uint32_t kMaxSections = 64;

// Four ASCII characters as a tag ("SKEL").
constexpr std::uint32_t sectionTag(const char (&s)[5]) {
    return static_cast<std::uint32_t>(static_cast<std::uint8_t>(s[0])) |
           static_cast<std::uint32_t>(static_cast<std::uint8_t>(s[1])) << 8 |
           static_cast<std::uint32_t>(static_cast<std::uint8_t>(s[2])) << 16 |
           static_cast<std::uint32_t>(static_cast<std::uint8_t>(s[3])) << 24;
}
std::string sectionTagName(std::uint32_t tag);

struct Section {
    std::uint32_t tag = 0;
    std::vector<std::uint8_t> bytes;
};

// The whole file.
std::vector<std::uint8_t> packSections(std::span<const Section> sections, std::uint32_t version,
                                       const SectionFileMagic& magic = kSectionFileMagic);

struct SectionView {
    std::uint32_t tag = 0;
    std::span<const std::uint8_t> bytes;
};

struct SectionTable {
    std::uint32_t version = 0;
    std::vector<SectionView> sections;
    // The section with this tag, or an empty span when absent.
    const SectionView* find(std::uint32_t tag) const;
};

// Checks the magic, the version (newer than maxVersion is refused, naming both), the length,
// the table and every section's bounds and CRC. `formatName` names the format in messages.
Expected<SectionTable> unpackSections(std::span<const std::uint8_t> file, std::uint32_t maxVersion,
                                      const std::string& formatName,
                                      const SectionFileMagic& magic = kSectionFileMagic);

// Writes `bytes` to `path` atomically (a "path.part" file renamed over it); errors name the path.
Status writeFileAtomically(std::span<const std::uint8_t> bytes, const std::string& path);

// The bytes of a regular file of at most `maxBytes`; `limit` names that limit in the refusal
// ("the 1 GiB limit of a baked space"). Errors name the path.
Expected<std::vector<std::uint8_t>> readRegularFileBytes(const std::string& path,
                                                         std::uintmax_t maxBytes,
                                                         const std::string& limit);

}  // namespace gs

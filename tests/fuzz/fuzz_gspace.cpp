// libFuzzer target: the .gspace reader on arbitrary bytes. A refusal is fine; a crash, a sanitizer
// report, a timeout or an allocation above the limits is a finding, and so is a file that loads
// into a space that fails its own validation or that does not read back after being rewritten.
//
// Random mutations almost never keep the checksums right, so each input is read twice: as it is,
// and with its length field and checksums recomputed, which takes the mutations past the
// container into the section parsers and their value checks.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include <gaitspace/runtime/gspace.h>
#include "core/runtime/crc32.h"
#include "core/runtime/section_file.h"

namespace {

void put32(std::vector<std::uint8_t>& b, std::size_t at, std::uint32_t v) {
    for (int k = 0; k < 4; ++k) b[at + k] = static_cast<std::uint8_t>(v >> (8 * k));
}

// The input with the file length, every in-bounds section's CRC and the table's CRC recomputed.
std::vector<std::uint8_t> withChecksums(const std::uint8_t* data, std::size_t size) {
    std::vector<std::uint8_t> b(data, data + size);
    if (size < gs::kSectionFileHeaderBytes) return b;
    const std::uint64_t length = size;
    for (int k = 0; k < 8; ++k) b[16 + k] = static_cast<std::uint8_t>(length >> (8 * k));
    std::uint32_t count = 0;
    std::memcpy(&count, b.data() + 12, 4);
    if (count > gs::kMaxSections) return b;
    const std::size_t tableEnd = gs::kSectionFileHeaderBytes + gs::kSectionEntryBytes * count;
    if (tableEnd > size) return b;
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::size_t at = gs::kSectionFileHeaderBytes + gs::kSectionEntryBytes * i;
        std::uint64_t offset = 0, bytes = 0;
        std::memcpy(&offset, b.data() + at + 8, 8);
        std::memcpy(&bytes, b.data() + at + 16, 8);
        if (offset <= size && bytes <= size - offset)
            put32(b, at + 4,
                  gs::crc32(std::span(b.data() + offset, static_cast<std::size_t>(bytes))));
    }
    put32(b, 24,
          gs::crc32(std::span(b.data() + gs::kSectionFileHeaderBytes,
                              tableEnd - gs::kSectionFileHeaderBytes)));
    return b;
}

void check(std::span<const std::uint8_t> bytes) {
    auto baked = gs::readGSpace(bytes);
    if (!baked) return;
    if (!baked->validate()) __builtin_trap();
    if (!gs::readGSpace(gs::writeGSpace(*baked))) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    check(std::span<const std::uint8_t>(data, size));
    const std::vector<std::uint8_t> fixed = withChecksums(data, size);
    check(fixed);
    return 0;
}

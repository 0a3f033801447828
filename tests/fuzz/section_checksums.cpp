#include "fuzz/section_checksums.h"

#include <cstring>
#include <span>

#include "core/runtime/crc32.h"
#include "core/runtime/section_file.h"

namespace gs::fuzz {
namespace {

void put32(std::vector<std::uint8_t>& b, std::size_t at, std::uint32_t v) {
    for (int k = 0; k < 4; ++k) b[at + k] = static_cast<std::uint8_t>(v >> (8 * k));
}

}  // namespace

std::vector<std::uint8_t> withChecksums(const std::uint8_t* data, std::size_t size) {
    std::vector<std::uint8_t> b(data, data + size);
    if (size < kSectionFileHeaderBytes) return b;
    const std::uint64_t length = size;
    for (int k = 0; k < 8; ++k) b[16 + k] = static_cast<std::uint8_t>(length >> (8 * k));
    std::uint32_t count = 0;
    std::memcpy(&count, b.data() + 12, 4);
    if (count > kMaxSections) return b;
    const std::size_t tableEnd = kSectionFileHeaderBytes + kSectionEntryBytes * count;
    if (tableEnd > size) return b;
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::size_t at = kSectionFileHeaderBytes + kSectionEntryBytes * i;
        std::uint64_t offset = 0, bytes = 0;
        std::memcpy(&offset, b.data() + at + 8, 8);
        std::memcpy(&bytes, b.data() + at + 16, 8);
        if (offset <= size && bytes <= size - offset)
            put32(b, at + 4, crc32(std::span(b.data() + offset, static_cast<std::size_t>(bytes))));
    }
    put32(b, 24,
          crc32(std::span(b.data() + kSectionFileHeaderBytes, tableEnd - kSectionFileHeaderBytes)));
    return b;
}

}  // namespace gs::fuzz

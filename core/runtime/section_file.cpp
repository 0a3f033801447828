#include "core/runtime/section_file.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <filesystem>

#include "core/runtime/byte_stream.h"
#include "core/runtime/crc32.h"

namespace gs {
namespace {

std::uint64_t alignedTo8(std::uint64_t offset) { return (offset + 7) / 8 * 8; }

bool allZero(std::span<const std::uint8_t> bytes) {
    return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

}  // namespace

std::string sectionTagName(std::uint32_t tag) {
    std::string s;
    for (int k = 0; k < 4; ++k) {
        const char c = static_cast<char>((tag >> (8 * k)) & 0xFFu);
        s += (c >= 0x20 && c < 0x7f) ? c : '?';
    }
    return s;
}

const SectionView* SectionTable::find(std::uint32_t tag) const {
    for (const SectionView& s : sections)
        if (s.tag == tag) return &s;
    return nullptr;
}

std::vector<std::uint8_t> packSections(std::span<const Section> sections, std::uint32_t version,
                                       const SectionFileMagic& magic) {
    ByteWriter w;
    for (std::uint8_t b : magic) w.u8(b);
    w.u32(version);
    w.u32(static_cast<std::uint32_t>(sections.size()));
    const std::size_t lengthAt = w.size();
    w.u64(0);
    const std::size_t tableCrcAt = w.size();
    w.u32(0);
    w.u32(0);
    const std::size_t tableAt = w.size();
    std::uint64_t offset = kSectionFileHeaderBytes + kSectionEntryBytes * sections.size();
    for (const Section& s : sections) {
        offset = (offset + 7) / 8 * 8;
        w.u32(s.tag);
        w.u32(crc32(s.bytes));
        w.u64(offset);
        w.u64(s.bytes.size());
        offset += s.bytes.size();
    }
    const std::span<const std::uint8_t> table(w.bytes().data() + tableAt, w.size() - tableAt);
    w.patchU32(tableCrcAt, crc32(table));
    for (const Section& s : sections) {
        w.padTo(8);
        w.bytes().insert(w.bytes().end(), s.bytes.begin(), s.bytes.end());
    }
    w.patchU64(lengthAt, w.size());
    return std::move(w.bytes());
}

Expected<SectionTable> unpackSections(std::span<const std::uint8_t> file, std::uint32_t maxVersion,
                                      const std::string& formatName,
                                      const SectionFileMagic& magic) {
    if (file.size() < magic.size() || !std::equal(magic.begin(), magic.end(), file.begin()))
        return Status::error("not a " + formatName + " file (no " + formatName + " signature)");
    ByteReader r(file);
    for (std::size_t k = 0; k < magic.size(); ++k) r.u8("the signature");
    SectionTable table;
    table.version = r.u32("the header");
    const std::uint32_t count = r.u32("the header");
    const std::uint64_t length = r.u64("the header");
    const std::uint32_t tableCrc = r.u32("the header");
    const std::uint32_t reserved = r.u32("the header");
    if (!r.ok()) return Status::error("truncated: the file ends inside its header");
    if (reserved != 0)
        return Status::error("the header's reserved field is " + std::to_string(reserved) +
                             ", not 0");
    if (table.version == 0 || table.version > maxVersion)
        return Status::error(formatName + " format version " + std::to_string(table.version) +
                             (table.version == 0
                                  ? " is not valid"
                                  : " is newer than this build reads (up to version " +
                                        std::to_string(maxVersion) + ")"));
    if (length != file.size()) {
        if (length > file.size())
            return Status::error("truncated: the header says " + std::to_string(length) +
                                 " bytes, the file has " + std::to_string(file.size()));
        return Status::error("the header says " + std::to_string(length) + " bytes, the file has " +
                             std::to_string(file.size()) + " (trailing data)");
    }
    if (count == 0 || count > kMaxSections)
        return Status::error("section count " + std::to_string(count) + " is outside 1-" +
                             std::to_string(kMaxSections));
    const std::size_t tableEnd = kSectionFileHeaderBytes + kSectionEntryBytes * count;
    if (tableEnd > file.size())
        return Status::error("truncated: the file ends inside the section table");
    if (crc32(file.subspan(kSectionFileHeaderBytes, tableEnd - kSectionFileHeaderBytes)) !=
        tableCrc)
        return Status::error("the section table is corrupted (checksum mismatch)");
    std::uint64_t previousEnd = tableEnd;
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::uint32_t tag = r.u32("the section table");
        const std::uint32_t crc = r.u32("the section table");
        const std::uint64_t offset = r.u64("the section table");
        const std::uint64_t size = r.u64("the section table");
        const std::string name = "section '" + sectionTagName(tag) + "'";
        if (offset < previousEnd || offset > file.size() || size > file.size() - offset)
            return Status::error(name + " lies outside the file or overlaps another (offset " +
                                 std::to_string(offset) + ", " + std::to_string(size) + " bytes)");
        if (offset != alignedTo8(previousEnd) ||
            !allZero(file.subspan(previousEnd, offset - previousEnd)))
            return Status::error(name + " does not follow the one before it (offset " +
                                 std::to_string(offset) + ", expected " +
                                 std::to_string(alignedTo8(previousEnd)) + " after zero padding)");
        const auto bytes =
            file.subspan(static_cast<std::size_t>(offset), static_cast<std::size_t>(size));
        if (crc32(bytes) != crc) return Status::error(name + " is corrupted (checksum mismatch)");
        if (table.find(tag)) return Status::error(name + " appears twice");
        table.sections.push_back({tag, bytes});
        previousEnd = offset + size;
    }
    if (previousEnd != file.size())
        return Status::error(std::to_string(file.size() - previousEnd) +
                             " bytes follow the last section");
    return table;
}

Status writeFileAtomically(std::span<const std::uint8_t> bytes, const std::string& path) {
    const std::string temp = path + ".part";
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) return Status::error(path + ": cannot write (" + temp + " cannot be created)");
        out.write(reinterpret_cast<const char*>(bytes.data()),
                  static_cast<std::streamsize>(bytes.size()));
        out.flush();
        if (!out) {
            std::error_code ec;
            std::filesystem::remove(temp, ec);
            return Status::error(path + ": writing failed (disk full?)");
        }
    }
    std::error_code ec;
    std::filesystem::rename(temp, path, ec);
    if (ec) {
        std::filesystem::remove(temp, ec);
        return Status::error(path + ": cannot replace the file (" + ec.message() + ")");
    }
    return Status::ok();
}

Expected<std::vector<std::uint8_t>> readRegularFileBytes(const std::string& path,
                                                         std::uintmax_t maxBytes,
                                                         const std::string& limit) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status)) return Status::error(path + ": no such file");
    if (!std::filesystem::is_regular_file(status))
        return Status::error(path + ": not a regular file");
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) return Status::error(path + ": cannot read its size (" + ec.message() + ")");
    if (size > maxBytes) return Status::error(path + ": larger than " + limit);
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
    std::ifstream in(path, std::ios::binary);
    if (!in) return Status::error(path + ": cannot open");
    in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (static_cast<std::uintmax_t>(in.gcount()) != size)
        return Status::error(path + ": read failed");
    return bytes;
}

}  // namespace gs

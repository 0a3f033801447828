#include "core/io/motion_file.h"

#include <sys/stat.h>

#include <cctype>
#include <cerrno>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "core/authoring_limits.h"

namespace gs {
namespace {

std::string mebibytes(std::int64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

std::uint32_t readU32(const unsigned char* p) {
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
           std::uint32_t(p[3]) << 24;
}

}  // namespace

Expected<std::int64_t> checkRegularFile(const std::string& path, std::int64_t maxBytes) {
    for (std::size_t i = 0; i < path.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(path[i]);
        if (c < 0x20 || c == 0x7f) {
            char code[8];
            std::snprintf(code, sizeof code, "%04X", c);
            return Status::error(std::string("the path holds the control character U+") + code +
                                 " at character " + std::to_string(i + 1));
        }
    }
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) return Status::error("file not found");
        return Status::error(std::string("cannot read the file: ") + std::strerror(errno));
    }
    if (S_ISDIR(st.st_mode)) return Status::error("is a folder, not a file");
    if (S_ISFIFO(st.st_mode)) return Status::error("is a FIFO (named pipe), not a regular file");
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
        return Status::error("is a device, not a regular file");
    if (S_ISSOCK(st.st_mode)) return Status::error("is a socket, not a regular file");
    if (!S_ISREG(st.st_mode)) return Status::error("is not a regular file");
    if (st.st_size == 0) return Status::error("file is empty");
    if (st.st_size > maxBytes)
        return Status::error("file is " + std::to_string(st.st_size) +
                             " bytes, above the limit of " + mebibytes(maxBytes));
    return static_cast<std::int64_t>(st.st_size);
}

Expected<std::string> readRegularFile(const std::string& path, std::int64_t maxBytes) {
    auto size = checkRegularFile(path, maxBytes);
    if (!size) return size.status();
    std::ifstream file(path, std::ios::binary);
    if (!file) return Status::error("cannot open the file");
    std::string bytes(static_cast<std::size_t>(*size), '\0');
    file.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    bytes.resize(static_cast<std::size_t>(file.gcount()));
    if (bytes.empty()) return Status::error("file is empty");
    // A file that grew since the size check is read up to the size it had.
    return bytes;
}

void normalizeLineEnds(std::string& text) {
    std::size_t from = 0;
    if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF &&
        static_cast<unsigned char>(text[1]) == 0xBB && static_cast<unsigned char>(text[2]) == 0xBF)
        from = 3;
    std::size_t to = 0;
    for (std::size_t i = from; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\r') {
            text[to++] = '\n';
            if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
        } else {
            text[to++] = c;
        }
    }
    text.resize(to);
}

Status checkGlbHeader(const unsigned char* h, std::size_t n, std::int64_t fileSize) {
    const std::string kGlb = "cannot import as glTF binary (GLB): ";
    if (n < 20) return Status::error(kGlb + "the file is shorter than a GLB header (20 bytes)");
    if (std::memcmp(h, "glTF", 4) != 0)
        return Status::error(kGlb + "the file does not start with 'glTF'");
    const std::uint32_t version = readU32(h + 4);
    const std::uint32_t length = readU32(h + 8);
    const std::uint32_t chunk = readU32(h + 12);
    if (version != 1 && version != 2)
        return Status::error(kGlb + "version " + std::to_string(version) + " is not 1 or 2");
    if (length > static_cast<std::uint64_t>(fileSize))
        return Status::error(kGlb + "the header claims " + std::to_string(length) +
                             " bytes but the file holds " + std::to_string(fileSize));
    if (static_cast<std::uint64_t>(chunk) + 20 > length)
        return Status::error(kGlb + "the first chunk claims " + std::to_string(chunk) +
                             " bytes but the file holds " + std::to_string(length) +
                             " after its header");
    if (version == 2 && std::memcmp(h + 16, "JSON", 4) != 0)
        return Status::error(kGlb + "the first chunk is not JSON");
    return Status::ok();
}

Status checkGlbFile(const std::string& path, std::int64_t fileSize) {
    unsigned char header[20] = {};
    std::ifstream file(path, std::ios::binary);
    file.read(reinterpret_cast<char*>(header), sizeof header);
    return checkGlbHeader(header, static_cast<std::size_t>(file.gcount()), fileSize);
}

std::string contentExtension(const std::string& path, const std::string& lowerExtension) {
    std::ifstream file(path, std::ios::binary);
    std::string head(512, '\0');
    file.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(std::max<std::streamsize>(file.gcount(), 0)));
    if (head.compare(0, 4, "glTF") == 0) return ".glb";
    std::size_t at = head.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
    while (at < head.size() && std::isspace(static_cast<unsigned char>(head[at]))) ++at;
    std::string word = head.substr(at, 9);
    for (char& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (word == "HIERARCHY") return ".bvh";
    if (at < head.size() && head[at] == '{' && head.find("\"asset\"") != std::string::npos)
        return ".gltf";
    return lowerExtension;
}

std::string formatName(const std::string& ext) {
    if (ext == ".bvh") return "BVH";
    if (ext == ".glb") return "glTF binary (GLB)";
    if (ext == ".gltf") return "glTF";
    if (ext == ".fbx") return "FBX";
    if (ext == ".dae") return "COLLADA";
    if (ext == ".obj") return "OBJ";
    if (ext.size() > 1 && ext.size() <= 8) {
        std::string name = ext.substr(1);
        for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        return name;
    }
    return "a known format";
}

}  // namespace gs

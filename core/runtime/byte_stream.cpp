#include "core/runtime/byte_stream.h"

#include <bit>
#include <cstring>
#include <limits>

namespace gs {

void ByteWriter::u32(std::uint32_t v) {
    for (int k = 0; k < 4; ++k) m_bytes.push_back(static_cast<std::uint8_t>(v >> (8 * k)));
}

void ByteWriter::u64(std::uint64_t v) {
    for (int k = 0; k < 8; ++k) m_bytes.push_back(static_cast<std::uint8_t>(v >> (8 * k)));
}

void ByteWriter::f32(float v) { u32(std::bit_cast<std::uint32_t>(v)); }

void ByteWriter::string(const std::string& s) {
    u32(static_cast<std::uint32_t>(s.size()));
    m_bytes.insert(m_bytes.end(), s.begin(), s.end());
}

void ByteWriter::floats(std::span<const float> v) {
    u32(static_cast<std::uint32_t>(v.size()));
    for (float x : v) f32(x);
}

void ByteWriter::ints(std::span<const int> v) {
    u32(static_cast<std::uint32_t>(v.size()));
    for (int x : v) i32(x);
}

void ByteWriter::vec3s(std::span<const glm::vec3> v) {
    u32(static_cast<std::uint32_t>(v.size()));
    for (const glm::vec3& x : v) vec3(x);
}

void ByteWriter::quats(std::span<const glm::quat> v) {
    u32(static_cast<std::uint32_t>(v.size()));
    for (const glm::quat& q : v) quat(q);
}

void ByteWriter::padTo(std::size_t alignment) {
    while (m_bytes.size() % alignment) m_bytes.push_back(0);
}

void ByteWriter::patchU32(std::size_t offset, std::uint32_t v) {
    for (int k = 0; k < 4; ++k) m_bytes[offset + k] = static_cast<std::uint8_t>(v >> (8 * k));
}

void ByteWriter::patchU64(std::size_t offset, std::uint64_t v) {
    for (int k = 0; k < 8; ++k) m_bytes[offset + k] = static_cast<std::uint8_t>(v >> (8 * k));
}

void ByteReader::fail(std::string message) {
    if (m_error.empty()) m_error = std::move(message);
    m_offset = m_bytes.size();
}

bool ByteReader::take(std::size_t n, const char* what) {
    if (!ok()) return false;
    if (n > remaining()) {
        fail(std::string("ends inside ") + what);
        return false;
    }
    return true;
}

std::uint8_t ByteReader::u8(const char* what) {
    if (!take(1, what)) return 0;
    return m_bytes[m_offset++];
}

std::uint32_t ByteReader::u32(const char* what) {
    if (!take(4, what)) return 0;
    std::uint32_t v = 0;
    for (int k = 0; k < 4; ++k) v |= static_cast<std::uint32_t>(m_bytes[m_offset + k]) << (8 * k);
    m_offset += 4;
    return v;
}

std::uint64_t ByteReader::u64(const char* what) {
    if (!take(8, what)) return 0;
    std::uint64_t v = 0;
    for (int k = 0; k < 8; ++k) v |= static_cast<std::uint64_t>(m_bytes[m_offset + k]) << (8 * k);
    m_offset += 8;
    return v;
}

float ByteReader::f32(const char* what) { return std::bit_cast<float>(u32(what)); }

glm::vec3 ByteReader::vec3(const char* what) {
    const float x = f32(what), y = f32(what), z = f32(what);
    return {x, y, z};
}

glm::quat ByteReader::quat(const char* what) {
    const float w = f32(what), x = f32(what), y = f32(what), z = f32(what);
    return {w, x, y, z};
}

std::uint32_t ByteReader::count(const char* what, std::size_t maxCount, std::size_t elementBytes) {
    const std::uint32_t n = u32(what);
    if (!ok()) return 0;
    if (n > maxCount) {
        fail(std::string(what) + ": count " + std::to_string(n) + " is above the limit " +
             std::to_string(maxCount));
        return 0;
    }
    if (elementBytes && n > remaining() / elementBytes) {
        fail(std::string("ends inside ") + what + " (" + std::to_string(n) + " entries announced)");
        return 0;
    }
    return n;
}

std::string ByteReader::string(const char* what, std::size_t maxBytes) {
    const std::uint32_t n = count(what, maxBytes, 1);
    if (!ok()) return {};
    std::string s(reinterpret_cast<const char*>(m_bytes.data() + m_offset), n);
    m_offset += n;
    return s;
}

std::vector<float> ByteReader::floats(const char* what, std::size_t maxCount) {
    const std::uint32_t n = count(what, maxCount, 4);
    std::vector<float> v(n);
    for (auto& x : v) x = f32(what);
    return v;
}

std::vector<int> ByteReader::ints(const char* what, std::size_t maxCount) {
    const std::uint32_t n = count(what, maxCount, 4);
    std::vector<int> v(n);
    for (auto& x : v) x = i32(what);
    return v;
}

std::vector<glm::vec3> ByteReader::vec3s(const char* what, std::size_t maxCount) {
    const std::uint32_t n = count(what, maxCount, 12);
    std::vector<glm::vec3> v(n);
    for (auto& x : v) x = vec3(what);
    return v;
}

std::vector<glm::quat> ByteReader::quats(const char* what, std::size_t maxCount) {
    const std::uint32_t n = count(what, maxCount, 16);
    std::vector<glm::quat> v(n);
    for (auto& x : v) x = quat(what);
    return v;
}

}  // namespace gs

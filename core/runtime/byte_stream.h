#pragma once
// Little-endian byte streams for baked files. ByteWriter appends; ByteReader reads with every
// size checked against what is left before anything is allocated, so a corrupted count can never
// make it read out of bounds or ask for gigabytes. A failed read leaves the reader failed with a
// sentence saying what was being read; later reads return zeros.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace gs {

class ByteWriter {
public:
    void u8(std::uint8_t v) { m_bytes.push_back(v); }
    void u32(std::uint32_t v);
    void u64(std::uint64_t v);
    void i32(std::int32_t v) { u32(static_cast<std::uint32_t>(v)); }
    void f32(float v);
    void vec3(const glm::vec3& v) { f32(v.x), f32(v.y), f32(v.z); }
    void quat(const glm::quat& q) { f32(q.w), f32(q.x), f32(q.y), f32(q.z); }
    // A u32 byte count, then the bytes (no terminator).
    void string(const std::string& s);
    // A u32 element count, then the elements.
    void floats(std::span<const float> v);
    void ints(std::span<const int> v);
    void vec3s(std::span<const glm::vec3> v);
    void quats(std::span<const glm::quat> v);
    void padTo(std::size_t alignment);
    // Overwrites 4 bytes at `offset` (already written).
    void patchU32(std::size_t offset, std::uint32_t v);
    void patchU64(std::size_t offset, std::uint64_t v);

    std::size_t size() const { return m_bytes.size(); }
    std::vector<std::uint8_t>& bytes() { return m_bytes; }
    const std::vector<std::uint8_t>& bytes() const { return m_bytes; }

private:
    std::vector<std::uint8_t> m_bytes;
};

class ByteReader {
public:
    explicit ByteReader(std::span<const std::uint8_t> bytes) : m_bytes(bytes) {}

    std::uint8_t u8(const char* what);
    std::uint32_t u32(const char* what);
    std::uint64_t u64(const char* what);
    std::int32_t i32(const char* what) { return static_cast<std::int32_t>(u32(what)); }
    float f32(const char* what);
    glm::vec3 vec3(const char* what);
    glm::quat quat(const char* what);
    // At most maxBytes long.
    std::string string(const char* what, std::size_t maxBytes);
    // A u32 count (at most maxCount, and no more than the bytes left hold), then the elements.
    std::vector<float> floats(const char* what, std::size_t maxCount);
    std::vector<int> ints(const char* what, std::size_t maxCount);
    std::vector<glm::vec3> vec3s(const char* what, std::size_t maxCount);
    std::vector<glm::quat> quats(const char* what, std::size_t maxCount);
    // A u32 count that is at most maxCount and whose elements of elementBytes each fit in what is
    // left; 0 and failed otherwise.
    std::uint32_t count(const char* what, std::size_t maxCount, std::size_t elementBytes);

    bool ok() const { return m_error.empty(); }
    const std::string& error() const { return m_error; }
    // Fails the reader with this message (the first failure is kept).
    void fail(std::string message);
    std::size_t offset() const { return m_offset; }
    std::size_t remaining() const { return m_bytes.size() - m_offset; }

private:
    bool take(std::size_t n, const char* what);

    std::span<const std::uint8_t> m_bytes;
    std::size_t m_offset = 0;
    std::string m_error;
};

}  // namespace gs

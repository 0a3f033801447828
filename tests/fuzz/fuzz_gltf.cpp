// libFuzzer target: the binary glTF path (the GLB container and the glTF check, Assimp's glTF 2
// reader, skeleton, units and clip building) on arbitrary bytes. Any crash, sanitizer report,
// leak, timeout or allocation above the -rss_limit_mb / -malloc_limit_mb is a finding; a refusal
// is not. (The character importer reads files only, so only the clip path is fuzzed.)
//
// The custom mutator keeps a GLB's lengths consistent: most mutations change the JSON chunk or
// the BIN chunk's bytes and then rewrite the header and chunk lengths, so that the fuzzer reaches
// the JSON rules and Assimp instead of the length checks; one in eight mutates the raw bytes.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/io/clip_import.h"

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t maxSize);

namespace {

std::uint32_t readU32(const std::uint8_t* p) {
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
           std::uint32_t(p[3]) << 24;
}

void appendU32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

// A GLB of a JSON text (padded with spaces) and a BIN chunk (none when absent).
std::vector<std::uint8_t> packGlb(const std::vector<std::uint8_t>& json,
                                  const std::vector<std::uint8_t>* bin) {
    std::vector<std::uint8_t> out{'g', 'l', 'T', 'F'};
    const std::size_t jsonPadded = (json.size() + 3) / 4 * 4;
    const std::size_t binPadded = bin ? (bin->size() + 3) / 4 * 4 : 0;
    appendU32(out, 2);
    appendU32(out, static_cast<std::uint32_t>(20 + jsonPadded + (bin ? 8 + binPadded : 0)));
    appendU32(out, static_cast<std::uint32_t>(jsonPadded));
    out.insert(out.end(), {'J', 'S', 'O', 'N'});
    out.insert(out.end(), json.begin(), json.end());
    out.resize(20 + jsonPadded, ' ');
    if (bin) {
        appendU32(out, static_cast<std::uint32_t>(binPadded));
        out.insert(out.end(), {'B', 'I', 'N', '\0'});
        out.insert(out.end(), bin->begin(), bin->end());
        out.resize(out.size() + binPadded - bin->size(), 0);
    }
    return out;
}

}  // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size,
                                               std::size_t maxSize, unsigned int seed) {
    const bool glb = size >= 20 && std::memcmp(data, "glTF", 4) == 0 &&
                     std::memcmp(data + 16, "JSON", 4) == 0 && readU32(data + 12) <= size - 20;
    const std::size_t jsonLength = glb ? readU32(data + 12) : 0;
    if (jsonLength == 0 || seed % 8 == 0) return LLVMFuzzerMutate(data, size, maxSize);
    std::vector<std::uint8_t> json(data + 20, data + 20 + jsonLength);
    std::vector<std::uint8_t> bin;
    const std::size_t at = 20 + jsonLength;
    const bool hasBin = size >= at + 8 && std::memcmp(data + at + 4, "BIN", 4) == 0 &&
                        readU32(data + at) <= size - at - 8;
    if (hasBin) bin.assign(data + at + 8, data + at + 8 + readU32(data + at));
    if (hasBin && !bin.empty() && seed % 8 == 1) {
        bin.resize(LLVMFuzzerMutate(bin.data(), bin.size(), bin.size()));
    } else {
        const std::size_t room = maxSize > size ? maxSize - size : 0;
        json.resize(json.size() + room);
        json.resize(LLVMFuzzerMutate(json.data(), jsonLength, json.size()));
    }
    const std::vector<std::uint8_t> packed = packGlb(json, hasBin ? &bin : nullptr);
    if (packed.size() > maxSize) return LLVMFuzzerMutate(data, size, maxSize);
    std::memcpy(data, packed.data(), packed.size());
    return packed.size();
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string bytes(reinterpret_cast<const char*>(data), size);
    auto imported = gs::importClipsFromMemory(bytes, ".glb", "fuzz.glb");
    if (imported) {
        // A refusal is fine; an accepted clip must hold what the importer promises.
        for (const gs::Clip& clip : imported->clips)
            if (!clip.validate()) __builtin_trap();
    }
    return 0;
}

// libFuzzer target: the BVH/Assimp import path (pre-check, Assimp's BVH reader, skeleton, units,
// clip building and resampling) on arbitrary bytes. Any crash, sanitizer report, leak, timeout or
// allocation above the -rss_limit_mb / -malloc_limit_mb is a finding; a refusal is not.

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/io/clip_import.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string bytes(reinterpret_cast<const char*>(data), size);
    auto imported = gs::importClipsFromMemory(bytes, ".bvh", "fuzz.bvh");
    if (imported) {
        // A refusal is fine; an accepted clip must hold what the importer promises.
        for (const gs::Clip& clip : imported->clips) {
            if (!clip.validate()) __builtin_trap();
            auto resampled = gs::resampleClip(clip, 24.0f);
            if (resampled && !resampled->validate()) __builtin_trap();
        }
    }
    return 0;
}

// libFuzzer target: the .gspace reader on arbitrary bytes. A refusal is fine; a crash, a sanitizer
// report, a timeout or an allocation above the limits is a finding, and so is a file that loads
// into a space that fails its own validation or that does not read back after being rewritten.
//
// Each input is read twice: as it is, and with its length field and checksums recomputed
// (section_checksums.h).

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <gaitspace/runtime/gspace.h>
#include "fuzz/section_checksums.h"

namespace {

void check(std::span<const std::uint8_t> bytes) {
    auto baked = gs::readGSpace(bytes);
    if (!baked) return;
    if (!baked->validate()) __builtin_trap();
    if (!gs::readGSpace(gs::writeGSpace(*baked))) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    check(std::span<const std::uint8_t>(data, size));
    const std::vector<std::uint8_t> fixed = gs::fuzz::withChecksums(data, size);
    check(fixed);
    return 0;
}

#pragma once
// The .gspace section 'TRAN' (docs/gspace-format.md): the stops and starts of every motion space,
// with their joins, and the arrival settings. Private to gs_runtime: gspace.cpp writes and reads
// it with the other sections. A file without the section has no stops or starts and the default
// arrival settings.

#include <span>

#include <gaitspace/runtime/gspace.h>
#include "core/runtime/section_file.h"

namespace gs {

// The section of a baked file; empty bytes (no section written) when no space has a transition
// and the arrival settings are the defaults.
Section transitionSection(const BakedSpaceFile& baked);

// Reads the section into the spaces of `baked` (read already) and its locomotion settings. The
// error names the section, the space and the clip.
Status readTransitionSection(std::span<const std::uint8_t> bytes, BakedSpaceFile& baked);

}  // namespace gs

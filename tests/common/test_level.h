#pragma once
// Levels for tests: a mesh baked by Recast for an agent and loaded by Detour, in one call.

#include <string>

#include <gaitspace/runtime/navigation.h>

#include "core/level/level_bake.h"

namespace gs::test {

// The navigation of `mesh` baked for `agent` (the test stops, naming `name`, when it cannot be).
Navigation bakeNavigation(const LevelMesh& mesh, const std::string& name = "level",
                          const NavAgentSettings& agent = {});

}  // namespace gs::test

#pragma once
// The project's level, read and baked: its mesh (core/level/level_mesh.h) and the navigation mesh
// Recast builds for the project's agent (core/level/level_bake.h), shared by the window, which
// draws and walks it, and `gaitspace-cli bake-level PROJECT`.

#include "app/project/project.h"
#include "core/level/level_bake.h"
#include "core/level/level_mesh.h"

namespace gs {

struct ProjectLevelBake {
    QString meshPath;  // the level mesh's file, resolved
    LevelMesh mesh;
    BakedLevel baked;
    LevelBakeReport report;
};

// Reads the mesh the project's level names and bakes it for the project's agent, with `settings`
// for the rest (their agent is replaced). Refused in one line naming the file and the cause: no
// level in the project, a mesh that cannot be read, no walkable surface.
Expected<ProjectLevelBake> bakeProjectLevel(const Project& project,
                                            LevelBakeSettings settings = {});

}  // namespace gs

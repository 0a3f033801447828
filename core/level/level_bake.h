#pragma once
// LevelBakeJob: a level mesh's navigation mesh, built by Recast (the solo-mesh pipeline of
// RecastDemo: voxelize, filter, erode by the agent's radius, watershed regions, contours,
// polygons, detail mesh) and packed by Detour into the BakedLevel a .gslevel file holds
// (gaitspace/runtime/navigation.h). Recast and Detour are Debian's librecast-dev.

#include <span>
#include <string>

#include <glm/vec3.hpp>

#include <gaitspace/runtime/navigation.h>

#include "core/level/level_mesh.h"

namespace gs {

struct LevelBakeSettings {
    NavAgentSettings agent;
    float cellSize = 0.1f;     // metres, horizontal voxel; [0.02, 1]; about a third of the radius
    float cellHeight = 0.05f;  // metres, vertical voxel; [0.01, 1]; a fraction of the climb
    float maxEdgeLength = 12.0f;  // metres of a boundary edge before it is split; [0, 100]
    float maxEdgeError = 1.3f;    // cells a simplified boundary may stray from the voxels; [0.1, 3]
    float minRegionArea = 0.64f;  // square metres: smaller separate walkable patches are dropped
    float mergeRegionArea = 4.0f;       // square metres: smaller regions merge into a neighbour
    float detailSampleDistance = 0.6f;  // metres between detail-mesh height samples (0 = none)
    float detailMaxError = 0.05f;       // metres the detail mesh may differ from the voxels

    Status validate() const;
};

// What the bake made and how long its steps took.
struct LevelBakeReport {
    int gridWidth = 0, gridDepth = 0;  // Recast cells
    int polygons = 0, vertices = 0;    // of the navigation mesh
    int detailTriangles = 0;
    double seconds = 0.0;  // the whole bake (Recast and Detour)
};

struct LevelBakeJob {
    LevelBakeSettings settings;
    const LevelMesh* mesh = nullptr;  // the level's triangles; read for the run
    std::string name;                 // the level's name in the file (its source's file name)
    BakedLevel* output = nullptr;
    LevelBakeReport* report = nullptr;  // optional

    Status validate() const;
    // Refuses a level with no walkable surface or one beyond the named limits, saying which.
    Status run() const;
};

}  // namespace gs

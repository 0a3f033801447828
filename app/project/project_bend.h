#pragma once
// A project space's bent turns (spaces[].bent_turns_m): left and right turns bent from its
// straight clips with core/path_bend.h. Private to app/project.

#include <QString>

#include "project.h"

namespace gs {

// The space's bent turns into s.bentClips, from its straight clips, or why they cannot be made
// (empty when all is well). Called once the space's clips are known to be usable.
QString bendSpace(const Project& project, ProjectSpace& s);

}  // namespace gs

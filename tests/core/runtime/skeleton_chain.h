#pragma once
// A small skeleton built in code for the runtime's unit tests: a root with a spine of two joints
// and a leg of two, 1 m bones along known axes, a tip on the last joint of each branch.

#include <gaitspace/runtime/skeleton.h>

namespace gs::test {

inline Skeleton chainSkeleton() {
    Skeleton s;
    s.names = {"Hips", "Spine", "Head", "LeftUpLeg", "LeftLeg"};
    s.parents = {-1, 0, 1, 0, 3};
    s.restOffsets = {{0, 1, 0}, {0, 1, 0}, {0, 1, 0}, {1, 0, 0}, {0, -1, 0}};
    s.restRotations.assign(5, glm::quat(1, 0, 0, 0));
    s.tipOffsets = {{0, 0, 0}, {0, 0, 0}, {0, 0.2f, 0}, {0, 0, 0}, {0, 0, 0.1f}};
    return s;
}

}  // namespace gs::test

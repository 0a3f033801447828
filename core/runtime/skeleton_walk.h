#pragma once
// World transforms walked down a skeleton from local rotations, for the few joints a stage needs
// (a leg's, a foot's) where the character's world transforms are not at hand. Not part of the
// runtime's interface.

#include <gaitspace/runtime/kinematics.h>
#include <gaitspace/runtime/limits.h>
#include <gaitspace/runtime/skeleton.h>

namespace gs::locomotion {

// World transform of joint j for local rotations `rot` (joint 0 = the root's world rotation).
inline Transform worldOf(const Skeleton& sk, const glm::quat* rot, const glm::vec3& root, int j) {
    int path[limits::kMaxJoints];
    int n = 0;
    for (int k = j; k > 0; k = sk.parents[k]) path[n++] = k;
    Transform t{rot[0], root};
    while (n > 0) {
        const int k = path[--n];
        t = Transform{t.rotation * rot[k], t.translation + t.rotation * sk.restOffsets[k]};
    }
    return t;
}

// World transform of `to`, a descendant of `from` whose world transform is `at`.
inline Transform descend(const Skeleton& sk, const glm::quat* rot, Transform at, int from, int to) {
    int path[limits::kMaxJoints];
    int n = 0;
    for (int k = to; k != from && k > 0; k = sk.parents[k]) path[n++] = k;
    while (n > 0) {
        const int k = path[--n];
        at = Transform{at.rotation * rot[k], at.translation + at.rotation * sk.restOffsets[k]};
    }
    return at;
}

}  // namespace gs::locomotion

#pragma once
// The legs of a skeleton: per side, the hip-knee-ankle chain that two-bone IK drives and the toe
// that touches the floor.
//
// findLegs() looks for the feet by name first (findFootJoints: CMU lfoot/ltoes, Mixamo
// LeftFoot/LeftToeBase, Rigify foot.L/toe.L, ...), then takes the ankle's parent as the knee and
// the knee's parent as the hip. When the names give nothing it falls back to the structure of the
// rest pose: the lowest joints of the skeleton, each the end of a chain that drops from the root
// area down through two long, mostly vertical bones (thigh and shin). A skeleton on which neither
// finds two such chains has no legs: it plays with its feet unlocked.
//
// A LegRig is a few indices, found once per skeleton (it allocates while it looks) and copied into
// each character's state; nothing in it allocates afterwards.

#include <array>

#include <gaitspace/runtime/skeleton.h>

namespace gs {

// Which joints are the feet. Found by name; any field may be set to override.
struct FootJoints {
    int leftAnkle = -1, leftToe = -1, rightAnkle = -1, rightToe = -1;
    bool isComplete() const {
        return leftAnkle >= 0 && leftToe >= 0 && rightAnkle >= 0 && rightToe >= 0;
    }
};

// Finds ankle and toe joints by name (CMU lfoot/ltoes, LeftFoot/LeftToeBase, Mixamo, Rigify
// foot.L/toe.L, ...). A toe missing by name falls back to the ankle's only child, then the ankle.
FootJoints findFootJoints(const Skeleton& skeleton);

struct Leg {
    int hip = -1, knee = -1,
        ankle = -1;  // a two-bone chain: parent(knee) == hip, parent(ankle) == knee
    int toe =
        -1;  // the joint that rolls on the floor last; == ankle when the foot has no toe joint
    int subtreeEnd =
        -1;  // one past the hip's last descendant (depth-first order keeps them together)
    int ankleEnd = -1;   // one past the ankle's last descendant
    float thigh = 0.0f;  // metres, hip to knee
    float shin = 0.0f;   // metres, knee to ankle
    float foot = 0.0f;   // metres, ankle to toe (0 when the foot has no toe joint)
};

struct LegRig {
    std::array<Leg, 2> legs;  // [0] = left, [1] = right
    bool isValid() const { return legs[0].ankle >= 0 && legs[1].ankle >= 0; }
};

// Finds both legs; leftToe/rightToe (>= 0) choose the toe joints (e.g. the ones a motion space
// measured its contacts on). Fails with a sentence saying what is missing.
Expected<LegRig> findLegs(const Skeleton& skeleton, int leftToe = -1, int rightToe = -1);

}  // namespace gs

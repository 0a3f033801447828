#pragma once
// Stop and start clips of a motion space, baked (the arrival of DESIGN 5.8). Unlike the space's
// clips they are not looped: a stop walks (or runs) and comes to stand, a start stands and walks
// off. Each carries its joins with the space's reference loop, found in their match web
// (core/spaces/transition_builder.h): the loop frames where the two clips are in the same pose with
// the same foot planted, the transition's frame there and the 2D offset between their ground
// frames. The loop frames are the space's time axis, so a join holds for any blend of the space
// (its clips are registered to the reference loop).
//
// Invariants (validate): frames >= 2; rotations frames x joints, unit; rootHeight, contacts
// frames; step frames - 1; joins sorted by loop frame, each loop frame in [0, L) and clip frame
// in [0, frames - 1]; a stop's still frame is where it stands (from there to the end), a start's
// the last frame before it moves. Derived fields (pathLength, toEnd, per join end and
// pathToEnd) come from deriveTransition(), never from a file.

#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include <gaitspace/runtime/status.h>

namespace gs {

// Where a loop and a transition clip meet.
struct TransitionJoin {
    float loopFrame = 0.0f;  // frame of the space's reference loop, [0, L)
    float clipFrame = 0.0f;  // frame of the transition clip there, [0, frames - 1]
    // The transition's ground frame at clipFrame in the loop's ground frame at loopFrame, when
    // the two poses are laid over each other (dx, dz metres, dyaw radians).
    glm::vec3 offset{0.0f};
    float cost = 0.0f;  // point-cloud distance of the two poses, metres RMS
    int foot = 0;       // the foot planted in both: 0 left, 1 right, 2 both
    // Derived: a stop's end ground frame in the loop's ground frame at loopFrame (dx, dz, dyaw),
    // and the path left from clipFrame to the end (metres).
    glm::vec3 end{0.0f};
    float pathToEnd = 0.0f;
};

struct BakedTransition {
    enum class Kind { Stop, Start };
    std::string name;
    Kind kind = Kind::Stop;
    int frames = 0;
    std::vector<glm::quat> rotations;  // frames x joints; joint 0 = the root in its ground frame
    std::vector<float> rootHeight;     // frames, metres above the ground frame
    std::vector<glm::vec3>
        step;  // frames - 1: (dx, dz, dyaw) from frame f to f + 1, in f's ground frame
    std::vector<float> leftContact, rightContact;  // frames: 1 planted, 0 not
    // Stop: the first frame from which it stands (to the end). Start: the last frame before it
    // moves (it stands up to there).
    int stillFrame = 0;
    // Stop: every join, sorted by loop frame. Start: the joins where it may hand over to the loop
    // (sorted by loop frame); `handover` is the one it takes.
    std::vector<TransitionJoin> joins;
    int handover = -1;  // start: index into joins; stop: -1
    float speed =
        0.0f;  // m/s while it moves at its fastest (over 0.3 s): a stop's entry, a start's exit

    // Derived (deriveTransition): the path length from frame 0 to each frame (metres), and the
    // last frame's ground frame in each frame's ground frame (dx, dz, dyaw).
    std::vector<float> pathLength;
    std::vector<glm::vec3> toEnd;
    float maxPathToEnd = 0.0f;  // the longest pathToEnd of its joins

    // The pose it ends on (a stop's standing pose) is frame frames - 1.
    int lastFrame() const { return frames - 1; }
    Status validate(int joints, int referenceFrames) const;
};

// Fills the derived fields of a transition from its steps and joins.
void deriveTransition(BakedTransition& transition);

// (dx, dz, dyaw) composition: b expressed in the frame a leads to, as one offset from a's origin.
glm::vec3 composeGround(const glm::vec3& a, const glm::vec3& b);

}  // namespace gs

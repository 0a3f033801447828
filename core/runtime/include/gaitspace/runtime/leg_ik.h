#pragma once
// Two-bone IK for a leg: turns the hip and the knee so that the ankle reaches a target, keeping
// the knee in the plane the pose already bends it in (its pole), and never over-extending.
//
// Reach: a target nearer than the pose's own reach, or nearer than (1 - softness) of the leg's
// length, is reached exactly. Beyond that the reach is softened: the leg approaches full
// extension exponentially and never gets there, so a target that runs away straightens the knee
// smoothly instead of snapping it straight (and the knee angle never pops). The soft zone starts
// at the pose's own reach when that is longer, so a target at the current ankle changes nothing.
//
// Pole: the knee bends in the plane the pose bends it in (the knee's offset from the hip-ankle
// line), nudged toward `bendHint` (e.g. the foot's forward direction) so that a straight leg
// bends the way knees do. The knee turns about that plane's hinge axis only; the hip then aims
// the leg at the target by the smallest rotation, which carries the plane along.
//
// The result is given as world-space rotations to put in front of the hip's and the knee's world
// rotations. Pure math, no allocation.

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace gs {

struct TwoBoneIkSettings {
    // Fraction of the leg's length (thigh + shin) below full extension where softening starts;
    // [0, 0.5]; default 0.03 (about 2.5 cm on an adult leg).
    float softness = 0.03f;
    // Largest reach as a fraction of the leg's length; (0.9, 1); default 0.9999.
    float maxExtension = 0.9999f;
};

struct TwoBoneIkResult {
    glm::quat hipDelta{1, 0, 0, 0};   // new hip world rotation = hipDelta * old
    glm::quat kneeDelta{1, 0, 0, 0};  // new knee world rotation = kneeDelta * old
    glm::vec3 knee{0.0f};             // new knee position
    glm::vec3 ankle{0.0f};            // new ankle position (== target when it is reachable)
};

// hip, knee, ankle: world positions of the current pose; target: where the ankle should go;
// bendHint: a direction (its length scales the nudge: use a unit vector); thigh, shin: the bone
// lengths (|knee - hip|, |ankle - knee|, metres).
TwoBoneIkResult solveTwoBoneIk(const glm::vec3& hip, const glm::vec3& knee, const glm::vec3& ankle,
                               const glm::vec3& target, const glm::vec3& bendHint, float thigh,
                               float shin, const TwoBoneIkSettings& settings = {});

// Several legs solved at once (solveLegIk below): leg i gives what solveTwoBoneIk gives for its
// inputs (the same operations in the same order), whatever the other legs hold. The update
// gathers the planted feet of several characters here. Each leg's inputs lie together, as the
// update writes them; the solve reads them into lanes (a coordinate of every leg per register:
// eight legs fill one AVX register, or two SSE ones).
inline constexpr int kIkLanes = 8;

// A posed leg: as solveTwoBoneIk takes it, with the world rotations of the hip's parent, the
// hip, the knee and the ankle, so that the solve also gives the joints' new rotations (the foot
// keeps its world rotation).
struct LegIkInput {
    glm::vec3 hip, knee, ankle, target, bendHint;
    float thigh, shin;
    glm::quat parentRotation, hipRotation, kneeRotation, ankleRotation;
};
struct LegIkResult {
    glm::quat hipWorld, kneeWorld;              // new world rotations of hip and knee
    glm::quat hipLocal, kneeLocal, ankleLocal;  // the local rotations that give them
    glm::vec3 knee, ankle;                      // new positions
};
// Solves legs[0, count) (1 <= count <= kIkLanes) into out[0, count).
void solveLegIk(const LegIkInput* legs, int count, LegIkResult* out,
                const TwoBoneIkSettings& settings = {});

}  // namespace gs

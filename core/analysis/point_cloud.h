#pragma once
// Point-cloud frame distance (Kovar & Gleicher): how alike two poses are regardless of where the
// characters stand and which way they face.
//
// A frame's point cloud is the world positions of every joint over a short window of frames
// around it (odd sample count, triangular weights: the centre frame counts most). Two clouds are
// compared after the rigid 2D motion that brings the first onto the second best: a rotation about
// +Y and a translation in XZ. That motion has a closed form (atan2 of two weighted sums), so the
// distance costs one pass over the points.
//
// Direction of an Alignment: it carries clip A's world into clip B's world,
//     world_B ~= rotateY(theta) * world_A + (x0, 0, z0).
// theta follows the heading convention of root_motion.h (positive = turned left, +Z turns to +X).

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include <span>
#include <vector>

#include <gaitspace/runtime/status.h>

namespace gs {

// Rigid motion in the ground plane taking clip A's world to clip B's world (see above).
struct Alignment {
    float theta = 0.0f;  // radians about +Y
    float x0 = 0.0f;     // metres
    float z0 = 0.0f;     // metres

    glm::quat rotation() const;
    // rotateY(theta) * p + (x0, 0, z0): a point of A's world in B's world.
    glm::vec3 apply(const glm::vec3& p) const;
    // The alignment taking B's world back to A's world.
    Alignment inverse() const;
};

// The point-cloud window. Every distance in the match web, the timewarp and the loops uses it.
struct PointCloudSettings {
    float windowSeconds = 0.33f;  // seconds covered by a cloud; [0, 2]; default 0.33 (Kovar)

    Status validate() const;
    // Odd number of frames the window covers at a frame rate (>= 1).
    int sampleCount(float fps) const;
};

// Triangular weights of an odd-sized window: 1, 2, ..., h+1, ..., 2, 1 (centre heaviest).
std::vector<double> triangularWeights(int count);

// Weighted sums over corresponding point pairs (a in A's world, b in B's world) from which the
// best alignment and the remaining distance follow in closed form. Sums add, so windows can be
// built incrementally.
struct CloudSums {
    double w = 0.0;             // sum of weights
    double ax = 0.0, az = 0.0;  // sum w * a.xz
    double bx = 0.0, bz = 0.0;  // sum w * b.xz
    double dot = 0.0;           // sum w * (a.x b.x + a.z b.z)
    double cross = 0.0;         // sum w * (a.z b.x - a.x b.z)
    double squares = 0.0;       // sum w * (|a.xz|^2 + |b.xz|^2 + (a.y - b.y)^2)

    void add(const glm::dvec3& a, const glm::dvec3& b, double weight);
    // Inline: the match web updates its running window sums with these for every cell.
    CloudSums& operator+=(const CloudSums& o) {
        w += o.w, ax += o.ax, az += o.az, bx += o.bx, bz += o.bz;
        dot += o.dot, cross += o.cross, squares += o.squares;
        return *this;
    }
    CloudSums& operator-=(const CloudSums& o) {
        w -= o.w, ax -= o.ax, az -= o.az, bx -= o.bx, bz -= o.bz;
        dot -= o.dot, cross -= o.cross, squares -= o.squares;
        return *this;
    }
    // The alignment minimising sum w |b - (R a + t)|^2.
    Alignment alignment() const;
    // That minimum divided by the weight sum: mean squared point distance, m^2 (>= 0).
    double meanSquaredDistance() const;
};

// Best alignment of two corresponding clouds and the distance left after it.
struct CloudMatch {
    Alignment alignment;
    double theta = 0.0, x0 = 0.0, z0 = 0.0;  // the alignment in full precision
    double meanSquaredDistance = 0.0;        // m^2, weighted mean over the points
    double rmsDistance() const;              // metres
};

// Aligns cloud a onto cloud b (same size, corresponding points) with per-point weights (empty =
// all 1). The distance is evaluated point by point after the alignment, so it is exact to
// rounding even for clouds far from the origin.
CloudMatch matchClouds(std::span<const glm::dvec3> a, std::span<const glm::dvec3> b,
                       std::span<const double> weights = {});

}  // namespace gs

#pragma once
// Avoidance between characters: part of the optional navigation component
// (Gaitspace::navigation), made of DetourCrowd's obstacle avoidance (dtObstacleAvoidanceQuery,
// the velocity sampling DetourCrowd's agents use), its nearest neighbours found on a grid of cells.
//
// Each frame a game gives every character's root, its velocity now and the velocity it wants
// (toward the point ahead on its path: a character standing, or standing still for good, wants
// none and is an obstacle the others walk round). solve() returns, per character, the velocity
// nearest the one wanted that keeps it off its nearest neighbours (their velocities extrapolated
// over the horizon) and, with a Navigation, off the mesh's boundary edges. The direction of that
// velocity is what the character steers toward, and its length against the speed wanted is the
// pace to walk at (gs::Crowd: a goal along the direction; a slower style blended in, or a stop).
//
//   gs::Avoidance avoid(gs::AvoidanceSettings{});
//   each frame:  avoid.solve(agents, velocities, &navigation);
//
// Character k is the same one from call to call (its boundary edges are kept and found again
// once it has moved a quarter of the edge range, and with everyCalls > 1 its last sampled turn);
// a call with another count starts afresh.
// One Avoidance serves one thread at a time, as its Navigation does.

#include <memory>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include <gaitspace/runtime/status.h>

namespace gs {

class Navigation;

struct AvoidanceSettings {
    float radius = 0.3f;  // metres: each character's (the navigation agent's); (0, 5]
    // Metres within which neighbours are looked at (two walkers closing at 1.4 m/s each cover
    // 7 m in the default horizon); (0, 20].
    float neighbourRangeM = 6.0f;
    float edgeRangeM = 2.0f;  // metres within which the mesh's edges are looked at; (0, 20]
    int maxNeighbours = 6;    // nearest characters avoided; [1, 32]
    float horizonS = 2.5f;    // seconds over which collisions are looked for; (0, 10]
    // DetourCrowd's adaptive sampling: rings of directions refined `depth` times (DetourCrowd's
    // demo calls (5, 2, 1) low, (5, 2, 2) medium, (7, 2, 3) good, (7, 3, 3) high quality).
    int divisions = 5;  // [1, 32]
    int rings = 2;      // [1, 4]
    int depth = 2;      // [1, 8]
    // The weights of dtObstacleAvoidanceParams, DetourCrowd's defaults: the velocity wanted, the
    // velocity now, passing on the same side, and the time to the first collision; >= 0.
    float weightDesired = 2.0f;
    float weightCurrent = 0.75f;
    float weightSide = 0.75f;
    float weightCollision = 2.5f;
    // Each character's velocity is sampled on one solve() in this many, staggered (character k
    // on the calls where k and the call's count agree modulo it, so that a share of the crowd is
    // sampled each call); between, its wanted velocity is turned and scaled as avoidance turned
    // and scaled it when last sampled (a character with nothing to avoid walks as it wants),
    // unless it now wants to go more than 0.1 rad another way or is within half a metre of a
    // boundary edge (then it is sampled at once).
    // At 30 calls a second, 3 keeps a character's reaction within 0.1 s; [1, 8].
    int everyCalls = 1;

    Status validate() const;
};

// One character as avoidance sees it (world metres and metres per second; y is up and ignored).
struct AvoidanceAgent {
    glm::vec3 position{0.0f};
    glm::vec3 velocity{0.0f};  // now
    glm::vec3 desired{0.0f};   // wanted; zero for a character standing
};

class Avoidance {
public:
    // Settings that fail validate() leave the object refusing every solve() with their sentence.
    explicit Avoidance(const AvoidanceSettings& settings = {});
    Avoidance(Avoidance&&) noexcept;
    Avoidance& operator=(Avoidance&&) noexcept;
    ~Avoidance();

    const Status& status() const;
    const AvoidanceSettings& settings() const;

    // For every agent, the velocity to take (at most as fast as it wants; zero for one that wants
    // none) into `velocities` (one per agent). `navigation` (may be null): its boundary edges are
    // avoided as well. Refused: more than kMaxAgents agents, fewer velocities than agents, a
    // value that is not finite.
    static constexpr int kMaxAgents = 65535;
    Status solve(std::span<const AvoidanceAgent> agents, std::span<glm::vec3> velocities,
                 const Navigation* navigation = nullptr);

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

}  // namespace gs

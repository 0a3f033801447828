#pragma once
// Characters in a level: each is given goals on the level's navigation mesh, follows the shortest
// path (gaitspace/runtime/navigation.h) by steering with the goal-space steering toward a point a
// look-ahead distance along the path (so that the turn at a corner starts before the corner, as a
// person's does), and the run is scored: goals reached, wall contacts, distance walked against
// the shortest path. Same seed, same figures.

#include <cstdint>
#include <memory>
#include <vector>

#include <gaitspace/runtime/crowd.h>
#include <gaitspace/runtime/navigation.h>

#include "core/clip/clip.h"

namespace gs {

struct LevelSimulationSettings {
    // Random: every character starts and aims at random points of the mesh (on its island).
    // Crossing: each starts in the first fifth of the level along its longer side and aims at
    // the mirrored point in the last fifth, so that every path crosses the level.
    enum class Scenario { Random, Crossing };

    Scenario scenario = Scenario::Random;
    int characters = 1;  // [1, 1000]
    int goals = 10;      // per character, one after the other; [1, kMaxGoals]
    std::uint32_t seed = 7;
    float reachRadius = 0.5f;   // metres: a goal is reached this close; > 0
    float minGoalPathM = 3.0f;  // metres: random goals are at least this far along the mesh
    // Metres random goals keep from the mesh's edge: a character walks on through its goal and
    // turns toward the next, and needs room to turn; [0, 5].
    float goalClearanceM = 1.5f;
    float lookAheadM = 1.2f;       // metres along the path ahead of the character; [0.1, 10]
    float replanDistanceM = 1.0f;  // metres off the path before it is found afresh; > 0
    // Metres each inner corner of a path is moved away from the edge it turns round (where the
    // mesh is still under it), so that steering that cuts a corner a little stays on the mesh;
    // [0, 1].
    float cornerOffsetM = 0.3f;
    bool record = false;  // keep the first character's motion (root on the surface)
    // Feet on the level's surface (gaitspace/runtime/ground.h): the ground query the feet stand
    // on and are measured against; empty: the navigation mesh's detail mesh
    // (Navigation::groundQuery). LevelGround (core/level/level_ground.h) gives the level mesh's.
    GroundQuery ground;
    // false: no ground stage; the pose as on flat ground, carried at the height of the surface
    // under the root (what the figures compare with).
    bool feetOnGround = true;
    std::vector<float> styleWeights;  // per motion space; empty = the first space
    SteerSettings steer;
    LocomotionSettings locomotion;

    Status validate() const;
};

struct LevelSimulationResult {
    int goals = 0;  // goals set, over every character
    int reached = 0;
    int goalsMoved = 0;  // goals that were off the mesh and moved onto it
    float reachRate = 0.0f;
    // Character-frames whose root is off the navigation mesh, which keeps the agent's radius
    // from walls and drops: a root nearer a wall than the radius, or off the level.
    long wallContacts = 0;
    long characterFrames = 0;
    float minEdgeDistance = 0.0f;  // metres: the closest any root came to the mesh's edge
    // Per reached goal: distance walked on the ground / (the navigation mesh's shortest path from
    // where the goal was set, less the reach radius: the shortest way into the reach circle).
    std::vector<float> pathRatios;
    float pathRatio = 0.0f;     // their mean
    float pathRatioMax = 0.0f;  // their largest
    // Planted feet against the level's surface (foot_ground.h), centimetres, over every
    // character's planted foot-frames (plantedFootFrames of them).
    float footGroundP50 = 0.0f, footGroundP95 = 0.0f, footGroundMax = 0.0f;
    long plantedFootFrames = 0;
    // The same over the foot-frames on uneven ground (a ramp, a stair: foot_ground.h).
    float unevenP50 = 0.0f, unevenP95 = 0.0f, unevenMax = 0.0f;
    long unevenFootFrames = 0;
    float stanceSkate = 0.0f;  // cm/s, the toes' height taken above the surface (foot_ground.h)
    float seconds = 0.0f;      // simulated
    long frames = 0;
    Clip motion;  // when settings.record: the first character, its root on the level's surface
};

Expected<LevelSimulationResult> simulateLevel(std::shared_ptr<const BakedSpaceFile> baked,
                                              const Navigation& navigation,
                                              const LevelSimulationSettings& settings);

}  // namespace gs

#pragma once
// Characters in a level: each is given goals on the level's navigation mesh and follows the
// shortest path (gaitspace/runtime/navigation.h). Each frame its desired velocity points at a
// look-ahead distance along the path (so that the turn at a corner starts before the corner, as a
// person's does); DetourCrowd's obstacle avoidance (gaitspace/runtime/avoidance.h) turns it into
// a velocity that keeps off the other characters and the mesh's edges, whose direction becomes
// the goal-space steering's goal (a point along it; the crowd is told again only when the
// direction turns by more than a few degrees, so steering decides at its own start frames) and
// whose length the pace (a slower style blended in where the mix has one). The last goal is
// stopped on with the space's stop clips, and a character standing is an obstacle to the others.
// The run is scored: goals reached, wall contacts, overlaps between characters, distance walked
// against the shortest path. Same seed, same figures.

#include <cstdint>
#include <memory>
#include <vector>

#include <gaitspace/runtime/avoidance.h>
#include <gaitspace/runtime/crowd.h>
#include <gaitspace/runtime/navigation.h>

#include "core/clip/clip.h"
#include "core/level/level_steering.h"

namespace gs {

struct LevelSimulationSettings {
    // Random: every character starts and aims at random points of the mesh (on its island).
    // Crossing: the characters start on a triangular lattice (spaced for them all, 1.2 m down
    // to 2.5 radii apart) over the first 45 % of the level along its longer side, at least a
    // radius from the mesh's edge, and aim at the mirrored points of the last 45 % (the first
    // through the passage, from near it, given the furthest), so that every
    // path crosses the level through whatever passage joins its halves (the demo level's
    // doorway, its narrowest); then back, and so on.
    // Routes: character c starts at routes[c].first and aims at routes[c].second; then back.
    enum class Scenario { Random, Crossing, Routes };

    Scenario scenario = Scenario::Random;
    std::vector<std::pair<glm::vec3, glm::vec3>> routes;  // Routes: one per character
    int characters = 1;                                   // [1, 1000]
    int goals = 10;  // per character, one after the other; [1, kMaxGoals]
    std::uint32_t seed = 7;
    float reachRadius = 0.5f;   // metres: a goal is reached this close; > 0
    float minGoalPathM = 3.0f;  // metres: random goals are at least this far along the mesh
    // Metres random goals keep from the mesh's edge: a character walks on through its goal and
    // turns toward the next, and needs room to turn; [0, 5].
    float goalClearanceM = 1.5f;
    // Metres along the path ahead of the character. Nearer, path following pulls a character
    // that avoidance has moved off its path back across the way of one it is passing (two walking
    // at each other on a corridor's middle line touch with 1.2 m); [0.1, 10].
    float lookAheadM = 2.5f;
    // Metres either side of the straight way to the look-ahead point that must lie on the mesh as
    // well (else the look-ahead is shortened): near a wall, and through a doorway, the character
    // aims closer along its path, so that steering's turn does not cut the wall's corner; [0, 1].
    float aimMarginM = 0.3f;
    float replanDistanceM = 1.0f;  // metres off the path before it is found afresh; > 0
    // Metres each inner corner of a path is moved away from the edge it turns round (where the
    // mesh is still under it), so that steering that cuts a corner a little stays on the mesh;
    // [0, 1].
    float cornerOffsetM = 0.3f;
    // Avoidance between characters (and of the mesh's edges); its radius is the level's agent
    // radius. Off: each walks its path as if alone.
    bool avoid = true;
    AvoidanceSettings avoidance;
    // Characters that still meet pushed apart, and those pressed off the mesh pushed back onto it
    // (level_collision.h). Off: only avoidance keeps them apart.
    bool collide = true;
    // A character held in a queue it cannot slow behind waits where it stands
    // (LevelSteeringSettings::waitBelowPace). Off: it walks on round the queue.
    bool wait = true;
    // Random goals: each drawn with the one before, so that a character walking through a goal
    // turns toward the next early (LevelSteeringSettings::turnEarly). Off: it turns once there.
    bool turnEarly = true;
    float maxSeconds = 0.0f;  // simulated seconds run at most; 0 = the authoring limit's
    bool record = false;      // keep the first character's motion (root on the surface)
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
    // The path following and avoidance of these settings (level_steering.h).
    LevelSteeringSettings steering() const;
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
    // Character-frames with another character's root nearer than two agent radii, and their
    // share of the character-frames (characters done with their goals count as others).
    long overlaps = 0;
    long waits = 0;  // times a character stopped to wait in a queue
    // One that avoidance sent back the way it came was held (LevelSteering::holdsSentBack).
    bool holdSentBack = false;
    float overlapFraction = 0.0f;
    // Seconds (simulated) at which the last character finished its last goal (reached or given
    // up: reach_rate says which).
    float lastArrivalS = 0.0f;
    float minEdgeDistance = 0.0f;  // metres: the closest any root came to the mesh's edge
    // Per reached goal: distance walked on the ground / (the navigation mesh's shortest path from
    // where the goal was set, less the reach radius: the shortest way into the reach circle).
    std::vector<float> pathRatios;
    float pathRatio = 0.0f;     // their mean
    float pathRatioMax = 0.0f;  // their largest
    // Per reached goal: the turn from the character's heading to its path's first leg when the
    // goal was set (radians; 0 for a first goal, faced), and the mean ratio of those within a
    // quarter turn: the path followed, without the loop a walk through one goal makes to turn
    // round to the next behind it.
    std::vector<float> startTurns;
    float pathRatioAhead = 0.0f;
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
    // Wall-clock seconds (one thread) after the first second simulated: in Crowd::update, and in
    // the level's part (paths, the surface under each root, avoidance, the crowd's goals; the
    // scoring excluded). For benchmarks; the only figures that are not the same run to run.
    double updateSeconds = 0.0;
    double levelSeconds = 0.0;
    long timedCharacterFrames = 0;
    Clip motion;  // when settings.record: the first character, its root on the level's surface
};

Expected<LevelSimulationResult> simulateLevel(std::shared_ptr<const BakedSpaceFile> baked,
                                              const Navigation& navigation,
                                              const LevelSimulationSettings& settings);

}  // namespace gs

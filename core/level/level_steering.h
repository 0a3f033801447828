#pragma once
// LevelSteering: characters of one gs::Crowd walking the shortest paths of a level's navigation
// mesh, with avoidance between them. It is the steering simulate --level scores
// (level_simulation.h) and the window's live run shows with several characters.
//
// Each frame, after the crowd's update: observe() every character (where it is, its velocity over
// the frame, the surface under it), give those still walking the velocity they want (want():
// toward the look-ahead point of the path, gaitspace/runtime/navigation.h), then steer() them all
// at once: DetourCrowd's obstacle avoidance (gaitspace/runtime/avoidance.h) turns the wanted
// velocities into ones that keep off the other characters and the mesh's edges; the direction of
// each becomes the goal-space steering's goal (a point a few metres along it; the crowd is told
// again only when it turns by more than a few degrees, and for a character the crowd holds back
// no more than every few frames, so steering decides at its own start frames) and its length the
// pace (the slowest style blended into the style given, in quarters).
// Within a few metres of its goal, on the path's last leg, while avoidance leaves its way near the
// path's, a character aims at the goal itself, stopped on when it is its last (else walked
// through). One walking through a goal whose next is known (setGoal's `then`) turns toward the next
// early: it comes in beside the goal on the outside of the turn and begins the turn where the
// turn's arc passes within reach of the goal (docs/cli.md, simulate --level).
// One held in a queue that it cannot slow behind stops and waits a few seconds at most: with its
// style's shortest stop, played where it is, when the one ahead holding it stands or walks its way
// (a queue; across or against it, and for a style without stops, it walks round the spot
// instead).
// A character done (finish()) stands and is an obstacle to the others.
//
//   LevelSteering steering(crowd, navigation, settings, dt, speed);
//   steering.setGoal(walker, goal, last);               // a path from where it stands
//   each frame: crowd.update(dt); observe(w) and want(w) for each; steering.steer(walkers);

#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include <gaitspace/runtime/avoidance.h>
#include <gaitspace/runtime/crowd.h>
#include <gaitspace/runtime/navigation.h>

#include "core/level/level_collision.h"
#include "core/runtime/point_grid.h"

namespace gs {

struct LevelSteeringSettings {
    NavFollowSettings follow;
    // Avoidance between characters (and of the mesh's edges); its radius is the level's agent
    // radius. Off: each walks its path as if alone.
    bool avoid = true;
    AvoidanceSettings avoidance;
    // Characters kept apart and on the mesh after avoidance (level_collision.h).
    LevelCollisionSettings collision;
    // Seconds between two samplings of one character's avoidance (the crowd's share sampled each
    // frame, staggered; AvoidanceSettings::everyCalls is set from it and the frame's length):
    // the longest it takes a character to react to a neighbour; [0, 0.25] (0: every frame).
    float avoidEveryS = 0.1f;
    // A character that cannot slow further (its slowest style) and that avoidance holds below
    // this share of its wanted speed stops where it is and waits, as a person in a queue does,
    // until avoidance leaves it goOnPace or more, or for waitAtMostS at most; it then walks on
    // (pushing, with collision) for pushOnS before it may wait again, so that none waits for
    // ever behind those who wait for it. waitBelowPace in [0, 1] (0: never waits), goOnPace in
    // [waitBelowPace, 1], seconds in [0, 60]. Walking round and round a crowd it cannot slow
    // behind made the demo level's 200 crossing a minute longer on some seeds (docs/cli.md).
    float waitBelowPace = 0.25f;
    float goOnPace = 0.6f;
    float waitAtMostS = 3.0f;
    float pushOnS = 2.0f;
    // Metres from a goal within which it is reached (the caller's rule): a goal walked through on
    // to a next one already known (LevelWalker::then) is turned away from early, where the turn
    // toward the next still passes this near it; > 0.
    float reachRadius = 0.5f;
    // Off: a goal walked through is turned away from once reached, its next ignored.
    bool turnEarly = true;
};

// A goal walked through on to a known next one, turned toward early (LevelSteering::setGoal's
// `then`): within a turn's reach of the goal the character comes in beside it on the outside of
// the turn (`approaching`, aimed at `entry`) and turns toward the next (`turning`: its path leads
// there while the goal is yet to be reached) where the turn passes within reach of the goal; one
// that passes it out of reach turns back to it (`missed`) and does not try again.
struct LevelEarlyTurn {
    std::optional<glm::vec3> then;  // the next goal, on the mesh
    glm::vec2 way{0.0f};            // the way on from the goal toward it (its path's first leg)
    bool approaching = false;
    glm::vec2 entry{0.0f};  // where the turn's arc begins (the goal itself when none is found)
    glm::vec2 wayIn{0.0f};  // the way in to the goal when the approach began
    bool turning = false;
    bool missed = false;
    bool hold = false;     // the turn, at its rate, would pass the goal out of reach: aim at it
    float side = 0.0f;     // 1 left, -1 right
    float heading = 0.0f;  // radians: the heading at the turn's last frame
    float rate = 0.0f;     // radians a second it turns at (left positive), smoothed
    float nearest = 0.0f;  // metres: the nearest the goal came since the turn began
};

// One character's way through the level, as LevelSteering keeps it.
struct LevelWalker {
    CharacterId id;
    std::optional<NavPathFollower> follow;  // its path (set with its first goal)
    glm::vec3 goal{0.0f};                   // on the mesh
    bool lastGoal = false;     // the goal is stopped on (else walked through on to the next)
    LevelEarlyTurn early;      // toward the goal after this one, when it is known
    bool done = false;         // standing for good: wants no velocity, is not steered
    float y = 0.0f;            // the surface height under the root
    glm::vec2 last{0.0f};      // the root on the ground at the last observe()
    glm::vec2 velocity{0.0f};  // m/s over the last frame
    glm::vec2 desired{0.0f};   // this frame's wanted velocity
    glm::vec2 steered{0.0f};   // the goal last given to the crowd
    bool direct = false;       // ... was the goal itself
    float sinceTold = 0.0f;    // seconds since a direction was last given to the crowd
    float pace = 1.0f;         // the share of the reference speed last asked for
    bool onMesh = true;        // the root is over the navigation mesh
    glm::vec2 pushed{0.0f};    // the push LevelCollision gave it at the last frame (metres)
    bool waiting = false;      // stopped where it was, for the way to clear
    bool stopAsked = false;    // ... with a stop of its style, not yet begun
    float waitClock = 0.0f;    // seconds waited (< 0: walking on, not to wait until 0)
    // LevelCollision's note of the mesh round it: the distance to the mesh's edge found at
    // clearAt (< 0: none), so that a root well inside is not put back onto the mesh each round.
    glm::vec3 clearAt{0.0f};
    float clear = -1.0f;
};

class LevelSteering {
public:
    // `dt`: seconds a frame; `speed`: the straight speed wanted (m/s; at least 0.5 is used).
    LevelSteering(Crowd& crowd, const Navigation& navigation, const LevelSteeringSettings& settings,
                  float dt, float speed);

    // The style the characters walk in (one weight per motion space): the pace blends the
    // slowest style into it (when it holds another).
    void setStyleWeights(std::span<const float> weights);
    // A new goal for `w`: the path from where it stands (last, y); its goal moved onto the mesh
    // (the path says so); `last`: stopped on. Refused, saying why, when there is no path.
    // `then`: the goal after this one, when known (walked through on to it, turning early).
    Expected<NavPath> setGoal(LevelWalker& w, const glm::vec3& goal, bool last,
                              std::optional<glm::vec3> then = std::nullopt);
    // After the crowd's update: where `w` is, its velocity, the surface under it; the metres it
    // moved over the frame.
    float observe(LevelWalker& w);
    // The velocity `w` wants this frame: toward its path's look-ahead point.
    void want(LevelWalker& w);
    // `w` is done: it stops on its goal (with its stop clip when it aims at it) or, reached on
    // the way or given up, a metre on along the way it walks, and stands.
    Status finish(LevelWalker& w);
    // `w`, on its last goal, stands out of reach of it (`reach` metres: its stop ended short,
    // pushed as it stopped): sent to it again from where it stands. Nothing otherwise.
    Status sendAgainIfShort(LevelWalker& w, float reach);
    // Avoidance over every walker, and the crowd told what it decided for those not done.
    Status steer(std::span<LevelWalker* const> walkers);

    float speed() const { return m_speed; }
    float radius() const { return m_radius; }
    long waits() const { return m_waits; }  // times a character stopped to wait, so far
    // Whether one that avoidance sends back the way it came is held (a style without stops whose
    // slowest turns round within 0.75 m: docs/cli.md).
    bool holdsSentBack() const { return m_holdSentBack; }

private:
    Status steer(LevelWalker& w, const glm::vec2& velocity);
    void turnEarly(LevelWalker& w);
    void approach(LevelWalker& w);
    void followTurn(LevelWalker& w);
    glm::vec2 turnSide(const LevelWalker& w, const glm::vec2& direction) const;
    void setPace(LevelWalker& w, float pace);
    bool wait(LevelWalker& w, float pace);
    bool inQueue(const LevelWalker& w);
    bool backingOffHelps(const LevelWalker& w);
    template <class Visit>
    void forEachNear(const LevelWalker& w, float radius, Visit&& visit);
    Status stopHere(LevelWalker& w);

    Crowd& m_crowd;
    const Navigation& m_nav;
    LevelSteeringSettings m_settings;
    const float m_dt;
    const float m_speed;
    const float m_radius;
    Avoidance m_avoidance;
    LevelCollision m_collision;
    std::vector<AvoidanceAgent> m_agents;
    std::span<LevelWalker* const> m_walkers;  // during steer(): every walker
    // ... by where they stand, for the few rules that look at those near one (built when first
    // asked in a steer()).
    std::vector<glm::vec2> m_standing;
    detail::PointGrid m_near;
    bool m_nearBuilt = false;
    std::vector<glm::vec3> m_velocities;
    std::vector<float> m_user;    // the style weights given
    int m_slowest = 0;            // the slowest style
    bool m_canSlow = false;       // the mix has a slower style to blend in
    int m_stopSpace = -1;         // the stop a waiting character plays (-1: none)
    bool m_holdSentBack = false;  // one that avoidance sends back the way it came is held
    int m_stopClip = -1;
    float m_waitBelow = 0.0f;              // LevelSteeringSettings::waitBelowPace, clamped
    float m_goOn = 0.0f;                   // ... goOnPace
    float m_waitAtMost = 0.0f;             // ... waitAtMostS
    float m_pushOn = 0.0f;                 // ... pushOnS
    float m_reach = 0.5f;                  // ... reachRadius
    float m_turnRadius[2] = {0.0f, 0.0f};  // metres: the turn an early turn assumes (right, left;
                                           // 0: none that way)
    long m_waits = 0;
};

// The straight speed of the reference clips of `space`'s motion spaces mixed by `weights` (one
// per motion space, >= 0; their sum `sum`, taken as 1 when smaller), m/s.
float referenceSpeed(const BakedBehavioralSpace& space, std::span<const float> weights, float sum);

// A point of the mesh, uniform over the level's bounds (tried until one lies on the mesh; the
// mesh's point nearest the bounds' centre after 1000 tries).
glm::vec3 randomMeshPoint(const Navigation& navigation, std::mt19937& rng);

// A random point of the mesh at least `clearanceM` from its edge and `minPathM` along the mesh
// from `from` (200 tries), or why there is none.
Expected<glm::vec3> randomMeshGoal(const Navigation& navigation, const glm::vec3& from,
                                   float clearanceM, float minPathM, std::mt19937& rng);

// A character's next random goal and the one after it, so that it knows where it turns next:
// `known` (drawn with the goal before) or one drawn from `from`, then, when `more`, one drawn from
// that goal (none when no goal is far enough from it). Both as randomMeshGoal draws them.
struct RandomGoals {
    glm::vec3 goal{0.0f};
    std::optional<glm::vec3> then;
};
Expected<RandomGoals> nextRandomGoals(const Navigation& navigation,
                                      const std::optional<glm::vec3>& known, const glm::vec3& from,
                                      bool more, float clearanceM, float minPathM,
                                      std::mt19937& rng);

// Metres as a sentence gives them: "0.75", "3".
std::string metresText(float metres);

// Seconds a character is given for a goal `pathM` metres along the mesh at `speed` m/s with
// `others` other characters about: three times the walk, 10 s more, and half a second per other
// (a crowd queues at a doorway). A goal not reached by then is given up.
float goalBudgetSeconds(float pathM, float speed, int others);

}  // namespace gs

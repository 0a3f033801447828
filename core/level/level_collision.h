#pragma once
// LevelCollision: what keeps characters in a level apart and off its walls once avoidance has had
// its say. Avoidance chooses velocities, but the clips turn and slow only as fast as they were
// captured, and in a crowd at a doorway the others press in: left alone, characters meet and are
// pressed off the navigation mesh. As a game's character controller does, each frame every
// character's next root (where it is moved on by its own motion of the last frame) is kept two
// radii from the others' (both pushed apart, half each, also one standing: it steps aside) and
// on the navigation mesh (moved back onto it, a margin in), in a few rounds; the crowd then moves
// each by what its root was moved (Crowd::push), its planted feet staying where they are while the
// foot lock takes up the move.
//
// LevelSteering does it at the end of its steer():
//
//   LevelCollision collision(crowd, navigation, dt, settings);
//   each frame, after avoidance: collision.resolve(walkers);

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include <gaitspace/runtime/crowd.h>
#include <gaitspace/runtime/navigation.h>

#include "core/runtime/point_grid.h"

namespace gs {

struct LevelWalker;  // level_steering.h

struct LevelCollisionSettings {
    bool enabled = true;
    int rounds = 4;           // of pushing apart and back onto the mesh; 1-16
    float maxPushMps = 4.0f;  // the fastest a character is pushed (m/s; a jog head-on); (0, 10]
    // Metres kept beyond two radii, and inside the mesh's edge: what the next frame's motion may
    // differ from the last's (more toward a wall, which a crowd presses on); [0, 0.5].
    float slackM = 0.08f;
    float edgeMarginM = 0.12f;
    Status validate() const;
};

class LevelCollision {
public:
    LevelCollision(Crowd& crowd, const Navigation& navigation, float dt,
                   LevelCollisionSettings settings = {});

    // Every walker's next root kept off the others' and on the mesh; the crowd told.
    Status resolve(std::span<LevelWalker* const> walkers);

private:
    void predict(std::span<LevelWalker* const> walkers);
    void findPairs();
    void pushApart();
    void keepOnMesh();

    Crowd& m_crowd;
    const Navigation& m_nav;
    const float m_dt;
    const LevelCollisionSettings m_settings;
    const float m_radius;
    std::vector<glm::vec2> m_next;      // each walker's next root, as it is being moved
    std::vector<glm::vec2> m_start;     // ... as predicted
    std::vector<float> m_y;             // the surface under it
    std::vector<std::uint8_t> m_moved;  // moved since last put back onto the mesh
    // Where the mesh lies all round with the margin: within m_freeRadius of m_freeAt (from the
    // walkers' notes), where a root needs no putting back.
    std::vector<glm::vec2> m_freeAt;
    std::vector<float> m_freeRadius;
    detail::PointGrid m_grid;                  // the walkers by their next root's cell
    std::vector<std::pair<int, int>> m_pairs;  // walkers near enough to meet
};

}  // namespace gs

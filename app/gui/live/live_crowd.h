#pragma once
// LiveCrowd: several characters of the live run walking a level at once, in the run's one
// gs::Crowd, with the CLI's level steering (core/level/level_steering.h: paths on the navigation
// mesh, DetourCrowd's avoidance between them, the pace). The first character is the run's own:
// its goal is the user's (stopped on, and walked on to again when a push ends its stop short of
// it; then it stands until given another); the others start at random points of the mesh (two
// agent radii clear of every character) and walk to random goals on it, a new one each time one
// is reached or its time is up (as simulate --level's). Each frame the others' poses are kept as
// the frames of one clip (others()) for the view to draw. No Qt here beyond what the live run
// uses: it is the live run's state, not the document.

#include <memory>
#include <random>
#include <vector>

#include "core/clip/clip.h"
#include "core/level/level_steering.h"

namespace gs {

struct LiveLevel;

class LiveCrowd {
public:
    static constexpr int kMaxCharacters = 50;

    // `first`: the run's character, already in `crowd`; `styleWeights`: the style they walk in.
    LiveCrowd(Crowd& crowd, const LiveLevel& level, CharacterId first,
              std::span<const float> styleWeights, std::uint32_t seed = 7);
    ~LiveCrowd();

    // Characters in all, the first among them: others added (at random points) or removed;
    // clamped to [1, kMaxCharacters].
    Status resize(int characters);
    int size() const { return static_cast<int>(m_walkers.size()); }
    // The style every character walks in (the user's); the pace blends the slowest in.
    void setStyleWeights(std::span<const float> weights);
    // The first's goal (from where it stands): its path, or why there is none (it stands).
    Expected<NavPath> setGoal(const glm::vec3& goal);
    // The first is steered by someone else (a scripted goal): it is an obstacle the others
    // avoid, not steered here; false gives it back its goal.
    void setFirstSteered(bool steered);
    // One frame, after the crowd's update: new goals for the others that reached theirs, the
    // first stopped on its own, every one steered; then others() is filled.
    Status frame();

    // The first's path (its corners) on the mesh.
    const std::vector<glm::vec3>& path() const;
    // The others' poses now: frame k is character k + 1 (its local pose, its root).
    const Clip& others() const { return m_others; }
    // Each character's root on the ground (x, z) and its goal, the first's first.
    std::vector<glm::vec2> positions() const;
    std::vector<glm::vec2> goals() const;
    CharacterId id(int k) const { return m_walkers[k].id; }
    float agentRadius() const { return m_steering.radius(); }

private:
    Status addOther();
    glm::vec3 clearStart();
    Status addOtherAt(const glm::vec3& start);
    Status nextGoal(int k);
    void fillOthers();

    Crowd& m_crowd;
    const LiveLevel& m_level;
    LevelSteering m_steering;
    std::mt19937 m_rng;
    std::vector<LevelWalker> m_walkers;  // the first's first
    std::vector<long> m_goalFrame;       // the frame each goal was set
    std::vector<float> m_budget;         // seconds allowed for it
    std::vector<float> m_user;           // the style weights
    bool m_firstSteered = true;
    long m_frame = 0;
    Clip m_others;
};

}  // namespace gs

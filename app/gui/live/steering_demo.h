#pragma once
// SteeringDemo: one character of a built behavioral space steering toward a goal, live.
//
// What it runs is built off the GUI thread by buildLiveRun() (the project's spaces baked with
// their goal spaces and settings: project_bake.h, as the CLI bakes them); the character then
// runs in a gs::Crowd, the runtime's one character API. step() advances it one frame and appends
// the pose to motion(), which the viewport plays. The goal can be set at any time; once it is
// reached the demo sets a new one nearby so the character keeps walking.

#include <QObject>

#include <functional>
#include <map>
#include <memory>
#include <optional>

#include "app/gui/live/live_crowd.h"
#include "app/project/project.h"
#include <gaitspace/runtime/crowd.h>
#include <gaitspace/runtime/navigation.h>
#include "core/character/skinned_mesh.h"
#include "core/level/level_ground.h"
#include "core/evaluation/simulation.h"
#include "core/spaces/behavioral_space.h"

namespace gs {

// A level the live run walks in: its mesh as drawn and its navigation mesh.
// Its mesh's own surface is the ground the character's feet are put on (LevelGround: stairs'
// treads exactly, where the navigation mesh's detail mesh makes a slope of them).
struct LiveLevel {
    QString name;  // the mesh's file name
    std::shared_ptr<const SkinnedMesh> drawn;
    Navigation navigation;
    LevelGround ground;
};

class SteeringDemo : public QObject {
    Q_OBJECT
public:
    // What buildLiveRun() makes on a worker thread.
    struct Built {
        std::shared_ptr<const BakedSpaceFile> baked;
        QStringList warnings;                          // the project's entry errors
        std::map<QString, std::pair<int, int>> trims;  // clip id -> (trim in, out) as built
        // What the build chose per space (each clip's loop window and why, turning-range
        // warnings) and the spaces it could not build, with the reason, once each.
        BehavioralSpaceNotes notes;
        // The project's level, when it names one that could be read and baked (else why not is
        // in warnings, and the run is on the open ground).
        std::shared_ptr<const LiveLevel> level;
    };
    // A run of `built` (status() says why it cannot run, if it cannot).
    SteeringDemo(std::shared_ptr<const Built> built, bool naive, QObject* parent = nullptr);
    ~SteeringDemo() override;
    Status status() const { return m_status; }
    bool isReady() const { return m_crowd != nullptr; }

    void step();
    const Clip& motion() const { return m_motion; }
    // The level the character walks in (null = the open ground).
    const LiveLevel* level() const { return m_level.get(); }
    // With a level: the navigation mesh's shortest path from the character to the goal (its
    // corners, found again whenever the goal is set), or why there is none (another island);
    // empty without a level.
    const std::vector<glm::vec3>& path() const { return m_path; }
    const QString& pathProblem() const { return m_pathProblem; }
    // The height of the level's highest surface over a ground point (0 off the level or without
    // one).
    float surfaceHeight(const glm::vec2& point) const;
    glm::vec2 goal() const { return m_goal; }
    // A goal that stands still (placed by a drag or a click, or the mouse in FollowMouse).
    void setGoal(const glm::vec2& goal);
    // How the goal moves: Place keeps the goal where it was put (the character loops back
    // through it once reached); the scripted modes move it along a circle, a zigzag or a figure
    // eight about where the character is when the mode is chosen, at 0.6 x its straight speed.
    enum class GoalMode { Place, FollowMouse, Circle, Zigzag, Figure8 };
    void setGoalMode(GoalMode mode);
    GoalMode goalMode() const { return m_goalMode; }
    int reachedGoals() const { return m_reached; }
    float distanceToGoal() const;
    // Walking, stopping, standing or starting (a space with stops arrives on a placed goal).
    QString motionState() const;
    // Why a goal that stands still is walked through rather than stopped on: no space that holds
    // the character's style weight has stops ("jog has no stops"); empty when the character can
    // stop on it, or when the goal moves by itself.
    QString walksOnReason() const;
    // Weight of the last motion space against the first (0 = all the first space).
    void setStyleMix(float mix);
    // Style targets, one per space (normalized).
    void setStyleTargets(const std::vector<float>& targets);
    // How style weights move: by at most `increment` per frame, or over `seconds` when > 0.
    void setStyleTransition(float increment, float seconds);
    // Live figures: style weights and blend per space, the master phase (frames), the foot skate
    // of the last two seconds (cm/s, toes near the floor), and seconds run.
    std::vector<float> styleWeights() const;
    // The style targets the weights move toward now (steering's when it borrows or keeps pace).
    std::vector<float> styleTargets() const;
    std::vector<float> blends() const;
    float phase() const;
    float liveFootSkate() const { return m_liveSkate; }
    double seconds() const;
    // The steer-space samples bracketing the chosen blend (world x, z), for drawing.
    std::vector<glm::vec2> chosenSamples() const;
    void setNaive(bool naive);
    // Steering keeps the user's style (no borrowed tighter turn; SteerSettings).
    void setKeepStyle(bool keep);
    QStringList spaceNames() const;
    // The steer space (world XZ) of the last steering decision, and a status line.
    std::vector<glm::vec2> fan() const;
    QString statusLine() const;
    const Crowd* crowd() const { return m_crowd.get(); }
    CharacterId character() const { return m_character; }

    // Characters walking at once (1 to LiveCrowd::kMaxCharacters): with a level, the others
    // walk to random goals of its navigation mesh, avoiding each other and this one (LiveCrowd);
    // without a level only the one runs (the count is kept for a level). Not the document.
    void setCharacters(int characters);
    // Characters running now (1 without a level).
    int characters() const;
    // The others as LiveCrowd keeps them (their poses, roots and goals); null when one runs.
    const LiveCrowd* others() const { return m_others.get(); }

    // The cycles the built space loops for clip `id` (a project clip id): where each begins
    // and the looped range, in frames of the clip as the build read it (trimmed, at the space's
    // rate `fps`), with that trim (source frames; -1 = none). Empty when the clip is not in the
    // built space.
    struct BuiltCycles {
        std::vector<int> starts;
        int loopStart = 0, loopEnd = 0;
        float fps = 30.0f;
        int trimIn = -1, trimOut = -1;
        // The source frames the loop was chosen in (window.first .. last, at `fps`, of the clip
        // as trimmed) and why (window.reason); a trim overrides the choice ("as trimmed").
        LoopWindow window;
        bool windowKnown = false;
    };
    std::optional<BuiltCycles> builtCycles(const QString& id) const;
    // A clip of the build renamed in the project since: builtCycles() answers to the new name.
    void renameClip(const QString& from, const QString& to);

    // The user's style targets are borrowed by steering now (a slower style's tighter turn):
    // the targets the user set, else empty.
    std::optional<std::vector<float>> overriddenStyle() const;

    // What the build chose and could not build (Built::notes).
    const BehavioralSpaceNotes& notes() const { return m_notes; }
    // The build's notes on a space of the project, by name: its turning-range warnings, or why it
    // was not built; empty when it was built without a remark (or is not in the build).
    QStringList spaceNotes(const QString& space) const;

private:
    void findPath();
    // With a level: the crowd's goal set to the path's look-ahead point (walked through), or to
    // the goal itself once the path ends within the look-ahead (arrived at as without a level).
    void followPath();

    Status m_status = Status::ok();
    std::shared_ptr<const LiveLevel> m_level;
    std::optional<NavPathFollower> m_follower;
    std::vector<glm::vec3> m_path;
    QString m_pathProblem;
    std::unique_ptr<Crowd> m_crowd;
    std::unique_ptr<LiveCrowd> m_others;             // after m_crowd: gone first (it refers to it)
    int m_characters = 1;                            // asked for (applied with a level)
    std::map<QString, std::pair<int, int>> m_trims;  // by project clip id (renames followed)
    std::map<QString, QString> m_builtNames;         // project clip id -> its name in the build
    BehavioralSpaceNotes m_notes;
    CharacterId m_character = kNoCharacter;
    glm::vec2 m_goal{0.0f, 6.0f};
    bool m_naive = false;
    Clip m_motion;
    GoalMode m_goalMode = GoalMode::Place;
    std::optional<MovingGoal> m_mover;
    glm::vec2 m_moverOrigin{0.0f};
    bool m_atGoal = false;
    float m_liveSkate = 0.0f;  // within reach of the goal (counted once until it leaves again)
    int m_reached = 0;
};

}  // namespace gs

namespace gs {

// Bakes `project` (its spaces, goal spaces and settings) for a live run, on the calling thread
// (a worker); `stage` hears each stage (what, done, of total). Inside a CancelScope it stops with
// Status::cancelled().
// Reads and bakes the project's level for a live run (project_level.h): its mesh as drawn and
// its navigation mesh; refused, naming the file and the cause, as bakeProjectLevel is.
Expected<std::shared_ptr<const LiveLevel>> buildLiveLevel(const Project& project);

Expected<std::shared_ptr<SteeringDemo::Built>> buildLiveRun(
    const Project& project, const std::function<void(const QString&, int, int)>& stage);

}  // namespace gs

#pragma once
// Crowd: the one way to drive characters with a baked space. A game, the CLI, the GUI, the
// benchmarks and the tests all go through it; nothing else runs the steering and locomotion loop.
//
//     auto baked = gs::loadGSpace("walk_jog.gspace");           // or a project's bake
//     gs::Crowd crowd(std::make_shared<const gs::BakedSpaceFile>(std::move(*baked)));
//     const gs::CharacterId hero = *crowd.add(gs::GroundFrame{0, 0, 0});
//     if (gs::Status s = crowd.setGoal(hero, {4.0f, 6.0f}); !s) ...
//     (void)crowd.setStyleTargets(hero, std::array{0.5f, 0.5f});   // half walk, half jog
//     each frame:  crowd.update(dt);  then read *crowd.skinningMatrices(hero) ...
//
// Ids. Every call that takes a CharacterId refuses an id that names no character of this crowd
// with a Status (the queries with an Expected), naming the id: one never added, and one whose
// character was removed, whatever came after it. An id carries its slot's generation, so a new
// character in a reused slot has another id.
//
// Time. The blending core advances in whole frames of the space's rate (30 fps for the CMU
// clips): every frame crossed by update(dt) runs steering and then the locomotion update (with
// foot lock) for every character. What update() shows is sampled between the last two of those
// frames at the current time, so the pose, root and matrices move smoothly at any frame rate, and
// the motion does not depend on dt: at 30, 60 or 144 Hz or with a jittery dt of 4-50 ms, the
// character at time t is where the 30 Hz run puts it, linear between its frames (tst_crowd asserts
// the root within 1 mm and every joint within 0.1 degree; it measures 2 um and 0.001 degree). The
// shown pose is the frame at t, so a goal set now is first acted on at the next whole frame.
// A dt longer than kMaxStepsPerUpdate frames is cut to that many (a stall does not make the
// characters run through walls, nor the next update take seconds).
//
// Storage. Characters live in dense arrays (a removed one is replaced by the last); ids stay
// valid until their character is removed. add() allocates when the arrays grow (reserve() ahead
// for none); update() allocates nothing and gives the same result for the same calls, on any
// number of threads.
//
// Threads. setThreads(n) spreads each update over n threads (the caller's and n - 1 workers of
// std::jthread, started once), each taking a contiguous range of characters.
//
// Settings come from the baked space (its LocomotionSettings and SteerSettings); a space baked
// without goal spaces plays, but cannot steer (setGoal is then refused).

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <thread>
#include <vector>

#include <gaitspace/runtime/arrival_job.h>
#include <gaitspace/runtime/ground.h>
#include <gaitspace/runtime/gspace.h>
#include <gaitspace/runtime/locomotion.h>
#include <gaitspace/runtime/steering.h>

namespace gs {

// A character of a Crowd: the slot it occupies in the crowd's id table and that slot's
// generation, in 32 bits (the C API's uint32_t, gaitspace/runtime.h). Removing a character moves
// its slot to the next generation, so its id is refused from then on, also once the slot holds
// another character; a slot whose generation would wrap is retired, never used again. The value
// of kNoCharacter is never a character's.
class CharacterId {
public:
    static constexpr int kSlotBits = 20;
    static constexpr std::uint32_t kSlotMask = (1u << kSlotBits) - 1u;
    static constexpr std::uint32_t kMaxGeneration = 0xffffffffu >> kSlotBits;
    // Characters a crowd holds at most (slot kSlotMask is kNoCharacter's).
    static constexpr std::uint32_t kMaxCharacters = kSlotMask;

    constexpr CharacterId() = default;  // kNoCharacter
    constexpr CharacterId(std::uint32_t slot, std::uint32_t generation)
        : m_value((generation << kSlotBits) | (slot & kSlotMask)) {}
    static constexpr CharacterId fromValue(std::uint32_t value) {
        CharacterId id;
        id.m_value = value;
        return id;
    }
    constexpr std::uint32_t value() const { return m_value; }
    constexpr std::uint32_t slot() const { return m_value & kSlotMask; }
    constexpr std::uint32_t generation() const { return m_value >> kSlotBits; }
    friend constexpr bool operator==(CharacterId, CharacterId) = default;

private:
    std::uint32_t m_value = 0xffffffffu;
};
inline constexpr CharacterId kNoCharacter{};

struct CrowdSettings {
    enum class Controller { GoalSpace, Naive };
    Controller controller = Controller::GoalSpace;  // Naive: the baseline (NaiveSteerJob)
    float naiveGain = 0.3183f;                      // blend per radian, for Naive
    // Outputs: local poses, roots and model-space transforms (rotation + translation) always;
    // these as 4x4 matrices, and skinning matrices (model x inverse bind), when asked for.
    bool modelMatrices = false;
    bool skinningMatrices = false;  // needs modelMatrices and setInverseBindMatrices()
    bool steerFans = false;         // keep each character's last steer space for drawing
    static constexpr int kMaxStepsPerUpdate = 8;
    Status validate() const;
};

class Crowd {
public:
    // `baked` must pass its validate() (loadGSpace's result does). `settings` may replace the
    // baked locomotion and steering settings (tools compare them; a game keeps the baked ones).
    explicit Crowd(std::shared_ptr<const BakedSpaceFile> baked, CrowdSettings settings = {});
    ~Crowd();
    Crowd(const Crowd&) = delete;
    Crowd& operator=(const Crowd&) = delete;

    // Why the crowd cannot run (a space that does not validate); ok otherwise.
    const Status& status() const { return m_status; }
    const BakedSpaceFile& baked() const { return *m_baked; }
    const BakedBehavioralSpace& space() const { return m_baked->space; }
    bool canSteer() const { return !m_steering.goalSpaces.empty(); }
    int jointCount() const { return m_joints; }
    float fps() const { return m_baked->space.fps; }
    // Overrides of the baked settings (validated; the old ones stay on error).
    Status setLocomotionSettings(const LocomotionSettings& settings);
    Status setSteerSettings(const SteerSettings& settings);
    const LocomotionSettings& locomotionSettings() const { return m_loco.settings; }
    const SteerSettings& steerSettings() const { return m_steer.settings; }
    const CrowdSettings& settings() const { return m_settings; }
    // Goal-space steering or the naive baseline, from the next frame on.
    void setController(CrowdSettings::Controller controller) { m_settings.controller = controller; }

    // --- characters
    void reserve(int characters);
    // A character at `ground` with these style weights (normalized; empty = the first space)
    // and blends (empty = each space's straightest), posed at phase 0. Its pose is ready at once.
    // Refused: a crowd that cannot run, a ground frame, weight or blend that is not finite, a
    // negative weight, more than CharacterId::kMaxCharacters characters.
    Expected<CharacterId> add(const GroundFrame& ground, std::span<const float> styleWeights = {},
                              std::span<const float> blends = {});
    Status remove(CharacterId id);
    // Whether the id names a character of this crowd (false for one removed).
    bool contains(CharacterId id) const;
    int size() const { return static_cast<int>(m_ids.size()); }
    // The ids in storage order (update() order).
    std::span<const CharacterId> ids() const { return m_ids; }

    // --- what each character wants (each refuses an unknown id)
    // A goal that stands still: steering decides at once, then at its start frames. With
    // GoalArrival::Stop (the default) a character whose space has stops stops on it and stands
    // (motionState), and a standing character starts toward a new goal; WalkOn steers to it and
    // on, as for a space without stops.
    enum class GoalArrival { Stop, WalkOn };
    Status setGoal(CharacterId id, const glm::vec2& position,
                   GoalArrival arrival = GoalArrival::Stop);
    // A moving goal (world x, z and m/s): intercepted from its velocity; decided at start frames.
    Status setMovingGoal(CharacterId id, const glm::vec2& position, const glm::vec2& velocity);
    // Plays the character into stop `stop` of motion space `space` (BakedMotionSpace::stops) at
    // its loop's next join with it, whatever its goal; it stands where the stop ends. Refused for
    // a character that is not walking or a stop that does not exist.
    Status stop(CharacterId id, int space, int stop);
    // No goal: the character keeps its current blend targets.
    Status clearGoal(CharacterId id);
    // Moves the character by `offset` (world x, z, metres; finite, at most 1 m) on the ground from
    // its next frame on: a collision's answer (another character, a wall). Its planted feet stay
    // where they are while the foot lock takes up the move (a push of a few centimetres a frame);
    // what it shows (ground, root, pose) moves at the next frame. A character stopping lands as
    // far from where its stop was to land (its stop is not drawn back against the push).
    Status push(CharacterId id, const glm::vec2& offset);
    Expected<bool> hasGoal(CharacterId id) const;
    Expected<glm::vec2> goal(CharacterId id) const;
    // Style targets, normalized (finite, >= 0, summing to more than 0; missing ones are 0); the
    // weights move toward them at the settings' rate.
    Status setStyleTargets(CharacterId id, std::span<const float> targets);
    // Blend targets per space, for a character without a goal (finite; clamped to [0, 1]).
    Status setBlendTargets(CharacterId id, std::span<const float> targets);

    // --- the ground (gaitspace/runtime/ground.h)
    // From the next frame on, characters walk on the surface the query gives: the pose carried
    // up to it, each foot placed on it by the leg IK, the pelvis lowered to keep both legs in
    // reach (rootPosition, modelTransforms and the matrices are then at the surface's height).
    // An empty query: the flat floor y = 0 again, exactly as without one. The query is called
    // from the update's threads (see GroundQuery). Refused: settings out of range.
    Status setGroundQuery(const GroundQuery& query, const GroundSettings& settings = {});
    const GroundQuery& groundQuery() const { return m_groundQuery; }

    // --- time
    static constexpr int kMaxThreads = 64;
    void setThreads(int threads);  // clamped to 1 ... kMaxThreads
    int threads() const { return m_threadCount; }
    // Advances every character by dt seconds (>= 0). Returns an error only for a bad dt or a
    // crowd that cannot run.
    Status update(float dt);
    // Frames of the space's rate run since the crowd was made, and the fraction of the next one
    // the shown poses are at.
    long frame() const { return m_frame; }
    float frameFraction() const { return m_alpha; }

    // --- outputs, valid until the next update(), add() or remove(); each refuses an unknown id
    Expected<const CharacterState&> state(CharacterId id) const;
    // Walking, stopping, standing or starting (gaitspace/runtime/arrival.h).
    Expected<MotionState> motionState(CharacterId id) const;
    Expected<GroundFrame> ground(CharacterId id) const;      // shown: between the last two frames
    Expected<glm::vec3> rootPosition(CharacterId id) const;  // world position of the root joint
    Expected<std::span<const glm::quat>> localPose(
        CharacterId id) const;  // joint 0 = root world rotation
    Expected<std::span<const Transform>> modelTransforms(CharacterId id) const;
    // Empty unless settings.modelMatrices.
    Expected<std::span<const glm::mat4>> modelMatrices(CharacterId id) const;
    // Inverse bind matrices of the skinned mesh, one per joint of the space's skeleton.
    Status setInverseBindMatrices(std::span<const glm::mat4> inverseBind);
    // Model x inverse bind; empty unless settings.skinningMatrices and setInverseBindMatrices().
    Expected<std::span<const glm::mat4>> skinningMatrices(CharacterId id) const;
    // The steer space of the character's last decision (world x, z; Z points; empty before the
    // first, or without settings.steerFans) and its target blend: the chosen samples are the
    // two end blends bracketing it.
    Expected<std::span<const glm::vec2>> steerFan(CharacterId id) const;
    Expected<float> steerTarget(CharacterId id) const;

private:
    // A slot of the id table: the storage index of its character (-1: free, kRetired: out of
    // generations) and the generation of the id that names it (a free slot: the next one).
    struct Slot {
        static constexpr int kRetired = -2;
        int index = -1;
        std::uint32_t generation = 0;
    };
    int indexOf(CharacterId id) const;         // storage index, or -1
    Status unknown(CharacterId id) const;      // why indexOf(id) is -1
    void stepRange(size_t begin, size_t end);  // one whole frame: steering + locomotion
    void showRange(size_t begin, size_t end);  // interpolate, FK, skinning
    void runGround(size_t begin, size_t end, bool advance);
    void runChunks(void (Crowd::*fn)(size_t, size_t));
    void startWorkers();
    void stopWorkers();
    // `seen`: the generation of work when the worker starts (only later work is its).
    void worker(int index, std::stop_token stop, long seen);

    std::shared_ptr<const BakedSpaceFile> m_baked;
    CrowdSettings m_settings;
    Status m_status = Status::ok();
    SteeringSpace m_steering;
    LocomotionJob m_loco;  // settings; spans set per range
    SteerJob m_steer;
    GroundQuery m_groundQuery;  // empty: the flat floor
    GroundSettings m_groundSettings;
    int m_joints = 0;
    int m_fanSize = 0;
    std::vector<glm::mat4> m_inverseBind;

    // Dense per-character storage, index = storage order.
    std::vector<CharacterId> m_ids;
    std::vector<Slot> m_slots;               // by CharacterId::slot()
    std::vector<std::uint32_t> m_freeSlots;  // reused last in, first out
    std::vector<CharacterState> m_states;
    std::vector<glm::vec2> m_goals, m_goalVelocities;
    std::vector<std::uint8_t> m_steerFlags;   // SteerJob::flags
    std::vector<glm::quat> m_poseA, m_poseB;  // characters x joints: the last two frames
    std::vector<glm::vec3> m_rootA, m_rootB;
    std::vector<GroundFrame> m_groundA, m_groundB;
    std::vector<Transform> m_world;      // characters x joints: FK of the newest frame
    std::vector<glm::quat> m_shownPose;  // characters x joints, when between frames
    std::vector<glm::vec3> m_shownRoot;
    std::vector<Transform> m_shownWorld;
    std::vector<glm::mat4> m_model, m_skinning;
    std::vector<glm::vec2> m_fans;  // characters x fan size
    bool m_newestIsA = true;        // m_poseA holds the newest frame
    double m_time = 0.0;            // frames since the crowd was made (the newest frame is m_frame)
    long m_frame = 0;
    float m_alpha = 1.0f;  // shown = older + alpha x (newest - older)

    // Workers.
    int m_threadCount = 1;
    std::vector<std::jthread> m_workers;
    std::mutex m_mutex;
    std::condition_variable m_wake, m_done;
    void (Crowd::*m_task)(size_t, size_t) = nullptr;
    // Changed under m_mutex; read without it only to spin briefly before blocking (a thread that
    // blocks takes tens of microseconds to wake, a tenth of a chunk of 1,000 characters).
    std::atomic<long> m_generation = 0;
    std::atomic<int> m_pending = 0;
};

}  // namespace gs

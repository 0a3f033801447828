#include <gaitspace/runtime/crowd.h>

#include <algorithm>
#include <cmath>
#include <string>

#include <glm/geometric.hpp>

#include "core/runtime/float_environment.h"

namespace gs {
namespace {

// Normalized linear blend of two unit quaternions, the shorter way round.
glm::quat nlerp(const glm::quat& a, glm::quat b, float t) {
    if (glm::dot(a, b) < 0.0f) b = -b;
    return glm::normalize(a * (1.0f - t) + b * t);
}

constexpr float kPi = 3.14159265358979f;

}  // namespace

Status CrowdSettings::validate() const {
    if (!(naiveGain > 0.0f) || !std::isfinite(naiveGain))
        return Status::error("crowd: naive gain must be > 0");
    if (skinningMatrices && !modelMatrices)
        return Status::error("crowd: skinning matrices need model matrices");
    return Status::ok();
}

Crowd::Crowd(std::shared_ptr<const BakedSpaceFile> baked, CrowdSettings settings)
    : m_baked(std::move(baked)), m_settings(settings) {
    if (!m_baked) {
        m_status = Status::error("crowd: no baked space");
        return;
    }
    if (Status s = m_settings.validate(); !s) {
        m_status = s;
        return;
    }
    if (Status s = m_baked->space.validate(); !s) {
        m_status = s;
        return;
    }
    m_joints = m_baked->space.skeleton.jointCount();
    m_loco.settings = m_baked->locomotion;
    m_loco.space = &m_baked->space;
    m_steer.settings = m_baked->steer;
    if (!m_baked->goalSpaces.empty()) {
        m_steering.space = &m_baked->space;
        m_steering.goalSpaces = m_baked->goalSpaces;
        if (Status s = m_steering.validate(); !s) {
            m_status = s;
            return;
        }
        m_fanSize = m_steering.goalSpaces.front().endBlends;
    }
    m_steer.steering = &m_steering;
    if (Status s = m_loco.settings.validate(); !s)
        m_status = s;
    else if (Status s2 = m_steer.settings.validate(); !s2)
        m_status = s2;
}

Crowd::~Crowd() { stopWorkers(); }

Status Crowd::setLocomotionSettings(const LocomotionSettings& settings) {
    if (Status s = settings.validate(); !s) return s;
    m_loco.settings = settings;
    return Status::ok();
}

Status Crowd::setSteerSettings(const SteerSettings& settings) {
    if (Status s = settings.validate(); !s) return s;
    m_steer.settings = settings;
    return Status::ok();
}

// --- characters

void Crowd::reserve(int characters) {
    const size_t n = static_cast<size_t>(std::max(0, characters));
    const size_t j = n * static_cast<size_t>(m_joints);
    m_ids.reserve(n);
    m_slots.reserve(n);
    m_states.reserve(n);
    m_goals.reserve(n);
    m_goalVelocities.reserve(n);
    m_steerFlags.reserve(n);
    for (auto* v : {&m_poseA, &m_poseB, &m_shownPose}) v->reserve(j);
    for (auto* v : {&m_rootA, &m_rootB, &m_shownRoot}) v->reserve(n);
    m_groundA.reserve(n);
    m_groundB.reserve(n);
    m_world.reserve(j);
    m_shownWorld.reserve(j);
    m_model.reserve(j);
    if (m_settings.skinningMatrices) m_skinning.reserve(j);
    if (m_settings.steerFans) m_fans.reserve(n * static_cast<size_t>(m_fanSize));
}

Expected<CharacterId> Crowd::add(const GroundFrame& ground, std::span<const float> styleWeights,
                                 std::span<const float> blends) {
    if (!m_status) return m_status;
    if (!std::isfinite(ground.x) || !std::isfinite(ground.z) || !std::isfinite(ground.heading))
        return Status::error("crowd: the new character's ground frame is not finite");
    for (float w : styleWeights)
        if (!std::isfinite(w) || w < 0.0f)
            return Status::error("crowd: a style weight is negative or not finite");
    for (float b : blends)
        if (!std::isfinite(b)) return Status::error("crowd: a blend value is not finite");
    std::uint32_t slot;
    if (!m_freeSlots.empty()) {
        slot = m_freeSlots.back();
        m_freeSlots.pop_back();
    } else if (m_slots.size() < CharacterId::kMaxCharacters) {
        slot = static_cast<std::uint32_t>(m_slots.size());
        m_slots.emplace_back();
    } else {
        return Status::error("crowd: no room for another character (at most " +
                             std::to_string(CharacterId::kMaxCharacters) + " ids)");
    }
    const CharacterId id(slot, m_slots[slot].generation);
    const size_t c = m_ids.size();
    m_slots[slot].index = static_cast<int>(c);
    m_ids.push_back(id);
    m_states.emplace_back();
    initCharacter(m_baked->space, m_states.back(), ground, styleWeights, blends);
    m_goals.emplace_back(ground.x, ground.z);
    m_goalVelocities.emplace_back(0.0f);
    m_steerFlags.push_back(0);
    const size_t j = static_cast<size_t>(m_joints);
    for (auto* v : {&m_poseA, &m_poseB, &m_shownPose}) v->resize((c + 1) * j);
    for (auto* v : {&m_rootA, &m_rootB, &m_shownRoot}) v->resize(c + 1);
    m_groundA.resize(c + 1);
    m_groundB.resize(c + 1);
    m_world.resize((c + 1) * j);
    m_shownWorld.resize((c + 1) * j);
    if (m_settings.modelMatrices) m_model.resize((c + 1) * j);
    if (m_settings.skinningMatrices) m_skinning.resize((c + 1) * j);
    if (m_settings.steerFans)
        m_fans.resize((c + 1) * static_cast<size_t>(m_fanSize), glm::vec2(ground.x, ground.z));

    // Its first frame, both as the newest and the older one, shown as is.
    LocomotionJob job = m_loco;
    job.characters = std::span<CharacterState>(&m_states[c], 1);
    std::vector<glm::quat>& newest = m_newestIsA ? m_poseA : m_poseB;
    std::vector<glm::quat>& older = m_newestIsA ? m_poseB : m_poseA;
    std::vector<glm::vec3>& newestRoot = m_newestIsA ? m_rootA : m_rootB;
    std::vector<glm::vec3>& olderRoot = m_newestIsA ? m_rootB : m_rootA;
    job.localRotations = std::span<glm::quat>(newest.data() + c * j, j);
    job.rootPositions = std::span<glm::vec3>(&newestRoot[c], 1);
    job.world = std::span<Transform>(m_world.data() + c * j, j);
    job.advance = false;
    (void)job.run();  // validated with the crowd: it cannot fail
    runGround(c, c + 1, false);
    std::copy_n(newest.data() + c * j, j, older.data() + c * j);
    olderRoot[c] = newestRoot[c];
    m_groundA[c] = m_groundB[c] = m_states[c].ground;
    // Shown at once, whatever the crowd's fraction (older and newest frames are the same pose).
    std::copy_n(newest.data() + c * j, j, m_shownPose.data() + c * j);
    m_shownRoot[c] = newestRoot[c];
    std::copy_n(m_world.data() + c * j, j, m_shownWorld.data() + c * j);
    if (m_settings.modelMatrices)
        gs::modelMatrices(std::span(m_world.data() + c * j, j),
                          std::span(m_model.data() + c * j, j));
    if (m_settings.skinningMatrices && m_inverseBind.size() == j)
        gs::skinningMatrices(std::span(m_model.data() + c * j, j), m_inverseBind,
                             std::span(m_skinning.data() + c * j, j));
    return id;
}

Status Crowd::remove(CharacterId id) {
    const int index = indexOf(id);
    if (index < 0) return unknown(id);
    const size_t c = static_cast<size_t>(index);
    const size_t last = m_ids.size() - 1;
    const size_t j = static_cast<size_t>(m_joints);
    if (c != last) {
        // The last character takes the removed one's place.
        m_ids[c] = m_ids[last];
        m_slots[m_ids[c].slot()].index = static_cast<int>(c);
        m_states[c] = m_states[last];
        m_goals[c] = m_goals[last];
        m_goalVelocities[c] = m_goalVelocities[last];
        m_steerFlags[c] = m_steerFlags[last];
        for (auto* v : {&m_poseA, &m_poseB, &m_shownPose})
            std::copy_n(v->data() + last * j, j, v->data() + c * j);
        for (auto* v : {&m_rootA, &m_rootB, &m_shownRoot}) (*v)[c] = (*v)[last];
        m_groundA[c] = m_groundA[last];
        m_groundB[c] = m_groundB[last];
        std::copy_n(m_world.data() + last * j, j, m_world.data() + c * j);
        std::copy_n(m_shownWorld.data() + last * j, j, m_shownWorld.data() + c * j);
        if (!m_model.empty()) std::copy_n(m_model.data() + last * j, j, m_model.data() + c * j);
        if (!m_skinning.empty())
            std::copy_n(m_skinning.data() + last * j, j, m_skinning.data() + c * j);
        if (!m_fans.empty()) {
            const size_t z = static_cast<size_t>(m_fanSize);
            std::copy_n(m_fans.data() + last * z, z, m_fans.data() + c * z);
        }
    }
    // The slot's next character gets the next generation; a slot out of generations is retired.
    Slot& freed = m_slots[id.slot()];
    if (freed.generation < CharacterId::kMaxGeneration) {
        freed.index = -1;
        ++freed.generation;
        m_freeSlots.push_back(id.slot());
    } else {
        freed.index = Slot::kRetired;
    }
    m_ids.pop_back();
    m_states.pop_back();
    m_goals.pop_back();
    m_goalVelocities.pop_back();
    m_steerFlags.pop_back();
    for (auto* v : {&m_poseA, &m_poseB, &m_shownPose}) v->resize(last * j);
    for (auto* v : {&m_rootA, &m_rootB, &m_shownRoot}) v->resize(last);
    m_groundA.resize(last);
    m_groundB.resize(last);
    m_world.resize(last * j);
    m_shownWorld.resize(last * j);
    if (!m_model.empty()) m_model.resize(last * j);
    if (!m_skinning.empty()) m_skinning.resize(last * j);
    if (!m_fans.empty()) m_fans.resize(last * static_cast<size_t>(m_fanSize));
    return Status::ok();
}

int Crowd::indexOf(CharacterId id) const {
    if (id.slot() >= m_slots.size()) return -1;
    const Slot& slot = m_slots[id.slot()];
    return slot.generation == id.generation() && slot.index >= 0 ? slot.index : -1;
}

Status Crowd::unknown(CharacterId id) const {
    if (id == kNoCharacter) return Status::error("crowd: no character (the id is kNoCharacter)");
    const std::string name =
        "character " + std::to_string(id.slot()) + "." + std::to_string(id.generation());
    if (id.slot() < m_slots.size()) {
        const Slot& slot = m_slots[id.slot()];
        if (id.generation() < slot.generation ||
            (id.generation() == slot.generation && slot.index == Slot::kRetired))
            return Status::error("crowd: " + name + " was removed");
    }
    return Status::error("crowd: no " + name + " in this crowd");
}

bool Crowd::contains(CharacterId id) const { return indexOf(id) >= 0; }

// --- goals and styles

Status Crowd::setGoal(CharacterId id, const glm::vec2& position, GoalArrival arrival) {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    if (!canSteer())
        return Status::error("crowd: the baked space has no goal spaces to steer with");
    if (!std::isfinite(position.x) || !std::isfinite(position.y))
        return Status::error("crowd: the goal is not finite");
    const bool changed = !(m_steerFlags[c] & kSteerActive) || m_goals[c] != position ||
                         m_goalVelocities[c] != glm::vec2(0.0f);
    m_goals[c] = position;
    m_goalVelocities[c] = glm::vec2(0.0f);
    m_steerFlags[c] |= kSteerActive;
    if (arrival == GoalArrival::Stop)
        m_steerFlags[c] |= kSteerArrive;
    else
        m_steerFlags[c] &= static_cast<std::uint8_t>(~kSteerArrive);
    if (changed) m_steerFlags[c] |= kSteerNow | kSteerNewGoal;
    return Status::ok();
}

Status Crowd::setMovingGoal(CharacterId id, const glm::vec2& position, const glm::vec2& velocity) {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    if (!canSteer())
        return Status::error("crowd: the baked space has no goal spaces to steer with");
    if (!std::isfinite(position.x) || !std::isfinite(position.y) || !std::isfinite(velocity.x) ||
        !std::isfinite(velocity.y))
        return Status::error("crowd: the goal is not finite");
    if (!(m_steerFlags[c] & kSteerActive)) m_steerFlags[c] |= kSteerNow;
    if (m_goals[c] != position) m_steerFlags[c] |= kSteerNewGoal;
    m_goals[c] = position;
    m_goalVelocities[c] = velocity;
    m_steerFlags[c] |= kSteerActive;
    m_steerFlags[c] &= static_cast<std::uint8_t>(~kSteerArrive);
    return Status::ok();
}

Status Crowd::stop(CharacterId id, int space, int stop) {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    const BakedBehavioralSpace& bs = m_baked->space;
    if (space < 0 || space >= static_cast<int>(bs.spaces.size()) || stop < 0 ||
        stop >= static_cast<int>(bs.spaces[space].stops.size()))
        return Status::error("crowd: the space has no such stop");
    ArrivalState& a = m_states[c].arrival;
    if (a.state != MotionState::Walking)
        return Status::error("crowd: the character is not walking");
    a.forced = true;
    a.planSpace = static_cast<std::int8_t>(space);
    a.planClip = static_cast<std::int8_t>(stop);
    m_steerFlags[c] = 0;  // no goal: it plays into the stop
    return Status::ok();
}

Status Crowd::clearGoal(CharacterId id) {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    m_steerFlags[c] = 0;
    return Status::ok();
}

Status Crowd::push(CharacterId id, const glm::vec2& offset) {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    if (!std::isfinite(offset.x) || !std::isfinite(offset.y) || glm::dot(offset, offset) > 1.0f)
        return Status::error("crowd: a push must be finite and at most 1 m");
    CharacterState& st = m_states[c];
    st.ground.x += offset.x;
    st.ground.z += offset.y;
    // A stop lands where it was to land moved as far: its distance matching does not pull the
    // character back against the push.
    if (st.arrival.state == MotionState::Stopping || st.arrival.state == MotionState::Standing)
        st.arrival.target += offset;
    return Status::ok();
}

Expected<bool> Crowd::hasGoal(CharacterId id) const {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    return (m_steerFlags[c] & kSteerActive) != 0;
}

Expected<glm::vec2> Crowd::goal(CharacterId id) const {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    return m_goals[c];
}

Status Crowd::setStyleTargets(CharacterId id, std::span<const float> targets) {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    float sum = 0.0f;
    for (float t : targets) {
        if (!std::isfinite(t) || t < 0.0f)
            return Status::error("crowd: a style target is negative or not finite");
        sum += t;
    }
    if (!(sum > 0.0f)) return Status::error("crowd: the style targets sum to 0");
    setStyleTarget(m_states[c], targets);
    return Status::ok();
}

Status Crowd::setBlendTargets(CharacterId id, std::span<const float> targets) {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    for (float t : targets)
        if (!std::isfinite(t)) return Status::error("crowd: a blend target is not finite");
    const size_t n = std::min(targets.size(), m_baked->space.spaces.size());
    for (size_t s = 0; s < n; ++s) m_states[c].blendTarget[s] = std::clamp(targets[s], 0.0f, 1.0f);
    return Status::ok();
}

// --- time

Status Crowd::update(float dt) {
    if (!m_status) return m_status;
    if (!(dt >= 0.0f) || !std::isfinite(dt))
        return Status::error("crowd: dt must be a finite number >= 0");
    const detail::DefaultFloatEnvironment environment;  // the workers' jobs hold their own
    m_time += static_cast<double>(dt) * m_baked->space.fps;
    // A time within a ten-thousandth of a frame of a whole frame is that frame: dt = 1/30 s is
    // not exact in floating point, and its rounding must neither add a step nor drift.
    if (const double whole = std::round(m_time); std::abs(m_time - whole) < 1e-4) m_time = whole;
    const double latest = static_cast<double>(m_frame + CrowdSettings::kMaxStepsPerUpdate);
    if (m_time > latest) m_time = latest;
    bool stepped = false;
    while (static_cast<double>(m_frame) < m_time) {
        m_newestIsA = !m_newestIsA;  // the newest frame becomes the older one
        runChunks(&Crowd::stepRange);
        ++m_frame;
        stepped = true;
    }
    const float alpha = static_cast<float>(1.0 - (static_cast<double>(m_frame) - m_time));
    const float shown = std::clamp(alpha, 0.0f, 1.0f);
    if (stepped || shown != m_alpha) {
        m_alpha = shown;
        // Between frames: sample the pose; on a frame, only the matrices asked for.
        if (m_alpha < 1.0f || m_settings.modelMatrices) runChunks(&Crowd::showRange);
    }
    return Status::ok();
}

void Crowd::stepRange(size_t begin, size_t end) {
    if (begin >= end) return;
    const size_t n = end - begin;
    const size_t j = static_cast<size_t>(m_joints);
    const std::span<CharacterState> states(m_states.data() + begin, n);
    // Arrival first (a character entering a stop is not steered), then steering: both decide
    // from where the character is, for the frame about to be made.
    {
        ArrivalJob arrival;
        arrival.settings = m_loco.settings.arrival;
        arrival.space = &m_baked->space;
        arrival.characters = states;
        arrival.goals = std::span<const glm::vec2>(m_goals.data() + begin, n);
        arrival.flags = std::span<std::uint8_t>(m_steerFlags.data() + begin, n);
        arrival.goalVelocities = std::span<const glm::vec2>(m_goalVelocities.data() + begin, n);
        arrival.followByStopping = m_settings.controller == CrowdSettings::Controller::GoalSpace;
        // The arrival settings were validated with the crowd's locomotion settings, and the goal
        // and flag spans cover every character: it cannot fail.
        (void)arrival.run();
    }
    if (canSteer()) {
        if (m_settings.controller == CrowdSettings::Controller::GoalSpace) {
            SteerJob steer = m_steer;
            steer.characters = states;
            steer.goals = std::span<const glm::vec2>(m_goals.data() + begin, n);
            steer.goalVelocities = std::span<const glm::vec2>(m_goalVelocities.data() + begin, n);
            steer.flags = std::span<std::uint8_t>(m_steerFlags.data() + begin, n);
            if (!m_fans.empty())
                steer.fans =
                    std::span<glm::vec2>(m_fans.data() + begin * static_cast<size_t>(m_fanSize),
                                         n * static_cast<size_t>(m_fanSize));
            (void)steer.run();  // validated with the crowd, and setGoal checks every goal
        } else {
            NaiveSteerJob naive;
            naive.gain = m_settings.naiveGain;
            naive.space = &m_baked->space;
            naive.characters = states;
            naive.goals = std::span<const glm::vec2>(m_goals.data() + begin, n);
            naive.flags = std::span<const std::uint8_t>(m_steerFlags.data() + begin, n);
            (void)naive.run();
        }
    }
    std::vector<glm::quat>& newest = m_newestIsA ? m_poseA : m_poseB;
    std::vector<glm::vec3>& newestRoot = m_newestIsA ? m_rootA : m_rootB;
    std::vector<GroundFrame>& newestGround = m_newestIsA ? m_groundA : m_groundB;
    LocomotionJob job = m_loco;
    job.characters = states;
    job.localRotations = std::span<glm::quat>(newest.data() + begin * j, n * j);
    job.rootPositions = std::span<glm::vec3>(newestRoot.data() + begin, n);
    job.world = std::span<Transform>(m_world.data() + begin * j, n * j);
    job.advance = true;
    (void)job.run();  // validated with the crowd: it cannot fail
    runGround(begin, end, true);
    for (size_t c = begin; c < end; ++c) newestGround[c] = m_states[c].ground;
}

// The ground stage on the newest frame of characters [begin, end), when a query is set.
void Crowd::runGround(size_t begin, size_t end, bool advance) {
    if (!m_groundQuery) return;
    const size_t n = end - begin;
    const size_t j = static_cast<size_t>(m_joints);
    GroundJob ground;
    ground.settings = m_groundSettings;
    ground.query = m_groundQuery;
    ground.ik = m_loco.settings.ik;
    ground.space = &m_baked->space;
    ground.characters = std::span<CharacterState>(m_states.data() + begin, n);
    ground.localRotations =
        std::span<glm::quat>((m_newestIsA ? m_poseA : m_poseB).data() + begin * j, n * j);
    ground.rootPositions =
        std::span<glm::vec3>((m_newestIsA ? m_rootA : m_rootB).data() + begin, n);
    ground.world = std::span<Transform>(m_world.data() + begin * j, n * j);
    ground.advance = advance;
    (void)ground.run();  // its settings were validated when the query was set
}

Status Crowd::setGroundQuery(const GroundQuery& query, const GroundSettings& settings) {
    if (Status s = settings.validate(); !s) return s;
    m_groundQuery = query;
    m_groundSettings = settings;
    for (CharacterState& st : m_states) st.surface = CharacterState::Surface{};
    return Status::ok();
}

void Crowd::showRange(size_t begin, size_t end) {
    const detail::DefaultFloatEnvironment environment;
    const size_t j = static_cast<size_t>(m_joints);
    const std::vector<glm::quat>& newest = m_newestIsA ? m_poseA : m_poseB;
    const std::vector<glm::quat>& older = m_newestIsA ? m_poseB : m_poseA;
    const std::vector<glm::vec3>& newestRoot = m_newestIsA ? m_rootA : m_rootB;
    const std::vector<glm::vec3>& olderRoot = m_newestIsA ? m_rootB : m_rootA;
    const Skeleton& sk = m_baked->space.skeleton;
    const float t = m_alpha;
    const bool between = t < 1.0f;  // else the newest frame is shown as it is (no copy)
    const std::vector<Transform>& world = between ? m_shownWorld : m_world;
    if (between) {
        for (size_t c = begin; c < end; ++c) {
            const size_t o = c * j;
            for (size_t k = 0; k < j; ++k)
                m_shownPose[o + k] = nlerp(older[o + k], newest[o + k], t);
            m_shownRoot[c] = olderRoot[c] + (newestRoot[c] - olderRoot[c]) * t;
        }
        // Forward kinematics eight characters at a time (a lane each).
        for (size_t first = begin; first < end; first += kFkLanes)
            forwardKinematics(sk, m_shownPose.data() + first * j, m_shownRoot.data() + first,
                              m_shownWorld.data() + first * j,
                              static_cast<int>(std::min<size_t>(kFkLanes, end - first)));
    }
    for (size_t c = begin; c < end; ++c) {
        const size_t o = c * j;
        if (m_settings.modelMatrices)
            gs::modelMatrices(std::span(world.data() + o, j), std::span(m_model.data() + o, j));
        if (m_settings.skinningMatrices && m_inverseBind.size() == j)
            gs::skinningMatrices(std::span(m_model.data() + o, j), m_inverseBind,
                                 std::span(m_skinning.data() + o, j));
    }
}

// --- threads

void Crowd::setThreads(int threads) {
    threads = std::clamp(threads, 1, 64);
    if (threads == m_threadCount) return;
    stopWorkers();
    m_threadCount = threads;
    startWorkers();
}

void Crowd::startWorkers() {
    // A new worker waits for the next work, not the last: started with a generation of its own
    // (0) it took the work already done for new, ran it beside the next update and counted it as
    // that update's, which then could wait for ever (tst_crowd's threads test, once in a while).
    const long now = m_generation.load(std::memory_order_acquire);
    for (int i = 1; i < m_threadCount; ++i)
        m_workers.emplace_back([this, i, now](std::stop_token stop) { worker(i, stop, now); });
}

void Crowd::stopWorkers() {
    {
        // Under the mutex: a worker that has just found no work is then already asleep, and
        // wakes. Requested without it, the stop could fall between a worker's check and its
        // wait, and the join below waited for ever.
        std::lock_guard lock(m_mutex);
        for (auto& w : m_workers) w.request_stop();
    }
    m_wake.notify_all();
    m_workers.clear();  // joins
}

namespace {

// A short busy wait: until done() or about 50 microseconds have passed (the pause keeps the
// spinning core from starving its sibling hyperthread).
template <class Done>
bool spinUntil(Done done) {
    for (int i = 0; i < 2000; ++i) {
        if (done()) return true;
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    }
    return done();
}

}  // namespace

void Crowd::worker(int index, std::stop_token stop, long seen) {
    for (;;) {
        void (Crowd::*task)(size_t, size_t) = nullptr;
        spinUntil([&] {
            return m_generation.load(std::memory_order_acquire) != seen || stop.stop_requested();
        });
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [&] { return stop.stop_requested() || m_generation != seen; });
            if (stop.stop_requested()) return;
            seen = m_generation;
            task = m_task;
        }
        const size_t n = m_ids.size();
        const size_t per = (n + m_threadCount - 1) / m_threadCount;
        const size_t begin = std::min(n, per * index), end = std::min(n, begin + per);
        (this->*task)(begin, end);
        {
            std::lock_guard lock(m_mutex);
            if (--m_pending == 0) m_done.notify_one();
        }
    }
}

void Crowd::runChunks(void (Crowd::*fn)(size_t, size_t)) {
    const size_t n = m_ids.size();
    if (m_workers.empty() || n < 2) {
        (this->*fn)(0, n);
        return;
    }
    {
        std::lock_guard lock(m_mutex);
        m_task = fn;
        m_pending = static_cast<int>(m_workers.size());
        ++m_generation;
    }
    m_wake.notify_all();
    const size_t per = (n + m_threadCount - 1) / m_threadCount;
    (this->*fn)(0, std::min(n, per));
    if (spinUntil([&] { return m_pending.load(std::memory_order_acquire) == 0; })) {
        // The workers' results are visible: each decremented m_pending under m_mutex, after its
        // chunk; taking the mutex once orders this thread after the last of them.
        std::lock_guard lock(m_mutex);
        return;
    }
    std::unique_lock lock(m_mutex);
    m_done.wait(lock, [&] { return m_pending == 0; });
}

// --- outputs

Expected<const CharacterState&> Crowd::state(CharacterId id) const {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    return m_states[c];
}

Expected<MotionState> Crowd::motionState(CharacterId id) const {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    return m_states[c].arrival.state;
}

Expected<GroundFrame> Crowd::ground(CharacterId id) const {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    const detail::DefaultFloatEnvironment environment;
    const GroundFrame& a = m_newestIsA ? m_groundB[c] : m_groundA[c];  // older
    const GroundFrame& b = m_newestIsA ? m_groundA[c] : m_groundB[c];  // newest
    const float t = m_alpha;
    float dh = std::fmod(b.heading - a.heading, 2.0f * kPi);
    if (dh > kPi) dh -= 2.0f * kPi;
    if (dh < -kPi) dh += 2.0f * kPi;
    return GroundFrame{a.x + (b.x - a.x) * t, a.z + (b.z - a.z) * t, a.heading + dh * t};
}

Expected<glm::vec3> Crowd::rootPosition(CharacterId id) const {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    if (m_alpha < 1.0f) return m_shownRoot[c];
    return m_newestIsA ? m_rootA[c] : m_rootB[c];
}

Expected<std::span<const glm::quat>> Crowd::localPose(CharacterId id) const {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    const std::vector<glm::quat>& pose = m_alpha < 1.0f ? m_shownPose
                                         : m_newestIsA  ? m_poseA
                                                        : m_poseB;
    return std::span<const glm::quat>(pose.data() + static_cast<size_t>(c) * m_joints, m_joints);
}

Expected<std::span<const Transform>> Crowd::modelTransforms(CharacterId id) const {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    const std::vector<Transform>& world = m_alpha < 1.0f ? m_shownWorld : m_world;
    return std::span<const Transform>(world.data() + static_cast<size_t>(c) * m_joints, m_joints);
}

Expected<std::span<const glm::mat4>> Crowd::modelMatrices(CharacterId id) const {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    if (m_model.empty()) return std::span<const glm::mat4>();
    return std::span<const glm::mat4>(m_model.data() + static_cast<size_t>(c) * m_joints, m_joints);
}

Status Crowd::setInverseBindMatrices(std::span<const glm::mat4> inverseBind) {
    if (static_cast<int>(inverseBind.size()) != m_joints)
        return Status::error("crowd: " + std::to_string(inverseBind.size()) +
                             " inverse bind matrices for " + std::to_string(m_joints) + " joints");
    m_inverseBind.assign(inverseBind.begin(), inverseBind.end());
    return Status::ok();
}

Expected<std::span<const glm::mat4>> Crowd::skinningMatrices(CharacterId id) const {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    if (m_skinning.empty() || m_inverseBind.empty()) return std::span<const glm::mat4>();
    return std::span<const glm::mat4>(m_skinning.data() + static_cast<size_t>(c) * m_joints,
                                      m_joints);
}

Expected<std::span<const glm::vec2>> Crowd::steerFan(CharacterId id) const {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    if (m_fans.empty()) return std::span<const glm::vec2>();
    return std::span<const glm::vec2>(m_fans.data() + static_cast<size_t>(c) * m_fanSize,
                                      m_fanSize);
}

Expected<float> Crowd::steerTarget(CharacterId id) const {
    const int c = indexOf(id);
    if (c < 0) return unknown(id);
    return m_states[c].blendTarget[0];
}

}  // namespace gs

#include "app/gui/live/steering_demo.h"

#include "app/project/project_bake.h"
#include "app/project/project_level.h"
#include "render/level_draw.h"
#include "core/clip/clip_kinematics.h"
#include "core/evaluation/quality.h"
#include "core/spaces/motion_space.h"
#include "core/support/cancel.h"

#include <QFileInfo>

#include <algorithm>
#include <functional>
#include <cmath>

namespace gs {

Expected<std::shared_ptr<const LiveLevel>> buildLiveLevel(const Project& project) {
    auto bake = bakeProjectLevel(project);
    if (!bake) return bake.status();
    auto navigation = Navigation::create(std::move(bake->baked));
    if (!navigation) return navigation.status();
    auto level =
        std::make_shared<LiveLevel>(LiveLevel{QFileInfo(bake->meshPath).fileName(),
                                              std::make_shared<const SkinnedMesh>(levelSkinnedMesh(
                                                  bake->mesh, project.level.agent.maxSlopeDeg)),
                                              std::move(*navigation), LevelGround(bake->mesh)});
    return std::shared_ptr<const LiveLevel>(std::move(level));
}

Expected<std::shared_ptr<SteeringDemo::Built>> buildLiveRun(
    const Project& project, const std::function<void(const QString&, int, int)>& stage) {
    const int total = static_cast<int>(project.spaces.size()) + 1;
    int done = 0;
    stage(QObject::tr("motion spaces"), done++, total);
    // The same bake as gaitspace-cli's, with the project's settings.
    // Every space that can be built is; those that cannot are named in the notes.
    BehavioralSpaceNotes notes;
    auto baked = bakeProject(
        project, true,
        [&](const std::string& space) {
            stage(QObject::tr("goal space of %1").arg(QString::fromStdString(space)), done++,
                  total);
        },
        &notes);
    if (!baked) return baked.status();
    auto built = std::make_shared<SteeringDemo::Built>();
    built->notes = std::move(notes);
    built->baked = std::make_shared<const BakedSpaceFile>(std::move(*baked));
    built->warnings = project.errors();
    if (!project.level.source.isEmpty()) {
        auto level = buildLiveLevel(project);
        if (level)
            built->level = std::move(*level);
        else
            built->warnings << QObject::tr("The level is not shown: %1")
                                   .arg(QString::fromStdString(level.message()));
    }
    for (const ProjectClip& c : project.clips) built->trims[c.id] = {c.trimIn, c.trimOut};
    return built;
}

SteeringDemo::SteeringDemo(std::shared_ptr<const Built> built, bool naive, QObject* parent)
    : QObject(parent), m_naive(naive) {
    CrowdSettings settings;
    settings.steerFans = true;
    settings.controller =
        naive ? CrowdSettings::Controller::Naive : CrowdSettings::Controller::GoalSpace;
    auto crowd = std::make_unique<Crowd>(built->baked, settings);
    if (!crowd->status()) {
        m_status = crowd->status();
        return;
    }
    // On a level: where the mesh is nearest the origin, the goal 6 m on (or the nearest point).
    m_level = built->level;
    GroundFrame start{};
    if (m_level) {
        if (auto on = m_level->navigation.nearestPoint(glm::vec3(0.0f))) {
            start.x = on->position.x;
            start.z = on->position.z;
        }
        if (auto goal = m_level->navigation.nearestPoint(glm::vec3(start.x, 0.0f, start.z + 6.0f)))
            m_goal = glm::vec2(goal->position.x, goal->position.z);
    }
    const Expected<CharacterId> character = crowd->add(start);
    if (!character) {
        m_status = character.status();
        return;
    }
    // On a level the feet are put on its surface (the ramp, the stairs' treads), the root carried
    // to it (gaitspace/runtime/ground.h).
    if (m_level) (void)crowd->setGroundQuery(m_level->ground.query());
    m_crowd = std::move(crowd);
    m_trims = built->trims;
    m_notes = built->notes;
    for (const auto& [id, trim] : m_trims) m_builtNames[id] = id;
    m_character = *character;  // valid as long as m_crowd: it is never removed
    (void)m_crowd->setGoal(m_character,
                           m_goal);  // a space without goal spaces plays without steering
    const BakedBehavioralSpace& bs = m_crowd->space();
    m_motion = Clip{};
    m_motion.name = "steering";
    m_motion.fps = bs.fps;
    m_motion.skeleton = bs.skeleton;
    findPath();
}

float SteeringDemo::surfaceHeight(const glm::vec2& point) const {
    constexpr float kAbove = 100.0f;  // metres: from above the level, its highest surface
    GroundHit hit;
    return m_level && m_level->ground.hit(point.x, kAbove, point.y, hit) ? hit.height : 0.0f;
}

void SteeringDemo::findPath() {
    m_path.clear();
    m_pathProblem.clear();
    if (!m_level || !m_crowd) return;
    if (!m_follower) m_follower.emplace(m_level->navigation);
    const GroundFrame g = *m_crowd->ground(m_character);
    const glm::vec2 from(g.x, g.z);
    const glm::vec3 goal(m_goal.x, surfaceHeight(m_goal), m_goal.y);
    auto path = m_others
                    ? m_others->setGoal(goal)
                    : m_follower->setGoal(glm::vec3(from.x, surfaceHeight(from), from.y), goal);
    if (!path) {
        // Another island, or no mesh near the goal: the character stands and says why.
        m_pathProblem = QString::fromStdString(path.message());
        (void)m_crowd->clearGoal(m_character);
        return;
    }
    if (path->goal.moved) {
        m_goal = glm::vec2(path->goal.position.x, path->goal.position.z);
        m_pathProblem = tr("the goal was off the navigation mesh: moved %1 m onto it")
                            .arg(path->goal.distance, 0, 'f', 2);
    }
    m_path = m_others ? m_others->path() : m_follower->corners();
    followPath();
}

void SteeringDemo::setCharacters(int characters) {
    m_characters = std::clamp(characters, 1, LiveCrowd::kMaxCharacters);
    if (!m_crowd || !m_level) return;
    if (m_characters == 1) {
        if (!m_others) return;
        m_others.reset();          // the others leave the crowd
        if (!m_mover) findPath();  // the one walks its path alone again
        return;
    }
    if (!m_others) {
        m_others = std::make_unique<LiveCrowd>(*m_crowd, *m_level, m_character, styleTargets());
        m_others->setFirstSteered(!m_mover);
        if (!m_mover) findPath();
    }
    if (Status s = m_others->resize(m_characters); !s)
        m_pathProblem =
            tr("not every character could be placed: %1").arg(QString::fromStdString(s.message()));
}

int SteeringDemo::characters() const { return m_others ? m_others->size() : 1; }

void SteeringDemo::followPath() {
    if (!m_follower || m_path.empty() || m_mover || m_others) return;
    const GroundFrame g = *m_crowd->ground(m_character);
    const glm::vec2 at(g.x, g.z);
    const glm::vec2 aim = m_follower->aim(at, surfaceHeight(at));
    m_path = m_follower->corners();
    // Toward the aim, as a goal a few metres along its direction: near a wall the aim comes
    // close (the follower shortens it), and a goal that close would be circled, not walked to.
    constexpr float kDirectionGoalM = 6.0f;
    const glm::vec2 toward = aim - at;
    if (glm::distance(aim, m_goal) < 1e-3f || glm::length(toward) < 1e-3f)
        (void)m_crowd->setGoal(m_character, m_goal);
    else
        (void)m_crowd->setGoal(m_character, at + kDirectionGoalM * glm::normalize(toward),
                               Crowd::GoalArrival::WalkOn);
}

SteeringDemo::~SteeringDemo() = default;

std::optional<std::vector<float>> SteeringDemo::overriddenStyle() const {
    if (!m_crowd) return std::nullopt;
    const CharacterState& st = *m_crowd->state(m_character);
    if (!st.styleOverridden && !(st.paceShare > 0.0f)) return std::nullopt;
    return std::vector<float>(st.userStyle.begin(),
                              st.userStyle.begin() + m_crowd->space().spaces.size());
}

void SteeringDemo::renameClip(const QString& from, const QString& to) {
    const auto trim = m_trims.find(from);
    if (trim == m_trims.end()) return;
    m_trims[to] = trim->second;
    m_trims.erase(from);
    m_builtNames[to] = m_builtNames[from];
    m_builtNames.erase(from);
}

std::optional<SteeringDemo::BuiltCycles> SteeringDemo::builtCycles(const QString& id) const {
    if (!m_crowd) return std::nullopt;
    const auto trim = m_trims.find(id);
    if (trim == m_trims.end()) return std::nullopt;
    const QString builtName = m_builtNames.count(id) ? m_builtNames.at(id) : id;
    for (const BakedMotionSpace& space : m_crowd->space().spaces)
        for (const BakedClip& clip : space.clips) {
            if (QString::fromStdString(clip.name) != builtName) continue;
            BuiltCycles c;
            c.starts = loopCycleSourceFrames(clip);
            if (c.starts.empty()) return std::nullopt;
            c.loopStart = clip.sourceStart;
            c.loopEnd = clip.sourceClose;
            c.fps = space.fps;
            c.trimIn = trim->second.first;
            c.trimOut = trim->second.second;
            for (const MotionSpaceNotes& n : m_notes.spaces) {
                if (n.space != space.name) continue;
                for (size_t i = 0; i < n.clips.size() && i < n.windows.size(); ++i)
                    if (n.clips[i] == clip.name) {
                        c.window = n.windows[i];
                        c.windowKnown = true;
                    }
            }
            return c;
        }
    return std::nullopt;
}

QStringList SteeringDemo::spaceNotes(const QString& space) const {
    QStringList lines;
    const std::string name = space.toStdString();
    for (const MotionSpaceNotes& n : m_notes.spaces)
        if (n.space == name)
            for (const std::string& w : n.warnings) lines << QString::fromStdString(w);
    for (const auto& [failed, why] : m_notes.failed)
        if (failed == name) lines << QObject::tr("Not built: %1").arg(QString::fromStdString(why));
    return lines;
}

QStringList SteeringDemo::spaceNames() const {
    QStringList names;
    if (m_crowd)
        for (const auto& s : m_crowd->space().spaces) names << QString::fromStdString(s.name);
    return names;
}

void SteeringDemo::setGoal(const glm::vec2& goal) {
    if (m_mover) return;  // a scripted goal moves by itself
    if (goal != m_goal) m_atGoal = false;
    m_goal = goal;
    if (m_crowd && !m_level) (void)m_crowd->setGoal(m_character, goal);
    findPath();
}

void SteeringDemo::setNaive(bool naive) {
    m_naive = naive;
    if (m_crowd)
        m_crowd->setController(naive ? CrowdSettings::Controller::Naive
                                     : CrowdSettings::Controller::GoalSpace);
}

void SteeringDemo::setKeepStyle(bool keep) {
    if (!m_crowd || m_crowd->steerSettings().preferTighterStyles == !keep) return;
    // A style borrowed now goes back to the user's at once (steering would no longer return it).
    if (const auto user = overriddenStyle(); keep && user)
        (void)m_crowd->setStyleTargets(m_character, *user);  // the user's, valid
    SteerSettings s = m_crowd->steerSettings();
    s.preferTighterStyles = !keep;
    if (!m_crowd->setSteerSettings(s)) return;  // valid by construction
}

void SteeringDemo::setStyleMix(float mix) {
    if (!m_crowd) return;
    std::vector<float> targets(m_crowd->space().spaces.size(), 0.0f);
    targets.front() = 1.0f - mix;
    targets.back() += mix;
    setStyleTargets(targets);
}

void SteeringDemo::setStyleTargets(const std::vector<float>& targets) {
    if (!m_crowd) return;
    (void)m_crowd->setStyleTargets(m_character, targets);     // all zero: the targets stay
    if (m_others) m_others->setStyleWeights(styleTargets());  // as the crowd took them
}

void SteeringDemo::setStyleTransition(float increment, float seconds) {
    if (!m_crowd) return;
    LocomotionSettings settings = m_crowd->locomotionSettings();
    settings.styleIncrement = std::clamp(increment, 0.001f, 1.0f);
    settings.styleTransitionSeconds = std::clamp(seconds, 0.0f, 60.0f);
    (void)m_crowd->setLocomotionSettings(settings);  // in range: clamped above
}

std::vector<float> SteeringDemo::styleWeights() const {
    if (!m_crowd) return {};
    const CharacterState& st = *m_crowd->state(m_character);
    return std::vector<float>(st.styleWeight.begin(),
                              st.styleWeight.begin() + m_crowd->space().spaces.size());
}

std::vector<float> SteeringDemo::styleTargets() const {
    if (!m_crowd) return {};
    const CharacterState& st = *m_crowd->state(m_character);
    return std::vector<float>(st.styleTarget.begin(),
                              st.styleTarget.begin() + m_crowd->space().spaces.size());
}

std::vector<float> SteeringDemo::blends() const {
    if (!m_crowd) return {};
    const CharacterState& st = *m_crowd->state(m_character);
    return std::vector<float>(st.blend.begin(), st.blend.begin() + m_crowd->space().spaces.size());
}

float SteeringDemo::phase() const { return m_crowd ? m_crowd->state(m_character)->phase : 0.0f; }

double SteeringDemo::seconds() const {
    return m_crowd ? m_crowd->frame() / static_cast<double>(m_crowd->fps()) : 0.0;
}

std::vector<glm::vec2> SteeringDemo::chosenSamples() const {
    const std::vector<glm::vec2> all = fan();
    if (all.size() < 2) return {};
    const float z = std::clamp(*m_crowd->steerTarget(m_character), 0.0f, 1.0f) *
                    static_cast<float>(all.size() - 1);
    const size_t a = std::min(static_cast<size_t>(z), all.size() - 2);
    return {all[a], all[a + 1]};
}

void SteeringDemo::setGoalMode(GoalMode mode) {
    m_goalMode = mode;
    m_mover.reset();
    if (!m_crowd) return;
    if (m_others)
        m_others->setFirstSteered(mode == GoalMode::Place || mode == GoalMode::FollowMouse);
    if (mode == GoalMode::Place || mode == GoalMode::FollowMouse) {
        setGoal(m_goal);
        return;
    }
    const auto scenario = mode == GoalMode::Circle   ? SimulationSettings::Scenario::Circle
                          : mode == GoalMode::Zigzag ? SimulationSettings::Scenario::Zigzag
                                                     : SimulationSettings::Scenario::Figure8;
    // 0.6 x the straight speed of the styles the character has now.
    const CharacterState& st = *m_crowd->state(m_character);
    float speed = 0.0f;
    for (size_t s = 0; s < m_crowd->baked().goalSpaces.size(); ++s)
        speed += st.styleWeight[s] * m_crowd->baked().goalSpaces[s].straight.speed;
    m_mover.emplace(scenario, 0.6f * std::max(speed, 0.5f));
    const GroundFrame g = *m_crowd->ground(m_character);
    m_moverOrigin = glm::vec2(g.x, g.z);
    m_goal = m_moverOrigin + m_mover->position();
    (void)m_crowd->setMovingGoal(m_character, m_goal, m_mover->velocity());  // as setGoal
}

QString SteeringDemo::motionState() const {
    return m_crowd ? QString::fromLatin1(motionStateName(*m_crowd->motionState(m_character)))
                   : QString();
}

QString SteeringDemo::walksOnReason() const {
    if (!m_crowd || m_mover) return {};
    const CharacterState& st = *m_crowd->state(m_character);
    QStringList without;
    for (size_t s = 0; s < m_crowd->space().spaces.size(); ++s) {
        const BakedMotionSpace& space = m_crowd->space().spaces[s];
        if (st.styleWeight[s] < 0.005f) continue;  // as the heads-up text shows weights
        if (!space.stops.empty()) return {};
        without << QString::fromStdString(space.name);
    }
    if (without.isEmpty()) return {};
    return without.size() == 1 ? tr("%1 has no stops").arg(without.front())
                               : tr("%1 have no stops").arg(without.join(", "));
}

float SteeringDemo::distanceToGoal() const {
    if (!m_crowd) return 0.0f;
    const GroundFrame g = *m_crowd->ground(m_character);
    return glm::distance(glm::vec2(g.x, g.z), m_goal);
}

void SteeringDemo::step() {
    if (!m_crowd) return;
    const float fps = m_crowd->fps();
    // The first call shows the pose the character was added with; each later one a frame on.
    if (m_motion.frameCount() > 0) (void)m_crowd->update(1.0f / fps);  // a valid crowd and dt
    // Keep a minute of motion: enough trail, bounded memory.
    const int keep = static_cast<int>(60 * fps);
    if (m_motion.frameCount() > keep + 300) {
        auto trimmed = trimClip(m_motion, m_motion.frameCount() - keep, m_motion.frameCount() - 1);
        if (trimmed) m_motion = std::move(*trimmed);
    }
    const int f = m_motion.frameCount();
    m_motion.resize(f + 1);
    const auto pose = *m_crowd->localPose(m_character);
    std::copy(pose.begin(), pose.end(), m_motion.frameRotations(f).begin());
    m_motion.rootPositions[f] = *m_crowd->rootPosition(m_character);
    if (m_others) {
        if (Status s = m_others->frame(); !s) m_pathProblem = QString::fromStdString(s.message());
        if (!m_path.empty()) m_path = m_others->path();
    }
    followPath();
    if (m_mover) {
        m_mover->advance(1.0f / fps);
        m_goal = m_moverOrigin + m_mover->position();
        (void)m_crowd->setMovingGoal(m_character, m_goal, m_mover->velocity());  // as setGoal
    }
    // Live foot skate over the last two seconds, every half second.
    const int window = static_cast<int>(2 * fps);
    if (m_motion.frameCount() > window && m_motion.frameCount() % static_cast<int>(fps / 2) == 0) {
        if (auto last =
                trimClip(m_motion, m_motion.frameCount() - window, m_motion.frameCount() - 1)) {
            const BakedBehavioralSpace& bs = m_crowd->space();
            m_liveSkate = footSkate(clipJointPositions(*last), last->jointCount(), bs.leftToe,
                                    bs.rightToe, bs.floorHeight, last->fps);
        }
    }
    // Reached: within 0.5 m; counted again once it has been 1.5 m away.
    const float distance = distanceToGoal();
    if (!m_atGoal && distance < 0.5f) {
        m_atGoal = true;
        ++m_reached;
    } else if (m_atGoal && distance > 1.5f) {
        m_atGoal = false;
    }
}

std::vector<glm::vec2> SteeringDemo::fan() const {
    if (!m_crowd || m_naive) return {};
    const auto fan = *m_crowd->steerFan(m_character);
    return std::vector<glm::vec2>(fan.begin(), fan.end());
}

QString SteeringDemo::statusLine() const {
    if (!m_crowd) return tr("Building the motion spaces...");
    const CharacterState& st = *m_crowd->state(m_character);
    QStringList styles;
    for (size_t s = 0; s < m_crowd->space().spaces.size(); ++s)
        styles << QStringLiteral("%1 %2 (blend %3)")
                      .arg(QString::fromStdString(m_crowd->space().spaces[s].name))
                      .arg(st.styleWeight[s], 0, 'f', 2)
                      .arg(st.blend[s], 0, 'f', 2);
    const GroundFrame g = *m_crowd->ground(m_character);
    const float distance = glm::distance(glm::vec2(g.x, g.z), m_goal);
    return tr("%1 | goal %2 m away | goals reached: %3 | drag the goal or click the ground")
        .arg(styles.join(", "))
        .arg(distance, 0, 'f', 1)
        .arg(m_reached);
}

}  // namespace gs

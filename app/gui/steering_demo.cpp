#include "steering_demo.h"

#include "app/project/project_bake.h"

#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>
#include <numbers>

namespace gs {
namespace {

// Everything built from a project: runs on a worker thread.
Expected<std::shared_ptr<SteeringDemo::Built>> buildAll(const QString& path) {
    auto project = Project::load(path);
    if (!project) return project.status();
    // The same bake as gaitspace-cli's, with the project's settings.
    auto baked = bakeProject(*project);
    if (!baked) return baked.status();
    auto built = std::make_shared<SteeringDemo::Built>();
    built->space = std::move(baked->space);
    built->warnings = project->errors();
    built->locomotion = baked->locomotion;
    built->steer = baked->steer;
    built->steering.space = &built->space;
    built->steering.goalSpaces = std::move(baked->goalSpaces);
    return built;
}

}  // namespace

SteeringDemo::SteeringDemo(QObject* parent)
    : QObject(parent), m_watcher(new QFutureWatcher<Expected<std::shared_ptr<Built>>>(this)) {
    connect(m_watcher, &QFutureWatcherBase::finished, this, &SteeringDemo::finishBuild);
}

SteeringDemo::~SteeringDemo() { m_watcher->waitForFinished(); }

void SteeringDemo::build(const QString& projectPath) {
    m_watcher->setFuture(QtConcurrent::run([projectPath] { return buildAll(projectPath); }));
}

void SteeringDemo::finishBuild() {
    auto result = m_watcher->result();
    if (!result) {
        emit failed(QString::fromStdString(result.message()));
        return;
    }
    m_built = *result;
    m_settings = m_built->locomotion;
    m_steer = m_built->steer;
    const BakedBehavioralSpace& bs = m_built->space;
    initCharacter(bs, m_state, GroundFrame{});
    m_motion = Clip{};
    m_motion.name = "steering";
    m_motion.fps = bs.fps;
    m_motion.skeleton = bs.skeleton;
    emit ready();
}

QStringList SteeringDemo::spaceNames() const {
    QStringList names;
    if (m_built)
        for (const auto& s : m_built->space.spaces) names << QString::fromStdString(s.name);
    return names;
}

void SteeringDemo::setGoal(const glm::vec2& goal) { m_goal = goal; }

void SteeringDemo::setStyleMix(float mix) {
    if (!m_built) return;
    std::vector<float> targets(m_built->space.spaces.size(), 0.0f);
    targets.front() = 1.0f - mix;
    targets.back() += mix;
    setStyleTarget(m_state, targets);
}

void SteeringDemo::newGoal() {
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    const float d = 4.0f + 6.0f * unit(m_random);
    const float a = 2.0f * std::numbers::pi_v<float> * unit(m_random);
    m_goal = glm::vec2(m_state.ground.x + d * std::sin(a), m_state.ground.z + d * std::cos(a));
}

void SteeringDemo::step() {
    if (!m_built) return;
    const BakedBehavioralSpace& bs = m_built->space;
    CharacterState* states = &m_state;
    if (m_naive) {
        NaiveSteerJob naive;
        naive.space = &bs;
        naive.characters = std::span(states, 1);
        naive.goals = std::span<const glm::vec2>(&m_goal, 1);
        naive.run();
    } else {
        SteerJob steer;
        steer.settings = m_steer;
        steer.steering = &m_built->steering;
        steer.characters = std::span(states, 1);
        steer.goals = std::span<const glm::vec2>(&m_goal, 1);
        steer.run();
    }
    // Keep a minute of motion: enough trail, bounded memory.
    const int keep = static_cast<int>(60 * bs.fps);
    if (m_motion.frameCount() > keep + 300) {
        auto trimmed = trimClip(m_motion, m_motion.frameCount() - keep, m_motion.frameCount() - 1);
        if (trimmed) m_motion = std::move(*trimmed);
    }
    const int f = m_motion.frameCount();
    m_motion.resize(f + 1);
    LocomotionJob job;
    job.settings = m_settings;
    job.space = &bs;
    job.characters = std::span(states, 1);
    job.localRotations = m_motion.frameRotations(f);
    job.rootPositions = std::span<glm::vec3>(&m_motion.rootPositions[f], 1);
    job.advance = m_state.frame > 0 || f > 0;
    job.run();

    // The steer space the character sees now, for drawing.
    m_fan.clear();
    if (!m_naive) {
        SteerInput inputs[kMaxSpaces];
        int count = 0;
        int c0, c1;
        float w0, w1;
        bs.spaces.front().clipWeights(m_state.blend[0], c0, c1, w0, w1);
        size_t dominant = 0;
        for (size_t s = 1; s < bs.spaces.size(); ++s)
            if (m_state.styleWeight[s] > m_state.styleWeight[dominant]) dominant = s;
        for (size_t s = 0; s < bs.spaces.size(); ++s) {
            if (m_state.styleWeight[s] <= 1e-3f) continue;
            const GoalSpace& g = m_built->steering.goalSpaces[s];
            const float u = bs.spacePhase(static_cast<int>(s), m_state.phase, c0, c1, w0, w1);
            const float rate = static_cast<float>(bs.spaces[s].referenceCycleFrames()) /
                               static_cast<float>(bs.spaces[dominant].referenceCycleFrames());
            inputs[count++] = {&g, &bs.spaces[s], g.startFrameAt(u), m_state.blend[s],
                               m_state.styleWeight[s], rate};
        }
        m_fan.resize(m_built->steering.goalSpaces.front().endBlends);
        steerTarget(std::span<const SteerInput>(inputs, count), m_state.ground, m_goal, m_steer,
                    false, m_fan);
    }
    if (glm::distance(glm::vec2(m_state.ground.x, m_state.ground.z), m_goal) < 0.5f) {
        ++m_reached;
        newGoal();
    }
}

QString SteeringDemo::status() const {
    if (!m_built) return tr("Building the motion spaces...");
    QStringList styles;
    for (size_t s = 0; s < m_built->space.spaces.size(); ++s)
        styles << QStringLiteral("%1 %2 (blend %3)")
                      .arg(QString::fromStdString(m_built->space.spaces[s].name))
                      .arg(m_state.styleWeight[s], 0, 'f', 2)
                      .arg(m_state.blend[s], 0, 'f', 2);
    const float distance = glm::distance(glm::vec2(m_state.ground.x, m_state.ground.z), m_goal);
    return tr("%1 | goal %2 m away | goals reached: %3 | click the ground to move the goal")
        .arg(styles.join(", "))
        .arg(distance, 0, 'f', 1)
        .arg(m_reached);
}

}  // namespace gs

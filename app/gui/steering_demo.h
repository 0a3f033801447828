#pragma once
// SteeringDemo: one character of a project's behavioral space steering toward a goal, live.
//
// The space and its goal spaces are built off the GUI thread (build()); step() then advances
// the character one frame (goal-space steering or the naive controller, the blending core with
// foot lock) and appends the pose to motion(), which the viewport plays. The goal can be set at
// any time; once it is reached the demo sets a new one nearby so the character keeps walking.

#include <QFutureWatcher>
#include <QObject>

#include <memory>
#include <random>

#include "app/project/project.h"
#include "core/runtime/steering.h"

namespace gs {

class SteeringDemo : public QObject {
    Q_OBJECT
public:
    explicit SteeringDemo(QObject* parent = nullptr);
    ~SteeringDemo() override;

    // Loads the project and builds its spaces in the background; ready() or failed() follows.
    void build(const QString& projectPath);
    bool isReady() const { return m_built != nullptr; }

    void step();
    const Clip& motion() const { return m_motion; }
    glm::vec2 goal() const { return m_goal; }
    void setGoal(const glm::vec2& goal);
    // Weight of the last motion space against the first (0 = all the first space).
    void setStyleMix(float mix);
    void setNaive(bool naive) { m_naive = naive; }
    QStringList spaceNames() const;
    // The steer space (world XZ) of the last steering decision, and a status line.
    const std::vector<glm::vec2>& fan() const { return m_fan; }
    QString status() const;

    // What build() makes on a worker thread.
    struct Built {
        BakedBehavioralSpace space;
        SteeringSpace steering;  // points into space
        QStringList warnings;
        LocomotionSettings locomotion;  // the project's (project_bake.h)
        SteerSettings steer;
    };

signals:
    void ready();
    void failed(const QString& message);

private:
    void finishBuild();
    void newGoal();

    QFutureWatcher<Expected<std::shared_ptr<Built>>>* m_watcher;
    std::shared_ptr<Built> m_built;
    CharacterState m_state;
    LocomotionSettings m_settings;
    SteerSettings m_steer;
    glm::vec2 m_goal{0.0f, 6.0f};
    bool m_naive = false;
    Clip m_motion;
    std::vector<glm::vec2> m_fan;
    std::mt19937 m_random{7};
    int m_reached = 0;
};

}  // namespace gs

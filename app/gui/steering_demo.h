#pragma once
// SteeringDemo: one character of a project's behavioral space steering toward a goal, live.
//
// The project is baked (behavioral space, goal spaces, its settings: project_bake.h, as the CLI
// bakes it) off the GUI thread (build()); the character then runs in a gs::Crowd, the runtime's
// one character API. step() advances it one frame and appends the pose to motion(), which the
// viewport plays. The goal can be set at any time; once it is reached the demo sets a new one
// nearby so the character keeps walking.

#include <QFutureWatcher>
#include <QObject>

#include <memory>
#include <random>

#include "app/project/project.h"
#include "core/runtime/crowd.h"

namespace gs {

class SteeringDemo : public QObject {
    Q_OBJECT
public:
    explicit SteeringDemo(QObject* parent = nullptr);
    ~SteeringDemo() override;

    // Loads the project and bakes its spaces in the background; ready() or failed() follows.
    void build(const QString& projectPath);
    bool isReady() const { return m_crowd != nullptr; }

    void step();
    const Clip& motion() const { return m_motion; }
    glm::vec2 goal() const { return m_goal; }
    void setGoal(const glm::vec2& goal);
    // Weight of the last motion space against the first (0 = all the first space).
    void setStyleMix(float mix);
    void setNaive(bool naive);
    QStringList spaceNames() const;
    // The steer space (world XZ) of the last steering decision, and a status line.
    std::vector<glm::vec2> fan() const;
    QString status() const;
    const Crowd* crowd() const { return m_crowd.get(); }
    CharacterId character() const { return m_character; }

    // What build() makes on a worker thread.
    struct Built {
        std::shared_ptr<const BakedSpaceFile> baked;
        QStringList warnings;
    };

signals:
    void ready();
    void failed(const QString& message);

private:
    void finishBuild();
    void newGoal();

    QFutureWatcher<Expected<std::shared_ptr<Built>>>* m_watcher;
    std::unique_ptr<Crowd> m_crowd;
    CharacterId m_character = kNoCharacter;
    glm::vec2 m_goal{0.0f, 6.0f};
    bool m_naive = false;
    Clip m_motion;
    std::mt19937 m_random{7};
    int m_reached = 0;
};

}  // namespace gs

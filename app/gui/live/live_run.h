#pragma once
// LiveRun: the project's character steering live in the 3D view.
//
// build() bakes the document's spaces as they are now (saved or not) in the background, with
// progress and Cancel (its BackgroundTask, shown in the Messages dock); the run that was going
// on keeps going until the new build is ready, then the live run switches to it (ready()). A
// cancelled or failed build leaves the running one. The live run is not the document: the goal
// (dragged, clicked, following the mouse, or scripted), the pause and the view's overlays are
// its own; the style keys and style transition come from the document.
//
// While active, it advances the character whole frames at the space's rate as the wall clock
// asks (at most four at a time, never catching up after a stall), applies the style track's keys,
// and draws the run: the pose, the goal marker, the steer space of the last decision and the two
// samples chosen, and the heads-up text (hudLines(): one helper per line, so that a line for a
// new state is one more call). A paused run says so in place of the frame time.

#include <QElapsedTimer>
#include <QObject>

#include <memory>
#include <vector>

#include "app/document/project_document.h"
#include "app/gui/live/steering_demo.h"
#include "render/debug_draw.h"
#include "widgets/style_editor.h"

class QTimer;

namespace gs {

class BackgroundTask;
class Viewport;

class LiveRun : public QObject {
    Q_OBJECT
public:
    LiveRun(ProjectDocument* doc, Viewport* view, QObject* parent = nullptr);
    ~LiveRun() override;

    // Bakes the document as it is now; `what` names it in the progress line. Once built the run
    // takes the view (Take: the user asked for it), or only when the view shows no clip then
    // (WhenFree: a project opened); a run that was in the view goes on with the new build. When
    // nothing the build is made of changed since the build the run uses (the spaces, the files
    // and trims of their clips, the settings baked), nothing is built and the character keeps
    // running where it is (unchanged()).
    enum class Start { Take, WhenFree };
    void build(const QString& what, Start start);
    void cancelBuild();
    bool isBuilding() const;
    BackgroundTask* buildTask() const { return m_task; }
    // "walk 5 clips, jog 5 clips": what the live build holds.
    QString buildSummary() const;
    // What the build the run uses says of a space (SteeringDemo::spaceNotes); empty when none.
    QStringList spaceNotes(const QString& space) const;

    SteeringDemo* demo() const { return m_demo; }
    bool isReady() const { return m_demo && m_demo->isReady(); }

    // The view shows the live run (start) or not (stop); a started run may be paused.
    void start();
    void stop();
    bool isActive() const { return m_active; }
    bool isRunning() const;  // active and not paused
    void setPaused(bool paused);
    void togglePause();
    // Paused, one frame on.
    void stepOnce();

    // Characters walking at once (1-50; SteeringDemo::setCharacters): with a level the others walk
    // to random goals of its navigation mesh, avoiding each other and the first; kept for the next
    // build. Live-run state, not the document.
    void setCharacters(int characters);
    int characters() const { return m_characters; }
    // Whether the run now can run several (it has a level).
    bool canRunSeveral() const { return isReady() && m_demo->level(); }

    void setGoalMode(SteeringDemo::GoalMode mode);
    SteeringDemo::GoalMode goalMode() const { return m_goalMode; }
    void setNaive(bool naive);
    void setOverlays(bool fan, bool path);
    // With a level: its navigation mesh drawn over it (View > Navigation Mesh).
    void setNavigationMeshShown(bool shown);
    // The user's style targets (sliders); they hold until the track's next key.
    void setStyleTargets(const std::vector<float>& targets);
    // The style track in the live run's space order (styleNames()).
    void setStyleKeys(std::vector<StyleKey> keys, double trackLength);
    // Style names of the live run, else of the spaces a build would have.
    QStringList styleNames() const;

    // The heads-up text of the run now.
    QStringList hudLines() const;
    // Why the character's style now differs from the one set (the sliders or the key that sets
    // them): a borrowed tighter turn, keeping pace with a moving goal, a stop or a start of another
    // style, standing; with Keep style on, what it cannot keep and why. Empty when they agree.
    QString styleReason() const;
    // The key of the style track that sets the style targets now (an index of the keys given to
    // setStyleKeys), or -1 when the sliders set them.
    int activeStyleKey() const { return m_activeKey; }
    // The run so far (the last minute) as BVH (.bvh) or glTF (.glb, .gltf): the project's skinned
    // character playing it retargeted when it has one, else the clips' skeleton.
    Status exportRun(const QString& path);

signals:
    // A new build is live (demo() changed); `summary` says what it holds.
    void ready(const QString& summary);
    void buildFailed(const QString& message);
    // build() found the build the run uses up to date; `summary` says what it holds.
    void unchanged(const QString& summary);
    void buildCancelled();
    void started();
    void stopped();
    void pausedChanged(bool paused);
    // After each frame shown (the docks read the run).
    void advanced();
    // The style track set new targets.
    void styleTargetsApplied(const std::vector<float>& targets);
    // The key that sets the style targets changed (activeStyleKey(); -1 = none: the track is
    // empty).
    void styleKeyChanged(int index);
    void message(gs::ProjectDocument::Level level, const QString& text);

private:
    void tick();
    void advance(int frames);
    void show();
    void applyStyleTransition();
    void applySteering();
    QString styleLine() const;
    QString blendLine() const;
    QString phaseLine() const;
    QString skateLine() const;
    QString goalLine() const;

    ProjectDocument* m_doc;
    Viewport* m_view;
    BackgroundTask* m_task;
    SteeringDemo* m_demo = nullptr;
    QTimer* m_timer;
    QElapsedTimer m_clock;
    double m_time = 0.0;
    bool m_active = false;
    bool m_paused = false;
    bool m_naive = false;
    bool m_showFan = true, m_showPath = true, m_showNavMesh = true;
    DebugDraw m_navMeshLines;  // the live level's navigation mesh, drawn once per build
    SteeringDemo::GoalMode m_goalMode = SteeringDemo::GoalMode::Place;
    int m_characters = 1;
    std::vector<StyleKey> m_keys;
    double m_trackLength = 20.0;
    int m_activeKey = -1;
    std::vector<float> m_setTargets;  // the style set (sliders or key), one per space of the run
    QByteArray m_builtKey;            // what the build the run uses was made of (buildKey)
};

}  // namespace gs

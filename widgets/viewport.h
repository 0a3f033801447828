#pragma once
// Viewport: the 3D view of a clip's character (QOpenGLWidget over render's Renderer).
//
// It only paints and forwards input: the owner sets the clip and the frame. Mouse: a left press
// on the goal marker (its disc, pole or ball) drags the goal over the ground (goalDragged); where
// the character stands on the goal the marker shows only as a ring on the ground (a pole through
// the body hides it), which drags the goal alike; any other left drag orbits,
// Alt + left drag always orbits; right or middle drag pans; the wheel zooms; a left click on the
// ground is groundClicked; moving the mouse over the ground is groundHovered. F toggles following
// the character. The camera never goes below the floor. A heads-up text (setHud) is painted over
// the top left corner with the measured frame time. GL objects belong to the Renderer, which
// frees them when the widget's context goes away.

#include <QElapsedTimer>
#include <QOpenGLWidget>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

#include "core/clip/clip.h"
#include "render/camera.h"
#include "render/character.h"
#include "render/debug_draw.h"
#include "render/scene.h"

namespace gs {

class Renderer;
struct CharacterAsset;

class Viewport : public QOpenGLWidget {
    Q_OBJECT
public:
    explicit Viewport(QWidget* parent = nullptr);
    ~Viewport() override;

    // The clip to show (not owned; null = none). A mannequin is built around its skeleton.
    void setClip(const Clip* clip);
    // An image (PNG/JPEG) mapped onto the mannequin through its UVs; empty = the base colour. A
    // file that cannot be read is reported by warning() and the base colour is drawn.
    void setTexture(const QString& path);
    // A skinned model (glTF/GLB, FBX, COLLADA) retargeted to the clip's skeleton, with a joint map
    // (target -> source) or the built-in maps when empty; an empty path = the mannequin. A model
    // that cannot be read or mapped is reported by warning() and the mannequin is drawn.
    void setModel(const QString& path,
                  const std::vector<std::pair<std::string, std::string>>& jointMap = {});
    QString model() const { return m_model; }
    bool isModelShown() const { return m_character && m_character->isRetargeted(); }
    // The character drawn (a mannequin or the retargeted model), null when no clip is shown.
    const Character* character() const { return m_character ? &*m_character : nullptr; }
    const Clip* clip() const { return m_clip; }
    void setFrame(float frame);
    float frame() const { return m_frame; }
    // A second pose drawn over the first as a ghost (the character in one flat colour, with its
    // skeleton; the shown clip's skeleton is drawn too): `clip` (the same hierarchy as the shown
    // clip; not owned) at `frame`, moved by `toShown` (the ghost clip's world into the shown
    // clip's world). Null = none; setClip() clears it.
    void setGhost(const Clip* clip, float frame, const glm::mat4& toShown = glm::mat4(1.0f));
    const Clip* ghostClip() const { return m_ghost; }
    // Other characters drawn with the shown clip's character (its mesh, no trail): each frame of
    // `others` (the same hierarchy as the shown clip; not owned) is one of them, posed as that
    // frame is. Null = none; setClip() clears it. Call again (or update()) when it changed.
    void setOthers(const Clip* others);
    const Clip* others() const { return m_others; }
    float ghostFrame() const { return m_ghostFrame; }
    // What the last paint drew (characters, skeleton lines), for scripts and tests.
    const Scene& lastScene() const { return m_lastScene; }
    bool following() const { return m_camera.following(); }
    void setFollowing(bool on);
    void setSkeletonVisible(bool on);
    void setTrailVisible(bool on);
    // Frames the character again, and the others about it when there are some (Home).
    void frameAll();
    // A level drawn around the character (levelSkinnedMesh: one joint, placed where it is made);
    // null = none, the open ground. While a level is shown the ground plane and the blob shadows
    // are not drawn (the level has its own floor) and groundAt() meets the level's surface.
    void setLevel(std::shared_ptr<const SkinnedMesh> level);
    bool hasLevel() const { return m_level != nullptr; }
    // The goal marker on the ground (none when empty) and extra lines/points (the steer space).
    void setGoal(const std::optional<glm::vec3>& goal);
    void setOverlay(const DebugDraw& overlay);
    // Lines of text drawn over the view's top left corner (after the frame-time line).
    void setHud(const QStringList& lines);
    const QStringList& hud() const { return m_hud; }
    // A line shown instead of the frame time ("paused": no frames are drawn to time); empty = the
    // frame time.
    void setHudStatus(const QString& status);
    const QString& hudStatus() const { return m_hudStatus; }
    // Mean time between the last painted frames (milliseconds; 0 before two frames).
    float frameTimeMs() const { return m_frameMs; }
    // The intervals between painted frames (milliseconds), the last 100,000 kept.
    const std::vector<float>& frameTimes() const { return m_frameTimes; }
    void clearFrameTimes() { m_frameTimes.clear(); }
    // The ground point under a widget position, if the ray meets it in front of the eye: the
    // nearest level triangle it meets when a level is shown, else the plane y = 0.
    std::optional<glm::vec3> groundAt(const QPointF& position) const;
    // The goal marker's window position (pixels), when there is a goal in front of the camera.
    std::optional<QPointF> goalOnScreen() const;
    // The window position of the ball on top of the marker's pole, when the pole is drawn (not
    // where the character stands on the goal) and in front of the camera.
    std::optional<QPointF> goalBallOnScreen() const;
    // Whether the last paint drew the marker's pole and ball (false near the character).
    bool isGoalPoleShown() const { return m_goalPole; }
    const Camera& camera() const { return m_camera; }
    QSize sizeHint() const override { return {960, 600}; }
    // Multisampling of viewports made from now on (0 = none; default 4).
    static void setSamples(int samples);

signals:
    void followingChanged(bool on);
    // A click (no drag) on the ground plane, in world coordinates.
    void groundClicked(const glm::vec3& point);
    // The goal marker dragged to a ground point (each move of the drag), and let go.
    void goalDragged(const glm::vec3& point);
    void goalDropped(const glm::vec3& point);
    // The mouse over a ground point, no button pressed.
    void groundHovered(const glm::vec3& point);
    // A sentence about something that could not be shown (a texture, a mesh).
    void warning(const QString& message);
    // The character drawn changed (a clip of another skeleton, a model, a texture).
    void characterChanged();

protected:
    void initializeGL() override;
    void paintGL() override;
    void paintHud();
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void makeCharacter();
    void uploadCharacter();
    void uploadLevel();
    void addOthers(Scene& scene) const;
    // With others shown: the camera framed (Home) far and high enough to see them about the
    // first at `root`.
    void frameOthers(const Scene& scene, const glm::vec3& root);
    // Whether a window position grabs the goal marker.
    bool onGoalMarker(const QPointF& position) const;

    static int s_samples;
    Renderer* m_renderer = nullptr;  // child QObject
    const Clip* m_clip = nullptr;
    std::optional<Character> m_character;
    QString m_texture;
    QString m_model;
    std::vector<std::pair<std::string, std::string>> m_jointMap;
    std::shared_ptr<const CharacterAsset> m_asset;  // the model's file as read
    QString m_assetPath;                            // the file m_asset was read from (or failed)
    int m_mesh = -1;
    bool m_meshStale = false;
    std::shared_ptr<const SkinnedMesh> m_level;
    int m_levelMesh = -1;
    bool m_levelStale = false;
    float m_frame = 0.0f;
    const Clip* m_ghost = nullptr;
    const Clip* m_others = nullptr;
    float m_ghostFrame = 0.0f;
    glm::mat4 m_ghostTransform{1.0f};
    Scene m_lastScene;
    bool m_skeleton = false;
    bool m_trail = true;
    bool m_framed = false;
    Camera m_camera;
    QPoint m_lastMouse;
    QPoint m_pressMouse;
    std::optional<glm::vec3> m_goal;
    bool m_draggingGoal = false;
    bool m_goalPole = true;  // the marker's pole drawn (the character is not standing on the goal)
    glm::vec3 m_lastRoot{0.0f};  // the character's hips at the last paint
    DebugDraw m_overlay;
    QStringList m_hud;
    QString m_hudStatus;
    QElapsedTimer m_clock;
    QElapsedTimer m_frameClock;
    float m_frameMs = 0.0f;
    std::vector<float> m_frameTimes;
};

}  // namespace gs

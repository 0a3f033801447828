#include "widgets/viewport.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

#include <QFileInfo>

#include "core/io/character_import.h"
#include "render/clip_scene.h"
#include "render/marker_mesh.h"
#include "render/renderer.h"

namespace gs {

int Viewport::s_samples = 4;

namespace {

// The nearest point where the ray from `origin` along `dir` (t > 0) meets a triangle of the
// level (Moller-Trumbore), if any.
std::optional<glm::vec3> levelAt(const SkinnedMesh& level, const glm::vec3& origin,
                                 const glm::vec3& dir) {
    float best = std::numeric_limits<float>::infinity();
    for (size_t i = 0; i + 2 < level.indices.size(); i += 3) {
        const glm::vec3 p0 = level.vertices[level.indices[i]].position;
        const glm::vec3 e1 = level.vertices[level.indices[i + 1]].position - p0;
        const glm::vec3 e2 = level.vertices[level.indices[i + 2]].position - p0;
        const glm::vec3 h = glm::cross(dir, e2);
        const float det = glm::dot(e1, h);
        if (std::abs(det) < 1e-12f) continue;
        const glm::vec3 s = origin - p0;
        const float u = glm::dot(s, h) / det;
        if (u < 0.0f || u > 1.0f) continue;
        const glm::vec3 q = glm::cross(s, e1);
        const float v = glm::dot(dir, q) / det;
        if (v < 0.0f || u + v > 1.0f) continue;
        const float t = glm::dot(e2, q) / det;
        if (t > 0.0f && t < best) best = t;
    }
    if (!std::isfinite(best)) return std::nullopt;
    return origin + dir * best;
}

// The goal marker's shape, read from its mesh (render/marker_mesh.h): its height to the top of
// the ball, the ball's and the disc's radius (metres).
struct MarkerShape {
    float top = 0.0f, ball = 0.0f, disc = 0.0f;
};

const MarkerShape& markerShape() {
    static const MarkerShape shape = [] {
        MarkerShape m;
        const SkinnedMesh mesh = makeGoalMarker();
        for (const SkinVertex& v : mesh.vertices) m.top = std::max(m.top, v.position.y);
        for (const SkinVertex& v : mesh.vertices) {
            const float r = glm::length(glm::vec2(v.position.x, v.position.z));
            if (v.position.y > 0.5f * m.top)
                m.ball = std::max(m.ball, r);  // the ball is the widest up there
            else if (v.position.y < 0.05f)
                m.disc = std::max(m.disc, r);
        }
        return m;
    }();
    return shape;
}

// A character whose hips are this near the goal (metres, on the ground) stands on it: the pole
// would go through its body.
constexpr float kPoleClearance = 0.6f;

}  // namespace

void Viewport::setSamples(int samples) { s_samples = std::clamp(samples, 0, 16); }

Viewport::Viewport(QWidget* parent) : QOpenGLWidget(parent), m_renderer(new Renderer(this)) {
    setMinimumSize(320, 240);
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);  // groundHovered
    QSurfaceFormat f = format();
    f.setVersion(3, 3);
    f.setProfile(QSurfaceFormat::CoreProfile);
    f.setSamples(s_samples);
    f.setDepthBufferSize(24);
    setFormat(f);
}

Viewport::~Viewport() {
    // Free GL objects with our context current (hellogl2's cleanup pattern).
    makeCurrent();
    m_renderer->release();
    doneCurrent();
}

void Viewport::setClip(const Clip* clip) {
    m_clip = clip;
    m_ghost = nullptr;
    m_others = nullptr;
    makeCharacter();
    m_framed = false;
    m_frame = 0.0f;
    update();
}

void Viewport::setTexture(const QString& path) {
    if (path == m_texture) return;
    m_texture = path;
    makeCharacter();
    update();
}

void Viewport::setModel(const QString& path,
                        const std::vector<std::pair<std::string, std::string>>& jointMap) {
    if (path == m_model && jointMap == m_jointMap) return;
    m_model = path;
    m_jointMap = jointMap;
    makeCharacter();
    update();
}

void Viewport::makeCharacter() {
    m_character.reset();
    if (m_clip && !m_model.isEmpty()) {
        // The file is read once per model (a file that fails is not read again for each clip);
        // each clip retargets the asset kept.
        if (m_assetPath != m_model) {
            m_assetPath = m_model;
            m_asset.reset();
            auto asset = importCharacter(m_model.toStdString());
            if (asset)
                m_asset = std::make_shared<const CharacterAsset>(std::move(*asset));
            else
                emit warning(QFileInfo(m_model).fileName() + ": " +
                             QString::fromStdString(asset.message()) +
                             tr("; drawing the mannequin instead"));
        }
        if (m_asset) {
            JointMap map;
            map.name = "project map";
            for (const auto& [target, source] : m_jointMap) map.pairs.push_back({target, source});
            auto character =
                Character::imported(*m_asset, *m_clip, m_jointMap.empty() ? nullptr : &map);
            if (character)
                m_character = std::move(*character);
            else
                emit warning(QString::fromStdString(character.message()) +
                             tr("; drawing the mannequin instead"));
        }
    }
    if (m_clip && !m_character) {
        MannequinSettings settings;
        settings.texturePath = m_texture.toStdString();
        auto character = Character::mannequin(*m_clip, settings);
        if (character)
            m_character = std::move(*character);
        else
            emit warning(QString::fromStdString(character.message()));
    }
    m_meshStale = true;
    emit characterChanged();
}

void Viewport::setFrame(float frame) {
    if (frame == m_frame) return;
    m_frame = frame;
    update();
}

void Viewport::setGhost(const Clip* clip, float frame, const glm::mat4& toShown) {
    m_ghost = clip;
    m_ghostFrame = frame;
    m_ghostTransform = toShown;
    update();
}

void Viewport::setOthers(const Clip* others) {
    m_others = others;
    update();
}

void Viewport::addOthers(Scene& scene) const {
    if (!m_others || m_others->isEmpty() || !m_others->skeleton.sameHierarchy(m_clip->skeleton))
        return;
    std::vector<Transform> world;
    for (int f = 0; f < m_others->frameCount(); ++f) {
        CharacterDraw other;
        other.mesh = m_mesh;
        m_character->pose(*m_others, static_cast<float>(f), world, other.palette);
        other.root =
            world.empty()
                ? glm::vec3(0.0f)
                : world[std::min<size_t>(m_character->hipsJoint(), world.size() - 1)].translation;
        scene.characters.push_back(std::move(other));
    }
}

void Viewport::frameOthers(const Scene& scene, const glm::vec3& root) {
    // The characters after the first (and a ghost) are the others: the farthest sets the view.
    float farthest = 0.0f;
    for (size_t k = 1; k < scene.characters.size(); ++k)
        farthest = std::max(farthest, glm::distance(glm::vec2(scene.characters[k].root.x,
                                                              scene.characters[k].root.z),
                                                    glm::vec2(root.x, root.z)));
    if (!m_others || m_others->isEmpty() || farthest < 1.0f) return;
    // From higher up and far enough back that a circle of that radius about the first fits.
    m_camera.setPitch(std::max(m_camera.pitch(), 0.75f));
    m_camera.setDistance(
        std::max(m_camera.distance(), farthest / std::tan(0.5f * m_camera.fieldOfView()) * 0.9f));
}

void Viewport::setFollowing(bool on) {
    if (on == m_camera.following()) return;
    m_camera.setFollowing(on);
    emit followingChanged(on);
    update();
}

void Viewport::frameAll() {
    m_framed = false;
    update();
}

void Viewport::setSkeletonVisible(bool on) {
    if (on == m_skeleton) return;
    m_skeleton = on;
    update();
}

void Viewport::setTrailVisible(bool on) {
    if (on == m_trail) return;
    m_trail = on;
    update();
}

void Viewport::setGoal(const std::optional<glm::vec3>& goal) {
    if (goal == m_goal) return;
    m_goal = goal;
    update();
}

void Viewport::setOverlay(const DebugDraw& overlay) {
    m_overlay = overlay;
    update();
}

void Viewport::setHud(const QStringList& lines) {
    if (lines == m_hud) return;
    m_hud = lines;
    update();
}

void Viewport::setHudStatus(const QString& status) {
    if (status == m_hudStatus) return;
    m_hudStatus = status;
    update();
}

std::optional<glm::vec3> Viewport::groundAt(const QPointF& position) const {
    if (width() <= 0 || height() <= 0) return std::nullopt;
    // Unproject the position to a ray and meet the level or the ground plane (y = 0).
    const float x = 2.0f * static_cast<float>(position.x()) / width() - 1.0f;
    const float y = 1.0f - 2.0f * static_cast<float>(position.y()) / height();
    const glm::mat4 inverse =
        glm::inverse(m_camera.projection(float(width()) / height()) * m_camera.view());
    const glm::vec4 a = inverse * glm::vec4(x, y, -1.0f, 1.0f),
                    b = inverse * glm::vec4(x, y, 1.0f, 1.0f);
    const glm::vec3 nearPoint = glm::vec3(a) / a.w, farPoint = glm::vec3(b) / b.w;
    const glm::vec3 dir = farPoint - nearPoint;
    if (m_level) return levelAt(*m_level, nearPoint, dir);
    if (std::abs(dir.y) < 1e-6f) return std::nullopt;
    const float t = -nearPoint.y / dir.y;
    if (!(t > 0.0f)) return std::nullopt;
    return nearPoint + dir * t;
}

std::optional<QPointF> Viewport::goalOnScreen() const {
    if (!m_goal || width() <= 0 || height() <= 0) return std::nullopt;
    const glm::vec3 p = m_camera.project(*m_goal, width(), height());
    if (p.z < 0.0f) return std::nullopt;
    return QPointF(p.x, p.y);
}

std::optional<QPointF> Viewport::goalBallOnScreen() const {
    if (!m_goal || !m_goalPole || width() <= 0 || height() <= 0) return std::nullopt;
    const MarkerShape& shape = markerShape();
    const glm::vec3 p = m_camera.project(*m_goal + glm::vec3(0.0f, shape.top - shape.ball, 0.0f),
                                         width(), height());
    if (p.z < 0.0f) return std::nullopt;
    return QPointF(p.x, p.y);
}

bool Viewport::onGoalMarker(const QPointF& p) const {
    const auto foot = goalOnScreen();
    if (!foot || !m_goal) return false;
    // The disc: a press on the ground within it (and a little more).
    const MarkerShape& shape = markerShape();
    const auto ground = groundAt(p);
    if (ground && glm::distance(*ground, *m_goal) < shape.disc + 0.05f) return true;
    if (!m_goalPole) return false;
    // The pole and the ball on top: within a few pixels of the line from the foot to the top,
    // or of the ball as drawn.
    const glm::vec3 top =
        m_camera.project(*m_goal + glm::vec3(0.0f, shape.top, 0.0f), width(), height());
    const glm::vec3 under = m_camera.project(
        *m_goal + glm::vec3(0.0f, shape.top - 2.0f * shape.ball, 0.0f), width(), height());
    const QPointF a = *foot, b(top.x, top.y);
    const QPointF ab = b - a;
    const double len2 = QPointF::dotProduct(ab, ab);
    const double t = len2 > 0.0 ? std::clamp(QPointF::dotProduct(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    const double grab = 22.0;  // pixels
    if (QLineF(p, a + ab * t).length() < grab) return true;
    const auto ball = goalBallOnScreen();
    const double ballPixels =
        QLineF(QPointF(top.x, top.y), QPointF(under.x, under.y)).length() / 2.0;
    return ball && QLineF(p, *ball).length() < std::max(grab, ballPixels + 6.0);
}

void Viewport::initializeGL() {
    const Status s = m_renderer->initialize();
    if (!s) emit warning(tr("3D view unavailable: %1").arg(QString::fromStdString(s.message())));
    m_meshStale = true;
    m_levelStale = true;
    m_clock.start();
}

void Viewport::uploadCharacter() {
    if (m_mesh >= 0) m_renderer->remove(m_mesh);
    m_mesh = m_character ? m_renderer->upload(m_character->mesh()) : -1;
    for (const QString& w : m_renderer->takeWarnings()) emit warning(w);
    m_meshStale = false;
}

void Viewport::setLevel(std::shared_ptr<const SkinnedMesh> level) {
    m_level = std::move(level);
    m_levelStale = true;
    update();
}

void Viewport::uploadLevel() {
    if (m_levelMesh >= 0) m_renderer->remove(m_levelMesh);
    m_levelMesh = m_level ? m_renderer->upload(*m_level) : -1;
    for (const QString& w : m_renderer->takeWarnings()) emit warning(w);
    m_levelStale = false;
}

void Viewport::paintGL() {
    if (!m_renderer->isInitialized()) return;
    if (m_meshStale) uploadCharacter();
    if (m_levelStale) uploadLevel();
    Scene scene;
    if (m_clip && m_character && m_mesh >= 0) {
        ClipSceneOptions options;
        options.skeleton = m_skeleton || m_ghost;
        options.trail = m_trail;
        const PlacedCharacter placed =
            addClipFrame(scene, *m_character, m_mesh, *m_clip, m_frame, options);
        m_lastRoot = placed.root;
        if (m_ghost && !m_ghost->isEmpty() && m_ghost->skeleton.sameHierarchy(m_clip->skeleton)) {
            // The ghost: the same mesh posed by the other clip and moved into this clip's world.
            std::vector<Transform> world;
            CharacterDraw ghost;
            ghost.mesh = m_mesh;
            ghost.tint = glm::vec4(0.55f, 0.75f, 1.0f, 1.0f);
            m_character->pose(*m_ghost, m_ghostFrame, world, ghost.palette);
            for (glm::mat4& m : ghost.palette) m = m_ghostTransform * m;
            std::vector<glm::vec3> joints;
            for (const Transform& t : world)
                joints.push_back(glm::vec3(m_ghostTransform * glm::vec4(t.translation, 1.0f)));
            ghost.root = joints.empty() ? glm::vec3(0.0f) : joints.front();
            scene.characters.push_back(std::move(ghost));
            const glm::vec4 colour(1.0f, 0.55f, 0.1f, 1.0f);
            scene.debug.skeleton(joints, m_character->skeleton().parents, colour);
            scene.debug.points(joints, colour, 5.0f);
        }
        addOthers(scene);
        const float dt = m_clock.restart() / 1000.0f;
        if (!m_framed) {
            m_camera.frame(CameraView::Follow, placed.root, placed.heading, m_character->height());
            frameOthers(scene, placed.root);
            m_framed = true;
        } else {
            m_camera.follow({placed.root.x, m_camera.target().y, placed.root.z}, dt);
        }
    }
    // The marker's pole through a character standing on the goal hides it: there the goal shows
    // as a ring on the ground.
    m_goalPole = true;
    if (m_goal && m_clip && m_character && m_mesh >= 0 && !m_clip->isEmpty()) {
        const glm::vec3 root = m_lastRoot;
        m_goalPole = glm::distance(glm::vec2(root.x, root.z), glm::vec2(m_goal->x, m_goal->z)) >=
                     kPoleClearance;
    }
    if (m_goalPole) {
        scene.goal = m_goal;
    } else if (m_goal) {
        const float r = markerShape().disc;
        const glm::vec4 colour = scene.goalColor;
        constexpr int kSides = 32;
        for (int k = 0; k < kSides; ++k) {
            const float a0 = 6.2831853f * k / kSides, a1 = 6.2831853f * (k + 1) / kSides;
            scene.debug.line(*m_goal + glm::vec3(r * std::sin(a0), 0.02f, r * std::cos(a0)),
                             *m_goal + glm::vec3(r * std::sin(a1), 0.02f, r * std::cos(a1)),
                             colour);
        }
        scene.debug.points(std::span(&*m_goal, 1), colour, 9.0f);
    }
    for (const auto& v : m_overlay.pointVertices())
        scene.debug.points(std::span(&v.position, 1), v.color, 7.0f);
    const auto& lines = m_overlay.lines();
    for (size_t i = 0; i + 1 < lines.size(); i += 2)
        scene.debug.line(lines[i].position, lines[i + 1].position, lines[i].color);
    if (m_levelMesh >= 0) {
        // Drawn after the characters, so that scene.characters[0] stays the character.
        CharacterDraw level;
        level.mesh = m_levelMesh;
        level.palette.assign(1, glm::mat4(1.0f));
        level.shadowRadius = 0.0f;
        scene.characters.push_back(std::move(level));
        scene.showGround = false;
    }
    const qreal dpr = devicePixelRatio();
    m_renderer->render(scene, m_camera, static_cast<int>(width() * dpr),
                       static_cast<int>(height() * dpr));
    m_lastScene = std::move(scene);

    // Frame time: an average over the last frames.
    if (m_frameClock.isValid()) {
        const float ms = m_frameClock.nsecsElapsed() * 1e-6f;
        m_frameMs = m_frameMs > 0.0f ? 0.9f * m_frameMs + 0.1f * ms : ms;
        if (m_frameTimes.size() < 100000) m_frameTimes.push_back(ms);
    }
    m_frameClock.start();
    if (!m_hud.isEmpty()) paintHud();
}

// The heads-up text over the view: the frame time (or the status), then the lines set, each
// broken between words where wider than the view.
void Viewport::paintHud() {
    QPainter painter(this);
    painter.setRenderHint(QPainter::TextAntialiasing);
    QStringList hud;
    if (!m_hudStatus.isEmpty())
        hud << m_hudStatus;
    else if (m_frameMs > 0.0f)
        hud << tr("frame %1 ms (%2 fps)")
                   .arg(m_frameMs, 0, 'f', 1)
                   .arg(1000.0f / m_frameMs, 0, 'f', 0);
    const QFontMetrics metrics(painter.font());
    // A line wider than the view goes on over the next ones, broken between words and indented.
    const int room = std::max(120, width() - 40);
    for (const QString& line : m_hud) {
        QString rest = line;
        while (metrics.horizontalAdvance(rest) > room) {
            int cut = static_cast<int>(rest.size()) - 1;
            while (cut > 0 && (rest[cut] != QLatin1Char(' ') ||
                               metrics.horizontalAdvance(rest.left(cut)) > room))
                --cut;
            if (cut <= 2) break;  // one word wider than the view: drawn whole
            hud << rest.left(cut);
            rest = QStringLiteral("   ") + rest.mid(cut + 1);
        }
        hud << rest;
    }
    int widest = 0;
    for (const QString& line : hud) widest = std::max(widest, metrics.horizontalAdvance(line));
    const int lineHeight = metrics.height();
    painter.fillRect(QRect(8, 8, widest + 16, lineHeight * hud.size() + 10),
                     QColor(20, 24, 30, 150));
    painter.setPen(QColor(235, 238, 242));
    for (int i = 0; i < hud.size(); ++i)
        painter.drawText(QPoint(16, 13 + metrics.ascent() + i * lineHeight), hud[i]);
}

void Viewport::mousePressEvent(QMouseEvent* event) {
    m_lastMouse = m_pressMouse = event->position().toPoint();
    m_draggingGoal = false;
    if (event->button() != Qt::LeftButton || (event->modifiers() & Qt::AltModifier)) return;
    // A press on the goal marker (its disc, up its pole or on its ball) grabs it.
    m_draggingGoal = onGoalMarker(event->position());
}

void Viewport::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    if (m_draggingGoal) {
        m_draggingGoal = false;
        if (m_goal) emit goalDropped(*m_goal);
        return;
    }
    if ((event->position().toPoint() - m_pressMouse).manhattanLength() > 3) return;  // a drag
    if (const auto p = groundAt(event->position())) emit groundClicked(*p);
}

void Viewport::mouseMoveEvent(QMouseEvent* event) {
    const QPoint d = event->position().toPoint() - m_lastMouse;
    m_lastMouse = event->position().toPoint();
    if (m_draggingGoal && (event->buttons() & Qt::LeftButton)) {
        if (const auto p = groundAt(event->position())) {
            m_goal = *p;
            emit goalDragged(*p);
            update();
        }
        return;
    }
    if (event->buttons() & Qt::LeftButton) {
        m_camera.orbit(-d.x() * 0.01f, d.y() * 0.01f);
    } else if (event->buttons() & (Qt::RightButton | Qt::MiddleButton)) {
        m_camera.pan(-d.x() / static_cast<float>(height()), d.y() / static_cast<float>(height()));
        setFollowing(false);  // panning away from the character means looking elsewhere
    } else {
        if (const auto p = groundAt(event->position())) emit groundHovered(*p);
        return;
    }
    update();
}

void Viewport::wheelEvent(QWheelEvent* event) {
    m_camera.zoom(std::pow(0.999f, static_cast<float>(event->angleDelta().y())));
    update();
}

void Viewport::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_F)
        setFollowing(!following());
    else
        QOpenGLWidget::keyPressEvent(event);
}

}  // namespace gs

#include "render/renderer.h"

#include <QFile>
#include <QOpenGLContext>
#include <QOpenGLShaderProgram>
#include <QOpenGLVersionFunctionsFactory>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "render/marker_mesh.h"

// Resources of a static library must be registered by name, outside any namespace.
static void initRenderResources() { Q_INIT_RESOURCE(render); }

namespace gs {
namespace {

QMatrix4x4 toQt(const glm::mat4& m) {
    return QMatrix4x4(glm::value_ptr(m)).transposed();  // QMatrix4x4 reads rows, glm stores columns
}

glm::vec3 linear(const glm::vec3& srgb) {
    return {srgbToLinear(srgb.r), srgbToLinear(srgb.g), srgbToLinear(srgb.b)};
}

// The text of a shader resource; `prelude` (defines, shared functions) goes right after its
// #version line.
QString shaderSource(const QString& path, const QString& prelude) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    QString text = QString::fromUtf8(file.readAll());
    if (prelude.isEmpty()) return text;
    const qsizetype lineEnd = text.indexOf('\n');
    return text.insert(lineEnd + 1, prelude + "#line 2\n");
}

// Builds `name`.vert/.frag. `defines` are #defined in both; `lighting` adds lighting.glsl.
Expected<std::unique_ptr<QOpenGLShaderProgram>> loadProgram(const QString& name,
                                                            const QStringList& defines = {},
                                                            bool lighting = false) {
    auto program = std::make_unique<QOpenGLShaderProgram>();
    const QString base = QStringLiteral(":/gaitspace/shaders/") + name;
    QString prelude = QStringLiteral("#define MAX_JOINTS %1\n").arg(gs::limits::kMaxJoints);
    for (const QString& d : defines) prelude += "#define " + d + "\n";
    if (lighting) prelude += shaderSource(QStringLiteral(":/gaitspace/shaders/lighting.glsl"), {});
    if (!program->addShaderFromSourceCode(QOpenGLShader::Vertex,
                                          shaderSource(base + ".vert", prelude)) ||
        !program->addShaderFromSourceCode(QOpenGLShader::Fragment,
                                          shaderSource(base + ".frag", prelude)) ||
        !program->link())
        return Status::error("shader '" + name.toStdString() +
                             (defines.isEmpty() ? "" : " " + defines.join(' ').toStdString()) +
                             "' did not build: " + program->log().trimmed().toStdString());
    return program;
}

}  // namespace

Renderer::Renderer(QObject* parent) : QObject(parent) {}

Renderer::~Renderer() {
    // The owner should have released with the context current; without one, GL names leak
    // rather than being deleted in a foreign context.
    if (m_gl && QOpenGLContext::currentContext()) release();
}

Status Renderer::initialize() {
    QOpenGLContext* context = QOpenGLContext::currentContext();
    if (!context) return Status::error("no current OpenGL context");
    auto* gl = QOpenGLVersionFunctionsFactory::get<QOpenGLFunctions_3_3_Core>(context);
    if (!gl || !gl->initializeOpenGLFunctions()) {
        const QSurfaceFormat f = context->format();
        return Status::error("OpenGL 3.3 core is needed; the context is " +
                             std::to_string(f.majorVersion()) + "." +
                             std::to_string(f.minorVersion()));
    }
    initRenderResources();
    for (auto [name, slot] : {std::pair{"ground", &m_ground}, std::pair{"lines", &m_lines},
                              std::pair{"shadow", &m_shadow}}) {
        auto program = loadProgram(QString::fromLatin1(name));
        if (!program) return program.status();
        *slot = std::move(*program);
    }
    for (auto [defines, slot] :
         {std::pair{QStringList(), &m_skinned},
          std::pair{QStringList{QStringLiteral("VERTEX_LIGHTING")}, &m_vertexLit}}) {
        auto program = loadProgram(QStringLiteral("skinned"), defines, true);
        if (!program) return program.status();
        *slot = std::move(*program);
    }
    m_gl = gl;
    connect(context, &QOpenGLContext::aboutToBeDestroyed, this, &Renderer::release,
            Qt::DirectConnection);

    for (const QOpenGLShaderProgram* p : {m_skinned.get(), m_vertexLit.get()})
        m_gl->glUniformBlockBinding(p->programId(),
                                    m_gl->glGetUniformBlockIndex(p->programId(), "Palette"), 0);
    m_gl->glGenBuffers(1, &m_palette);
    GLint align = 256;
    m_gl->glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
    align = std::max(align, 1);
    m_slotSize = (kMaxJoints * sizeof(glm::mat4) + align - 1) / align * align;

    const float corners[] = {-1, -1, 1, -1, -1, 1, 1, 1};
    m_gl->glGenVertexArrays(1, &m_groundArray);
    m_gl->glBindVertexArray(m_groundArray);
    m_gl->glGenBuffers(1, &m_groundBuffer);
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, m_groundBuffer);
    m_gl->glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);
    m_gl->glEnableVertexAttribArray(0);
    m_gl->glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);

    m_gl->glGenVertexArrays(1, &m_linesArray);
    m_gl->glBindVertexArray(m_linesArray);
    m_gl->glGenBuffers(1, &m_linesBuffer);
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, m_linesBuffer);
    const GLsizei stride = sizeof(DebugDraw::Vertex);
    m_gl->glEnableVertexAttribArray(0);
    m_gl->glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, nullptr);
    m_gl->glEnableVertexAttribArray(1);
    m_gl->glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, stride,
                                reinterpret_cast<const void*>(offsetof(DebugDraw::Vertex, color)));
    m_gl->glBindVertexArray(0);

    m_marker = uploadMesh(*m_gl, makeGoalMarker(), nullptr);
    return Status::ok();
}

int Renderer::upload(const SkinnedMesh& mesh, const SkinnedMesh* coarse) {
    if (!m_gl) return -1;
    if (mesh.indices.empty()) {
        m_warnings << tr("the mesh has no triangles");
        return -1;
    }
    if (mesh.inverseBind.size() > static_cast<size_t>(kMaxJoints)) {
        m_warnings << tr("the mesh has %1 joints; at most %2 can be drawn")
                          .arg(mesh.inverseBind.size())
                          .arg(kMaxJoints);
        return -1;
    }
    auto model = std::make_unique<Model>();
    model->fine = uploadMesh(*m_gl, mesh, &m_warnings);
    if (coarse && !coarse->indices.empty() && coarse->inverseBind.size() == mesh.inverseBind.size())
        model->coarse = uploadMesh(*m_gl, *coarse, nullptr);  // same materials: warned once above
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
    for (const SkinVertex& v : mesh.vertices) {
        lo = glm::min(lo, v.position);
        hi = glm::max(hi, v.position);
    }
    const glm::vec3 extent = hi - lo;
    model->size = std::max({extent.x, extent.y, extent.z});
    m_meshes.push_back(std::move(model));
    return static_cast<int>(m_meshes.size()) - 1;
}

void Renderer::remove(int mesh) {
    if (!m_gl || mesh < 0 || mesh >= static_cast<int>(m_meshes.size()) || !m_meshes[mesh]) return;
    destroyMesh(*m_gl, m_meshes[mesh]->fine);
    destroyMesh(*m_gl, m_meshes[mesh]->coarse);
    m_meshes[mesh].reset();
}

QStringList Renderer::takeWarnings() {
    QStringList w;
    w.swap(m_warnings);
    return w;
}

void Renderer::release() {
    if (!m_gl) return;
    for (auto& model : m_meshes)
        if (model) {
            destroyMesh(*m_gl, model->fine);
            destroyMesh(*m_gl, model->coarse);
        }
    m_meshes.clear();
    destroyMesh(*m_gl, m_marker);
    const GLuint buffers[] = {m_palette, m_groundBuffer, m_linesBuffer};
    m_gl->glDeleteBuffers(3, buffers);
    const GLuint arrays[] = {m_groundArray, m_linesArray};
    m_gl->glDeleteVertexArrays(2, arrays);
    m_palette = m_groundBuffer = m_linesBuffer = m_groundArray = m_linesArray = 0;
    m_skinned.reset();
    m_vertexLit.reset();
    m_ground.reset();
    m_lines.reset();
    m_shadow.reset();
    m_gl = nullptr;
}

void Renderer::render(const Scene& scene, const Camera& camera, int width, int height) {
    if (!m_gl) return;
    auto& gl = *m_gl;
    gl.glViewport(0, 0, width, height);
    // The framebuffer holds sRGB-encoded values (the shaders encode), so the clear colour is sRGB.
    gl.glClearColor(scene.background.r, scene.background.g, scene.background.b, 1.0f);
    gl.glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    gl.glEnable(GL_DEPTH_TEST);
    gl.glDepthFunc(GL_LEQUAL);
    gl.glEnable(GL_MULTISAMPLE);
    gl.glDisable(GL_CULL_FACE);
    gl.glDisable(GL_BLEND);
    const glm::mat4 viewProjection =
        camera.projection(static_cast<float>(width) / std::max(height, 1)) * camera.view();

    if (scene.showGround) {
        // The ground and the blob shadows have no hard edges to smooth (the grid lines are
        // anti-aliased in the shader, the horizon fades into the background), so they need no
        // per-sample coverage: one value per pixel is stored to every sample. (Same image within
        // 1/255; on llvmpipe the saving was within the noise of a shared machine.)
        gl.glDisable(GL_MULTISAMPLE);
        drawGround(scene, camera, viewProjection);
        drawShadows(scene, viewProjection);
        gl.glEnable(GL_MULTISAMPLE);
    }

    std::vector<const std::vector<glm::mat4>*> palettes;
    std::vector<const GpuMesh*> meshes;
    std::vector<Level> levels;
    std::vector<std::optional<glm::vec4>> tints;  // linear
    const glm::mat4 view = camera.view();
    for (const CharacterDraw& c : scene.characters)
        if (c.mesh >= 0 && c.mesh < static_cast<int>(m_meshes.size()) && m_meshes[c.mesh]) {
            const Model& model = *m_meshes[c.mesh];
            palettes.push_back(&c.palette);
            tints.push_back(c.tint ? std::optional(glm::vec4(linear(glm::vec3(*c.tint)), c.tint->a))
                                   : std::nullopt);
            levels.push_back(level(model, c.root, camera, view, height));
            meshes.push_back(levels.back() == Level::Coarse ? &model.coarse : &model.fine);
        }
    std::vector<glm::mat4> marker;
    if (scene.goal) {
        // Grows with distance so it stays a few pixels wide far away.
        const float distance = glm::length(camera.position() - *scene.goal);
        const float s = std::max(1.0f, distance / 8.0f);
        marker.push_back(
            glm::scale(glm::translate(glm::mat4(1.0f), *scene.goal), glm::vec3(s, 1.0f, s)));
        palettes.push_back(&marker);
    }
    uploadPalettes(palettes);
    // Coarse levels are lit per vertex (see skinned.frag) unless textured; the rest per pixel.
    auto vertexLit = [](const GpuMesh& mesh) {
        return mesh.closed && std::none_of(mesh.materials.begin(), mesh.materials.end(),
                                           [](const GpuMaterial& m) { return m.texture != 0; });
    };
    bool anyVertexLit = false;
    m_skinned->bind();
    setLighting(*m_skinned, scene, camera, viewProjection);
    for (size_t i = 0; i < meshes.size(); ++i) {
        const bool coarse = levels[i] == Level::Coarse && vertexLit(*meshes[i]);
        anyVertexLit |= coarse;
        if (!coarse)
            drawMesh(*m_skinned, *meshes[i], static_cast<int>(i), tints[i] ? &*tints[i] : nullptr,
                     0.0f);
    }
    if (scene.goal) {
        const glm::vec4 tint(linear(glm::vec3(scene.goalColor)), scene.goalColor.a);
        drawMesh(*m_skinned, m_marker, static_cast<int>(meshes.size()), &tint, 0.45f);
    }
    m_skinned->release();
    if (anyVertexLit) {
        m_vertexLit->bind();
        setLighting(*m_vertexLit, scene, camera, viewProjection);
        for (size_t i = 0; i < meshes.size(); ++i)
            if (levels[i] == Level::Coarse && vertexLit(*meshes[i]))
                drawMesh(*m_vertexLit, *meshes[i], static_cast<int>(i),
                         tints[i] ? &*tints[i] : nullptr, 0.0f);
        m_vertexLit->release();
    }
    gl.glDisable(GL_CULL_FACE);
    if (!scene.debug.isEmpty()) drawDebug(scene.debug, viewProjection);
    gl.glBindVertexArray(0);
}

Renderer::Level Renderer::level(const Model& model, const glm::vec3& root, const Camera& camera,
                                const glm::mat4& view, int height) const {
    if (!model.coarse.vertexArray) return Level::Fine;
    const float depth = -(view * glm::vec4(root, 1.0f)).z;
    if (depth <= 0.0f) return Level::Fine;
    const float pixels =
        model.size * height / (2.0f * std::tan(0.5f * camera.fieldOfView()) * depth);
    return pixels < kCoarseBelowPixels ? Level::Coarse : Level::Fine;
}

void Renderer::setLighting(QOpenGLShaderProgram& p, const Scene& scene, const Camera& camera,
                           const glm::mat4& viewProjection) {
    p.setUniformValue("uViewProjection", toQt(viewProjection));
    const glm::vec3 eye = camera.position();
    p.setUniformValue("uCameraPosition", eye.x, eye.y, eye.z);
    // Key light from above, in front and to the left of the camera's view, so faces are lit.
    const float yaw = camera.yaw() + 0.6f;
    const glm::vec3 light =
        glm::normalize(glm::vec3(std::sin(yaw) * 0.55f, 0.8f, std::cos(yaw) * 0.55f));
    p.setUniformValue("uLightDirection", light.x, light.y, light.z);
    p.setUniformValue("uLightColor", 1.45f, 1.4f, 1.3f);
    const glm::vec3 sky = linear(scene.background) * 0.55f;
    const glm::vec3 ground = linear(scene.groundColor) * 0.25f;
    p.setUniformValue("uSkyColor", sky.x, sky.y, sky.z);
    p.setUniformValue("uGroundColor", ground.x, ground.y, ground.z);
    p.setUniformValue("uTexture", 0);
}

void Renderer::uploadPalettes(const std::vector<const std::vector<glm::mat4>*>& palettes) {
    if (palettes.empty()) return;
    std::vector<std::byte> bytes(palettes.size() * m_slotSize);
    for (size_t i = 0; i < palettes.size(); ++i) {
        const size_t joints = std::min<size_t>(palettes[i]->size(), kMaxJoints);
        std::memcpy(bytes.data() + i * m_slotSize, palettes[i]->data(), joints * sizeof(glm::mat4));
    }
    m_gl->glBindBuffer(GL_UNIFORM_BUFFER, m_palette);
    // A fresh store each frame (orphaning): no wait for the previous frame's draws.
    m_gl->glBufferData(GL_UNIFORM_BUFFER, static_cast<GLsizeiptr>(bytes.size()), bytes.data(),
                       GL_STREAM_DRAW);
    m_gl->glBindBuffer(GL_UNIFORM_BUFFER, 0);
}

void Renderer::drawMesh(QOpenGLShaderProgram& p, const GpuMesh& mesh, int slot,
                        const glm::vec4* tint, float emissive) {
    auto& gl = *m_gl;
    gl.glBindBufferRange(GL_UNIFORM_BUFFER, 0, m_palette, slot * m_slotSize, m_slotSize);
    p.setUniformValue("uEmissive", emissive);
    gl.glBindVertexArray(mesh.vertexArray);
    if (mesh.closed)
        gl.glEnable(GL_CULL_FACE);
    else
        gl.glDisable(GL_CULL_FACE);
    for (const MeshPart& part : mesh.parts) {
        const GpuMaterial& m = mesh.materials[std::clamp(
            part.material, 0, static_cast<int>(mesh.materials.size()) - 1)];
        const glm::vec4 c = tint ? *tint : m.linearColor;
        p.setUniformValue("uBaseColor", c.r, c.g, c.b, c.a);
        p.setUniformValue("uRoughness", m.roughness);
        p.setUniformValue("uHasTexture", m.texture != 0 && !tint);
        gl.glActiveTexture(GL_TEXTURE0);
        gl.glBindTexture(GL_TEXTURE_2D, m.texture);
        gl.glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(part.indexCount), GL_UNSIGNED_INT,
                          reinterpret_cast<const void*>(part.firstIndex * sizeof(std::uint32_t)));
    }
    gl.glBindTexture(GL_TEXTURE_2D, 0);
}

void Renderer::drawGround(const Scene& scene, const Camera& camera,
                          const glm::mat4& viewProjection) {
    QOpenGLShaderProgram& p = *m_ground;
    p.bind();
    p.setUniformValue("uViewProjection", toQt(viewProjection));
    const glm::vec3 eye = camera.position();
    p.setUniformValue("uCameraPosition", eye.x, eye.y, eye.z);
    p.setUniformValue("uCentre", eye.x, eye.z);
    const float fadeEnd = std::max(25.0f, camera.distance() * 4.0f);
    p.setUniformValue("uHalfSize", fadeEnd * 2.0f);
    p.setUniformValue("uFadeStart", fadeEnd * 0.25f);
    p.setUniformValue("uFadeEnd", fadeEnd);
    const glm::vec3 g = linear(scene.groundColor), l = linear(scene.gridColor),
                    b = linear(scene.background);
    p.setUniformValue("uGroundColor", g.x, g.y, g.z);
    p.setUniformValue("uLineColor", l.x, l.y, l.z);
    p.setUniformValue("uBackground", b.x, b.y, b.z);
    m_gl->glBindVertexArray(m_groundArray);
    m_gl->glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    p.release();
}

void Renderer::drawShadows(const Scene& scene, const glm::mat4& viewProjection) {
    if (scene.characters.empty()) return;
    struct Vertex {
        glm::vec3 position, local;
    };
    std::vector<Vertex> quads;
    for (const CharacterDraw& c : scene.characters) {
        // Fainter and wider as the character rises (a jump, a run's flight phase).
        const float lift = std::clamp(c.root.y, 0.5f, 1.5f);
        const float r = 2.0f * c.shadowRadius * lift, dark = 0.5f / lift;
        const glm::vec3 o(c.root.x, 0.004f, c.root.z);
        const Vertex a{o + glm::vec3(-r, 0, -r), {-1, -1, dark}},
            b{o + glm::vec3(r, 0, -r), {1, -1, dark}};
        const Vertex d{o + glm::vec3(-r, 0, r), {-1, 1, dark}},
            e{o + glm::vec3(r, 0, r), {1, 1, dark}};
        quads.insert(quads.end(), {a, b, e, a, e, d});
    }
    auto& gl = *m_gl;
    gl.glBindVertexArray(m_linesArray);  // same layout: vec3 + (vec4 read as vec3 here)
    gl.glBindBuffer(GL_ARRAY_BUFFER, m_linesBuffer);
    gl.glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(quads.size() * sizeof(Vertex)),
                    quads.data(), GL_STREAM_DRAW);
    gl.glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex), nullptr);
    gl.glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                             reinterpret_cast<const void*>(offsetof(Vertex, local)));
    m_shadow->bind();
    m_shadow->setUniformValue("uViewProjection", toQt(viewProjection));
    gl.glEnable(GL_BLEND);
    gl.glBlendFunc(GL_ZERO, GL_ONE_MINUS_SRC_ALPHA);
    gl.glDepthMask(GL_FALSE);
    gl.glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(quads.size()));
    gl.glDepthMask(GL_TRUE);
    gl.glDisable(GL_BLEND);
    m_shadow->release();
    // Restore the debug-line layout of the shared vertex array.
    const GLsizei stride = sizeof(DebugDraw::Vertex);
    gl.glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, nullptr);
    gl.glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, stride,
                             reinterpret_cast<const void*>(offsetof(DebugDraw::Vertex, color)));
    gl.glBindVertexArray(0);
}

void Renderer::drawDebug(const DebugDraw& debug, const glm::mat4& viewProjection) {
    auto& gl = *m_gl;
    std::vector<DebugDraw::Vertex> all;
    all.reserve(debug.lines().size() + debug.overlayLines().size() + debug.pointVertices().size());
    all.insert(all.end(), debug.lines().begin(), debug.lines().end());
    all.insert(all.end(), debug.overlayLines().begin(), debug.overlayLines().end());
    all.insert(all.end(), debug.pointVertices().begin(), debug.pointVertices().end());
    gl.glBindVertexArray(m_linesArray);
    gl.glBindBuffer(GL_ARRAY_BUFFER, m_linesBuffer);
    gl.glBufferData(GL_ARRAY_BUFFER,
                    static_cast<GLsizeiptr>(all.size() * sizeof(DebugDraw::Vertex)), all.data(),
                    GL_STREAM_DRAW);
    QOpenGLShaderProgram& p = *m_lines;
    p.bind();
    p.setUniformValue("uViewProjection", toQt(viewProjection));
    p.setUniformValue("uPointSize", 1.0f);
    p.setUniformValue("uRoundPoints", false);
    gl.glEnable(GL_BLEND);
    gl.glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    const auto lines = static_cast<GLsizei>(debug.lines().size());
    const auto overlay = static_cast<GLsizei>(debug.overlayLines().size());
    if (lines) gl.glDrawArrays(GL_LINES, 0, lines);
    gl.glEnable(GL_PROGRAM_POINT_SIZE);
    p.setUniformValue("uRoundPoints", true);
    for (const DebugDraw::PointBatch& b : debug.pointBatches()) {
        p.setUniformValue("uPointSize", b.size);
        gl.glDrawArrays(GL_POINTS, lines + overlay + b.first, b.count);
    }
    p.setUniformValue("uRoundPoints", false);
    if (overlay) {
        gl.glDisable(GL_DEPTH_TEST);
        gl.glDrawArrays(GL_LINES, lines, overlay);
        gl.glEnable(GL_DEPTH_TEST);
    }
    gl.glDisable(GL_BLEND);
    p.release();
}

}  // namespace gs

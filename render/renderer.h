#pragma once
// Renderer: owns the OpenGL shaders, buffers and draw calls of Gaitspace's 3D view; no QWidget.
//
// Use it with an OpenGL 3.3 core (or later) context current: initialize() once, upload() meshes,
// render() each frame into the bound framebuffer. GL objects are freed by release(), which
// initialize() connects to QOpenGLContext::aboutToBeDestroyed, so a widget's context going away
// (re-parenting, closing) or an offscreen context ending frees them with the context still current.
// Shaders are read from the resources (:/gaitspace/shaders/*.vert|frag).

#include <QObject>
#include <QOpenGLFunctions_3_3_Core>
#include <QStringList>

#include <memory>
#include <vector>

#include "core/authoring_limits.h"
#include <gaitspace/runtime/status.h>
#include "render/camera.h"
#include "render/character.h"
#include "render/gpu_mesh.h"
#include "render/scene.h"

class QOpenGLShaderProgram;

namespace gs {

class Renderer : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxJoints = gs::limits::kMaxJoints;  // size of the skinning palette

    explicit Renderer(QObject* parent = nullptr);
    ~Renderer() override;

    // Resolves GL 3.3 functions, compiles the shaders and makes the fixed geometry. Needs a
    // current context; fails with a sentence (no 3.3 core functions, a shader that did not
    // compile).
    Status initialize();
    bool isInitialized() const { return m_gl != nullptr; }

    // A character drawn smaller than this (its bind-pose size, in pixels on screen) uses its
    // coarse mesh, when it has one.
    static constexpr float kCoarseBelowPixels = 240.0f;

    // Uploads a mesh and returns its id for CharacterDraw::mesh. Textures that cannot be read are
    // reported in warnings() and their materials use the base colour. -1 when the mesh is empty
    // or has more joints than the palette holds (reported too). `coarse`, on the same skeleton,
    // is drawn instead when the character is small on screen (crowds: llvmpipe pays per
    // triangle, even for those smaller than a pixel).
    int upload(const SkinnedMesh& mesh, const SkinnedMesh* coarse = nullptr);
    // The character's mesh and, if it has one, its coarse mesh.
    int upload(const Character& character) {
        return upload(character.mesh(), character.coarseMesh());
    }
    void remove(int mesh);
    // Sentences about what could not be uploaded since the last call; clears them.
    QStringList takeWarnings();

    // Draws the scene into the currently bound framebuffer (width x height pixels).
    void render(const Scene& scene, const Camera& camera, int width, int height);

public slots:
    // Frees every GL object; safe to call twice. Needs the context current (aboutToBeDestroyed).
    void release();

private:
    // An uploaded mesh with its optional coarse level (coarse.vertexArray == 0: none).
    struct Model {
        GpuMesh fine, coarse;
        float size = 0.0f;  // largest extent of the bind pose, metres
    };
    // The coarse level is also lit per vertex (see skinned.frag).
    enum class Level { Fine, Coarse };
    // The level to draw for a character at `root`, by its size on screen.
    Level level(const Model& model, const glm::vec3& root, const Camera& camera,
                const glm::mat4& view, int height) const;
    void drawGround(const Scene& scene, const Camera& camera, const glm::mat4& viewProjection);
    // Draws with the palette in slot `slot` of the frame's palette buffer.
    void drawMesh(QOpenGLShaderProgram& program, const GpuMesh& mesh, int slot,
                  const glm::vec4* tint, float emissive);
    // Uploads every palette of the frame at once: llvmpipe (and most drivers) stall when a
    // uniform buffer still read by queued draws is rewritten between draws.
    void uploadPalettes(const std::vector<const std::vector<glm::mat4>*>& palettes);
    void drawShadows(const Scene& scene, const glm::mat4& viewProjection);
    void drawDebug(const DebugDraw& debug, const glm::mat4& viewProjection);
    void setLighting(QOpenGLShaderProgram& program, const Scene& scene, const Camera& camera,
                     const glm::mat4& viewProjection);

    QOpenGLFunctions_3_3_Core* m_gl = nullptr;
    // m_vertexLit: skinned with VERTEX_LIGHTING, for the coarse level.
    std::unique_ptr<QOpenGLShaderProgram> m_skinned, m_vertexLit, m_ground, m_lines, m_shadow;
    std::vector<std::unique_ptr<Model>> m_meshes;  // null where removed
    GpuMesh m_marker;
    GLuint m_palette = 0;       // uniform buffer: one kMaxJoints-mat4 slot per character drawn
    GLsizeiptr m_slotSize = 0;  // bytes per slot, rounded up to the offset alignment
    GLuint m_groundArray = 0, m_groundBuffer = 0;
    GLuint m_linesArray = 0, m_linesBuffer = 0;
    QStringList m_warnings;
};

}  // namespace gs

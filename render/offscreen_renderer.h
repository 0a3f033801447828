#pragma once
// OffscreenRenderer: renders scenes to QImages with no window (QOffscreenSurface + a
// multisampled framebuffer object, resolved into a single-sample one and read back).
//
// Needs a QGuiApplication on a platform that gives OpenGL (xcb under xvfb-run works; the
// `offscreen` platform has no GL). Owns its context and a Renderer; upload meshes through
// renderer() between create() and destruction.

#include <QImage>
#include <QSize>

#include <memory>

#include "core/status.h"
#include "render/renderer.h"

class QOffscreenSurface;
class QOpenGLContext;
class QOpenGLFramebufferObject;

namespace gs {

class OffscreenRenderer {
public:
    OffscreenRenderer();
    ~OffscreenRenderer();
    OffscreenRenderer(const OffscreenRenderer&) = delete;
    OffscreenRenderer& operator=(const OffscreenRenderer&) = delete;

    // Creates an OpenGL 3.3 core context and framebuffers of `size` with `samples` MSAA samples.
    // Errors say what is missing (no GL on this platform, a framebuffer that is incomplete).
    Status create(const QSize& size, int samples = 4);
    QSize size() const { return m_size; }

    // The renderer, with the context made current (upload meshes through it).
    Renderer& renderer();
    QImage render(const Scene& scene, const Camera& camera);
    // Renders without reading back (for timing: finishes the frame with glFinish).
    void renderToFramebuffer(const Scene& scene, const Camera& camera);
    // The GL_RENDERER string (e.g. "llvmpipe (LLVM 15.0.6, 256 bits)").
    QString glRenderer() const { return m_glRenderer; }

private:
    void makeCurrent();

    QSize m_size;
    std::unique_ptr<QOffscreenSurface> m_surface;
    std::unique_ptr<QOpenGLContext> m_context;
    std::unique_ptr<QOpenGLFramebufferObject> m_multisampled, m_resolved;
    std::unique_ptr<Renderer> m_renderer;
    QString m_glRenderer;
};

}  // namespace gs

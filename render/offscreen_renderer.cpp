#include "render/offscreen_renderer.h"

#include <QGuiApplication>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFramebufferObject>
#include <QOpenGLFunctions>

namespace gs {

OffscreenRenderer::OffscreenRenderer() = default;

OffscreenRenderer::~OffscreenRenderer() {
    if (!m_context) return;
    makeCurrent();
    m_multisampled.reset();
    m_resolved.reset();
    // Destroying the context emits aboutToBeDestroyed with it current: the renderer releases.
    m_context.reset();
    m_renderer.reset();
    m_surface.reset();
}

Status OffscreenRenderer::create(const QSize& size, int samples) {
    if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
        return Status::error("offscreen rendering needs a QGuiApplication");
    QSurfaceFormat format;
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    m_context = std::make_unique<QOpenGLContext>();
    m_context->setFormat(format);
    if (!m_context->create())
        return Status::error("cannot create an OpenGL 3.3 core context on the '" +
                             QGuiApplication::platformName().toStdString() +
                             "' platform (run under xvfb-run or with a display)");
    m_surface = std::make_unique<QOffscreenSurface>();
    m_surface->setFormat(m_context->format());
    m_surface->create();
    if (!m_context->makeCurrent(m_surface.get()))
        return Status::error("cannot make the OpenGL context current on an offscreen surface");
    m_glRenderer = QString::fromLatin1(reinterpret_cast<const char*>(
        m_context->functions()->glGetString(GL_RENDERER)));

    QOpenGLFramebufferObjectFormat ms;
    ms.setAttachment(QOpenGLFramebufferObject::CombinedDepthStencil);
    ms.setSamples(samples);
    m_multisampled = std::make_unique<QOpenGLFramebufferObject>(size, ms);
    m_resolved = std::make_unique<QOpenGLFramebufferObject>(size);
    if (!m_multisampled->isValid() || !m_resolved->isValid())
        return Status::error("cannot create a " + std::to_string(size.width()) + "x" +
                             std::to_string(size.height()) + " framebuffer with " +
                             std::to_string(samples) + " samples");
    m_size = size;
    m_renderer = std::make_unique<Renderer>();
    return m_renderer->initialize();
}

void OffscreenRenderer::makeCurrent() { m_context->makeCurrent(m_surface.get()); }

Renderer& OffscreenRenderer::renderer() {
    makeCurrent();
    return *m_renderer;
}

void OffscreenRenderer::renderToFramebuffer(const Scene& scene, const Camera& camera) {
    makeCurrent();
    m_multisampled->bind();
    m_renderer->render(scene, camera, m_size.width(), m_size.height());
    m_multisampled->release();
    QOpenGLFramebufferObject::blitFramebuffer(m_resolved.get(), m_multisampled.get());
    m_context->functions()->glFinish();
}

QImage OffscreenRenderer::render(const Scene& scene, const Camera& camera) {
    renderToFramebuffer(scene, camera);
    return m_resolved->toImage().convertToFormat(QImage::Format_RGB32);
}

}  // namespace gs

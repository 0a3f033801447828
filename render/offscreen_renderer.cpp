#include "render/offscreen_renderer.h"

#include <QGuiApplication>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFramebufferObject>
#include <QOpenGLFunctions>

#include <algorithm>
#include <string>

namespace gs {

OffscreenRenderer::OffscreenRenderer() = default;

Status SampleSettings::validate() const {
    if (samples < 0 || samples > 16)
        return Status::error("samples must be 0..16, not " + std::to_string(samples));
    if (crowdSamples < 0 || crowdSamples > samples)
        return Status::error("crowd samples must be 0..samples (" + std::to_string(samples) +
                             "), not " + std::to_string(crowdSamples));
    if (crowdFrom < 0) return Status::error("crowdFrom must be 0 or more characters");
    return Status::ok();
}

OffscreenRenderer::~OffscreenRenderer() {
    if (!m_context) return;
    makeCurrent();
    m_multisampled.clear();
    m_resolved.reset();
    // Destroying the context emits aboutToBeDestroyed with it current: the renderer releases.
    m_context.reset();
    m_renderer.reset();
    m_surface.reset();
}

Status OffscreenRenderer::create(const QSize& size, int samples) {
    SampleSettings settings;
    settings.samples = samples;
    settings.crowdSamples = std::clamp(samples, 0, settings.crowdSamples);
    return create(size, settings);
}

Status OffscreenRenderer::create(const QSize& size, const SampleSettings& settings) {
    if (Status s = settings.validate(); !s) return s;
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
    m_glRenderer = QString::fromLatin1(
        reinterpret_cast<const char*>(m_context->functions()->glGetString(GL_RENDERER)));

    m_size = size;
    m_settings = settings;
    // The resolve target doubles as the frame's only target when a frame has no MSAA, so it
    // needs a depth buffer of its own.
    m_resolved = std::make_unique<QOpenGLFramebufferObject>(
        size, QOpenGLFramebufferObject::CombinedDepthStencil);
    for (int samples : {settings.samples, settings.crowdSamples}) {
        const bool valid = samples > 1 ? multisampled(samples) && multisampled(samples)->isValid()
                                       : m_resolved->isValid();
        if (!valid)
            return Status::error("cannot create a " + std::to_string(size.width()) + "x" +
                                 std::to_string(size.height()) + " framebuffer with " +
                                 std::to_string(samples) + " samples");
    }
    m_renderer = std::make_unique<Renderer>();
    return m_renderer->initialize();
}

void OffscreenRenderer::makeCurrent() { m_context->makeCurrent(m_surface.get()); }

Renderer& OffscreenRenderer::renderer() {
    makeCurrent();
    return *m_renderer;
}

QOpenGLFramebufferObject* OffscreenRenderer::multisampled(int samples) {
    if (samples <= 1) return nullptr;
    if (m_multisampled.size() <= static_cast<size_t>(samples)) m_multisampled.resize(samples + 1);
    auto& fbo = m_multisampled[samples];
    if (!fbo) {
        QOpenGLFramebufferObjectFormat ms;
        ms.setAttachment(QOpenGLFramebufferObject::CombinedDepthStencil);
        ms.setSamples(samples);
        fbo = std::make_unique<QOpenGLFramebufferObject>(m_size, ms);
    }
    return fbo.get();
}

void OffscreenRenderer::renderToFramebuffer(const Scene& scene, const Camera& camera) {
    makeCurrent();
    m_lastSamples = m_settings.samplesFor(static_cast<int>(scene.characters.size()));
    QOpenGLFramebufferObject* target = multisampled(m_lastSamples);
    if (!target) target = m_resolved.get();
    target->bind();
    m_renderer->render(scene, camera, m_size.width(), m_size.height());
    target->release();
    // One resolve per frame, colour only (the depth is not read back).
    if (target != m_resolved.get())
        QOpenGLFramebufferObject::blitFramebuffer(m_resolved.get(), target);
    m_context->functions()->glFinish();
}

QImage OffscreenRenderer::render(const Scene& scene, const Camera& camera) {
    renderToFramebuffer(scene, camera);
    return m_resolved->toImage().convertToFormat(QImage::Format_RGB32);
}

}  // namespace gs

#pragma once
// OffscreenRenderer: renders scenes to QImages with no window (QOffscreenSurface + a
// multisampled framebuffer object, resolved into a single-sample one and read back).
//
// The sample count follows the crowd (SampleSettings): full MSAA for a few characters, fewer
// samples from crowdFrom characters on. On a software rasteriser (llvmpipe) every covered sample
// costs a depth test, a blend and a store, while a crowd's characters are too small for the
// difference in their edges to show (docs/rendering.md#speed-on-a-software-rasterizer).
//
// Needs a QGuiApplication on a platform that gives OpenGL (xcb under xvfb-run works; the
// `offscreen` platform has no GL). Owns its context and a Renderer; upload meshes through
// renderer() between create() and destruction.

#include <QImage>
#include <QSize>

#include <memory>
#include <vector>

#include <gaitspace/runtime/status.h>
#include "render/renderer.h"

class QOffscreenSurface;
class QOpenGLContext;
class QOpenGLFramebufferObject;

namespace gs {

// Multisampling of the frames, by how many characters they draw. 0 or 1 sample: no MSAA (the
// scene is drawn straight into the single-sample framebuffer, with no resolve).
struct SampleSettings {
    int samples = 4;       // MSAA samples for fewer than crowdFrom characters, 0..16
    int crowdSamples = 0;  // samples from crowdFrom characters on, 0..samples (llvmpipe: 2x
                           // still costs as much as the crowd itself; crowds of small figures
                           // show little aliasing)
    int crowdFrom = 8;     // characters; 0 = always `samples`
    Status validate() const;
    // The samples of a frame that draws `characters` characters.
    int samplesFor(int characters) const {
        return crowdFrom > 0 && characters >= crowdFrom ? crowdSamples : samples;
    }
};

class OffscreenRenderer {
public:
    OffscreenRenderer();
    ~OffscreenRenderer();
    OffscreenRenderer(const OffscreenRenderer&) = delete;
    OffscreenRenderer& operator=(const OffscreenRenderer&) = delete;

    // Creates an OpenGL 3.3 core context and framebuffers of `size`: `samples` MSAA samples for a
    // few characters and the default crowd settings (no MSAA from 8 characters on).
    // Errors say what is missing (no GL on this platform, a framebuffer that is incomplete).
    Status create(const QSize& size, int samples = 4);
    Status create(const QSize& size, const SampleSettings& settings);
    QSize size() const { return m_size; }
    const SampleSettings& sampleSettings() const { return m_settings; }
    // The samples the last frame was drawn with.
    int lastSamples() const { return m_lastSamples; }

    // The renderer, with the context made current (upload meshes through it).
    Renderer& renderer();
    QImage render(const Scene& scene, const Camera& camera);
    // Renders without reading back (for timing: finishes the frame with glFinish).
    void renderToFramebuffer(const Scene& scene, const Camera& camera);
    // The GL_RENDERER string (e.g. "llvmpipe (LLVM 15.0.6, 256 bits)").
    QString glRenderer() const { return m_glRenderer; }

private:
    void makeCurrent();
    // The multisampled framebuffer with `samples` samples (made on first use), or null for none.
    QOpenGLFramebufferObject* multisampled(int samples);

    QSize m_size;
    SampleSettings m_settings;
    int m_lastSamples = 0;
    std::unique_ptr<QOffscreenSurface> m_surface;
    std::unique_ptr<QOpenGLContext> m_context;
    // Index = samples (2..16); most stay empty (a 1280x720 4x target is 30 MB with its depth).
    std::vector<std::unique_ptr<QOpenGLFramebufferObject>> m_multisampled;
    std::unique_ptr<QOpenGLFramebufferObject> m_resolved;
    std::unique_ptr<Renderer> m_renderer;
    QString m_glRenderer;
};

}  // namespace gs

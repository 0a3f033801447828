// Frames per second drawing 1, 20 and 100 skinned mannequins walking, at 1280x720 with 4x MSAA
// (by default none from 8 characters on, as the offscreen renderer does; --crowd-from 0 keeps 4x),
// offscreen (run under xvfb-run on a machine without a display). Each frame poses every
// character on the CPU (sampling, FK, palette), draws the ground, shadows and trails, and waits
// for the GPU (glFinish), so the figure is what a viewport would get.
//
//   xvfb-run -a ./build/tests/benchmarks/bench_render [CLIP.bvh] [--seconds S] [--samples N]
//                                                     [--counts 0,1,20,100] [--mannequin
//                                                     SIDES,RINGS]
//                                                     [--no-lod] [--screenshot PREFIX] [--frames N]
//                                                     [--crowd-samples N] [--crowd-from CHARACTERS]
// --no-lod draws the full mannequin at every size; --screenshot saves each count's last frame
// as PREFIX_<count>.png, to check what the figures were measured on. --frames N draws exactly N
// frames per count (the same poses every run: for screenshots to compare, and for instruction
// counts under callgrind, steadier than fps on a shared machine).
// (0 mannequins = the ground alone, for the fixed cost of a frame.)

#include <QElapsedTimer>
#include <QGuiApplication>
#include <QStringList>

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <vector>

#include "core/io/clip_import.h"
#include "render/clip_scene.h"
#include "render/offscreen_renderer.h"

using namespace gs;

int main(int argc, char* argv[]) {
    QGuiApplication app(argc, argv);
    QStringList args = app.arguments();
    double seconds = 3.0;
    if (const int i = args.indexOf("--seconds"); i > 0 && i + 1 < args.size()) {
        seconds = args[i + 1].toDouble();
        args.remove(i, 2);
    }
    int fixedFrames = 0;  // > 0: exactly this many frames per count, whatever the time
    if (const int i = args.indexOf("--frames"); i > 0 && i + 1 < args.size()) {
        fixedFrames = args[i + 1].toInt();
        args.remove(i, 2);
    }
    int samples = 4;
    if (const int i = args.indexOf("--samples"); i > 0 && i + 1 < args.size()) {
        samples = args[i + 1].toInt();
        args.remove(i, 2);
    }
    SampleSettings sampling;
    sampling.samples = samples;
    sampling.crowdSamples = std::min(samples, sampling.crowdSamples);
    if (const int i = args.indexOf("--crowd-samples"); i > 0 && i + 1 < args.size()) {
        sampling.crowdSamples = args[i + 1].toInt();
        args.remove(i, 2);
    }
    if (const int i = args.indexOf("--crowd-from"); i > 0 && i + 1 < args.size()) {
        sampling.crowdFrom = args[i + 1].toInt();
        args.remove(i, 2);
    }
    std::vector<int> counts{0, 1, 20, 100};
    if (const int i = args.indexOf("--counts"); i > 0 && i + 1 < args.size()) {
        counts.clear();
        for (const QString& n : args[i + 1].split(',')) counts.push_back(n.toInt());
        args.remove(i, 2);
    }
    MannequinSettings mannequin;
    if (const int i = args.indexOf("--mannequin"); i > 0 && i + 1 < args.size()) {
        const QStringList sr = args[i + 1].split(',');
        mannequin.sides = sr.value(0).toInt();
        mannequin.rings = sr.value(1).toInt();
        args.remove(i, 2);
    }
    const bool lod = args.removeAll("--no-lod") == 0;
    QString screenshot;
    if (const int i = args.indexOf("--screenshot"); i > 0 && i + 1 < args.size()) {
        screenshot = args[i + 1];
        args.remove(i, 2);
    }
    QString clipPath = args.size() > 1 ? args[1] : QString();
    if (clipPath.isEmpty()) {
        QString data = qEnvironmentVariable("GAITSPACE_DATA_DIR");
        if (data.isEmpty()) data = QStringLiteral(GAITSPACE_DEFAULT_DATA);
        clipPath = data + "/cmu/16_15.bvh";
    }
    auto imported = importClips(clipPath.toStdString());
    if (!imported) {
        std::fprintf(stderr, "bench_render: %s: %s\n", qPrintable(clipPath),
                     imported.message().c_str());
        return 1;
    }
    const Clip& clip = imported->clips.front();
    auto character = Character::mannequin(clip.skeleton, mannequin);
    if (!character) return 1;

    OffscreenRenderer offscreen;
    if (Status s = offscreen.create(QSize(1280, 720), sampling); !s) {
        std::fprintf(stderr, "bench_render: %s\n", s.message().c_str());
        return 1;
    }
    const int mesh = lod ? offscreen.renderer().upload(*character)
                         : offscreen.renderer().upload(character->mesh());
    std::printf(
        "renderer: %s; mannequin: %d triangles (%d when small), %d joints; 1280x720, %dx MSAA"
        " (%dx from %d characters)\n",
        qPrintable(offscreen.glRenderer()), character->mesh().triangleCount(),
        lod && character->coarseMesh() ? character->coarseMesh()->triangleCount()
                                       : character->mesh().triangleCount(),
        clip.jointCount(), samples, sampling.crowdSamples, sampling.crowdFrom);

    for (int count : counts) {
        // A square crowd, 1.5 m apart, each at its own phase of the clip, seen from above-behind.
        const int side = static_cast<int>(std::ceil(std::sqrt(count)));
        Camera camera;
        camera.setTarget({0.0f, 0.9f, 0.0f});
        camera.setYaw(0.6f);
        camera.setPitch(0.45f);
        camera.setDistance(4.5f + 1.6f * side);
        QElapsedTimer timer;
        timer.start();
        // CPU time of all threads (the caller's and llvmpipe's): steadier than fps on a busy
        // machine.
        const std::clock_t cpuStart = std::clock();
        int frames = 0;
        double poseMs = 0.0;
        Scene scene;
        while (fixedFrames > 0 ? frames < fixedFrames
                               : timer.elapsed() < seconds * 1000.0 || frames < 3) {
            QElapsedTimer pose;
            pose.start();
            scene = Scene();
            for (int i = 0; i < count; ++i) {
                const float frame =
                    std::fmod(frames + 7.0f * i, static_cast<float>(clip.frameCount() - 1));
                // Shifted so each walks in place around its grid cell.
                const glm::vec3 offset =
                    glm::vec3((i % side - 0.5f * (side - 1)) * 1.5f, 0.0f,
                              (i / side - 0.5f * (side - 1)) * 1.5f) -
                    glm::vec3(clip.rootPositions[static_cast<int>(frame)].x, 0.0f,
                              clip.rootPositions[static_cast<int>(frame)].z);
                CharacterDraw draw;
                draw.mesh = mesh;
                std::vector<Transform> world;
                character->pose(clip, frame, world, draw.palette);
                const glm::mat4 shift = glm::translate(glm::mat4(1.0f), offset);
                for (glm::mat4& m : draw.palette) m = shift * m;
                draw.root = world[0].translation + offset;
                scene.characters.push_back(std::move(draw));
            }
            poseMs += pose.nsecsElapsed() / 1e6;
            offscreen.renderToFramebuffer(scene, camera);
            ++frames;
        }
        const double elapsed = timer.nsecsElapsed() / 1e9;
        const double cpuMs = 1000.0 * (std::clock() - cpuStart) / CLOCKS_PER_SEC / frames;
        std::printf(
            "%3d mannequins: %6.1f fps at %dx (%.1f ms per frame, of which posing %.2f ms; "
            "CPU %.1f ms per frame; %d frames)\n",
            count, frames / elapsed, offscreen.lastSamples(), 1000.0 * elapsed / frames,
            poseMs / frames, cpuMs, frames);
        std::fflush(stdout);
        if (!screenshot.isEmpty())
            offscreen.render(scene, camera)
                .save(QStringLiteral("%1_%2.png").arg(screenshot).arg(count));
    }
    return 0;
}

// gaitspace-cli render (PROJECT.gsproj|CLIP) [options] -o shot.png: renders one frame offscreen.

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <cmath>
#include <cstdio>

#include "app/project/project.h"
#include "cli_common.h"
#include "core/character/retarget.h"
#include "render/clip_scene.h"
#include "render/offscreen_renderer.h"

namespace gs::cli {
namespace {

std::optional<QSize> parseSize(const QString& text) {
    const auto m = QRegularExpression(R"(^(\d+)[xX](\d+)$)").match(text);
    if (!m.hasMatch()) return std::nullopt;
    const QSize s(m.captured(1).toInt(), m.captured(2).toInt());
    if (s.width() < 16 || s.height() < 16 || s.width() > 8192 || s.height() > 8192)
        return std::nullopt;
    return s;
}

std::optional<glm::vec3> parseGoal(const QString& text) {
    const QStringList parts = text.split(',');
    if (parts.size() != 2) return std::nullopt;
    bool okX = false, okZ = false;
    const float x = parts[0].toFloat(&okX), z = parts[1].toFloat(&okZ);
    if (!okX || !okZ) return std::nullopt;
    return glm::vec3(x, 0.0f, z);
}

// The character to draw: the one asked for (on the command line, else in the project), else (or
// when it cannot be read) the mannequin.
std::optional<Character> makeCharacter(const QCommandLineParser& parser, const Clip& clip,
                                       const Project* project) {
    QString file = parser.value("character");
    if (file.isEmpty() && project && !project->character.source.isEmpty())
        file = project->resolve(project->character.source);
    if (!file.isEmpty()) {
        std::optional<JointMap> userMap;
        if (!parser.isSet("joint-map") && project && !project->character.jointMap.empty()) {
            JointMap map;
            map.name = "project map";
            for (const auto& [target, source] : project->character.jointMap)
                map.pairs.push_back({target.toStdString(), source.toStdString()});
            userMap = std::move(map);
        }
        if (parser.isSet("joint-map")) {
            QFile f(parser.value("joint-map"));
            if (!f.open(QIODevice::ReadOnly)) {
                printError(f.fileName(), "cannot open the joint map: " + f.errorString());
                return std::nullopt;
            }
            auto map = parseJointMap(f.readAll().toStdString());
            if (!map) {
                printError(f.fileName(), QString::fromStdString(map.message()));
                return std::nullopt;
            }
            userMap = std::move(*map);
        }
        auto character =
            Character::imported(file.toStdString(), clip, userMap ? &*userMap : nullptr);
        if (character) return std::move(*character);
        printError({},
                   QString::fromStdString(character.message()) + "; drawing the mannequin instead");
    }
    MannequinSettings settings;
    if (parser.isSet("texture"))
        settings.texturePath = parser.value("texture").toStdString();
    else if (project && !project->character.texture.isEmpty())
        settings.texturePath = project->resolve(project->character.texture).toStdString();
    auto mannequin = Character::mannequin(clip, settings);
    if (!mannequin) {
        printError(QString::fromStdString(clip.source),
                   QString::fromStdString(mannequin.message()));
        return std::nullopt;
    }
    return std::move(*mannequin);
}

void addRenderOptions(QCommandLineParser& parser) {
    parser.setApplicationDescription(
        "Renders a clip's character at one moment to a PNG, with no window (OpenGL offscreen; "
        "on a machine without a display run it under xvfb-run).");
    parser.addHelpOption();
    parser.addPositionalArgument("input",
                                 "A motion file (BVH, FBX, glTF, ...) or a .gsproj project.",
                                 "PROJECT.gsproj|CLIP");
    parser.addOptions({
        {{"o", "output"}, "The PNG to write.", "png"},
        {"seconds", "Time in the clip (default 0).", "S", "0"},
        {"size", "Image size (default 1280x720).", "WxH", "1280x720"},
        {"camera", "front, side or follow (default follow).", "view", "follow"},
        {"character",
         "A skinned character (glTF/GLB, FBX, COLLADA) retargeted to the clip; "
         "the mannequin when absent or unreadable.",
         "file"},
        {"joint-map", "Joint map for --character: lines 'target = source'.", "file"},
        {"texture", "An image (PNG/JPEG) mapped onto the mannequin.", "image"},
        {"goal", "Show the goal marker at ground point X,Z (metres).", "x,z"},
        {"skeleton", "Draw the skeleton over the character."},
        {"no-trail", "Do not draw the root trail."},
        {"samples", "Multisampling samples (default 4).", "n", "4"},
    });
}

// What the options ask for, each checked.
struct RenderRequest {
    QSize size;
    CameraView view = CameraView::Follow;
    QString cameraName;
    float seconds = 0.0f;
    std::optional<glm::vec3> goal;
};

// The request, or nullopt after printing why not (exit code 2).
std::optional<RenderRequest> renderRequest(const QCommandLineParser& parser) {
    if (parser.positionalArguments().size() != 1) {
        printError({}, "render needs exactly one PROJECT.gsproj or CLIP (see --help)");
        return std::nullopt;
    }
    if (!parser.isSet("output")) {
        printError({}, "render needs -o FILE.png");
        return std::nullopt;
    }
    RenderRequest r;
    const auto size = parseSize(parser.value("size"));
    if (!size) {
        printError({}, "--size must look like 1280x720 (16 to 8192 pixels each way)");
        return std::nullopt;
    }
    r.size = *size;
    r.cameraName = parser.value("camera");
    if (r.cameraName == "front")
        r.view = CameraView::Front;
    else if (r.cameraName == "side")
        r.view = CameraView::Side;
    else if (r.cameraName != "follow") {
        printError({}, "--camera must be front, side or follow");
        return std::nullopt;
    }
    bool okSeconds = false;
    r.seconds = parser.value("seconds").toFloat(&okSeconds);
    if (!okSeconds || !(r.seconds >= 0.0f && r.seconds <= limits::kMaxRunSeconds)) {
        printError({}, QStringLiteral("--seconds must be in [0, %1]").arg(limits::kMaxRunSeconds));
        return std::nullopt;
    }
    if (parser.isSet("goal") && !(r.goal = parseGoal(parser.value("goal")))) {
        printError({}, "--goal must look like 2.5,-4");
        return std::nullopt;
    }
    return r;
}

// The clip to show: a project's first clip that loaded (the others' errors are reported, the
// project kept in `project`), or a motion file's first clip; nullopt after printing why not.
std::optional<Clip> renderClip(const QString& input, std::optional<Project>& project) {
    if (!input.endsWith(".gsproj", Qt::CaseInsensitive)) return loadFirstClip(input);
    auto loaded = Project::load(input);
    if (!loaded) {
        printError(input, QString::fromStdString(loaded.message()));
        return std::nullopt;
    }
    project = std::move(*loaded);
    for (const QString& e : project->errors()) printError({}, e);
    for (const ProjectClip& c : project->clips)
        if (c.clip) return *c.clip;
    printError(input, "the project has no clip that could be loaded");
    return std::nullopt;
}

// The lines printed for a written image: what was drawn, and a retargeted character's joint map.
void printRendered(const QString& output, const RenderRequest& r, const Clip& clip, float frame,
                   const Character& character, const OffscreenRenderer& offscreen) {
    std::printf("%s: %dx%d, %s frame %.1f (%.2f s), %s camera, %s, %s\n", qPrintable(output),
                r.size.width(), r.size.height(), clip.name.c_str(), frame, frame / clip.fps,
                qPrintable(r.cameraName), character.description().c_str(),
                qPrintable(offscreen.glRenderer()));
    if (character.isRetargeted()) {
        // The joints it maps (character joint = clip joint), and how the feet are placed.
        QStringList pairs;
        for (const auto& [target, source] : character.jointMap().pairs)
            pairs << QString::fromStdString(target + " = " + source);
        std::printf("joint map (%s, %d of %d character joints): %s\n",
                    character.jointMap().name.c_str(), character.retarget()->mappedCount,
                    character.skeleton().jointCount(), qPrintable(pairs.join(", ")));
    }
}

}  // namespace

int runRender(const QStringList& arguments) {
    QCommandLineParser parser;
    addRenderOptions(parser);
    parser.process(arguments);
    const std::optional<RenderRequest> request = renderRequest(parser);
    if (!request) return 2;

    std::optional<Project> project;
    const std::optional<Clip> clip = renderClip(parser.positionalArguments().front(), project);
    if (!clip) return 1;
    const std::optional<Character> character =
        makeCharacter(parser, *clip, project ? &*project : nullptr);
    if (!character) return 1;

    OffscreenRenderer offscreen;
    if (Status s = offscreen.create(request->size, parser.value("samples").toInt()); !s) {
        printError({}, QString::fromStdString(s.message()));
        return 1;
    }
    Renderer& renderer = offscreen.renderer();
    const int mesh = renderer.upload(character->mesh());
    for (const QString& w : renderer.takeWarnings())
        printError({}, w + "; drawing the base colour");
    if (mesh < 0) return 1;

    Scene scene;
    scene.goal = request->goal;
    ClipSceneOptions options;
    options.trail = !parser.isSet("no-trail");
    options.skeleton = parser.isSet("skeleton");
    const float frame =
        std::min(request->seconds * clip->fps, static_cast<float>(clip->frameCount() - 1));
    const PlacedCharacter placed = addClipFrame(scene, *character, mesh, *clip, frame, options);
    Camera camera;
    camera.frame(request->view, placed.root, placed.heading, character->height());

    const QImage image = offscreen.render(scene, camera);
    const QString output = parser.value("output");
    if (!image.save(output, "PNG")) {
        printError(output, "cannot write the image");
        return 1;
    }
    printRendered(output, *request, *clip, frame, *character, offscreen);
    return 0;
}

}  // namespace gs::cli

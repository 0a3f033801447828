// gaitspace: the desktop application. Reads the command line into AppController::Options (each
// value range-checked), builds the window and the controller and starts it.

#include <QApplication>
#include <QCommandLineParser>
#include <QSurfaceFormat>

#include <cmath>
#include <cstdio>

#include "app/gui/app/app_controller.h"
#include "app/gui/window/main_window.h"

namespace {

void addOptions(QCommandLineParser& parser) {
    parser.setApplicationDescription(
        "Gaitspace: behavioral motion spaces for character locomotion.");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("file", "A motion file or a project (*.gsproj) to open.",
                                 "[FILE]");
    parser.addOption({"screenshot", "Render the window to PNG after a moment and quit.", "png"});
    parser.addOption({"texture", "An image (PNG/JPEG) mapped onto the mannequin.", "image"});
    parser.addOption(
        {"screenshot-delay", "Milliseconds before the screenshot (default 1500).", "ms", "1500"});
    parser.addOption({"import", "Import a motion file into a new project (repeatable).", "file"});
    parser.addOption({"no-recover", "Do not offer to recover autosaved changes."});
    parser.addOption({"project", "A project (*.gsproj) to open and steer.", "gsproj"});
    parser.addOption(
        {"seconds",
         "With --screenshot, --report or --benchmark: steer for S seconds of the live run, "
         "then write them and quit.",
         "S"});
    parser.addOption({"goal", "The goal of the live run (world metres).", "x,z"});
    parser.addOption({"characters",
                      "Characters walking the project's level at once (1-50): the others to "
                      "random goals, all avoiding each other.",
                      "N"});
    parser.addOption({"goal-mode", "place (default), follow, circle, zigzag or figure8.", "mode"});
    parser.addOption({"report", "Write the live run's state as JSON at the end.", "json"});
    parser.addOption({"model",
                      "A skinned model (glTF/GLB, FBX, COLLADA) to draw, retargeted to the clips.",
                      "file"});
    parser.addOption({"benchmark", "Print the frame-time distribution at the end."});
    parser.addOption(
        {"size", "Window size in pixels (default: as last time, else 1280x800).", "WxH"});
    parser.addOption(
        {"msaa",
         "Multisampling of the 3D view: 0 (none) to 16 (default: 4 on a GPU, 0 on a software "
         "rasterizer such as Mesa llvmpipe, where it costs 60 % of the frame rate).",
         "N"});
    parser.addOption({"docks",
                      "Open these analysis docks before the screenshot: " +
                          gs::MainWindow::analysisDockNames().join(", ") +
                          " (the match web of the first space's reference clip with itself, its "
                          "registration to the next clip of that space).",
                      "names"});
}

// The options as the controller takes them, and the 3D view's multisampling (--msaa, -1 = by the
// rasterizer); an error message, or empty.
QString readOptions(const QCommandLineParser& parser, gs::AppController::Options& o, int& samples) {
    o.screenshot = parser.value("screenshot");
    o.report = parser.value("report");
    o.benchmark = parser.isSet("benchmark");
    o.screenshotDelayMs = parser.value("screenshot-delay").toInt();
    if (parser.isSet("msaa")) {
        bool ok = false;
        samples = parser.value("msaa").toInt(&ok);
        if (!ok || samples < 0 || samples > 16) return "--msaa must be 0-16";
    }
    if (parser.isSet("seconds")) {
        bool ok = false;
        o.seconds = parser.value("seconds").toDouble(&ok);
        if (!ok || !(o.seconds > 0.0) || o.seconds > 3600.0)
            return "--seconds must be in (0, 3600]";
    }
    if (parser.isSet("goal")) {
        const QStringList xz = parser.value("goal").split(',');
        bool okX = false, okZ = false;
        const float x = xz.size() == 2 ? xz[0].toFloat(&okX) : 0.0f,
                    z = xz.size() == 2 ? xz[1].toFloat(&okZ) : 0.0f;
        if (!okX || !okZ || std::abs(x) > 1e4f || std::abs(z) > 1e4f)
            return "--goal must be x,z in metres";
        o.goal = glm::vec2(x, z);
    }
    if (parser.isSet("goal-mode")) {
        const QStringList modes{"place", "follow", "circle", "zigzag", "figure8"};
        o.goalMode = static_cast<int>(modes.indexOf(parser.value("goal-mode")));
        if (o.goalMode < 0) return "--goal-mode must be one of " + modes.join(", ");
    }
    if (parser.isSet("characters")) {
        bool ok = false;
        o.characters = parser.value("characters").toInt(&ok);
        if (!ok || o.characters < 1 || o.characters > 50) return "--characters must be 1-50";
    }
    if (parser.isSet("docks")) {
        for (const QString& name : parser.value("docks").split(',', Qt::SkipEmptyParts))
            o.docks << name.trimmed().toLower();
        for (const QString& name : o.docks)
            if (!gs::MainWindow::analysisDockNames().contains(name))
                return QString("--docks: unknown dock '%1' (known: %2)")
                    .arg(name, gs::MainWindow::analysisDockNames().join(", "));
    }
    o.project = parser.value("project");
    o.imports = parser.values("import");
    if (!parser.positionalArguments().isEmpty()) o.file = parser.positionalArguments().first();
    o.recover = !parser.isSet("no-recover");
    if (parser.isSet("size")) {
        const QStringList wh = parser.value("size").split('x');
        bool okW = false, okH = false;
        const int w = wh.size() == 2 ? wh[0].toInt(&okW) : 0,
                  h = wh.size() == 2 ? wh[1].toInt(&okH) : 0;
        if (!okW || !okH || w < 320 || h < 240 || w > 8192 || h > 8192)
            return "--size must be WxH, 320x240 to 8192x8192";
        o.size = QSize(w, h);
    }
    o.texture = parser.value("texture");
    o.model = parser.value("model");
    return {};
}

}  // namespace

int main(int argc, char* argv[]) {
    // OpenGL 3.3 core for the 3D view (set before the application exists).
    QSurfaceFormat format;
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    QSurfaceFormat::setDefaultFormat(format);
    QApplication app(argc, argv);
    QApplication::setOrganizationName("Gaitspace");
    QApplication::setApplicationName("Gaitspace");
    QApplication::setApplicationVersion("0.1.0");
    QCommandLineParser parser;
    addOptions(parser);
    parser.process(app);

    gs::AppController::Options options;
    int samples = -1;
    if (const QString error = readOptions(parser, options, samples); !error.isEmpty()) {
        std::fprintf(stderr, "gaitspace: %s\n", qPrintable(error));
        return 2;
    }
    gs::AppController::setSamples(samples);  // before the window's 3D view exists
    gs::MainWindow window;
    gs::AppController controller(&window, options);
    QObject::connect(&controller, &gs::AppController::finished, &app,
                     [](int code) { QCoreApplication::exit(code); });
    controller.start();
    return app.exec();
}

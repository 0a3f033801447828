// gaitspace: the desktop application.

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QSurfaceFormat>
#include <QElapsedTimer>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QScreen>
#include <QStatusBar>
#include <QStandardPaths>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <optional>

#include "app/project/synthetic_demo.h"
#include "demo_project.h"
#include "main_window.h"
#include "steering_demo.h"
#include "widgets/viewport.h"

namespace {

// The built-in demo project (a walk and a jog space of CMU clips, with their stops and starts),
// from the source tree.
QString demoProject() {
    const QString path = QStringLiteral(GAITSPACE_SOURCE_DIR "/") + QLatin1String(gs::kWindowDemoProject);
    return QFileInfo::exists(path) ? path : QString();
}

// Where the CMU clips are looked for: GAITSPACE_DATA_DIR when set, else a shared/data folder
// beside the working folder, the build tree or the source tree.
QStringList dataDirs() {
    if (qEnvironmentVariableIsSet("GAITSPACE_DATA_DIR")) return {qEnvironmentVariable("GAITSPACE_DATA_DIR")};
    QStringList dirs;
    dirs << QDir::cleanPath(QDir::currentPath() + "/../shared/data")
         << QDir::cleanPath(QCoreApplication::applicationDirPath() + "/../../../../shared/data")
         << QDir::cleanPath(QStringLiteral(GAITSPACE_SOURCE_DIR "/../shared/data"));
    dirs.removeDuplicates();
    return dirs;
}

// A CMU walk (the demo's straight walk), or empty when no data folder holds it.
QString demoClip() {
    for (const QString& d : dataDirs()) {
        const QString f = QDir::cleanPath(d + "/cmu/16_15.bvh");
        if (QFileInfo::exists(f)) return f;
    }
    return {};
}

// Whether OpenGL here is a software rasterizer (Mesa llvmpipe or softpipe, SwiftShader), where
// multisampling multiplies the fill work the CPU does.
bool softwareRasterizer() {
    QOffscreenSurface surface;
    surface.create();
    QOpenGLContext context;
    if (!context.create() || !context.makeCurrent(&surface)) return false;
    const auto* renderer = reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER));
    const QString name = renderer ? QString::fromLatin1(renderer).toLower() : QString();
    context.doneCurrent();
    return name.contains("llvmpipe") || name.contains("softpipe") || name.contains("swiftshader");
}

// A run driven from the command line: goal, goal mode, how long, what to write at the end.
struct Script {
    std::optional<glm::vec2> goal;
    int goalMode = -1;     // SteeringDemo::GoalMode, -1 = as the window has it
    double seconds = -1;   // of the live run; < 0 = screenshot after the delay
    QString screenshot, report;
    bool benchmark = false;
    QStringList docks;     // analysis docks to open first
    bool started = false;
    bool docksPending = false;  // waiting for the project to open the docks
    QElapsedTimer wall;
    std::function<void()> finish;

    bool scripted() const { return !screenshot.isEmpty() || !report.isEmpty() || benchmark; }
};

QJsonArray array(const std::vector<float>& values) {
    QJsonArray a;
    for (float v : values) a.append(v);
    return a;
}

// Where the view draws its character now: the hips on the ground (x, z) as posed for the frame
// shown; a retargeted model's stand over the simulated root (core/character/retarget.h).
std::optional<glm::vec2> drawnRoot(const gs::Viewport& view) {
    const gs::Character* character = view.character();
    if (!character || !view.clip() || view.clip()->isEmpty()) return std::nullopt;
    std::vector<gs::Transform> world;
    std::vector<glm::mat4> palette;
    character->pose(*view.clip(), view.frame(), world, palette);
    const glm::vec3 hips = world[character->hipsJoint()].translation;
    return glm::vec2(hips.x, hips.z);
}

// Writes the report (--report) and the frame-time distribution (--benchmark).
bool finishScript(gs::MainWindow& window, const Script& script) {
    gs::SteeringDemo* run = window.steeringRun();
    const std::vector<float>& times = window.viewport()->frameTimes();
    std::vector<float> sorted = times;
    std::sort(sorted.begin(), sorted.end());
    auto at = [&](double q) { return sorted.empty() ? 0.0f : sorted[std::min(sorted.size() - 1, size_t(q * sorted.size()))]; };
    double total = 0.0;
    for (float t : times) total += t;
    const double fps = total > 0.0 ? 1000.0 * times.size() / total : 0.0;
    bool ok = true;
    if (!script.report.isEmpty()) {
        QJsonObject o{{"fps", fps}, {"frames", static_cast<int>(times.size())}};
        // Where the window is: its frame (title bar included), the screen's available area and
        // the status bar, in screen pixels.
        auto rect = [](const QRect& r) { return QJsonArray{r.x(), r.y(), r.width(), r.height()}; };
        o.insert("window_frame", rect(window.frameGeometry()));
        o.insert("window_geometry", rect(window.geometry()));
        if (const QScreen* screen = window.screen()) o.insert("screen_available", rect(screen->availableGeometry()));
        const QStatusBar* status = window.statusBar();
        o.insert("status_bar", rect(QRect(status->mapToGlobal(QPoint(0, 0)), status->size())));
        if (run && run->isReady()) {
            const glm::vec2 goal = run->goal();
            const glm::vec3 root = run->motion().rootPositions.back();
            o.insert("goal", QJsonArray{goal.x, goal.y});
            o.insert("character_position", QJsonArray{root.x, root.z});
            if (const auto drawn = drawnRoot(*window.viewport())) {
                o.insert("model_root_position", QJsonArray{drawn->x, drawn->y});
                o.insert("model", QString::fromStdString(window.viewport()->character()->description()));
            }
            o.insert("distance_to_goal", run->distanceToGoal());
            o.insert("style_weights", array(run->styleWeights()));
            o.insert("blend", array(run->blends()));
            o.insert("reached_goals", run->reachedGoals());
            o.insert("seconds", run->seconds());
            o.insert("spaces", QJsonArray::fromStringList(run->spaceNames()));
        }
        QSaveFile file(script.report);
        ok = file.open(QIODevice::WriteOnly) && file.write(QJsonDocument(o).toJson()) > 0 && file.commit();
        if (!ok) std::fprintf(stderr, "gaitspace: %s: cannot write the report\n", qPrintable(script.report));
    }
    if (script.benchmark)
        std::printf("viewport %dx%d: frames %zu, %.1f fps; frame time ms: median %.1f, p95 %.1f, p99 %.1f, max %.1f\n",
                    window.viewport()->width(), window.viewport()->height(), times.size(), fps, at(0.5), at(0.95),
                    at(0.99), sorted.empty() ? 0.0f : sorted.back());
    return ok;
}

void addOptions(QCommandLineParser& parser) {
    parser.setApplicationDescription("Gaitspace: behavioral motion spaces for character locomotion.");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("file", "A motion file or a project (*.gsproj) to open.", "[FILE]");
    parser.addOption({"screenshot", "Render the window to PNG after a moment and quit.", "png"});
    parser.addOption({"texture", "An image (PNG/JPEG) mapped onto the mannequin.", "image"});
    parser.addOption({"screenshot-delay", "Milliseconds before the screenshot (default 1500).", "ms", "1500"});
    parser.addOption({"import", "Import a motion file into a new project (repeatable).", "file"});
    parser.addOption({"no-recover", "Do not offer to recover autosaved changes."});
    parser.addOption({"project", "A project (*.gsproj) to open and steer.", "gsproj"});
    parser.addOption({"seconds", "With --screenshot, --report or --benchmark: steer for S seconds of the live run, "
                                 "then write them and quit.", "S"});
    parser.addOption({"goal", "The goal of the live run (world metres).", "x,z"});
    parser.addOption({"goal-mode", "place (default), follow, circle, zigzag or figure8.", "mode"});
    parser.addOption({"report", "Write the live run's state as JSON at the end.", "json"});
    parser.addOption({"model", "A skinned model (glTF/GLB, FBX, COLLADA) to draw, retargeted to the clips.", "file"});
    parser.addOption({"benchmark", "Print the frame-time distribution at the end."});
    parser.addOption({"size", "Window size in pixels (default: as last time, else 1280x800).", "WxH"});
    parser.addOption({"msaa", "Multisampling of the 3D view: 0 (none) to 16 (default: 4 on a GPU, 0 on a software "
                              "rasterizer such as Mesa llvmpipe, where it costs 60 % of the frame rate).", "N"});
    parser.addOption({"docks", "Open these analysis docks before the screenshot: " +
                                   gs::MainWindow::analysisDockNames().join(", ") +
                                   " (the match web of the first space's reference clip with itself, its "
                                   "registration to the next clip of that space).", "names"});
}

// The 3D view's multisampling (--msaa, else by the rasterizer); an error message, or empty.
QString setSamples(const QCommandLineParser& parser) {
    if (!parser.isSet("msaa")) {
        gs::Viewport::setSamples(softwareRasterizer() ? 0 : 4);
        return {};
    }
    bool ok = false;
    const int n = parser.value("msaa").toInt(&ok);
    if (!ok || n < 0 || n > 16) return "--msaa must be 0-16";
    gs::Viewport::setSamples(n);
    return {};
}

// The scripted run the options ask for, each value range-checked; an error message, or empty.
QString readScript(const QCommandLineParser& parser, Script& script) {
    script.screenshot = parser.value("screenshot");
    script.report = parser.value("report");
    script.benchmark = parser.isSet("benchmark");
    if (parser.isSet("seconds")) {
        bool ok = false;
        script.seconds = parser.value("seconds").toDouble(&ok);
        if (!ok || !(script.seconds > 0.0) || script.seconds > 3600.0) return "--seconds must be in (0, 3600]";
    }
    if (parser.isSet("goal")) {
        const QStringList xz = parser.value("goal").split(',');
        bool okX = false, okZ = false;
        const float x = xz.size() == 2 ? xz[0].toFloat(&okX) : 0.0f, z = xz.size() == 2 ? xz[1].toFloat(&okZ) : 0.0f;
        if (!okX || !okZ || std::abs(x) > 1e4f || std::abs(z) > 1e4f) return "--goal must be x,z in metres";
        script.goal = glm::vec2(x, z);
    }
    if (parser.isSet("goal-mode")) {
        const QStringList modes{"place", "follow", "circle", "zigzag", "figure8"};
        script.goalMode = static_cast<int>(modes.indexOf(parser.value("goal-mode")));
        if (script.goalMode < 0) return "--goal-mode must be one of " + modes.join(", ");
    }
    if (parser.isSet("docks")) {
        for (const QString& name : parser.value("docks").split(',', Qt::SkipEmptyParts))
            script.docks << name.trimmed().toLower();
        for (const QString& name : script.docks)
            if (!gs::MainWindow::analysisDockNames().contains(name))
                return QString("--docks: unknown dock '%1' (known: %2)")
                    .arg(name, gs::MainWindow::analysisDockNames().join(", "));
    }
    return {};
}

// What the window opens with: recovered changes of a run that did not end cleanly (never in
// scripted runs), else the project, the imports or the file asked for, else the demo (the
// synthetic one, said once with where it looked, when there is no motion capture). Returns
// whether a project is being opened (the docks wait for it).
bool openFirst(gs::MainWindow& window, const QCommandLineParser& parser, bool scripted) {
    const QStringList files = parser.positionalArguments();
    if (!scripted && !parser.isSet("no-recover") && window.recoverAutosaves()) return false;
    if (parser.isSet("project")) {
        window.openProject(parser.value("project"));
        return true;
    }
    if (parser.isSet("import")) {
        window.importFiles(parser.values("import"));
        return false;
    }
    if (!files.isEmpty() && files.first().endsWith(".gsproj")) {
        window.openProject(files.first());
        return true;
    }
    if (!files.isEmpty()) {
        window.openClip(files.first());
        return false;
    }
    if (!demoProject().isEmpty() && !demoClip().isEmpty()) {
        window.openProject(demoProject(), true);  // an untitled copy: Save asks where to write it
        return true;
    }
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + "/synthetic-demo";
    window.addMessage(gs::ProjectDocument::Level::Warning,
                      QObject::tr("No CMU clips found (looked for cmu/16_15.bvh in %1). Showing the SYNTHETIC demo: "
                                  "generated walk, jog and run, not motion capture. Set GAITSPACE_DATA_DIR to the "
                                  "folder that holds cmu/ to use the motion capture.")
                          .arg(dataDirs().join(", ")));
    auto demo = gs::writeSyntheticDemo(dir);
    if (demo) {
        window.openProject(demo->projectPath);
        return true;
    }
    window.addMessage(gs::ProjectDocument::Level::Error, QString::fromStdString(demo.message()));
    return false;
}

// --size, --texture and --model; an error message, or empty.
QString applyLook(gs::MainWindow& window, const QCommandLineParser& parser) {
    if (parser.isSet("size")) {
        const QStringList wh = parser.value("size").split('x');
        bool okW = false, okH = false;
        const int w = wh.size() == 2 ? wh[0].toInt(&okW) : 0, h = wh.size() == 2 ? wh[1].toInt(&okH) : 0;
        if (!okW || !okH || w < 320 || h < 240 || w > 8192 || h > 8192)
            return "--size must be WxH, 320x240 to 8192x8192";
        window.resize(w, h);
    }
    if (parser.isSet("texture")) window.setTexture(parser.value("texture"));
    if (parser.isSet("model")) {
        // After the project's own character is set (when the project opens).
        const QString model = parser.value("model");
        QObject::connect(window.document(), &gs::ProjectDocument::projectReset, &window,
                         [&window, model] { QTimer::singleShot(0, &window, [&window, model] { window.setModel(model); }); });
        window.setModel(model);
    }
    return {};
}

// The analysis docks asked for: once the project is open (its clips loaded), or now when none is
// opening.
void openDocks(gs::MainWindow& window, Script& script, bool opening) {
    if (script.docks.isEmpty()) return;
    auto open = [&window, &script] {
        script.docksPending = false;
        window.showAnalysisDocks(script.docks);
    };
    if (!opening) {
        open();
        return;
    }
    script.docksPending = true;
    auto* once = new QObject(&window);
    QObject::connect(window.document(), &gs::ProjectDocument::projectReset, once, [open, once] {
        once->deleteLater();
        open();
    });
}

// A scripted run: once the live run starts, its goal and mode; after S seconds of it (or the
// delay), the screenshot, the report and the frame times, then quit.
void startScript(gs::MainWindow& window, Script& script, int delayMs) {
    script.finish = [&window, &script] {
        if ((script.docksPending && window.isLoading()) || window.isAnalysing()) {  // the docks' computations first
            QTimer::singleShot(50, &window, script.finish);
            return;
        }
        bool ok = true;
        if (!script.screenshot.isEmpty()) {
            ok = window.screenshot().save(script.screenshot);
            if (!ok) std::fprintf(stderr, "gaitspace: %s: cannot write the screenshot\n", qPrintable(script.screenshot));
        }
        ok = finishScript(window, script) && ok;
        QCoreApplication::exit(ok ? 0 : 1);
    };
    const bool bySeconds = script.scripted() && script.seconds >= 0.0;
    if (script.scripted() && !bySeconds) QTimer::singleShot(delayMs, &window, script.finish);
    if (!bySeconds && !script.goal && script.goalMode < 0) return;
    auto* poll = new QTimer(&window);
    script.wall.start();
    QObject::connect(poll, &QTimer::timeout, &window, [&window, &script, bySeconds, poll] {
        gs::SteeringDemo* run = window.steeringRun();
        if (!script.started) {
            if (!window.isSteering() || !run || !run->isReady()) {
                if (bySeconds && script.wall.elapsed() > 600000) {  // ten minutes: give up
                    std::fprintf(stderr, "gaitspace: the live run did not start\n");
                    QCoreApplication::exit(1);
                }
                return;
            }
            if (script.goalMode >= 0) window.setGoalMode(script.goalMode);
            if (script.goal) run->setGoal(*script.goal);
            window.viewport()->clearFrameTimes();
            script.started = true;
            script.seconds += run->seconds();  // from now
            if (!bySeconds) poll->stop();
            return;
        }
        if (run->seconds() >= script.seconds) {
            poll->stop();
            script.finish();
        }
    });
    poll->start(10);
}

int refuse(const QString& message) {
    std::fprintf(stderr, "gaitspace: %s\n", qPrintable(message));
    return 2;
}

}  // namespace

int main(int argc, char* argv[]) {
    // OpenGL 3.3 core with 4x multisampling for the 3D view (set before the application exists).
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

    Script script;
    if (const QString error = setSamples(parser); !error.isEmpty()) return refuse(error);
    if (const QString error = readScript(parser, script); !error.isEmpty()) return refuse(error);
    gs::MainWindow window;
    const bool opening = openFirst(window, parser, script.scripted());
    if (const QString error = applyLook(window, parser); !error.isEmpty()) return refuse(error);
    window.show();
    openDocks(window, script, opening);
    startScript(window, script, parser.value("screenshot-delay").toInt());
    return app.exec();
}

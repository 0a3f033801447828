#include "app/gui/app/app_controller.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QSaveFile>
#include <QScreen>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>
#include <cstdio>

#include "app/gui/app/demo_project.h"
#include "app/gui/docks/live_steering_dock.h"
#include "app/gui/live/live_run.h"
#include "app/gui/live/steering_demo.h"
#include "app/gui/window/main_window.h"
#include "app/project/synthetic_demo.h"
#include "widgets/viewport.h"

namespace gs {
namespace {

// The built-in demo project (a walk and a jog space of CMU clips, with their stops and starts),
// from the source tree.
QString demoProject() {
    const QString path =
        QStringLiteral(GAITSPACE_SOURCE_DIR "/") + QLatin1String(kWindowDemoProject);
    return QFileInfo::exists(path) ? path : QString();
}

// Where the CMU clips are looked for: GAITSPACE_DATA_DIR when set, else a shared/data folder
// beside the working folder, the build tree or the source tree.
QStringList dataDirs() {
    if (qEnvironmentVariableIsSet("GAITSPACE_DATA_DIR"))
        return {qEnvironmentVariable("GAITSPACE_DATA_DIR")};
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
    const auto* renderer =
        reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER));
    const QString name = renderer ? QString::fromLatin1(renderer).toLower() : QString();
    context.doneCurrent();
    return name.contains("llvmpipe") || name.contains("softpipe") || name.contains("swiftshader");
}

QJsonArray array(const std::vector<float>& values) {
    QJsonArray a;
    for (float v : values) a.append(v);
    return a;
}

QJsonArray array(const QRect& r) { return QJsonArray{r.x(), r.y(), r.width(), r.height()}; }

// Where the view draws its character now: the hips on the ground (x, z) as posed for the frame
// shown; a retargeted model's stand over the simulated root (core/character/retarget.h).
std::optional<glm::vec2> drawnRoot(const Viewport& view) {
    const Character* character = view.character();
    if (!character || !view.clip() || view.clip()->isEmpty()) return std::nullopt;
    std::vector<Transform> world;
    std::vector<glm::mat4> palette;
    character->pose(*view.clip(), view.frame(), world, palette);
    const glm::vec3 hips = world[character->hipsJoint()].translation;
    return glm::vec2(hips.x, hips.z);
}

// The view's frame times (milliseconds): their rate and quantiles.
struct FrameTimes {
    std::vector<float> sorted;
    double fps = 0.0;

    explicit FrameTimes(const std::vector<float>& times) : sorted(times) {
        std::sort(sorted.begin(), sorted.end());
        double total = 0.0;
        for (float t : times) total += t;
        fps = total > 0.0 ? 1000.0 * times.size() / total : 0.0;
    }
    float at(double q) const {
        return sorted.empty() ? 0.0f
                              : sorted[std::min(sorted.size() - 1, size_t(q * sorted.size()))];
    }
};

}  // namespace

void AppController::setSamples(int samples) {
    Viewport::setSamples(samples >= 0 ? samples : softwareRasterizer() ? 0 : 4);
}

AppController::AppController(MainWindow* window, Options options, QObject* parent)
    : QObject(parent), m_window(window), m_options(std::move(options)) {
    Q_ASSERT(window);
}

AppController::~AppController() = default;

void AppController::start() {
    const bool opening = openFirst();
    applyLook();
    m_window->show();
    openDocks(opening);
    startScript();
}

// What the window opens with: recovered changes of a run that did not end cleanly (never in
// scripted runs), else the project, the imports or the file asked for, else the demo (the
// synthetic one, said once with where it looked, when there is no motion capture).
bool AppController::openFirst() {
    MainWindow& window = *m_window;
    const Options& o = m_options;
    if (!o.scripted() && o.recover && window.recoverAutosaves()) return false;
    if (!o.project.isEmpty()) {
        window.openProject(o.project);
        return true;
    }
    if (!o.imports.isEmpty()) {
        window.importFiles(o.imports);
        return false;
    }
    if (o.file.endsWith(".gsproj")) {
        window.openProject(o.file);
        return true;
    }
    if (!o.file.isEmpty()) {
        window.openClip(o.file);
        return false;
    }
    if (!demoProject().isEmpty() && !demoClip().isEmpty()) {
        window.openProject(demoProject(), true);  // an untitled copy: Save asks where to write it
        return true;
    }
    const QString dir =
        QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + "/synthetic-demo";
    window.addMessage(
        ProjectDocument::Level::Warning,
        tr("No CMU clips found (looked for cmu/16_15.bvh in %1). Showing the SYNTHETIC demo: "
           "generated walk, jog and run, not motion capture. Set GAITSPACE_DATA_DIR to the "
           "folder that holds cmu/ to use the motion capture.")
            .arg(dataDirs().join(", ")));
    auto demo = writeSyntheticDemo(dir);
    if (demo) {
        window.openProject(demo->projectPath);
        return true;
    }
    window.addMessage(ProjectDocument::Level::Error, QString::fromStdString(demo.message()));
    return false;
}

void AppController::applyLook() {
    if (m_options.size) m_window->resize(*m_options.size);
    if (!m_options.texture.isEmpty()) m_window->setTexture(m_options.texture);
    if (!m_options.model.isEmpty()) {
        // Again after the project's own character is set (when a project opens).
        connect(m_window->document(), &ProjectDocument::projectReset, this, [this] {
            QTimer::singleShot(0, this, [this] { m_window->setModel(m_options.model); });
        });
        m_window->setModel(m_options.model);
    }
}

// The analysis docks asked for: once the project is open (its clips loaded), or now when none is
// opening.
void AppController::openDocks(bool opening) {
    if (m_options.docks.isEmpty()) return;
    if (!opening) {
        m_window->showAnalysisDocks(m_options.docks);
        return;
    }
    m_docksPending = true;
    m_docksOnOpen = connect(m_window->document(), &ProjectDocument::projectReset, this, [this] {
        disconnect(m_docksOnOpen);
        m_docksPending = false;
        m_window->showAnalysisDocks(m_options.docks);
    });
}

void AppController::startScript() {
    const bool scripted = m_options.scripted();
    m_bySeconds = scripted && m_options.seconds >= 0.0;
    if (scripted && !m_bySeconds)
        QTimer::singleShot(m_options.screenshotDelayMs, this, &AppController::finish);
    if (!m_bySeconds && !m_options.goal && m_options.goalMode < 0 && m_options.characters <= 0)
        return;
    m_poll = new QTimer(this);
    m_wall.start();
    connect(m_poll, &QTimer::timeout, this, &AppController::poll);
    m_poll->start(10);
}

void AppController::poll() {
    SteeringDemo* run = m_window->liveRun()->demo();
    if (!m_started) {
        if (!m_window->isSteering() || !run || !run->isReady()) {
            if (m_bySeconds && m_wall.elapsed() > 600000) {  // ten minutes: give up
                std::fprintf(stderr, "gaitspace: the live run did not start\n");
                m_poll->stop();
                emit finished(1);
            }
            return;
        }
        if (m_options.goalMode >= 0) m_window->setGoalMode(m_options.goalMode);
        if (m_options.characters > 0) {
            // Shown in the dock's box, not saved as the user's count.
            const QSignalBlocker quiet(m_window->steeringDock()->characters());
            m_window->steeringDock()->characters()->setValue(m_options.characters);
            m_window->liveRun()->setCharacters(m_options.characters);
            m_window->viewport()->frameAll();  // the others in view (as Home frames them)
        }
        if (m_options.goal) run->setGoal(*m_options.goal);
        m_window->viewport()->clearFrameTimes();
        m_started = true;
        m_endSeconds = run->seconds() + m_options.seconds;  // from now
        if (!m_bySeconds) m_poll->stop();
        return;
    }
    if (run->seconds() >= m_endSeconds) {
        m_poll->stop();
        finish();
    }
}

void AppController::finish() {
    if ((m_docksPending && m_window->isLoading()) ||
        m_window->isAnalysing()) {  // the docks' computations first
        QTimer::singleShot(50, this, &AppController::finish);
        return;
    }
    bool ok = true;
    if (!m_options.screenshot.isEmpty()) {
        ok = m_window->screenshot().save(m_options.screenshot);
        if (!ok)
            std::fprintf(stderr, "gaitspace: %s: cannot write the screenshot\n",
                         qPrintable(m_options.screenshot));
    }
    if (!m_options.report.isEmpty()) ok = writeReport() && ok;
    if (m_options.benchmark) printBenchmark();
    emit finished(ok ? 0 : 1);
}

bool AppController::writeReport() const {
    const MainWindow& window = *m_window;
    const FrameTimes times(window.viewport()->frameTimes());
    QJsonObject o{{"fps", times.fps}, {"frames", static_cast<int>(times.sorted.size())}};
    // Where the window is: its frame (title bar included), the screen's available area and the
    // status bar, in screen pixels.
    o.insert("window_frame", array(window.frameGeometry()));
    o.insert("window_geometry", array(window.geometry()));
    if (const QScreen* screen = window.screen())
        o.insert("screen_available", array(screen->availableGeometry()));
    const QStatusBar* status = window.statusBar();
    o.insert("status_bar", array(QRect(status->mapToGlobal(QPoint(0, 0)), status->size())));
    const SteeringDemo* run = window.liveRun()->demo();
    if (run && run->isReady()) {
        const glm::vec2 goal = run->goal();
        const glm::vec3 root = run->motion().rootPositions.back();
        o.insert("goal", QJsonArray{goal.x, goal.y});
        o.insert("character_position", QJsonArray{root.x, root.z});
        if (const auto drawn = drawnRoot(*window.viewport())) {
            o.insert("model_root_position", QJsonArray{drawn->x, drawn->y});
            o.insert("model",
                     QString::fromStdString(window.viewport()->character()->description()));
        }
        o.insert("distance_to_goal", run->distanceToGoal());
        o.insert("style_weights", array(run->styleWeights()));
        o.insert("blend", array(run->blends()));
        o.insert("reached_goals", run->reachedGoals());
        o.insert("characters", run->characters());
        o.insert("seconds", run->seconds());
        o.insert("spaces", QJsonArray::fromStringList(run->spaceNames()));
    }
    QSaveFile file(m_options.report);
    const bool ok = file.open(QIODevice::WriteOnly) && file.write(QJsonDocument(o).toJson()) > 0 &&
                    file.commit();
    if (!ok)
        std::fprintf(stderr, "gaitspace: %s: cannot write the report\n",
                     qPrintable(m_options.report));
    return ok;
}

void AppController::printBenchmark() const {
    const Viewport* view = m_window->viewport();
    const FrameTimes times(view->frameTimes());
    std::printf(
        "viewport %dx%d: frames %zu, %.1f fps; frame time ms: median %.1f, p95 %.1f, p99 %.1f, max "
        "%.1f\n",
        view->width(), view->height(), times.sorted.size(), times.fps, times.at(0.5),
        times.at(0.95), times.at(0.99), times.sorted.empty() ? 0.0f : times.sorted.back());
}

}  // namespace gs

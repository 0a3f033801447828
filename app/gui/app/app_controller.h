#pragma once
// AppController: the application around the window, as its command line asks. It opens what the
// window starts with (recovered changes, the project, the imports or the file asked for, else the
// demo), gives it its size, texture and model, opens the analysis docks asked for, and runs a
// scripted run: once the live run starts, its goal and goal mode; after S seconds of it (or after
// a delay), the screenshot, the report (JSON) and the frame-time distribution, then finished().
//
// It drives the window through MainWindow's public API (openProject, importFiles, openClip,
// recoverAutosaves, setTexture, setModel, showAnalysisDocks, setGoalMode, screenshot, the state
// queries, liveRun() and viewport()); the window knows nothing of it. main.cpp reads the options,
// builds the window and the controller and calls start(). The controller must not outlive the
// window.

#include <QElapsedTimer>
#include <QMetaObject>
#include <QObject>
#include <QSize>
#include <QStringList>

#include <glm/glm.hpp>

#include <optional>

class QTimer;

namespace gs {

class MainWindow;

class AppController : public QObject {
    Q_OBJECT
public:
    // What the command line asks for, each value range-checked by the caller.
    struct Options {
        // What the window opens with (the first that is set; else the demo).
        QString project;      // a project (*.gsproj)
        QStringList imports;  // motion files imported into a new project, in order
        QString file;         // a motion file or a project (*.gsproj)
        bool recover = true;  // offer to recover autosaved changes (never in a scripted run)
        // The look.
        std::optional<QSize>
            size;         // window size in pixels, 320x240 to 8192x8192; none = as last time
        QString texture;  // an image mapped onto the mannequin; empty = plain
        QString model;    // a skinned model drawn retargeted to the clips; empty = the project's
        // The scripted run (scripted() when any of screenshot, report, benchmark is asked for).
        QString screenshot;      // PNG of the window written at the end; empty = none
        QString report;          // the live run's state as JSON written at the end; empty = none
        bool benchmark = false;  // print the frame-time distribution at the end
        int screenshotDelayMs = 1500;  // without `seconds`: milliseconds from start() to the end
        double seconds = -1.0;  // seconds of the live run, (0, 3600]; < 0 = end after the delay
        std::optional<glm::vec2> goal;  // the live run's goal, world metres (x, z)
        int goalMode = -1;              // SteeringDemo::GoalMode; -1 = as the window has it
        // Characters walking a level at once, 1-50 (LiveRun::setCharacters; not saved in the
        // user's settings); 0 = as the window has it.
        int characters = 0;
        QStringList docks;  // MainWindow::analysisDockNames() to show first

        bool scripted() const { return !screenshot.isEmpty() || !report.isEmpty() || benchmark; }
    };

    // Multisampling of the 3D view, set before any window exists: `samples` 0-16, or < 0 = by the
    // rasterizer (4 on a GPU, 0 on a software one such as Mesa llvmpipe, where it costs 60 % of
    // the frame rate).
    static void setSamples(int samples);

    AppController(MainWindow* window, Options options, QObject* parent = nullptr);
    ~AppController() override;

    const Options& options() const { return m_options; }
    // Opens what the window starts with, applies the look, shows the window, opens the docks and
    // starts the scripted run. Call once.
    void start();

signals:
    // The scripted run is over: 0 when everything asked for was written, 1 when something could
    // not be (a file, or a live run that did not start within ten minutes).
    void finished(int exitCode);

private:
    // Whether a project is being opened (the docks wait for it).
    bool openFirst();
    void applyLook();
    void openDocks(bool opening);
    void startScript();
    // Every 10 ms until the live run starts (goal and mode), then until its seconds are up.
    void poll();
    // The screenshot, the report and the benchmark once the docks' computations are done.
    void finish();
    bool writeReport() const;
    void printBenchmark() const;

    MainWindow* m_window;
    Options m_options;
    QTimer* m_poll = nullptr;
    QElapsedTimer m_wall;  // since the scripted run was started
    QMetaObject::Connection m_docksOnOpen;
    bool m_bySeconds = false;     // the run ends after `seconds` of the live run
    bool m_started = false;       // the live run started, the goal and mode are set
    bool m_docksPending = false;  // waiting for the project to open the docks
    double m_endSeconds = 0.0;    // the live run's clock at the end
};

}  // namespace gs

#pragma once
// MainWindow: the Gaitspace editor. The viewport in the centre; docks for the clip library, the
// timeline with the trim editor, the blend weights, messages, the undo history and the analysis
// views. It owns the ProjectDocument and wires widgets to it: widgets paint and forward input,
// the document changes through undoable commands.
//
// The viewport shows one of two things: the live steering of the project's character (a
// SteeringDemo, built when a project with spaces opens) or a library clip played at its own rate.
// Showing a clip stops the steering; Playback > Steer returns to it.
//
// Projects are never lost: a prompt before unsaved changes are discarded, atomic saves, and an
// autosave of unsaved changes every 60 s to a side file that the next start offers to recover
// when the process did not end cleanly.

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QImage>
#include <QLockFile>
#include <QMainWindow>
#include <QMessageBox>

#include <functional>
#include <memory>

#include "app/document/project_document.h"
#include "widgets/style_editor.h"

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSlider;
class QTimer;
class QToolButton;
class QUndoView;

namespace gs {

class ClipLibraryModel;
class ClipLibraryView;
class GoalSpaceView;
class MotionSpacesPanel;
class QualityPanel;
class SpacesUi;
class MatchWebView;
class RegistrationView;
struct AnalysisPanels;
class SteeringDemo;
class Timeline;
class Viewport;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Imports a motion file into the library and plays it (the steering stops at once).
    void openClip(const QString& path);
    // Opens a project (in the background): its clips fill the library, and when it has motion
    // spaces its character steers live toward a goal the user clicks on the ground.
    void openProject(const QString& path);
    // Starts an empty project (asks about unsaved changes first). False when the user cancels.
    bool newProject();
    bool save();
    bool saveAs(const QString& path = {});
    void importFiles(const QStringList& files);
    // An image mapped onto the mannequin (empty = plain).
    void setTexture(const QString& path);
    // The live run so far (the last minute) as BVH (.bvh) or glTF through Assimp (.glb, .gltf).
    Status exportRun(const QString& path);
    // A skinned model retargeted to the clips (empty = the mannequin), drawn without changing the
    // project (scripted runs); Character > Load Model sets the project's character instead.
    void setModel(const QString& path);
    // The window as shown, 3D view included.
    QImage screenshot();

    // Autosave side files left by a process that did not end cleanly: for each, `accept`
    // (default: a question box) says whether to recover it; the first accepted one becomes the
    // document (unsaved, under its original path), the others are discarded. True if recovered.
    using RecoverQuestion = std::function<bool(const QString& original, const QDateTime& when)>;
    bool recoverAutosaves(RecoverQuestion accept = {});
    // The answer to "save the changes?" (default: a question box); tests set it.
    using SaveQuestion = std::function<QMessageBox::StandardButton()>;
    void setSaveQuestion(SaveQuestion question) { m_saveQuestion = std::move(question); }
    // The folder of autosave side files (GAITSPACE_AUTOSAVE_DIR, else the application data folder).
    static QString autosaveDir();
    QString autosaveFile() const { return m_autosaveFile; }
    void autosaveNow();

    // State for scripts and tests.
    ProjectDocument* document() const { return m_doc; }
    Viewport* viewport() const { return m_view; }
    Timeline* timeline() const { return m_timeline; }
    ClipLibraryView* libraryView() const { return m_libraryView; }
    QListWidget* messages() const { return m_messages; }
    bool isSteering() const;
    // How the live run's goal moves (SteeringDemo::GoalMode), as the steer bar's choice.
    void setGoalMode(int mode);
    // The live run (null until a project's spaces are built).
    SteeringDemo* steeringRun() const { return m_demo; }
    // A line in the messages dock.
    void addMessage(ProjectDocument::Level level, const QString& text);
    bool isPlaying() const { return m_playing; }
    bool isLoading() const;
    QString currentClip() const { return m_currentClip; }
    void selectClip(const QString& id);
    void setPlaying(bool playing);
    float currentFrame() const { return m_frame; }

    // The motion-space editor and the goal-space view (main_window_spaces.cpp).
    MotionSpacesPanel* spacesPanel() const;
    GoalSpaceView* goalSpaceView() const;
    QualityPanel* qualityPanel() const;
    // Builds the document's motion spaces as edited (saved or not) for the live run, in the
    // background with progress and Cancel; when done the live run switches to the new build.
    void buildSpaces();
    // Bakes the document's spaces (as `gaitspace-cli bake` does) into a .gspace file in the
    // background with progress and Cancel; bakedSpaceExported() tells how it went.
    void exportBakedSpace(const QString& path);
    bool isExportingBakedSpace() const;

    // The analysis docks (main_window_analysis.cpp). Their names for --docks: matchweb,
    // registration, spaces, goalspace, quality.
    static QStringList analysisDockNames();
    // Shows the named docks together (unknown names: false and `error` says which) and starts
    // what they show: the match web of the first space's reference clip with itself, and its
    // registration to the next clip of that space.
    bool showAnalysisDocks(const QStringList& names, QString* error = nullptr);
    // In the background, with progress and Cancel in the dock (clip ids; B empty = A again).
    void computeMatchWeb(const QString& a, const QString& b);
    void computeRegistration(const QString& a, const QString& b);
    void cancelAnalysis();
    bool isAnalysing() const;
    MatchWebView* matchWebView() const;
    RegistrationView* registrationView() const;
    // Clip A at frame i in the 3D view with clip B at frame j as a ghost aligned onto it.
    void showMatchCell(int i, int j);
    // Clip A at a frame (of its working clip) with B at the registration's matching frame.
    void showRegistrationFrame(float frameA);
    // The match web shown, as a PNG picture and/or a CSV of distances (empty = not written).
    Status exportMatchWeb(const QString& png, const QString& csv);

signals:
    void bakedSpaceExported(const QString& path, bool ok);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createDocks();
    void restoreLayout();
    bool maybeSave();
    void openDialog();
    void openMotionDialog();
    void importDialog();
    void finishOpen();
    void addRecent(const QString& path);
    void updateRecentMenu();
    void updateTitle();
    void showClip(const QString& id);
    void refreshTimeline();
    void tickPlayback();
    void showFrame(float frame);
    void buildSteering(const QString& projectFile);
    void startSteering();
    void stopSteering();
    void stepSteering();
    void advanceSteering(int frames);
    void showSteering();
    // Style keys as the editor and the live run hold them: weights in the order of the live
    // run's spaces (the document's are in the order of the project's spaces, matched by name).
    void setStyleKeys(std::vector<StyleKey> keys, const QString& what);
    QStringList liveStyleNames() const;
    void refreshStyleKeys();
    void applyStyleTransition();
    double styleTrackLength() const;
    void clearAutosave();
    void togglePlay();
    void createSpaceDocks();
    void exportBakedSpaceDialog();
    void updateGoalSpaceView();
    void applyCharacter(bool clearTexture);  // draws the document's character
    void createAnalysisDocks();
    void followAnalysisFrame(float frame);
    std::shared_ptr<const Clip> workingClipOf(const QString& id) const;

    ProjectDocument* m_doc = nullptr;
    Viewport* m_view = nullptr;

    // Docks and their contents.
    QDockWidget* m_libraryDock = nullptr;
    ClipLibraryModel* m_libraryModel = nullptr;
    ClipLibraryView* m_libraryView = nullptr;
    QDockWidget* m_timelineDock = nullptr;
    Timeline* m_timeline = nullptr;
    QToolButton* m_playButton = nullptr;
    QToolButton* m_loopButton = nullptr;
    QComboBox* m_speed = nullptr;
    QLabel* m_frameLabel = nullptr;
    QDockWidget* m_messagesDock = nullptr;
    QListWidget* m_messages = nullptr;
    QWidget* m_busyRow = nullptr;
    QLabel* m_busyLabel = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    QDockWidget* m_undoDock = nullptr;
    QDockWidget* m_weightsDock = nullptr;
    QList<QDockWidget*> m_analysisDocks;
    AnalysisPanels* m_analysis = nullptr;
    QLabel* m_fpsLabel = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_viewMenu = nullptr;

    QAction* m_playAction = nullptr;
    QAction* m_loopAction = nullptr;
    QAction* m_followAction = nullptr;
    QAction* m_steerAction = nullptr;
    QAction* m_deleteAction = nullptr;

    // Clip playback: the frame follows elapsed time at the clip's rate times the speed.
    QString m_currentClip;
    std::shared_ptr<const ClipAnalysis> m_shown;  // keeps the viewport's clip alive
    QTimer* m_playTimer = nullptr;
    QElapsedTimer m_playClock;
    float m_playStart = 0.0f;
    float m_frame = 0.0f;
    bool m_playing = false;

    // Live steering of the project's character.
    SteeringDemo* m_demo = nullptr;
    bool m_steering = false;
    QWidget* m_steerBar = nullptr;
    QSlider* m_style = nullptr;
    QComboBox* m_controller = nullptr;
    QComboBox* m_goalMode = nullptr;
    QAction* m_showFan = nullptr;
    QAction* m_showTrail = nullptr;
    QAction* m_showPath = nullptr;
    QAction* m_stepAction = nullptr;
    StyleEditor* m_styleEditor = nullptr;
    std::vector<StyleKey> m_styleKeys;  // the document's style keys in the live run's space order
    int m_activeKey = -1;
    QLabel* m_styleLabel = nullptr;
    QTimer* m_steerTimer = nullptr;
    QElapsedTimer m_steerClock;
    double m_steerTime = 0.0;

    // Opening a project in the background.
    QFutureWatcher<Expected<Project>>* m_opening = nullptr;
    QString m_openingPath;
    bool m_openCancelled = false;

    // Frame rate of the viewport.
    int m_framesPainted = 0;
    QElapsedTimer m_fpsClock;

    // Autosave.
    QTimer* m_autosaveTimer = nullptr;
    QString m_autosaveFile;
    std::unique_ptr<QLockFile> m_autosaveLock;
    SaveQuestion m_saveQuestion;

    // Motion-space editor, goal-space view, baked-space export (main_window_spaces.cpp).
    SpacesUi* m_spacesUi = nullptr;
};

}  // namespace gs

#pragma once
// MainWindow: the Gaitspace editor, assembled from its parts as Qt's own examples are: the 3D
// view in the centre, and docks that each take the document and talk through signals (the clip
// library, the timeline, the blend weights that steer the live run, the messages, the undo
// history, and the analysis docks: match web, registration, motion spaces, goal space, quality,
// joint map). The window creates and places them, owns the actions, opens and saves projects,
// and routes what one part asks of another (a match-web cell shown in the 3D view, a clip shown
// instead of the live run). What the command line asks of it (what to open first, a scripted run
// that writes a screenshot or a report) is AppController's (app/gui/app/app_controller.h).
//
// The viewport shows one of two things: the live run of the project's character (LiveRun, built
// when a project with spaces opens) or a library clip played at its own rate (TimelineDock).
// Showing a clip stops the live run; Playback > Steer returns to it.
//
// Keys: Space (play / pause) and . (one frame on, paused) work wherever the focus is but in a
// text field; F2 and Delete act on the dock that has the focus (DockEditing). Help > Mouse and
// Keys lists every action's key, and the viewport's mouse.

#include <QMainWindow>
#include <QMessageBox>

#include <glm/glm.hpp>

#include <functional>
#include <memory>
#include <utility>

#include "app/document/project_document.h"

class QAction;
class QLabel;
class QMenu;
class QUndoView;

namespace gs {

class Autosave;
class BackgroundTask;
class BakeExport;
class LevelActions;
class ClipLibraryDock;
class GoalSpaceDock;
class JointMapDock;
class LiveRun;
class LiveSteeringDock;
class MatchWebDock;
class MessagesDock;
class MotionSpacesDock;
class ProjectFiles;
class QualityDock;
class RegistrationDock;
class SimilarSpansDock;
class TimelineDock;
class Viewport;
struct ClipAnalysis;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // ---- Files ----
    // Imports a motion file into the library and plays it (the live run stops at once).
    void openClip(const QString& path);
    // Opens a project in the background: its clips fill the library, and its spaces are built
    // for the live run. `untitledCopy`: the document is an untitled copy (the built-in demo),
    // so that Save asks where to write it.
    void openProject(const QString& path, bool untitledCopy = false);
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
    // Character > Load Model: the project's character becomes the model, undoably, once it is
    // read and retargeted; one that cannot be leaves the current one. False when refused.
    bool loadModel(const QString& path);
    // The window as shown, 3D view included.
    QImage screenshot();

    // ---- Autosave ----
    using RecoverQuestion = std::function<bool(const QString& original, const QDateTime& when)>;
    // Recovers the autosave of a process that did not end cleanly (autosave.h) and rebuilds its
    // spaces. True if recovered.
    bool recoverAutosaves(RecoverQuestion accept = {});
    // The answer to "save the changes?" (default: a question box); tests set it.
    using SaveQuestion = std::function<QMessageBox::StandardButton()>;
    void setSaveQuestion(SaveQuestion question);
    static QString autosaveDir();
    QString autosaveFile() const;
    void autosaveNow();

    // ---- The parts ----
    // Each part shows its own widgets (timelineDock()->timeline(), liveRun()->demo(), ...); the
    // actions are found by object name (findChild<QAction*>("steer")).
    ProjectDocument* document() const { return m_doc; }
    Viewport* viewport() const { return m_view; }
    LiveRun* liveRun() const { return m_run; }
    LevelActions* levelActions() const { return m_level; }
    ClipLibraryDock* libraryDock() const { return m_library; }
    TimelineDock* timelineDock() const { return m_timeline; }
    LiveSteeringDock* steeringDock() const { return m_steering; }
    MessagesDock* messagesDock() const { return m_messages; }
    MatchWebDock* matchWebDock() const { return m_matchWeb; }
    RegistrationDock* registrationDock() const { return m_registration; }
    MotionSpacesDock* motionSpacesDock() const { return m_spaces; }
    GoalSpaceDock* goalSpaceDock() const { return m_goalSpace; }
    QualityDock* qualityDock() const { return m_quality; }
    JointMapDock* jointMapDock() const { return m_jointMap; }
    SimilarSpansDock* similarSpansDock() const { return m_similar; }

    // ---- State ----
    bool isSteering() const;   // the live run is in the view and running
    bool isLoading() const;    // opening a project, importing or reading clips
    bool isBuilding() const;   // building spaces for the live run
    bool isAnalysing() const;  // a match web or registration under way
    bool isPlaying() const;
    QString currentClip() const;
    float currentFrame() const;
    void selectClip(const QString& id);
    void setPlaying(bool playing);
    // How the live run's goal moves (SteeringDemo::GoalMode), as the Blend weights dock's choice.
    void setGoalMode(int mode);
    void addMessage(ProjectDocument::Level level, const QString& text);

    // ---- Spaces ----
    // Builds the document's spaces as edited (saved or not) for the live run.
    void buildSpaces();
    void exportBakedSpace(const QString& path);
    bool isExportingBakedSpace() const;

    // ---- Analysis ----
    // The docks --docks opens: matchweb, registration, spaces, goalspace, quality, jointmap.
    static QStringList analysisDockNames();
    // Shows the named docks together (unknown names: false and `error` says which) and starts
    // what they show: the match web of the first space's reference clip with itself, and its
    // registration to the next clip of that space.
    bool showAnalysisDocks(const QStringList& names, QString* error = nullptr);
    void computeMatchWeb(const QString& a, const QString& b);
    void computeRegistration(const QString& a, const QString& b);
    void cancelAnalysis();
    void showMatchCell(int i, int j);
    void showRegistrationFrame(float frameA);
    Status exportMatchWeb(const QString& png, const QString& csv);

signals:
    void bakedSpaceExported(const QString& path, bool ok);

protected:
    void closeEvent(QCloseEvent* event) override;
    // The window is kept on its screen (fitToScreen) when it is shown, and again when its frame
    // becomes known (a window manager frames it only after it is shown) or its screen changes.
    void showEvent(QShowEvent* event) override;
    void moveEvent(QMoveEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void createParts();
    void createActions();
    void createMenus();
    // The File menu's actions the toolbar shows too.
    struct FileActions {
        QAction* create = nullptr;
        QAction* open = nullptr;
        QAction* save = nullptr;
        QAction* import = nullptr;
    };
    FileActions createFileMenu();
    std::pair<QAction*, QAction*> createEditMenu();  // undo, redo
    void createViewMenu();
    void createCharacterMenu();
    void createHelpMenu();
    void placeDocks();
    void connectParts();
    void restoreLayout();
    // The docks' tab bars: whole titles, each tab's tooltip the dock's full name.
    void updateTabBars();
    // Shrinks and moves the window so that its frame (title bar and borders included) lies in the
    // available area of its screen (QScreen::availableGeometry: without panels and docks). A
    // maximized or full-screen window is left to the window manager.
    void fitToScreen();
    void fitWhenFrameChanged();
    void loadModelDialog();
    void exportRunDialog();
    void exportBakedSpaceDialog();
    void updateTitle();
    void updateEditActions();
    void showKeys();
    void showClip(const QString& id);
    void startSteering();
    void applyCharacter(bool clearTexture);
    void showPoses(const QString& a, float frameA, const QString& b, float frameB,
                   const glm::mat4& toA);

    ProjectDocument* m_doc;
    Viewport* m_view = nullptr;
    LiveRun* m_run = nullptr;
    Autosave* m_autosave = nullptr;
    BakeExport* m_bake = nullptr;
    LevelActions* m_level = nullptr;
    ProjectFiles* m_files = nullptr;

    ClipLibraryDock* m_library = nullptr;
    TimelineDock* m_timeline = nullptr;
    LiveSteeringDock* m_steering = nullptr;
    MessagesDock* m_messages = nullptr;
    QDockWidget* m_undo = nullptr;
    MatchWebDock* m_matchWeb = nullptr;
    RegistrationDock* m_registration = nullptr;
    MotionSpacesDock* m_spaces = nullptr;
    GoalSpaceDock* m_goalSpace = nullptr;
    QualityDock* m_quality = nullptr;
    JointMapDock* m_jointMap = nullptr;
    SimilarSpansDock* m_similar = nullptr;
    QLabel* m_fpsLabel = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_viewMenu = nullptr;

    // Actions the parts and the key handling use.
    QAction* m_playAction = nullptr;
    QAction* m_stepAction = nullptr;
    QAction* m_loopAction = nullptr;
    QAction* m_steerAction = nullptr;
    QAction* m_renameAction = nullptr;
    QAction* m_deleteAction = nullptr;
    QAction* m_showFan = nullptr;
    QAction* m_showPath = nullptr;
    QAction* m_showNavMesh = nullptr;
    QAction* m_showTrail = nullptr;

    std::shared_ptr<const ClipAnalysis> m_ghost;  // keeps the ghost's source clip alive
    QMargins m_frameMargins;  // of the frame last fitted (none until a window manager frames it)
    int m_framesPainted = 0;
};

}  // namespace gs

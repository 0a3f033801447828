#pragma once
// ProjectFiles: the File menu's work on projects. New, Open (in the background, with progress
// and Cancel; the spaces of what opens are built for the live run), Open Recent (only files that
// still are projects), Save (atomically; an untitled document asks where), Save As, Import Clips
// and Open Motion, and the question before unsaved changes are dropped. Dialogs open beside the
// project, else in the data folder, else where they were last used (dialogFolder).

#include <QObject>
#include <QMessageBox>

#include <functional>

#include "app/document/project_document.h"

class QMenu;
class QWidget;

namespace gs {

class Autosave;
class BackgroundTask;
class LiveRun;

class ProjectFiles : public QObject {
    Q_OBJECT
public:
    ProjectFiles(ProjectDocument* doc, LiveRun* run, Autosave* autosave, QWidget* window,
                 QMenu* recent);

    BackgroundTask* openingTask() const { return m_opening; }
    bool isOpening() const;
    // `untitledCopy`: the document is an untitled copy of the file (the built-in demo).
    void open(const QString& path, bool untitledCopy = false);
    bool newProject();
    bool save();
    bool saveAs(const QString& path = {});
    // Asks what to do with unsaved changes; false when the user cancels.
    bool maybeSave();
    using SaveQuestion = std::function<QMessageBox::StandardButton()>;
    void setSaveQuestion(SaveQuestion question) { m_saveQuestion = std::move(question); }
    bool hasSaveQuestion() const { return static_cast<bool>(m_saveQuestion); }
    void importFiles(const QStringList& files);
    // Imports one motion file; clipOpened() names it once it is in the library.
    void openClip(const QString& path);
    // Files dropped on the window: a project opens, motion files are imported.
    void drop(const QStringList& files);

    // File > New Project from Takes: the takes (files, or folders of them) proposed as a project
    // (app/project/project_proposal.h) in the background, written to `output`, then opened; each
    // choice is a message.
    void proposeFromTakes(const QStringList& takes, const QString& output);

    void openDialog();
    void proposeDialog();
    void importDialog();
    void openMotionDialog();

signals:
    void message(gs::ProjectDocument::Level level, const QString& text);
    void statusMessage(const QString& text, int milliseconds);
    void clipOpened(const QString& id);

private:
    void addRecent(const QString& path);
    void updateRecentMenu();

    ProjectDocument* m_doc;
    LiveRun* m_run;
    Autosave* m_autosave;
    QWidget* m_window;
    QMenu* m_recent;
    BackgroundTask* m_opening;
    SaveQuestion m_saveQuestion;
};

// The folder a file dialog opens in: the project's own folder; else the data folder (the one
// the project's sources name as ${GAITSPACE_DATA_DIR}, else GAITSPACE_DATA_DIR or a shared/data
// found for it); else the folder last used for `key` (QSettings, read back only when it still is a
// folder); else the home folder.
QString dialogFolder(const ProjectDocument* doc, const char* key);

}  // namespace gs

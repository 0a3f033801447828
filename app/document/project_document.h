#pragma once
// ProjectDocument: the open project as an editable document.
//
// It owns the gs::Project (clips, trims, style tags, spaces, character, settings) and one
// QUndoStack; every edit is a command on that stack (commands.h), so Edit > Undo/Redo and the
// history view see all of them, and the stack's clean state is the "saved" state. Widgets read
// the document and send edits; they never change the project themselves.
//
// Motion files are read and analysed off the GUI thread (QtConcurrent): importFiles() for new
// clips (one undoable step for the files that load, one message per file that does not, nothing
// added when cancelled) and, after open, the analysis of the project's clips (clipAnalysis()).

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>
#include <QUndoStack>

#include <atomic>
#include <map>
#include <memory>

#include "app/document/clip_analysis.h"
#include "app/project/project.h"

namespace gs {

class ProjectDocument : public QObject {
    Q_OBJECT
public:
    enum class Level { Info, Warning, Error };
    Q_ENUM(Level)

    explicit ProjectDocument(QObject* parent = nullptr);
    ~ProjectDocument() override;

    const Project& project() const { return m_project; }
    QUndoStack* undoStack() const { return m_undo; }
    QString path() const { return m_project.path; }
    bool isModified() const { return !m_undo->isClean(); }
    // The file name, or "Untitled".
    QString displayName() const;
    // The data folder: the one the project's sources name as ${GAITSPACE_DATA_DIR} (as opened,
    // the built-in demo's too), else the one the variable stands for beside the project
    // (dataDirFor); empty when neither is a folder.
    QString dataDir() const;

    // Replaces the document (New, Open, recovery): the undo history starts over and the clips are
    // analysed in the background. `modified` marks it unsaved (a recovered autosave).
    void reset(Project project, bool modified = false);
    // The same for a copy that is not to be written over (the built-in demo): its sources made
    // absolute and its path dropped, so that Save asks where to write it.
    void resetAsUntitledCopy(Project project);
    // Writes the project to `path` atomically, each source in the form it was opened in: one
    // under the data folder of a project that names it as ${GAITSPACE_DATA_DIR} (the demo, even
    // as an untitled copy) keeps that form, any other is rebased relative to the new folder.
    // On success the document takes that path and becomes clean.
    Status save(const QString& path);
    // Writes a copy (autosave): sources absolute, the document keeps its path and state.
    Status saveCopy(const QString& path) const;

    int clipCount() const { return static_cast<int>(m_project.clips.size()); }
    int indexOf(const QString& id) const;
    const ProjectClip* clip(const QString& id) const { return m_project.clip(id); }
    // The analysis of a clip's file, or null while it is being read or when it failed.
    std::shared_ptr<const ClipAnalysis> clipAnalysis(const QString& id) const;

    // Edits (each pushes one undoable command; invalid edits are refused with a message).
    void importFiles(const QStringList& files);
    bool renameClip(const QString& id, const QString& newId);
    void setClipStyle(const QString& id, const QString& style);
    void removeClip(const QString& id);
    // Several clips as one undoable step (unknown ids are skipped).
    void removeClips(const QStringList& ids);
    // Trim in source frames; -1 = from the start / to the end.
    bool setTrim(const QString& id, int in, int out);

    // The style track: keys (weights one per project space) and how weights move between them.
    const std::vector<ProjectStyleKey>& styleKeys() const { return m_project.styleKeys; }
    // Replaces the keys (sorted by time) as one undoable step named `what`; `merging`: successive
    // calls named the same (one key edited with the sliders) make one step.
    void setStyleKeys(std::vector<ProjectStyleKey> keys, const QString& what, bool merging = false);
    // By increment per frame or over a transition time; both values kept. Successive changes
    // merge into one undo step.
    void setStyleTransition(bool byTransition, float increment, float seconds);
    // The style set with the sliders (Project::style: one weight per project space, empty = not
    // set), saved with the project. Successive changes (a slider dragged) merge into one step.
    const std::vector<float>& styleWeights() const { return m_project.style; }
    void setStyleWeights(std::vector<float> weights);

    // The project's character (model, mannequin texture, joint map) as one undoable step.
    void setCharacter(ProjectCharacter character, const QString& what);
    // The project's level (its mesh and agent; an empty source = none) as one undoable step.
    void setLevel(ProjectLevel level, const QString& what);
    // settings.keep_style: steering keeps the user's style (undoable).
    void setKeepStyle(bool keep);

    bool isImporting() const;
    void cancelImport();
    // Blocks until background reads finish (tests, shutdown).
    void waitForBackground();

    // A unique clip id based on `base`.
    QString uniqueId(const QString& base) const;
    std::vector<ProjectSpace> spaces() const { return m_project.spaces; }

    // A clip with its analysis, as the commands move them.
    struct ClipEntry {
        ProjectClip clip;
        std::shared_ptr<const ClipAnalysis> analysis;
    };

signals:
    void projectReset();
    void clipsChanged();                  // added, removed or reordered
    void clipChanged(const QString& id);  // renamed (new id), style, trim
    void clipRenamed(const QString& oldId, const QString& newId);
    void analysisReady(const QString& id);
    void spacesChanged();
    void styleKeysChanged();
    void characterChanged();
    void levelChanged();
    void styleTransitionChanged();
    void styleWeightsChanged();
    void settingsChanged();  // settings other than the spaces' and the style track's
    void pathChanged(const QString& path);
    void modifiedChanged(bool modified);
    void message(gs::ProjectDocument::Level level, const QString& text);
    void busyChanged(bool busy, const QString& what);
    void progress(int done, int total);
    void importFinished(int loaded, int failed, bool cancelled);

private:
    // The changes the commands make (commands.h, space_commands.h): each emits its signals and
    // bypasses the undo stack, so only the commands may call them.
    friend class AddClipsCommand;
    friend class RemoveClipCommand;
    friend class RenameClipCommand;
    friend class SetStyleCommand;
    friend class SetTrimCommand;
    friend class SetStyleKeysCommand;
    friend class SetCharacterCommand;
    friend class SetLevelCommand;
    friend class SetStyleTransitionCommand;
    friend class SetStyleWeightsCommand;
    friend class SetKeepStyleCommand;
    friend class SetSpacesCommand;
    friend class SetCyclesCommand;
    // A run of clips inserted at / taken from `index`, with one clipsChanged for the run (an
    // import of hundreds of files must not rebuild the views once per file).
    void insertClipsRaw(int index, const std::vector<ClipEntry>& entries);
    std::vector<ClipEntry> takeClipsRaw(int index, int count);
    void renameClipRaw(const QString& id, const QString& newId);
    void setStyleRaw(const QString& id, const QString& style);
    void setTrimRaw(const QString& id, int in, int out);
    void setSpacesRaw(std::vector<ProjectSpace> spaces);
    // settings.cycles (gait cycles per loop of every space; 0 = the fewest any clip holds).
    void setCyclesRaw(int cycles);
    void setStyleKeysRaw(std::vector<ProjectStyleKey> keys);
    void setCharacterRaw(ProjectCharacter character);
    void setLevelRaw(ProjectLevel level);
    void setStyleTransitionRaw(bool byTransition, float increment, float seconds);
    void setStyleWeightsRaw(std::vector<float> weights);
    void setKeepStyleRaw(bool keep);

    struct ImportResult {
        QString file;
        QString error;
        std::shared_ptr<const ClipAnalysis> analysis;
    };
    QString key(const ProjectClip& c) const;
    void finishImport();
    void startAnalysis();

    Project m_project;
    // The folder ${GAITSPACE_DATA_DIR} stood for when the project was opened, if it named it
    // (save() writes files under it in that form again); empty when it did not.
    QString m_dataDir;
    QUndoStack* m_undo;
    std::map<QString, std::shared_ptr<const ClipAnalysis>> m_analysis;  // by key()
    QThreadPool* m_pool;  // one thread fewer than the cores, low priority: the GUI stays responsive
    QFutureWatcher<ImportResult>* m_import;
    // Set by cancelImport(): a file being read stops at once (core/support/cancel.h), not only the
    // files not yet started. One flag per run (a cancelled run may still be ending).
    std::shared_ptr<std::atomic<bool>> m_importCancel, m_analyseCancel;
    QStringList m_importFiles;
    QFutureWatcher<ImportResult>* m_analyse;
    QStringList m_analyseKeys;
    int m_generation = 0;
};

}  // namespace gs

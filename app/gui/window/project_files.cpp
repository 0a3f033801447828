#include "app/gui/window/project_files.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>
#include <QTimer>

#include "app/document/background_task.h"
#include "app/gui/live/live_run.h"
#include "app/gui/window/autosave.h"
#include "app/project/project_proposal.h"

namespace gs {
namespace {

constexpr int kMaxRecent = 10;

QStringList recentFiles() {
    const QVariant v = QSettings().value("recentFiles");
    QStringList kept;
    for (const QString& f : v.toStringList())
        if (f.size() < 4096 && f.endsWith(".gsproj") && QFileInfo(f).isFile() &&
            !kept.contains(f) && kept.size() < kMaxRecent)
            kept << f;
    return kept;
}

}  // namespace

QString dialogFolder(const ProjectDocument* doc, const char* key) {
    if (doc && !doc->path().isEmpty()) return QFileInfo(doc->path()).absolutePath();
    const QString data = doc ? doc->dataDir() : QString();
    if (!data.isEmpty()) return data;
    const QVariant v = QSettings().value(key);
    const QString dir = v.typeId() == QMetaType::QString ? v.toString() : QString();
    return !dir.isEmpty() && dir.size() < 4096 && QFileInfo(dir).isDir() ? dir : QDir::homePath();
}

ProjectFiles::ProjectFiles(ProjectDocument* doc, LiveRun* run, Autosave* autosave, QWidget* window,
                           QMenu* recent)
    : QObject(window),
      m_doc(doc),
      m_run(run),
      m_autosave(autosave),
      m_window(window),
      m_recent(recent),
      m_opening(new BackgroundTask(this)) {
    updateRecentMenu();
}

bool ProjectFiles::isOpening() const { return m_opening->isRunning(); }

bool ProjectFiles::maybeSave() {
    if (!m_doc->isModified()) return true;
    const QMessageBox::StandardButton answer =
        m_saveQuestion ? m_saveQuestion()
                       : QMessageBox::warning(
                             m_window, tr("Unsaved changes"),
                             tr("%1 has unsaved changes. Save them?").arg(m_doc->displayName()),
                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                             QMessageBox::Save);
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

bool ProjectFiles::newProject() {
    if (!maybeSave()) return false;
    m_run->stop();
    m_doc->reset(Project{});
    m_autosave->clear();
    return true;
}

void ProjectFiles::openDialog() {
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Project"),
                                                      dialogFolder(m_doc, "lastProjectDir"),
                                                      tr("Gaitspace projects (*.gsproj)"));
    if (path.isEmpty()) return;
    QSettings().setValue("lastProjectDir", QFileInfo(path).absolutePath());
    open(path);
}

void ProjectFiles::open(const QString& path, bool untitledCopy) {
    if (m_opening->isRunning()) {
        emit message(ProjectDocument::Level::Warning, tr("A project is already opening."));
        return;
    }
    const QString file = QFileInfo(path).absoluteFilePath();
    const QString name = QFileInfo(file).fileName();
    m_opening->run<Expected<Project>>(
        tr("Opening %1").arg(name), [file](TaskControl&) { return Project::load(file); },
        [this, name, untitledCopy](Expected<Project> result) {
            if (!result) {
                emit message(ProjectDocument::Level::Error,
                             QString::fromStdString(result.message()));
                return;
            }
            // The character that is running goes on until the new build is ready.
            if (untitledCopy)
                m_doc->resetAsUntitledCopy(std::move(*result));
            else
                m_doc->reset(std::move(*result));
            for (const QString& e : m_doc->project().errors())
                emit message(ProjectDocument::Level::Error, e);
            for (const QString& w : m_doc->project().warnings)
                emit message(ProjectDocument::Level::Warning, tr("%1: %2").arg(name, w));
            const int clips = m_doc->clipCount(),
                      spaces = static_cast<int>(m_doc->project().spaces.size());
            emit message(
                ProjectDocument::Level::Info,
                untitledCopy
                    ? tr("Opened a copy of %1: %2 clips, %3 spaces; Save asks where to write it.")
                          .arg(name)
                          .arg(clips)
                          .arg(spaces)
                    : tr("Opened %1: %2 clips, %3 spaces.").arg(name).arg(clips).arg(spaces));
            if (!untitledCopy) addRecent(m_doc->path());
            m_autosave->clear();
            if (spaces > 0) m_run->build(name, LiveRun::Start::WhenFree);
        });
    connect(
        m_opening, &BackgroundTask::finished, this,
        [this, name](bool cancelled) {
            if (cancelled)
                emit message(ProjectDocument::Level::Info, tr("Opening %1 cancelled.").arg(name));
        },
        Qt::SingleShotConnection);
}

bool ProjectFiles::save() {
    if (m_doc->path().isEmpty()) return saveAs();
    const Status s = m_doc->save(m_doc->path());
    if (!s) {
        emit message(ProjectDocument::Level::Error, QString::fromStdString(s.message()));
        if (m_window->isVisible() && !m_saveQuestion)
            QMessageBox::warning(m_window, tr("Cannot save"), QString::fromStdString(s.message()));
        return false;
    }
    addRecent(m_doc->path());
    emit statusMessage(tr("Saved %1").arg(m_doc->displayName()), 4000);
    return true;
}

bool ProjectFiles::saveAs(const QString& given) {
    QString path = given;
    if (path.isEmpty()) {
        const QString dir = m_doc->path().isEmpty()
                                ? dialogFolder(m_doc, "lastProjectDir") + "/untitled.gsproj"
                                : m_doc->path();
        path = QFileDialog::getSaveFileName(m_window, tr("Save Project As"), dir,
                                            tr("Gaitspace projects (*.gsproj)"));
        if (path.isEmpty()) return false;
        QSettings().setValue("lastProjectDir", QFileInfo(path).absolutePath());
    }
    if (!path.endsWith(".gsproj")) path += ".gsproj";
    const Status s = m_doc->save(path);
    if (!s) {
        emit message(ProjectDocument::Level::Error, QString::fromStdString(s.message()));
        return false;
    }
    addRecent(m_doc->path());
    emit statusMessage(tr("Saved %1").arg(m_doc->displayName()), 4000);
    return true;
}

void ProjectFiles::addRecent(const QString& path) {
    if (path.isEmpty()) return;
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecent) files.removeLast();
    QSettings().setValue("recentFiles", files);
    updateRecentMenu();
}

void ProjectFiles::updateRecentMenu() {
    m_recent->clear();
    const QStringList files = recentFiles();
    for (const QString& f : files)
        m_recent
            ->addAction(QFileInfo(f).fileName(), this,
                        [this, f] {
                            if (maybeSave()) open(f);
                        })
            ->setToolTip(f);
    m_recent->setEnabled(!files.isEmpty());
}

void ProjectFiles::proposeDialog() {
    if (!maybeSave()) return;
    const QString folder = QFileDialog::getExistingDirectory(
        m_window, tr("New Project from Takes: the folder of takes"),
        dialogFolder(m_doc, "lastImportDir"));
    if (folder.isEmpty()) return;
    QSettings().setValue("lastImportDir", folder);
    QString output = QFileDialog::getSaveFileName(
        m_window, tr("New Project from Takes: the project to write"),
        QDir(folder).filePath(QDir(folder).dirName() + "_proposed.gsproj"),
        tr("Gaitspace projects (*.gsproj)"));
    if (output.isEmpty()) return;
    if (!output.endsWith(".gsproj")) output += ".gsproj";
    proposeFromTakes({folder}, output);
}

void ProjectFiles::proposeFromTakes(const QStringList& takes, const QString& output) {
    if (m_opening->isRunning()) {
        emit message(ProjectDocument::Level::Warning, tr("A project is already opening."));
        return;
    }
    const QStringList files = motionFilesIn(takes);
    const QString file = QFileInfo(output).absoluteFilePath();
    m_opening->run<Expected<TakesProposal>>(
        tr("Proposing a project from %1 takes").arg(files.size()),
        [files, file](TaskControl&) -> Expected<TakesProposal> {
            auto proposed = gs::proposeFromTakes(files, file);
            if (!proposed) return proposed;
            if (Status s = proposed->project.save(file); !s) return s;
            return proposed;
        },
        [this, file](Expected<TakesProposal> result) {
            if (!result) {
                emit message(
                    ProjectDocument::Level::Error,
                    tr("New Project from Takes: %1").arg(QString::fromStdString(result.message())));
                return;
            }
            for (const QString& skipped : result->skipped)
                emit message(ProjectDocument::Level::Warning, tr("Left out: %1").arg(skipped));
            for (const std::string& e : result->proposal.explanations)
                emit message(ProjectDocument::Level::Info, QString::fromStdString(e));
            // Opened once this task has finished (open() runs on the same task).
            QTimer::singleShot(0, this, [this, file] { open(file); });
        });
}

void ProjectFiles::importDialog() {
    const QStringList files = QFileDialog::getOpenFileNames(
        m_window, tr("Import Clips"), dialogFolder(m_doc, "lastImportDir"),
        tr("Motion files (*.bvh *.fbx *.gltf *.glb *.dae *.x *.smd *.md5anim *.ms3d *.b3d);;All "
           "files (*)"));
    if (files.isEmpty()) return;
    QSettings().setValue("lastImportDir", QFileInfo(files.front()).absolutePath());
    importFiles(files);
}

void ProjectFiles::importFiles(const QStringList& files) { m_doc->importFiles(files); }

void ProjectFiles::openMotionDialog() {
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open Motion"), dialogFolder(m_doc, "lastImportDir"),
        tr("Motion files (*.bvh *.fbx *.gltf *.glb *.dae);;All files (*)"));
    if (path.isEmpty()) return;
    QSettings().setValue("lastImportDir", QFileInfo(path).absolutePath());
    openClip(path);
}

void ProjectFiles::openClip(const QString& path) {
    m_run->stop();  // at once: the clip replaces the live character
    auto* once = new QObject(this);
    connect(m_doc, &ProjectDocument::importFinished, once, [this, once](int loaded, int, bool) {
        once->deleteLater();
        if (loaded > 0 && m_doc->clipCount() > 0) emit clipOpened(m_doc->project().clips.back().id);
    });
    m_doc->importFiles({path});
}

void ProjectFiles::drop(const QStringList& files) {
    QStringList projects, motions;
    for (const QString& f : files) (f.endsWith(".gsproj") ? projects : motions) << f;
    if (!projects.isEmpty() && maybeSave())
        open(projects.front());
    else
        importFiles(motions);
}

}  // namespace gs

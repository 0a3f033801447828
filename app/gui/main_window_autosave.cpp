// MainWindow, autosave: a side copy of unsaved changes every minute, and recovery after a crash.

#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMimeData>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoCommand>
#include <QUndoView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

#include "app/document/clip_analysis.h"
#include "core/io/bvh_writer.h"
#include "core/io/scene_writer.h"
#include "clip_library.h"
#include "steering_demo.h"
#include "widgets/timeline.h"
#include "widgets/viewport.h"

namespace gs {

QString MainWindow::autosaveDir() {
    const QString env = qEnvironmentVariable("GAITSPACE_AUTOSAVE_DIR");
    if (!env.isEmpty()) return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + "/autosave";
}

void MainWindow::autosaveNow() {
    if (!m_doc->isModified()) return;
    QDir().mkpath(QFileInfo(m_autosaveFile).absolutePath());
    const QString base = m_autosaveFile.chopped(7);  // without ".gsproj"
    if (!m_autosaveLock) {
        m_autosaveLock = std::make_unique<QLockFile>(base + ".lock");
        m_autosaveLock->setStaleLockTime(0);
        if (!m_autosaveLock->tryLock(0)) {
            addMessage(ProjectDocument::Level::Warning, tr("Autosave is off: %1 is locked.").arg(base + ".lock"));
            m_autosaveLock.reset();
            return;
        }
    }
    if (Status s = m_doc->saveCopy(m_autosaveFile); !s) {
        addMessage(ProjectDocument::Level::Warning, tr("Autosave failed: %1").arg(QString::fromStdString(s.message())));
        return;
    }
    QSaveFile origin(base + ".origin");
    if (origin.open(QIODevice::WriteOnly)) {
        origin.write(m_doc->path().toUtf8());
        origin.commit();
    }
    statusBar()->showMessage(tr("Autosaved unsaved changes"), 3000);
}

void MainWindow::clearAutosave() {
    if (!m_autosaveLock) return;
    const QString base = m_autosaveFile.chopped(7);
    QFile::remove(m_autosaveFile);
    QFile::remove(base + ".origin");
    m_autosaveLock->unlock();
    m_autosaveLock.reset();
}

bool MainWindow::recoverAutosaves(RecoverQuestion accept) {
    QDir dir(autosaveDir());
    if (!dir.exists()) return false;
    bool recovered = false;
    const QFileInfoList files = dir.entryInfoList({"autosave-*.gsproj"}, QDir::Files, QDir::Time);
    for (const QFileInfo& info : files) {
        if (info.absoluteFilePath() == QFileInfo(m_autosaveFile).absoluteFilePath()) continue;
        const QString base = info.absoluteFilePath().chopped(7);
        QLockFile lock(base + ".lock");
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0)) continue;  // its process is still running
        QString original;
        QFile origin(base + ".origin");
        if (origin.open(QIODevice::ReadOnly)) original = QString::fromUtf8(origin.read(4096)).trimmed();
        origin.close();
        bool yes = false;
        if (!recovered) {
            if (accept) {
                yes = accept(original, info.lastModified());
            } else {
                yes = QMessageBox::question(
                          this, tr("Recover unsaved changes"),
                          tr("Gaitspace did not close normally. Recover the unsaved changes to %1 autosaved at %2?")
                              .arg(original.isEmpty() ? tr("an untitled project") : QFileInfo(original).fileName(),
                                   info.lastModified().toString("yyyy-MM-dd HH:mm")),
                          QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes) == QMessageBox::Yes;
            }
        }
        if (yes) {
            auto project = Project::load(info.absoluteFilePath());
            if (!project) {
                addMessage(ProjectDocument::Level::Error,
                           tr("Cannot recover: %1").arg(QString::fromStdString(project.message())));
            } else {
                project->path = original.isEmpty() ? QString() : QFileInfo(original).absoluteFilePath();
                stopSteering();
                m_doc->reset(std::move(*project), true);
                addMessage(ProjectDocument::Level::Info,
                           tr("Recovered the unsaved changes of %1; save them to keep them.").arg(m_doc->displayName()));
                recovered = true;
            }
        }
        QFile::remove(info.absoluteFilePath());
        QFile::remove(base + ".origin");
        lock.unlock();
    }
    return recovered;
}

}  // namespace gs

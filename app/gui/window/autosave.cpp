#include "app/gui/window/autosave.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTimer>

namespace gs {
namespace {

int interval() {
    bool ok = false;
    const int ms = qEnvironmentVariableIntValue("GAITSPACE_AUTOSAVE_MS", &ok);
    return ok && ms >= 100 && ms <= 3600 * 1000 ? ms : 60 * 1000;
}

}  // namespace

Autosave::Autosave(ProjectDocument* doc, QWidget* dialogParent)
    : QObject(doc), m_doc(doc), m_dialogParent(dialogParent), m_timer(new QTimer(this)) {
    m_file = QDir(folder()).filePath(
        QStringLiteral("autosave-%1.gsproj").arg(QCoreApplication::applicationPid()));
    m_timer->start(interval());
    connect(m_timer, &QTimer::timeout, this, &Autosave::saveNow);
    connect(doc, &ProjectDocument::modifiedChanged, this, [this](bool modified) {
        if (!modified) clear();
    });
}

Autosave::~Autosave() = default;

QString Autosave::folder() {
    const QString env = qEnvironmentVariable("GAITSPACE_AUTOSAVE_DIR");
    if (!env.isEmpty()) return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + "/autosave";
}

void Autosave::saveNow() {
    if (!m_doc->isModified()) return;
    QDir().mkpath(QFileInfo(m_file).absolutePath());
    const QString base = m_file.chopped(7);  // without ".gsproj"
    if (!m_lock) {
        m_lock = std::make_unique<QLockFile>(base + ".lock");
        m_lock->setStaleLockTime(0);
        if (!m_lock->tryLock(0)) {
            emit message(ProjectDocument::Level::Warning,
                         tr("Autosave is off: %1 is locked.").arg(base + ".lock"));
            m_lock.reset();
            return;
        }
    }
    if (Status s = m_doc->saveCopy(m_file); !s) {
        emit message(ProjectDocument::Level::Warning,
                     tr("Autosave failed: %1").arg(QString::fromStdString(s.message())));
        return;
    }
    QSaveFile origin(base + ".origin");
    if (origin.open(QIODevice::WriteOnly)) {
        origin.write(m_doc->path().toUtf8());
        origin.commit();
    }
    emit statusMessage(tr("Autosaved unsaved changes"), 3000);
}

void Autosave::clear() {
    if (!m_lock) return;
    const QString base = m_file.chopped(7);
    QFile::remove(m_file);
    QFile::remove(base + ".origin");
    m_lock->unlock();
    m_lock.reset();
}

bool Autosave::recover(Question accept) {
    QDir dir(folder());
    if (!dir.exists()) return false;
    bool recovered = false;
    const QFileInfoList files = dir.entryInfoList({"autosave-*.gsproj"}, QDir::Files, QDir::Time);
    for (const QFileInfo& info : files) {
        if (info.absoluteFilePath() == QFileInfo(m_file).absoluteFilePath()) continue;
        const QString base = info.absoluteFilePath().chopped(7);
        QLockFile lock(base + ".lock");
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0)) continue;  // its process is still running
        QString original;
        QFile origin(base + ".origin");
        if (origin.open(QIODevice::ReadOnly))
            original = QString::fromUtf8(origin.read(4096)).trimmed();
        origin.close();
        bool yes = false;
        if (!recovered) {
            if (accept) {
                yes = accept(original, info.lastModified());
            } else {
                yes = QMessageBox::question(
                          m_dialogParent, tr("Recover unsaved changes"),
                          tr("Gaitspace did not close normally. Recover the unsaved changes to %1 "
                             "autosaved at %2?")
                              .arg(original.isEmpty() ? tr("an untitled project")
                                                      : QFileInfo(original).fileName(),
                                   info.lastModified().toString("yyyy-MM-dd HH:mm")),
                          QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes) == QMessageBox::Yes;
            }
        }
        if (yes) {
            auto project = Project::load(info.absoluteFilePath());
            if (!project) {
                emit message(
                    ProjectDocument::Level::Error,
                    tr("Cannot recover: %1").arg(QString::fromStdString(project.message())));
            } else {
                project->path =
                    original.isEmpty() ? QString() : QFileInfo(original).absoluteFilePath();
                m_doc->reset(std::move(*project), true);
                emit message(ProjectDocument::Level::Info,
                             tr("Recovered the unsaved changes of %1; save them to keep them.")
                                 .arg(m_doc->displayName()));
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

#include "app/gui/window/level_actions.h"

#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>

#include "app/gui/window/project_files.h"
#include "app/project/project_level.h"

namespace gs {

LevelActions::LevelActions(ProjectDocument* doc, QWidget* window)
    : QObject(window), m_doc(doc), m_window(window) {}

void LevelActions::chooseDialog() {
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Level"), dialogFolder(m_doc, "lastLevelDir"),
        tr("Level meshes (*.glb *.gltf *.obj *.fbx *.dae *.ply *.stl);;All files (*)"));
    if (path.isEmpty()) return;
    QSettings().setValue("lastLevelDir", QFileInfo(path).absolutePath());
    setLevel(path);
}

void LevelActions::setLevel(const QString& path) {
    const Project& project = m_doc->project();
    ProjectLevel level = project.level;
    level.source = project.path.isEmpty()
                       ? QFileInfo(path).absoluteFilePath()
                       : projectSource(path, project.path, dataDirFor(project.path));
    m_doc->setLevel(level, tr("Level %1").arg(QFileInfo(path).fileName()));
}

void LevelActions::clear() {
    ProjectLevel level = m_doc->project().level;
    level.source.clear();
    m_doc->setLevel(level, tr("Clear level"));
}

void LevelActions::exportDialog() {
    if (m_doc->project().level.source.isEmpty()) {
        emit message(ProjectDocument::Level::Info,
                     tr("The project has no level: choose one with File > Level…"));
        return;
    }
    QString base = QFileInfo(m_doc->project().level.source).completeBaseName();
    const QString path =
        QFileDialog::getSaveFileName(m_window, tr("Export Baked Level"),
                                     dialogFolder(m_doc, "lastBakeDir") + "/" + base + ".gslevel",
                                     tr("Baked level (*.gslevel)"));
    if (path.isEmpty()) return;
    QSettings().setValue("lastBakeDir", QFileInfo(path).absolutePath());
    exportTo(path);
}

bool LevelActions::exportTo(const QString& path) {
    QApplication::setOverrideCursor(Qt::WaitCursor);  // a level bakes in well under a second
    auto bake = bakeProjectLevel(m_doc->project());
    Status s = bake ? saveGSLevel(bake->baked, path.toStdString()) : bake.status();
    QApplication::restoreOverrideCursor();
    if (!s) {
        emit message(ProjectDocument::Level::Error, QString::fromStdString(s.message()));
        return false;
    }
    if (const std::string doubt = upAxisDoubt(bake->mesh); !doubt.empty())
        emit message(ProjectDocument::Level::Warning,
                     QStringLiteral("%1: %2 (\"up\": \"z\" in the project's level)")
                         .arg(QFileInfo(bake->meshPath).fileName(), QString::fromStdString(doubt)));
    emit message(ProjectDocument::Level::Info,
                 tr("Exported the level %1 (%2 polygons, navigation mesh built in %3 s) to %4.")
                     .arg(QFileInfo(bake->meshPath).fileName())
                     .arg(bake->report.polygons)
                     .arg(bake->report.seconds, 0, 'f', 3)
                     .arg(QFileInfo(path).fileName()));
    return true;
}

}  // namespace gs

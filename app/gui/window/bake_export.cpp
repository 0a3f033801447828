#include "app/gui/window/bake_export.h"

#include <QFileInfo>

#include "app/document/background_task.h"
#include "app/project/project_bake.h"
#include <gaitspace/runtime/gspace.h>

namespace gs {

BakeExport::BakeExport(ProjectDocument* doc, QObject* parent)
    : QObject(parent), m_doc(doc), m_task(new BackgroundTask(this)) {}

bool BakeExport::isExporting() const { return m_task->isRunning(); }

void BakeExport::exportTo(const QString& path) {
    if (isExporting()) {
        emit message(ProjectDocument::Level::Info, tr("A baked space is being exported already."));
        return;
    }
    const Project project = m_doc->project();
    int spaces = 0;
    for (const ProjectSpace& s : project.spaces) spaces += s.error.isEmpty() ? 1 : 0;
    const int total = spaces + 1;
    const QString name = QFileInfo(path).fileName();
    connect(
        m_task, &BackgroundTask::finished, this,
        [this, path, name](bool cancelled) {
            if (cancelled) {
                emit message(ProjectDocument::Level::Info,
                             tr("Exporting %1 cancelled; nothing was written.").arg(name));
                emit exported(path, false);
            }
        },
        Qt::SingleShotConnection);
    m_task->run<Status>(
        tr("Exporting %1").arg(name),
        [project, path, total](TaskControl& control) -> Status {
            int done = 0;
            control.setProgress(done++, total, tr("motion spaces"));
            auto baked = bakeProject(project, true, [&](const std::string& space) {
                control.setProgress(done++, total,
                                    tr("goal space of %1").arg(QString::fromStdString(space)));
            });
            if (!baked) return baked.status();
            if (control.isCancelled()) return Status::cancelled();
            return saveGSpace(*baked, path.toStdString());
        },
        [this, path, name](Status s) {
            if (!s) {
                emit message(
                    ProjectDocument::Level::Error,
                    tr("Cannot export %1: %2").arg(name, QString::fromStdString(s.message())));
                emit exported(path, false);
                return;
            }
            emit message(ProjectDocument::Level::Info, tr("Exported the baked space %1 (%2 kB).")
                                                           .arg(name)
                                                           .arg(QFileInfo(path).size() / 1024));
            emit exported(path, true);
        });
}

}  // namespace gs

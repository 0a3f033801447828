#include "app/project/project_level.h"

#include <QFileInfo>

namespace gs {

Expected<ProjectLevelBake> bakeProjectLevel(const Project& project, LevelBakeSettings settings) {
    const std::string projectName = QFileInfo(project.path).fileName().toStdString();
    if (project.level.source.isEmpty())
        return Status::error(projectName +
                             ": the project names no level (\"level\": {\"source\"})");
    ProjectLevelBake out;
    out.meshPath = project.resolve(project.level.source);
    const std::string file = QFileInfo(out.meshPath).fileName().toStdString();
    auto mesh = readLevelMesh(out.meshPath.toStdString(), project.level.units);
    if (!mesh) return Status::error(file + ": " + mesh.message());
    out.mesh = std::move(*mesh);
    settings.agent = project.level.agent;
    LevelBakeJob job;
    job.settings = settings;
    job.mesh = &out.mesh;
    job.name = file;
    job.output = &out.baked;
    job.report = &out.report;
    if (Status s = job.run(); !s) return Status::error(file + ": " + s.message());
    return out;
}

}  // namespace gs

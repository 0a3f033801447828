#include "app/project/synthetic_demo.h"

#include <QDir>
#include <QJsonObject>

#include <algorithm>

#include "app/project/project.h"
#include "core/io/bvh_writer.h"
#include "core/synthetic/synthetic_gait.h"

namespace gs {

Expected<SyntheticDemo> writeSyntheticDemo(const QString& outDirIn, int cycles) {
    if (cycles < 1 || cycles > 20) return Status::error("synthetic demo: cycles must be 1-20");
    const QString outDir = QDir(outDirIn).absolutePath();
    if (!QDir().mkpath(outDir))
        return Status::error(outDir.toStdString() + ": cannot create the folder");
    Project project;
    project.name = "Synthetic walk, jog and run (generated, not motion capture)";
    SyntheticDemo demo;
    for (const SyntheticClipSpec& spec : syntheticClipSet(cycles)) {
        auto clip = generateSyntheticGait(spec.settings);
        if (!clip) return clip.status();
        const QString file = QString::fromStdString("synthetic_" + spec.id + ".bvh");
        const QString path = QDir(outDir).filePath(file);
        if (Status s = writeBvh(*clip, path.toStdString()); !s)
            return s.withContext(path.toStdString());
        ProjectClip pc;
        pc.id = QString::fromStdString(spec.id);
        pc.source = file;
        project.clips.push_back(pc);
        const QString space = QString::fromStdString(spec.space);
        auto it = std::find_if(project.spaces.begin(), project.spaces.end(),
                               [&](const ProjectSpace& s) { return s.name == space; });
        if (it == project.spaces.end()) {
            ProjectSpace added;
            added.name = added.reference = space;
            project.spaces.push_back(added);
            it = project.spaces.end() - 1;
        }
        it->clipIds.push_back(pc.id);
        const SyntheticGaitSettings& s = spec.settings;
        demo.clips.append(QJsonObject{{"id", pc.id},
                                      {"name", QString::fromStdString(clip->name)},
                                      {"file", path},
                                      {"frames", clip->frameCount()},
                                      {"speed_mps", s.speed},
                                      {"curvature_rad_m", s.curvature},
                                      {"turn_rate_rad_s", s.turnRate()},
                                      {"cadence_spm", s.cadence},
                                      {"stance_fraction", s.stanceFraction},
                                      {"flight", s.hasFlight()}});
    }
    demo.projectPath = QDir(outDir).filePath("synthetic.gsproj");
    if (Status s = project.save(demo.projectPath); !s) return s;
    return demo;
}

}  // namespace gs

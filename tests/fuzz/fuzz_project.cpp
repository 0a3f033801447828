// libFuzzer target: the .gsproj reader and the spaces it describes. The input is written as a
// project beside three generated BVH clips; it is loaded (every value checked), and when it
// describes motion spaces, the behavioral space and every goal space are built with the project's
// settings and the limits on. To keep an execution short, spaces holding more than 8 clips in all
// are not built, and goal spaces above a fuzzing budget (a small fraction of the real one) are
// skipped.

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>
#include <memory>

#include "app/project/project.h"
#include "app/project/project_bake.h"
#include "core/spaces/goal_space_builder.h"
#include "core/authoring_limits.h"
#include "fuzz/fuzz_inputs.h"

namespace {

QTemporaryDir* folder() {
    static std::unique_ptr<QTemporaryDir> dir = [] {
        auto d = std::make_unique<QTemporaryDir>();
        gs::fuzz::writeProjectClips(d->path());
        return d;
    }();
    return dir.get();
}

constexpr std::int64_t kFuzzGoalSpaceUpdates = 20'000;
constexpr std::size_t kFuzzMaxClips = 8;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QString path = folder()->filePath("fuzz.gsproj");
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return 0;
        f.write(reinterpret_cast<const char*>(data), static_cast<qint64>(size));
    }
    auto project = gs::Project::load(path);
    if (!project) return 0;
    (void)project->toJson();
    (void)project->errors();
    auto desc = project->behavioralDesc();
    if (!desc) return 0;
    // Each clip of a space costs a loop and a registration; a few are enough to reach every step,
    // and many would make one execution last seconds (the loader above still reads them all).
    std::size_t clips = 0;
    for (const gs::MotionSpaceDesc& space : desc->spaces) clips += space.clips.size();
    if (clips > kFuzzMaxClips) return 0;
    auto built = gs::buildBehavioralSpace(*desc);
    if (!built) return 0;
    for (const gs::BakedMotionSpace& space : built->spaces) {
        gs::GoalSpaceJob job;
        job.settings = gs::goalSpaceSettings(*project);
        job.space = &space;
        const std::int64_t starts = gs::goalSpaceStartFrames(space, job.settings);
        if (!gs::limits::checkGoalSpaceBudget(starts, job.settings.startBlends,
                                              job.settings.endBlends, job.settings.horizon))
            continue;  // refused, as the CLI refuses it
        if (starts * job.settings.startBlends * job.settings.endBlends * job.settings.horizon >
            kFuzzGoalSpaceUpdates)
            continue;
        if (job.run() && !job.output.validate()) __builtin_trap();
    }
    return 0;
}

#include "app/project/project_bake.h"

#include <QFileInfo>

#include <algorithm>

#include "core/limits.h"

namespace gs {

LocomotionSettings locomotionSettings(const Project& project) {
    LocomotionSettings s;
    s.styleIncrement = project.settings.styleIncrement;
    s.maxBlendRate = project.settings.maxBlendRate;
    s.footLock = project.settings.footLock;
    return s;
}

GoalSpaceSettings goalSpaceSettings(const Project& project) {
    GoalSpaceSettings s;
    const QJsonObject o = project.settings.extra["goal_space"].toObject();
    s.startFrames = o["X"].toInt(s.startFrames);
    s.startBlends = o["Y"].toInt(s.startBlends);
    s.endBlends = o["Z"].toInt(s.endBlends);
    s.horizon = o["F"].toInt(s.horizon);
    s.subdivisions = o["subdivisions"].toInt(s.subdivisions);
    s.maxBlendRate = static_cast<float>(o["max_blend_rate"].toDouble(project.settings.maxBlendRate));
    s.footLock = project.settings.footLock;
    return s;
}

SteerSettings steerSettings(const Project&) { return SteerSettings{}; }

Expected<std::vector<GoalSpace>> buildGoalSpaces(const BakedBehavioralSpace& space,
                                                 const GoalSpaceSettings& settings,
                                                 const std::function<void(const std::string&)>& progress) {
    std::vector<GoalSpace> goals;
    for (const BakedMotionSpace& ms : space.spaces) {
        if (progress) progress(ms.name);
        GoalSpaceJob job;
        job.settings = settings;
        job.space = &ms;
        // The build's time (start frames x Y x Z x F updates) is bounded before it starts.
        const int strikes = static_cast<int>(ms.startFrames.size());
        const int x = settings.startFrames > 0 ? std::min(settings.startFrames, strikes) : strikes;
        if (Status s = limits::checkGoalSpaceBudget(static_cast<std::int64_t>(x) * settings.subdivisions,
                                                     settings.startBlends, settings.endBlends, settings.horizon);
            !s)
            return s.withContext("motion space '" + ms.name + "'");
        if (Status s = job.run(); !s) return s.withContext("motion space '" + ms.name + "'");
        goals.push_back(std::move(job.output));
    }
    return goals;
}

Expected<BakedSpaceFile> bakeProject(const Project& project, bool withGoalSpaces,
                                     const std::function<void(const std::string&)>& progress) {
    const std::string name = QFileInfo(project.path).fileName().toStdString();
    auto desc = project.behavioralDesc();
    if (!desc) return desc.status();
    auto built = buildBehavioralSpace(*desc);
    if (!built) return built.status().withContext(name);
    BakedSpaceFile baked;
    baked.space = std::move(*built);
    baked.locomotion = locomotionSettings(project);
    baked.steer = steerSettings(project);
    if (withGoalSpaces) {
        auto goals = buildGoalSpaces(baked.space, goalSpaceSettings(project), progress);
        if (!goals) return goals.status();
        baked.goalSpaces = std::move(*goals);
    }
    return baked;
}

}  // namespace gs

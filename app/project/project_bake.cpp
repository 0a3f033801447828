#include "app/project/project_bake.h"

#include <algorithm>
#include <cmath>

#include <QFileInfo>

#include "core/spaces/goal_space_builder.h"

namespace gs {

LocomotionSettings locomotionSettings(const Project& project) {
    LocomotionSettings s;
    s.styleIncrement = project.settings.styleIncrement;
    if (project.settings.styleByTransition)
        s.styleTransitionSeconds = project.settings.styleTransitionSeconds;
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
    // F defaults to the same stretch of time at any working rate: 40 frames at 30 fps.
    constexpr double kHorizonSeconds = 40.0 / 30.0;
    const int horizon =
        std::max(1, static_cast<int>(std::lround(kHorizonSeconds * project.settings.fps)));
    s.horizon = o["F"].toInt(horizon);
    s.subdivisions = o["subdivisions"].toInt(s.subdivisions);
    s.maxBlendRate =
        static_cast<float>(o["max_blend_rate"].toDouble(project.settings.maxBlendRate));
    return s;
}

SteerSettings steerSettings(const Project& project) {
    SteerSettings s;
    s.preferTighterStyles = !project.settings.keepStyle;
    return s;
}

Expected<BakedSpaceFile> bakeProject(const Project& project, bool withGoalSpaces,
                                     const std::function<void(const std::string&)>& progress,
                                     BehavioralSpaceNotes* notes) {
    const std::string name = QFileInfo(project.path).fileName().toStdString();
    auto desc = project.behavioralDesc();
    if (!desc) return desc.status();
    desc->buildWhatBuilds = notes != nullptr;
    auto built = buildBehavioralSpace(*desc, notes);
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

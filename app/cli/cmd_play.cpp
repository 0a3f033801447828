// gaitspace-cli play PROJECT.gsproj: builds the behavioral space and plays it with fixed blend
// values and style weights, printing motion and quality figures.

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <optional>

#include "app/project/project.h"
#include "cli_common.h"
#include "core/goal_space.h"
#include "core/io/bvh_writer.h"
#include "core/kinematics.h"
#include "core/limits.h"
#include "core/quality.h"
#include "core/record_locomotion.h"
#include "core/root_motion.h"
#include <gaitspace/runtime/gspace.h>
#include <gaitspace/runtime/locomotion.h>

namespace gs::cli {

Expected<std::vector<float>> parseSpaceValues(const BakedBehavioralSpace& space, const QString& text,
                                              float fill) {
    std::vector<float> values(space.spaces.size(), fill);
    if (text.isEmpty()) return values;
    for (const QString& item : text.split(',', Qt::SkipEmptyParts)) {
        const QStringList kv = item.split('=');
        bool ok = false;
        const float v = kv.size() == 2 ? kv[1].toFloat(&ok) : 0.0f;
        if (!ok || !std::isfinite(v))
            return Status::error(("'" + item + "' is not NAME=VALUE").toStdString());
        const int s = space.spaceIndex(kv[0].trimmed().toStdString());
        if (s < 0) return Status::error(("no motion space named '" + kv[0] + "'").toStdString());
        values[s] = v;
    }
    return values;
}

int printBrokenEntries(const Project& project, const std::vector<std::pair<std::string, std::string>>& failed) {
    const QStringList errors = project.errors();
    for (const QString& e : errors) std::fprintf(stderr, "gaitspace-cli: %s\n", qPrintable(e));
    const QString label = QFileInfo(project.path).fileName();
    for (const auto& [space, why] : failed) {
        const QString message = QString::fromStdString(why);
        const QString prefix = "motion space '" + QString::fromStdString(space) + "'";
        std::fprintf(stderr, "gaitspace-cli: %s: %s\n", qPrintable(label),
                     qPrintable(message.startsWith(prefix) ? message : prefix + " cannot be built: " + message));
    }
    return static_cast<int>(errors.size() + failed.size());
}

int exitForBroken(const QString& path, int brokenEntries) {
    if (brokenEntries == 0) return 0;
    printError(path, QStringLiteral("%1 %2 of the project %3 an error (above); the rest ran, exit status 1")
                         .arg(brokenEntries)
                         .arg(brokenEntries == 1 ? "entry" : "entries")
                         .arg(brokenEntries == 1 ? "has" : "have"));
    return 1;
}

std::string withoutFile(const std::string& message, const QString& file) {
    const std::string prefix = file.toStdString() + ": ";
    return message.starts_with(prefix) ? message.substr(prefix.size()) : message;
}

Expected<LoadedSpace> loadBehavioralSpace(const QString& path) {
    QElapsedTimer timer;
    timer.start();
    LoadedSpace loaded;
    if (path.endsWith(".gspace", Qt::CaseInsensitive)) {
        auto baked = loadGSpace(path.toStdString());
        if (!baked) return Status::error(withoutFile(baked.message(), path));
        loaded.baked = true;
        loaded.space = std::move(baked->space);
        loaded.goalSpaces = std::move(baked->goalSpaces);
        loaded.locomotion = baked->locomotion;
        loaded.steer = baked->steer;
        if (!loaded.goalSpaces.empty()) {
            const GoalSpace& g = loaded.goalSpaces.front();
            loaded.goalSettings.startBlends = g.startBlends;
            loaded.goalSettings.endBlends = g.endBlends;
            loaded.goalSettings.horizon = g.horizon;
            loaded.goalSettings.maxBlendRate = g.maxBlendRate;
        }
        loaded.buildSeconds = timer.nsecsElapsed() * 1e-9;
        return loaded;
    }
    auto project = Project::load(path);
    if (!project) return project.status();
    for (const QString& w : project->warnings) printWarning(path, w);
    timer.restart();
    auto baked = bakeProject(*project, false, {}, &loaded.notes);
    loaded.brokenEntries = printBrokenEntries(*project, loaded.notes.failed);
    if (!baked) return baked.status();
    loaded.space = std::move(baked->space);
    loaded.locomotion = baked->locomotion;
    loaded.steer = baked->steer;
    loaded.goalSettings = goalSpaceSettings(*project);
    loaded.project = std::move(*project);
    loaded.buildSeconds = timer.nsecsElapsed() * 1e-9;
    return loaded;
}

Expected<SteeringSpace> buildSteering(const LoadedSpace& loaded, double* seconds, int horizon) {
    SteeringSpace steering;
    steering.space = &loaded.space;
    QElapsedTimer timer;
    timer.start();
    if (!loaded.goalSpaces.empty() && horizon <= 0) {
        steering.goalSpaces = loaded.goalSpaces;
    } else {
        GoalSpaceSettings settings = loaded.goalSettings;
        if (horizon > 0) settings.horizon = horizon;
        auto goals = buildGoalSpaces(loaded.space, settings);
        if (!goals) return goals.status();
        steering.goalSpaces = std::move(*goals);
    }
    if (seconds) *seconds = timer.nsecsElapsed() * 1e-9;
    return steering;
}

// The clips whose figures the run is compared with: a project's source clips of the spaces with
// a positive style weight; for a baked file (which holds no source clips) the spaces' loops.
std::vector<Clip> sourceClips(const LoadedSpace& loaded, const std::vector<float>& styleWeights) {
    const BakedBehavioralSpace& bs = loaded.space;
    std::vector<Clip> clips;
    for (size_t s = 0; s < bs.spaces.size(); ++s) {
        if (styleWeights[s] <= 0.0f) continue;
        if (loaded.baked) {
            for (int c = 0; c < static_cast<int>(bs.spaces[s].clips.size()); ++c)
                clips.push_back(toClip(bs.spaces[s], c, bs.fps));
            continue;
        }
        for (const ProjectSpace& ps : loaded.project.spaces) {
            if (ps.name.toStdString() != bs.spaces[s].name) continue;
            for (const QString& id : ps.clipIds) clips.push_back(*loaded.project.clip(id)->clip);
        }
    }
    // The cycles each loop was cut from (a whole turn clip also walks straight before and after).
    if (!loaded.baked) clips = loopSources(bs, clips);
    return clips;
}

PooledFigures sourceFigures(const LoadedSpace& loaded, const std::vector<float>& styleWeights) {
    const BakedBehavioralSpace& bs = loaded.space;
    const auto legs = findLegs(bs.skeleton, bs.leftToe, bs.rightToe);
    return pooledFigures(sourceClips(loaded, styleWeights), bs.leftToe, bs.rightToe, bs.floorHeight,
                         legs ? &*legs : nullptr);
}

QJsonObject toJson(const RootAcceleration& a) {
    return {{"lateral", a.lateral}, {"longitudinal", a.longitudinal}};
}

void noteUnlockedFeet(const QString& path, const BakedBehavioralSpace& space, bool footLock) {
    if (!footLock) return;
    if (const auto legs = findLegs(space.skeleton, space.leftToe, space.rightToe); !legs)
        std::fprintf(stderr, "gaitspace-cli: %s: note: %s\n", qPrintable(QFileInfo(path).fileName()),
                     legs.message().c_str());
}

namespace {

QJsonObject spaceSummary(const BakedMotionSpace& space) {
    QJsonArray clips;
    for (const BakedClip& c : space.clips)
        clips.append(QJsonObject{{"name", QString::fromStdString(c.name)},
                                 {"curvature_deg_m", c.curvature * 180.0 / std::numbers::pi},
                                 {"speed_mps", c.speed},
                                 {"frames", c.frames},
                                 {"seam_error_m", c.seamErrorM},
                                 {"seam_error_deg", c.seamErrorDeg},
                                 {"registration_residual_m", c.registrationResidual}});
    return {{"name", QString::fromStdString(space.name)},
            {"cycles", space.cycles},
            {"reference", QString::fromStdString(space.clips[space.reference].name)},
            {"clips", clips}};
}

}  // namespace

int runPlay(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription("Plays a project's behavioral motion space with fixed blends and styles.");
    parser.addHelpOption();
    parser.addPositionalArgument("project", "A Gaitspace project (*.gsproj) or a baked space (*.gspace).", "PROJECT");
    parser.addOption({"blend", "Blend values per space, 0 = sharpest right, 1 = sharpest left "
                               "(default: the straightest clip).", "walk=0.5,..."});
    parser.addOption({"style", "Style weights per space (normalized; default: the first space).",
                      "walk=0.3,jog=0.7"});
    parser.addOption({"seconds", "How long to play (default 10).", "S", "10"});
    parser.addOption({{"o", "output"}, "Write the generated motion as BVH.", "run.bvh"});
    parser.addOption({"no-foot-lock", "Let planted feet slide (the raw blend of the clips)."});
    parser.addOption({"no-foot-heights", "Do not hold a blend's feet at the heights its clips give them (blends of "
                                         "differently leaning poses then sink their feet)."});
    parser.addOption({"goal", "Steer toward this goal (world metres) with goal-space steering, from "
                              "the start (the run the GUI makes when its goal is set there).", "x,z"});
    parser.addOption({"stop", "Play into this stop of a space (its clip id or name) at the loop's next join with "
                              "it, and stand where it ends.", "name"});
    parser.addOption({"stop-after", "With --stop: seconds played before the stop is asked for (default 1).", "S", "1"});
    parser.addOption({"json", "Print one JSON object on stdout."});
    parser.process(arguments);
    if (parser.positionalArguments().size() != 1) {
        printError({}, "play needs exactly one PROJECT");
        return 2;
    }
    const QString path = parser.positionalArguments().first();
    auto loaded = loadBehavioralSpace(path);
    if (!loaded) {
        printError(path, QString::fromStdString(loaded.message()));
        return 1;
    }
    const BakedBehavioralSpace& bs = loaded->space;
    auto styles = parseSpaceValues(bs, parser.value("style"), 0.0f);
    auto blends = parseSpaceValues(bs, parser.value("blend"), -1.0f);
    if (!styles || !blends) {
        printError(path, QString::fromStdString(!styles ? styles.message() : blends.message()));
        return 2;
    }
    for (size_t s = 0; s < bs.spaces.size(); ++s)
        if ((*blends)[s] < 0.0f) (*blends)[s] = bs.spaces[s].blendOf(bs.spaces[s].reference);
    float styleSum = 0.0f;
    for (float w : *styles) styleSum += std::max(w, 0.0f);
    if (styleSum <= 0.0f) (*styles)[0] = styleSum = 1.0f;
    for (float& w : *styles) w = std::max(w, 0.0f) / styleSum;

    bool ok = false;
    const double seconds = parser.value("seconds").toDouble(&ok);
    if (!ok || !(seconds > 0.0) || seconds > 3600.0) {
        printError(path, "--seconds must be in (0, 3600]");
        return 2;
    }
    const int frames = static_cast<int>(std::lround(seconds * bs.fps)) + 1;

    std::optional<glm::vec2> goal;
    if (parser.isSet("goal")) {
        const QStringList xz = parser.value("goal").split(',');
        bool okX = false, okZ = false;
        const float x = xz.size() == 2 ? xz[0].toFloat(&okX) : 0.0f, z = xz.size() == 2 ? xz[1].toFloat(&okZ) : 0.0f;
        if (!okX || !okZ || std::abs(x) > limits::kMaxCoordinateM || std::abs(z) > limits::kMaxCoordinateM) {
            printError(path, QStringLiteral("--goal must be x,z in metres (|x|, |z| <= %1)").arg(limits::kMaxCoordinateM));
            return 2;
        }
        goal = glm::vec2(x, z);
    }

    // --stop: the space and stop named.
    int stopSpace = -1, stopClip = -1;
    double stopAfter = 0.0;
    if (parser.isSet("stop")) {
        const std::string name = parser.value("stop").toStdString();
        for (int s = 0; s < static_cast<int>(bs.spaces.size()) && stopSpace < 0; ++s)
            for (int k = 0; k < static_cast<int>(bs.spaces[s].stops.size()); ++k)
                if (bs.spaces[s].stops[k].name == name) {
                    stopSpace = s;
                    stopClip = k;
                    break;
                }
        if (stopSpace < 0) {
            QStringList names;
            for (const BakedMotionSpace& m : bs.spaces)
                for (const BakedTransition& t : m.stops) names << QString::fromStdString(t.name);
            printError(path, QStringLiteral("--stop: no stop named '%1' (%2)")
                                 .arg(parser.value("stop"), names.isEmpty() ? QStringLiteral("the project has none")
                                                                             : names.join(", ")));
            return 2;
        }
        stopAfter = parser.value("stop-after").toDouble(&ok);
        if (!ok || !(stopAfter >= 0.0) || stopAfter > seconds) {
            printError(path, "--stop-after must be in [0, --seconds]");
            return 2;
        }
    }

    // One character of a crowd, the runtime's own loop.
    auto baked = std::make_shared<BakedSpaceFile>();
    baked->space = bs;
    baked->locomotion = loaded->locomotion;
    baked->locomotion.footLock = baked->locomotion.footLock && !parser.isSet("no-foot-lock");
    baked->locomotion.footHeights = !parser.isSet("no-foot-heights");
    baked->steer = loaded->steer;
    if (goal) {
        auto steering = buildSteering(*loaded, nullptr, 0);
        if (!steering) {
            printError(path, QString::fromStdString(steering.message()));
            return 1;
        }
        baked->goalSpaces = std::move(steering->goalSpaces);
    }
    noteUnlockedFeet(path, bs, baked->locomotion.footLock);
    Crowd crowd(baked);
    const Expected<CharacterId> added = crowd.add(GroundFrame{}, *styles, *blends);
    if (!added) {
        printError(path, QString::fromStdString(added.message()));
        return 1;
    }
    const CharacterId id = *added;
    if (goal)
        if (Status s = crowd.setGoal(id, *goal); !s) {
            printError(path, QString::fromStdString(s.message()));
            return 1;
        }
    float maxStyleStep = 0.0f;
    const int stopFrame = stopSpace >= 0 ? static_cast<int>(std::lround(stopAfter * bs.fps)) : -1;
    int standFrame = -1;
    Status stopAsked;  // refused when the character is not walking at --stop-after (with --goal: stopping or standing)
    QElapsedTimer timer;
    timer.start();
    auto run = recordCharacter(crowd, id, frames, [&](int f, Crowd& c, CharacterId i) {
        maxStyleStep = std::max(maxStyleStep, c.state(i)->lastStyleStep);
        if (f == stopFrame) stopAsked = c.stop(i, stopSpace, stopClip);
        if (standFrame < 0 && *c.motionState(i) == MotionState::Standing) standFrame = f;
    });
    const double playNs = static_cast<double>(timer.nsecsElapsed());
    if (!run) {
        printError(path, QString::fromStdString(run.message()));
        return 1;
    }
    if (!stopAsked) {
        printError(path, "--stop: " + QString::fromStdString(stopAsked.message()));
        return 1;
    }
    const RootMotionStats motion = rootMotionStats(*run);
    const auto positions = clipJointPositions(*run);
    const float skate = footSkate(positions, run->jointCount(), bs.leftToe, bs.rightToe,
                                  bs.floorHeight, run->fps);
    const RootAcceleration accel = rootAccelerationP95(*run);
    const auto legs = findLegs(bs.skeleton, bs.leftToe, bs.rightToe);
    const float kneeStep = legs ? kneeStepP95(positions, run->jointCount(), *legs) : 0.0f;
    const float kneeFlexion = legs ? kneeFlexionMean(positions, run->jointCount(), *legs) : 0.0f;
    const PooledFigures source = sourceFigures(*loaded, *styles);

    if (parser.isSet("output")) {
        const QString out = parser.value("output");
        if (Status s = writeBvh(*run, out.toStdString()); !s) {
            printError(out, QString::fromStdString(s.message()));
            return 1;
        }
    }
    QJsonArray spaces;
    for (const BakedMotionSpace& s : bs.spaces) spaces.append(spaceSummary(s));
    QJsonObject result{
        {"frames", frames},
        {"distance_m", motion.pathLength},
        {"speed_mps", motion.speed},
        {"turn_rate_deg_s", motion.headingChange * 180.0 / std::numbers::pi / run->duration()},
        {"foot_skate_cm_s", skate},
        {"source_foot_skate_cm_s", source.footSkate},
        {"root_accel_p95_mps2", toJson(accel)},
        {"source_root_accel_p95_mps2", toJson(source.rootAccel)},
        {"knee_step_p95_deg", kneeStep},
        {"source_knee_step_p95_deg", source.kneeStep},
        {"knee_flexion_mean_deg", kneeFlexion},
        {"source_knee_flexion_mean_deg", source.kneeFlexion},
        {"foot_lock", baked->locomotion.footLock},
        {"end_position", QJsonArray{run->rootPositions.back().x, run->rootPositions.back().z}},
        {"baked", loaded->baked},
        {"max_style_step", maxStyleStep},
        {"build_seconds", loaded->buildSeconds},
        {"ns_per_frame", playNs / frames},
        {"spaces", spaces}};
    if (stopSpace >= 0) {
        // The frame it stood from (-1: not yet) and the state it ends in.
        result["stop"] = parser.value("stop");
        result["stand_frame"] = standFrame;
        result["motion_state"] = motionStateName(*crowd.motionState(id));
    }
    if (parser.isSet("json")) {
        printJson(result);
    } else {
        std::printf("%d frames: %.2f m at %.2f m/s, turning %+.1f deg/s; foot skate %.2f cm/s "
                    "(source clips %.2f cm/s)\n",
                    frames, motion.pathLength, motion.speed,
                    result["turn_rate_deg_s"].toDouble(), skate,
                    result["source_foot_skate_cm_s"].toDouble());
        std::printf("root acceleration p95: lateral %.2f, longitudinal %.2f m/s^2 (source clips %.2f, "
                    "%.2f); knee step p95 %.2f deg (source clips %.2f), knee flexion mean %.1f deg (source "
                    "clips %.1f)\n",
                    accel.lateral, accel.longitudinal, source.rootAccel.lateral,
                    source.rootAccel.longitudinal, kneeStep, source.kneeStep, kneeFlexion, source.kneeFlexion);
    }
    return exitForBroken(path, loaded->brokenEntries);
}

}  // namespace gs::cli

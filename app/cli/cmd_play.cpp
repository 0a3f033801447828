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
#include "core/spaces/goal_space_builder.h"
#include "core/io/bvh_writer.h"
#include "core/clip/clip_kinematics.h"
#include "core/authoring_limits.h"
#include "core/evaluation/quality.h"
#include "core/evaluation/record_locomotion.h"
#include "core/clip/root_motion.h"
#include <gaitspace/runtime/gspace.h>
#include <gaitspace/runtime/locomotion.h>

namespace gs::cli {

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

// The command's options.
void addOptions(QCommandLineParser& parser) {
    parser.setApplicationDescription(
        "Plays a project's behavioral motion space with fixed blends and styles.");
    parser.addHelpOption();
    parser.addPositionalArgument(
        "project", "A Gaitspace project (*.gsproj) or a baked space (*.gspace).", "PROJECT");
    parser.addOption({"blend",
                      "Blend values per space, 0 = sharpest right, 1 = sharpest left "
                      "(default: the straightest clip).",
                      "walk=0.5,..."});
    parser.addOption({"style", "Style weights per space (normalized; default: the first space).",
                      "walk=0.3,jog=0.7"});
    parser.addOption({"seconds", "How long to play (default 10).", "S", "10"});
    parser.addOption({{"o", "output"}, "Write the generated motion as BVH.", "run.bvh"});
    parser.addOption({"no-foot-lock", "Let planted feet slide (the raw blend of the clips)."});
    parser.addOption({"no-foot-heights",
                      "Do not hold a blend's feet at the heights its clips give them (blends of "
                      "differently leaning poses then sink their feet)."});
    parser.addOption({"goal",
                      "Steer toward this goal (world metres) with goal-space steering, from "
                      "the start (the run the GUI makes when its goal is set there).",
                      "x,z"});
    parser.addOption(
        {"stop",
         "Play into this stop of a space (its clip id or name) at the loop's next join with "
         "it, and stand where it ends.",
         "name"});
    parser.addOption({"stop-after",
                      "With --stop: seconds played before the stop is asked for (default 1).", "S",
                      "1"});
    parser.addOption({"json", "Print one JSON object on stdout."});
}

// What the command line asks to play.
struct PlayRequest {
    std::vector<float> styles;  // per space, normalized
    std::vector<float> blends;  // per space
    double seconds = 10.0;
    int frames = 0;
    std::optional<glm::vec2> goal;
    int stopSpace = -1, stopClip = -1;  // --stop: the space and stop named
    double stopAfter = 0.0;
};

// --style and --blend (unset blends: the reference clip's).
Status readBlends(const QCommandLineParser& parser, const BakedBehavioralSpace& bs,
                  PlayRequest& request) {
    auto styles = parseSpaceValues(bs, parser.value("style"), 0.0f);
    auto blends = parseSpaceValues(bs, parser.value("blend"), -1.0f);
    if (!styles || !blends) return !styles ? styles.status() : blends.status();
    for (size_t s = 0; s < bs.spaces.size(); ++s) {
        if (parser.isSet("blend") && (*blends)[s] != -1.0f &&
            !((*blends)[s] >= 0.0f && (*blends)[s] <= 1.0f))
            return Status::error("--blend: a blend of " + std::to_string((*blends)[s]) +
                                 " is outside [0, 1]");
        if ((*blends)[s] < 0.0f) (*blends)[s] = bs.spaces[s].blendOf(bs.spaces[s].reference);
    }
    if (!parser.isSet("style")) (*styles)[0] = 1.0f;  // default: the first space
    if (Status s = checkStyleWeights(*styles); !s) return Status::error("--style: " + s.message());
    float styleSum = 0.0f;
    for (float w : *styles) styleSum += w;
    for (float& w : *styles) w /= styleSum;
    request.styles = std::move(*styles);
    request.blends = std::move(*blends);
    return Status::ok();
}

// --goal, as x,z in metres.
Status readGoal(const QCommandLineParser& parser, PlayRequest& request) {
    if (!parser.isSet("goal")) return Status::ok();
    const QStringList xz = parser.value("goal").split(',');
    bool okX = false, okZ = false;
    const float x = xz.size() == 2 ? xz[0].toFloat(&okX) : 0.0f,
                z = xz.size() == 2 ? xz[1].toFloat(&okZ) : 0.0f;
    if (!okX || !okZ || std::abs(x) > limits::kMaxCoordinateM ||
        std::abs(z) > limits::kMaxCoordinateM)
        return Status::error(QStringLiteral("--goal must be x,z in metres (|x|, |z| <= %1)")
                                 .arg(limits::kMaxCoordinateM)
                                 .toStdString());
    request.goal = glm::vec2(x, z);
    return Status::ok();
}

// --stop NAME (one of the spaces' stops) and --stop-after.
Status readStop(const QCommandLineParser& parser, const BakedBehavioralSpace& bs,
                PlayRequest& request) {
    if (!parser.isSet("stop")) return Status::ok();
    const std::string name = parser.value("stop").toStdString();
    for (int s = 0; s < static_cast<int>(bs.spaces.size()) && request.stopSpace < 0; ++s)
        for (int k = 0; k < static_cast<int>(bs.spaces[s].stops.size()); ++k)
            if (bs.spaces[s].stops[k].name == name) {
                request.stopSpace = s;
                request.stopClip = k;
                break;
            }
    if (request.stopSpace < 0) {
        QStringList names;
        for (const BakedMotionSpace& m : bs.spaces)
            for (const BakedTransition& t : m.stops) names << QString::fromStdString(t.name);
        return Status::error(
            QStringLiteral("--stop: no stop named '%1' (%2)")
                .arg(parser.value("stop"),
                     names.isEmpty() ? QStringLiteral("the project has none") : names.join(", "))
                .toStdString());
    }
    bool ok = false;
    request.stopAfter = parser.value("stop-after").toDouble(&ok);
    if (!ok || !(request.stopAfter >= 0.0) || request.stopAfter > request.seconds)
        return Status::error("--stop-after must be in [0, --seconds]");
    return Status::ok();
}

// Everything the command line asks of the loaded space; an error is a usage error (exit 2).
Expected<PlayRequest> readRequest(const QCommandLineParser& parser,
                                  const BakedBehavioralSpace& bs) {
    PlayRequest request;
    if (Status s = readBlends(parser, bs, request); !s) return s;
    bool ok = false;
    request.seconds = parser.value("seconds").toDouble(&ok);
    if (!ok || !(request.seconds > 0.0) || request.seconds > limits::kMaxRunSeconds)
        return Status::error("--seconds must be in (0, " +
                             std::to_string(static_cast<int>(limits::kMaxRunSeconds)) + "]");
    request.frames = static_cast<int>(std::lround(request.seconds * bs.fps)) + 1;
    if (Status s = readGoal(parser, request); !s) return s;
    if (Status s = readStop(parser, bs, request); !s) return s;
    return request;
}

// The run of one character of a crowd (the runtime's own loop), with what was seen on the way.
struct PlayRun {
    Clip motion;
    LocomotionSettings locomotion;
    float maxStyleStep = 0.0f;
    int standFrame = -1;  // --stop: the frame it stood from (-1: not yet)
    MotionState endState = MotionState::Walking;
    double ns = 0.0;  // playing time
};

Expected<PlayRun> play(const QCommandLineParser& parser, const QString& path,
                       const LoadedSpace& loaded, const PlayRequest& request) {
    const BakedBehavioralSpace& bs = loaded.space;
    auto baked = std::make_shared<BakedSpaceFile>();
    baked->space = bs;
    baked->locomotion = loaded.locomotion;
    baked->locomotion.footLock = baked->locomotion.footLock && !parser.isSet("no-foot-lock");
    baked->locomotion.footHeights = !parser.isSet("no-foot-heights");
    baked->steer = loaded.steer;
    if (request.goal) {
        auto steering = buildSteering(loaded, nullptr, 0);
        if (!steering) return steering.status();
        baked->goalSpaces = std::move(steering->goalSpaces);
    }
    noteUnlockedFeet(path, bs, baked->locomotion.footLock);
    Crowd crowd(baked);
    const Expected<CharacterId> added = crowd.add(GroundFrame{}, request.styles, request.blends);
    if (!added) return added.status();
    const CharacterId id = *added;
    if (request.goal)
        if (Status s = crowd.setGoal(id, *request.goal); !s) return s;
    PlayRun result;
    result.locomotion = baked->locomotion;
    const int stopFrame =
        request.stopSpace >= 0 ? static_cast<int>(std::lround(request.stopAfter * bs.fps)) : -1;
    Status stopAsked;  // refused when the character is not walking at --stop-after (with --goal:
                       // stopping or standing)
    QElapsedTimer timer;
    timer.start();
    auto run = recordCharacter(crowd, id, request.frames, [&](int f, Crowd& c, CharacterId i) {
        result.maxStyleStep = std::max(result.maxStyleStep, c.state(i)->lastStyleStep);
        if (f == stopFrame) stopAsked = c.stop(i, request.stopSpace, request.stopClip);
        if (result.standFrame < 0 && *c.motionState(i) == MotionState::Standing)
            result.standFrame = f;
    });
    result.ns = static_cast<double>(timer.nsecsElapsed());
    if (!run) return run.status();
    if (!stopAsked) return Status::error("--stop: " + stopAsked.message());
    result.motion = std::move(*run);
    result.endState = *crowd.motionState(id);
    return result;
}

// The figures of the run (the JSON object the command prints with --json) against the source
// clips'.
QJsonObject figures(const QCommandLineParser& parser, const LoadedSpace& loaded,
                    const PlayRequest& request, const PlayRun& played) {
    const BakedBehavioralSpace& bs = loaded.space;
    const Clip& run = played.motion;
    const RootMotionStats motion = rootMotionStats(run);
    const auto positions = clipJointPositions(run);
    const float skate =
        footSkate(positions, run.jointCount(), bs.leftToe, bs.rightToe, bs.floorHeight, run.fps);
    const float stance =
        stanceSkate(positions, run.jointCount(), bs.leftToe, bs.rightToe, bs.floorHeight, run.fps);
    const RootAcceleration accel = rootAccelerationP95(run);
    const auto legs = findLegs(bs.skeleton, bs.leftToe, bs.rightToe);
    const float kneeStep = legs ? kneeStepP95(positions, run.jointCount(), *legs) : 0.0f;
    const float kneeFlexion = legs ? kneeFlexionMean(positions, run.jointCount(), *legs) : 0.0f;
    const PooledFigures source = sourceFigures(loaded, request.styles);
    QJsonArray spaces;
    for (const BakedMotionSpace& s : bs.spaces) spaces.append(spaceSummary(s));
    QJsonObject result{
        {"frames", request.frames},
        {"distance_m", motion.pathLength},
        {"speed_mps", motion.speed},
        {"turn_rate_deg_s", motion.headingChange * 180.0 / std::numbers::pi / run.duration()},
        {"foot_skate_cm_s", skate},
        {"source_foot_skate_cm_s", source.footSkate},
        {"stance_skate_cm_s", stance},
        {"source_stance_skate_cm_s", source.stanceSkate},
        {"root_accel_p95_mps2", toJson(accel)},
        {"source_root_accel_p95_mps2", toJson(source.rootAccel)},
        {"knee_step_p95_deg", kneeStep},
        {"source_knee_step_p95_deg", source.kneeStep},
        {"knee_flexion_mean_deg", kneeFlexion},
        {"source_knee_flexion_mean_deg", source.kneeFlexion},
        {"foot_lock", played.locomotion.footLock},
        {"end_position", QJsonArray{run.rootPositions.back().x, run.rootPositions.back().z}},
        {"baked", loaded.baked},
        {"max_style_step", played.maxStyleStep},
        {"build_seconds", loaded.buildSeconds},
        {"ns_per_frame", played.ns / request.frames},
        {"spaces", spaces}};
    if (request.stopSpace >= 0) {
        // The frame it stood from (-1: not yet) and the state it ends in.
        result["stop"] = parser.value("stop");
        result["stand_frame"] = played.standFrame;
        result["motion_state"] = motionStateName(played.endState);
    }
    return result;
}

// The two lines the command prints without --json.
void printSummary(const QJsonObject& o) {
    const QJsonObject accel = o["root_accel_p95_mps2"].toObject(),
                      source = o["source_root_accel_p95_mps2"].toObject();
    std::printf(
        "%d frames: %.2f m at %.2f m/s, turning %+.1f deg/s; foot skate %.2f cm/s "
        "(source clips %.2f cm/s), stance skate %.2f cm/s (source clips %.2f cm/s)\n",
        o["frames"].toInt(), o["distance_m"].toDouble(), o["speed_mps"].toDouble(),
        o["turn_rate_deg_s"].toDouble(), o["foot_skate_cm_s"].toDouble(),
        o["source_foot_skate_cm_s"].toDouble(), o["stance_skate_cm_s"].toDouble(),
        o["source_stance_skate_cm_s"].toDouble());
    std::printf(
        "root acceleration p95: lateral %.2f, longitudinal %.2f m/s^2 (source clips %.2f, "
        "%.2f); knee step p95 %.2f deg (source clips %.2f), knee flexion mean %.1f deg (source "
        "clips %.1f)\n",
        accel["lateral"].toDouble(), accel["longitudinal"].toDouble(), source["lateral"].toDouble(),
        source["longitudinal"].toDouble(), o["knee_step_p95_deg"].toDouble(),
        o["source_knee_step_p95_deg"].toDouble(), o["knee_flexion_mean_deg"].toDouble(),
        o["source_knee_flexion_mean_deg"].toDouble());
}

}  // namespace

int runPlay(const QStringList& arguments) {
    QCommandLineParser parser;
    addOptions(parser);
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
    const auto request = readRequest(parser, loaded->space);
    if (!request) {
        printError(path, QString::fromStdString(request.message()));
        return 2;
    }
    const auto played = play(parser, path, *loaded, *request);
    if (!played) {
        printError(path, QString::fromStdString(played.message()));
        return 1;
    }
    if (parser.isSet("output")) {
        const QString out = parser.value("output");
        if (Status s = writeBvh(played->motion, out.toStdString()); !s) {
            printError(out, QString::fromStdString(s.message()));
            return 1;
        }
    }
    const QJsonObject result = figures(parser, *loaded, *request, *played);
    if (parser.isSet("json"))
        printJson(result);
    else
        printSummary(result);
    return exitForBroken(path, loaded->brokenEntries);
}

}  // namespace gs::cli

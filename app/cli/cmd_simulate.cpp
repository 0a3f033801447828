// gaitspace-cli simulate PROJECT.gsproj: one character chases goals with goal-space steering (or
// the naive baseline) and the run is scored.

#include <QCommandLineParser>
#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "cli_common.h"
#include "core/io/bvh_writer.h"
#include "core/authoring_limits.h"
#include "core/clip/clip_kinematics.h"
#include "core/evaluation/simulation.h"
#include "core/spaces/transition_builder.h"

namespace gs::cli {

int runSimulateLevel(const QCommandLineParser& parser);  // cmd_simulate_level.cpp

namespace {

// The stop and start clips the run is compared with: a project's stops and starts of the spaces
// with a positive style weight (and the starts of the space that starts them when they have
// none); for a baked file the baked transitions themselves.
std::vector<Clip> transitionSources(const LoadedSpace& loaded,
                                    const std::vector<float>& styleWeights, bool stops) {
    const BakedBehavioralSpace& bs = loaded.space;
    std::vector<Clip> clips;
    auto add = [&](size_t s) {
        if (loaded.baked) {
            for (const BakedTransition& t : stops ? bs.spaces[s].stops : bs.spaces[s].starts)
                clips.push_back(toClip(t, bs.skeleton, bs.fps));
            return;
        }
        for (const ProjectSpace& ps : loaded.project.spaces)
            if (ps.name.toStdString() == bs.spaces[s].name)
                for (const QString& id : stops ? ps.stopIds : ps.startIds)
                    clips.push_back(*loaded.project.clip(id)->clip);
    };
    for (size_t s = 0; s < bs.spaces.size(); ++s)
        if (styleWeights[s] > 0.0f) add(s);
    for (size_t s = 0; s < bs.spaces.size() && clips.empty() && !stops; ++s)
        if (!bs.spaces[s].starts.empty()) add(s);
    return clips;
}

QJsonArray pairs(const std::vector<glm::vec2>& v) {
    QJsonArray a;
    for (const glm::vec2& p : v) a.append(QJsonArray{p.x, p.y});
    return a;
}

// The arrive scenario's figures (simulation.h, ArrivalFigures) and those of the clips compared.
void addArrival(QJsonObject& o, const LoadedSpace& loaded, const std::vector<float>& styleWeights,
                const SimulationResult& result) {
    const ArrivalFigures& a = result.arrival;
    std::vector<float> errors = a.stopErrors;
    const float meanError = mean(errors);
    const float maxError = errors.empty() ? 0.0f : *std::max_element(errors.begin(), errors.end());
    o["stops"] = a.stops;
    o["stop_error_m"] =
        QJsonObject{{"mean", meanError}, {"p95", percentile(errors, 0.95f)}, {"max", maxError}};
    o["standing_drift_m"] = a.standingDrift;
    o["goal_positions"] = pairs(a.goalPositions);
    QJsonArray stands;
    for (const glm::ivec2& f : a.standFrames) stands.append(QJsonArray{f.x, f.y});
    o["stand_frames"] = stands;
    o["time_ratio_to_no_stop"] = a.meanTimeRatio;
    o["time_ratio_floor"] = a.meanFloorRatio;
    QJsonArray changes;
    for (const auto& [frame, state] : a.stateChanges)
        changes.append(QJsonArray{static_cast<double>(frame), motionStateName(state)});
    o["state_changes"] = changes;
    QJsonArray seconds, noStop;
    for (float s : a.seconds) seconds.append(s);
    for (float s : a.noStopSeconds) noStop.append(s);
    o["goal_seconds"] = seconds;
    o["no_stop_goal_seconds"] = noStop;
    o["max_joint_step_m"] = a.maxJointStep;
    o["join_joint_step_m"] = a.joinJointStep;
    o["reach_time_ratio_to_no_stop"] = a.meanReachRatio;
    o["stop_foot_skate_cm_s"] = a.stopSkate;
    // The same figures of the clips the run is made of.
    const BakedBehavioralSpace& bs = loaded.space;
    std::vector<Clip> sources = sourceClips(loaded, styleWeights);
    const std::vector<Clip> stopClips = transitionSources(loaded, styleWeights, true);
    const std::vector<Clip> startClips = transitionSources(loaded, styleWeights, false);
    sources.insert(sources.end(), stopClips.begin(), stopClips.end());
    sources.insert(sources.end(), startClips.begin(), startClips.end());
    float step = 0.0f;
    for (const Clip& c : sources) step = std::max(step, maxJointStep(c));
    o["source_max_joint_step_m"] = step;
    double skate = 0.0;
    int frames = 0;
    for (const Clip& c : stopClips) {
        skate += footSkate(clipJointPositions(c), c.jointCount(), bs.leftToe, bs.rightToe,
                           bs.floorHeight, c.fps) *
                 c.frameCount();
        frames += c.frameCount();
    }
    o["source_stop_foot_skate_cm_s"] = frames ? skate / frames : 0.0;
}

// The command's options.
void addOptions(QCommandLineParser& parser) {
    parser.setApplicationDescription("Steers a character toward goals and scores the run.");
    parser.addHelpOption();
    parser.addPositionalArgument(
        "project", "A Gaitspace project (*.gsproj) or a baked space (*.gspace).", "PROJECT");
    parser.addOption(
        {"scenario",
         "random, circle, zigzag, figure8 or arrive (default random; arrive: random goals, "
         "each stopped at and stood on).",
         "name", "random"});
    parser.addOption(
        {"stand-seconds", "arrive: seconds stood at each goal (default 2).", "S", "2"});
    parser.addOption({"goals", "Random goals to chase (default 200).", "N", "200"});
    parser.addOption({"seconds", "Length of a moving-goal run (default 60).", "S", "60"});
    parser.addOption({"goal-head-start",
                      "Start a moving goal as if it had already gone S seconds along its "
                      "path (default 0; another start gives another run to average).",
                      "S", "0"});
    parser.addOption({"seed", "Random seed (default 7).", "S", "7"});
    parser.addOption({"switch-styles",
                      "Random goals: every S seconds move the style wholly to another space "
                      "chosen at random (default 0: never).",
                      "S", "0"});
    parser.addOption({"switch-among",
                      "With --switch-styles: the spaces switched among (default every space).",
                      "walk,jog"});
    parser.addOption({"style", "Style weights per space (default: the first space).", "walk=1"});
    parser.addOption(
        {"controller", "goalspace or naive (default goalspace).", "name", "goalspace"});
    parser.addOption({"pick",
                      "The steer-space sample whose predicted future reaches the goal soonest "
                      "('predicted', default), or the method's samples nearest the 'line' to the "
                      "goal or nearest the 'goal'.",
                      "predicted|line|goal", "predicted"});
    parser.addOption({"look-ahead",
                      "Goal-space steps looked ahead by the predicted pick (1 or 2, default 2).",
                      "steps", "2"});
    parser.addOption({"no-intercept", "Aim at where a moving goal is, not where it will be."});
    parser.addOption({"nearest-fan", "Use the single goal-space fan nearest the current blend."});
    parser.addOption(
        {"neighbours", "Samples blended for the target (1 or 2, default 2).", "k", "2"});
    parser.addOption({"no-escape", "Do not walk out of a goal inside the turning circle."});
    parser.addOption({"keep-style",
                      "Never borrow a slower style's tighter turn, nor blend in a slower or faster "
                      "style to keep pace with a moving goal."});
    parser.addOption({"escape-enter",
                      "Walk straight out when the goal is nearer the turning circle's "
                      "centre than this many radii (default 1.0).",
                      "factor", "1.0"});
    parser.addOption({"escape-exit",
                      "Leave the turning-circle escape when the goal is this many radii "
                      "from the circle's centre (default 1.3).",
                      "factor", "1.3"});
    parser.addOption(
        {"horizon", "Goal-space horizon F in frames (default: the project's, else 40).", "F"});
    parser.addOption({"no-foot-lock", "Let planted feet slide (the raw blend of the clips)."});
    parser.addOption({"no-foot-heights",
                      "Do not hold a blend's feet at the heights its clips give them (blends of "
                      "differently leaning poses then sink their feet)."});
    parser.addOption({"bvh", "Write the run as BVH.", "run.bvh"});
    parser.addOption({"json", "Print one JSON object on stdout."});
    parser.addOption({"level",
                      "Run in a level (*.gslevel, bake-level): characters follow the shortest "
                      "paths of its navigation mesh; --scenario random or crossing.",
                      "FILE"});
    parser.addOption(
        {"characters", "With --level: characters run at once (1-1000, default 1).", "N", "1"});
    parser.addOption(
        {"look-ahead-m", "With --level: metres along the path steered toward (default 2.5).", "m"});
    parser.addOption({"no-avoidance",
                      "With --level: characters do not avoid each other (each walks its path as "
                      "if alone)."});
    parser.addOption({"no-collision",
                      "With --level: characters that meet are not pushed apart, nor those pressed "
                      "off the navigation mesh back onto it (only avoidance keeps them apart)."});
    parser.addOption({"no-waiting",
                      "With --level: a character held in a queue it cannot slow behind walks on "
                      "round it rather than waiting where it stands."});
    parser.addOption({"no-early-turn",
                      "With --level: a character walking through a goal turns toward the next "
                      "once it is there, rather than beginning the turn before it."});
    parser.addOption({"level-mesh",
                      "With --level: the level's mesh (any format Assimp reads), whose surface the "
                      "feet stand on and are measured against (default: the navigation mesh's "
                      "detail mesh).",
                      "MESH"});
    parser.addOption({"level-mesh-scale",
                      "With --level-mesh: metres per unit of the mesh, as bake-level's --scale.",
                      "m"});
    parser.addOption({"level-mesh-up",
                      "With --level-mesh: the mesh's up axis, y or z, as bake-level's --up.",
                      "axis"});
    parser.addOption({"flat-feet",
                      "With --level: no feet on the ground; the pose as on flat ground, carried at "
                      "the surface's height (for comparison)."});
}

// The scenario, controller, counts and steering choices of the command line into `settings`;
// on a bad value the error line is printed and false returned (exit 2).
bool readSettings(const QCommandLineParser& parser, SimulationSettings& settings) {
    const QString scenario = parser.value("scenario");
    if (scenario == "random")
        settings.scenario = SimulationSettings::Scenario::Random;
    else if (scenario == "circle")
        settings.scenario = SimulationSettings::Scenario::Circle;
    else if (scenario == "zigzag")
        settings.scenario = SimulationSettings::Scenario::Zigzag;
    else if (scenario == "figure8")
        settings.scenario = SimulationSettings::Scenario::Figure8;
    else if (scenario == "arrive")
        settings.scenario = SimulationSettings::Scenario::Arrive;
    else {
        printError({},
                   "unknown scenario '" + scenario + "' (random, circle, zigzag, figure8, arrive)");
        return false;
    }
    const QString controller = parser.value("controller");
    if (controller == "goalspace")
        settings.controller = SimulationSettings::Controller::GoalSpace;
    else if (controller == "naive")
        settings.controller = SimulationSettings::Controller::Naive;
    else {
        printError({}, "unknown controller '" + controller + "' (goalspace, naive)");
        return false;
    }
    bool okGoals = false, okSeed = false, okSeconds = false, okHead = false, okSwitch = false,
         okStand = false;
    settings.goals = parser.value("goals").toInt(&okGoals);
    settings.seed = parser.value("seed").toUInt(&okSeed);
    settings.movingSeconds = parser.value("seconds").toFloat(&okSeconds);
    settings.goalHeadStart = parser.value("goal-head-start").toFloat(&okHead);
    settings.styleSwitchSeconds = parser.value("switch-styles").toFloat(&okSwitch);
    settings.standSeconds = parser.value("stand-seconds").toFloat(&okStand);
    if (!okGoals || !okSeed || !okSeconds || !okHead || !okSwitch || !okStand) {
        printError({},
                   "--goals, --seed, --seconds, --goal-head-start, --switch-styles and "
                   "--stand-seconds take numbers");
        return false;
    }
    if (settings.goals < 1 || settings.goals > limits::kMaxGoals) {
        printError({}, QStringLiteral("--goals must be 1-%1").arg(limits::kMaxGoals));
        return false;
    }
    if (!(settings.movingSeconds > 5.0f && settings.movingSeconds <= limits::kMaxRunSeconds)) {
        printError({},
                   QStringLiteral("--seconds must be in (5, %1] s").arg(limits::kMaxRunSeconds));
        return false;
    }
    if (!(settings.standSeconds >= 0.0f && settings.standSeconds <= 60.0f)) {
        printError({}, "--stand-seconds must be in [0, 60] s");
        return false;
    }
    if (!(settings.styleSwitchSeconds >= 0.0f && settings.styleSwitchSeconds <= 3600.0f)) {
        printError({}, "--switch-styles must be in [0, 3600] s");
        return false;
    }
    if (!(settings.goalHeadStart >= 0.0f && settings.goalHeadStart <= 3600.0f)) {
        printError({}, "--goal-head-start must be in [0, 3600] s");
        return false;
    }
    if (parser.isSet("horizon")) {
        bool ok = false;
        const int f = parser.value("horizon").toInt(&ok);
        if (!ok || f < 1 || f > limits::kMaxGoalHorizon) {
            printError({}, QStringLiteral("--horizon must be a whole number of frames in [1, %1]")
                               .arg(limits::kMaxGoalHorizon));
            return false;
        }
    }
    settings.record = parser.isSet("bvh");
    const QString pick = parser.value("pick");
    if (pick == "predicted")
        settings.steer.pick = SteerSettings::Pick::Predicted;
    else if (pick == "line")
        settings.steer.pick = SteerSettings::Pick::NearestLine;
    else if (pick == "goal")
        settings.steer.pick = SteerSettings::Pick::NearestGoal;
    else {
        printError({}, "unknown pick '" + pick + "' (predicted, line, goal)");
        return false;
    }
    settings.steer.lookAhead = parser.value("look-ahead").toInt();
    settings.steer.intercept = !parser.isSet("no-intercept");
    settings.steer.interpolateFans = !parser.isSet("nearest-fan");
    settings.steer.neighbours = parser.value("neighbours").toInt();
    settings.steer.escapeTurningCircle = !parser.isSet("no-escape");
    settings.steer.preferTighterStyles = !parser.isSet("keep-style");
    settings.steer.escapeExitFactor = parser.value("escape-exit").toFloat();
    settings.steer.turningCircleMargin = parser.value("escape-enter").toFloat();
    return true;
}

// The arrive scenario stops at every goal: each space the run can be in (a positive style weight,
// or one switched to) needs a stop. False, with one line naming those without, when one has none.
bool checkArriveStops(const QString& path, const BakedBehavioralSpace& bs,
                      const SimulationSettings& settings) {
    if (settings.scenario != SimulationSettings::Scenario::Arrive) return true;
    QStringList without;
    for (size_t s = 0; s < bs.spaces.size(); ++s) {
        const bool used =
            settings.styleWeights[s] > 0.0f ||
            std::find(settings.styleSwitchSpaces.begin(), settings.styleSwitchSpaces.end(),
                      static_cast<int>(s)) != settings.styleSwitchSpaces.end();
        if (used && bs.spaces[s].stops.empty())
            without << "'" + QString::fromStdString(bs.spaces[s].name) + "'";
    }
    if (without.isEmpty()) return true;
    printError(path,
               QStringLiteral(
                   "--scenario arrive stops at every goal, but the motion space%1 %2 %3 no stop "
                   "(list stop clips in the space's \"stops\")")
                   .arg(without.size() > 1 ? "s" : "", without.join(", "),
                        without.size() > 1 ? "have" : "has"));
    return false;
}

// The style weights (the first space when none is positive), the spaces styles switch among and
// the locomotion settings of the loaded space into `settings`; false, with the error line
// printed, on a bad --style or --switch-among.
bool readStyle(const QCommandLineParser& parser, const QString& path, const LoadedSpace& loaded,
               SimulationSettings& settings) {
    auto styles = parseSpaceValues(loaded.space, parser.value("style"), 0.0f);
    if (!styles) {
        printError(path, QString::fromStdString(styles.message()));
        return false;
    }
    settings.styleWeights = *styles;
    if (parser.isSet("switch-among")) {
        auto among = spaceIndices(loaded.space, parser.value("switch-among"));
        if (!among || among->size() < 2) {
            printError(path, among
                                 ? QStringLiteral("--switch-among names at least two motion spaces")
                                 : QString::fromStdString(among.message()));
            return false;
        }
        settings.styleSwitchSpaces = *among;
    }
    if (!parser.isSet("style")) settings.styleWeights.front() = 1.0f;  // default: the first space
    if (Status s = checkStyleWeights(settings.styleWeights); !s) {
        printError(path, "--style: " + QString::fromStdString(s.message()));
        return false;
    }
    settings.locomotion = loaded.locomotion;
    settings.locomotion.maxBlendRate = loaded.goalSettings.maxBlendRate;
    settings.locomotion.footLock = loaded.locomotion.footLock && !parser.isSet("no-foot-lock");
    settings.locomotion.footHeights = !parser.isSet("no-foot-heights");
    return true;
}

// The random scenario's figures: reach, time ratios, and the goals given up or reached late
// (after twice the Dubins time + 3 s), where each was in the character's frame when it was set.
void addRandom(QJsonObject& o, const SimulationResult& result) {
    o["reached"] = result.reached;
    o["reached_late"] = result.reachedLate;
    o["reach_rate"] = result.reachRate;
    o["mean_time_ratio"] = result.meanTimeRatio;
    o["mean_steady_ratio"] = result.meanSteadyRatio;
    o["steady_optimum_time_ratio"] = result.steadyOptimumRatio;
    QJsonArray missed, late;
    for (size_t i = 0; i < result.goalRecords.size(); ++i) {
        const GoalRecord& g = result.goalRecords[i];
        QJsonObject record{{"goal", static_cast<int>(i)},
                           {"local", QJsonArray{g.x, g.z}},
                           {"optimal_s", g.optimalSeconds},
                           {"steady_s", g.steadySeconds}};
        if (!g.reached) {
            record["budget_s"] = g.seconds;
            missed.append(record);
        } else if (g.late) {
            record["taken_s"] = g.seconds;
            late.append(record);
        }
    }
    o["missed"] = missed;
    o["late"] = late;
}

// Every figure of the run (the JSON object the command prints with --json), and those of the
// source clips it is compared with.
QJsonObject figures(const QCommandLineParser& parser, const LoadedSpace& loaded,
                    const SteeringSpace& steering, const SimulationSettings& settings,
                    const SimulationResult& result, double goalSpaceSeconds) {
    size_t goalSamples = 0;
    for (const GoalSpace& g : steering.goalSpaces) goalSamples += g.samples.size();
    QJsonObject o{{"scenario", parser.value("scenario")},
                  {"controller", parser.value("controller")},
                  {"goals", result.goals},
                  {"frames", static_cast<double>(result.frames)},
                  {"foot_skate_cm_s", result.footSkate},
                  {"stance_skate_cm_s", result.stanceSkate},
                  {"root_accel_p95_mps2", toJson(result.rootAccel)},
                  {"knee_step_p95_deg", result.kneeStep},
                  {"knee_flexion_mean_deg", result.kneeFlexion},
                  {"foot_lock", settings.locomotion.footLock},
                  {"baked", loaded.baked},
                  {"max_blend_step", result.maxBlendStep},
                  {"phase_error_frames", result.phaseError},
                  {"style_switches", result.styleSwitches},
                  {"blend_rate_limit", settings.locomotion.maxBlendRate},
                  {"mean_heading_error_deg", result.meanHeadingErrorDeg},
                  {"min_turn_radius_m", result.minTurnRadius},
                  {"turn_radius_left_m", result.turnRadiusLeft},
                  {"turn_radius_right_m", result.turnRadiusRight},
                  {"speed_mps", result.speed},
                  {"optimum_radius_left_m", result.optimumRadiusLeft},
                  {"optimum_radius_right_m", result.optimumRadiusRight},
                  {"optimum_speed_mps", result.optimumSpeed},
                  {"ns_per_update", result.nsPerUpdate},
                  {"goal_space_samples", static_cast<double>(goalSamples)},
                  {"goal_space_build_s", goalSpaceSeconds},
                  {"space_build_s", loaded.buildSeconds}};
    if (settings.scenario == SimulationSettings::Scenario::Random) {
        addRandom(o, result);
    } else if (settings.scenario == SimulationSettings::Scenario::Arrive) {
        addArrival(o, loaded, settings.styleWeights, result);
    } else {
        o["mean_distance_m"] = result.meanDistance;
        o["stops"] = result.arrival.stops;
        o["p95_distance_m"] = result.p95Distance;
        o["goal_head_start_s"] = settings.goalHeadStart;
    }
    const PooledFigures source = sourceFigures(loaded, settings.styleWeights);
    o["source_foot_skate_cm_s"] = source.footSkate;
    o["source_stance_skate_cm_s"] = source.stanceSkate;
    o["source_root_accel_p95_mps2"] = toJson(source.rootAccel);
    o["source_knee_step_p95_deg"] = source.kneeStep;
    o["source_knee_flexion_mean_deg"] = source.kneeFlexion;
    return o;
}

// The one line the command prints without --json.
void printSummary(const QJsonObject& o, const SimulationSettings& settings,
                  const SimulationResult& result) {
    const QString scenario = o["scenario"].toString(), controller = o["controller"].toString();
    if (settings.scenario == SimulationSettings::Scenario::Random) {
        std::printf(
            "%s, %s: reached %d of %d goals (%.0f%%), time ratio %.2f (steady turns %.2f), heading "
            "error %.1f deg, foot skate %.2f cm/s (stance %.2f), %.0f ns/update\n",
            qPrintable(scenario), qPrintable(controller), result.reached, result.goals,
            100.0 * result.reachRate, result.meanTimeRatio, result.meanSteadyRatio,
            result.meanHeadingErrorDeg, result.footSkate, result.stanceSkate, result.nsPerUpdate);
    } else if (settings.scenario == SimulationSettings::Scenario::Arrive) {
        const QJsonObject e = o["stop_error_m"].toObject();
        std::printf(
            "arrive, %s: stopped at %d of %d goals, root to goal mean %.3f m, p95 %.3f m, max %.3f "
            "m, "
            "standing drift %.4f m, time %.2fx without stopping\n",
            qPrintable(controller), result.arrival.stops, result.goals, e["mean"].toDouble(),
            e["p95"].toDouble(), e["max"].toDouble(), result.arrival.standingDrift,
            result.arrival.meanTimeRatio);
    } else {
        std::printf(
            "%s, %s: distance to the goal mean %.2f m, p95 %.2f m, heading error %.1f deg\n",
            qPrintable(scenario), qPrintable(controller), result.meanDistance, result.p95Distance,
            result.meanHeadingErrorDeg);
    }
}

}  // namespace

int runSimulate(const QStringList& arguments) {
    QCommandLineParser parser;
    addOptions(parser);
    parser.process(arguments);
    if (parser.positionalArguments().size() != 1) {
        printError({}, "simulate needs exactly one PROJECT");
        return 2;
    }
    if (parser.isSet("level")) return runSimulateLevel(parser);
    const QString path = parser.positionalArguments().first();
    SimulationSettings settings;
    if (!readSettings(parser, settings)) return 2;
    auto loaded = loadBehavioralSpace(path);
    if (!loaded) {
        printError(path, QString::fromStdString(loaded.message()));
        return 1;
    }
    if (!readStyle(parser, path, *loaded, settings)) return 2;
    if (!checkArriveStops(path, loaded->space, settings)) return 2;
    double goalSpaceSeconds = 0.0;
    auto steering = buildSteering(*loaded, &goalSpaceSeconds, parser.value("horizon").toInt());
    if (!steering) {
        printError(path, QString::fromStdString(steering.message()));
        return 1;
    }
    noteUnlockedFeet(path, loaded->space, settings.locomotion.footLock);
    auto result = simulate(*steering, settings);
    if (!result) {
        printError(path, QString::fromStdString(result.message()));
        return 1;
    }
    if (settings.record) {
        if (Status s = writeBvh(result->motion, parser.value("bvh").toStdString()); !s) {
            printError(parser.value("bvh"), QString::fromStdString(s.message()));
            return 1;
        }
    }
    const QJsonObject o = figures(parser, *loaded, *steering, settings, *result, goalSpaceSeconds);
    if (parser.isSet("json"))
        printJson(o);
    else
        printSummary(o, settings, *result);
    return exitForBroken(path, loaded->brokenEntries);
}

}  // namespace gs::cli

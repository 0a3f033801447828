// gaitspace-cli simulate PROJECT.gsproj: one character chases goals with goal-space steering (or
// the naive baseline) and the run is scored.

#include <QCommandLineParser>
#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "cli_common.h"
#include "core/io/bvh_writer.h"
#include "core/limits.h"
#include "core/simulation.h"

namespace gs::cli {

int runSimulate(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription("Steers a character toward goals and scores the run.");
    parser.addHelpOption();
    parser.addPositionalArgument("project", "A Gaitspace project (*.gsproj) or a baked space (*.gspace).", "PROJECT");
    parser.addOption({"scenario", "random, circle, zigzag or figure8 (default random).", "name", "random"});
    parser.addOption({"goals", "Random goals to chase (default 200).", "N", "200"});
    parser.addOption({"seconds", "Length of a moving-goal run (default 60).", "S", "60"});
    parser.addOption({"goal-head-start", "Start a moving goal as if it had already gone S seconds along its "
                                         "path (default 0; another start gives another run to average).",
                      "S", "0"});
    parser.addOption({"seed", "Random seed (default 7).", "S", "7"});
    parser.addOption({"switch-styles", "Random goals: every S seconds move the style wholly to another space "
                                       "chosen at random (default 0: never).",
                      "S", "0"});
    parser.addOption({"style", "Style weights per space (default: the first space).", "walk=1"});
    parser.addOption({"controller", "goalspace or naive (default goalspace).", "name", "goalspace"});
    parser.addOption({"pick", "The steer-space sample whose predicted future reaches the goal soonest "
                              "('predicted', default), or the seed's samples nearest the 'line' to the "
                              "goal or nearest the 'goal'.", "predicted|line|goal", "predicted"});
    parser.addOption({"look-ahead", "Goal-space steps looked ahead by the predicted pick (1 or 2, default 2).",
                      "steps", "2"});
    parser.addOption({"no-intercept", "Aim at where a moving goal is, not where it will be."});
    parser.addOption({"nearest-fan", "Use the single goal-space fan nearest the current blend."});
    parser.addOption({"neighbours", "Samples blended for the target (1 or 2, default 2).", "k", "2"});
    parser.addOption({"no-escape", "Do not walk out of a goal inside the turning circle."});
    parser.addOption({"keep-style", "Never borrow a slower style's tighter turn."});
    parser.addOption({"escape-enter", "Walk straight out when the goal is nearer the turning circle's "
                                      "centre than this many radii (default 1.0).", "factor", "1.0"});
    parser.addOption({"escape-exit", "Leave the turning-circle escape when the goal is this many radii "
                                     "from the circle's centre (default 1.3).", "factor", "1.3"});
    parser.addOption({"horizon", "Goal-space horizon F in frames (default: the project's, else 40).", "F"});
    parser.addOption({"no-foot-lock", "Let planted feet slide (the raw blend of the clips)."});
    parser.addOption({"no-foot-heights", "Do not hold a blend's feet at the heights its clips give them (blends of "
                                         "differently leaning poses then sink their feet)."});
    parser.addOption({"bvh", "Write the run as BVH.", "run.bvh"});
    parser.addOption({"json", "Print one JSON object on stdout."});
    parser.process(arguments);
    if (parser.positionalArguments().size() != 1) {
        printError({}, "simulate needs exactly one PROJECT");
        return 2;
    }
    const QString path = parser.positionalArguments().first();
    SimulationSettings settings;
    const QString scenario = parser.value("scenario");
    if (scenario == "random") settings.scenario = SimulationSettings::Scenario::Random;
    else if (scenario == "circle") settings.scenario = SimulationSettings::Scenario::Circle;
    else if (scenario == "zigzag") settings.scenario = SimulationSettings::Scenario::Zigzag;
    else if (scenario == "figure8") settings.scenario = SimulationSettings::Scenario::Figure8;
    else {
        printError({}, "unknown scenario '" + scenario + "' (random, circle, zigzag, figure8)");
        return 2;
    }
    const QString controller = parser.value("controller");
    if (controller == "goalspace") settings.controller = SimulationSettings::Controller::GoalSpace;
    else if (controller == "naive") settings.controller = SimulationSettings::Controller::Naive;
    else {
        printError({}, "unknown controller '" + controller + "' (goalspace, naive)");
        return 2;
    }
    bool okGoals = false, okSeed = false, okSeconds = false, okHead = false, okSwitch = false;
    settings.goals = parser.value("goals").toInt(&okGoals);
    settings.seed = parser.value("seed").toUInt(&okSeed);
    settings.movingSeconds = parser.value("seconds").toFloat(&okSeconds);
    settings.goalHeadStart = parser.value("goal-head-start").toFloat(&okHead);
    settings.styleSwitchSeconds = parser.value("switch-styles").toFloat(&okSwitch);
    if (!okGoals || !okSeed || !okSeconds || !okHead || !okSwitch) {
        printError({}, "--goals, --seed, --seconds, --goal-head-start and --switch-styles take numbers");
        return 2;
    }
    if (!(settings.styleSwitchSeconds >= 0.0f && settings.styleSwitchSeconds <= 3600.0f)) {
        printError({}, "--switch-styles must be in [0, 3600] s");
        return 2;
    }
    if (!(settings.goalHeadStart >= 0.0f && settings.goalHeadStart <= 3600.0f)) {
        printError({}, "--goal-head-start must be in [0, 3600] s");
        return 2;
    }
    if (parser.isSet("horizon")) {
        bool ok = false;
        const int f = parser.value("horizon").toInt(&ok);
        if (!ok || f < 1 || f > limits::kMaxGoalHorizon) {
            printError({}, QStringLiteral("--horizon must be a whole number of frames in [1, %1]")
                               .arg(limits::kMaxGoalHorizon));
            return 2;
        }
    }
    settings.record = parser.isSet("bvh");
    const QString pick = parser.value("pick");
    if (pick == "predicted") settings.steer.pick = SteerSettings::Pick::Predicted;
    else if (pick == "line") settings.steer.pick = SteerSettings::Pick::NearestLine;
    else if (pick == "goal") settings.steer.pick = SteerSettings::Pick::NearestGoal;
    else {
        printError({}, "unknown pick '" + pick + "' (predicted, line, goal)");
        return 2;
    }
    settings.steer.lookAhead = parser.value("look-ahead").toInt();
    settings.steer.intercept = !parser.isSet("no-intercept");
    settings.steer.interpolateFans = !parser.isSet("nearest-fan");
    settings.steer.neighbours = parser.value("neighbours").toInt();
    settings.steer.escapeTurningCircle = !parser.isSet("no-escape");
    settings.steer.preferTighterStyles = !parser.isSet("keep-style");
    settings.steer.escapeExitFactor = parser.value("escape-exit").toFloat();
    settings.steer.turningCircleMargin = parser.value("escape-enter").toFloat();

    auto loaded = loadBehavioralSpace(path);
    if (!loaded) {
        printError(path, QString::fromStdString(loaded.message()));
        return 1;
    }
    auto styles = parseSpaceValues(loaded->space, parser.value("style"), 0.0f);
    if (!styles) {
        printError(path, QString::fromStdString(styles.message()));
        return 2;
    }
    settings.styleWeights = *styles;
    float styleSum = 0.0f;
    for (float w : settings.styleWeights) styleSum += std::max(w, 0.0f);
    if (styleSum <= 0.0f) settings.styleWeights.front() = 1.0f;  // default: the first space
    settings.locomotion = loaded->locomotion;
    settings.locomotion.maxBlendRate = loaded->goalSettings.maxBlendRate;
    settings.locomotion.footLock = loaded->locomotion.footLock && !parser.isSet("no-foot-lock");
    settings.locomotion.footHeights = !parser.isSet("no-foot-heights");
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
    size_t goalSamples = 0;
    for (const GoalSpace& g : steering->goalSpaces) goalSamples += g.samples.size();
    QJsonObject o{{"scenario", scenario},
                  {"controller", controller},
                  {"goals", result->goals},
                  {"frames", static_cast<double>(result->frames)},
                  {"foot_skate_cm_s", result->footSkate},
                  {"root_accel_p95_mps2", toJson(result->rootAccel)},
                  {"knee_step_p95_deg", result->kneeStep},
                  {"knee_flexion_mean_deg", result->kneeFlexion},
                  {"foot_lock", settings.locomotion.footLock},
                  {"baked", loaded->baked},
                  {"max_blend_step", result->maxBlendStep},
                  {"phase_error_frames", result->phaseError},
                  {"style_switches", result->styleSwitches},
                  {"blend_rate_limit", settings.locomotion.maxBlendRate},
                  {"mean_heading_error_deg", result->meanHeadingErrorDeg},
                  {"min_turn_radius_m", result->minTurnRadius},
                  {"turn_radius_left_m", result->turnRadiusLeft},
                  {"turn_radius_right_m", result->turnRadiusRight},
                  {"speed_mps", result->speed},
                  {"optimum_radius_left_m", result->optimumRadiusLeft},
                  {"optimum_radius_right_m", result->optimumRadiusRight},
                  {"optimum_speed_mps", result->optimumSpeed},
                  {"ns_per_update", result->nsPerUpdate},
                  {"goal_space_samples", static_cast<double>(goalSamples)},
                  {"goal_space_build_s", goalSpaceSeconds},
                  {"space_build_s", loaded->buildSeconds}};
    if (settings.scenario == SimulationSettings::Scenario::Random) {
        o["reached"] = result->reached;
        o["reached_late"] = result->reachedLate;
        o["reach_rate"] = result->reachRate;
        o["mean_time_ratio"] = result->meanTimeRatio;
        o["mean_steady_ratio"] = result->meanSteadyRatio;
        o["steady_optimum_time_ratio"] = result->steadyOptimumRatio;
        // The goals given up, and those reached late (after twice the Dubins time + 3 s): where
        // each was in the character's frame when it was set, and the times.
        QJsonArray missed, late;
        for (size_t i = 0; i < result->goalRecords.size(); ++i) {
            const GoalRecord& g = result->goalRecords[i];
            QJsonObject record{{"goal", static_cast<int>(i)}, {"local", QJsonArray{g.x, g.z}},
                               {"optimal_s", g.optimalSeconds}, {"steady_s", g.steadySeconds}};
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
    } else {
        o["mean_distance_m"] = result->meanDistance;
        o["p95_distance_m"] = result->p95Distance;
        o["goal_head_start_s"] = settings.goalHeadStart;
    }
    const PooledFigures source = sourceFigures(*loaded, settings.styleWeights);
    o["source_foot_skate_cm_s"] = source.footSkate;
    o["source_root_accel_p95_mps2"] = toJson(source.rootAccel);
    o["source_knee_step_p95_deg"] = source.kneeStep;
    o["source_knee_flexion_mean_deg"] = source.kneeFlexion;
    if (parser.isSet("json")) {
        printJson(o);
    } else if (settings.scenario == SimulationSettings::Scenario::Random) {
        std::printf("%s, %s: reached %d of %d goals (%.0f%%), time ratio %.2f (steady turns %.2f), heading "
                    "error %.1f deg, foot skate %.2f cm/s, %.0f ns/update\n",
                    qPrintable(scenario), qPrintable(controller), result->reached, result->goals,
                    100.0 * result->reachRate, result->meanTimeRatio, result->meanSteadyRatio, result->meanHeadingErrorDeg,
                    result->footSkate, result->nsPerUpdate);
    } else {
        std::printf("%s, %s: distance to the goal mean %.2f m, p95 %.2f m, heading error %.1f deg\n",
                    qPrintable(scenario), qPrintable(controller), result->meanDistance,
                    result->p95Distance, result->meanHeadingErrorDeg);
    }
    return exitForBroken(path, loaded->brokenEntries);
}

}  // namespace gs::cli

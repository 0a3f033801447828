// gaitspace-cli simulate PROJECT --level FILE.gslevel: characters follow the shortest paths of a
// level's navigation mesh to goals on it, steered by the goal-space steering, and the run is
// scored (core/level/level_simulation.h).

#include <QCommandLineParser>
#include <QtMath>

#include <cstdio>
#include <memory>

#include "cli_common.h"
#include "core/authoring_limits.h"
#include "core/io/bvh_writer.h"
#include "core/level/level_ground.h"
#include "core/level/level_simulation.h"

namespace gs::cli {

namespace {

// The run's options from the command line into `s`; 0, or the exit code after the error line.
int readRunOptions(const QCommandLineParser& parser, LevelSimulationSettings& s) {
    const QString scenario = parser.value("scenario");
    if (scenario == "random")
        s.scenario = LevelSimulationSettings::Scenario::Random;
    else if (scenario == "crossing")
        s.scenario = LevelSimulationSettings::Scenario::Crossing;
    else {
        printError({}, "with --level the scenario is random or crossing, not '" + scenario + "'");
        return 2;
    }
    bool okCharacters = false, okSeed = false, okGoals = true;
    s.characters = parser.value("characters").toInt(&okCharacters);
    s.seed = parser.value("seed").toUInt(&okSeed);
    if (parser.isSet("goals")) s.goals = parser.value("goals").toInt(&okGoals);
    if (!okCharacters || !okSeed || !okGoals) {
        printError({}, "--characters, --goals and --seed take whole numbers");
        return 2;
    }
    if (parser.isSet("look-ahead-m")) {
        bool ok = false;
        s.lookAheadM = parser.value("look-ahead-m").toFloat(&ok);
        if (!ok) {
            printError({}, "--look-ahead-m takes a number");
            return 2;
        }
    }
    s.avoid = !parser.isSet("no-avoidance");
    s.collide = !parser.isSet("no-collision");
    s.wait = !parser.isSet("no-waiting");
    s.turnEarly = !parser.isSet("no-early-turn");
    s.record = parser.isSet("bvh");
    return 0;
}

// The run's figures as simulate --level --json prints them.
QJsonObject resultJson(const QString& scenario, const Navigation& navigation,
                       const LevelSimulationSettings& settings, bool levelMesh,
                       const LevelSimulationResult& r) {
    QJsonArray ratios;
    for (float ratio : r.pathRatios) ratios.append(ratio);
    QJsonArray turns;
    for (float turn : r.startTurns) turns.append(qRadiansToDegrees(turn));
    return QJsonObject{
        {"scenario", scenario},
        {"level", QString::fromStdString(navigation.info().name)},
        {"characters", settings.characters},
        {"goals", r.goals},
        {"reached", r.reached},
        {"reach_rate", r.reachRate},
        {"goals_moved_onto_mesh", r.goalsMoved},
        {"wall_contacts", static_cast<double>(r.wallContacts)},
        {"overlaps", static_cast<double>(r.overlaps)},
        {"overlap_fraction", r.overlapFraction},
        {"avoidance", settings.avoid},
        {"collision", settings.collide},
        {"waiting", settings.wait},
        {"early_turn", settings.turnEarly},
        {"waits", static_cast<double>(r.waits)},
        {"hold_sent_back", r.holdSentBack},
        {"last_arrival_s", r.lastArrivalS},
        {"character_frames", static_cast<double>(r.characterFrames)},
        {"min_edge_distance_m", r.minEdgeDistance},
        {"path_ratio", r.pathRatio},
        {"path_ratio_max", r.pathRatioMax},
        {"path_ratios", ratios},
        {"path_ratio_ahead", r.pathRatioAhead},
        {"path_start_turns_deg", turns},
        {"look_ahead_m", settings.lookAheadM},
        {"feet_on_ground", settings.feetOnGround},
        {"ground", levelMesh ? "level mesh" : "navigation detail mesh"},
        {"foot_ground_error_cm",
         QJsonObject{{"p50", r.footGroundP50}, {"p95", r.footGroundP95}, {"max", r.footGroundMax}}},
        {"planted_foot_frames", static_cast<double>(r.plantedFootFrames)},
        {"foot_ground_error_uneven_cm",
         QJsonObject{{"p50", r.unevenP50},
                     {"p95", r.unevenP95},
                     {"max", r.unevenMax},
                     {"foot_frames", static_cast<double>(r.unevenFootFrames)}}},
        {"stance_skate_cm_s", r.stanceSkate},
        {"frames", static_cast<double>(r.frames)},
        {"simulated_s", r.seconds}};
}

// The run's figures in two lines.
void printSummary(const QString& scenario, const LevelSimulationSettings& settings,
                  const LevelSimulationResult& r) {
    std::printf(
        "%s, %d characters: reached %d of %d goals (%.0f%%), the last done at %.1f s, wall "
        "contacts %ld of %ld character-frames, overlaps %.2f%%, path ratio %.3f (max %.3f), "
        "%.1f s simulated\n"
        "planted feet against the surface: p50 %.2f cm, p95 %.2f cm, max %.2f cm; stance "
        "skate %.2f cm/s\n",
        qPrintable(scenario), settings.characters, r.reached, r.goals, 100.0 * r.reachRate,
        r.lastArrivalS, r.wallContacts, r.characterFrames, 100.0 * r.overlapFraction, r.pathRatio,
        r.pathRatioMax, r.seconds, r.footGroundP50, r.footGroundP95, r.footGroundMax,
        r.stanceSkate);
}

}  // namespace

int runSimulateLevel(const QCommandLineParser& parser) {
    const QString path = parser.positionalArguments().first();
    const QString levelPath = parser.value("level");
    LevelSimulationSettings settings;
    if (int code = readRunOptions(parser, settings); code != 0) return code;
    const QString scenario = parser.value("scenario");
    auto navigation = Navigation::load(levelPath.toStdString());
    if (!navigation) {
        printError({}, QString::fromStdString(navigation.message()));
        return 1;
    }
    // The level's own surface for the feet, when its mesh is named.
    std::unique_ptr<LevelGround> ground;
    if (parser.isSet("level-mesh")) {
        const QString meshPath = parser.value("level-mesh");
        LevelUnits units;
        if (!readLevelUnits(parser, "level-mesh-scale", "level-mesh-up", units)) return 2;
        auto mesh = readLevelMesh(meshPath.toStdString(), units);
        if (!mesh) {
            printError(meshPath, QString::fromStdString(mesh.message()));
            return 1;
        }
        ground = std::make_unique<LevelGround>(*mesh);
        settings.ground = ground->query();
    }
    settings.feetOnGround = !parser.isSet("flat-feet");
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
    if (!parser.isSet("style")) settings.styleWeights.front() = 1.0f;
    settings.steer = loaded->steer;
    settings.locomotion = loaded->locomotion;
    settings.locomotion.maxBlendRate = loaded->goalSettings.maxBlendRate;
    if (Status s = settings.validate(); !s) {
        printError({}, QString::fromStdString(s.message()));
        return 2;
    }
    double goalSpaceSeconds = 0.0;
    auto steering = buildSteering(*loaded, &goalSpaceSeconds, parser.value("horizon").toInt());
    if (!steering) {
        printError(path, QString::fromStdString(steering.message()));
        return 1;
    }
    auto baked = std::make_shared<BakedSpaceFile>();
    baked->space = *steering->space;
    baked->goalSpaces = steering->goalSpaces;
    baked->locomotion = settings.locomotion;
    baked->steer = settings.steer;
    auto result = simulateLevel(std::move(baked), *navigation, settings);
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
    const QJsonObject o = resultJson(scenario, *navigation, settings, ground != nullptr, *result);
    if (parser.isSet("json")) {
        printJson(o);
    } else {
        printSummary(scenario, settings, *result);
    }
    return exitForBroken(path, loaded->brokenEntries);
}

}  // namespace gs::cli

// gaitspace-cli simulate PROJECT --level FILE.gslevel: characters follow the shortest paths of a
// level's navigation mesh to goals on it, steered by the goal-space steering, and the run is
// scored (core/level/level_simulation.h).

#include <QCommandLineParser>

#include <cstdio>
#include <memory>

#include "cli_common.h"
#include "core/authoring_limits.h"
#include "core/io/bvh_writer.h"
#include "core/level/level_ground.h"
#include "core/level/level_simulation.h"

namespace gs::cli {

int runSimulateLevel(const QCommandLineParser& parser) {
    const QString path = parser.positionalArguments().first();
    const QString levelPath = parser.value("level");
    LevelSimulationSettings settings;
    const QString scenario = parser.value("scenario");
    if (scenario == "random")
        settings.scenario = LevelSimulationSettings::Scenario::Random;
    else if (scenario == "crossing")
        settings.scenario = LevelSimulationSettings::Scenario::Crossing;
    else {
        printError({}, "with --level the scenario is random or crossing, not '" + scenario + "'");
        return 2;
    }
    bool okCharacters = false, okSeed = false, okGoals = true;
    settings.characters = parser.value("characters").toInt(&okCharacters);
    settings.seed = parser.value("seed").toUInt(&okSeed);
    if (parser.isSet("goals")) settings.goals = parser.value("goals").toInt(&okGoals);
    if (!okCharacters || !okSeed || !okGoals) {
        printError({}, "--characters, --goals and --seed take whole numbers");
        return 2;
    }
    if (parser.isSet("look-ahead-m")) {
        bool ok = false;
        settings.lookAheadM = parser.value("look-ahead-m").toFloat(&ok);
        if (!ok) {
            printError({}, "--look-ahead-m takes a number");
            return 2;
        }
    }
    settings.avoid = !parser.isSet("no-avoidance");
    settings.record = parser.isSet("bvh");
    auto navigation = Navigation::load(levelPath.toStdString());
    if (!navigation) {
        printError({}, QString::fromStdString(navigation.message()));
        return 1;
    }
    // The level's own surface for the feet, when its mesh is named.
    std::unique_ptr<LevelGround> ground;
    if (parser.isSet("level-mesh")) {
        const QString meshPath = parser.value("level-mesh");
        auto mesh = readLevelMesh(meshPath.toStdString());
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
    QJsonArray ratios;
    for (float r : result->pathRatios) ratios.append(r);
    const QJsonObject o{
        {"scenario", scenario},
        {"level", QString::fromStdString(navigation->info().name)},
        {"characters", settings.characters},
        {"goals", result->goals},
        {"reached", result->reached},
        {"reach_rate", result->reachRate},
        {"goals_moved_onto_mesh", result->goalsMoved},
        {"wall_contacts", static_cast<double>(result->wallContacts)},
        {"overlaps", static_cast<double>(result->overlaps)},
        {"overlap_fraction", result->overlapFraction},
        {"avoidance", settings.avoid},
        {"last_arrival_s", result->lastArrivalS},
        {"character_frames", static_cast<double>(result->characterFrames)},
        {"min_edge_distance_m", result->minEdgeDistance},
        {"path_ratio", result->pathRatio},
        {"path_ratio_max", result->pathRatioMax},
        {"path_ratios", ratios},
        {"look_ahead_m", settings.lookAheadM},
        {"feet_on_ground", settings.feetOnGround},
        {"ground", ground ? "level mesh" : "navigation detail mesh"},
        {"foot_ground_error_cm", QJsonObject{{"p50", result->footGroundP50},
                                             {"p95", result->footGroundP95},
                                             {"max", result->footGroundMax}}},
        {"planted_foot_frames", static_cast<double>(result->plantedFootFrames)},
        {"foot_ground_error_uneven_cm",
         QJsonObject{{"p50", result->unevenP50},
                     {"p95", result->unevenP95},
                     {"max", result->unevenMax},
                     {"foot_frames", static_cast<double>(result->unevenFootFrames)}}},
        {"stance_skate_cm_s", result->stanceSkate},
        {"frames", static_cast<double>(result->frames)},
        {"simulated_s", result->seconds}};
    if (parser.isSet("json")) {
        printJson(o);
    } else {
        std::printf(
            "%s, %d characters: reached %d of %d goals (%.0f%%), the last done at %.1f s, wall "
            "contacts %ld of %ld character-frames, overlaps %.2f%%, path ratio %.3f (max %.3f), "
            "%.1f s simulated\n"
            "planted feet against the surface: p50 %.2f cm, p95 %.2f cm, max %.2f cm; stance "
            "skate %.2f cm/s\n",
            qPrintable(scenario), settings.characters, result->reached, result->goals,
            100.0 * result->reachRate, result->lastArrivalS, result->wallContacts,
            result->characterFrames, 100.0 * result->overlapFraction, result->pathRatio,
            result->pathRatioMax, result->seconds, result->footGroundP50, result->footGroundP95,
            result->footGroundMax, result->stanceSkate);
    }
    return exitForBroken(path, loaded->brokenEntries);
}

}  // namespace gs::cli

// gaitspace-cli coverage PROJECT [--json]: per motion space, the tightest turn to each side, the
// speed range, whether it can stop and start, and what is missing in words that say what to add.

#include <QCommandLineParser>

#include <cmath>
#include <cstdio>

#include "cli_common.h"
#include "core/spaces/coverage.h"

namespace gs::cli {
namespace {

// A radius in JSON: null when the space cannot turn that way.
QJsonValue radiusJson(float r) { return std::isfinite(r) ? QJsonValue(r) : QJsonValue(); }

QString radiusText(float r) {
    return std::isfinite(r) ? QString::asprintf("%.1f m", r) : QStringLiteral("cannot");
}

QJsonObject toJson(const SpaceCoverage& c) {
    QJsonArray missing;
    for (const std::string& m : c.missing) missing.append(QString::fromStdString(m));
    return {
        {"space", QString::fromStdString(c.space)},
        {"tightest_radius_left_m", radiusJson(c.tightestRadiusLeft)},
        {"tightest_radius_right_m", radiusJson(c.tightestRadiusRight)},
        {"speed_mps", QJsonArray{c.minSpeed, c.maxSpeed}},
        {"stops", c.stops},
        {"starts", c.starts},
        {"starts_from", c.startsFrom.empty() ? QJsonValue() : QString::fromStdString(c.startsFrom)},
        {"sharpest_left", QString::fromStdString(c.sharpestLeft)},
        {"sharpest_right", QString::fromStdString(c.sharpestRight)},
        {"missing", missing}};
}

void printText(const SpaceCoverage& c) {
    std::printf("%s\n", c.space.c_str());
    std::printf("  tightest turn: left %s, right %s\n",
                qPrintable(radiusText(c.tightestRadiusLeft)),
                qPrintable(radiusText(c.tightestRadiusRight)));
    std::printf("  speed: %.2f-%.2f m/s\n", c.minSpeed, c.maxSpeed);
    std::printf("  stops: %s\n", c.stops ? "yes" : "no");
    if (c.starts && c.startsFrom != c.space)
        std::printf("  starts: yes, with %s's starts\n", c.startsFrom.c_str());
    else
        std::printf("  starts: %s\n", c.starts ? "yes" : "no");
    if (c.missing.empty()) std::printf("  missing: nothing\n");
    for (const std::string& m : c.missing) std::printf("  missing: %s\n", m.c_str());
}

}  // namespace

int runCoverage(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Says what each motion space of a project can do: its tightest turn to each side, its "
        "speeds, whether it can stop and start, and what is missing, with what to add.");
    parser.addHelpOption();
    parser.addPositionalArgument(
        "project", "A Gaitspace project (*.gsproj) or a baked space (*.gspace).", "PROJECT");
    parser.addOption({"json", "Print one JSON object on stdout."});
    parser.process(arguments);
    if (parser.positionalArguments().size() != 1) {
        printError({}, "coverage needs exactly one PROJECT");
        return 2;
    }
    const QString path = parser.positionalArguments().first();
    auto loaded = loadBehavioralSpace(path);
    if (!loaded) {
        printError(path, QString::fromStdString(loaded.message()));
        return 1;
    }
    auto steering = buildSteering(*loaded, nullptr, 0);
    if (!steering) {
        printError(path, QString::fromStdString(steering.message()));
        return 1;
    }
    CoverageJob job;
    job.space = &loaded->space;
    job.goalSpaces = steering->goalSpaces;
    // Only a clip of the project may be named to mirror (not a turn the build bent).
    if (!loaded->baked) {
        const Project& project = loaded->project;
        job.canMirror = [&project](const std::string& clip) {
            return project.clip(QString::fromStdString(clip)) != nullptr;
        };
    }
    if (Status s = job.run(); !s) {
        printError(path, QString::fromStdString(s.message()));
        return 1;
    }
    if (parser.isSet("json")) {
        QJsonArray spaces;
        for (const SpaceCoverage& c : job.output) spaces.append(toJson(c));
        printJson({{"project", path}, {"spaces", spaces}});
    } else {
        for (const SpaceCoverage& c : job.output) printText(c);
    }
    return exitForBroken(path, loaded->brokenEntries);
}

}  // namespace gs::cli

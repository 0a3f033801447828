// gaitspace-cli soak: many characters of a crowd for a long simulated time, random goals and
// random style changes, checked for what goes wrong only after a while: a NaN, a character stuck
// short of its goal, phases of the spaces drifting apart, memory that grows.

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <random>

#include "cli_common.h"
#include <gaitspace/runtime/crowd.h>
#include "core/limits.h"
#include "core/simulation.h"

namespace gs::cli {
namespace {

// Resident memory of this process (kB), from /proc; 0 where there is none.
long residentKb() {
    QFile status("/proc/self/status");
    if (!status.open(QIODevice::ReadOnly)) return 0;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:")) return line.mid(6).trimmed().split(' ').front().toLong();
    return 0;
}

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

int fail(const QString& path, const QString& message, int code) {
    printError(path, message);
    return code;
}

// The command's options.
void addOptions(QCommandLineParser& parser) {
    parser.setApplicationDescription(
        "Runs many characters for a long simulated time with random goals and style changes, and "
        "checks for NaNs, stuck characters, phase drift between spaces and growing memory.");
    parser.addHelpOption();
    parser.addPositionalArgument("project", "A Gaitspace project (*.gsproj) or a baked space (*.gspace).", "PROJECT");
    parser.addOption({"characters", "Characters (default 1000).", "N", "1000"});
    parser.addOption({"minutes", "Simulated minutes (default 60).", "M", "60"});
    parser.addOption({"rate", "Updates per simulated second (default 60).", "HZ", "60"});
    parser.addOption({"threads", "Threads (default 2).", "T", "2"});
    parser.addOption({"seed", "Random seed (default 7).", "N", "7"});
    parser.addOption({"json", "Print one JSON object on stdout."});
}

// What the command line asks for, range-checked.
struct SoakOptions {
    int characters = 1000;
    double minutes = 60.0;
    int rate = 60;
    int threads = 2;
    unsigned seed = 7;
};

// The options into `o`; empty, or the one-line error of the first bad value (exit 2).
QString readOptions(const QCommandLineParser& parser, SoakOptions& o) {
    bool ok[5] = {};
    o.characters = parser.value("characters").toInt(&ok[0]);
    o.minutes = parser.value("minutes").toDouble(&ok[1]);
    o.rate = parser.value("rate").toInt(&ok[2]);
    o.threads = parser.value("threads").toInt(&ok[3]);
    o.seed = parser.value("seed").toUInt(&ok[4]);
    if (!ok[0] || o.characters < 1 || o.characters > 100000) return "--characters must be 1-100000";
    if (!ok[1] || !(o.minutes > 1.0) || o.minutes > 24 * 60) return "--minutes must be in (1, 1440]";
    if (!ok[2] || o.rate < 1 || o.rate > 1000) return "--rate must be 1-1000";
    if (!ok[3] || o.threads < 1 || o.threads > 64) return "--threads must be 1-64";
    if (!ok[4]) return "--seed must be a whole number >= 0";
    return {};
}

// The project built (or the baked file read) with its goal spaces, as a crowd takes it.
Expected<std::shared_ptr<const BakedSpaceFile>> soakSpace(const QString& path) {
    auto loaded = loadBehavioralSpace(path);
    if (!loaded) return loaded.status();
    auto steering = buildSteering(*loaded, nullptr, 0);
    if (!steering) return steering.status();
    auto baked = std::make_shared<BakedSpaceFile>();
    baked->space = std::move(loaded->space);
    baked->goalSpaces = std::move(steering->goalSpaces);
    baked->locomotion = loaded->locomotion;
    baked->steer = loaded->steer;
    return std::shared_ptr<const BakedSpaceFile>(std::move(baked));
}

}  // namespace

int runSoak(const QStringList& arguments) {
    QCommandLineParser parser;
    addOptions(parser);
    parser.process(arguments);
    if (parser.positionalArguments().size() != 1) return fail({}, "soak needs exactly one PROJECT", 2);
    const QString path = parser.positionalArguments().first();
    SoakOptions o;
    if (QString why = readOptions(parser, o); !why.isEmpty()) return fail(path, why, 2);
    const int characters = o.characters, rate = o.rate, threads = o.threads;
    const double minutes = o.minutes;

    auto baked = soakSpace(path);
    if (!baked) return fail(path, QString::fromStdString(baked.message()), 1);
    Crowd crowd(*baked);
    if (!crowd.status()) return fail(path, QString::fromStdString(crowd.status().message()), 1);
    crowd.reserve(characters);
    crowd.setThreads(threads);
    const BakedBehavioralSpace& bs = crowd.space();
    const int spaces = static_cast<int>(bs.spaces.size());

    std::mt19937 rng(o.seed);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::vector<double> goalSetAt(characters, 0.0);
    // Characters are never removed here, so their slots are 0 ... characters - 1.
    auto newGoal = [&](CharacterId id, double now) {
        const GroundFrame g = *crowd.ground(id);
        const float d = 2.0f + 13.0f * unit(rng), a = 6.2831853f * unit(rng);
        const Status s = crowd.setGoal(id, {g.x + d * std::sin(a), g.z + d * std::cos(a)});
        goalSetAt[id.slot()] = now;
        return s;
    };
    std::array<float, limits::kMaxSpaces> style{};
    auto randomStyle = [&] {
        style.fill(0.0f);
        style[static_cast<size_t>(unit(rng) * spaces) % spaces] = 1.0f;
        if (spaces > 1 && unit(rng) < 0.5f) style[static_cast<size_t>(unit(rng) * spaces) % spaces] += unit(rng);
        return std::span<const float>(style.data(), spaces);
    };
    for (int c = 0; c < characters; ++c) {
        const GroundFrame at{4.0f * (c % 100), 4.0f * (c / 100), 6.2831853f * unit(rng)};
        const Expected<CharacterId> id = crowd.add(at, randomStyle());
        if (!id) return fail(path, QString::fromStdString(id.message()), 1);
        if (Status s = newGoal(*id, 0.0); !s) return fail(path, QString::fromStdString(s.message()), 1);
    }

    const double dt = 1.0 / rate;
    const long updates = std::lround(minutes * 60.0 * rate);
    const long minute1 = std::lround(60.0 * rate);
    // About one style change per character every 20 s.
    const double changesPerUpdate = characters * dt / 20.0;
    double changeBudget = 0.0;
    long reached = 0, styleChanges = 0, nanFrames = 0;
    double longestGoal = 0.0, updateSeconds = 0.0;
    long memoryMinute1 = 0, memoryPeak = 0;
    QElapsedTimer wall;
    wall.start();
    int lastReport = 0;
    for (long u = 1; u <= updates; ++u) {
        const double now = u * dt;
        QElapsedTimer t;
        t.start();
        if (Status s = crowd.update(static_cast<float>(dt)); !s) return fail(path, QString::fromStdString(s.message()), 1);
        updateSeconds += t.nsecsElapsed() * 1e-9;
        for (CharacterId id : crowd.ids()) {
            const GroundFrame g = *crowd.ground(id);
            if (!std::isfinite(g.x) || !std::isfinite(g.z) || !std::isfinite(g.heading) || !finite(*crowd.rootPosition(id))) {
                ++nanFrames;
                continue;
            }
            longestGoal = std::max(longestGoal, now - goalSetAt[id.slot()]);
            const glm::vec2 goal = *crowd.goal(id);
            if (std::hypot(g.x - goal.x, g.z - goal.y) < 0.5f) {
                ++reached;
                (void)newGoal(id, now);  // finite: the character's ground frame is (checked above)
            }
        }
        for (changeBudget += changesPerUpdate; changeBudget >= 1.0; changeBudget -= 1.0) {
            (void)crowd.setStyleTargets(crowd.ids()[static_cast<size_t>(unit(rng) * characters) % characters],
                                        randomStyle());  // the crowd's own id; weights > 0
            ++styleChanges;
        }
        if (u % rate == 0) {  // memory once a simulated second
            const long kb = residentKb();
            memoryPeak = std::max(memoryPeak, kb);
            if (u == minute1) memoryMinute1 = kb;
        }
        if (const int minute = static_cast<int>(now / 60.0); minute != lastReport) {
            lastReport = minute;
            std::fprintf(stderr, "gaitspace-cli: soak: minute %d of %.0f, %ld goals reached, %.0f s\n", minute,
                         minutes, reached, wall.nsecsElapsed() * 1e-9);
        }
    }
    const long memoryEnd = residentKb();

    // Stuck: a character whose goal was set more than 60 s ago (goals are 2-15 m away).
    int stuck = 0;
    for (CharacterId id : crowd.ids()) stuck += (updates * dt - goalSetAt[id.slot()]) > 60.0;
    // Phase lock (phaseLockError): the spaces' strikes stay together.
    float phaseError = 0.0f;
    for (CharacterId id : crowd.ids()) phaseError = std::max(phaseError, phaseLockError(bs, *crowd.state(id)));
    const double growth = memoryMinute1 > 0 ? static_cast<double>(memoryEnd - memoryMinute1) / memoryMinute1 : 0.0;
    const bool pass = nanFrames == 0 && stuck == 0 && phaseError <= 2.0f && growth < 0.01;
    const QJsonObject result{{"characters", characters},
                             {"minutes", minutes},
                             {"rate_hz", rate},
                             {"threads", threads},
                             {"updates", static_cast<double>(updates)},
                             {"goals_reached", static_cast<double>(reached)},
                             {"style_changes", static_cast<double>(styleChanges)},
                             {"nan_frames", static_cast<double>(nanFrames)},
                             {"stuck_characters", stuck},
                             {"longest_goal_s", longestGoal},
                             {"phase_error_frames", phaseError},
                             {"memory_minute1_kb", static_cast<double>(memoryMinute1)},
                             {"memory_end_kb", static_cast<double>(memoryEnd)},
                             {"memory_peak_kb", static_cast<double>(memoryPeak)},
                             {"memory_growth", growth},
                             {"us_per_character_update",
                              updateSeconds * 1e6 / (static_cast<double>(updates) * characters)},
                             {"wall_seconds", wall.nsecsElapsed() * 1e-9},
                             {"pass", pass}};
    if (parser.isSet("json")) {
        printJson(result);
    } else {
        std::printf("%d characters, %.0f simulated minutes at %d Hz: %ld goals reached, %ld style changes\n"
                    "NaN frames %ld, stuck %d (longest goal %.1f s), phase error %.3f frames, memory %ld -> %ld kB "
                    "(%+.2f%%)\n%s\n",
                    characters, minutes, rate, reached, styleChanges, nanFrames, stuck, longestGoal, phaseError,
                    memoryMinute1, memoryEnd, 100.0 * growth, pass ? "pass" : "FAIL");
    }
    return pass ? 0 : 1;
}

}  // namespace gs::cli

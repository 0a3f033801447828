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
#include <span>
#include <vector>

#include "cli_common.h"
#include <gaitspace/runtime/crowd.h>
#include "core/authoring_limits.h"
#include "core/evaluation/simulation.h"

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

bool finite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

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
    parser.addPositionalArgument(
        "project", "A Gaitspace project (*.gsproj) or a baked space (*.gspace).", "PROJECT");
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
    if (!ok[0] || o.characters < 1 || o.characters > limits::kMaxCharacters)
        return QStringLiteral("--characters must be 1-%1").arg(limits::kMaxCharacters);
    if (!ok[1] || !(o.minutes > 1.0) || o.minutes > limits::kMaxSoakMinutes)
        return QStringLiteral("--minutes must be in (1, %1]").arg(limits::kMaxSoakMinutes);
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

// What a soak found.
struct SoakReport {
    SoakOptions o;
    long updates = 0, reached = 0, styleChanges = 0, nanFrames = 0;
    int stuck = 0;
    double longestGoal = 0.0;
    float phaseError = 0.0f;
    long memoryMinute1 = 0, memoryEnd = 0, memoryPeak = 0;
    double growth = 0.0, usPerUpdate = 0.0, wallSeconds = 0.0;
    bool pass = false;

    QJsonObject json() const {
        return QJsonObject{{"characters", o.characters},
                           {"minutes", o.minutes},
                           {"rate_hz", o.rate},
                           {"threads", o.threads},
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
                           {"us_per_character_update", usPerUpdate},
                           {"wall_seconds", wallSeconds},
                           {"pass", pass}};
    }

    void print() const {
        std::printf(
            "%d characters, %.0f simulated minutes at %d Hz: %ld goals reached, %ld style changes\n"
            "NaN frames %ld, stuck %d (longest goal %.1f s), phase error %.3f frames, memory %ld "
            "-> %ld kB "
            "(%+.2f%%)\n%s\n",
            o.characters, o.minutes, o.rate, reached, styleChanges, nanFrames, stuck, longestGoal,
            phaseError, memoryMinute1, memoryEnd, 100.0 * growth, pass ? "pass" : "FAIL");
    }
};

// A soak's crowd, its random goals and styles, and what it counts.
class Soak {
public:
    Soak(std::shared_ptr<const BakedSpaceFile> baked, const SoakOptions& o)
        : m_o(o), m_crowd(std::move(baked)), m_rng(o.seed), m_goalSetAt(o.characters, 0.0) {}

    // The characters at their starts, each with a goal and a style; an error, or empty.
    QString populate() {
        if (!m_crowd.status()) return QString::fromStdString(m_crowd.status().message());
        m_spaces = static_cast<int>(m_crowd.space().spaces.size());
        m_crowd.reserve(m_o.characters);
        m_crowd.setThreads(m_o.threads);
        for (int c = 0; c < m_o.characters; ++c) {
            const GroundFrame at{4.0f * (c % 100), 4.0f * (c / 100), 6.2831853f * m_unit(m_rng)};
            const Expected<CharacterId> id = m_crowd.add(at, randomStyle());
            if (!id) return QString::fromStdString(id.message());
            if (Status s = newGoal(*id, 0.0); !s) return QString::fromStdString(s.message());
        }
        return {};
    }

    // Runs every update, reporting each simulated minute; an error, or empty.
    QString run() {
        const double dt = 1.0 / m_o.rate;
        m_updates = std::lround(m_o.minutes * 60.0 * m_o.rate);
        const long minute1 = std::lround(60.0 * m_o.rate);
        // About one style change per character every 20 s.
        const double changesPerUpdate = m_o.characters * dt / 20.0;
        double changeBudget = 0.0;
        m_wall.start();
        int lastReport = 0;
        for (long u = 1; u <= m_updates; ++u) {
            const double now = u * dt;
            QElapsedTimer t;
            t.start();
            if (Status s = m_crowd.update(static_cast<float>(dt)); !s)
                return QString::fromStdString(s.message());
            m_updateSeconds += t.nsecsElapsed() * 1e-9;
            checkCharacters(now);
            for (changeBudget += changesPerUpdate; changeBudget >= 1.0; changeBudget -= 1.0)
                changeStyle();
            if (u % m_o.rate == 0) {  // memory once a simulated second
                const long kb = residentKb();
                m_memoryPeak = std::max(m_memoryPeak, kb);
                if (u == minute1) m_memoryMinute1 = kb;
            }
            if (const int minute = static_cast<int>(now / 60.0); minute != lastReport) {
                lastReport = minute;
                std::fprintf(stderr,
                             "gaitspace-cli: soak: minute %d of %.0f, %ld goals reached, %.0f s\n",
                             minute, m_o.minutes, m_reached, m_wall.nsecsElapsed() * 1e-9);
            }
        }
        m_memoryEnd = residentKb();
        return {};
    }

    // What the run found, and whether it passes: no NaN, none stuck (a goal set more than 60 s
    // ago; goals are 2-15 m away), the spaces' strikes together (phaseLockError), memory flat.
    SoakReport report() const {
        SoakReport r;
        r.o = m_o;
        r.updates = m_updates;
        r.reached = m_reached;
        r.styleChanges = m_styleChanges;
        r.nanFrames = m_nanFrames;
        r.longestGoal = m_longestGoal;
        r.memoryMinute1 = m_memoryMinute1;
        r.memoryEnd = m_memoryEnd;
        r.memoryPeak = m_memoryPeak;
        r.usPerUpdate = m_updateSeconds * 1e6 / (static_cast<double>(m_updates) * m_o.characters);
        r.wallSeconds = m_wall.nsecsElapsed() * 1e-9;
        const double seconds = m_updates * (1.0 / m_o.rate);
        for (CharacterId id : m_crowd.ids()) r.stuck += (seconds - m_goalSetAt[id.slot()]) > 60.0;
        for (CharacterId id : m_crowd.ids())
            r.phaseError =
                std::max(r.phaseError, phaseLockError(m_crowd.space(), *m_crowd.state(id)));
        r.growth = m_memoryMinute1 > 0
                       ? static_cast<double>(m_memoryEnd - m_memoryMinute1) / m_memoryMinute1
                       : 0.0;
        r.pass = r.nanFrames == 0 && r.stuck == 0 && r.phaseError <= 2.0f && r.growth < 0.01;
        return r;
    }

private:
    // A goal 2-15 m away in a random direction. Characters are never removed here, so their
    // slots are 0 ... characters - 1.
    Status newGoal(CharacterId id, double now) {
        const GroundFrame g = *m_crowd.ground(id);
        const float d = 2.0f + 13.0f * m_unit(m_rng), a = 6.2831853f * m_unit(m_rng);
        const Status s = m_crowd.setGoal(id, {g.x + d * std::sin(a), g.z + d * std::cos(a)});
        m_goalSetAt[id.slot()] = now;
        return s;
    }

    // One space, or two mixed half the time.
    std::span<const float> randomStyle() {
        m_style.fill(0.0f);
        m_style[static_cast<size_t>(m_unit(m_rng) * m_spaces) % m_spaces] = 1.0f;
        if (m_spaces > 1 && m_unit(m_rng) < 0.5f)
            m_style[static_cast<size_t>(m_unit(m_rng) * m_spaces) % m_spaces] += m_unit(m_rng);
        return std::span<const float>(m_style.data(), m_spaces);
    }

    // Each character after an update: finite, and given a new goal once within 0.5 m of its own.
    void checkCharacters(double now) {
        for (CharacterId id : m_crowd.ids()) {
            const GroundFrame g = *m_crowd.ground(id);
            if (!std::isfinite(g.x) || !std::isfinite(g.z) || !std::isfinite(g.heading) ||
                !finite(*m_crowd.rootPosition(id))) {
                ++m_nanFrames;
                continue;
            }
            m_longestGoal = std::max(m_longestGoal, now - m_goalSetAt[id.slot()]);
            const glm::vec2 goal = *m_crowd.goal(id);
            if (std::hypot(g.x - goal.x, g.z - goal.y) < 0.5f) {
                ++m_reached;
                (void)newGoal(id, now);  // finite: the character's ground frame is (checked above)
            }
        }
    }

    // A random character's style, changed.
    void changeStyle() {
        (void)m_crowd.setStyleTargets(
            m_crowd.ids()[static_cast<size_t>(m_unit(m_rng) * m_o.characters) % m_o.characters],
            randomStyle());  // the crowd's own id; weights > 0
        ++m_styleChanges;
    }

    SoakOptions m_o;
    Crowd m_crowd;
    std::mt19937 m_rng;
    std::uniform_real_distribution<float> m_unit{0.0f, 1.0f};
    std::vector<double> m_goalSetAt;
    int m_spaces = 1;
    std::array<float, limits::kMaxSpaces> m_style{};
    long m_updates = 0, m_reached = 0, m_styleChanges = 0, m_nanFrames = 0;
    double m_longestGoal = 0.0, m_updateSeconds = 0.0;
    long m_memoryMinute1 = 0, m_memoryPeak = 0, m_memoryEnd = 0;
    QElapsedTimer m_wall;
};

}  // namespace

int runSoak(const QStringList& arguments) {
    QCommandLineParser parser;
    addOptions(parser);
    parser.process(arguments);
    if (parser.positionalArguments().size() != 1)
        return fail({}, "soak needs exactly one PROJECT", 2);
    const QString path = parser.positionalArguments().first();
    SoakOptions o;
    if (QString why = readOptions(parser, o); !why.isEmpty()) return fail(path, why, 2);
    auto baked = soakSpace(path);
    if (!baked) return fail(path, QString::fromStdString(baked.message()), 1);
    Soak soak(*baked, o);
    if (QString why = soak.populate(); !why.isEmpty()) return fail(path, why, 1);
    if (QString why = soak.run(); !why.isEmpty()) return fail(path, why, 1);
    const SoakReport report = soak.report();
    if (parser.isSet("json"))
        printJson(report.json());
    else
        report.print();
    return report.pass ? 0 : 1;
}

}  // namespace gs::cli

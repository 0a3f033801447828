#include "cli_common.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>

#include <algorithm>
#include <cstdio>

#include "core/spaces/goal_space_builder.h"
#include "core/clip/clip_kinematics.h"
#include "core/authoring_limits.h"
#include "core/evaluation/quality.h"

namespace gs::cli {

int runInspect(const QStringList& arguments);
int runPlay(const QStringList& arguments);
int runSimulate(const QStringList& arguments);
int runBake(const QStringList& arguments);
int runBakeLevel(const QStringList& arguments);
int runSynth(const QStringList& arguments);
int runSoak(const QStringList& arguments);
int runRender(const QStringList& arguments);
int runMatchWeb(const QStringList& arguments);
int runRegister(const QStringList& arguments);
int runCycles(const QStringList& arguments);
int runLoop(const QStringList& arguments);
int runMirror(const QStringList& arguments);
int runSegment(const QStringList& arguments);
int runFindSimilar(const QStringList& arguments);
int runCoverage(const QStringList& arguments);
int runPropose(const QStringList& arguments);

const std::vector<Command>& commands() {
    static const std::vector<Command> table = {
        {"inspect", "import clips and print their figures", runInspect},
        {"play", "play a project's behavioral space with fixed blends and styles", runPlay},
        {"simulate", "steer toward goals and score the run", runSimulate},
        {"bake", "bake a project's spaces and goal spaces into a .gspace file", runBake},
        {"bake-level", "build a level mesh's navigation mesh into a .gslevel file", runBakeLevel},
        {"render", "render a clip's character offscreen to PNG", runRender, true},
        {"matchweb", "match web of two clips (or one with itself), PNG/CSV", runMatchWeb},
        {"register", "registration curve: timewarp, alignment, matched strikes", runRegister},
        {"cycles", "gait period and whole cycles of a clip", runCycles},
        {"loop", "cut a seamless loop of N gait cycles, write BVH", runLoop},
        {"mirror", "mirror a clip left to right (its turns reverse), write BVH", runMirror},
        {"segment", "cut takes into labelled segments (turns, veers, starts, stops)", runSegment},
        {"find-similar", "spans of clips that move like a given span, by match web",
         runFindSimilar},
        {"coverage", "what each motion space can turn, stop and start, and what is missing",
         runCoverage},
        {"propose", "propose a project from takes: spaces by gait, turns, stops, starts",
         runPropose},
        {"synth", "write synthetic walk/jog/run clips and a project of them", runSynth},
        {"soak", "many characters for a long time: NaN, stuck, phase drift, memory", runSoak},
    };
    return table;
}

void printJson(const QJsonObject& object) {
    const QByteArray bytes = QJsonDocument(object).toJson(QJsonDocument::Compact);
    std::fwrite(bytes.constData(), 1, bytes.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

namespace {

QString cut(const QString& text, std::size_t max) {
    return QString::fromStdString(limits::echo(text.toStdString(), max));
}

}  // namespace

void printError(const QString& file, const QString& message) {
    // A message that already names the file (a project's "x.gsproj: ...") does not name it twice.
    const bool named = !file.isEmpty() && message.startsWith(QFileInfo(file).fileName() + ": ");
    QString text =
        file.isEmpty() || named ? message : cut(file, limits::kMaxEchoChars) + ": " + message;
    text.replace('\n', ' ');
    const QString line = "gaitspace-cli: " + cut(text, 4 * limits::kMaxEchoChars) + "\n";
    std::fputs(line.toLocal8Bit().constData(), stderr);
}

void printWarning(const QString& file, const QString& message) {
    printError(file, "warning: " + message);
}

Expected<ImportedClips> loadClips(const QString& path, const ImportSettings& settings) {
    return importClips(path.toStdString(), settings);
}

std::optional<Clip> loadFirstClip(const QString& path, const ImportSettings& settings) {
    auto imported = loadClips(path, settings);
    if (!imported) {
        printError(path, QString::fromStdString(imported.message()));
        return std::nullopt;
    }
    for (const std::string& w : imported->warnings) printWarning(path, QString::fromStdString(w));
    return imported->clips.front();
}

QJsonArray toJson(const std::vector<int>& values) {
    QJsonArray a;
    for (int v : values) a.append(v);
    return a;
}

Expected<std::vector<float>> parseSpaceValues(const BakedBehavioralSpace& space,
                                              const QString& text, float fill) {
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

Status checkStyleWeights(const std::vector<float>& weights) {
    float sum = 0.0f;
    for (float w : weights) {
        if (!(w >= 0.0f && w <= limits::kMaxStyleWeight))
            return Status::error("a weight of " + QString::number(w).toStdString() +
                                 " is outside 0-" +
                                 QString::number(limits::kMaxStyleWeight).toStdString());
        sum += w;
    }
    if (!(sum > limits::kNegligibleWeight))
        return Status::error("the weights sum to 0: give one space a weight above 0");
    return Status::ok();
}

Expected<std::vector<int>> spaceIndices(const BakedBehavioralSpace& space, const QString& names) {
    std::vector<int> indices;
    for (const QString& name : names.split(',', Qt::SkipEmptyParts)) {
        const int s = space.spaceIndex(name.trimmed().toStdString());
        if (s < 0)
            return Status::error(("no motion space named '" + name.trimmed() + "'").toStdString());
        if (std::find(indices.begin(), indices.end(), s) != indices.end())
            return Status::error(
                ("motion space '" + name.trimmed() + "' is named twice").toStdString());
        indices.push_back(s);
    }
    return indices;
}

int printBrokenEntries(const Project& project,
                       const std::vector<std::pair<std::string, std::string>>& failed) {
    const QStringList errors = project.errors();
    for (const QString& e : errors) std::fprintf(stderr, "gaitspace-cli: %s\n", qPrintable(e));
    const QString label = QFileInfo(project.path).fileName();
    for (const auto& [space, why] : failed) {
        const QString message = QString::fromStdString(why);
        const QString prefix = "motion space '" + QString::fromStdString(space) + "'";
        std::fprintf(
            stderr, "gaitspace-cli: %s: %s\n", qPrintable(label),
            qPrintable(message.startsWith(prefix) ? message
                                                  : prefix + " cannot be built: " + message));
    }
    return static_cast<int>(errors.size() + failed.size());
}

int exitForBroken(const QString& path, int brokenEntries) {
    if (brokenEntries == 0) return 0;
    printError(path, QStringLiteral(
                         "%1 %2 of the project %3 an error (above); the rest ran, exit status 1")
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
        std::fprintf(stderr, "gaitspace-cli: %s: note: %s\n",
                     qPrintable(QFileInfo(path).fileName()), legs.message().c_str());
}

bool readLevelUnits(const QCommandLineParser& parser, const QString& scaleOption,
                    const QString& upOption, LevelUnits& units) {
    if (parser.isSet(scaleOption)) {
        bool ok = false;
        const float scale = parser.value(scaleOption).toFloat(&ok);
        if (!ok || !(scale > 0.0f && scale <= LevelUnits::kMaxMetresPerUnit)) {
            printError({}, QStringLiteral("--%1 takes metres per unit of the mesh, in (0, %2]")
                               .arg(scaleOption)
                               .arg(LevelUnits::kMaxMetresPerUnit));
            return false;
        }
        units.metresPerUnit = scale;
    }
    if (parser.isSet(upOption)) {
        const QString up = parser.value(upOption).toLower();
        if (up != "y" && up != "z") {
            printError({}, "--" + upOption + " takes y or z (the mesh's up axis)");
            return false;
        }
        units.zUp = up == "z";
    }
    return true;
}

}  // namespace gs::cli

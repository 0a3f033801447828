#include "project.h"
#include "project_detail.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QSet>

#include <algorithm>
#include <charconv>
#include <cmath>

#include "core/clip/mirror.h"
#include "core/clip/skeleton_match.h"
#include "core/support/cancel.h"
#include "core/io/motion_file.h"
#include "core/authoring_limits.h"
#include "project_bend.h"
#include "core/support/stable_sort.h"
#include "core/spaces/transition_builder.h"

namespace gs {
namespace detail {

QString fileLabel(const QString& path) {
    return QString::fromStdString(limits::echo(QFileInfo(path).fileName().toStdString()));
}

Status fail(const QString& path, const QString& why) {
    return Status::error((fileLabel(path) + ": " + why).toStdString());
}

}  // namespace detail

using detail::fail;
using detail::fileLabel;
using detail::kFormat;
using detail::kVersion;

QString dataDirFor(const QString& projectPath) {
    const QString env = qEnvironmentVariable("GAITSPACE_DATA_DIR");
    if (!env.isEmpty()) return QDir(env).absolutePath();
    // Look for shared/data beside the project's folder or any of its ancestors.
    QDir dir = QFileInfo(projectPath).absoluteDir();
    do {
        const QString candidate = dir.absoluteFilePath("shared/data");
        if (QFileInfo(candidate).isDir()) return QDir::cleanPath(candidate);
    } while (dir.cdUp());
    return QDir::cleanPath(QDir::current().absoluteFilePath("../shared/data"));
}

QString projectSource(const QString& file, const QString& projectPath, const QString& dataDir) {
    const QString absolute = QFileInfo(file).absoluteFilePath();
    if (!dataDir.isEmpty() && absolute.startsWith(dataDir + QLatin1Char('/')))
        return QStringLiteral("${GAITSPACE_DATA_DIR}/") + QDir(dataDir).relativeFilePath(absolute);
    return QFileInfo(projectPath).absoluteDir().relativeFilePath(absolute);
}

QString Project::resolve(const QString& source) const {
    QString s = source;
    s.replace("${GAITSPACE_DATA_DIR}", dataDirFor(path));
    if (QFileInfo(s).isAbsolute()) return QDir::cleanPath(s);
    return QDir::cleanPath(QFileInfo(path).absoluteDir().absoluteFilePath(s));
}

const ProjectClip* Project::clip(const QString& id) const {
    for (const ProjectClip& c : clips)
        if (c.id == id) return &c;
    return nullptr;
}

namespace {

// A number for a message: whole numbers in full (1000000000000, not 1e+12).
QString num(double v, int precision = 6) {
    if (v == std::floor(v) && std::abs(v) < 1e15) return QString::number(static_cast<qint64>(v));
    return QString::number(v, 'g', precision);
}

// A value as it appears in the file, cut for a message.
QString shown(const QJsonValue& v) {
    QString text;
    if (v.isString())
        text = '"' + v.toString() + '"';
    else if (v.isDouble())
        text = num(v.toDouble(), 12);
    else if (v.isBool())
        text = v.toBool() ? "true" : "false";
    else if (v.isNull())
        text = "null";
    else if (v.isArray())
        text = QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    else if (v.isObject())
        text = QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    return QString::fromStdString(limits::echo(text.toStdString(), 40));
}

// Why a text read from a project cannot be a name, an id or a path: a control character (a NUL
// would cut the path short before the file is opened); empty when it can.
QString controlCharacter(const QString& text) {
    for (int i = 0; i < text.size(); ++i)
        if (text[i].unicode() < 0x20 || text[i].unicode() == 0x7f)
            return QStringLiteral("holds the control character U+%1 at character %2")
                .arg(text[i].unicode(), 4, 16, QLatin1Char('0'))
                .arg(i + 1);
    return {};
}

// Reads typed, range-checked values from the project's JSON. The first error wins and names the
// JSON path ("settings.goal_space.F: 100000 is above the limit 600"); absent optional values keep
// their defaults; unknown keys are kept by the caller and reported once per key pattern.
class Reader {
public:
    QString error;  // "path: cause" of the first error; empty while all is well
    bool ok() const { return error.isEmpty(); }
    void fail(const QString& path, const QString& cause) {
        if (error.isEmpty()) error = path + ": " + cause;
    }

    bool string(const QJsonObject& o, const char* key, const QString& path, QString& out) {
        const QJsonValue v = o[key];
        if (v.isUndefined()) return true;
        if (!v.isString()) return fail(path, shown(v) + " is not a string"), false;
        if (v.toString().size() > limits::kMaxPathChars)
            return fail(path, QStringLiteral("a text of %1 characters is above the limit %2")
                                  .arg(v.toString().size())
                                  .arg(limits::kMaxPathChars)),
                   false;
        if (const QString why = controlCharacter(v.toString()); !why.isEmpty())
            return fail(path, why), false;
        out = v.toString();
        return true;
    }
    bool boolean(const QJsonObject& o, const char* key, const QString& path, bool& out) {
        const QJsonValue v = o[key];
        if (v.isUndefined()) return true;
        if (!v.isBool()) return fail(path, shown(v) + " is not true or false"), false;
        out = v.toBool();
        return true;
    }
    // A number in [lo, hi] (or (lo, hi] when loOpen).
    bool number(const QJsonValue& v, const QString& path, double lo, double hi, bool loOpen,
                double& out) {
        if (!v.isDouble()) return fail(path, shown(v) + " is not a number"), false;
        const double x = v.toDouble();
        if (loOpen ? !(x > lo) : !(x >= lo))
            return fail(path, loOpen ? shown(v) + " must be above " + num(lo)
                                     : shown(v) + " is below the limit " + num(lo)),
                   false;
        if (!(x <= hi)) return fail(path, shown(v) + " is above the limit " + num(hi)), false;
        out = x;
        return true;
    }
    bool number(const QJsonObject& o, const char* key, const QString& path, double lo, double hi,
                bool loOpen, float& out) {
        const QJsonValue v = o[key];
        if (v.isUndefined()) return true;
        double x = 0;
        if (!number(v, path, lo, hi, loOpen, x)) return false;
        out = static_cast<float>(x);
        return true;
    }
    bool integer(const QJsonValue& v, const QString& path, int lo, int hi, int& out) {
        if (!v.isDouble()) return fail(path, shown(v) + " is not a number"), false;
        const double x = v.toDouble();
        if (x != std::floor(x)) return fail(path, shown(v) + " is not a whole number"), false;
        if (x < lo) return fail(path, shown(v) + " is below the limit " + num(lo)), false;
        if (x > hi) return fail(path, shown(v) + " is above the limit " + num(hi)), false;
        out = static_cast<int>(x);
        return true;
    }
    bool integer(const QJsonObject& o, const char* key, const QString& path, int lo, int hi,
                 int& out) {
        const QJsonValue v = o[key];
        if (v.isUndefined()) return true;
        return integer(v, path, lo, hi, out);
    }
    bool object(const QJsonValue& v, const QString& path, QJsonObject& out) {
        if (v.isUndefined()) return true;
        if (!v.isObject()) return fail(path, shown(v) + " is not an object"), false;
        out = v.toObject();
        return true;
    }
    bool array(const QJsonValue& v, const QString& path, int maxSize, QJsonArray& out) {
        if (v.isUndefined()) return true;
        if (!v.isArray()) return fail(path, shown(v) + " is not an array"), false;
        if (v.toArray().size() > maxSize)
            return fail(path, QStringLiteral("%1 entries are above the limit %2")
                                  .arg(v.toArray().size())
                                  .arg(maxSize)),
                   false;
        out = v.toArray();
        return true;
    }
    // Keys of `o` not in `known`, copied to `keep` and reported once per pattern ("clips[].x").
    void unknown(const QJsonObject& o, const QString& path, const QString& pattern,
                 std::initializer_list<const char*> known, QJsonObject* keep) {
        for (auto it = o.begin(); it != o.end(); ++it) {
            bool isKnown = false;
            for (const char* k : known) isKnown = isKnown || it.key() == QLatin1String(k);
            if (isKnown) continue;
            if (keep) (*keep)[it.key()] = it.value();
            const QString key = QString::fromStdString(limits::echo(it.key().toStdString(), 40));
            const QString where = (path.isEmpty() ? QString() : path + ".") + key;
            const QString kind = (pattern.isEmpty() ? QString() : pattern + ".") + key;
            if (m_seen.contains(kind)) continue;
            m_seen.insert(kind);
            if (warnings.size() < kMaxWarnings)
                warnings << where + ": unknown key, kept as it is";
            else
                ++m_unlisted;
        }
    }
    // The warnings, the unlisted ones counted on a last line.
    QStringList allWarnings() const {
        QStringList all = warnings;
        if (m_unlisted > 0)
            all << QStringLiteral("%1 more unknown keys, kept as they are").arg(m_unlisted);
        return all;
    }
    QStringList warnings;

private:
    static constexpr int kMaxWarnings = 20;  // a file of a million unknown keys warns in 21 lines
    QSet<QString> m_seen;
    qint64 m_unlisted = 0;
};

GoalSpaceLimitsCheck readGoalSpace(Reader& r, const QJsonObject& g) {
    GoalSpaceLimitsCheck c;
    const QString p = QStringLiteral("settings.goal_space.");
    r.integer(g, "X", p + "X", 0, limits::kMaxGoalStartFrames, c.x);
    r.integer(g, "Y", p + "Y", 2, limits::kMaxGoalBlends, c.y);
    r.integer(g, "Z", p + "Z", 2, limits::kMaxGoalBlends, c.z);
    r.integer(g, "F", p + "F", 1, limits::kMaxGoalHorizon, c.f);
    r.integer(g, "subdivisions", p + "subdivisions", 1, limits::kMaxGoalSubdivisions,
              c.subdivisions);
    float rate = 0.1f;
    r.number(g, "max_blend_rate", p + "max_blend_rate", 0.0, 1.0, true, rate);
    r.unknown(g, "settings.goal_space", "settings.goal_space",
              {"X", "Y", "Z", "F", "subdivisions", "max_blend_rate"}, nullptr);
    // X = 0 (every heel strike) is checked against the budget when the space is built.
    if (r.ok() && c.x > 0)
        if (Status s = limits::checkGoalSpaceBudget(static_cast<std::int64_t>(c.x) * c.subdivisions,
                                                    c.y, c.z, c.f);
            !s)
            r.fail("settings.goal_space", QString::fromStdString(s.message()));
    return c;
}

// The project file's JSON object: a regular file of bounded size (a FIFO would block, a device
// never ends), valid JSON, this format and version.
Expected<QJsonObject> readDocument(const QString& filePath) {
    if (auto size = checkRegularFile(filePath.toStdString(), limits::kMaxProjectFileBytes); !size)
        return fail(filePath, QString::fromStdString(size.message()));
    QFile file(filePath);
    if (!file.open(QIODevice::ReadOnly))
        return fail(filePath, "cannot open: " + file.errorString());
    QJsonParseError parseError;
    const QJsonDocument doc =
        QJsonDocument::fromJson(file.read(limits::kMaxProjectFileBytes), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(filePath, QStringLiteral("not valid JSON at offset %1: %2")
                                  .arg(parseError.offset)
                                  .arg(parseError.errorString()));
    const QJsonObject root = doc.object();
    if (!doc.isObject() || root["format"].toString() != kFormat)
        return fail(filePath, "not a Gaitspace project (\"format\" is not \"gaitspace-project\")");
    if (!root["version"].isDouble() || root["version"].toDouble() != kVersion)
        return fail(filePath,
                    QStringLiteral("version: %1 is not supported (this build reads version %2)")
                        .arg(shown(root["version"]))
                        .arg(kVersion));
    return root;
}

// "settings": the working rate, cycles, style changes, foot lock and the goal space's limits.
void readSettings(Reader& r, const QJsonObject& root, Project& p) {
    QJsonObject settings;
    r.object(root.value("settings"), "settings", settings);
    p.settings.extra = settings;
    r.number(settings, "fps", "settings.fps", limits::kMinWorkingFps, limits::kMaxWorkingFps, false,
             p.settings.fps);
    r.integer(settings, "cycles", "settings.cycles", 0, limits::kMaxCycles, p.settings.cycles);
    r.number(settings, "style_increment", "settings.style_increment", 0.0, 1.0, true,
             p.settings.styleIncrement);
    r.number(settings, "max_blend_rate", "settings.max_blend_rate", 0.0, 1.0, true,
             p.settings.maxBlendRate);
    r.boolean(settings, "foot_lock", "settings.foot_lock", p.settings.footLock);
    r.boolean(settings, "keep_style", "settings.keep_style", p.settings.keepStyle);
    QString styleMode = QStringLiteral("increment");
    r.string(settings, "style_mode", "settings.style_mode", styleMode);
    if (styleMode != QLatin1String("increment") && styleMode != QLatin1String("transition"))
        r.fail("settings.style_mode",
               shown(settings.value("style_mode")) + " is not \"increment\" or \"transition\"");
    p.settings.styleByTransition = styleMode == QLatin1String("transition");
    r.number(settings, "style_transition_seconds", "settings.style_transition_seconds",
             limits::kMinStyleTransitionSeconds, limits::kMaxStyleTransitionSeconds, false,
             p.settings.styleTransitionSeconds);
    QJsonObject goalSpace;
    r.object(settings.value("goal_space"), "settings.goal_space", goalSpace);
    if (r.ok()) readGoalSpace(r, goalSpace);
    r.unknown(settings, "settings", "settings",
              {"fps", "cycles", "style_increment", "max_blend_rate", "foot_lock", "keep_style",
               "goal_space", "style_mode", "style_transition_seconds"},
              nullptr);
}

// "character": the skinned model, its texture and joint map.
void readCharacter(Reader& r, const QJsonObject& root, Project& p) {
    QJsonObject character;
    r.object(root.value("character"), "character", character);
    r.string(character, "source", "character.source", p.character.source);
    r.string(character, "texture", "character.texture", p.character.texture);
    QJsonObject map;
    r.object(character.value("joint_map"), "character.joint_map", map);
    for (auto it = map.begin(); it != map.end() && r.ok(); ++it) {
        const QString path = "character.joint_map." +
                             QString::fromStdString(limits::echo(it.key().toStdString(), 40));
        if (!it.value().isString())
            r.fail(path, shown(it.value()) + " is not a joint name");
        else
            p.character.jointMap.push_back({it.key(), it.value().toString()});
    }
    r.unknown(character, "character", "character", {"source", "texture", "joint_map"},
              &p.character.extra);
}

// "clips": id, source, animation, style, trim, unit scale and mirror of each (not imported yet).
void readClips(Reader& r, const QJsonArray& clipArray, Project& p) {
    for (int i = 0; i < clipArray.size() && r.ok(); ++i) {
        const QString path = QStringLiteral("clips[%1]").arg(i);
        QJsonObject o;
        if (!clipArray[i].isObject()) {
            r.fail(path, shown(clipArray[i]) + " is not an object");
            break;
        }
        o = clipArray[i].toObject();
        ProjectClip c;
        r.string(o, "id", path + ".id", c.id);
        r.string(o, "source", path + ".source", c.source);
        r.string(o, "style", path + ".style", c.style);
        if (o.contains("trim")) {
            const QJsonValue t = o.value("trim");
            if (!t.isArray() || t.toArray().size() != 2) {
                r.fail(path + ".trim", shown(t) + " is not a pair [in, out] of frames");
            } else {
                r.integer(t.toArray()[0], path + ".trim[0]", -1, limits::kMaxFrames - 1, c.trimIn);
                r.integer(t.toArray()[1], path + ".trim[1]", -1, limits::kMaxFrames - 1, c.trimOut);
                if (r.ok() && c.trimIn >= 0 && c.trimOut >= 0 && c.trimOut < c.trimIn)
                    r.fail(path + ".trim",
                           QStringLiteral("the out frame %1 is before the in frame %2")
                               .arg(c.trimOut)
                               .arg(c.trimIn));
            }
        }
        if (o.contains("unit_scale") && o.value("unit_scale") != QJsonValue(0)) {
            double scale = 0.0;
            r.number(o.value("unit_scale"), path + ".unit_scale", limits::kMinUnitScale,
                     limits::kMaxUnitScale, false, scale);
            c.unitScale = static_cast<float>(scale);
        }
        r.boolean(o, "mirror", path + ".mirror", c.mirror);
        r.string(o, "animation", path + ".animation", c.animation);
        if (r.ok() && c.animation.size() > limits::kMaxNameChars)
            r.fail(path + ".animation",
                   QStringLiteral("a name of %1 characters is above the limit %2")
                       .arg(c.animation.size())
                       .arg(limits::kMaxNameChars));
        QString rootMotion;
        if (r.string(o, "root_motion", path + ".root_motion", rootMotion) &&
            !rootMotion.isEmpty()) {
            if (const auto mode = parseRootMotionMode(rootMotion.toStdString()))
                c.rootMotion = *mode;
            else
                r.fail(path + ".root_motion",
                       shown(QJsonValue(rootMotion)) + " is not \"auto\", \"file\" or \"feet\"");
        }
        r.unknown(
            o, path, "clips[]",
            {"id", "source", "animation", "style", "trim", "unit_scale", "mirror", "root_motion"},
            &c.extra);
        p.clips.push_back(std::move(c));
    }
}

// "spaces": name, clips, reference, stops, starts and bent turns of each.
void readSpaces(Reader& r, const QJsonArray& spaceArray, Project& p) {
    for (int i = 0; i < spaceArray.size() && r.ok(); ++i) {
        const QString path = QStringLiteral("spaces[%1]").arg(i);
        if (!spaceArray[i].isObject()) {
            r.fail(path, shown(spaceArray[i]) + " is not an object");
            break;
        }
        const QJsonObject o = spaceArray[i].toObject();
        ProjectSpace s;
        r.string(o, "name", path + ".name", s.name);
        QJsonArray ids;
        r.array(o.value("clips"), path + ".clips",
                static_cast<int>(limits::kMaxGSpaceClipsPerSpace), ids);
        for (int k = 0; k < ids.size() && r.ok(); ++k) {
            if (!ids[k].isString())
                r.fail(QStringLiteral("%1.clips[%2]").arg(path).arg(k),
                       shown(ids[k]) + " is not a clip id");
            else
                s.clipIds << ids[k].toString();
        }
        r.string(o, "reference", path + ".reference", s.reference);
        for (auto [key, list] :
             {std::pair{"stops", &s.stopIds}, std::pair{"starts", &s.startIds}}) {
            QJsonArray transitionIds;
            const QString at = path + "." + key;
            r.array(o.value(key), at, static_cast<int>(limits::kMaxGSpaceTransitionsPerSpace),
                    transitionIds);
            for (int k = 0; k < transitionIds.size() && r.ok(); ++k) {
                if (!transitionIds[k].isString())
                    r.fail(QStringLiteral("%1[%2]").arg(at).arg(k),
                           shown(transitionIds[k]) + " is not a clip id");
                else
                    *list << transitionIds[k].toString();
            }
        }
        QJsonArray radii;
        r.array(o.value("bent_turns_m"), path + ".bent_turns_m", kMaxBentTurns, radii);
        for (int k = 0; k < radii.size() && r.ok(); ++k) {
            const QString at = QStringLiteral("%1.bent_turns_m[%2]").arg(path).arg(k);
            double radius = 0.0;
            if (!r.number(radii[k], at, kMinBentTurnRadius, kMaxBentTurnRadius, false, radius))
                break;
            if (std::find(s.bentTurnRadii.begin(), s.bentTurnRadii.end(),
                          static_cast<float>(radius)) != s.bentTurnRadii.end()) {
                r.fail(at, QStringLiteral("the radius %1 m is listed twice").arg(radius));
                break;
            }
            s.bentTurnRadii.push_back(static_cast<float>(radius));
        }
        r.unknown(o, path, "spaces[]",
                  {"name", "clips", "reference", "stops", "starts", "bent_turns_m"}, &s.extra);
        p.spaces.push_back(std::move(s));
    }
}

// One style key's weights: by name ("style": one space, or "weights": {space: weight}) or by
// position ("weights": one per space, in the order of "spaces").
void readKeyWeights(Reader& r, const QJsonObject& o, const QString& path, int spaceCount,
                    const Project& p, ProjectStyleKey& key) {
    const auto spaceIndex = [&p](const QString& name) {
        for (size_t k = 0; k < p.spaces.size(); ++k)
            if (p.spaces[k].name == name) return static_cast<int>(k);
        return -1;
    };
    if (o.contains("style")) {
        QString style;
        r.string(o, "style", path + ".style", style);
        const int k = spaceIndex(style);
        if (r.ok() && k < 0)
            r.fail(path + ".style", shown(o.value("style")) + " is not the name of a space");
        if (r.ok() && o.contains("weights"))
            r.fail(path, "give either a style or weights, not both");
        if (!r.ok()) return;
        key.weights.assign(p.spaces.size(), 0.0f);
        key.weights[k] = 1.0f;
    } else if (!o.contains("weights")) {
        r.fail(path + ".weights", "missing (a key has a weight per space, or a style)");
        return;
    } else if (o.value("weights").isObject()) {
        const QJsonObject named = o.value("weights").toObject();
        key.weights.assign(p.spaces.size(), 0.0f);
        double sum = 0.0;
        for (auto it = named.begin(); it != named.end() && r.ok(); ++it) {
            const int k = spaceIndex(it.key());
            if (k < 0) {
                r.fail(path + ".weights." + it.key(), "not the name of a space");
                break;
            }
            double w = 0.0;
            r.number(it.value(), path + ".weights." + it.key(), 0.0, 1.0, false, w);
            key.weights[k] = static_cast<float>(w);
            sum += w;
        }
        if (r.ok() && !(sum > 0.0))
            r.fail(path + ".weights", "the weights sum to 0 (one at least must be above 0)");
    } else {
        QJsonArray weights;
        r.array(o.value("weights"), path + ".weights", limits::kMaxProjectSpaces, weights);
        if (r.ok() && weights.size() != spaceCount)
            r.fail(path + ".weights", QStringLiteral("%1 weights for %2 spaces (one per space)")
                                          .arg(weights.size())
                                          .arg(spaceCount));
        double sum = 0.0;
        for (int k = 0; k < weights.size() && r.ok(); ++k) {
            double w = 0.0;
            r.number(weights[k], QStringLiteral("%1.weights[%2]").arg(path).arg(k), 0.0, 1.0, false,
                     w);
            key.weights.push_back(static_cast<float>(w));
            sum += w;
        }
        if (r.ok() && !(sum > 0.0))
            r.fail(path + ".weights", "the weights sum to 0 (one at least must be above 0)");
    }
}

// "style_keys": a time and one weight per space each, kept in time order (a hand-written file may
// list them in any order).
void readStyleKeys(Reader& r, const QJsonArray& keyArray, int spaceCount, Project& p) {
    for (int i = 0; i < keyArray.size() && r.ok(); ++i) {
        const QString path = QStringLiteral("style_keys[%1]").arg(i);
        if (!keyArray[i].isObject()) {
            r.fail(path, shown(keyArray[i]) + " is not an object");
            break;
        }
        const QJsonObject o = keyArray[i].toObject();
        ProjectStyleKey key;
        if (!o.contains("time")) {
            r.fail(path + ".time", "missing (a key has a time in seconds)");
            break;
        }
        r.number(o.value("time"), path + ".time", 0.0, limits::kMaxStyleKeySeconds, false,
                 key.seconds);
        readKeyWeights(r, o, path, spaceCount, p, key);
        if (!r.ok()) break;
        r.unknown(o, path, "style_keys[]", {"time", "weights", "style"}, nullptr);
        p.styleKeys.push_back(std::move(key));
    }
    stableSort(p.styleKeys, [](const ProjectStyleKey& a, const ProjectStyleKey& b) {
        return a.seconds < b.seconds;
    });
}

// "style": the style set with the sliders, a weight in [0, 1] per space by name (the weights
// summing to more than 0); spaces not named weigh 0.
void readStyle(Reader& r, const QJsonObject& root, Project& p) {
    QJsonObject named;
    r.object(root.value("style"), "style", named);
    if (!r.ok() || named.isEmpty()) return;
    std::vector<float> style(p.spaces.size(), 0.0f);
    double sum = 0.0;
    for (auto it = named.begin(); it != named.end() && r.ok(); ++it) {
        const QString path =
            "style." + QString::fromStdString(limits::echo(it.key().toStdString(), 40));
        const auto space = std::find_if(p.spaces.begin(), p.spaces.end(),
                                        [&](const ProjectSpace& s) { return s.name == it.key(); });
        if (space == p.spaces.end()) {
            r.fail(path, "not the name of a space");
            break;
        }
        double w = 0.0;
        r.number(it.value(), path, 0.0, 1.0, false, w);
        style[space - p.spaces.begin()] = static_cast<float>(w);
        sum += w;
    }
    if (r.ok() && !(sum > 0.0))
        r.fail("style", "the weights sum to 0 (one at least must be above 0)");
    if (r.ok()) p.style = std::move(style);
}

// One clip of the project imported at its own rate, trimmed in source frames, mirrored when it
// asks to be, then resampled to the working rate; a problem goes to the clip's error.
void importProjectClip(Project& p, ProjectClip& c) {
    const int index = static_cast<int>(&c - p.clips.data());
    if (c.id.isEmpty())
        c.error = "has no id";
    else if (p.clip(c.id) != &c)
        c.error = "the id is used twice";
    else if (c.source.isEmpty())
        c.error = "has no source file";
    if (!c.error.isEmpty()) return;
    const QString file = p.resolve(c.source);
    ImportSettings importSettings;
    importSettings.unitScale = c.unitScale;
    importSettings.rootMotion = c.rootMotion;
    importSettings.animation = c.animation.toStdString();
    auto imported = importClips(file.toStdString(), importSettings);
    if (!imported) {
        c.error = QString::fromStdString(imported.message()) + " (" +
                  QString::fromStdString(limits::echo(file.toStdString())) + ")";
        return;
    }
    Clip clip = imported->clips.front();
    c.rootMotionSource = imported->rootMotionSources.front();
    const int last = clip.frameCount() - 1;
    if (c.trimIn > last || c.trimOut > last) {
        c.error = QStringLiteral("clips[%1].trim: frame %2 is past the last frame %3 of the file")
                      .arg(index)
                      .arg(std::max(c.trimIn, c.trimOut))
                      .arg(last);
        return;
    }
    if (c.trimIn >= 0 || c.trimOut >= 0) {
        auto trimmed =
            trimClip(clip, c.trimIn < 0 ? 0 : c.trimIn, c.trimOut < 0 ? last : c.trimOut);
        if (!trimmed) {
            c.error = QString::fromStdString(trimmed.message());
            return;
        }
        clip = std::move(*trimmed);
    }
    if (c.mirror) {
        auto mirrored = mirrorClip(clip);
        if (!mirrored) {
            c.error = QString::fromStdString(mirrored.message());
            return;
        }
        clip = std::move(*mirrored);
    }
    if (std::abs(clip.fps - p.settings.fps) > 1e-3f) {
        auto resampled = resampleClip(clip, p.settings.fps);
        if (!resampled) {
            c.error = QString::fromStdString(resampled.message());
            return;
        }
        clip = std::move(*resampled);
    }
    clip.name = c.id.toStdString();
    c.units = imported->units;
    for (const std::string& w : imported->warnings)
        p.warnings << QStringLiteral("clip '%1': %2").arg(c.id, QString::fromStdString(w));
    c.clip = std::move(clip);
}

// "level": the level mesh and the agent its navigation mesh is built for.
void readLevel(Reader& r, const QJsonObject& root, Project& p) {
    QJsonObject level;
    r.object(root.value("level"), "level", level);
    if (level.isEmpty()) return;
    if (!level["source"].isString()) r.fail("level.source", "missing (the level mesh's file)");
    r.string(level, "source", "level.source", p.level.source);
    r.number(level, "scale", "level.scale", 0.0, LevelUnits::kMaxMetresPerUnit, true,
             p.level.units.metresPerUnit);
    QString up = "y";
    r.string(level, "up", "level.up", up);
    if (up != "y" && up != "z") r.fail("level.up", shown(level["up"]) + " is not \"y\" or \"z\"");
    p.level.units.zUp = up == "z";
    NavAgentSettings& a = p.level.agent;
    r.number(level, "radius", "level.radius", 0.0, 5.0, true, a.radius);
    r.number(level, "height", "level.height", 0.0, 10.0, true, a.height);
    r.number(level, "max_climb", "level.max_climb", 0.0, 5.0, false, a.maxClimb);
    r.number(level, "max_slope_deg", "level.max_slope_deg", 0.0, 89.0, false, a.maxSlopeDeg);
    r.unknown(level, "level", "level",
              {"source", "scale", "up", "radius", "height", "max_climb", "max_slope_deg"},
              &p.level.extra);
}

}  // namespace

Expected<Project> Project::load(const QString& filePath) {
    auto document = readDocument(filePath);
    if (!document) return document.status();
    const QJsonObject& root = *document;

    // Every value is type- and range-checked before any clip is imported.
    Reader r;
    Project p;
    p.path = QFileInfo(filePath).absoluteFilePath();
    p.name = QFileInfo(filePath).completeBaseName();
    r.string(root, "name", "name", p.name);
    QJsonArray clipArray, spaceArray, keyArray;
    if (root["clips"].isUndefined()) r.fail("clips", "missing (a project lists its clips)");
    r.array(root["clips"], "clips", limits::kMaxProjectClips, clipArray);
    r.array(root["spaces"], "spaces", limits::kMaxProjectSpaces, spaceArray);
    r.array(root["style_keys"], "style_keys", limits::kMaxStyleKeys, keyArray);
    r.unknown(root, {}, {},
              {"format", "version", "name", "clips", "spaces", "settings", "character", "level",
               "style_keys", "style"},
              &p.extra);
    readSettings(r, root, p);
    readCharacter(r, root, p);
    readLevel(r, root, p);
    readClips(r, clipArray, p);
    readSpaces(r, spaceArray, p);
    readStyleKeys(r, keyArray, static_cast<int>(spaceArray.size()), p);
    readStyle(r, root, p);
    if (!r.ok()) return fail(filePath, r.error);
    p.warnings = r.allWarnings();

    for (ProjectClip& c : p.clips) {
        if (cancelRequested()) return Status::cancelled();  // core/support/cancel.h
        importProjectClip(p, c);
    }
    p.checkSpaces();
    return p;
}

QStringList Project::errors() const {
    QStringList out;
    const QString label = fileLabel(path);
    for (const ProjectClip& c : clips)
        if (!c.error.isEmpty())
            out << QStringLiteral("%1: clip '%2': %3").arg(label, c.id, c.error);
    for (const ProjectSpace& s : spaces)
        if (!s.error.isEmpty())
            out << QStringLiteral("%1: space '%2': %3").arg(label, s.name, s.error);
    return out;
}

}  // namespace gs

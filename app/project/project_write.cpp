// Writing a project: Project::toJson, Project::save and the behavioral space description it
// asks for (project.h).

#include "project.h"
#include "project_detail.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

#include <charconv>
#include <cmath>

#include "core/support/stable_sort.h"

namespace gs {

using detail::fail;
using detail::fileLabel;
using detail::kFormat;
using detail::kVersion;

namespace {

// A float as the file shows it: the shortest decimal that reads back as the same float (0.1,
// not 0.10000000149011612, which is the float widened to a double).
QJsonValue jsonNumber(float v) {
    if (!std::isfinite(v)) return 0;
    char text[32];
    const auto written = std::to_chars(text, text + sizeof text, v);
    double shortest = 0.0;
    std::from_chars(text, written.ptr, shortest);
    return shortest;
}

// One weight per space, each in [0, 1] and not all 0, as the loader wants them (the spaces may
// have changed since the weights were set).
std::vector<float> weightsForSpaces(std::vector<float> w, size_t spaces) {
    w.resize(spaces, 0.0f);
    float sum = 0.0f;
    for (float& v : w) sum += (v = std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : 0.0f);
    if (!(sum > 0.0f) && !w.empty()) w.front() = 1.0f;
    return w;
}

}  // namespace

QJsonObject Project::toJson() const {
    QJsonArray clipArray;
    for (const ProjectClip& c : clips) {
        QJsonObject o = c.extra;
        o["id"] = c.id;
        o["source"] = c.source;
        if (!c.animation.isEmpty()) o["animation"] = c.animation;
        if (!c.style.isEmpty()) o["style"] = c.style;
        if (c.trimIn >= 0 || c.trimOut >= 0) o["trim"] = QJsonArray{c.trimIn, c.trimOut};
        if (c.unitScale > 0) o["unit_scale"] = jsonNumber(c.unitScale);
        if (c.mirror) o["mirror"] = true;
        if (c.rootMotion != RootMotionMode::Auto)
            o["root_motion"] = QString(rootMotionModeName(c.rootMotion));
        clipArray.append(o);
    }
    QJsonArray spaceArray;
    for (const ProjectSpace& s : spaces) {
        QJsonObject o = s.extra;
        o["name"] = s.name;
        o["clips"] = QJsonArray::fromStringList(s.clipIds);
        if (!s.reference.isEmpty()) o["reference"] = s.reference;
        if (!s.stopIds.isEmpty()) o["stops"] = QJsonArray::fromStringList(s.stopIds);
        if (!s.startIds.isEmpty()) o["starts"] = QJsonArray::fromStringList(s.startIds);
        if (!s.bentTurnRadii.empty()) {
            QJsonArray radii;
            for (float r : s.bentTurnRadii) radii.append(jsonNumber(r));
            o["bent_turns_m"] = radii;
        }
        spaceArray.append(o);
    }
    QJsonObject settingsObject = settings.extra;
    settingsObject["fps"] = jsonNumber(settings.fps);
    settingsObject["cycles"] = settings.cycles;
    settingsObject["style_increment"] = jsonNumber(settings.styleIncrement);
    settingsObject["max_blend_rate"] = jsonNumber(settings.maxBlendRate);
    settingsObject["foot_lock"] = settings.footLock;
    if (settings.keepStyle)
        settingsObject["keep_style"] = true;
    else
        settingsObject.remove("keep_style");
    settingsObject["style_mode"] = settings.styleByTransition ? "transition" : "increment";
    settingsObject["style_transition_seconds"] = jsonNumber(settings.styleTransitionSeconds);
    QJsonObject result = extra;
    result["format"] = kFormat;
    result["version"] = kVersion;
    result["name"] = name;
    result["clips"] = clipArray;
    result["spaces"] = spaceArray;
    result["settings"] = settingsObject;
    if (!styleKeys.empty()) {
        // One weight per space, as the loader wants them (spaces may have changed since).
        QJsonArray keys;
        for (const ProjectStyleKey& key : styleKeys) {
            QJsonArray weights;
            for (float v : weightsForSpaces(key.weights, spaces.size()))
                weights.append(jsonNumber(v));
            keys.append(
                QJsonObject{{"time", std::clamp(key.seconds, 0.0, limits::kMaxStyleKeySeconds)},
                            {"weights", weights}});
        }
        if (!spaces.empty()) result["style_keys"] = keys;
    }
    if (!style.empty() && !spaces.empty()) {
        // By name: the spaces' weights read the same whatever their order in the file.
        QJsonObject named;
        const std::vector<float> w = weightsForSpaces(style, spaces.size());
        for (size_t i = 0; i < spaces.size(); ++i) named[spaces[i].name] = jsonNumber(w[i]);
        result["style"] = named;
    }
    if (!character.source.isEmpty() || !character.texture.isEmpty() ||
        !character.jointMap.empty() || !character.extra.isEmpty()) {
        QJsonObject c = character.extra;
        if (!character.source.isEmpty()) c["source"] = character.source;
        if (!character.texture.isEmpty()) c["texture"] = character.texture;
        QJsonObject map;
        for (const auto& [target, source] : character.jointMap) map[target] = source;
        if (!map.isEmpty()) c["joint_map"] = map;
        result["character"] = c;
    }
    if (!level.source.isEmpty()) {
        const NavAgentSettings defaults;
        QJsonObject l = level.extra;
        l["source"] = level.source;
        if (level.units.metresPerUnit > 0.0f) l["scale"] = jsonNumber(level.units.metresPerUnit);
        if (level.units.zUp) l["up"] = "z";
        auto put = [&](const char* key, float v, float fallback) {
            if (v != fallback) l[key] = jsonNumber(v);
        };
        put("radius", level.agent.radius, defaults.radius);
        put("height", level.agent.height, defaults.height);
        put("max_climb", level.agent.maxClimb, defaults.maxClimb);
        put("max_slope_deg", level.agent.maxSlopeDeg, defaults.maxSlopeDeg);
        result["level"] = l;
    }
    return result;
}

Status Project::save(const QString& filePath) const {
    QSaveFile file(filePath);
    if (!file.open(QIODevice::WriteOnly))
        return fail(filePath, "cannot write: " + file.errorString());
    file.write(QJsonDocument(toJson()).toJson(QJsonDocument::Indented));
    if (!file.commit()) return fail(filePath, "cannot save: " + file.errorString());
    return Status::ok();
}

Expected<BehavioralSpaceDesc> Project::behavioralDesc() const {
    BehavioralSpaceDesc desc;
    desc.name = name.toStdString();
    desc.cycles = settings.cycles;
    for (const ProjectSpace& s : spaces) {
        if (!s.error.isEmpty()) continue;
        MotionSpaceDesc space;
        space.name = s.name.toStdString();
        space.settings.fps = settings.fps;
        for (const QString& id : s.clipIds) {
            if (id == s.reference) space.reference = static_cast<int>(space.clips.size());
            const ProjectClip* c = clip(id);
            space.clips.push_back(*c->clip);
            space.trimmed.push_back(c->trimIn >= 0 || c->trimOut >= 0 ? 1 : 0);
            space.loopedAs.push_back(-1);
        }
        // Bent turns, after the clips they were bent from, looped from the same cycles.
        for (const auto& [from, bent] : s.bentClips) {
            const ProjectClip* c = clip(from);
            space.clips.push_back(bent);
            space.trimmed.push_back(c && (c->trimIn >= 0 || c->trimOut >= 0) ? 1 : 0);
            space.loopedAs.push_back(static_cast<int>(s.clipIds.indexOf(from)));
        }
        for (const QString& id : s.stopIds) space.stops.push_back(*clip(id)->clip);
        for (const QString& id : s.startIds) space.starts.push_back(*clip(id)->clip);
        desc.spaces.push_back(std::move(space));
    }
    if (desc.spaces.size() > static_cast<size_t>(limits::kMaxSpaces))
        return fail(path,
                    QStringLiteral(
                        "%1 motion spaces can be built, above the limit of %2 a behavioral space "
                        "holds")
                        .arg(desc.spaces.size())
                        .arg(limits::kMaxSpaces));
    // The entries' own errors (errors()) say why; this line does not repeat them.
    if (desc.spaces.empty())
        return fail(path, spaces.empty()
                              ? QStringLiteral("the project has no motion space")
                              : QStringLiteral("no motion space of the project can be built "
                                               "(each has an error)"));
    return desc;
}

}  // namespace gs

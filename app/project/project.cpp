#include "project.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace gs {
namespace {

const QString kFormat = QStringLiteral("gaitspace-project");
constexpr int kVersion = 1;

QString fileLabel(const QString& path) { return QFileInfo(path).fileName(); }

Status fail(const QString& path, const QString& why) {
    return Status::error((fileLabel(path) + ": " + why).toStdString());
}

}  // namespace

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

Expected<Project> Project::load(const QString& filePath) {
    QFile file(filePath);
    if (!file.exists()) return fail(filePath, "file not found");
    if (!file.open(QIODevice::ReadOnly)) return fail(filePath, "cannot open: " + file.errorString());
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(filePath, QStringLiteral("not valid JSON at offset %1: %2")
                                  .arg(parseError.offset).arg(parseError.errorString()));
    const QJsonObject root = doc.object();
    if (!doc.isObject() || root["format"].toString() != kFormat)
        return fail(filePath, "not a Gaitspace project (\"format\" is not \"gaitspace-project\")");
    if (root["version"].toInt() < 1 || root["version"].toInt() > kVersion)
        return fail(filePath, QStringLiteral("project version %1 is not supported (this build reads 1)")
                                  .arg(root["version"].toInt()));
    if (!root["clips"].isArray()) return fail(filePath, "\"clips\" must be an array");
    if (!root["spaces"].isUndefined() && !root["spaces"].isArray())
        return fail(filePath, "\"spaces\" must be an array");

    Project p;
    p.path = QFileInfo(filePath).absoluteFilePath();
    p.name = root["name"].toString(QFileInfo(filePath).completeBaseName());
    const QJsonObject settings = root["settings"].toObject();
    p.settings.extra = settings;
    p.settings.fps = static_cast<float>(settings["fps"].toDouble(30.0));
    p.settings.cycles = settings["cycles"].toInt(0);
    p.settings.styleIncrement = static_cast<float>(settings["style_increment"].toDouble(0.1));
    p.settings.maxBlendRate = static_cast<float>(settings["max_blend_rate"].toDouble(0.1));
    p.settings.footLock = settings["foot_lock"].toBool(true);

    const QJsonObject character = root["character"].toObject();
    p.character.source = character["source"].toString();
    p.character.texture = character["texture"].toString();
    const QJsonObject map = character["joint_map"].toObject();
    for (auto it = map.begin(); it != map.end(); ++it)
        p.character.jointMap.push_back({it.key(), it.value().toString()});

    for (const QJsonValue& v : root["clips"].toArray()) {
        const QJsonObject o = v.toObject();
        ProjectClip c;
        c.id = o["id"].toString();
        c.source = o["source"].toString();
        const QJsonArray trim = o["trim"].toArray();
        if (trim.size() == 2) {
            c.trimIn = trim[0].toInt(-1);
            c.trimOut = trim[1].toInt(-1);
        }
        c.unitScale = static_cast<float>(o["unit_scale"].toDouble(0.0));
        if (c.id.isEmpty()) c.error = "has no id";
        else if (p.clip(c.id)) c.error = "the id is used twice";
        else if (c.source.isEmpty()) c.error = "has no source file";
        if (c.error.isEmpty()) {
            const QString file = p.resolve(c.source);
            ImportSettings importSettings;
            importSettings.unitScale = c.unitScale;
            importSettings.fps = p.settings.fps;
            auto imported = importClips(file.toStdString(), importSettings);
            if (!imported) {
                c.error = QString::fromStdString(imported.message()) + " (" + file + ")";
            } else {
                Clip clip = imported->clips.front();
                if (c.trimIn >= 0 || c.trimOut >= 0) {
                    auto trimmed = trimClip(clip, c.trimIn < 0 ? 0 : c.trimIn,
                                            c.trimOut < 0 ? clip.frameCount() - 1 : c.trimOut);
                    if (!trimmed) c.error = QString::fromStdString(trimmed.message());
                    else clip = std::move(*trimmed);
                }
                clip.name = c.id.toStdString();
                c.units = imported->units;
                if (c.error.isEmpty()) c.clip = std::move(clip);
            }
        }
        p.clips.push_back(std::move(c));
    }
    for (const QJsonValue& v : root["spaces"].toArray()) {
        const QJsonObject o = v.toObject();
        ProjectSpace s;
        s.name = o["name"].toString();
        for (const QJsonValue& id : o["clips"].toArray()) s.clipIds << id.toString();
        s.reference = o["reference"].toString();
        p.spaces.push_back(std::move(s));
    }
    p.checkSpaces();
    return p;
}

void Project::checkSpaces() {
    for (ProjectSpace& s : spaces) {
        s.error.clear();
        if (s.name.isEmpty()) { s.error = "has no name"; continue; }
        if (s.clipIds.size() < 2) { s.error = "needs at least 2 clips"; continue; }
        const Skeleton* skeleton = nullptr;
        QString first;
        for (const QString& id : s.clipIds) {
            const ProjectClip* c = clip(id);
            if (!c) { s.error = "names an unknown clip '" + id + "'"; break; }
            if (!c->error.isEmpty()) { s.error = "clip '" + id + "' is unusable: " + c->error; break; }
            if (!skeleton) { skeleton = &c->clip->skeleton; first = id; }
            else if (!c->clip->skeleton.sameHierarchy(*skeleton)) {
                s.error = "clip '" + id + "' has a different skeleton from '" + first + "'";
                break;
            }
        }
        if (s.error.isEmpty() && !s.reference.isEmpty() && !s.clipIds.contains(s.reference))
            s.error = "reference '" + s.reference + "' is not one of its clips";
    }
}

QStringList Project::errors() const {
    QStringList out;
    const QString label = fileLabel(path);
    for (const ProjectClip& c : clips)
        if (!c.error.isEmpty()) out << QStringLiteral("%1: clip '%2': %3").arg(label, c.id, c.error);
    for (const ProjectSpace& s : spaces)
        if (!s.error.isEmpty()) out << QStringLiteral("%1: space '%2': %3").arg(label, s.name, s.error);
    return out;
}

QJsonObject Project::toJson() const {
    QJsonArray clipArray;
    for (const ProjectClip& c : clips) {
        QJsonObject o{{"id", c.id}, {"source", c.source}};
        if (c.trimIn >= 0 || c.trimOut >= 0) o["trim"] = QJsonArray{c.trimIn, c.trimOut};
        if (c.unitScale > 0) o["unit_scale"] = c.unitScale;
        clipArray.append(o);
    }
    QJsonArray spaceArray;
    for (const ProjectSpace& s : spaces) {
        QJsonObject o{{"name", s.name}, {"clips", QJsonArray::fromStringList(s.clipIds)}};
        if (!s.reference.isEmpty()) o["reference"] = s.reference;
        spaceArray.append(o);
    }
    QJsonObject settingsObject = settings.extra;
    settingsObject["fps"] = settings.fps;
    settingsObject["cycles"] = settings.cycles;
    settingsObject["style_increment"] = settings.styleIncrement;
    settingsObject["max_blend_rate"] = settings.maxBlendRate;
    settingsObject["foot_lock"] = settings.footLock;
    QJsonObject result{{"format", kFormat}, {"version", kVersion}, {"name", name},
                       {"clips", clipArray}, {"spaces", spaceArray}, {"settings", settingsObject}};
    if (!character.source.isEmpty() || !character.texture.isEmpty() || !character.jointMap.empty()) {
        QJsonObject c;
        if (!character.source.isEmpty()) c["source"] = character.source;
        if (!character.texture.isEmpty()) c["texture"] = character.texture;
        QJsonObject map;
        for (const auto& [target, source] : character.jointMap) map[target] = source;
        if (!map.isEmpty()) c["joint_map"] = map;
        result["character"] = c;
    }
    return result;
}

Status Project::save(const QString& filePath) const {
    QSaveFile file(filePath);
    if (!file.open(QIODevice::WriteOnly)) return fail(filePath, "cannot write: " + file.errorString());
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
            space.clips.push_back(*clip(id)->clip);
        }
        desc.spaces.push_back(std::move(space));
    }
    if (desc.spaces.empty())
        return fail(path, errors().isEmpty() ? QStringLiteral("the project has no motion space")
                                             : QStringLiteral("no motion space can be built: ") + errors().first());
    return desc;
}

}  // namespace gs

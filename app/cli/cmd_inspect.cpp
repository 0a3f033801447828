// gaitspace-cli inspect FILE... [--json]: imports clips and prints their figures.

#include <QCommandLineParser>
#include <QFileInfo>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "cli_common.h"
#include "core/clip/foot_contacts.h"
#include "core/io/raw_motion.h"
#include <gaitspace/runtime/gspace.h>
#include "core/clip/clip_kinematics.h"
#include "core/authoring_limits.h"
#include "core/clip/root_motion.h"

namespace gs::cli {
namespace {

// The gait period from same-foot strikes (median interval), in frames; one second without.
float strikePeriod(const FootContacts& contacts, float fps) {
    std::vector<float> intervals;
    for (const std::vector<int>* strikes : {&contacts.leftStrikes(), &contacts.rightStrikes()})
        for (size_t i = 1; i < strikes->size(); ++i)
            intervals.push_back(static_cast<float>((*strikes)[i] - (*strikes)[i - 1]));
    if (intervals.empty()) return fps;
    std::nth_element(intervals.begin(), intervals.begin() + intervals.size() / 2, intervals.end());
    return intervals[intervals.size() / 2];
}

QJsonObject clipFigures(const QString& file, const Clip& clip, const ImportedClips& imported,
                        const RootMotionSource& source) {
    const UnitReport& units = imported.units;
    const RootMotionStats motion = rootMotionStats(clip);
    FootContactJob contacts;
    contacts.clip = &clip;
    const Status contactStatus = contacts.run();
    const RootFigures root = rootFigures(clip);
    const float period = contactStatus ? strikePeriod(contacts.output, clip.fps) : clip.fps;

    QJsonObject o;
    o["file"] = file;
    o["name"] = QString::fromStdString(clip.name);
    o["frames"] = clip.frameCount();
    o["fps"] = clip.fps;
    o["duration_s"] = clip.duration();
    o["joints"] = clip.jointCount();
    o["units"] = QString::fromStdString(units.unit);
    o["unit_scale"] = units.scale;
    o["unit_reason"] = QString::fromStdString(units.reason);
    o["root_joint"] = QString::fromStdString(clip.skeleton.names.front());
    o["root_motion"] = QString::fromStdString(imported.rootMotion);
    o["root_motion_source"] = QString::fromStdString(source.sentence);
    o["root_motion_from_feet"] = source.fromFeet;
    o["up_axis"] = QString::fromStdString(imported.upAxis);
    o["facing"] = QString::fromStdString(imported.facing);
    o["in_place"] = root.hasFeet && root.inPlace;
    o["hip_height_m"] = root.hipHeight;
    o["path_length_m"] = motion.pathLength;
    o["speed_mps"] = motion.speed;
    o["gait_period_s"] = period / clip.fps;
    o["heading_change_deg"] = pathHeadingChange(clip, period) * 180.0 / std::numbers::pi;
    o["facing_change_deg"] = motion.headingChange * 180.0 / std::numbers::pi;
    QJsonObject strikes;
    if (contactStatus) {
        strikes["left"] = toJson(contacts.output.leftStrikes());
        strikes["right"] = toJson(contacts.output.rightStrikes());
    } else {
        o["contacts_error"] = QString::fromStdString(contactStatus.message());
    }
    o["heel_strikes"] = strikes;
    return o;
}

// A baked space: what it holds and the settings it carries.
QJsonObject bakedFigures(const QString& file, const BakedSpaceFile& b) {
    QJsonArray spaces;
    for (size_t s = 0; s < b.space.spaces.size(); ++s) {
        const BakedMotionSpace& ms = b.space.spaces[s];
        QJsonArray clips;
        for (const BakedClip& c : ms.clips)
            clips.append(QJsonObject{{"name", QString::fromStdString(c.name)},
                                     {"frames", c.frames},
                                     {"speed_mps", c.speed},
                                     {"curvature_deg_m", c.curvature * 180.0 / std::numbers::pi},
                                     {"seam_error_m", c.seamErrorM}});
        QJsonObject o{{"name", QString::fromStdString(ms.name)},
                      {"cycles", ms.cycles},
                      {"reference", QString::fromStdString(ms.clips[ms.reference].name)},
                      {"loop_frames", ms.referenceCycleFrames()},
                      {"start_frames", toJson(ms.startFrames)},
                      {"clips", clips}};
        // Stops and starts (not looped): their frames, joins with the loop and speed.
        for (auto [key, list] : {std::pair{"stops", &ms.stops}, std::pair{"starts", &ms.starts}}) {
            QJsonArray transitions;
            for (const BakedTransition& t : *list)
                transitions.append(QJsonObject{{"name", QString::fromStdString(t.name)},
                                               {"frames", t.frames},
                                               {"joins", static_cast<int>(t.joins.size())},
                                               {"speed_mps", t.speed}});
            o[key] = transitions;
        }
        if (s < b.goalSpaces.size()) {
            const GoalSpace& g = b.goalSpaces[s];
            o["goal_space"] = QJsonObject{{"X", g.startFrameCount()},
                                          {"Y", g.startBlends},
                                          {"Z", g.endBlends},
                                          {"F", g.horizon},
                                          {"samples", static_cast<double>(g.samples.size())}};
        }
        spaces.append(o);
    }
    return {{"file", file},
            {"bytes", static_cast<double>(QFileInfo(file).size())},
            {"format_version", static_cast<int>(b.formatVersion)},
            {"name", QString::fromStdString(b.space.name)},
            {"fps", b.space.fps},
            {"joints", b.space.skeleton.jointCount()},
            {"spaces", spaces},
            {"settings", QJsonObject{{"style_increment", b.locomotion.styleIncrement},
                                     {"max_blend_rate", b.locomotion.maxBlendRate},
                                     {"foot_lock", b.locomotion.footLock}}}};
}

void printText(const QJsonObject& c) {
    std::printf("%s  %s: %d frames at %g fps (%.2f s), %d joints, %s\n",
                qPrintable(c["file"].toString()), qPrintable(c["name"].toString()),
                c["frames"].toInt(), c["fps"].toDouble(), c["duration_s"].toDouble(),
                c["joints"].toInt(), qPrintable(c["units"].toString()));
    std::printf("  %s; %s; %s\n", qPrintable(c["root_motion"].toString()),
                qPrintable(c["up_axis"].toString()), qPrintable(c["facing"].toString()));
    std::printf("  %s\n", qPrintable(c["root_motion_source"].toString()));
    std::printf(
        "  hip %.3f m, path %.2f m, %.2f m/s, heading change %+.1f deg (path over a gait period of "
        "%.2f s; facing %+.1f deg)%s\n",
        c["hip_height_m"].toDouble(), c["path_length_m"].toDouble(), c["speed_mps"].toDouble(),
        c["heading_change_deg"].toDouble(), c["gait_period_s"].toDouble(),
        c["facing_change_deg"].toDouble(), c["in_place"].toBool() ? ", in place" : "");
    const QJsonObject hs = c["heel_strikes"].toObject();
    auto list = [](const QJsonArray& a) {
        QStringList s;
        for (const auto& v : a) s << QString::number(v.toInt());
        return s.join(' ');
    };
    std::printf("  heel strikes  left: %s  right: %s\n", qPrintable(list(hs["left"].toArray())),
                qPrintable(list(hs["right"].toArray())));
}

}  // namespace

int runInspect(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription("Imports motion files and prints each clip's figures.");
    parser.addHelpOption();
    parser.addPositionalArgument(
        "files", "Motion files (BVH, FBX, glTF, COLLADA, ...) or baked spaces (.gspace).",
        "FILE...");
    parser.addOption({"json", "Print one JSON object on stdout."});
    parser.addOption({"unit-scale", "Metres per file unit (overrides detection).", "metres"});
    parser.addOption({"root-motion",
                      "Where the ground travel comes from: auto (the file's root where it "
                      "travels, the planted feet where it stays in place; default), file or feet.",
                      "source"});
    parser.process(arguments);
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty()) {
        printError({}, "inspect needs at least one FILE");
        return 2;
    }
    ImportSettings settings;
    if (parser.isSet("unit-scale")) {
        bool ok = false;
        settings.unitScale = parser.value("unit-scale").toFloat(&ok);
        if (!ok || !(settings.unitScale >= limits::kMinUnitScale &&
                     settings.unitScale <= limits::kMaxUnitScale)) {
            printError({}, "--unit-scale: '" +
                               QString::fromStdString(
                                   limits::echo(parser.value("unit-scale").toStdString(), 20)) +
                               "' is not a number in [0.00001, 1000] metres per file unit");
            return 2;
        }
    }

    if (parser.isSet("root-motion")) {
        const auto mode = parseRootMotionMode(parser.value("root-motion").toStdString());
        if (!mode) {
            printError({}, "--root-motion: '" +
                               QString::fromStdString(
                                   limits::echo(parser.value("root-motion").toStdString(), 20)) +
                               "' is not auto, file or feet");
            return 2;
        }
        settings.rootMotion = *mode;
    }

    QJsonArray clips, baked, errors;
    for (const QString& file : files) {
        if (file.endsWith(".gspace", Qt::CaseInsensitive)) {
            auto b = loadGSpace(file.toStdString());
            if (!b) {
                const QString message = QString::fromStdString(withoutFile(b.message(), file));
                printError(file, message);
                errors.append(
                    QJsonObject{{"file", QString::fromStdString(limits::echo(file.toStdString()))},
                                {"message", message}});
                continue;
            }
            const QJsonObject o = bakedFigures(file, *b);
            baked.append(o);
            if (!parser.isSet("json")) {
                std::printf("%s  baked space '%s': %d joints at %g fps\n", qPrintable(file),
                            qPrintable(o["name"].toString()), o["joints"].toInt(),
                            o["fps"].toDouble());
                for (const auto& v : o["spaces"].toArray()) {
                    const QJsonObject s = v.toObject();
                    std::printf(
                        "  space '%s': %lld clips, %lld stops, %lld starts, %d cycles, loop %d "
                        "frames, %.0f goal "
                        "samples\n",
                        qPrintable(s["name"].toString()),
                        static_cast<long long>(s["clips"].toArray().size()),
                        static_cast<long long>(s["stops"].toArray().size()),
                        static_cast<long long>(s["starts"].toArray().size()), s["cycles"].toInt(),
                        s["loop_frames"].toInt(), s["goal_space"].toObject()["samples"].toDouble());
                }
            }
            continue;
        }
        auto imported = loadClips(file, settings);
        if (!imported) {
            const QString message = QString::fromStdString(imported.message());
            printError(file, message);
            errors.append(
                QJsonObject{{"file", QString::fromStdString(limits::echo(file.toStdString()))},
                            {"message", message}});
            continue;
        }
        QJsonArray warnings;
        for (const std::string& w : imported->warnings) {
            printWarning(file, QString::fromStdString(w));
            warnings.append(QString::fromStdString(w));
        }
        for (size_t i = 0; i < imported->clips.size(); ++i) {
            const Clip& clip = imported->clips[i];
            QJsonObject figures =
                clipFigures(file, clip, *imported, imported->rootMotionSources[i]);
            if (!warnings.isEmpty()) figures["warnings"] = warnings;
            clips.append(figures);
            if (!parser.isSet("json")) printText(figures);
        }
    }
    if (parser.isSet("json")) {
        QJsonObject o{{"clips", clips}, {"errors", errors}};
        if (!baked.isEmpty()) o["baked"] = baked;
        printJson(o);
    }
    return errors.isEmpty() ? 0 : 1;
}

}  // namespace gs::cli

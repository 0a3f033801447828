#include "fuzz/fuzz_inputs.h"

#include <QDir>
#include <QFile>
#include <QList>

#include <algorithm>
#include <cmath>

#include "common/foreign_bvh.h"
#include "core/synthetic/synthetic_gait.h"

namespace gs::fuzz {

namespace {

constexpr double kPi = 3.14159265358979;
constexpr double kThigh = 45.0, kShin = 45.0, kHipHeight = 86.0;  // centimetres

struct LegAngles {
    double hip = 0, knee = 0, foot = 0;
};  // degrees about X

// Two-bone IK in the leg's plane: the foot `dz` ahead of and `dy` below... above the hip.
// A rotation by t about X takes (0, -L, 0) to (0, -L cos t, -L sin t).
LegAngles solveLeg(double dy, double dz) {
    const double d = std::min(std::hypot(dy, dz), kThigh + kShin - 0.01);
    const double beta = std::atan2(-dz, -dy);
    const double a = std::acos(
        std::clamp((kThigh * kThigh + d * d - kShin * kShin) / (2 * kThigh * d), -1.0, 1.0));
    const double c = std::acos(
        std::clamp((kThigh * kThigh + kShin * kShin - d * d) / (2 * kThigh * kShin), -1.0, 1.0));
    LegAngles l;
    l.hip = beta - a;
    l.knee = kPi - c;
    l.foot = -(l.hip + l.knee);  // the foot stays flat
    l.hip *= 180.0 / kPi;
    l.knee *= 180.0 / kPi;
    l.foot *= 180.0 / kPi;
    return l;
}

// Where a foot is at frame f: planted for 55% of each cycle, then swung to the next plant.
void footAt(double f, double stepCm, double period, double offset, double& y, double& z) {
    const double t = f / period + offset;
    const double cycle = std::floor(t);
    const double phase = t - cycle;
    auto plant = [&](double c) { return stepCm * period * (c + 0.275 - offset); };
    if (phase < 0.55) {
        z = plant(cycle);
        y = 0.0;
    } else {
        const double s = (phase - 0.55) / 0.45;
        const double smooth = s * s * (3 - 2 * s);
        z = plant(cycle) + (plant(cycle + 1) - plant(cycle)) * smooth;
        y = 8.0 * std::sin(kPi * s);
    }
}

QByteArray legText(const char* side, double x) {
    const QByteArray s(side);
    return "  JOINT " + s + "UpLeg\n  {\n    OFFSET " + QByteArray::number(x, 'f', 2) +
           " 0.00 0.00\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
           "    JOINT " +
           s +
           "Leg\n    {\n      OFFSET 0.00 -45.00 0.00\n      CHANNELS 3 Zrotation Xrotation "
           "Yrotation\n"
           "      JOINT " +
           s +
           "Foot\n      {\n        OFFSET 0.00 -45.00 0.00\n        CHANNELS 3 Zrotation Xrotation "
           "Yrotation\n"
           "        JOINT " +
           s +
           "ToeBase\n        {\n          OFFSET 0.00 0.00 12.00\n          CHANNELS 3 Zrotation "
           "Xrotation Yrotation\n"
           "          End Site\n          {\n            OFFSET 0.00 0.00 5.00\n          }\n      "
           "  }\n      }\n    }\n  }\n";
}

}  // namespace

QByteArray walkBvh(int frames, double stepCm, double period) {
    QByteArray t =
        "HIERARCHY\nROOT Hips\n{\n  OFFSET 0.00 0.00 0.00\n"
        "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
        "  JOINT Spine\n  {\n    OFFSET 0.00 20.00 0.00\n    CHANNELS 3 Zrotation Xrotation "
        "Yrotation\n"
        "    JOINT Head\n    {\n      OFFSET 0.00 50.00 0.00\n      CHANNELS 3 Zrotation Xrotation "
        "Yrotation\n"
        "      End Site\n      {\n        OFFSET 0.00 20.00 0.00\n      }\n    }\n  }\n" +
        legText("Left", 10.0) + legText("Right", -10.0) + "}\nMOTION\n";
    t += "Frames: " + QByteArray::number(frames) + "\nFrame Time: 0.0333333\n";
    auto n = [](double v) { return QByteArray::number(v, 'f', 3); };
    for (int f = 0; f < frames; ++f) {
        const double hipZ = stepCm * f;
        QList<QByteArray> v;
        v << "0" << n(kHipHeight) << n(hipZ) << "0"
          << "0"
          << "0";  // Hips
        v << "0"
          << "2"
          << "0"
          << "0"
          << "-2"
          << "0";                           // Spine, Head
        for (double offset : {0.0, 0.5}) {  // left, right
            double y = 0, z = 0;
            footAt(f, stepCm, period, offset, y, z);
            const LegAngles leg = solveLeg(y - kHipHeight, z - hipZ);
            v << "0" << n(leg.hip) << "0"
              << "0" << n(leg.knee) << "0"
              << "0" << n(leg.foot) << "0"
              << "0"
              << "0"
              << "0";
        }
        t += v.join(' ') + "\n";
    }
    return t;
}

std::vector<QByteArray> importSeeds() {
    const QByteArray walk = walkBvh(40, 2.0, 30.0);
    QByteArray crlf = walk, cr = walk;
    crlf.replace("\n", "\r\n");
    cr.replace("\n", "\r");
    QByteArray extra = walk + walk.split('\n').at(walk.split('\n').size() - 2) + "\n";
    std::vector<QByteArray> seeds{walk,  walkBvh(2, 1.0, 8.0), crlf, cr, "\xEF\xBB\xBF" + walk,
                                  extra, walkBvh(1, 0.0, 10.0)};
    for (const QByteArray& foreign : foreignSeeds()) seeds.push_back(foreign);
    return seeds;
}

std::vector<QByteArray> foreignSeeds() {
    // A short synthetic walk, written in the shapes of the other capture sources.
    gs::SyntheticGaitSettings settings = gs::SyntheticGaitSettings::preset(gs::SyntheticGait::Walk);
    settings.curvature = 0.3f;
    settings.cycles = 2;
    auto clip = gs::generateSyntheticGait(settings);
    if (!clip) return {};
    gs::test::ForeignShape bandai;  // a static ground node, six channels on every joint, ZXY
    bandai.groundRoot = "joint_Root";
    bandai.sixChannels = true;
    bandai.crlf = true;
    bandai.finalNewline = false;
    gs::test::ForeignShape bandaiCarried = bandai;  // the ground node carries the travel
    bandaiCarried.groundCarriesTravel = true;
    gs::test::ForeignShape games105;  // metres, children listed in another order
    games105.unitsPerMetre = 1.0f;
    games105.reverseChildren = true;
    games105.rotationOrder = "XYZ";
    gs::test::ForeignShape style100;  // YXZ, a pelvis frame turned off its forward, Z up
    style100.rotationOrder = "YXZ";
    style100.pelvisFrameYawDeg = 90.0f;
    style100.zUp = true;
    std::vector<QByteArray> seeds;
    for (const gs::test::ForeignShape& shape : {bandai, bandaiCarried, games105, style100})
        seeds.push_back(QByteArray::fromStdString(gs::test::foreignBvh(*clip, shape)));
    return seeds;
}

std::vector<QByteArray> projectSeeds() {
    const QByteArray clips =
        R"("clips":[{"id":"a","source":"a.bvh"},{"id":"b","source":"b.bvh","trim":[5,110]},)"
        R"({"id":"c","source":"c.bvh","unit_scale":0.01}])";
    const QByteArray settings =
        R"("settings":{"fps":30,"cycles":0,"style_increment":0.1,"max_blend_rate":0.1,"foot_lock":true,)"
        R"("goal_space":{"X":2,"Y":3,"Z":3,"F":10,"subdivisions":1}})";
    const QByteArray head = R"({"format":"gaitspace-project","version":1,"name":"fuzz",)";
    return {
        head + clips + R"(,"spaces":[{"name":"walk","clips":["a","b","c"],"reference":"b"}],)" +
            settings + "}",
        head + clips +
            R"(,"spaces":[{"name":"walk","clips":["a","b"]},{"name":"jog","clips":["b","c"]}],)" +
            settings + "}",
        head + clips +
            R"(,"spaces":[{"name":"walk","clips":["a","b"]},{"name":"jog","clips":["b","c"]}],)"
            R"("style_keys":[{"time":0,"weights":[1,0]},{"time":4.5,"weights":[0.25,0.75]}],)"
            R"("settings":{"style_mode":"transition","style_transition_seconds":1.5}})",
        head + clips +
            R"(,"spaces":[],"settings":{"fps":24,"goal_space":{"Y":2,"Z":2,"F":1}},)"
            R"("character":{"source":"m.glb","joint_map":{"pelvis":"Hips"}},"note":1})",
        head + R"("clips":[]})",
    };
}

void writeProjectClips(const QString& folder) {
    QDir().mkpath(folder);
    const std::pair<const char*, QByteArray> files[] = {{"a.bvh", walkBvh(120, 1.8, 32.0)},
                                                        {"b.bvh", walkBvh(120, 2.0, 30.0)},
                                                        {"c.bvh", walkBvh(120, 2.2, 28.0)}};
    for (const auto& [name, bytes] : files) {
        QFile f(QDir(folder).filePath(name));
        if (f.open(QIODevice::WriteOnly)) f.write(bytes);
    }
}

}  // namespace gs::fuzz

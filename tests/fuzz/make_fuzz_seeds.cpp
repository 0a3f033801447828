// make_fuzz_seeds DIR: writes the generated seed corpora DIR/import/*.bvh and DIR/project/*.gsproj,
// the dictionaries DIR/bvh.dict and DIR/gsproj.dict, and the clips the project target uses
// (DIR/project-clips).

#include <QDir>
#include <QFile>

#include <cmath>
#include <cstdio>

#include <gaitspace/runtime/gspace.h>
#include "fuzz/fuzz_inputs.h"

namespace {

// A small baked space made by hand (3 joints, two 9-frame loops, a 2 x 2 x 3 goal space), so that
// the seed does not depend on what the builders accept.
QByteArray gspaceSeed() {
    gs::BakedSpaceFile baked;
    gs::BakedBehavioralSpace& bs = baked.space;
    bs.name = "fuzz";
    bs.skeleton.names = {"root", "hip", "toe"};
    bs.skeleton.parents = {-1, 0, 1};
    bs.skeleton.restOffsets = {glm::vec3(0, 0.9f, 0), glm::vec3(0, -0.45f, 0), glm::vec3(0, -0.45f, 0.1f)};
    bs.skeleton.restRotations.assign(3, glm::quat(1, 0, 0, 0));
    bs.skeleton.tipOffsets.assign(3, glm::vec3(0));
    bs.leftToe = bs.rightToe = 2;
    gs::BakedMotionSpace space;
    space.name = "walk";
    space.skeleton = bs.skeleton;
    space.startFrames = {0, 4};
    space.leftStrikes = {4};
    space.rightStrikes = {0};
    space.leftToe = space.rightToe = 2;
    const int frames = 9;
    for (int c = 0; c < 2; ++c) {
        gs::BakedClip clip;
        clip.name = c ? "left" : "right";
        clip.frames = frames;
        for (int f = 0; f < frames; ++f) {
            const float a = 0.3f * std::sin(6.2831853f * f / (frames - 1));
            clip.rotations.push_back(glm::quat(1, 0, 0, 0));
            clip.rotations.push_back(glm::angleAxis(a, glm::vec3(1, 0, 0)));
            clip.rotations.push_back(glm::angleAxis(-a, glm::vec3(1, 0, 0)));
            clip.rootHeight.push_back(0.9f);
            clip.leftContact.push_back(f < 4 ? 1.0f : 0.0f);
            clip.rightContact.push_back(f < 4 ? 0.0f : 1.0f);
            clip.warp.push_back(static_cast<float>(f));
        }
        for (int f = 0; f + 1 < frames; ++f) clip.step.push_back(glm::vec3(0.0f, 0.04f, c ? 0.01f : -0.01f));
        clip.strikes = {glm::ivec2(4, 0)};
        clip.curvature = c ? 0.25f : -0.25f;
        clip.speed = 1.2f;
        clip.periodFrames = 8.0f;
        space.clips.push_back(std::move(clip));
    }
    bs.spaces.push_back(std::move(space));
    bs.phaseMap.push_back({0, 1, 2, 3, 4, 5, 6, 7, 8});
    bs.crossResidual = {0.0f};
    gs::GoalSpace goals;
    goals.startBlends = 2;
    goals.endBlends = 3;
    goals.horizon = 10;
    goals.startFrames = {0.0f, 4.0f};
    for (int i = 0; i < 12; ++i) goals.samples.push_back({0.1f * (i % 3 - 1), 0.4f, 0.05f * (i % 3 - 1)});
    goals.left = {1.2f, 0.5f};
    goals.right = {1.2f, -0.5f};
    goals.straight = {1.2f, 0.0f};
    goals.sway = {0.02f, -0.02f};
    baked.goalSpaces.push_back(std::move(goals));
    if (gs::Status s = baked.validate(); !s) {
        std::fprintf(stderr, "make_fuzz_seeds: the gspace seed is invalid: %s\n", s.message().c_str());
        return {};
    }
    const std::vector<std::uint8_t> bytes = gs::writeGSpace(baked);
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), static_cast<qsizetype>(bytes.size()));
}

}  // namespace

int main(int argc, char* argv[]) {
    if (argc != 2) {
        std::fputs("usage: make_fuzz_seeds DIR\n", stderr);
        return 2;
    }
    const QDir dir(QString::fromLocal8Bit(argv[1]));
    QDir().mkpath(dir.path());
    auto write = [&](const QString& sub, const std::vector<QByteArray>& seeds, const char* ext) {
        QDir().mkpath(dir.filePath(sub));
        for (size_t i = 0; i < seeds.size(); ++i) {
            QFile f(dir.filePath(QStringLiteral("%1/seed%2%3").arg(sub).arg(i).arg(ext)));
            if (!f.open(QIODevice::WriteOnly) || f.write(seeds[i]) != seeds[i].size()) return false;
        }
        return true;
    };
    // Dictionaries: the words of each format, so that mutations build structure, not only noise.
    auto dictionary = [&](const char* name, std::initializer_list<const char*> words) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly)) return false;
        for (const char* w : words) {
            QByteArray escaped;
            for (const char* c = w; *c; ++c) {
                const auto byte = static_cast<unsigned char>(*c);
                if (*c == '"' || *c == '\\') escaped += QByteArray("\\") + *c;
                else if (byte < 0x20 || byte >= 0x7F) escaped += "\\x" + QByteArray::number(byte, 16).rightJustified(2, '0');
                else escaped += *c;
            }
            f.write("\"" + escaped + "\"\n");
        }
        return true;
    };
    const bool dictionaries =
        dictionary("bvh.dict", {"HIERARCHY", "ROOT", "JOINT", "End Site", "OFFSET", "CHANNELS", "MOTION",
                                "Frames:", "Frame Time:", "Xposition", "Yposition", "Zposition", "Xrotation",
                                "Yrotation", "Zrotation", "{", "}", "\r\n", "\r", "\xEF\xBB\xBF", "1e300",
                                "-0.0", "4294967413", "nan", "1e-300", "6"}) &&
        dictionary("gsproj.dict", {"\"format\"", "\"gaitspace-project\"", "\"version\"", "\"clips\"",
                                   "\"spaces\"", "\"settings\"", "\"character\"", "\"id\"", "\"source\"",
                                   "\"trim\"", "\"unit_scale\"", "\"name\"", "\"reference\"", "\"fps\"",
                                   "\"cycles\"", "\"style_increment\"", "\"max_blend_rate\"", "\"foot_lock\"",
                                   "\"goal_space\"", "\"X\"", "\"Y\"", "\"Z\"", "\"F\"", "\"subdivisions\"",
                                   "\"joint_map\"", "\"style_keys\"", "\"time\"", "\"weights\"", "\"style_mode\"",
                                   "\"transition\"", "\"increment\"", "\"style_transition_seconds\"", "\"a.bvh\"", "\"b.bvh\"", "\"c.bvh\"", "\"a\"", "\"b\"",
                                   "\"c\"", "1e9", "2147483647", "-1", "0.5", "null", "true", "[", "]", "{", "}"}) &&
        dictionary("gspace.dict", {"INFO", "SKEL", "SPAC", "PHAS", "GOAL", "SETT", "GSPC\r\n\x1a\n",
                                   "\xff\xff\xff\xff", "\xff\xff\x7f\x7f", "\xff\xff\xff\x7f",
                                   "\x02"});
    if (!dictionaries || !write("import", gs::fuzz::importSeeds(), ".bvh") ||
        !write("project", gs::fuzz::projectSeeds(), ".gsproj") ||
        !write("gspace", {gspaceSeed()}, ".gspace")) {
        std::fputs("make_fuzz_seeds: cannot write the seeds\n", stderr);
        return 1;
    }
    // The clips the project target writes beside each input, to replay a finding by hand.
    gs::fuzz::writeProjectClips(dir.filePath("project-clips"));
    return 0;
}

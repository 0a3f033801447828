// make_fuzz_seeds DIR: writes the generated seed corpora DIR/import/*.bvh, DIR/project/*.gsproj,
// DIR/gspace/*.gspace, DIR/gltf/*.glb and DIR/level/*.gslevel, the dictionaries DIR/bvh.dict,
// DIR/gsproj.dict, DIR/gspace.dict, DIR/gltf.dict and DIR/level.dict, and the clips the project
// target uses (DIR/project-clips).
// The glTF seeds are a small animated, skinned GLB made here and the shipped characters, read from
// $GAITSPACE_DATA_DIR/characters (else the build's data folder) when they are there.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtEndian>

#include <cmath>
#include <cstdio>

#include <gaitspace/runtime/gspace.h>
#include "core/level/demo_level.h"
#include "core/level/level_bake.h"
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
    bs.skeleton.restOffsets = {glm::vec3(0, 0.9f, 0), glm::vec3(0, -0.45f, 0),
                               glm::vec3(0, -0.45f, 0.1f)};
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
        for (int f = 0; f + 1 < frames; ++f)
            clip.step.push_back(glm::vec3(0.0f, 0.04f, c ? 0.01f : -0.01f));
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
    for (int i = 0; i < 12; ++i)
        goals.samples.push_back({0.1f * (i % 3 - 1), 0.4f, 0.05f * (i % 3 - 1)});
    goals.left = {1.2f, 0.5f};
    goals.right = {1.2f, -0.5f};
    goals.straight = {1.2f, 0.0f};
    goals.sway = {0.02f, -0.02f};
    baked.goalSpaces.push_back(std::move(goals));
    if (gs::Status s = baked.validate(); !s) {
        std::fprintf(stderr, "make_fuzz_seeds: the gspace seed is invalid: %s\n",
                     s.message().c_str());
        return {};
    }
    const std::vector<std::uint8_t> bytes = gs::writeGSpace(baked);
    return QByteArray(reinterpret_cast<const char*>(bytes.data()),
                      static_cast<qsizetype>(bytes.size()));
}

// Levels baked here: the demo level and a slab with a box on it (a small mesh, a hole).
std::vector<QByteArray> levelSeeds() {
    gs::LevelMesh slab = gs::boxMesh({-2.0f, -0.2f, -2.0f}, {2.0f, 0.0f, 2.0f});
    slab.append(gs::boxMesh({-0.5f, 0.0f, -0.5f}, {0.5f, 1.0f, 0.5f}));
    std::vector<QByteArray> seeds;
    for (const gs::LevelMesh& mesh : {gs::demoLevel(), slab}) {
        gs::BakedLevel level;
        gs::LevelBakeJob job;
        job.mesh = &mesh;
        job.name = "seed";
        job.output = &level;
        if (gs::Status s = job.run(); !s) {
            std::fprintf(stderr, "make_fuzz_seeds: a level seed does not bake: %s\n",
                         s.message().c_str());
            continue;
        }
        const std::vector<std::uint8_t> bytes = gs::writeGSLevel(level);
        seeds.emplace_back(reinterpret_cast<const char*>(bytes.data()),
                           static_cast<qsizetype>(bytes.size()));
    }
    return seeds;
}

// A GLB of a JSON object and a BIN chunk (none when empty), padded as the format asks.
QByteArray glb(const QJsonObject& json, QByteArray bin) {
    auto u32 = [](quint32 v) {
        QByteArray b(4, '\0');
        qToLittleEndian(v, b.data());
        return b;
    };
    QByteArray text = QJsonDocument(json).toJson(QJsonDocument::Compact);
    while (text.size() % 4) text += ' ';
    while (bin.size() % 4) bin += '\0';
    QByteArray body = u32(text.size()) + "JSON" + text;
    if (!bin.isEmpty()) body += u32(bin.size()) + QByteArray("BIN\0", 4) + bin;
    return "glTF" + u32(2) + u32(12 + body.size()) + body;
}

QByteArray floats(std::initializer_list<float> values) {
    QByteArray bytes;
    for (float v : values) {
        char b[4];
        qToLittleEndian(v, b);
        bytes.append(b, 4);
    }
    return bytes;
}

// Data appended to a BIN chunk, one buffer view and accessor per call.
struct GlbData {
    QByteArray bin;
    QJsonArray views, accessors;
    int add(const QByteArray& bytes, int componentType, const char* type, int count) {
        views.append(QJsonObject{
            {"buffer", 0}, {"byteOffset", int(bin.size())}, {"byteLength", int(bytes.size())}});
        bin += bytes;
        while (bin.size() % 4) bin += '\0';
        accessors.append(QJsonObject{{"bufferView", int(views.size()) - 1},
                                     {"componentType", componentType},
                                     {"type", type},
                                     {"count", count}});
        return int(accessors.size()) - 1;
    }
};

// A GLB made here: a three-joint leg swinging over three keys, skinning one triangle.
QByteArray smallGlb() {
    GlbData d;
    const int times = d.add(floats({0.0f, 0.5f, 1.0f}), 5126, "SCALAR", 3);
    const int swing =
        d.add(floats({0, 0, 0, 1, 0.2588f, 0, 0, 0.9659f, 0, 0, 0, 1}), 5126, "VEC4", 3);
    const int travel = d.add(floats({0, 0.9f, 0, 0, 0.9f, 0.5f, 0, 0.9f, 1.0f}), 5126, "VEC3", 3);
    const int positions = d.add(floats({0, 0.9f, 0, 0.1f, 0.45f, 0, 0, 0, 0.1f}), 5126, "VEC3", 3);
    const int weights = d.add(floats({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0}), 5126, "VEC4", 3);
    const int joints = d.add(QByteArray("\0\0\0\0\1\0\0\0\2\0\0\0", 12), 5121, "VEC4", 3);
    QByteArray inverseBinds;
    for (float y : {-0.9f, -0.45f, 0.0f})
        inverseBinds += floats({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, y, 0, 1});
    const int binds = d.add(inverseBinds, 5126, "MAT4", 3);
    auto channel = [](int sampler, int node, const char* path) {
        return QJsonObject{{"sampler", sampler},
                           {"target", QJsonObject{{"node", node}, {"path", path}}}};
    };
    QJsonObject json{
        {"asset", QJsonObject{{"version", "2.0"}}},
        {"scene", 0},
        {"scenes", QJsonArray{QJsonObject{{"nodes", QJsonArray{0, 3}}}}},
        {"nodes",
         QJsonArray{QJsonObject{{"name", "hips"},
                                {"children", QJsonArray{1}},
                                {"translation", QJsonArray{0, 0.9, 0}}},
                    QJsonObject{{"name", "knee"},
                                {"children", QJsonArray{2}},
                                {"translation", QJsonArray{0, -0.45, 0}}},
                    QJsonObject{{"name", "foot"}, {"translation", QJsonArray{0, -0.45, 0}}},
                    QJsonObject{{"name", "body"}, {"mesh", 0}, {"skin", 0}}}},
        {"meshes", QJsonArray{QJsonObject{
                       {"primitives", QJsonArray{QJsonObject{
                                          {"attributes", QJsonObject{{"POSITION", positions},
                                                                     {"JOINTS_0", joints},
                                                                     {"WEIGHTS_0", weights}}}}}}}}},
        {"skins",
         QJsonArray{QJsonObject{{"joints", QJsonArray{0, 1, 2}}, {"inverseBindMatrices", binds}}}},
        {"animations",
         QJsonArray{QJsonObject{
             {"name", "swing"},
             {"samplers",
              QJsonArray{
                  QJsonObject{{"input", times}, {"output", swing}},
                  QJsonObject{{"input", times}, {"output", travel}, {"interpolation", "STEP"}}}},
             {"channels", QJsonArray{channel(0, 1, "rotation"), channel(0, 2, "rotation"),
                                     channel(1, 0, "translation")}}}}},
        {"buffers", QJsonArray{QJsonObject{{"byteLength", int(d.bin.size())}}}},
        {"bufferViews", d.views},
        {"accessors", d.accessors}};
    return glb(json, d.bin);
}

// The shipped characters as GLB seeds (a .gltf's data: uri buffer moved into a BIN chunk), and
// the robot with one animation: empty when the data folder is absent.
std::vector<QByteArray> characterSeeds() {
    QString data = qEnvironmentVariable("GAITSPACE_DATA_DIR");
    if (data.isEmpty()) data = QStringLiteral(GAITSPACE_DEFAULT_DATA_DIR);
    const QDir characters(data + "/characters");
    auto read = [&](const char* relative) {
        QFile f(characters.filePath(relative));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    std::vector<QByteArray> seeds;
    for (const char* file :
         {"robot_expressive/RobotExpressive.glb", "male_base_mesh/male_base_mesh.glb"}) {
        const QByteArray bytes = read(file);
        if (bytes.size() < 20) continue;
        seeds.push_back(bytes);
        if (!QByteArray(file).startsWith("robot")) continue;
        const quint32 jsonLength = qFromLittleEndian<quint32>(bytes.constData() + 12);
        QJsonObject json = QJsonDocument::fromJson(bytes.mid(20, jsonLength)).object();
        QJsonArray animations = json["animations"].toArray();
        for (qsizetype i = animations.size(); i-- > 0;)
            if (animations[i].toObject()["name"].toString() != "Idle") animations.removeAt(i);
        json["animations"] = animations;
        seeds.push_back(
            glb(json, bytes.mid(28 + jsonLength,
                                qFromLittleEndian<quint32>(bytes.constData() + 20 + jsonLength))));
    }
    QJsonObject female =
        QJsonDocument::fromJson(read("quaternius_casual_female/Casual_Female.gltf")).object();
    QJsonArray buffers = female["buffers"].toArray();
    if (!buffers.isEmpty()) {
        QJsonObject buffer = buffers[0].toObject();
        const QByteArray uri = buffer["uri"].toString().toLatin1();
        const QByteArray bin = QByteArray::fromBase64(uri.mid(uri.indexOf(',') + 1));
        buffer.remove("uri");
        buffers[0] = buffer;
        female["buffers"] = buffers;
        seeds.push_back(glb(female, bin));
    }
    if (seeds.empty())
        std::fprintf(
            stderr,
            "make_fuzz_seeds: no characters in %s: the glTF corpus holds only the small GLB\n",
            qPrintable(characters.path()));
    return seeds;
}

}  // namespace

// The generated project seeds and the projects the repository ships (resources/demo and
// resources/projects), so that mutations start from every key real projects use.
std::vector<QByteArray> projectSeedsWithShipped() {
    std::vector<QByteArray> seeds = gs::fuzz::projectSeeds();
    for (const char* folder : {"/resources/demo", "/resources/projects"}) {
        const QDir shipped(QStringLiteral(GAITSPACE_SOURCE_DIR) + folder);
        for (const QString& name : shipped.entryList({"*.gsproj"}, QDir::Files, QDir::Name)) {
            QFile f(shipped.filePath(name));
            if (f.open(QIODevice::ReadOnly)) seeds.push_back(f.readAll());
        }
    }
    return seeds;
}

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
                if (*c == '"' || *c == '\\')
                    escaped += QByteArray("\\") + *c;
                else if (byte < 0x20 || byte >= 0x7F)
                    escaped += "\\x" + QByteArray::number(byte, 16).rightJustified(2, '0');
                else
                    escaped += *c;
            }
            f.write("\"" + escaped + "\"\n");
        }
        return true;
    };
    const bool dictionaries =
        dictionary("bvh.dict",
                   {"HIERARCHY", "ROOT",      "JOINT",      "End Site",    "OFFSET",
                    "CHANNELS",  "MOTION",    "Frames:",    "Frame Time:", "Xposition",
                    "Yposition", "Zposition", "Xrotation",  "Yrotation",   "Zrotation",
                    "{",         "}",         "\r\n",       "\r",          "\xEF\xBB\xBF",
                    "1e300",     "-0.0",      "4294967413", "nan",         "1e-300",
                    "6"}) &&
        dictionary("gsproj.dict", {"\"format\"",
                                   "\"gaitspace-project\"",
                                   "\"version\"",
                                   "\"clips\"",
                                   "\"spaces\"",
                                   "\"settings\"",
                                   "\"character\"",
                                   "\"id\"",
                                   "\"source\"",
                                   "\"trim\"",
                                   "\"unit_scale\"",
                                   "\"name\"",
                                   "\"reference\"",
                                   "\"fps\"",
                                   "\"cycles\"",
                                   "\"style_increment\"",
                                   "\"max_blend_rate\"",
                                   "\"foot_lock\"",
                                   "\"goal_space\"",
                                   "\"X\"",
                                   "\"Y\"",
                                   "\"Z\"",
                                   "\"F\"",
                                   "\"subdivisions\"",
                                   "\"joint_map\"",
                                   "\"style_keys\"",
                                   "\"time\"",
                                   "\"weights\"",
                                   "\"style_mode\"",
                                   "\"transition\"",
                                   "\"increment\"",
                                   "\"style_transition_seconds\"",
                                   "\"a.bvh\"",
                                   "\"b.bvh\"",
                                   "\"c.bvh\"",
                                   "\"a\"",
                                   "\"b\"",
                                   "\"c\"",
                                   "1e9",
                                   "2147483647",
                                   "-1",
                                   "0.5",
                                   "null",
                                   "true",
                                   "[",
                                   "]",
                                   "{",
                                   "}"}) &&
        dictionary("gltf.dict", {"glTF",
                                 "JSON",
                                 "BIN",
                                 "\"asset\"",
                                 "\"version\"",
                                 "\"2.0\"",
                                 "\"1.0\"",
                                 "\"buffers\"",
                                 "\"bufferViews\"",
                                 "\"accessors\"",
                                 "\"buffer\"",
                                 "\"bufferView\"",
                                 "\"byteLength\"",
                                 "\"byteOffset\"",
                                 "\"byteStride\"",
                                 "\"uri\"",
                                 "\"data:application/octet-stream;base64,AAAAAA==\"",
                                 "\"../../etc/passwd\"",
                                 "\"count\"",
                                 "\"componentType\"",
                                 "\"type\"",
                                 "\"SCALAR\"",
                                 "\"VEC3\"",
                                 "\"VEC4\"",
                                 "\"MAT4\"",
                                 "5126",
                                 "5125",
                                 "5123",
                                 "5121",
                                 "\"sparse\"",
                                 "\"scene\"",
                                 "\"scenes\"",
                                 "\"nodes\"",
                                 "\"children\"",
                                 "\"mesh\"",
                                 "\"skin\"",
                                 "\"camera\"",
                                 "\"translation\"",
                                 "\"rotation\"",
                                 "\"scale\"",
                                 "\"matrix\"",
                                 "\"weights\"",
                                 "\"meshes\"",
                                 "\"primitives\"",
                                 "\"attributes\"",
                                 "\"POSITION\"",
                                 "\"NORMAL\"",
                                 "\"JOINTS_0\"",
                                 "\"WEIGHTS_0\"",
                                 "\"TEXCOORD_1\"",
                                 "\"indices\"",
                                 "\"mode\"",
                                 "\"targets\"",
                                 "\"material\"",
                                 "\"skins\"",
                                 "\"joints\"",
                                 "\"inverseBindMatrices\"",
                                 "\"skeleton\"",
                                 "\"animations\"",
                                 "\"channels\"",
                                 "\"samplers\"",
                                 "\"sampler\"",
                                 "\"input\"",
                                 "\"output\"",
                                 "\"interpolation\"",
                                 "\"CUBICSPLINE\"",
                                 "\"STEP\"",
                                 "\"target\"",
                                 "\"node\"",
                                 "\"path\"",
                                 "\"materials\"",
                                 "\"textures\"",
                                 "\"images\"",
                                 "\"index\"",
                                 "\"source\"",
                                 "\"mimeType\"",
                                 "\"extensions\"",
                                 "\"KHR_draco_mesh_compression\"",
                                 "1e38",
                                 "-1",
                                 "0",
                                 "4294967295",
                                 "4294967296",
                                 "[",
                                 "]",
                                 "{",
                                 "}",
                                 ":",
                                 ","}) &&
        dictionary("gspace.dict",
                   {"INFO", "SKEL", "SPAC", "PHAS", "GOAL", "SETT", "GSPC\r\n\x1a\n",
                    "\xff\xff\xff\xff", "\xff\xff\x7f\x7f", "\xff\xff\xff\x7f", "\x02"}) &&
        dictionary("level.dict", {"INFO", "NAVM", "GSLV\r\n\x1a\n", "DNAV", "VAND",
                                  "\xff\xff\xff\xff", "\xff\xff\x7f\x7f", "\xff\xff\xff\x7f",
                                  "\x01\x01\xc0\x7f", "\x07", "\x80", "\x01\x80"});
    if (!dictionaries || !write("import", gs::fuzz::importSeeds(), ".bvh") ||
        !write("project", projectSeedsWithShipped(), ".gsproj") ||
        !write("gspace", {gspaceSeed()}, ".gspace") || !write("level", levelSeeds(), ".gslevel")) {
        std::fputs("make_fuzz_seeds: cannot write the seeds\n", stderr);
        return 1;
    }
    std::vector<QByteArray> gltf = characterSeeds();
    gltf.insert(gltf.begin(), smallGlb());
    if (!write("gltf", gltf, ".glb")) {
        std::fputs("make_fuzz_seeds: cannot write the seeds\n", stderr);
        return 1;
    }
    // The clips the project target writes beside each input, to replay a finding by hand.
    gs::fuzz::writeProjectClips(dir.filePath("project-clips"));
    return 0;
}

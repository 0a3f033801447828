#include "fuzz/fuzz_inputs.h"

#include <QDir>
#include <QFile>
#include <QList>

#include <cmath>

namespace gs::fuzz {

QByteArray walkBvh(int frames, double stepCm, double period) {
    QByteArray t =
        "HIERARCHY\nROOT Hips\n{\n  OFFSET 0.00 0.00 0.00\n"
        "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
        "  JOINT Spine\n  {\n    OFFSET 0.00 20.00 0.00\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "    JOINT Head\n    {\n      OFFSET 0.00 50.00 0.00\n      CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "      End Site\n      {\n        OFFSET 0.00 20.00 0.00\n      }\n    }\n  }\n"
        "  JOINT LeftUpLeg\n  {\n    OFFSET 10.00 0.00 0.00\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "    JOINT LeftFoot\n    {\n      OFFSET 0.00 -45.00 0.00\n      CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "      End Site\n      {\n        OFFSET 0.00 -45.00 5.00\n      }\n    }\n  }\n"
        "  JOINT RightUpLeg\n  {\n    OFFSET -10.00 0.00 0.00\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "    JOINT RightFoot\n    {\n      OFFSET 0.00 -45.00 0.00\n      CHANNELS 3 Zrotation Xrotation Yrotation\n"
        "      End Site\n      {\n        OFFSET 0.00 -45.00 5.00\n      }\n    }\n  }\n"
        "}\nMOTION\n";
    t += "Frames: " + QByteArray::number(frames) + "\nFrame Time: 0.0333333\n";
    for (int f = 0; f < frames; ++f) {
        const double phase = 2.0 * 3.14159265358979 * f / period;
        const double swing = 25.0 * std::sin(phase);
        QList<QByteArray> v;
        v << QByteArray::number(3.0 * std::sin(phase), 'f', 3) << QByteArray::number(88.0 + 2.0 * std::cos(2 * phase), 'f', 3)
          << QByteArray::number(stepCm * f, 'f', 3) << "0" << "0" << QByteArray::number(2.0 * f / period, 'f', 3);
        v << "0" << "2" << "0" << "0" << "-2" << "0";
        v << "0" << QByteArray::number(swing, 'f', 3) << "0" << "0" << QByteArray::number(std::max(0.0, -swing), 'f', 3) << "0";
        v << "0" << QByteArray::number(-swing, 'f', 3) << "0" << "0" << QByteArray::number(std::max(0.0, swing), 'f', 3) << "0";
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
    QByteArray positions = walk;
    positions.replace("CHANNELS 3 Zrotation Xrotation Yrotation",
                      "CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation");
    return {walk, walkBvh(2, 1.0, 8.0), crlf, cr, "\xEF\xBB\xBF" + walk, extra, walkBvh(1, 0.0, 10.0)};
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
        head + clips + R"(,"spaces":[{"name":"walk","clips":["a","b","c"],"reference":"b"}],)" + settings + "}",
        head + clips + R"(,"spaces":[{"name":"walk","clips":["a","b"]},{"name":"jog","clips":["b","c"]}],)" +
            settings + "}",
        head + clips + R"(,"spaces":[],"settings":{"fps":24,"goal_space":{"Y":2,"Z":2,"F":1}},)"
                       R"("character":{"source":"m.glb","joint_map":{"pelvis":"Hips"}},"note":1})",
        head + R"("clips":[]})",
    };
}

void writeProjectClips(const QString& folder) {
    QDir().mkpath(folder);
    const std::pair<const char*, QByteArray> files[] = {
        {"a.bvh", walkBvh(120, 1.8, 32.0)}, {"b.bvh", walkBvh(120, 2.0, 30.0)}, {"c.bvh", walkBvh(120, 2.2, 28.0)}};
    for (const auto& [name, bytes] : files) {
        QFile f(QDir(folder).filePath(name));
        if (f.open(QIODevice::WriteOnly)) f.write(bytes);
    }
}

}  // namespace gs::fuzz

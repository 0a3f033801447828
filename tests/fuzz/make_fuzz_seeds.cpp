// make_fuzz_seeds DIR: writes the generated seed corpora DIR/import/*.bvh and DIR/project/*.gsproj,
// the dictionaries DIR/bvh.dict and DIR/gsproj.dict, and the clips the project target uses
// (DIR/project-clips).

#include <QDir>
#include <QFile>

#include <cstdio>

#include "fuzz/fuzz_inputs.h"

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
                                   "\"joint_map\"", "\"a.bvh\"", "\"b.bvh\"", "\"c.bvh\"", "\"a\"", "\"b\"",
                                   "\"c\"", "1e9", "2147483647", "-1", "0.5", "null", "true", "[", "]", "{", "}"});
    if (!dictionaries || !write("import", gs::fuzz::importSeeds(), ".bvh") ||
        !write("project", gs::fuzz::projectSeeds(), ".gsproj")) {
        std::fputs("make_fuzz_seeds: cannot write the seeds\n", stderr);
        return 1;
    }
    // The clips the project target writes beside each input, to replay a finding by hand.
    gs::fuzz::writeProjectClips(dir.filePath("project-clips"));
    return 0;
}

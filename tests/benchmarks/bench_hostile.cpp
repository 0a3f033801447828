// How long hostile inputs take to be refused (or, for a project with many unknown keys, read):
// the figures the hostile-input tests (tst_hostile_bvh, tst_gltf_check, tst_hostile_project)
// used to assert against the wall clock. Every input is generated in a temporary folder.
// Each case runs 5 times; the median and the slowest are printed, with the outcome's first line.
// Usage: bench_hostile

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include "app/project/project.h"
#include "common/generated_bvh.h"
#include "core/io/clip_import.h"

namespace {

using Clock = std::chrono::steady_clock;

bool write(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// Runs `work` five times; prints the median and the slowest in ms and what the last run said.
void time(const char* name, const std::function<std::string()>& work) {
    std::vector<double> ms;
    std::string outcome;
    for (int run = 0; run < 5; ++run) {
        const auto t0 = Clock::now();
        outcome = work();
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    outcome = outcome.substr(0, outcome.find('\n'));
    if (outcome.size() > 70) outcome = outcome.substr(0, 67) + "...";
    std::printf("%-36s median %8.2f ms, slowest %8.2f ms  (%s)\n", name, ms[2], ms[4],
                outcome.c_str());
}

std::string importOutcome(const QString& path) {
    auto imported = gs::importClips(path.toStdString());
    return imported ? std::to_string(imported->clips.size()) + " clip(s)" : imported.message();
}

std::string projectOutcome(const QString& path) {
    auto p = gs::Project::load(path);
    return p ? std::to_string(p->warnings.size()) + " warnings" : p.message();
}

QByteArray baseProjectJson() {
    return R"({"format":"gaitspace-project","version":1,"name":"hostile",
        "clips":[{"id":"a","source":"a.bvh"},{"id":"b","source":"b.bvh","trim":[2,100]}],
        "spaces":[{"name":"walk","clips":["a","b"],"reference":"a"}],
        "settings":{"fps":30,"cycles":0,"style_increment":0.1,"max_blend_rate":0.1,"foot_lock":true,
                    "goal_space":{"X":0,"Y":13,"Z":25,"F":40,"subdivisions":4}}})";
}

}  // namespace

int main() {
    QTemporaryDir dir;
    if (!dir.isValid()) {
        std::fprintf(stderr, "bench_hostile: no temporary folder\n");
        return 1;
    }
    const auto file = [&](const char* name) { return dir.filePath(name); };

    std::printf("motion files (importClips)\n");
    write(file("nested.bvh"), gs::test::manyJointsBvh(10000, true));
    time("10000 nested joints", [&] { return importOutcome(file("nested.bvh")); });
    write(file("siblings.bvh"), gs::test::manyJointsBvh(300, false));
    time("300 sibling joints", [&] { return importOutcome(file("siblings.bvh")); });
    write(file("valid.bvh"), gs::test::generatedBvh(1000));
    time("valid BVH, 1000 frames", [&] { return importOutcome(file("valid.bvh")); });
    for (const char* name : {"big.bvh", "big.glb"}) {
        write(file(name), gs::test::generatedBvh(2));
        std::filesystem::resize_file(file(name).toStdString(), 300ull << 20);  // sparse
    }
    time("300 MiB BVH (sparse)", [&] { return importOutcome(file("big.bvh")); });
    time("300 MiB GLB (sparse)", [&] { return importOutcome(file("big.glb")); });
    ::symlink("/dev/zero", file("zero.bvh").toLocal8Bit().constData());
    time("symlink to /dev/zero", [&] { return importOutcome(file("zero.bvh")); });
    ::mkfifo(file("fifo.bvh").toLocal8Bit().constData(), 0600);
    time("FIFO", [&] { return importOutcome(file("fifo.bvh")); });

    std::printf("projects (Project::load)\n");
    write(file("a.bvh"), gs::test::generatedBvh(120));
    write(file("b.bvh"), gs::test::generatedBvh(120));
    QByteArray many = baseProjectJson();
    many.chop(1);
    for (int i = 0; i < 200000; ++i) many += ",\"k" + QByteArray::number(i) + "\":1";
    many += "}";
    write(file("many.gsproj"), many);
    time("200,000 unknown keys", [&] { return projectOutcome(file("many.gsproj")); });
    write(file("big.gsproj"), "{}");
    std::filesystem::resize_file(file("big.gsproj").toStdString(), 20 << 20);
    time("20 MiB project", [&] { return projectOutcome(file("big.gsproj")); });
    ::symlink("/dev/zero", file("zero.gsproj").toLocal8Bit().constData());
    time("project symlink to /dev/zero", [&] { return projectOutcome(file("zero.gsproj")); });
    return 0;
}

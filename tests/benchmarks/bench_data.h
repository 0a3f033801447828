#pragma once
// What the benchmark programs share: where the data is, and loading CMU clips into a space.

#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>

#include "core/io/clip_import.h"
#include "core/spaces/behavioral_space.h"
#include "core/spaces/motion_space.h"

namespace gs::bench {

// The data folder: the first argument, else $GAITSPACE_DATA_DIR, else ../shared/data.
inline std::string dataDir(int argc, char** argv) {
    if (argc > 1) return argv[1];
    if (const char* env = std::getenv("GAITSPACE_DATA_DIR")) return env;
    return "../shared/data";
}

// A motion space of CMU subject-16 clips (ids such as "16_15"); exits with a message on error.
inline MotionSpaceDesc cmuSpace(const std::string& dir, const char* name,
                                std::initializer_list<const char*> ids) {
    MotionSpaceDesc d;
    d.name = name;
    for (const char* id : ids) {
        auto imported = importClips(dir + "/cmu/" + id + ".bvh");
        if (!imported) {
            std::fprintf(stderr, "benchmark: %s/cmu/%s.bvh: %s\n", dir.c_str(), id,
                         imported.message().c_str());
            std::exit(1);
        }
        d.clips.push_back(imported->clips.front());
    }
    return d;
}

// The demo project's spaces, untrimmed: walk 16_19, 16_13, 16_15, 16_11, 16_17 and jog 16_44,
// 16_39, 16_35, 16_37, 16_41 (90 right, veer right, straight, veer left, 90 left).
// With `transitions`, the subject's stops and starts too (walk stops 16_33, 16_34, starts 16_31,
// 16_32; jog stops 16_08, 16_57), as the demo project lists them.
inline BehavioralSpaceDesc cmuDemoDesc(const std::string& dir, bool transitions = false) {
    BehavioralSpaceDesc demo;
    demo.name = "demo";
    demo.spaces = {cmuSpace(dir, "walk", {"16_19", "16_13", "16_15", "16_11", "16_17"}),
                   cmuSpace(dir, "jog", {"16_44", "16_39", "16_35", "16_37", "16_41"})};
    if (transitions) {
        demo.spaces[0].stops = cmuSpace(dir, "walk stops", {"16_33", "16_34"}).clips;
        demo.spaces[0].starts = cmuSpace(dir, "walk starts", {"16_31", "16_32"}).clips;
        demo.spaces[1].stops = cmuSpace(dir, "jog stops", {"16_08", "16_57"}).clips;
    }
    return demo;
}

}  // namespace gs::bench

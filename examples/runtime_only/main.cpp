// A game's view of Gaitspace in C++: load a baked space and steer a crowd with it, linking the
// runtime alone (standard C++ and GLM; no Qt, no Assimp), in the tree or outside it through
// find_package(Gaitspace COMPONENTS runtime). 200 characters walk to goals in a 40 m square at a
// jittery frame time; each gets a new goal when it arrives. In a space baked with stops a
// character stops on its goal and stands (Crowd::motionState), and a second later gets the next,
// which it starts toward; without stops it gets the next once it is within 0.5 m. Halfway
// through, one character is removed and another added in its slot: the removed one's id is
// refused from then on.
//
// On a space without stops the scenario is the one examples/c_crowd (C) and examples/python
// (ctypes) run, number for number (goals and frame times are binary fractions, distances are
// compared in double), so all three print the same checksum of the poses: an FNV-1a hash of
// every character's root at every tenth update and of every local pose (w, x, y, z) at the end.
//
// Usage: runtime_only SPACE.gspace [CHARACTERS=200] [SECONDS=30] [THREADS=1]
// Prints one line: characters, simulated seconds, updates, goals reached, the stale id refused,
// the checksum, how many goals it stood on, and the update time per character.

#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <gaitspace/runtime/crowd.h>
#include <gaitspace/runtime/gspace.h>

namespace {

// The scenario's random numbers: a 64-bit linear congruential generator, 31 bits out.
struct Random {
    std::uint64_t state = 7;
    std::uint32_t next() {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<std::uint32_t>(state >> 33);
    }
    // A coordinate in [-20, 20] m, a multiple of 1/64 (exact in a float).
    float coordinate() {
        return static_cast<float>(static_cast<int>(next() % 2561) - 1280) / 64.0f;
    }
    // A frame time of 4 to 50 / 1024 s.
    float frameTime() { return static_cast<float>(4 + next() % 47) / 1024.0f; }
};

// FNV-1a, 64 bits, over the bytes of floats.
struct Checksum {
    std::uint64_t hash = 14695981039346656037ull;
    void add(float v) {
        unsigned char bytes[4];
        std::memcpy(bytes, &v, 4);
        for (unsigned char b : bytes) hash = (hash ^ b) * 1099511628211ull;
    }
};

int fail(const std::string& what) {
    std::fprintf(stderr, "runtime_only: %s\n", what.c_str());
    return 1;
}

// The characters, their goals and what the run counts.
struct Scenario {
    Scenario(gs::Crowd& c) : crowd(c), spaces(static_cast<int>(c.space().spaces.size())) {}

    gs::Crowd& crowd;
    int spaces;
    Random random;
    std::vector<gs::CharacterId> ids;
    std::vector<float> goals;  // x, z per character of `ids`
    std::vector<int> styles;   // the space each walks in, per character of `ids`
    // Seconds stood on the goal, per character of `ids` (-1: its next goal is set).
    std::vector<float> standing;
    long reached = 0, stood = 0;

    gs::Status newGoal(size_t i) {
        goals[2 * i] = random.coordinate();
        goals[2 * i + 1] = random.coordinate();
        return crowd.setGoal(ids[i], {goals[2 * i], goals[2 * i + 1]});
    }

    // A character at (x, z) facing +z, walking toward style `style` and its first goal.
    gs::Status addCharacter(float x, float z, int style) {
        const gs::Expected<gs::CharacterId> id = crowd.add(gs::GroundFrame{x, z, 0.0f});
        if (!id) return id.status();
        std::vector<float> weights(static_cast<size_t>(spaces), 0.0f);
        weights[static_cast<size_t>(style % spaces)] = 1.0f;
        if (gs::Status s = crowd.setStyleTargets(*id, weights); !s) return s;
        ids.push_back(*id);
        styles.push_back(style % spaces);
        standing.push_back(0.0f);
        goals.resize(2 * ids.size());
        return newGoal(ids.size() - 1);
    }

    // After an update of dt: a character standing on its goal gets the next a second later; one
    // in a space without stops gets it once within 0.5 m.
    gs::Status checkArrivals(float dt) {
        for (size_t i = 0; i < ids.size(); ++i) {
            const gs::GroundFrame g = *crowd.ground(ids[i]);
            const double dx = static_cast<double>(g.x) - goals[2 * i],
                         dz = static_cast<double>(g.z) - goals[2 * i + 1];
            const bool near = dx * dx + dz * dz < 0.25;
            const gs::MotionState state = *crowd.motionState(ids[i]);
            if (state == gs::MotionState::Stopping)
                continue;  // arriving: it stands where its goal is
            if (state == gs::MotionState::Standing) {
                // Given its next goal, it starts at the next frame (unless the goal is where it
                // stands: then it has arrived again).
                if (standing[i] < 0.0f && !near) continue;
                if (standing[i] <= 0.0f) standing[i] = 0.0f, ++reached, ++stood;
                standing[i] += dt;
                if (standing[i] >= 1.0f) {
                    standing[i] = -1.0f;
                    if (gs::Status s = newGoal(i); !s) return s;
                }
                continue;
            }
            standing[i] = 0.0f;
            // A space with stops stops on the goal (above); one without walks on through it.
            const bool canStop =
                !crowd.space().spaces[static_cast<size_t>(styles[i])].stops.empty();
            if (!canStop && near) {
                ++reached;
                if (gs::Status s = newGoal(i); !s) return s;
            }
        }
        return gs::Status::ok();
    }

    // The first character leaves and a new one takes its slot; returns the old id.
    gs::Expected<gs::CharacterId> replaceFirst() {
        const gs::CharacterId stale = ids.front();
        if (gs::Status s = crowd.remove(stale); !s) return s;
        ids.erase(ids.begin());
        styles.erase(styles.begin());
        standing.erase(standing.begin());
        goals.erase(goals.begin(), goals.begin() + 2);
        if (gs::Status s = addCharacter(0.0f, 0.0f, 0); !s) return s;
        if (ids.back().slot() != stale.slot() || ids.back() == stale)
            return gs::Status::error(
                "the new character did not take the freed slot under a new id");
        return stale;
    }

    void addRoots(Checksum& checksum) const {
        for (gs::CharacterId id : ids) {
            const glm::vec3 root = *crowd.rootPosition(id);
            checksum.add(root.x), checksum.add(root.y), checksum.add(root.z);
        }
    }

    void addPoses(Checksum& checksum) const {
        const int joints = crowd.jointCount();
        for (gs::CharacterId id : ids) {
            const auto pose = *crowd.localPose(id);
            for (int j = 0; j < joints; ++j) {
                const glm::quat& q = pose[static_cast<size_t>(j)];
                checksum.add(q.w), checksum.add(q.x), checksum.add(q.y), checksum.add(q.z);
            }
        }
    }
};

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: runtime_only SPACE.gspace [CHARACTERS] [SECONDS] [THREADS]\n");
        return 2;
    }
    const int characters = argc > 2 ? std::atoi(argv[2]) : 200;
    const double seconds = argc > 3 ? std::atof(argv[3]) : 30.0;
    const int threads = argc > 4 ? std::atoi(argv[4]) : 1;
    if (characters < 2 || characters > 1'000'000 || !(seconds > 0.0 && seconds <= 86400.0) ||
        threads < 1 || threads > gs::Crowd::kMaxThreads) {
        std::fprintf(stderr,
                     "runtime_only: CHARACTERS 2-1000000, SECONDS (0, 86400], THREADS 1-64\n");
        return 2;
    }
    auto baked = gs::loadGSpace(argv[1]);
    if (!baked) return fail(baked.message());  // names the file
    gs::Crowd crowd(std::make_shared<const gs::BakedSpaceFile>(std::move(*baked)));
    if (!crowd.status()) return fail(std::string(argv[1]) + ": " + crowd.status().message());
    if (!crowd.canSteer())
        return fail(std::string(argv[1]) + ": baked without goal spaces, cannot steer");
    crowd.reserve(characters);
    crowd.setThreads(threads);

    Scenario run(crowd);
    for (int c = 0; c < characters; ++c)
        if (gs::Status s = run.addCharacter(static_cast<float>(4 * (c % 20) - 38),
                                            static_cast<float>(4 * (c / 20) - 18), c);
            !s)
            return fail(s.message());

    Checksum checksum;
    long updates = 0;
    double t = 0.0, updateSeconds = 0.0;
    bool replaced = false;
    int staleRefused = 0;
    gs::CharacterId stale = gs::kNoCharacter;
    while (t < seconds) {
        const float dt = run.random.frameTime();
        const auto t0 = std::chrono::steady_clock::now();
        if (gs::Status s = crowd.update(dt); !s) return fail(s.message());
        updateSeconds +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        t += dt;
        ++updates;
        if (gs::Status s = run.checkArrivals(dt); !s) return fail(s.message());
        if (updates % 10 == 0) run.addRoots(checksum);
        // Halfway: the first character leaves and a new one takes its slot; the old id is
        // refused by every call from then on.
        if (!replaced && t >= 0.5 * seconds) {
            replaced = true;
            const gs::Expected<gs::CharacterId> old = run.replaceFirst();
            if (!old) return fail(old.message());
            stale = *old;
        }
        if (replaced) {
            const int refused =
                !crowd.setGoal(stale, {0.0f, 0.0f}) + !crowd.ground(stale) + !crowd.remove(stale);
            if (refused != 3) return fail("a removed character's id was taken");
            staleRefused += refused;
        }
    }
    if (!replaced || staleRefused == 0) return fail("the run was too short to replace a character");
    run.addPoses(checksum);
    std::printf(
        "characters %d, seconds %.1f, updates %ld, goals reached %ld, stale id refused %d times, "
        "poses %016" PRIx64 ", stood on %ld, update %.2f us per character\n",
        static_cast<int>(run.ids.size()), t, updates, run.reached, staleRefused, checksum.hash,
        run.stood,
        updateSeconds * 1e6 / (static_cast<double>(updates) * static_cast<double>(run.ids.size())));
    return 0;
}

/* A game's view of Gaitspace in C11, through the C API (gaitspace/runtime.h, the shared library
 * Gaitspace::runtime_c): the scenario of examples/runtime_only, number for number, so it prints
 * the same checksum of the poses. 200 characters walk to goals in a 40 m square at a jittery
 * frame time; halfway through one is removed and another takes its slot, and the removed one's
 * id is refused from then on.
 *
 * Usage: c_crowd SPACE.gspace [CHARACTERS=200] [SECONDS=30] [THREADS=1] */

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gaitspace/runtime.h>

/* The scenario's random numbers: a 64-bit linear congruential generator, 31 bits out. */
static uint64_t random_state = 7;
static uint32_t random_next(void) {
    random_state = random_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(random_state >> 33);
}
/* A coordinate in [-20, 20] m, a multiple of 1/64 (exact in a float). */
static float random_coordinate(void) { return (float)((int)(random_next() % 2561) - 1280) / 64.0f; }
/* A frame time of 4 to 50 / 1024 s. */
static float random_frame_time(void) { return (float)(4 + random_next() % 47) / 1024.0f; }

/* FNV-1a, 64 bits, over the bytes of floats. */
static uint64_t checksum = 14695981039346656037ull;
static void checksum_add(float v) {
    unsigned char bytes[4];
    memcpy(bytes, &v, 4);
    for (int k = 0; k < 4; ++k) checksum = (checksum ^ bytes[k]) * 1099511628211ull;
}

typedef struct {
    uint32_t* ids;
    float* goals; /* x, z per character */
    int count;
} characters;

static gs_crowd* crowd;

static int fail(const char* what) {
    fprintf(stderr, "c_crowd: %s: %s\n", what, gs_crowd_last_error(crowd));
    return 1;
}

static int new_goal(characters* cs, int i) {
    cs->goals[2 * i] = random_coordinate();
    cs->goals[2 * i + 1] = random_coordinate();
    return gs_crowd_set_goal(crowd, cs->ids[i], cs->goals[2 * i], cs->goals[2 * i + 1]);
}

/* A character at (x, z) facing +z, walking toward style `style` and its first goal. */
static int add_character(characters* cs, float x, float z, int style) {
    const uint32_t id = gs_crowd_add(crowd, x, z, 0.0f);
    if (id == GS_NO_CHARACTER) return GS_ERROR_STATE;
    float styles[8] = {0};
    const int spaces = gs_crowd_space_count(crowd);
    styles[style % spaces] = 1.0f;
    const int code = gs_crowd_set_style_targets(crowd, id, styles, (size_t)spaces);
    if (code != GS_OK) return code;
    cs->ids[cs->count] = id;
    return new_goal(cs, cs->count++);
}

int main(int argc, char** argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: c_crowd SPACE.gspace [CHARACTERS] [SECONDS] [THREADS]\n");
        return 2;
    }
    const int count = argc > 2 ? atoi(argv[2]) : 200;
    const double seconds = argc > 3 ? atof(argv[3]) : 30.0;
    const int threads = argc > 4 ? atoi(argv[4]) : 1;
    if (count < 2 || count > 1000000 || !(seconds > 0.0 && seconds <= 86400.0)) {
        fprintf(stderr, "c_crowd: CHARACTERS 2-1000000, SECONDS (0, 86400]\n");
        return 2;
    }
    char error[512];
    crowd = gs_crowd_load(argv[1], error, sizeof error);
    if (!crowd) {
        fprintf(stderr, "c_crowd: %s\n", error); /* names the file */
        return 1;
    }
    if (gs_crowd_set_threads(crowd, threads) != GS_OK) return fail("threads");
    const int joints = gs_crowd_joint_count(crowd);
    characters cs = {malloc(sizeof(uint32_t) * (size_t)(count + 1)),
                     malloc(sizeof(float) * 2 * (size_t)(count + 1)), 0};
    float* pose = malloc(sizeof(float) * 4 * (size_t)joints);
    if (!cs.ids || !cs.goals || !pose) return fail("out of memory");
    for (int c = 0; c < count; ++c)
        if (add_character(&cs, (float)(4 * (c % 20) - 38), (float)(4 * (c / 20) - 18), c) != GS_OK)
            return fail("add");

    long updates = 0, reached = 0;
    double t = 0.0, update_seconds = 0.0;
    int replaced = 0, stale_refused = 0;
    uint32_t stale = GS_NO_CHARACTER;
    while (t < seconds) {
        const float dt = random_frame_time();
        struct timespec t0, t1;
        timespec_get(&t0, TIME_UTC);
        if (gs_crowd_update(crowd, dt) != GS_OK) return fail("update");
        timespec_get(&t1, TIME_UTC);
        update_seconds +=
            (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        t += dt;
        ++updates;
        for (int i = 0; i < cs.count; ++i) {
            float g[3];
            if (gs_crowd_ground(crowd, cs.ids[i], g) != GS_OK) return fail("ground");
            const double dx = (double)g[0] - cs.goals[2 * i],
                         dz = (double)g[1] - cs.goals[2 * i + 1];
            if (dx * dx + dz * dz < 0.25) {
                ++reached;
                if (new_goal(&cs, i) != GS_OK) return fail("goal");
            }
        }
        if (updates % 10 == 0)
            for (int i = 0; i < cs.count; ++i) {
                float root[3];
                if (gs_crowd_root(crowd, cs.ids[i], root) != GS_OK) return fail("root");
                for (int k = 0; k < 3; ++k) checksum_add(root[k]);
            }
        /* Halfway: the first character leaves and a new one takes its slot. */
        if (!replaced && t >= 0.5 * seconds) {
            replaced = 1;
            stale = cs.ids[0];
            if (gs_crowd_remove(crowd, stale) != GS_OK) return fail("remove");
            memmove(cs.ids, cs.ids + 1, sizeof(uint32_t) * (size_t)(cs.count - 1));
            memmove(cs.goals, cs.goals + 2, sizeof(float) * 2 * (size_t)(cs.count - 1));
            --cs.count;
            if (add_character(&cs, 0.0f, 0.0f, 0) != GS_OK) return fail("add");
            if (cs.ids[cs.count - 1] == stale) return fail("the removed character's id came back");
        }
        if (replaced) {
            float g[3];
            const int refused =
                (gs_crowd_set_goal(crowd, stale, 0.0f, 0.0f) == GS_ERROR_UNKNOWN_ID) +
                (gs_crowd_ground(crowd, stale, g) == GS_ERROR_UNKNOWN_ID) +
                (gs_crowd_remove(crowd, stale) == GS_ERROR_UNKNOWN_ID);
            if (refused != 3) return fail("a removed character's id was taken");
            stale_refused += refused;
        }
    }
    if (!replaced) return fail("the run was too short to replace a character");
    for (int i = 0; i < cs.count; ++i) {
        if (gs_crowd_local_pose(crowd, cs.ids[i], pose, 4 * (size_t)joints) != GS_OK)
            return fail("pose");
        for (int k = 0; k < 4 * joints; ++k) checksum_add(pose[k]);
    }
    printf(
        "characters %d, seconds %.1f, updates %ld, goals reached %ld, stale id refused %d times, "
        "poses %016" PRIx64 ", update %.2f us per character\n",
        cs.count, t, updates, reached, stale_refused, checksum,
        update_seconds * 1e6 / ((double)updates * (double)cs.count));
    free(pose);
    free(cs.goals);
    free(cs.ids);
    gs_crowd_free(crowd);
    return 0;
}

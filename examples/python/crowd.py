#!/usr/bin/env python3
"""A game's view of Gaitspace in Python, through the C API (gaitspace/runtime.h) with ctypes and
nothing else (the standard library of Debian's python3; no pip). The scenario of
examples/runtime_only and examples/c_crowd, number for number, so it prints the same checksum of
the poses: 200 characters walk to goals in a 40 m square at a jittery frame time; halfway through
one is removed and another takes its slot, and the removed one's id is refused from then on.

Usage: crowd.py [--library PATH] SPACE.gspace [CHARACTERS=200] [SECONDS=30] [THREADS=1]
The library is libgaitspace_runtime_c.so: --library, else $GAITSPACE_RUNTIME_C, else found as
ctypes finds libraries (installed in the system, or on LD_LIBRARY_PATH).
"""

import argparse
import ctypes
import ctypes.util
import os
import sys
import time

GS_OK = 0
GS_ERROR_UNKNOWN_ID = -2
GS_NO_CHARACTER = 0xFFFFFFFF


def load_library(path):
    path = path or os.environ.get("GAITSPACE_RUNTIME_C") or ctypes.util.find_library("gaitspace_runtime_c")
    if not path:
        sys.exit("crowd.py: libgaitspace_runtime_c not found (give --library or set GAITSPACE_RUNTIME_C)")
    lib = ctypes.CDLL(path)
    crowd_p, u32, f32, i32 = ctypes.c_void_p, ctypes.c_uint32, ctypes.c_float, ctypes.c_int
    floats = ctypes.POINTER(ctypes.c_float)
    signatures = {
        "gs_runtime_version": (ctypes.c_char_p, []),
        "gs_crowd_load": (crowd_p, [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]),
        "gs_crowd_free": (None, [crowd_p]),
        "gs_crowd_last_error": (ctypes.c_char_p, [crowd_p]),
        "gs_crowd_joint_count": (ctypes.c_int32, [crowd_p]),
        "gs_crowd_space_count": (ctypes.c_int32, [crowd_p]),
        "gs_crowd_add": (u32, [crowd_p, f32, f32, f32]),
        "gs_crowd_remove": (i32, [crowd_p, u32]),
        "gs_crowd_set_goal": (i32, [crowd_p, u32, f32, f32]),
        "gs_crowd_set_style_targets": (i32, [crowd_p, u32, floats, ctypes.c_size_t]),
        "gs_crowd_update": (i32, [crowd_p, f32]),
        "gs_crowd_set_threads": (i32, [crowd_p, i32]),
        "gs_crowd_root": (i32, [crowd_p, u32, floats]),
        "gs_crowd_ground": (i32, [crowd_p, u32, floats]),
        "gs_crowd_local_pose": (i32, [crowd_p, u32, floats, ctypes.c_size_t]),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(lib, name)
        function.restype = result
        function.argtypes = arguments
    return lib


class Random:
    """The scenario's random numbers: a 64-bit linear congruential generator, 31 bits out."""

    def __init__(self):
        self.state = 7

    def next(self):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        return self.state >> 33

    def coordinate(self):  # [-20, 20] m in steps of 1/64: exact in a float
        return (self.next() % 2561 - 1280) / 64.0

    def frame_time(self):  # 4 to 50 / 1024 s
        return (4 + self.next() % 47) / 1024.0


class Checksum:
    """FNV-1a, 64 bits, over the bytes of floats."""

    def __init__(self):
        self.hash = 14695981039346656037

    def add(self, data):
        h = self.hash
        for byte in bytes(data):
            h = ((h ^ byte) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
        self.hash = h


def main():
    parser = argparse.ArgumentParser(description="Steer a crowd through the Gaitspace runtime's C API.")
    parser.add_argument("--library", help="path of libgaitspace_runtime_c.so")
    parser.add_argument("space")
    parser.add_argument("characters", nargs="?", type=int, default=200)
    parser.add_argument("seconds", nargs="?", type=float, default=30.0)
    parser.add_argument("threads", nargs="?", type=int, default=1)
    args = parser.parse_args()
    if not 2 <= args.characters <= 1000000 or not 0.0 < args.seconds <= 86400.0:
        sys.exit("crowd.py: CHARACTERS 2-1000000, SECONDS (0, 86400]")
    gs = load_library(args.library)

    error = ctypes.create_string_buffer(512)
    crowd = gs.gs_crowd_load(args.space.encode(), error, len(error))
    if not crowd:
        print("crowd.py: " + error.value.decode(), file=sys.stderr)  # names the file
        return 1

    def fail(what):
        print("crowd.py: %s: %s" % (what, gs.gs_crowd_last_error(crowd).decode()), file=sys.stderr)
        return 1

    if gs.gs_crowd_set_threads(crowd, args.threads) != GS_OK:
        return fail("threads")
    joints = gs.gs_crowd_joint_count(crowd)
    spaces = gs.gs_crowd_space_count(crowd)
    random, checksum = Random(), Checksum()
    ids, goals = [], []  # goals: [x, z] per character, floats as the C API takes them

    def new_goal(i):
        goals[i] = [ctypes.c_float(random.coordinate()).value, ctypes.c_float(random.coordinate()).value]
        return gs.gs_crowd_set_goal(crowd, ids[i], goals[i][0], goals[i][1])

    def add_character(x, z, style):
        character = gs.gs_crowd_add(crowd, x, z, 0.0)
        if character == GS_NO_CHARACTER:
            return -1
        styles = (ctypes.c_float * spaces)()
        styles[style % spaces] = 1.0
        if gs.gs_crowd_set_style_targets(crowd, character, styles, spaces) != GS_OK:
            return -1
        ids.append(character)
        goals.append(None)
        return new_goal(len(ids) - 1)

    for c in range(args.characters):
        if add_character(float(4 * (c % 20) - 38), float(4 * (c // 20) - 18), c) != GS_OK:
            return fail("add")

    g = (ctypes.c_float * 3)()
    pose = (ctypes.c_float * (4 * joints))()
    updates = reached = stale_refused = 0
    t = update_seconds = 0.0
    replaced, stale = False, GS_NO_CHARACTER
    while t < args.seconds:
        dt = ctypes.c_float(random.frame_time()).value
        t0 = time.perf_counter()
        if gs.gs_crowd_update(crowd, dt) != GS_OK:
            return fail("update")
        update_seconds += time.perf_counter() - t0
        t += dt
        updates += 1
        for i, character in enumerate(ids):
            if gs.gs_crowd_ground(crowd, character, g) != GS_OK:
                return fail("ground")
            dx, dz = g[0] - goals[i][0], g[1] - goals[i][1]
            if dx * dx + dz * dz < 0.25:
                reached += 1
                if new_goal(i) != GS_OK:
                    return fail("goal")
        if updates % 10 == 0:
            for character in ids:
                if gs.gs_crowd_root(crowd, character, g) != GS_OK:
                    return fail("root")
                checksum.add(g)
        # Halfway: the first character leaves and a new one takes its slot.
        if not replaced and t >= 0.5 * args.seconds:
            replaced = True
            stale = ids.pop(0)
            goals.pop(0)
            if gs.gs_crowd_remove(crowd, stale) != GS_OK:
                return fail("remove")
            if add_character(0.0, 0.0, 0) != GS_OK:
                return fail("add")
            if ids[-1] == stale:
                return fail("the removed character's id came back")
        if replaced:
            refused = [gs.gs_crowd_set_goal(crowd, stale, 0.0, 0.0), gs.gs_crowd_ground(crowd, stale, g),
                       gs.gs_crowd_remove(crowd, stale)].count(GS_ERROR_UNKNOWN_ID)
            if refused != 3:
                return fail("a removed character's id was taken")
            stale_refused += refused
    if not replaced:
        return fail("the run was too short to replace a character")
    for character in ids:
        if gs.gs_crowd_local_pose(crowd, character, pose, len(pose)) != GS_OK:
            return fail("pose")
        checksum.add(pose)
    print("characters %d, seconds %.1f, updates %d, goals reached %d, stale id refused %d times, "
          "poses %016x, update %.2f us per character"
          % (len(ids), t, updates, reached, stale_refused, checksum.hash,
             update_seconds * 1e6 / (updates * len(ids))))
    gs.gs_crowd_free(crowd)
    return 0


if __name__ == "__main__":
    sys.exit(main())

/* The Gaitspace runtime's C API (C11): a crowd of characters driven by a baked space, for engines
 * and languages that cannot take C++ (C, C#, Rust, Python's ctypes, ...). It wraps gs::Crowd
 * (gaitspace/runtime/crowd.h) and gives the same motion, bit for bit.
 *
 *     char error[256];
 *     gs_crowd* crowd = gs_crowd_load("walk_jog.gspace", error, sizeof error);
 *     if (!crowd) { fprintf(stderr, "%s\n", error); return 1; }
 *     uint32_t hero = gs_crowd_add(crowd, 0.0f, 0.0f, 0.0f);
 *     gs_crowd_set_goal(crowd, hero, 4.0f, 6.0f);
 *     each frame:
 *         if (gs_crowd_update(crowd, dt) != GS_OK) fprintf(stderr, "%s\n",
 * gs_crowd_last_error(crowd)); gs_crowd_skinning_matrices(crowd, hero, matrices, 16 * joints);
 *     gs_crowd_free(crowd);
 *
 * Errors. Every call that can fail returns GS_OK (0) or a negative gs_error code, and keeps a
 * one-line message for gs_crowd_last_error(). Nothing throws across this API and nothing aborts:
 * a NULL crowd or buffer, a NaN or infinite number, a negative dt, an unknown or removed id and a
 * buffer too small are each refused with a code and a message. gs_crowd_add returns
 * GS_NO_CHARACTER when it fails.
 *
 * Ids. A character's id (uint32_t) carries its slot's generation: once the character is removed,
 * every call refuses the id with GS_ERROR_UNKNOWN_ID, also after another character took its slot.
 *
 * Threads. A crowd is used from one thread at a time; gs_crowd_set_threads spreads each update
 * over that many threads of its own. Different crowds are independent. Outputs are valid until the
 * next update, add or remove.
 *
 * Units: metres, seconds, radians; y is up, the ground is the x-z plane, heading 0 faces +z and a
 * positive heading turns left. Quaternions are (w, x, y, z); matrices are 4x4, column-major (the
 * layout OpenGL and glm use). */
#ifndef GAITSPACE_RUNTIME_H
#define GAITSPACE_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#if defined(GS_RUNTIME_C_BUILD)
#define GS_API __declspec(dllexport)
#else
#define GS_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define GS_API __attribute__((visibility("default")))
#else
#define GS_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* A crowd and the baked space it runs (opaque). */
typedef struct gs_crowd gs_crowd;

typedef enum gs_error {
    GS_OK = 0,
    GS_ERROR_ARGUMENT =
        -1, /* a NULL crowd or buffer, a NaN or infinite number, a value out of range */
    GS_ERROR_UNKNOWN_ID =
        -2, /* an id that names no character of this crowd (never added, or removed) */
    GS_ERROR_BUFFER_TOO_SMALL = -3, /* the caller's buffer holds fewer floats than the answer */
    GS_ERROR_STATE = -4, /* the crowd cannot do it now (a space without goal spaces cannot steer) */
    GS_ERROR_FILE =
        -5, /* the baked space could not be read (the message names the file and cause) */
    GS_ERROR_MEMORY = -6,  /* out of memory */
    GS_ERROR_INTERNAL = -7 /* a bug in the runtime: please report the message */
} gs_error;

/* What gs_crowd_add returns when it fails. */
#define GS_NO_CHARACTER 0xffffffffu
/* Threads a crowd takes at most (gs_crowd_set_threads). */
#define GS_MAX_THREADS 64

/* "0.1.0": the version of the runtime this library is, and the .gspace format version it writes
 * (it reads every version up to it). */
GS_API const char* gs_runtime_version(void);
GS_API uint32_t gs_gspace_format_version(void);
/* A short English name of an error code ("unknown id"). */
GS_API const char* gs_error_name(int code);

/* --- crowds */

/* Loads a baked space (*.gspace) and makes an empty crowd on it, with the space's settings. NULL
 * on failure, with a one-line message naming the file and the cause in `error` (cut to
 * error_size - 1 bytes and terminated; `error` may be NULL when error_size is 0). */
GS_API gs_crowd* gs_crowd_load(const char* path, char* error, size_t error_size);
/* Frees the crowd and everything it holds (NULL: nothing). Its ids and outputs die with it. */
GS_API void gs_crowd_free(gs_crowd* crowd);
/* The message of the last call on this crowd that failed ("" when none has); for a NULL crowd, a
 * message saying so. Valid until the next call on the crowd. */
GS_API const char* gs_crowd_last_error(const gs_crowd* crowd);

/* Counts, or a negative gs_error for a NULL crowd. */
GS_API int32_t gs_crowd_joint_count(const gs_crowd* crowd); /* joints of the skeleton, >= 1 */
GS_API int32_t gs_crowd_space_count(const gs_crowd* crowd); /* motion spaces (styles), 1-8 */
GS_API int32_t gs_crowd_size(const gs_crowd* crowd);        /* characters in the crowd */
/* The frame rate the space steps at (frames per second; 0 for a NULL crowd). */
GS_API float gs_crowd_fps(const gs_crowd* crowd);
/* Name of motion space `space` or of joint `joint`; NULL when out of range. Valid while the
 * crowd lives. */
GS_API const char* gs_crowd_space_name(const gs_crowd* crowd, int32_t space);
GS_API const char* gs_crowd_joint_name(const gs_crowd* crowd, int32_t joint);
/* The parent of every joint (-1 for the root; parents come before their children) into
 * out[0, joint count). */
GS_API int gs_crowd_joint_parents(const gs_crowd* crowd, int32_t* out, size_t count);

/* --- characters */

/* A new character at (x, z), facing `heading`, in the first style at its straightest blend,
 * posed at once. GS_NO_CHARACTER on failure (a non-finite argument, no room). */
GS_API uint32_t gs_crowd_add(gs_crowd* crowd, float x, float z, float heading);
GS_API int gs_crowd_remove(gs_crowd* crowd, uint32_t id);
/* 1 when the id names a character of this crowd, 0 when not, a negative gs_error for NULL. */
GS_API int gs_crowd_contains(const gs_crowd* crowd, uint32_t id);

/* A goal that stands still (world x, z): the character steers to it; in a space baked with stops
 * it stops on it and stands until it gets another (Crowd::setGoal's default, GoalArrival::Stop). */
GS_API int gs_crowd_set_goal(gs_crowd* crowd, uint32_t id, float x, float z);
/* A moving goal: where it is and its velocity (m/s); the character intercepts it. */
GS_API int gs_crowd_set_moving_goal(gs_crowd* crowd, uint32_t id, float x, float z, float vx,
                                    float vz);
/* No goal: the character keeps its current way. */
GS_API int gs_crowd_clear_goal(gs_crowd* crowd, uint32_t id);
/* Moves the character by (dx, dz) metres on the ground from its next frame on (a collision's
 * answer; finite, at most 1 m); its planted feet stay where they are (Crowd::push). */
GS_API int gs_crowd_push(gs_crowd* crowd, uint32_t id, float dx, float dz);
/* Style weights to move toward, one per motion space (count of them, missing ones 0): finite,
 * >= 0, summing to more than 0; normalized by the call. */
GS_API int gs_crowd_set_style_targets(gs_crowd* crowd, uint32_t id, const float* targets,
                                      size_t count);
/* Blend targets per space for a character without a goal (0 = sharpest right, 1 = sharpest
 * left; finite, clamped to [0, 1]). */
GS_API int gs_crowd_set_blend_targets(gs_crowd* crowd, uint32_t id, const float* targets,
                                      size_t count);

/* --- time */

/* Advances every character by dt seconds (finite, >= 0; any frame rate: the poses are sampled
 * between the space's frames). */
GS_API int gs_crowd_update(gs_crowd* crowd, float dt);
/* Spreads each update over n threads (1 ... GS_MAX_THREADS); the result is the same on any
 * number. */
GS_API int gs_crowd_set_threads(gs_crowd* crowd, int n);

/* --- the ground: slopes and stairs (gaitspace/runtime/ground.h) */

/* What a ground query found: the surface's height (world y, metres) and its upward unit
 * normal. */
typedef struct gs_ground_hit {
    float height;
    float normal[3];
} gs_ground_hit;
/* A game's ground query (its own raycast): the surface under world (x, z) nearest the height y.
 * Returns 1 and fills *hit where there is ground, 0 where there is none. Called during
 * gs_crowd_update on its threads (gs_crowd_set_threads): safe to call from several at once, or
 * the crowd kept on one thread. */
typedef int (*gs_ground_query)(void* user, float x, float y, float z, gs_ground_hit* hit);
/* From the next frame on, characters walk on the surface `query` gives: the pose carried onto
 * it, each foot placed on it by the leg IK, the pelvis lowered to keep both legs in reach
 * (gs_crowd_root and the matrices are then at the surface's height). NULL: the flat floor y = 0
 * again. `user` is handed back to the query and stays the caller's. */
GS_API int gs_crowd_set_ground_query(gs_crowd* crowd, gs_ground_query query, void* user);

/* --- outputs (valid until the next update, add or remove) */

/* World position of the character's root joint. */
GS_API int gs_crowd_root(const gs_crowd* crowd, uint32_t id, float out_xyz[3]);
/* Its ground frame: x, z and heading. */
GS_API int gs_crowd_ground(const gs_crowd* crowd, uint32_t id, float out_x_z_heading[3]);
/* Local joint rotations, 4 floats (w, x, y, z) per joint, joint 0 the root's world rotation:
 * count >= 4 x joints. */
GS_API int gs_crowd_local_pose(const gs_crowd* crowd, uint32_t id, float* out, size_t count);
/* Model-space (world) matrices of the joints, 16 floats each: count >= 16 x joints. */
GS_API int gs_crowd_model_matrices(const gs_crowd* crowd, uint32_t id, float* out, size_t count);
/* The skinned mesh's inverse bind matrices, 16 floats per joint (count == 16 x joints), for
 * gs_crowd_skinning_matrices. */
GS_API int gs_crowd_set_inverse_bind_matrices(gs_crowd* crowd, const float* matrices, size_t count);
/* Skinning matrices (model x inverse bind), 16 floats per joint: count >= 16 x joints; needs
 * gs_crowd_set_inverse_bind_matrices first (else GS_ERROR_STATE). */
GS_API int gs_crowd_skinning_matrices(const gs_crowd* crowd, uint32_t id, float* out, size_t count);

#ifdef __cplusplus
}
#endif

#endif /* GAITSPACE_RUNTIME_H */

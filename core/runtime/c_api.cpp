// The C API (gaitspace/runtime.h) over gs::Crowd: every argument checked before it reaches the
// crowd, every error a code and a message, no exception out of a call.

#include <gaitspace/runtime.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include <gaitspace/runtime/crowd.h>
#include <gaitspace/runtime/gspace.h>

struct gs_crowd {
    std::unique_ptr<gs::Crowd> crowd;
    std::vector<glm::mat4> inverseBind;     // empty until set
    std::string error;                      // the last failed call's message
    gs_ground_query groundQuery = nullptr;  // the game's, called through groundFromC
    void* groundUser = nullptr;
};

namespace {

// The error of a call that failed before it could look at the crowd.
constexpr const char* kNullCrowd = "gs: the crowd is NULL";

int fail(const gs_crowd* c, int code, std::string message) {
    // The message lives in the crowd, which is const for the queries: it is the only state a
    // query writes, so the cast is safe.
    const_cast<gs_crowd*>(c)->error = std::move(message);
    return code;
}

// Runs `body` (which returns a gs_error code), turning any exception into a code and a message.
template <class Body>
int guarded(const gs_crowd* c, const char* what, Body body) {
    if (!c) return GS_ERROR_ARGUMENT;
    try {
        const int code = body();
        if (code == GS_OK) const_cast<gs_crowd*>(c)->error.clear();
        return code;
    } catch (const std::bad_alloc&) {
        return fail(c, GS_ERROR_MEMORY, std::string(what) + ": out of memory");
    } catch (const std::exception& e) {
        return fail(c, GS_ERROR_INTERNAL, std::string(what) + ": " + e.what());
    } catch (...) {
        return fail(c, GS_ERROR_INTERNAL, std::string(what) + ": an unknown exception");
    }
}

bool finite(float v) { return std::isfinite(v); }

// The game's C ground query as the crowd calls it (user: the gs_crowd).
bool groundFromC(void* user, float x, float y, float z, gs::GroundHit* hit) {
    const gs_crowd* c = static_cast<const gs_crowd*>(user);
    gs_ground_hit h{0.0f, {0.0f, 1.0f, 0.0f}};
    if (c->groundQuery(c->groundUser, x, y, z, &h) == 0) return false;
    hit->height = h.height;
    hit->normal = glm::vec3(h.normal[0], h.normal[1], h.normal[2]);
    return true;
}

// A Status of a per-id call as a code: an unknown id, or what the call refused.
int codeOf(const gs_crowd* c, const gs::Status& s, uint32_t id, int otherwise = GS_ERROR_ARGUMENT) {
    if (s) return GS_OK;
    const int code =
        c->crowd->contains(gs::CharacterId::fromValue(id)) ? otherwise : GS_ERROR_UNKNOWN_ID;
    return fail(c, code, s.message());
}

int checkBuffer(const gs_crowd* c, const char* what, const void* out, size_t count, size_t needed) {
    if (!out) return fail(c, GS_ERROR_ARGUMENT, std::string(what) + ": the output buffer is NULL");
    if (count < needed)
        return fail(c, GS_ERROR_BUFFER_TOO_SMALL,
                    std::string(what) + ": the buffer holds " + std::to_string(count) +
                        " floats, " + std::to_string(needed) + " are needed");
    return GS_OK;
}

// Targets per motion space: a buffer, and 1 to the space count of them.
int checkTargets(const gs_crowd* c, const char* what, const float* targets, size_t count) {
    if (!targets) return fail(c, GS_ERROR_ARGUMENT, std::string(what) + ": the targets are NULL");
    const size_t spaces = c->crowd->space().spaces.size();
    if (count == 0 || count > spaces)
        return fail(c, GS_ERROR_ARGUMENT,
                    std::string(what) + ": " + std::to_string(count) + " targets for " +
                        std::to_string(spaces) + " motion spaces");
    return GS_OK;
}

void copyMatrix(const glm::mat4& m, float* out) { std::memcpy(out, &m[0][0], 16 * sizeof(float)); }

}  // namespace

extern "C" {

const char* gs_runtime_version(void) { return GS_RUNTIME_VERSION; }

uint32_t gs_gspace_format_version(void) { return gs::kGSpaceVersion; }

const char* gs_error_name(int code) {
    switch (code) {
        case GS_OK:
            return "ok";
        case GS_ERROR_ARGUMENT:
            return "bad argument";
        case GS_ERROR_UNKNOWN_ID:
            return "unknown id";
        case GS_ERROR_BUFFER_TOO_SMALL:
            return "buffer too small";
        case GS_ERROR_STATE:
            return "not possible now";
        case GS_ERROR_FILE:
            return "file not read";
        case GS_ERROR_MEMORY:
            return "out of memory";
        case GS_ERROR_INTERNAL:
            return "internal error";
        default:
            return "not a gs_error code";
    }
}

gs_crowd* gs_crowd_load(const char* path, char* error, size_t error_size) {
    auto report = [&](const std::string& message) -> gs_crowd* {
        if (error && error_size > 0) {
            const size_t n = std::min(message.size(), error_size - 1);
            std::memcpy(error, message.data(), n);
            error[n] = '\0';
        }
        return nullptr;
    };
    if (!path) return report("gs_crowd_load: the path is NULL");
    try {
        gs::Expected<gs::BakedSpaceFile> baked = gs::loadGSpace(path);
        if (!baked) return report(baked.message());
        auto c = std::make_unique<gs_crowd>();
        c->crowd = std::make_unique<gs::Crowd>(
            std::make_shared<const gs::BakedSpaceFile>(std::move(*baked)));
        if (!c->crowd->status())
            return report(std::string(path) + ": " + c->crowd->status().message());
        return c.release();
    } catch (const std::bad_alloc&) {
        return report(std::string(path) + ": out of memory");
    } catch (const std::exception& e) {
        return report(std::string(path) + ": " + e.what());
    } catch (...) {
        return report(std::string(path) + ": an unknown exception");
    }
}

void gs_crowd_free(gs_crowd* crowd) { delete crowd; }

const char* gs_crowd_last_error(const gs_crowd* crowd) {
    return crowd ? crowd->error.c_str() : kNullCrowd;
}

int32_t gs_crowd_joint_count(const gs_crowd* crowd) {
    return crowd ? crowd->crowd->jointCount() : GS_ERROR_ARGUMENT;
}

int32_t gs_crowd_space_count(const gs_crowd* crowd) {
    return crowd ? static_cast<int32_t>(crowd->crowd->space().spaces.size()) : GS_ERROR_ARGUMENT;
}

int32_t gs_crowd_size(const gs_crowd* crowd) {
    return crowd ? crowd->crowd->size() : GS_ERROR_ARGUMENT;
}

float gs_crowd_fps(const gs_crowd* crowd) { return crowd ? crowd->crowd->fps() : 0.0f; }

const char* gs_crowd_space_name(const gs_crowd* crowd, int32_t space) {
    if (!crowd || space < 0 || space >= gs_crowd_space_count(crowd)) return nullptr;
    return crowd->crowd->space().spaces[static_cast<size_t>(space)].name.c_str();
}

const char* gs_crowd_joint_name(const gs_crowd* crowd, int32_t joint) {
    if (!crowd || joint < 0 || joint >= crowd->crowd->jointCount()) return nullptr;
    return crowd->crowd->space().skeleton.names[static_cast<size_t>(joint)].c_str();
}

int gs_crowd_joint_parents(const gs_crowd* crowd, int32_t* out, size_t count) {
    return guarded(crowd, "gs_crowd_joint_parents", [&] {
        const std::vector<int>& parents = crowd->crowd->space().skeleton.parents;
        if (!out)
            return fail(crowd, GS_ERROR_ARGUMENT,
                        "gs_crowd_joint_parents: the output buffer is NULL");
        if (count < parents.size())
            return fail(crowd, GS_ERROR_BUFFER_TOO_SMALL,
                        "gs_crowd_joint_parents: the buffer holds " + std::to_string(count) +
                            " ints, " + std::to_string(parents.size()) + " are needed");
        for (size_t j = 0; j < parents.size(); ++j) out[j] = parents[j];
        return static_cast<int>(GS_OK);
    });
}

uint32_t gs_crowd_add(gs_crowd* crowd, float x, float z, float heading) {
    uint32_t id = GS_NO_CHARACTER;
    (void)guarded(crowd, "gs_crowd_add", [&] {
        if (!finite(x) || !finite(z) || !finite(heading))
            return fail(crowd, GS_ERROR_ARGUMENT,
                        "gs_crowd_add: the position or heading is not finite");
        const gs::Expected<gs::CharacterId> added =
            crowd->crowd->add(gs::GroundFrame{x, z, heading});
        if (!added) return fail(crowd, GS_ERROR_STATE, added.message());
        id = added->value();
        return static_cast<int>(GS_OK);
    });
    return id;
}

int gs_crowd_remove(gs_crowd* crowd, uint32_t id) {
    return guarded(crowd, "gs_crowd_remove", [&] {
        return codeOf(crowd, crowd->crowd->remove(gs::CharacterId::fromValue(id)), id);
    });
}

int gs_crowd_contains(const gs_crowd* crowd, uint32_t id) {
    if (!crowd) return GS_ERROR_ARGUMENT;
    return crowd->crowd->contains(gs::CharacterId::fromValue(id)) ? 1 : 0;
}

int gs_crowd_set_goal(gs_crowd* crowd, uint32_t id, float x, float z) {
    return guarded(crowd, "gs_crowd_set_goal", [&] {
        if (!finite(x) || !finite(z))
            return fail(crowd, GS_ERROR_ARGUMENT, "gs_crowd_set_goal: the goal is not finite");
        return codeOf(crowd, crowd->crowd->setGoal(gs::CharacterId::fromValue(id), {x, z}), id,
                      GS_ERROR_STATE);
    });
}

int gs_crowd_set_moving_goal(gs_crowd* crowd, uint32_t id, float x, float z, float vx, float vz) {
    return guarded(crowd, "gs_crowd_set_moving_goal", [&] {
        if (!finite(x) || !finite(z) || !finite(vx) || !finite(vz))
            return fail(crowd, GS_ERROR_ARGUMENT,
                        "gs_crowd_set_moving_goal: the goal or its velocity is not finite");
        return codeOf(crowd,
                      crowd->crowd->setMovingGoal(gs::CharacterId::fromValue(id), {x, z}, {vx, vz}),
                      id, GS_ERROR_STATE);
    });
}

int gs_crowd_clear_goal(gs_crowd* crowd, uint32_t id) {
    return guarded(crowd, "gs_crowd_clear_goal", [&] {
        return codeOf(crowd, crowd->crowd->clearGoal(gs::CharacterId::fromValue(id)), id);
    });
}

int gs_crowd_push(gs_crowd* crowd, uint32_t id, float dx, float dz) {
    return guarded(crowd, "gs_crowd_push", [&] {
        return codeOf(crowd, crowd->crowd->push(gs::CharacterId::fromValue(id), {dx, dz}), id);
    });
}

int gs_crowd_set_style_targets(gs_crowd* crowd, uint32_t id, const float* targets, size_t count) {
    return guarded(crowd, "gs_crowd_set_style_targets", [&] {
        if (int code = checkTargets(crowd, "gs_crowd_set_style_targets", targets, count);
            code != GS_OK)
            return code;
        return codeOf(crowd,
                      crowd->crowd->setStyleTargets(gs::CharacterId::fromValue(id),
                                                    std::span(targets, count)),
                      id);
    });
}

int gs_crowd_set_blend_targets(gs_crowd* crowd, uint32_t id, const float* targets, size_t count) {
    return guarded(crowd, "gs_crowd_set_blend_targets", [&] {
        if (int code = checkTargets(crowd, "gs_crowd_set_blend_targets", targets, count);
            code != GS_OK)
            return code;
        return codeOf(crowd,
                      crowd->crowd->setBlendTargets(gs::CharacterId::fromValue(id),
                                                    std::span(targets, count)),
                      id);
    });
}

int gs_crowd_update(gs_crowd* crowd, float dt) {
    return guarded(crowd, "gs_crowd_update", [&] {
        if (!(dt >= 0.0f) || !finite(dt))
            return fail(
                crowd, GS_ERROR_ARGUMENT,
                "gs_crowd_update: dt must be a finite number >= 0, not " + std::to_string(dt));
        const gs::Status s = crowd->crowd->update(dt);
        return s ? static_cast<int>(GS_OK) : fail(crowd, GS_ERROR_STATE, s.message());
    });
}

int gs_crowd_set_threads(gs_crowd* crowd, int n) {
    return guarded(crowd, "gs_crowd_set_threads", [&] {
        if (n < 1 || n > gs::Crowd::kMaxThreads)
            return fail(crowd, GS_ERROR_ARGUMENT,
                        "gs_crowd_set_threads: " + std::to_string(n) + " threads; 1-" +
                            std::to_string(gs::Crowd::kMaxThreads) + " are possible");
        crowd->crowd->setThreads(n);
        return static_cast<int>(GS_OK);
    });
}

int gs_crowd_set_ground_query(gs_crowd* crowd, gs_ground_query query, void* user) {
    return guarded(crowd, "gs_crowd_set_ground_query", [&] {
        crowd->groundQuery = query;
        crowd->groundUser = user;
        const gs::GroundQuery q = query ? gs::GroundQuery{groundFromC, crowd} : gs::GroundQuery{};
        if (gs::Status s = crowd->crowd->setGroundQuery(q); !s)
            return fail(crowd, GS_ERROR_ARGUMENT, "gs_crowd_set_ground_query: " + s.message());
        return static_cast<int>(GS_OK);
    });
}

int gs_crowd_root(const gs_crowd* crowd, uint32_t id, float out_xyz[3]) {
    return guarded(crowd, "gs_crowd_root", [&] {
        if (int code = checkBuffer(crowd, "gs_crowd_root", out_xyz, 3, 3); code != GS_OK)
            return code;
        const gs::Expected<glm::vec3> root =
            crowd->crowd->rootPosition(gs::CharacterId::fromValue(id));
        if (!root) return codeOf(crowd, root.status(), id);
        out_xyz[0] = root->x, out_xyz[1] = root->y, out_xyz[2] = root->z;
        return static_cast<int>(GS_OK);
    });
}

int gs_crowd_ground(const gs_crowd* crowd, uint32_t id, float out_x_z_heading[3]) {
    return guarded(crowd, "gs_crowd_ground", [&] {
        if (int code = checkBuffer(crowd, "gs_crowd_ground", out_x_z_heading, 3, 3); code != GS_OK)
            return code;
        const gs::Expected<gs::GroundFrame> g =
            crowd->crowd->ground(gs::CharacterId::fromValue(id));
        if (!g) return codeOf(crowd, g.status(), id);
        out_x_z_heading[0] = g->x, out_x_z_heading[1] = g->z, out_x_z_heading[2] = g->heading;
        return static_cast<int>(GS_OK);
    });
}

int gs_crowd_local_pose(const gs_crowd* crowd, uint32_t id, float* out, size_t count) {
    return guarded(crowd, "gs_crowd_local_pose", [&] {
        const size_t joints = static_cast<size_t>(crowd->crowd->jointCount());
        if (int code = checkBuffer(crowd, "gs_crowd_local_pose", out, count, 4 * joints);
            code != GS_OK)
            return code;
        const auto pose = crowd->crowd->localPose(gs::CharacterId::fromValue(id));
        if (!pose) return codeOf(crowd, pose.status(), id);
        for (size_t j = 0; j < joints; ++j) {
            const glm::quat& q = (*pose)[j];
            out[4 * j] = q.w, out[4 * j + 1] = q.x, out[4 * j + 2] = q.y, out[4 * j + 3] = q.z;
        }
        return static_cast<int>(GS_OK);
    });
}

int gs_crowd_model_matrices(const gs_crowd* crowd, uint32_t id, float* out, size_t count) {
    return guarded(crowd, "gs_crowd_model_matrices", [&] {
        const size_t joints = static_cast<size_t>(crowd->crowd->jointCount());
        if (int code = checkBuffer(crowd, "gs_crowd_model_matrices", out, count, 16 * joints);
            code != GS_OK)
            return code;
        const auto world = crowd->crowd->modelTransforms(gs::CharacterId::fromValue(id));
        if (!world) return codeOf(crowd, world.status(), id);
        glm::mat4 m[gs::limits::kMaxJoints];
        gs::modelMatrices(*world, std::span(m, joints));
        for (size_t j = 0; j < joints; ++j) copyMatrix(m[j], out + 16 * j);
        return static_cast<int>(GS_OK);
    });
}

int gs_crowd_set_inverse_bind_matrices(gs_crowd* crowd, const float* matrices, size_t count) {
    return guarded(crowd, "gs_crowd_set_inverse_bind_matrices", [&] {
        const size_t joints = static_cast<size_t>(crowd->crowd->jointCount());
        if (!matrices)
            return fail(crowd, GS_ERROR_ARGUMENT,
                        "gs_crowd_set_inverse_bind_matrices: the matrices are NULL");
        if (count != 16 * joints)
            return fail(crowd, GS_ERROR_ARGUMENT,
                        "gs_crowd_set_inverse_bind_matrices: " + std::to_string(count) +
                            " floats for " + std::to_string(joints) + " joints (16 each)");
        for (size_t k = 0; k < count; ++k)
            if (!finite(matrices[k]))
                return fail(crowd, GS_ERROR_ARGUMENT,
                            "gs_crowd_set_inverse_bind_matrices: float " + std::to_string(k) +
                                " is not finite");
        std::vector<glm::mat4> bind(joints);
        for (size_t j = 0; j < joints; ++j)
            std::memcpy(&bind[j][0][0], matrices + 16 * j, 16 * sizeof(float));
        crowd->inverseBind = std::move(bind);
        return static_cast<int>(GS_OK);
    });
}

int gs_crowd_skinning_matrices(const gs_crowd* crowd, uint32_t id, float* out, size_t count) {
    return guarded(crowd, "gs_crowd_skinning_matrices", [&] {
        const size_t joints = static_cast<size_t>(crowd->crowd->jointCount());
        if (int code = checkBuffer(crowd, "gs_crowd_skinning_matrices", out, count, 16 * joints);
            code != GS_OK)
            return code;
        const auto world = crowd->crowd->modelTransforms(gs::CharacterId::fromValue(id));
        if (!world) return codeOf(crowd, world.status(), id);
        if (crowd->inverseBind.empty())
            return fail(crowd, GS_ERROR_STATE,
                        "gs_crowd_skinning_matrices: no inverse bind matrices were set");
        glm::mat4 m[gs::limits::kMaxJoints];
        gs::modelMatrices(*world, std::span(m, joints));
        gs::skinningMatrices(std::span(m, joints), crowd->inverseBind, std::span(m, joints));
        for (size_t j = 0; j < joints; ++j) copyMatrix(m[j], out + 16 * j);
        return static_cast<int>(GS_OK);
    });
}

}  // extern "C"

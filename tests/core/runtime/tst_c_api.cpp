// The C API (gaitspace/runtime.h) on the synthetic walk + jog (no data needed): every bad
// argument (NULL crowds and buffers, NaN and infinite numbers, negative or NaN dt, unknown and
// removed ids, buffers too small, threads out of range) is refused with its code and a one-line
// message and never crashes (the sanitizer build runs this too); and a crowd driven through it
// gives the C++ Crowd's bits for the same calls.

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "synthetic_spaces.h"
#include <gaitspace/runtime.h>
#include <gaitspace/runtime/crowd.h>

using namespace gs;

namespace {

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// A message is one line that says something.
bool oneLine(const char* message) {
    return message && std::strlen(message) > 0 && std::strchr(message, '\n') == nullptr;
}

// A slope rising 0.2 m per metre along +Z, as the game's C raycast and as the C++ query; `user`
// counts the C calls.
extern "C" int slopeC(void* user, float, float, float z, gs_ground_hit* hit) {
    ++*static_cast<int*>(user);
    const float n = 1.0f / std::sqrt(1.04f);
    *hit = gs_ground_hit{0.2f * z, {0.0f, n, -0.2f * n}};
    return 1;
}
bool slopeCpp(void*, float, float, float z, GroundHit* hit) {
    const float n = 1.0f / std::sqrt(1.04f);
    hit->height = 0.2f * z;
    hit->normal = glm::vec3(0.0f, n, -0.2f * n);
    return true;
}

}  // namespace

class TestCApi : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string m_path, m_plainPath;  // the synthetic space baked with goal spaces, and without
    gs_crowd* m_crowd = nullptr;
    int m_joints = 0;

    // The call's code is `code`, and the crowd's message says why in one line.
    bool refused(int result, int code, const char* contains = nullptr) {
        const char* message = gs_crowd_last_error(m_crowd);
        if (result != code || !oneLine(message)) {
            qWarning("code %d (%s), wanted %d; message '%s'", result, gs_error_name(result), code,
                     message);
            return false;
        }
        if (contains && !std::strstr(message, contains)) {
            qWarning("message '%s' does not say '%s'", message, contains);
            return false;
        }
        return true;
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath("synthetic.gspace").toStdString();
        QVERIFY(saveGSpace(*test::syntheticBaked(), m_path));
        BakedSpaceFile plain = *test::syntheticBaked();
        plain.goalSpaces.clear();
        m_plainPath = m_dir.filePath("plain.gspace").toStdString();
        QVERIFY(saveGSpace(plain, m_plainPath));
        char error[256] = "unchanged";
        m_crowd = gs_crowd_load(m_path.c_str(), error, sizeof error);
        QVERIFY2(m_crowd, error);
        m_joints = gs_crowd_joint_count(m_crowd);
        QCOMPARE(m_joints, test::syntheticWalkJog().skeleton.jointCount());
    }
    void cleanupTestCase() { gs_crowd_free(m_crowd); }

    void versions() {
        QCOMPARE(QString(gs_runtime_version()), QString("0.1.0"));
        QCOMPARE(gs_gspace_format_version(), kGSpaceVersion);
        QCOMPARE(QString(gs_error_name(GS_ERROR_UNKNOWN_ID)), QString("unknown id"));
        QCOMPARE(QString(gs_error_name(12345)), QString("not a gs_error code"));
    }

    void loadRefusals() {
        char error[256];
        QVERIFY(!gs_crowd_load(nullptr, error, sizeof error));
        QVERIFY(oneLine(error) && std::strstr(error, "NULL"));
        const std::string missing = m_dir.filePath("none.gspace").toStdString();
        QVERIFY(!gs_crowd_load(missing.c_str(), error, sizeof error));
        QVERIFY2(oneLine(error) && std::strstr(error, "none.gspace: no such file"), error);
        QVERIFY(!gs_crowd_load(m_dir.path().toStdString().c_str(), error, sizeof error));
        QVERIFY2(std::strstr(error, "not a regular file"), error);
        const std::string text = m_dir.filePath("text.gspace").toStdString();
        FILE* f = std::fopen(text.c_str(), "wb");
        std::fputs("HIERARCHY\nROOT pelvis\n", f);
        std::fclose(f);
        QVERIFY(!gs_crowd_load(text.c_str(), error, sizeof error));
        QVERIFY2(std::strstr(error, "text.gspace") && std::strstr(error, "not a gspace file"),
                 error);
        // No room for the message, or one byte: nothing is written past the buffer.
        QVERIFY(!gs_crowd_load(missing.c_str(), nullptr, 0));
        char one[1] = {'x'};
        QVERIFY(!gs_crowd_load(missing.c_str(), one, 1));
        QCOMPARE(one[0], '\0');
        char eight[8];
        QVERIFY(!gs_crowd_load(missing.c_str(), eight, sizeof eight));
        QCOMPARE(std::strlen(eight), size_t(7));
    }

    // Every call with a NULL crowd: an error code (or NULL / 0), never a crash.
    void nullCrowd() {
        float buffer[16 * 256] = {};
        int32_t parents[256];
        QVERIFY(oneLine(gs_crowd_last_error(nullptr)));
        gs_crowd_free(nullptr);
        QCOMPARE(gs_crowd_joint_count(nullptr), int32_t(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_space_count(nullptr), int32_t(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_size(nullptr), int32_t(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_fps(nullptr), 0.0f);
        QVERIFY(!gs_crowd_space_name(nullptr, 0));
        QVERIFY(!gs_crowd_joint_name(nullptr, 0));
        QCOMPARE(gs_crowd_joint_parents(nullptr, parents, 256), int(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_add(nullptr, 0, 0, 0), GS_NO_CHARACTER);
        QCOMPARE(gs_crowd_remove(nullptr, 0), int(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_contains(nullptr, 0), int(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_set_goal(nullptr, 0, 1, 1), int(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_set_moving_goal(nullptr, 0, 1, 1, 0, 0), int(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_clear_goal(nullptr, 0), int(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_push(nullptr, 0, 0.01f, 0.0f), int(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_set_style_targets(nullptr, 0, buffer, 2), int(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_set_blend_targets(nullptr, 0, buffer, 2), int(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_update(nullptr, 0.01f), int(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_set_threads(nullptr, 1), int(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_root(nullptr, 0, buffer), int(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_ground(nullptr, 0, buffer), int(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_local_pose(nullptr, 0, buffer, 1024), int(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_model_matrices(nullptr, 0, buffer, 4096), int(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_set_inverse_bind_matrices(nullptr, buffer, 16), int(GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_skinning_matrices(nullptr, 0, buffer, 4096), int(GS_ERROR_ARGUMENT));
    }

    void badArguments() {
        float out[16 * 256] = {};
        const uint32_t id = gs_crowd_add(m_crowd, 1.0f, 2.0f, 0.3f);
        QVERIFY(id != GS_NO_CHARACTER);
        QCOMPARE(gs_crowd_contains(m_crowd, id), 1);
        QVERIFY(std::strlen(gs_crowd_last_error(m_crowd)) == 0);  // cleared by a call that worked

        // Positions and headings that are not finite.
        for (float bad : {kNan, kInf, -kInf}) {
            QCOMPARE(gs_crowd_add(m_crowd, bad, 0.0f, 0.0f), GS_NO_CHARACTER);
            QVERIFY(refused(GS_ERROR_ARGUMENT, GS_ERROR_ARGUMENT, "not finite"));
            QCOMPARE(gs_crowd_add(m_crowd, 0.0f, 0.0f, bad), GS_NO_CHARACTER);
            QVERIFY(refused(gs_crowd_set_goal(m_crowd, id, bad, 0.0f), GS_ERROR_ARGUMENT,
                            "not finite"));
            QVERIFY(refused(gs_crowd_set_goal(m_crowd, id, 0.0f, bad), GS_ERROR_ARGUMENT));
            QVERIFY(refused(gs_crowd_set_moving_goal(m_crowd, id, 0.0f, 0.0f, bad, 0.0f),
                            GS_ERROR_ARGUMENT));
            QVERIFY(refused(gs_crowd_set_moving_goal(m_crowd, id, bad, 0.0f, 0.0f, 0.0f),
                            GS_ERROR_ARGUMENT));
            QVERIFY(refused(gs_crowd_push(m_crowd, id, bad, 0.0f), GS_ERROR_ARGUMENT, "finite"));
        }
        QVERIFY(refused(gs_crowd_push(m_crowd, id, 2.0f, 0.0f), GS_ERROR_ARGUMENT, "at most 1 m"));
        QCOMPARE(gs_crowd_push(m_crowd, id, 0.01f, 0.0f), int(GS_OK));
        // dt: negative, NaN, infinite.
        for (float bad : {-0.01f, -kInf, kNan, kInf})
            QVERIFY(refused(gs_crowd_update(m_crowd, bad), GS_ERROR_ARGUMENT, "dt"));
        QCOMPARE(gs_crowd_update(m_crowd, 0.0f), int(GS_OK));
        // Threads out of range.
        for (int bad : {0, -1, GS_MAX_THREADS + 1, 1 << 30})
            QVERIFY(refused(gs_crowd_set_threads(m_crowd, bad), GS_ERROR_ARGUMENT, "threads"));
        QCOMPARE(gs_crowd_set_threads(m_crowd, 2), int(GS_OK));
        QCOMPARE(gs_crowd_set_threads(m_crowd, 1), int(GS_OK));

        // Style and blend targets.
        const float negative[] = {-1.0f, 2.0f}, nan[] = {kNan, 1.0f}, zero[] = {0.0f, 0.0f},
                    fine[] = {0.3f, 0.7f};
        QVERIFY(refused(gs_crowd_set_style_targets(m_crowd, id, nullptr, 2), GS_ERROR_ARGUMENT,
                        "NULL"));
        QVERIFY(refused(gs_crowd_set_style_targets(m_crowd, id, fine, 0), GS_ERROR_ARGUMENT));
        QVERIFY(refused(gs_crowd_set_style_targets(m_crowd, id, out, 9), GS_ERROR_ARGUMENT,
                        "motion spaces"));
        QVERIFY(refused(gs_crowd_set_style_targets(m_crowd, id, negative, 2), GS_ERROR_ARGUMENT));
        QVERIFY(refused(gs_crowd_set_style_targets(m_crowd, id, nan, 2), GS_ERROR_ARGUMENT));
        QVERIFY(
            refused(gs_crowd_set_style_targets(m_crowd, id, zero, 2), GS_ERROR_ARGUMENT, "sum"));
        QCOMPARE(gs_crowd_set_style_targets(m_crowd, id, fine, 2), int(GS_OK));
        QVERIFY(refused(gs_crowd_set_blend_targets(m_crowd, id, nullptr, 2), GS_ERROR_ARGUMENT));
        QVERIFY(refused(gs_crowd_set_blend_targets(m_crowd, id, nan, 2), GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_set_blend_targets(m_crowd, id, fine, 2), int(GS_OK));

        // Outputs: NULL buffers and buffers one float too small.
        const size_t pose = 4 * static_cast<size_t>(m_joints),
                     matrices = 16 * static_cast<size_t>(m_joints);
        QVERIFY(refused(gs_crowd_root(m_crowd, id, nullptr), GS_ERROR_ARGUMENT, "NULL"));
        QVERIFY(refused(gs_crowd_ground(m_crowd, id, nullptr), GS_ERROR_ARGUMENT));
        QVERIFY(refused(gs_crowd_local_pose(m_crowd, id, nullptr, pose), GS_ERROR_ARGUMENT));
        QVERIFY(refused(gs_crowd_local_pose(m_crowd, id, out, pose - 1), GS_ERROR_BUFFER_TOO_SMALL,
                        "needed"));
        QVERIFY(refused(gs_crowd_local_pose(m_crowd, id, out, 0), GS_ERROR_BUFFER_TOO_SMALL));
        QVERIFY(refused(gs_crowd_model_matrices(m_crowd, id, out, matrices - 1),
                        GS_ERROR_BUFFER_TOO_SMALL));
        QVERIFY(refused(gs_crowd_skinning_matrices(m_crowd, id, out, matrices - 1),
                        GS_ERROR_BUFFER_TOO_SMALL));
        QVERIFY(refused(gs_crowd_skinning_matrices(m_crowd, id, out, matrices), GS_ERROR_STATE,
                        "inverse bind"));
        QCOMPARE(gs_crowd_local_pose(m_crowd, id, out, pose), int(GS_OK));
        QCOMPARE(gs_crowd_model_matrices(m_crowd, id, out, matrices), int(GS_OK));
        QCOMPARE(gs_crowd_root(m_crowd, id, out), int(GS_OK));
        QCOMPARE(gs_crowd_ground(m_crowd, id, out), int(GS_OK));
        QCOMPARE(out[0], 1.0f);  // x
        QCOMPARE(out[1], 2.0f);  // z
        int32_t parents[256];
        QVERIFY(refused(gs_crowd_joint_parents(m_crowd, parents, static_cast<size_t>(m_joints) - 1),
                        GS_ERROR_BUFFER_TOO_SMALL));
        QVERIFY(refused(gs_crowd_joint_parents(m_crowd, nullptr, 256), GS_ERROR_ARGUMENT));
        QCOMPARE(gs_crowd_joint_parents(m_crowd, parents, static_cast<size_t>(m_joints)),
                 int(GS_OK));
        QCOMPARE(parents[0], -1);
        QVERIFY(!gs_crowd_joint_name(m_crowd, -1) && !gs_crowd_joint_name(m_crowd, m_joints));
        QVERIFY(!gs_crowd_space_name(m_crowd, 2) && !gs_crowd_space_name(m_crowd, -5));
        QCOMPARE(QString(gs_crowd_space_name(m_crowd, 0)), QString("walk"));
        QCOMPARE(QString(gs_crowd_joint_name(m_crowd, 0)),
                 QString::fromStdString(test::syntheticWalkJog().skeleton.names[0]));

        // Inverse bind matrices: NULL, the wrong count, a NaN.
        std::vector<float> bind(matrices, 0.0f);
        for (int j = 0; j < m_joints; ++j)
            for (int k = 0; k < 4; ++k) bind[16 * j + 5 * k] = 1.0f;
        QVERIFY(refused(gs_crowd_set_inverse_bind_matrices(m_crowd, nullptr, matrices),
                        GS_ERROR_ARGUMENT));
        QVERIFY(refused(gs_crowd_set_inverse_bind_matrices(m_crowd, bind.data(), matrices - 16),
                        GS_ERROR_ARGUMENT, "joints"));
        bind[7] = kNan;
        QVERIFY(refused(gs_crowd_set_inverse_bind_matrices(m_crowd, bind.data(), matrices),
                        GS_ERROR_ARGUMENT, "finite"));
        bind[7] = 0.0f;
        QCOMPARE(gs_crowd_set_inverse_bind_matrices(m_crowd, bind.data(), matrices), int(GS_OK));
        // Identity bind: skinning matrices are the model matrices.
        std::vector<float> model(matrices), skin(matrices);
        QCOMPARE(gs_crowd_model_matrices(m_crowd, id, model.data(), matrices), int(GS_OK));
        QCOMPARE(gs_crowd_skinning_matrices(m_crowd, id, skin.data(), matrices), int(GS_OK));
        QVERIFY(std::memcmp(model.data(), skin.data(), matrices * sizeof(float)) == 0);
        QCOMPARE(gs_crowd_remove(m_crowd, id), int(GS_OK));
    }

    // Ids never given out, removed, and GS_NO_CHARACTER: every per-id call refuses them with
    // GS_ERROR_UNKNOWN_ID, also once a new character took the slot (which stays untouched).
    void unknownAndStaleIds() {
        float out[16 * 256] = {};
        const float styles[] = {0.5f, 0.5f};
        const uint32_t a = gs_crowd_add(m_crowd, 0.0f, 0.0f, 0.0f);
        QCOMPARE(gs_crowd_remove(m_crowd, a), int(GS_OK));
        const uint32_t b = gs_crowd_add(m_crowd, 3.0f, 3.0f, 0.0f);
        QVERIFY(b != a && b != GS_NO_CHARACTER);
        QCOMPARE(gs_crowd_set_goal(m_crowd, b, 3.0f, 9.0f), int(GS_OK));
        const size_t pose = 4 * static_cast<size_t>(m_joints),
                     matrices = 16 * static_cast<size_t>(m_joints);
        for (const uint32_t id : {a, uint32_t(4711), uint32_t(GS_NO_CHARACTER)}) {
            QCOMPARE(gs_crowd_contains(m_crowd, id), 0);
            const char* why = id == a ? "was removed" : nullptr;
            QVERIFY(refused(gs_crowd_remove(m_crowd, id), GS_ERROR_UNKNOWN_ID, why));
            QVERIFY(refused(gs_crowd_set_goal(m_crowd, id, 1.0f, 1.0f), GS_ERROR_UNKNOWN_ID, why));
            QVERIFY(refused(gs_crowd_set_moving_goal(m_crowd, id, 1, 1, 0, 1), GS_ERROR_UNKNOWN_ID,
                            why));
            QVERIFY(refused(gs_crowd_clear_goal(m_crowd, id), GS_ERROR_UNKNOWN_ID, why));
            QVERIFY(refused(gs_crowd_push(m_crowd, id, 0.01f, 0.0f), GS_ERROR_UNKNOWN_ID, why));
            QVERIFY(refused(gs_crowd_set_style_targets(m_crowd, id, styles, 2), GS_ERROR_UNKNOWN_ID,
                            why));
            QVERIFY(refused(gs_crowd_set_blend_targets(m_crowd, id, styles, 2), GS_ERROR_UNKNOWN_ID,
                            why));
            QVERIFY(refused(gs_crowd_root(m_crowd, id, out), GS_ERROR_UNKNOWN_ID, why));
            QVERIFY(refused(gs_crowd_ground(m_crowd, id, out), GS_ERROR_UNKNOWN_ID, why));
            QVERIFY(refused(gs_crowd_local_pose(m_crowd, id, out, pose), GS_ERROR_UNKNOWN_ID, why));
            QVERIFY(refused(gs_crowd_model_matrices(m_crowd, id, out, matrices),
                            GS_ERROR_UNKNOWN_ID, why));
            QVERIFY(refused(gs_crowd_skinning_matrices(m_crowd, id, out, matrices),
                            GS_ERROR_UNKNOWN_ID, why));
        }
        QCOMPARE(gs_crowd_ground(m_crowd, b, out), int(GS_OK));
        QCOMPARE(out[0], 3.0f);
        QCOMPARE(gs_crowd_remove(m_crowd, b), int(GS_OK));
        QCOMPARE(gs_crowd_size(m_crowd), 0);
    }

    // A space baked without goal spaces plays but cannot steer.
    void cannotSteer() {
        char error[256];
        gs_crowd* plain = gs_crowd_load(m_plainPath.c_str(), error, sizeof error);
        QVERIFY2(plain, error);
        const uint32_t id = gs_crowd_add(plain, 0.0f, 0.0f, 0.0f);
        QCOMPARE(gs_crowd_set_goal(plain, id, 2.0f, 2.0f), int(GS_ERROR_STATE));
        QVERIFY(std::strstr(gs_crowd_last_error(plain), "goal spaces"));
        QCOMPARE(gs_crowd_update(plain, 0.5f), int(GS_OK));
        gs_crowd_free(plain);
    }

    // The same calls through the C API and on a C++ Crowd give the same bits: poses, roots and
    // skinning matrices, at a jittery frame time with goals and style changes, on two threads.
    void sameBitsAsTheCppCrowd() {
        CrowdSettings settings;
        settings.modelMatrices = settings.skinningMatrices = true;
        Crowd cpp(test::syntheticBaked(), settings);
        QVERIFY(cpp.status());
        char error[256];
        gs_crowd* c = gs_crowd_load(m_path.c_str(), error, sizeof error);
        QVERIFY2(c, error);
        QCOMPARE(gs_crowd_set_threads(c, 2), int(GS_OK));
        const size_t joints = static_cast<size_t>(m_joints);
        std::vector<glm::mat4> bind(joints);
        for (size_t j = 0; j < joints; ++j)
            bind[j] = glm::mat4(1.0f + 0.01f * static_cast<float>(j));
        QVERIFY(cpp.setInverseBindMatrices(bind));
        QCOMPARE(gs_crowd_set_inverse_bind_matrices(c, &bind[0][0][0], 16 * joints), int(GS_OK));
        std::vector<CharacterId> ids;
        std::vector<uint32_t> cIds;
        for (int k = 0; k < 9; ++k) {
            const float x = static_cast<float>(k) - 4.0f, z = 0.5f * static_cast<float>(k),
                        h = 0.2f * static_cast<float>(k);
            ids.push_back(*cpp.add(GroundFrame{x, z, h}));
            cIds.push_back(gs_crowd_add(c, x, z, h));
            QCOMPARE(cIds.back(), ids.back().value());
            QVERIFY(cpp.setGoal(ids.back(), {z, x}));
            QCOMPARE(gs_crowd_set_goal(c, cIds.back(), z, x), int(GS_OK));
        }
        const float jog[] = {0.2f, 0.8f};
        std::vector<float> pose(4 * joints), skin(16 * joints);
        for (int f = 0; f < 120; ++f) {
            const float dt = (f % 3 ? 13.0f : 29.0f) / 1024.0f;
            QVERIFY(cpp.update(dt));
            QCOMPARE(gs_crowd_update(c, dt), int(GS_OK));
            if (f == 40) {
                QVERIFY(cpp.setStyleTargets(ids[3], jog));
                QCOMPARE(gs_crowd_set_style_targets(c, cIds[3], jog, 2), int(GS_OK));
            }
            for (size_t k = 0; k < ids.size(); ++k) {
                QCOMPARE(gs_crowd_local_pose(c, cIds[k], pose.data(), pose.size()), int(GS_OK));
                const auto expected = *cpp.localPose(ids[k]);
                for (size_t j = 0; j < joints; ++j) {
                    const float q[4] = {expected[j].w, expected[j].x, expected[j].y, expected[j].z};
                    QVERIFY(std::memcmp(q, &pose[4 * j], sizeof q) == 0);
                }
                QCOMPARE(gs_crowd_skinning_matrices(c, cIds[k], skin.data(), skin.size()),
                         int(GS_OK));
                QVERIFY(std::memcmp(skin.data(), cpp.skinningMatrices(ids[k])->data(),
                                    skin.size() * sizeof(float)) == 0);
                float root[3];
                QCOMPARE(gs_crowd_root(c, cIds[k], root), int(GS_OK));
                const glm::vec3 r = *cpp.rootPosition(ids[k]);
                QVERIFY(root[0] == r.x && root[1] == r.y && root[2] == r.z);
            }
        }
        gs_crowd_free(c);
    }

    // A ground query through the C API: called, the character climbs the slope with the C++
    // crowd's bits; NULL puts it back on the flat floor; a NULL crowd is refused.
    void groundQuery() {
        QCOMPARE(gs_crowd_set_ground_query(nullptr, slopeC, nullptr), int(GS_ERROR_ARGUMENT));
        Crowd cpp(test::syntheticBaked()), flat(test::syntheticBaked());
        QVERIFY(cpp.setGroundQuery(GroundQuery{slopeCpp, nullptr}));
        char error[256];
        gs_crowd* c = gs_crowd_load(m_path.c_str(), error, sizeof error);
        QVERIFY2(c, error);
        int calls = 0;
        QCOMPARE(gs_crowd_set_ground_query(c, slopeC, &calls), int(GS_OK));
        const CharacterId id = *cpp.add(GroundFrame{});
        const CharacterId flatId = *flat.add(GroundFrame{});
        const uint32_t cId = gs_crowd_add(c, 0.0f, 0.0f, 0.0f);
        QVERIFY(cpp.setGoal(id, {0.0f, 20.0f}));
        QVERIFY(flat.setGoal(flatId, {0.0f, 20.0f}));
        QCOMPARE(gs_crowd_set_goal(c, cId, 0.0f, 20.0f), int(GS_OK));
        float root[3];
        for (int f = 0; f < 90; ++f) {
            if (f == 60) {
                QCOMPARE(gs_crowd_set_ground_query(c, nullptr, nullptr), int(GS_OK));
                QVERIFY(cpp.setGroundQuery(GroundQuery{}));
            }
            QVERIFY(cpp.update(1.0f / 30.0f));
            QVERIFY(flat.update(1.0f / 30.0f));
            QCOMPARE(gs_crowd_update(c, 1.0f / 30.0f), int(GS_OK));
            QCOMPARE(gs_crowd_root(c, cId, root), int(GS_OK));
            const glm::vec3 r = *cpp.rootPosition(id);
            QVERIFY(root[0] == r.x && root[1] == r.y && root[2] == r.z);
            // On the slope the root is carried up by the surface under it; off it, it is flat.
            const float lift = root[1] - flat.rootPosition(flatId)->y;
            if (f == 59) QVERIFY2(lift > 0.1f, qPrintable(QString::number(lift)));
            if (f >= 60) QCOMPARE(lift, 0.0f);
        }
        QVERIFY(calls > 60 * 3);
        gs_crowd_free(c);
    }
};

QTEST_GUILESS_MAIN(TestCApi)
#include "tst_c_api.moc"

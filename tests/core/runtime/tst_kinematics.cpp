// Forward kinematics on a skeleton built in code: known world positions for known rotations, the
// transform algebra, positions-only and rest-pose variants, matrices, and the lanes of the
// several-characters overload giving each character the single-character bits.

#include <QTest>

#include <cmath>
#include <numbers>
#include <vector>

#include <gaitspace/runtime/kinematics.h>

#include "skeleton_chain.h"

using namespace gs;

namespace {

constexpr float kPi = std::numbers::pi_v<float>;

bool near(const glm::vec3& a, const glm::vec3& b, float tolerance = 1e-5f) {
    return glm::length(a - b) <= tolerance;
}

bool near(const glm::mat4& a, const glm::mat4& b, float tolerance = 1e-5f) {
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            if (std::abs(a[c][r] - b[c][r]) > tolerance) return false;
    return true;
}

glm::quat about(float angle, const glm::vec3& axis) { return glm::angleAxis(angle, axis); }

// A pose of the chain skeleton that differs per character i.
std::vector<glm::quat> pose(int i) {
    return {about(0.1f * i, {0, 1, 0}), about(0.2f + 0.05f * i, {1, 0, 0}), about(-0.3f, {0, 0, 1}),
            about(0.4f * i, {1, 0, 0}), about(0.5f, {1, 0, 0})};
}

}  // namespace

class TestKinematics : public QObject {
    Q_OBJECT
private slots:
    void transformAlgebra() {
        const Transform a{about(kPi / 2, {0, 1, 0}), {1, 0, 0}};
        const Transform b{about(0.3f, {1, 0, 0}), {0, 0, 2}};
        QVERIFY(near(a.apply({0, 0, 1}), {2, 0, 0}));  // +Z turned to +X, then moved
        for (const glm::vec3 p : {glm::vec3(1, 2, 3), glm::vec3(-1, 0, 0.5f)}) {
            QVERIFY(near((a * b).apply(p), a.apply(b.apply(p))));
            QVERIFY(near(glm::vec3(a.matrix() * glm::vec4(p, 1.0f)), a.apply(p)));
        }
        QVERIFY(near(Transform{}.matrix(), glm::mat4(1.0f)));
    }

    void restPose() {
        const Skeleton s = test::chainSkeleton();
        const std::vector<glm::vec3> rest = restJointPositions(s);
        const std::vector<glm::vec3> expected{
            {0, 0, 0}, {0, 1, 0}, {0, 2, 0}, {1, 0, 0}, {1, -1, 0}};
        QCOMPARE(rest.size(), expected.size());
        for (size_t j = 0; j < rest.size(); ++j) QVERIFY(near(rest[j], expected[j]));
    }

    void knownPose() {
        const Skeleton s = test::chainSkeleton();
        // The hips turned a quarter left (the +X leg swings to -Z), the spine bent 90 degrees
        // forward about +X (the head goes to +Z in the hips' frame, then to +X in the world).
        std::vector<glm::quat> local(5, glm::quat(1, 0, 0, 0));
        local[0] = about(kPi / 2, {0, 1, 0});
        local[1] = about(kPi / 2, {1, 0, 0});
        std::vector<Transform> world(5);
        const glm::vec3 root{5, 1, 0};
        forwardKinematics(s, local, root, world);
        QVERIFY(near(world[0].translation, root));
        QVERIFY(near(world[1].translation, {5, 2, 0}));
        QVERIFY(near(world[2].translation, {6, 2, 0}));
        QVERIFY(near(world[3].translation, {5, 1, -1}));
        QVERIFY(near(world[4].translation, {5, 0, -1}));

        std::vector<glm::vec3> positions(5);
        jointPositions(s, local, root, positions);
        for (int j = 0; j < 5; ++j) QVERIFY(near(positions[j], world[j].translation, 1e-6f));
    }

    void matrices() {
        const Skeleton s = test::chainSkeleton();
        const auto local = pose(3);
        std::vector<Transform> world(5), rest(5);
        forwardKinematics(s, local, {0, 1, 0}, world);
        forwardKinematics(s, s.restRotations, s.restOffsets[0], rest);
        std::vector<glm::mat4> model(5), inverseBind(5), skin(5);
        modelMatrices(world, model);
        for (int j = 0; j < 5; ++j) QVERIFY(near(model[j], world[j].matrix(), 0.0f));
        // At the bind pose the skinning matrices are the identity.
        std::vector<glm::mat4> bind(5);
        modelMatrices(rest, bind);
        for (int j = 0; j < 5; ++j) inverseBind[j] = glm::inverse(bind[j]);
        skinningMatrices(bind, inverseBind, skin);
        for (int j = 0; j < 5; ++j) QVERIFY(near(skin[j], glm::mat4(1.0f)));
        // Out may be the model matrices themselves.
        skinningMatrices(model, inverseBind, model);
        for (int j = 0; j < 5; ++j) QVERIFY(near(model[j], world[j].matrix() * inverseBind[j]));
    }

    void lanesGiveTheSameBits() {
        const Skeleton s = test::chainSkeleton();
        const int n = s.jointCount();
        for (int count : {1, 3, kFkLanes}) {
            std::vector<glm::quat> local;
            std::vector<glm::vec3> roots;
            for (int i = 0; i < count; ++i) {
                const auto p = pose(i);
                local.insert(local.end(), p.begin(), p.end());
                roots.push_back({0.5f * i, 1.0f, -0.25f * i});
            }
            std::vector<Transform> lanes(static_cast<size_t>(count * n));
            forwardKinematics(s, local.data(), roots.data(), lanes.data(), count);
            for (int i = 0; i < count; ++i) {
                std::vector<Transform> one(static_cast<size_t>(n));
                forwardKinematics(s, std::span(local).subspan(i * n, n), roots[i], one);
                for (int j = 0; j < n; ++j) {
                    QVERIFY2(lanes[i * n + j].translation == one[j].translation &&
                                 lanes[i * n + j].rotation == one[j].rotation,
                             qPrintable(QString("%1 characters: character %2 joint %3")
                                            .arg(count)
                                            .arg(i)
                                            .arg(j)));
                }
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestKinematics)
#include "tst_kinematics.moc"

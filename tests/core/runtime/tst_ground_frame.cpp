// The ground frame: heading conventions (+Z forward at heading 0, positive = turned left, toward
// +X), world/local round trips, angle wrapping to (-pi, pi], and the root decomposition
// root = ground x residual.

#include <QTest>

#include <cmath>
#include <numbers>

#include <gaitspace/runtime/ground_frame.h>

#include "skeleton_chain.h"

using namespace gs;

namespace {

constexpr float kPi = std::numbers::pi_v<float>;

bool near(const glm::vec3& a, const glm::vec3& b, float tolerance = 1e-5f) {
    return glm::length(a - b) <= tolerance;
}

bool sameRotation(const glm::quat& a, const glm::quat& b, float tolerance = 1e-5f) {
    return std::abs(std::abs(glm::dot(a, b)) - 1.0f) <= tolerance;
}

}  // namespace

class TestGroundFrame : public QObject {
    Q_OBJECT
private slots:
    void headingConventions() {
        QVERIFY(near(yawRotation(0.0f) * glm::vec3(0, 0, 1), {0, 0, 1}));
        QVERIFY(near(yawRotation(kPi / 2) * glm::vec3(0, 0, 1), {1, 0, 0}));  // turned left
        QVERIFY(near(yawRotation(kPi / 2) * glm::vec3(0, 1, 0), {0, 1, 0}));  // about +Y
        for (float a = -3.0f; a <= 3.0f; a += 0.25f)
            QVERIFY(std::abs(headingOf(yawRotation(a)) - a) < 1e-5f);
        // A pitched rotation keeps the heading of its +Z axis on the floor.
        const glm::quat pitched = yawRotation(0.7f) * glm::angleAxis(0.4f, glm::vec3(1, 0, 0));
        QVERIFY(std::abs(headingOf(pitched) - 0.7f) < 1e-5f);
    }

    void wrapsAngles() {
        QCOMPARE(wrapAngle(0.0f), 0.0f);
        QVERIFY(std::abs(wrapAngle(kPi) - kPi) < 1e-6f);
        QVERIFY(std::abs(wrapAngle(-kPi) - kPi) < 1e-5f);  // -pi is outside (-pi, pi]
        QVERIFY(std::abs(wrapAngle(3.0f * kPi) - kPi) < 1e-5f);
        QVERIFY(std::abs(wrapAngle(2.0f * kPi + 0.5f) - 0.5f) < 1e-5f);
        QVERIFY(std::abs(wrapAngle(-2.0f * kPi - 0.5f) + 0.5f) < 1e-5f);
        for (float a = -20.0f; a <= 20.0f; a += 0.173f) {
            const float w = wrapAngle(a);
            QVERIFY(w > -kPi && w <= kPi);
            const float turns = (a - w) / (2.0f * kPi);
            QVERIFY(std::abs(turns - std::round(turns)) < 1e-4f);
        }
    }

    void worldAndLocal() {
        const GroundFrame g{2.0f, -3.0f, kPi / 2};
        QVERIFY(near(g.toWorld({0, 0, 1}), {3.0f, 0.0f, -3.0f}));  // one metre ahead = +X
        QVERIFY(near(g.toWorld({0, 1.5f, 0}), {2.0f, 1.5f, -3.0f}));
        QVERIFY(near(g.toWorldDirection({0, 0, 1}), {1, 0, 0}));  // not moved by (x, z)
        QVERIFY(near(g.transform().apply({0, 0, 1}), g.toWorld({0, 0, 1})));
        for (const glm::vec3 p : {glm::vec3(1, 2, 3), glm::vec3(-4, 0, 0.5f)}) {
            QVERIFY(near(g.toLocal(g.toWorld(p)), p));
            QVERIFY(near(g.toWorld(g.toLocal(p)), p));
        }
    }

    void rootDecomposition() {
        const GroundFrame g{1.0f, 4.0f, -0.8f};
        const glm::quat root = yawRotation(-0.8f) * glm::angleAxis(0.2f, glm::vec3(1, 0, 0));
        const glm::vec3 position{1.3f, 0.95f, 4.2f};
        const Transform residual = rootResidual(g, root, position);
        const Transform back = g.transform() * residual;
        QVERIFY(sameRotation(back.rotation, root));
        QVERIFY(near(back.translation, position));
        QVERIFY(std::abs(residual.translation.y - 0.95f) < 1e-6f);  // height stays in the residual
        QVERIFY(std::abs(headingOf(residual.rotation)) < 1e-5f);    // the heading does not

        // A skeleton whose rest root is turned: facingRotation takes the rest turn out.
        Skeleton s = test::chainSkeleton();
        s.restRotations[0] = yawRotation(kPi / 2);
        QVERIFY(sameRotation(facingRotation(s, s.restRotations[0]), glm::quat(1, 0, 0, 0)));
        QVERIFY(std::abs(headingOf(facingRotation(s, yawRotation(kPi / 2 + 0.3f))) - 0.3f) < 1e-5f);
    }
};

QTEST_APPLESS_MAIN(TestGroundFrame)
#include "tst_ground_frame.moc"

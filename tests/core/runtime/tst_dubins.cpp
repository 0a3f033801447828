// Dubins' time to a point (a unit-speed walker, so time is path length): closed-form values on the
// turning circles and their tangents, symmetry, the straight line for a walker that cannot turn,
// and the lanes of steering_detail::dubinsDistances giving the single-point bits.

#include <QTest>

#include <cmath>
#include <numbers>
#include <vector>

#include <gaitspace/runtime/steering.h>
#include "core/runtime/steering_detail.h"

using namespace gs;

namespace {

constexpr float kPi = std::numbers::pi_v<float>;
constexpr float kInf = std::numeric_limits<float>::infinity();

bool near(float a, float b, float tolerance = 1e-5f) {
    return std::abs(a - b) <= tolerance * std::max(1.0f, std::abs(b));
}

QString both(float got, float want) { return QString("got %1, want %2").arg(got).arg(want); }

}  // namespace

class TestDubins : public QObject {
    Q_OBJECT
private slots:
    void knownLengths() {
        // Local frame: x = left, z = forward; the walker starts at the origin facing +Z.
        struct Case {
            float x, z, radius, length;
        } cases[] = {
            {0.0f, 5.0f, 1.0f, 5.0f},         // dead ahead
            {1.0f, 1.0f, 1.0f, kPi / 2.0f},   // a quarter of the left circle
            {-1.0f, 1.0f, 1.0f, kPi / 2.0f},  // of the right circle
            {2.0f, 0.0f, 1.0f, kPi},          // half the left circle
            // Along the circle until the goal lies on its tangent, then the tangent (sqrt 2 m).
            {2.0f, 0.0f, 0.5f, 0.5f * std::atan2(1.5f * std::sqrt(2.0f), -0.75f) + std::sqrt(2.0f)},
            {1.0f, 2.0f, 1.0f, kPi / 6.0f + std::sqrt(3.0f)},  // 30 degrees, then tangent
            {3.0f, 4.0f, kInf, 5.0f},                          // cannot turn: straight
        };
        for (const Case& c : cases) {
            const float got = dubinsDistance(c.x, c.z, c.radius);
            QVERIFY2(near(got, c.length),
                     qPrintable(QString("(%1, %2) r %3: ").arg(c.x).arg(c.z).arg(c.radius) +
                                both(got, c.length)));
        }
    }

    void mirrorSymmetryAndBounds() {
        for (float x = -4.0f; x <= 4.0f; x += 0.37f) {
            for (float z = -4.0f; z <= 4.0f; z += 0.41f) {
                const float d = dubinsDistance(x, z, 0.8f, 1.7f);
                const float mirrored = dubinsDistance(-x, z, 1.7f, 0.8f);
                QVERIFY2(std::isfinite(d), qPrintable(QString("(%1, %2)").arg(x).arg(z)));
                QVERIFY2(near(d, mirrored, 1e-4f), qPrintable(both(d, mirrored)));
                // Never shorter than the straight line.
                QVERIFY(d >= std::hypot(x, z) - 1e-4f);
            }
        }
    }

    void oneSidedWalker() {
        // A walker that turns right only reaches a point on its left the long way round.
        const float d = dubinsDistance(1.0f, 1.0f, kInf, 1.0f);
        QVERIFY(std::isfinite(d));
        QVERIFY2(d > 2.0f * kPi * 0.5f, qPrintable(QString::number(d)));
        // Straight ahead needs no turn whichever side can turn.
        QVERIFY(near(dubinsDistance(0.0f, 3.0f, kInf, 1.0f), 3.0f));
        QVERIFY(near(dubinsDistance(0.0f, 3.0f, 1.0f, kInf), 3.0f));
    }

    void lanesGiveTheSameBits() {
        std::vector<glm::vec2> points;
        for (int i = 0; i < 21; ++i)  // not a multiple of the lane count
            points.push_back({std::sin(i * 1.3f) * (1.0f + i * 0.2f), std::cos(i * 0.7f) * 3.0f});
        std::vector<float> lanes(points.size(), -1.0f);
        steering_detail::dubinsDistances(points, 0.9f, 1.3f, lanes);
        for (size_t i = 0; i < points.size(); ++i)
            QCOMPARE(lanes[i], dubinsDistance(points[i].x, points[i].y, 0.9f, 1.3f));
        // A shorter output span is filled as far as it goes.
        std::vector<float> three(3, -1.0f);
        steering_detail::dubinsDistances(points, 0.9f, 1.3f, three);
        QCOMPARE(three[2], lanes[2]);
    }
};

QTEST_APPLESS_MAIN(TestDubins)
#include "tst_dubins.moc"

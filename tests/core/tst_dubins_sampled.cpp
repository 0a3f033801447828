// The sampled Dubins' paths a steering run is scored against (core/evaluation/dubins_sampled.h):
// straight on, a tangent after a turn and a half turn at known lengths; speeds of each arc and of
// the straight; the quickest of several turns; sides that cannot turn; mirror symmetry; the
// runtime's closed form (gaitspace/runtime/steering.h) agreeing to the sampling's step; the path
// that only comes within reach of a point.

#include <QTest>

#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "core/evaluation/dubins_sampled.h"
#include <gaitspace/runtime/steering.h>

using namespace gs;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kPi = std::numbers::pi_v<float>;
// The first turn is sampled every 0.001 rad: lengths land within a few millimetres per metre of
// radius.
constexpr float kStep = 0.01f;

bool near(float a, float b, float tolerance = kStep) { return std::abs(a - b) <= tolerance; }

// The length of a quarter turn of radius r to the left (ending at (r, r), heading +x) and `d`
// metres straight on from there, to (r + d, r).
float quarterThenStraight(float r, float d) { return r * kPi / 2.0f + d; }

}  // namespace

class TestDubinsSampled : public QObject {
    Q_OBJECT
private slots:
    void straightAhead() {
        QVERIFY(near(dubinsDistanceSampled(0.0f, 5.0f, 1.0f, 1.0f), 5.0f));
        QVERIFY(near(dubinsDistanceSampled(0.0f, 5.0f, kInf, kInf), 5.0f));
        // Neither side can turn: the straight distance stands in for any point.
        QCOMPARE(dubinsDistanceSampled(3.0f, 4.0f, kInf, kInf), 5.0f);
        const SteadyTurn none{};
        QCOMPARE(dubinsTimeSampled(3.0f, 4.0f, std::span(&none, 1), std::span(&none, 1), 2.0f),
                 2.5f);
    }

    void turnThenStraight() {
        // A quarter turn of radius 1 to the left ends at (1, 1) heading left (+x); 2 m on is
        // (3, 1).
        QVERIFY(
            near(dubinsDistanceSampled(3.0f, 1.0f, 1.0f, 1.0f), quarterThenStraight(1.0f, 2.0f)));
        // Mirrored: to the right.
        QVERIFY(
            near(dubinsDistanceSampled(-3.0f, 1.0f, 1.0f, 1.0f), quarterThenStraight(1.0f, 2.0f)));
        // Radius 2: (2 + 3, 2).
        QVERIFY(near(dubinsDistanceSampled(5.0f, 2.0f, 2.0f, 2.0f), quarterThenStraight(2.0f, 3.0f),
                     2.0f * kStep));
        // Behind: a half turn of radius 1 ends at (2, 0) heading back; 3 m on is (2, -3).
        QVERIFY(near(dubinsDistanceSampled(2.0f, -3.0f, 1.0f, 1.0f), kPi + 3.0f));
    }

    void aSideThatCannotTurnGoesStraight() {
        // Only left turns: the straight distance stands in for the right (shorter here than the
        // half turn and 3 m on).
        QCOMPARE(dubinsDistanceSampled(2.0f, -3.0f, 1.0f, kInf), std::sqrt(13.0f));
        QCOMPARE(dubinsDistanceSampled(-2.0f, -3.0f, kInf, 1.0f), std::sqrt(13.0f));
    }

    void speedsOfEachPart() {
        // Quarter turn at 0.5 m/s, then 2 m at 2 m/s.
        const SteadyTurn left{1.0f, 0.5f}, right{1.0f, 0.5f};
        const float t =
            dubinsTimeSampled(3.0f, 1.0f, std::span(&left, 1), std::span(&right, 1), 2.0f);
        QVERIFY2(near(t, kPi / 2.0f / 0.5f + 1.0f), QByteArray::number(t));
        // The quickest of two left turns: a wide fast one beats a tight slow one to a point both
        // reach by a quarter turn and straight on.
        const std::vector<SteadyTurn> lefts{{1.0f, 0.2f}, {2.0f, 2.0f}};
        const float both =
            dubinsTimeSampled(5.0f, 2.0f, lefts, std::span(&right, 1), 1.0f);  // (2 + 3, 2)
        QVERIFY2(near(both, 2.0f * kPi / 2.0f / 2.0f + 3.0f), QByteArray::number(both));
        const float tightOnly =
            dubinsTimeSampled(5.0f, 2.0f, std::span(&lefts[0], 1), std::span(&right, 1), 1.0f);
        QVERIFY(tightOnly > both + 1.0f);
    }

    void mirrorSymmetry() {
        for (float x : {-4.0f, -1.5f, -0.3f, 0.4f, 2.0f, 6.0f})
            for (float z : {-3.0f, -0.5f, 0.7f, 4.0f}) {
                const float a = dubinsDistanceSampled(x, z, 1.0f, 2.5f);
                const float b = dubinsDistanceSampled(-x, z, 2.5f, 1.0f);
                QVERIFY2(near(a, b, 1e-3f * (1.0f + a)),
                         qPrintable(QString("%1 %2").arg(x).arg(z)));
            }
    }

    void agreesWithTheClosedForm() {
        // Points all round, outside and inside both turning circles.
        for (float rl : {0.8f, 1.5f})
            for (float rr : {0.8f, 2.0f})
                for (float x = -5.0f; x <= 5.0f; x += 0.9f)
                    for (float z = -5.0f; z <= 5.0f; z += 0.9f) {
                        const float sampled = dubinsDistanceSampled(x, z, rl, rr);
                        const float closed = dubinsDistance(x, z, rl, rr);
                        QVERIFY2(near(sampled, closed, 0.02f),
                                 qPrintable(QString("(%1, %2) radii %3 %4: %5 vs %6")
                                                .arg(x)
                                                .arg(z)
                                                .arg(rl)
                                                .arg(rr)
                                                .arg(sampled)
                                                .arg(closed)));
                    }
    }

    void withinReach() {
        QCOMPARE(dubinsReachDistanceSampled(0.3f, 0.4f, 1.0f, 1.0f, 0.5f), 0.0f);  // already
        // Straight on: the reach's edge.
        QVERIFY(near(dubinsReachDistanceSampled(0.0f, 5.0f, kInf, kInf, 1.0f), 4.0f, 1e-5f));
        // Off to the side of a walker that cannot turn: 3 m aside, the reach 1 m: never.
        QVERIFY(std::isinf(dubinsReachDistanceSampled(3.0f, 4.0f, kInf, kInf, 1.0f)));
        // 0.6 m aside: along until the reach's circle is met, 5 - sqrt(1 - 0.36).
        QVERIFY(near(dubinsReachDistanceSampled(0.6f, 5.0f, kInf, kInf, 1.0f), 5.0f - 0.8f, 1e-5f));
        // A half turn of radius 1 comes within 0.2 m of (2, 0) that much before its end.
        const float half = dubinsReachDistanceSampled(2.0f, 0.0f, 1.0f, kInf, 0.2f);
        QVERIFY2(near(half, kPi - 2.0f * std::asin(0.1f)), QByteArray::number(half));
        // Never longer than the path to the point itself.
        for (float x : {-3.0f, -1.0f, 0.5f, 2.5f})
            for (float z : {-2.0f, 1.0f, 3.5f}) {
                const float full = dubinsDistanceSampled(x, z, 1.0f, 1.0f);
                const float reach = dubinsReachDistanceSampled(x, z, 1.0f, 1.0f, 0.3f);
                QVERIFY2(reach <= full + kStep, qPrintable(QString("%1 %2").arg(x).arg(z)));
            }
    }
};

QTEST_APPLESS_MAIN(TestDubinsSampled)
#include "tst_dubins_sampled.moc"

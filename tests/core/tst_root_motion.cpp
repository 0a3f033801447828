// Root motion of whole clips (core/clip/root_motion.h) on clips made here: ground frames with
// unwrapped headings, path length and speed, the turn of the path over a window, and the figures
// read off the root of a synthetic walk.

#include <QTest>

#include <cmath>
#include <numbers>

#include <gaitspace/runtime/ground_frame.h>
#include "core/clip/clip.h"
#include "core/clip/root_motion.h"
#include "core/synthetic/synthetic_gait.h"

using namespace gs;

namespace {

constexpr float kPi = std::numbers::pi_v<float>;

// A one-joint clip at 30 fps whose root is at positions[f], turned heading[f] about +Y.
Clip rootClip(const std::vector<glm::vec3>& positions, const std::vector<float>& headings) {
    Clip c;
    c.name = "root";
    c.skeleton.names = {"Hips"};
    c.skeleton.parents = {-1};
    c.skeleton.restOffsets = {glm::vec3(0.0f)};
    c.skeleton.restRotations = {glm::quat(1, 0, 0, 0)};
    c.skeleton.tipOffsets = {glm::vec3(0.0f)};
    c.rootPositions = positions;
    for (float h : headings) c.rotations.push_back(yawRotation(h));
    return c;
}

// `frames` frames along a left circle of radius r from the origin facing +Z, `a` radians a frame.
Clip circleClip(int frames, float r, float a) {
    std::vector<glm::vec3> p;
    std::vector<float> h;
    for (int f = 0; f < frames; ++f) {
        p.push_back({r * (1.0f - std::cos(a * f)), 0.9f, r * std::sin(a * f)});
        h.push_back(a * f);
    }
    return rootClip(p, h);
}

}  // namespace

class TestRootMotion : public QObject {
    Q_OBJECT
private slots:
    void straightLine() {
        std::vector<glm::vec3> p;
        for (int f = 0; f <= 30; ++f) p.push_back({f / 30.0f, 0.9f, 0.0f});  // 1 m/s along +X
        const Clip c = rootClip(p, std::vector<float>(31, kPi / 2));
        const auto ground = groundFrames(c);
        QCOMPARE(ground.size(), size_t(31));
        QCOMPARE(ground[15].x, 0.5f);
        QCOMPARE(ground[15].z, 0.0f);
        QVERIFY(std::abs(ground[15].heading - kPi / 2) < 1e-5f);
        const RootMotionStats s = rootMotionStats(c);
        QVERIFY(std::abs(s.pathLength - 1.0f) < 1e-5f);
        QVERIFY(std::abs(s.speed - 1.0f) < 1e-5f);
        QVERIFY(std::abs(s.headingChange) < 1e-6f);
        QVERIFY(std::abs(pathHeadingChange(c, 10.0f)) < 1e-5f);
    }

    void headingsUnwrap() {
        // 0.1 rad a frame for 40 frames: through +-pi without a jump.
        const Clip c = circleClip(41, 2.0f, 0.1f);
        const auto ground = groundFrames(c);
        for (size_t f = 1; f < ground.size(); ++f)
            QVERIFY(std::abs(ground[f].heading - ground[f - 1].heading - 0.1f) < 1e-4f);
        const RootMotionStats s = rootMotionStats(c);
        QVERIFY(std::abs(s.headingChange - 4.0f) < 1e-3f);
        // 40 chords of a circle of radius 2 over 0.1 rad each.
        const float chords = 40.0f * 2.0f * 2.0f * std::sin(0.05f);
        QVERIFY2(std::abs(s.pathLength - chords) < 1e-3f,
                 qPrintable(QString::number(s.pathLength)));
        QVERIFY(std::abs(s.speed - chords / (40.0f / 30.0f)) < 1e-3f);
    }

    void pathTurn() {
        // Chords over a window of w frames point along the circle's tangent at their middle:
        // from the first window to the last they turn a x (frames - 1 - w).
        const Clip c = circleClip(61, 3.0f, 0.02f);
        QVERIFY(std::abs(pathHeadingChange(c, 10.0f) - 0.02f * 50.0f) < 1e-3f);
        // Mirrored: the same turn to the right.
        Clip right = c;
        for (auto& p : right.rootPositions) p.x = -p.x;
        QVERIFY(std::abs(pathHeadingChange(right, 10.0f) + 0.02f * 50.0f) < 1e-3f);
        // Shorter than a window, or standing still: no turn.
        QCOMPARE(pathHeadingChange(circleClip(8, 3.0f, 0.02f), 10.0f), 0.0f);
        const Clip still = rootClip(std::vector<glm::vec3>(20, glm::vec3(1, 0.9f, 1)),
                                    std::vector<float>(20, 0.3f));
        QCOMPARE(pathHeadingChange(still, 5.0f), 0.0f);
        QCOMPARE(rootMotionStats(still).speed, 0.0f);
        QCOMPARE(rootMotionStats(rootClip({glm::vec3(0.0f)}, {0.0f})).pathLength, 0.0f);
    }

    void figuresOfASyntheticWalk() {
        SyntheticGaitSettings settings = SyntheticGaitSettings::preset(SyntheticGait::Walk);
        const auto walk = generateSyntheticGait(settings);
        QVERIFY2(walk, walk.message().c_str());
        const RootFigures r = rootFigures(*walk);
        QVERIFY(r.hasFeet);
        QVERIFY2(std::abs(r.floor) < 0.02f, qPrintable(QString::number(r.floor)));
        QVERIFY2(r.hipHeight > 0.7f && r.hipHeight < 1.1f,
                 qPrintable(QString::number(r.hipHeight)));
        QVERIFY(!r.inPlace);
        const RootMotionStats s = rootMotionStats(*walk);
        QVERIFY2(std::abs(s.speed - settings.speed) < 0.03f * settings.speed,
                 qPrintable(QString::number(s.speed)));
        QVERIFY(std::abs(r.travel - s.pathLength) < 0.05f * s.pathLength);

        // A walk on the spot: the same skeleton, the root held at its first position.
        Clip onTheSpot = *walk;
        for (auto& p : onTheSpot.rootPositions)
            p = {walk->rootPositions[0].x, p.y, walk->rootPositions[0].z};
        const RootFigures still = rootFigures(onTheSpot);
        QVERIFY(still.inPlace);
        QCOMPARE(still.travel, 0.0f);

        // A turning walk's path turns by its turn rate over the clip less one window.
        settings.curvature = 0.3f;
        const auto turning = generateSyntheticGait(settings);
        QVERIFY2(turning, turning.message().c_str());
        const float window = settings.periodSeconds() * turning->fps;
        const float expected = settings.turnRate() * (turning->duration() - window / turning->fps);
        const float got = pathHeadingChange(*turning, window);
        QVERIFY2(std::abs(got - expected) < 0.05f * expected,
                 qPrintable(QString("%1 against %2").arg(got).arg(expected)));
    }
};

QTEST_APPLESS_MAIN(TestRootMotion)
#include "tst_root_motion.moc"

// Data model on synthetic skeletons: forward kinematics, root decomposition, resampling, trim.

#include <QTest>

#include <cmath>
#include <numbers>

#include "core/clip/clip_kinematics.h"
#include "core/clip/root_motion.h"

using namespace gs;

namespace {

constexpr float kPi = std::numbers::pi_v<float>;

// root -> a (up 1 m) -> b (forward 0.5 m)
Skeleton chain() {
    Skeleton s;
    s.names = {"root", "a", "b"};
    s.parents = {-1, 0, 1};
    s.restOffsets = {glm::vec3(0), glm::vec3(0, 1, 0), glm::vec3(0, 0, 0.5f)};
    s.restRotations.assign(3, glm::quat(1, 0, 0, 0));
    s.tipOffsets.assign(3, glm::vec3(0));
    return s;
}

// A clip walking along +Z at 1 m/s while turning left at `turn` rad/s.
Clip walker(int frames, float turn) {
    Clip c;
    c.name = "walker";
    c.fps = 30.0f;
    c.skeleton = chain();
    c.resize(frames);
    glm::vec2 p(0.0f);
    for (int f = 0; f < frames; ++f) {
        const float h = turn * f / c.fps;
        c.frameRotations(f)[0] = yawRotation(h);
        c.rootPositions[f] = glm::vec3(p.x, 0.9f, p.y);
        p += glm::vec2(std::sin(h), std::cos(h)) / c.fps;
    }
    return c;
}

}  // namespace

class TestClip : public QObject {
    Q_OBJECT
private slots:
    void skeletonValidation() {
        Skeleton s = chain();
        QVERIFY(s.validate().isOk());
        s.parents[1] = 2;
        const Status st = s.validate();
        QVERIFY(!st.isOk());
        QVERIFY(QString::fromStdString(st.message()).contains("depth-first"));
    }

    void forwardKinematics() {
        Clip c = walker(2, 0.0f);
        // Bend joint a by 90 degrees about +Y: b's offset (+Z) turns to +X.
        c.frameRotations(0)[1] = yawRotation(kPi / 2);
        const auto pos = clipJointPositions(c);
        QVERIFY(glm::distance(pos[1], glm::vec3(0, 1.9f, 0)) < 1e-6f);
        QVERIFY(glm::distance(pos[2], glm::vec3(0.5f, 1.9f, 0)) < 1e-6f);
        std::vector<Transform> world(3);
        gs::forwardKinematics(c.skeleton, c.frameRotations(0), c.rootPositions[0], world);
        QVERIFY(glm::distance(world[2].translation, pos[2]) < 1e-6f);
    }

    void headingSign() {
        // Turning toward +X (the character's left when facing +Z) is a positive heading.
        QVERIFY(std::abs(headingOf(yawRotation(0.3f)) - 0.3f) < 1e-6f);
        const Clip c = walker(61, 0.5f);
        const RootMotionStats s = rootMotionStats(c);
        QVERIFY(std::abs(s.headingChange - 1.0f) < 1e-4f);
        QVERIFY(std::abs(s.speed - 1.0f) < 1e-3f);
        QVERIFY(c.rootPositions.back().x > 0.0f);  // went left
    }

    void headingUnwraps() {
        const Clip c = walker(200, 3.0f);  // 20 rad: several full turns
        const auto g = groundFrames(c);
        QVERIFY(std::abs(g.back().heading - 3.0f * 199 / 30.0f) < 1e-3f);
    }

    void rootResidualRebuildsRoot() {
        const Clip c = walker(10, 0.7f);
        const auto g = groundFrames(c);
        const glm::quat r = c.frameRotations(5)[0];
        const Transform residual = rootResidual(g[5], r, c.rootPositions[5]);
        const Transform rebuilt = g[5].transform() * residual;
        QVERIFY(glm::distance(rebuilt.translation, c.rootPositions[5]) < 1e-5f);
        QVERIFY(std::abs(std::abs(glm::dot(rebuilt.rotation, r)) - 1.0f) < 1e-5f);
        QVERIFY(std::abs(residual.translation.x) < 1e-5f &&
                std::abs(residual.translation.z) < 1e-5f);
    }

    void resample() {
        const Clip c = walker(31, 0.5f);
        auto r = resampleClip(c, 120.0f);
        QVERIFY(r.isOk());
        QCOMPARE(r->frameCount(), 121);
        QCOMPARE(r->fps, 120.0f);
        // Every 4th frame lands on a source frame; in between the root heading is halfway.
        QVERIFY(glm::distance(r->rootPositions[40], c.rootPositions[10]) < 1e-5f);
        const float h = headingOf(r->frameRotations(2)[0]);
        QVERIFY(std::abs(h - 0.5f * 0.5f / 30.0f) < 1e-5f);
        QVERIFY(!resampleClip(c, 0.0f).isOk());
        QVERIFY(!resampleClip(Clip{}, 30.0f).isOk());
    }

    void trim() {
        const Clip c = walker(30, 0.0f);
        auto t = trimClip(c, 5, 14);
        QVERIFY(t.isOk());
        QCOMPARE(t->frameCount(), 10);
        QCOMPARE(t->rootPositions[0], c.rootPositions[5]);
        QVERIFY(!trimClip(c, 20, 10).isOk());
        QVERIFY(!trimClip(Clip{}, 0, 1).isOk());
    }

    void validateRejectsNaN() {
        Clip c = walker(5, 0.0f);
        c.rootPositions[3].y = std::nanf("");
        const Status s = c.validate();
        QVERIFY(!s.isOk());
        QVERIFY(QString::fromStdString(s.message()).contains("frame 3"));
    }
};

QTEST_APPLESS_MAIN(TestClip)
#include "tst_clip.moc"

// Feet on the ground (gaitspace/runtime/ground.h): the synthetic walk steered up a 15-degree ramp
// and up a flight of stairs (0.17 m risers, 0.3 m treads) that the test defines as ground queries,
// and up the same stairs as a level mesh (LevelGround, core/level/level_ground.h). Its planted
// feet stay on the surface, its legs within reach, its knees without a pop; without a query the
// crowd is exactly the one on flat ground; a bad query's hits are ignored.

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include <glm/geometric.hpp>

#include "core/level/demo_level.h"
#include "core/level/foot_ground.h"
#include "core/level/level_ground.h"
#include "core/runtime/synthetic_spaces.h"
#include <gaitspace/runtime/crowd.h>

using namespace gs;

namespace {

constexpr float kRiser = 0.17f, kTread = 0.3f;
constexpr int kSteps = 12;
constexpr float kStart = 2.0f;  // metres along +Z where the ramp or the stairs begin

bool ramp(void*, float, float, float z, GroundHit* hit) {
    const float slope = std::tan(15.0f * std::numbers::pi_v<float> / 180.0f);
    const bool on = z > kStart;
    hit->height = on ? (z - kStart) * slope : 0.0f;
    hit->normal = on ? glm::normalize(glm::vec3(0.0f, 1.0f, -slope)) : glm::vec3(0, 1, 0);
    return true;
}

bool stairs(void*, float, float, float z, GroundHit* hit) {
    const int step = std::clamp(static_cast<int>(std::floor((z - kStart) / kTread)) + 1, 0, kSteps);
    hit->height = step * kRiser;
    hit->normal = glm::vec3(0.0f, 1.0f, 0.0f);
    return true;
}

bool level(void*, float, float, float, GroundHit* hit) {
    *hit = GroundHit{};
    return true;
}

bool broken(void*, float, float, float, GroundHit* hit) {
    hit->height = std::numeric_limits<float>::quiet_NaN();
    return true;
}

// The same stairs as a level mesh: a floor and a box per step.
LevelMesh stairMesh() {
    LevelMesh m = boxMesh({-5.0f, -0.2f, -5.0f}, {5.0f, 0.0f, 20.0f});
    for (int k = 0; k < kSteps; ++k) {
        const float z = kStart + k * kTread;
        const float zEnd = k + 1 == kSteps ? 20.0f : z + kTread;
        m.append(boxMesh({-2.0f, 0.0f, z}, {2.0f, (k + 1) * kRiser, zEnd}));
    }
    return m;
}

struct Walk {
    std::vector<float> errors;   // planted feet, metres
    std::vector<float> uneven;   // ... on the ramp or the stairs
    float worstReach = 0.0f;     // the largest hip-to-ankle distance over the leg's length
    float worstKneeStep = 0.0f;  // degrees per frame
    float climbed = 0.0f;        // the surface height reached, metres
};

float kneeAngle(const std::span<const Transform> w, const Leg& leg) {
    const glm::vec3 a = glm::normalize(w[leg.hip].translation - w[leg.knee].translation);
    const glm::vec3 b = glm::normalize(w[leg.ankle].translation - w[leg.knee].translation);
    return std::acos(std::clamp(glm::dot(a, b), -1.0f, 1.0f)) * 180.0f / std::numbers::pi_v<float>;
}

// Walks straight up +Z for `seconds` on the query's ground.
Walk walk(const GroundQuery& query, float seconds) {
    Crowd crowd(test::syntheticBaked());
    if (!crowd.setGroundQuery(query)) qFatal("ground query refused");
    const CharacterId id = *crowd.add(GroundFrame{0.0f, 0.0f, 0.0f});
    (void)crowd.setGoal(id, {0.0f, 30.0f}, Crowd::GoalArrival::WalkOn);
    Walk w;
    std::array<float, 2> lastKnee{};
    const float fps = crowd.fps();
    for (int f = 0; f < static_cast<int>(seconds * fps); ++f) {
        (void)crowd.update(1.0f / fps);
        const CharacterState& st = *crowd.state(id);
        const auto world = *crowd.modelTransforms(id);
        footGroundErrors(st, world, query, true, 0.0f, w.errors, w.uneven);
        for (int k = 0; k < 2; ++k) {
            const Leg& leg = st.legs.legs[k];
            const float d = glm::distance(world[leg.hip].translation, world[leg.ankle].translation);
            w.worstReach = std::max(w.worstReach, d / (leg.thigh + leg.shin));
            const float knee = kneeAngle(world, leg);
            if (f > 0) w.worstKneeStep = std::max(w.worstKneeStep, std::abs(knee - lastKnee[k]));
            lastKnee[k] = knee;
        }
        w.climbed = st.surface.height;
    }
    return w;
}

}  // namespace

class TestGround : public QObject {
    Q_OBJECT
private slots:
    void feetOnTheSurface_data() {
        QTest::addColumn<int>("kind");
        QTest::newRow("ramp 15 degrees") << 0;
        QTest::newRow("stairs 0.17 m") << 1;
        QTest::newRow("stairs as a level mesh") << 2;
    }
    void feetOnTheSurface() {
        QFETCH(int, kind);
        static const LevelGround mesh(stairMesh());
        const GroundQuery query = kind == 0   ? GroundQuery{ramp, nullptr}
                                  : kind == 1 ? GroundQuery{stairs, nullptr}
                                              : mesh.query();
        const Walk w = walk(query, 9.0f);
        // It climbed the whole way (a ramp 15 degrees over 5 m, or all the steps).
        QVERIFY2(w.climbed > (kind == 0 ? 1.0f : kSteps * kRiser - 0.05f),
                 qPrintable(QString::number(w.climbed)));
        // Planted feet within 2 cm of the surface at p95, over every planted frame and over
        // those on the ramp or the stairs.
        QVERIFY(w.errors.size() > 100 && w.uneven.size() > 30);
        const float p95 = absPercentile(w.errors, 95.0f), uneven = absPercentile(w.uneven, 95.0f);
        QVERIFY2(
            p95 < 0.02f && uneven < 0.02f,
            qPrintable(QString("p95 %1 m, on the slope or the steps %2 m").arg(p95).arg(uneven)));
        // Legs within the reach the pelvis keeps (GroundSettings::legReach), and knees without a
        // pop: no knee turns in a frame by more than 1.5 times the most the same walk's knees
        // turn on flat ground (the synthetic swing flexes the knee by up to 25 degrees a frame).
        QVERIFY2(w.worstReach <= GroundSettings{}.legReach + 1e-3f,
                 qPrintable(QString::number(w.worstReach)));
        static const Walk flat = walk(GroundQuery{level, nullptr}, 9.0f);
        QVERIFY(flat.worstKneeStep > 5.0f);
        QVERIFY2(
            w.worstKneeStep < 1.5f * flat.worstKneeStep,
            qPrintable(
                QString("%1 against %2 degrees").arg(w.worstKneeStep).arg(flat.worstKneeStep)));
    }

    // Without a query (or with it taken away) the crowd is the flat-ground crowd, bit for bit.
    void noQueryIsFlat() {
        auto run = [](int mode) {
            Crowd crowd(test::syntheticBaked());
            if (mode == 1) (void)crowd.setGroundQuery(GroundQuery{ramp, nullptr});
            if (mode >= 1) (void)crowd.setGroundQuery(GroundQuery{});
            const CharacterId id = *crowd.add(GroundFrame{});
            (void)crowd.setGoal(id, {3.0f, 8.0f});
            std::vector<glm::quat> poses;
            for (int f = 0; f < 120; ++f) {
                (void)crowd.update(1.0f / 30.0f);
                const auto pose = *crowd.localPose(id);
                poses.insert(poses.end(), pose.begin(), pose.end());
            }
            poses.push_back(glm::quat(0.0f, *crowd.rootPosition(id)));
            return poses;
        };
        const auto flat = run(0), cleared = run(1);
        QCOMPARE(flat.size(), cleared.size());
        QVERIFY(std::equal(flat.begin(), flat.end(), cleared.begin()));
    }

    // On level ground (a query that answers y = 0 everywhere) the legs are the clip's own,
    // however straight: the pelvis is not lowered to keep them within a reach (here 0.8 of the
    // leg, which the synthetic walk's stance exceeds) that only a surface moving a foot needs.
    void levelGroundKeepsTheClipsLegs() {
        GroundSettings tight;
        tight.legReach = 0.8f;
        auto run = [&](bool onLevel) {
            Crowd crowd(test::syntheticBaked());
            if (onLevel) (void)crowd.setGroundQuery(GroundQuery{level, nullptr}, tight);
            const CharacterId id = *crowd.add(GroundFrame{});
            (void)crowd.setGoal(id, {3.0f, 8.0f});
            std::vector<glm::vec3> joints;
            for (int f = 0; f < 120; ++f) {
                (void)crowd.update(1.0f / 30.0f);
                for (const Transform& t : *crowd.modelTransforms(id))
                    joints.push_back(t.translation);
            }
            return joints;
        };
        const auto flat = run(false), onGround = run(true);
        QCOMPARE(flat.size(), onGround.size());
        float worst = 0.0f;
        for (size_t k = 0; k < flat.size(); ++k)
            worst = std::max(worst, glm::distance(flat[k], onGround[k]));
        QVERIFY2(worst < 1e-5f, qPrintable(QString("%1 m").arg(worst)));
    }

    // A query whose hits are not finite is ignored: the character stays on y = 0.
    void badHitsIgnored() {
        Crowd crowd(test::syntheticBaked());
        QVERIFY(crowd.setGroundQuery(GroundQuery{broken, nullptr}));
        const CharacterId id = *crowd.add(GroundFrame{});
        (void)crowd.setGoal(id, {0.0f, 8.0f});
        for (int f = 0; f < 60; ++f) QVERIFY(crowd.update(1.0f / 30.0f));
        const auto world = *crowd.modelTransforms(id);
        for (const Transform& t : world) QVERIFY(std::isfinite(t.translation.y));
        QCOMPARE(crowd.state(id)->surface.height, 0.0f);
    }

    void settingsRefused() {
        Crowd crowd(test::syntheticBaked());
        GroundSettings s;
        s.legReach = 1.5f;
        QCOMPARE(crowd.setGroundQuery(GroundQuery{ramp, nullptr}, s).message(),
                 std::string("ground: the legs' reach must be in [0.8, 1] of their length"));
        QVERIFY(!crowd.groundQuery());
    }
};

QTEST_APPLESS_MAIN(TestGround)
#include "tst_ground.moc"

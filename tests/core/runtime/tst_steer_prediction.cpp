// The predicted pick's stages (core/runtime/steer_prediction.h), each called alone on the
// synthetic walk and jog and their goal spaces (no data needed): each does its own part, and in
// order they give steerTarget's decision to the bit.

#include <QTest>

#include <cmath>
#include <cstring>
#include <random>

#include "core/runtime/steer_prediction.h"
#include "core/runtime/steering_detail.h"
#include "synthetic_spaces.h"

using namespace gs;
namespace sd = gs::steering_detail;

class TestSteerPrediction : public QObject {
    Q_OBJECT
    std::shared_ptr<const BakedSpaceFile> m_baked;
    SteeringSpace m_steering;

    // A character of the given style mix at `ground`, and its decision's inputs.
    int inputsFor(const GroundFrame& ground, float walk, float blend, float lastTarget,
                  SteerInput* inputs) {
        CharacterState st;
        const float styles[] = {walk, 1.0f - walk};
        const float blends[] = {blend, blend};
        initCharacter(m_baked->space, st, ground, styles, blends);
        if (lastTarget >= 0.0f) {
            st.frame = 1;  // a character that decided before keeps its last target
            st.blendTarget = {lastTarget, lastTarget};
        }
        return sd::decisionInputs(m_steering, m_steering.tables().get(), st, inputs);
    }

private slots:
    void initTestCase() {
        m_baked = test::syntheticBaked();
        m_steering.space = &m_baked->space;
        m_steering.goalSpaces = m_baked->goalSpaces;
        QVERIFY(m_steering.validate().isOk());
    }

    // 300 random decisions (goals near and far, standing and moving, mixes, with and without a
    // last target): the stages called one by one give steerTarget's blend and time.
    void stagesInOrderGiveSteerTarget() {
        std::mt19937 rng(11);
        std::uniform_real_distribution<float> unit(0.0f, 1.0f);
        const SteerSettings settings;
        int lookedAhead = 0, coarse = 0;
        for (int i = 0; i < 300; ++i) {
            const GroundFrame ground{20.0f * unit(rng) - 10.0f, 20.0f * unit(rng) - 10.0f,
                                     6.0f * unit(rng)};
            SteerInput inputs[kMaxSpaces];
            const int n =
                inputsFor(ground, unit(rng), unit(rng), i % 3 == 0 ? -1.0f : unit(rng), inputs);
            const float d = 0.5f + 15.0f * unit(rng) * unit(rng), a = 6.2831853f * unit(rng);
            const SteerGoal goal{
                {ground.x + d * std::sin(a), ground.z + d * std::cos(a)},
                i % 4 == 0 ? glm::vec2(unit(rng) - 0.5f, unit(rng) - 0.5f) : glm::vec2(0.0f)};
            const std::span<const SteerInput> mix(inputs, n);
            const SteerDecision whole = steerTarget(mix, ground, goal, settings);
            sd::Prediction p;
            sd::beginPrediction(p, mix, goal, ground, settings);
            sd::scoreFirstSteps(p);
            sd::scoreSecondSteps(p);
            sd::keepToLastDecision(p);
            const SteerDecision staged = sd::refineBest(p);
            QVERIFY(std::memcmp(&whole.blend, &staged.blend, sizeof(float)) == 0);
            QVERIFY(std::memcmp(&whole.seconds, &staged.seconds, sizeof(float)) == 0);
            QCOMPARE(whole.lookedAhead, staged.lookedAhead);
            lookedAhead += staged.lookedAhead;
            coarse += p.coarse;
        }
        // Both ways of scoring and both look-aheads were taken.
        QVERIFY(lookedAhead > 20 && lookedAhead < 280);
        QVERIFY(coarse > 20 && coarse < 280);
    }

    // beginPrediction puts the goal into the decision's frame; scoreFirstSteps scores every end
    // blend of a near goal, fewer of a far one (coarse to fine), and leaves bestZ at the cheapest
    // scored; scoreSecondSteps looks ahead near the goal and only lowers costs; the commitment
    // adds its price per unit of blend change; refineBest stays within half a sample of bestZ.
    void eachStageDoesItsPart_data() {
        QTest::addColumn<float>("distance");
        QTest::addColumn<float>("bearing");
        QTest::addColumn<bool>("near");
        QTest::newRow("near, ahead") << 2.0f << 0.2f << true;
        QTest::newRow("near, beside") << 1.8f << 1.6f << true;
        QTest::newRow("far, ahead") << 25.0f << 0.1f << false;
        QTest::newRow("far, behind") << 25.0f << 3.0f << false;
    }
    void eachStageDoesItsPart() {
        QFETCH(float, distance);
        QFETCH(float, bearing);
        QFETCH(bool, near);
        const GroundFrame ground{1.0f, -2.0f, 0.7f};
        SteerInput inputs[kMaxSpaces];
        const int n = inputsFor(ground, 0.6f, 0.5f, 0.4f, inputs);
        const std::span<const SteerInput> mix(inputs, n);
        // bearing: + = to the character's left (local x), from its forward (local z).
        const glm::vec3 w = ground.toWorld(
            glm::vec3(distance * std::sin(bearing), 0.0f, distance * std::cos(bearing)));
        const SteerGoal goal{{w.x, w.z}, glm::vec2(0.0f)};
        SteerSettings settings;
        sd::Prediction p;
        sd::beginPrediction(p, mix, goal, ground, settings);
        QCOMPARE(p.Z, m_baked->goalSpaces.front().endBlends);
        QVERIFY(std::abs(glm::length(p.goal.position) - distance) < 1e-4f);
        QVERIFY(std::abs(std::atan2(p.goal.position.x, p.goal.position.y) - bearing) < 1e-4f);
        QCOMPARE(p.coarse, !near);
        for (int z = 0; z < p.Z; ++z) QVERIFY(!p.scored[z]);

        sd::scoreFirstSteps(p);
        int scored = 0;
        for (int z = 0; z < p.Z; ++z) {
            if (!p.scored[z]) continue;
            ++scored;
            QVERIFY(std::isfinite(p.cost[z]) && p.cost[z] > 0.0f);
            QVERIFY(p.cost[p.bestZ] <= p.cost[z]);
        }
        if (near)
            QCOMPARE(scored, p.Z);
        else
            QVERIFY(scored < p.Z);

        float first[sd::Prediction::kMaxZ];
        std::copy(p.cost, p.cost + p.Z, first);
        sd::scoreSecondSteps(p);
        QCOMPARE(p.lookedAhead, near);
        for (int z = 0; z < p.Z; ++z) QVERIFY(!(p.cost[z] > first[z]));

        float beforeCommitment[sd::Prediction::kMaxZ];
        std::copy(p.cost, p.cost + p.Z, beforeCommitment);
        sd::keepToLastDecision(p);
        for (int z = 0; z < p.Z; ++z) {
            if (!std::isfinite(beforeCommitment[z])) continue;
            const float price =
                settings.commitment * std::abs(static_cast<float>(z) / (p.Z - 1) - 0.4f);
            QVERIFY(std::abs((p.cost[z] - beforeCommitment[z]) - price) < 1e-4f);
        }
        const int best = p.bestZ;
        const SteerDecision d = sd::refineBest(p);
        QVERIFY(std::abs(d.blend * (p.Z - 1) - static_cast<float>(best)) <= 0.5f + 1e-5f);
        QVERIFY(d.blend >= 0.0f && d.blend <= 1.0f);
        QVERIFY(d.seconds > 0.0f && d.seconds < 60.0f);
    }
};

QTEST_GUILESS_MAIN(TestSteerPrediction)
#include "tst_steer_prediction.moc"

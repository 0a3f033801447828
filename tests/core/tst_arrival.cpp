// Arrival (gaitspace/runtime/arrival.h) on the CMU walk + jog spaces with the subject's own stops
// and starts: characters stop on their goals and stand still, start again toward a new one (behind
// them too), report their state, and join loops, stops, standing and starts without a pop; the
// same from a space and from its baked file.

#include <QTest>

#include <cmath>
#include <memory>
#include <numbers>

#include "common/cmu_spaces.h"
#include "common/test_data.h"
#include "core/spaces/goal_space_builder.h"
#include "core/clip/clip_kinematics.h"
#include "core/evaluation/quality.h"
#include "core/evaluation/simulation.h"
#include "core/spaces/transition_builder.h"
#include <gaitspace/runtime/crowd.h>
#include <gaitspace/runtime/gspace.h>

using namespace gs;

namespace {

constexpr float kPi = std::numbers::pi_v<float>;

// The largest one-frame joint step of the source clips of the spaces with a style weight (their
// stops and starts, and the walk's starts that a jog starts with).
float sourceJointStep(const BehavioralSpaceDesc& desc, const std::vector<float>& weights) {
    float step = 0.0f;
    for (size_t s = 0; s < desc.spaces.size(); ++s) {
        const MotionSpaceDesc& m = desc.spaces[s];
        if (weights[s] <= 0.0f && m.starts.empty()) continue;
        for (const auto* list : {&m.clips, &m.stops, &m.starts})
            for (const Clip& c : *list)
                if (weights[s] > 0.0f || list == &m.starts) step = std::max(step, maxJointStep(c));
    }
    return step;
}

// The foot skate of the stop clips of the spaces with a style weight, pooled by frames.
float stopClipSkate(const BehavioralSpaceDesc& desc, const BakedBehavioralSpace& bs,
                    const std::vector<float>& weights) {
    double skate = 0.0;
    int frames = 0;
    for (size_t s = 0; s < desc.spaces.size(); ++s) {
        if (weights[s] <= 0.0f) continue;
        for (const Clip& c : desc.spaces[s].stops) {
            skate += footSkate(clipJointPositions(c), c.jointCount(), bs.leftToe, bs.rightToe,
                               bs.floorHeight, c.fps) *
                     c.frameCount();
            frames += c.frameCount();
        }
    }
    return frames ? static_cast<float>(skate / frames) : 0.0f;
}

}  // namespace

class TestArrival : public QObject {
    Q_OBJECT

    BehavioralSpaceDesc m_desc;
    std::shared_ptr<const BakedSpaceFile> m_baked;

    Crowd makeCrowd() const { return Crowd(m_baked); }

private slots:
    void initTestCase() {
        GS_REQUIRE_DATA();
        m_desc = test::cmuWalkJogArriveDesc();
        auto bs = buildBehavioralSpace(m_desc);
        QVERIFY2(bs, bs.message().c_str());
        auto baked = std::make_shared<BakedSpaceFile>();
        baked->space = std::move(*bs);
        auto goals = buildGoalSpaces(baked->space);
        QVERIFY2(goals, goals.message().c_str());
        baked->goalSpaces = std::move(*goals);
        m_baked = baked;
    }

    // The arrive scenario: random goals 2-15 m apart, each stopped at and stood on for 2 s.
    void stopsOnEveryGoal_data() {
        QTest::addColumn<float>("walk");
        QTest::newRow("walk") << 1.0f;
        QTest::newRow("jog") << 0.0f;
        QTest::newRow("walk and jog") << 0.5f;
    }
    void stopsOnEveryGoal() {
        QFETCH(float, walk);
        SimulationSettings settings;
        settings.scenario = SimulationSettings::Scenario::Arrive;
        settings.goals = 15;
        settings.seed = 7;
        settings.styleWeights = {walk, 1.0f - walk};
        settings.locomotion = m_baked->locomotion;
        settings.steer = m_baked->steer;
        auto r = simulate(m_baked, settings);
        QVERIFY2(r, r.message().c_str());
        const ArrivalFigures& a = r->arrival;
        QCOMPARE(a.stops, settings.goals);
        std::vector<float> errors = a.stopErrors;
        const float worst = *std::max_element(errors.begin(), errors.end());
        // The least time its own starts and stops allow (the way between walked straight at the
        // fastest loop's speed) is no more than the time taken.
        QVERIFY(a.meanFloorRatio > 0.0f && a.meanFloorRatio <= a.meanTimeRatio);
        QVERIFY2(mean(errors) <= 0.10f, qPrintable(QString::number(mean(errors))));
        QVERIFY2(worst <= 0.30f, qPrintable(QString::number(worst)));
        // Standing, the root and the toes hold still.
        QVERIFY2(a.standingDrift <= 0.01f, qPrintable(QString::number(a.standingDrift)));
        // No pop where a loop, a stop, the standing pose and a start meet.
        const float source = sourceJointStep(m_desc, settings.styleWeights);
        QVERIFY2(a.joinJointStep <= 1.5f * source,
                 qPrintable(QString("%1 against %2").arg(a.joinJointStep).arg(source)));
        // The feet slide less over the stops than the stop clips' own do.
        const float clips = stopClipSkate(m_desc, m_baked->space, settings.styleWeights);
        QVERIFY2(a.stopSkate <= 0.5f * clips,
                 qPrintable(QString("%1 against %2").arg(a.stopSkate).arg(clips)));
        // Each goal had its stand, in the run's frames, in order.
        long last = -1;
        for (const glm::ivec2& f : a.standFrames) {
            QVERIFY(f.x > last && f.y > f.x && f.y < r->frames);
            last = f.y;
        }
    }

    // Moving goals at 0.6x the mix's speed (circle, zigzag, figure 8), averaged over 16 head
    // starts (as scripts/moving-goal-table does: one run swings with any rounding, and over 8
    // starts the 50/50 zigzag moved from 0.58x to 0.72x when the blends' time step changed,
    // with the goal space's own distance unchanged and the naive controller's shorter): a goal
    // slower than the walk is followed by stopping in its way, standing and starting after it;
    // the jog keeps pace by blending in the walk; a goal left behind is caught up with by
    // blending in the jog. The target is 0.7x the naive controller's mean distance on every row.
    // Measured here (circle / zigzag / figure 8): walk 0.50x / 0.38x / 0.41x, jog 0.10x / 0.62x /
    // 0.10x, 50/50 0.56x / 0.55x / 0.43x.
    void followsMovingGoals_data() {
        QTest::addColumn<int>("scenario");
        QTest::addColumn<float>("walk");
        using S = SimulationSettings::Scenario;
        const struct {
            const char* name;
            S scenario;
        } paths[] = {{"circle", S::Circle}, {"zigzag", S::Zigzag}, {"figure8", S::Figure8}};
        const struct {
            const char* name;
            float walk;
        } styles[] = {{"walk", 1.0f}, {"jog", 0.0f}, {"50/50", 0.5f}};
        for (const auto& p : paths)
            for (const auto& st : styles)
                QTest::addRow("%s, %s", p.name, st.name) << int(p.scenario) << st.walk;
    }
    void followsMovingGoals() {
        QFETCH(int, scenario);
        QFETCH(float, walk);
        SimulationSettings settings;
        settings.scenario = static_cast<SimulationSettings::Scenario>(scenario);
        settings.styleWeights = {walk, 1.0f - walk};
        settings.locomotion = m_baked->locomotion;
        settings.steer = m_baked->steer;
        double goalSpace = 0.0, naive = 0.0;
        for (int h = 0; h < 16; ++h) {
            settings.goalHeadStart = 2.0f * h;
            settings.controller = SimulationSettings::Controller::GoalSpace;
            auto r = simulate(m_baked, settings);
            QVERIFY2(r, r.message().c_str());
            settings.controller = SimulationSettings::Controller::Naive;
            auto n = simulate(m_baked, settings);
            QVERIFY2(n, n.message().c_str());
            goalSpace += r->meanDistance / 16.0;
            naive += n->meanDistance / 16.0;
        }
        QVERIFY2(goalSpace <= 0.7 * naive,
                 qPrintable(QString("%1 against %2").arg(goalSpace).arg(naive)));
    }

    void statesInOrder() {
        Crowd crowd = makeCrowd();
        const CharacterId id = *crowd.add(GroundFrame{});
        QCOMPARE(*crowd.motionState(id), MotionState::Walking);
        QVERIFY(crowd.setGoal(id, {0.0f, 6.0f}).isOk());
        std::vector<MotionState> seen{MotionState::Walking};
        auto run = [&](float seconds) {
            for (int f = 0; f < static_cast<int>(seconds * crowd.fps()); ++f) {
                QVERIFY(crowd.update(1.0f / crowd.fps()).isOk());
                if (*crowd.motionState(id) != seen.back()) seen.push_back(*crowd.motionState(id));
            }
        };
        run(10.0f);
        QCOMPARE(seen.back(), MotionState::Standing);
        QVERIFY(crowd.setGoal(id, {6.0f, 6.0f}).isOk());
        run(12.0f);
        const std::vector<MotionState> expected{MotionState::Walking,  MotionState::Stopping,
                                                MotionState::Standing, MotionState::Starting,
                                                MotionState::Walking,  MotionState::Stopping,
                                                MotionState::Standing};
        QCOMPARE(seen, expected);
        QCOMPARE(QString(motionStateName(MotionState::Starting)), QString("starting"));
        const GroundFrame g = *crowd.ground(id);
        QVERIFY2(std::hypot(g.x - 6.0f, g.z - 6.0f) < 0.1f,
                 qPrintable(QString("%1, %2").arg(g.x).arg(g.z)));
    }

    void standsStill() {
        // Stood on its goal for ten seconds, nothing moves: the root, every joint.
        Crowd crowd = makeCrowd();
        const CharacterId id = *crowd.add(GroundFrame{});
        QVERIFY(crowd.setGoal(id, {1.0f, 5.0f}).isOk());
        for (int f = 0; f < 300 && *crowd.motionState(id) != MotionState::Standing; ++f)
            QVERIFY(crowd.update(1.0f / 30.0f).isOk());
        QCOMPARE(*crowd.motionState(id), MotionState::Standing);
        // Its last frames play on in place for a moment (the clip's own settling).
        for (int f = 0; f < 30; ++f) QVERIFY(crowd.update(1.0f / 30.0f).isOk());
        const auto shown = *crowd.modelTransforms(id);
        const std::vector<Transform> before(shown.begin(), shown.end());
        for (int f = 0; f < 300; ++f) QVERIFY(crowd.update(1.0f / 30.0f).isOk());
        const auto after = *crowd.modelTransforms(id);
        for (size_t j = 0; j < before.size(); ++j)
            QVERIFY2(glm::distance(before[j].translation, after[j].translation) < 1e-4f,
                     qPrintable(QString::number(j)));
        QCOMPARE(*crowd.motionState(id), MotionState::Standing);
        // A new goal within the stand radius leaves it where it is.
        const GroundFrame g = *crowd.ground(id);
        QVERIFY(crowd.setGoal(id, {g.x + 0.1f, g.z}).isOk());
        for (int f = 0; f < 30; ++f) QVERIFY(crowd.update(1.0f / 30.0f).isOk());
        QCOMPARE(*crowd.motionState(id), MotionState::Standing);
    }

    void startsTowardAGoalBehind() {
        Crowd crowd = makeCrowd();
        const CharacterId id = *crowd.add(GroundFrame{});
        QVERIFY(crowd.setGoal(id, {0.0f, 4.0f}).isOk());
        for (int f = 0; f < 300 && *crowd.motionState(id) != MotionState::Standing; ++f)
            QVERIFY(crowd.update(1.0f / 30.0f).isOk());
        QCOMPARE(*crowd.motionState(id), MotionState::Standing);
        const GroundFrame stood = *crowd.ground(id);
        // A goal 5 m behind it, a little to its left.
        const glm::vec3 behind = stood.toWorld(glm::vec3(1.0f, 0.0f, -5.0f));
        QVERIFY(crowd.setGoal(id, {behind.x, behind.z}).isOk());
        int frames = 0;
        float turned = 0.0f;
        for (; frames < 600; ++frames) {
            QVERIFY(crowd.update(1.0f / 30.0f).isOk());
            if (*crowd.motionState(id) == MotionState::Starting)
                turned = wrapAngle(crowd.ground(id)->heading - stood.heading);
            if (frames > 30 && *crowd.motionState(id) == MotionState::Standing) break;
        }
        // It turned toward the goal's side (left) while it started, nearly all the way round (the
        // goal is 169 degrees off; the start turned 94 degrees of it before starts pivoted), and
        // got there in a few seconds.
        QVERIFY2(turned > 2.6f, qPrintable(QString::number(turned)));
        QCOMPARE(*crowd.motionState(id), MotionState::Standing);
        const GroundFrame g = *crowd.ground(id);
        QVERIFY2(std::hypot(g.x - behind.x, g.z - behind.z) < 0.1f,
                 qPrintable(QString("%1, %2").arg(g.x).arg(g.z)));
        QVERIFY2(frames < 7 * 30, qPrintable(QString::number(frames)));
    }

    // A near goal set while standing: 2-6 m away, at every 15 degrees of bearing, for the walk,
    // the jog (which starts as a walk and stops with the walk's stops when the jog's would take it
    // past) and the mix. Each is stood on, on the goal, within 7 s: the start turns so that the
    // loop it hands over to walks straight at the goal (a goal behind is pivoted to over the
    // start's first steps), and the goal is within 8 degrees of straight ahead when the loop has
    // taken over. When the start was turned only by the bearing of its own way to the hand-over,
    // and the turn spread by the way alone, the goal was 16-23 degrees off there at 2 m to the
    // side, and such goals and goals behind were walked out of and come back to, 10-13 s; 327 of
    // these 360 were stood on within 7 s, taking 5.1-5.4 s on average.
    void nearGoalFromStanding_data() {
        QTest::addColumn<float>("jog");
        QTest::newRow("walk") << 0.0f;
        QTest::newRow("jog") << 1.0f;
        QTest::newRow("50/50") << 0.5f;
    }
    void nearGoalFromStanding() {
        QFETCH(float, jog);
        const std::vector<float> weights{1.0f - jog, jog};
        float slowest = 0.0f, total = 0.0f, worstBearing = 0.0f;
        int count = 0;
        for (const float distance : {2.0f, 2.5f, 3.0f, 4.0f, 6.0f}) {
            for (int k = -11; k <= 12; ++k) {
                const float bearing = static_cast<float>(k) * kPi / 12.0f;
                Crowd crowd = makeCrowd();
                const CharacterId id = *crowd.add(GroundFrame{}, weights);
                QVERIFY(crowd.setGoal(id, {0.0f, 5.0f}).isOk());
                for (int f = 0; f < 600 && *crowd.motionState(id) != MotionState::Standing; ++f)
                    QVERIFY(crowd.update(1.0f / 30.0f).isOk());
                QCOMPARE(*crowd.motionState(id), MotionState::Standing);
                const GroundFrame stood = *crowd.ground(id);
                const glm::vec3 goal = stood.toWorld(
                    glm::vec3(distance * std::sin(bearing), 0.0f, distance * std::cos(bearing)));
                QVERIFY(crowd.setGoal(id, {goal.x, goal.z}).isOk());
                int frames = 0;
                float handedOver = kPi;  // the goal's bearing when the loop has taken over
                for (; frames < 900; ++frames) {
                    const bool starting = *crowd.motionState(id) == MotionState::Starting;
                    QVERIFY(crowd.update(1.0f / 30.0f).isOk());
                    if (starting && *crowd.motionState(id) == MotionState::Walking) {
                        const glm::vec3 seen = crowd.ground(id)->toLocal(goal);
                        handedOver = std::atan2(seen.x, seen.z);
                    }
                    if (frames > 30 && *crowd.motionState(id) == MotionState::Standing) break;
                }
                const QString where = QString("%1 m at %2 degrees").arg(distance).arg(k * 15);
                // The loop takes over walking at the goal (within the ground frame's sway over the
                // step it takes over on, about 5 degrees).
                QVERIFY2(
                    std::abs(handedOver) < 8.0f * kPi / 180.0f,
                    qPrintable(
                        QString("%1: %2 degrees off").arg(where).arg(handedOver * 180.0f / kPi)));
                worstBearing = std::max(worstBearing, std::abs(handedOver));
                QVERIFY2(*crowd.motionState(id) == MotionState::Standing, qPrintable(where));
                const GroundFrame g = *crowd.ground(id);
                QVERIFY2(std::hypot(g.x - goal.x, g.z - goal.z) < 0.1f, qPrintable(where));
                const float seconds = static_cast<float>(frames) / 30.0f;
                QVERIFY2(seconds <= 7.0f, qPrintable(QString("%1: %2 s").arg(where).arg(seconds)));
                slowest = std::max(slowest, seconds);
                total += seconds;
                ++count;
            }
        }
    }

    void stopFromAnyBlend_data() {
        QTest::addColumn<float>("blend");
        QTest::addColumn<int>("stop");
        QTest::newRow("sharpest right into 16_33") << 0.0f << 0;
        QTest::newRow("veer left into 16_34") << 0.75f << 1;
        QTest::newRow("sharpest left into 16_34") << 1.0f << 1;
    }
    void stopFromAnyBlend() {
        // Registration lets a stop be entered from any blend: played into a stop from a turn, the
        // joins make no larger a joint step than the clips' own.
        QFETCH(float, blend);
        QFETCH(int, stop);
        Crowd crowd = makeCrowd();
        const float blends[] = {blend, 0.5f};
        const CharacterId id = *crowd.add(GroundFrame{}, {}, blends);
        const int joints = crowd.jointCount();
        std::vector<glm::vec3> positions;
        for (int f = 0; f < 150; ++f) {
            if (f == 30) QVERIFY(crowd.stop(id, 0, stop).isOk());
            QVERIFY(crowd.update(1.0f / 30.0f).isOk());
            for (const Transform& t : *crowd.modelTransforms(id))
                positions.push_back(t.translation);
        }
        QCOMPARE(*crowd.motionState(id), MotionState::Standing);
        const float step = maxJointStep(positions, joints);
        const float source = sourceJointStep(m_desc, {1.0f, 0.0f});
        QVERIFY2(step <= 1.5f * source, qPrintable(QString("%1 against %2").arg(step).arg(source)));
        // Asked of a standing character, or for a stop that does not exist, it is refused.
        QVERIFY(!crowd.stop(id, 0, 0).isOk());
        QVERIFY(!crowd.stop(id, 0, 7).isOk());
        QVERIFY(!crowd.stop(id, 5, 0).isOk());
    }

    void sameFromItsBakedFile() {
        // Written to a .gspace and read back, the space stops the same way, to the bit.
        Expected<BakedSpaceFile> back = readGSpace(writeGSpace(*m_baked));
        QVERIFY2(back, back.message().c_str());
        QCOMPARE(back->space.spaces[0].stops.size(), size_t(2));
        QCOMPARE(back->space.spaces[0].starts.size(), size_t(2));
        QCOMPARE(back->space.spaces[1].stops.size(), size_t(2));
        auto read = std::make_shared<const BakedSpaceFile>(std::move(*back));
        SimulationSettings settings;
        settings.scenario = SimulationSettings::Scenario::Arrive;
        settings.goals = 6;
        settings.styleWeights = {0.5f, 0.5f};
        settings.locomotion = m_baked->locomotion;
        settings.steer = m_baked->steer;
        auto a = simulate(m_baked, settings), b = simulate(read, settings);
        QVERIFY(a && b);
        QCOMPARE(a->frames, b->frames);
        QCOMPARE(a->arrival.stopErrors, b->arrival.stopErrors);
        QCOMPARE(a->arrival.standFrames, b->arrival.standFrames);
        QCOMPARE(a->footSkate, b->footSkate);
    }

    void spaceWithoutStopsWalksOn() {
        // A goal to stop on in a space without stops is walked to and past, as before.
        auto bs = buildBehavioralSpace(test::cmuWalkJogDesc());
        QVERIFY(bs);
        auto baked = std::make_shared<BakedSpaceFile>();
        baked->space = std::move(*bs);
        baked->goalSpaces = m_baked->goalSpaces;
        Crowd crowd(baked);
        const CharacterId id = *crowd.add(GroundFrame{});
        QVERIFY(crowd.setGoal(id, {0.0f, 4.0f}).isOk());
        float nearest = 1e9f;
        for (int f = 0; f < 300; ++f) {
            QVERIFY(crowd.update(1.0f / 30.0f).isOk());
            QCOMPARE(*crowd.motionState(id), MotionState::Walking);
            const GroundFrame g = *crowd.ground(id);
            nearest = std::min(nearest, std::hypot(g.x, g.z - 4.0f));
        }
        QVERIFY(nearest < 0.5f);
    }
};

QTEST_APPLESS_MAIN(TestArrival)
#include "tst_arrival.moc"

// The transition layer of the locomotion update (core/runtime/transition_playback.h) on spaces
// and transitions made here: the transitions' rows space by space (stops, then starts) and the
// same order in the prepared runtime data; the poses each state shows (frame, fraction, weight,
// row) without moving on; a start's hand-over at known values: its steps faded in from standing,
// the join's offset, a turn spread over the way and capped per frame.

#include <QTest>

#include <cmath>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "core/runtime/transition_playback.h"
#include "skeleton_chain.h"

using namespace gs;

namespace {

constexpr int kJoints = 5;

BakedClip loopClip(float curvature) {
    BakedClip c;
    c.frames = 3;
    c.rotations.assign(static_cast<size_t>(c.frames * kJoints), glm::quat(1, 0, 0, 0));
    c.rootHeight.assign(3, 1.0f);
    c.step.assign(2, glm::vec3(0.0f, 0.05f, 0.0f));
    c.leftContact = {1, 0, 1};
    c.rightContact = {0, 1, 0};
    c.warp = {0.0f, 1.0f, 2.0f};
    c.curvature = curvature;
    return c;
}

// A transition of `frames` frames stepping `stride` metres straight on per frame; joined at
// `joinFrame` (a start hands over there). Its first rotation of the root marks it: a turn by
// `mark` radians about y.
BakedTransition transition(BakedTransition::Kind kind, int frames, float stride, float joinFrame,
                           float mark) {
    BakedTransition t;
    t.name = (kind == BakedTransition::Kind::Stop ? "stop " : "start ") + std::to_string(mark);
    t.kind = kind;
    t.frames = frames;
    t.rotations.assign(static_cast<size_t>(frames * kJoints), glm::quat(1, 0, 0, 0));
    t.rotations[0] = glm::angleAxis(mark, glm::vec3(0, 1, 0));
    t.rootHeight.assign(static_cast<size_t>(frames), 1.0f);
    t.step.assign(static_cast<size_t>(frames - 1), glm::vec3(0.0f, stride, 0.0f));
    t.leftContact.assign(static_cast<size_t>(frames), 1.0f);
    t.rightContact.assign(static_cast<size_t>(frames), 1.0f);
    TransitionJoin join;
    join.clipFrame = joinFrame;
    t.joins = {join};
    t.handover = kind == BakedTransition::Kind::Start ? 0 : -1;
    deriveTransition(t);
    return t;
}

BakedMotionSpace space(const std::string& name, int stops, int starts, float firstMark) {
    BakedMotionSpace m;
    m.name = name;
    m.skeleton = test::chainSkeleton();
    m.clips = {loopClip(-1.0f), loopClip(0.0f), loopClip(1.0f)};
    m.reference = 1;
    float mark = firstMark;
    for (int k = 0; k < stops; ++k)
        m.stops.push_back(transition(BakedTransition::Kind::Stop, 6, 0.05f, 0.0f, mark += 0.1f));
    for (int k = 0; k < starts; ++k)
        m.starts.push_back(transition(BakedTransition::Kind::Start, 11, 0.1f, 10.0f, mark += 0.1f));
    return m;
}

// Walk: two stops and a start; jog: a stop and two starts.
BakedBehavioralSpace walkAndJog() {
    BakedBehavioralSpace bs = singleSpace(space("walk", 2, 1, 0.0f));
    bs.spaces.push_back(space("jog", 1, 2, 1.0f));
    bs.phaseMap.push_back(bs.phaseMap[0]);
    prepareRuntime(bs);
    return bs;
}

bool near(float a, float b, float tolerance = 1e-5f) { return std::abs(a - b) <= tolerance; }

}  // namespace

class TestTransitionPlayback : public QObject {
    Q_OBJECT
private slots:
    void rowsRunSpaceBySpace() {
        const BakedBehavioralSpace bs = walkAndJog();
        QCOMPARE(transitionRow(bs, 0, false, 0), 0);
        QCOMPARE(transitionRow(bs, 0, false, 1), 1);
        QCOMPARE(transitionRow(bs, 0, true, 0), 2);
        QCOMPARE(transitionRow(bs, 1, false, 0), 3);
        QCOMPARE(transitionRow(bs, 1, true, 0), 4);
        QCOMPARE(transitionRow(bs, 1, true, 1), 5);
        // The prepared rows are in the same order: each row's first rotation is its clip's mark.
        QVERIFY(bs.runtimePrepared());
        QCOMPARE(bs.runtime.transitionOffset.size(), size_t(6));
        for (int s = 0; s < 2; ++s)
            for (bool start : {false, true}) {
                const auto& list = start ? bs.spaces[s].starts : bs.spaces[s].stops;
                for (int c = 0; c < static_cast<int>(list.size()); ++c) {
                    const size_t at = bs.runtime.transitionOffset[transitionRow(bs, s, start, c)];
                    const glm::quat q = bs.runtime.rotations[at] * bs.runtime.signs[at];
                    QVERIFY(std::abs(glm::dot(q, list[c].rotations[0])) > 0.99999f);
                }
            }
    }

    void posesOfEachState() {
        const BakedBehavioralSpace bs = walkAndJog();
        const ArrivalSettings settings;
        CharacterState st;
        TransitionSample samples[2];
        TransitionStep step;
        // Walking: none.
        QCOMPARE(advanceTransition(bs, settings, st, samples, step, true), 0);
        QCOMPARE(step.displacement, glm::vec3(0.0f));
        // Stopping with the jog's stop at frame 2.25, the loop at 0.3: the stop at the rest.
        st.arrival.state = MotionState::Stopping;
        st.arrival.space = 1;
        st.arrival.clip = 0;
        st.arrival.time = 2.25f;
        st.arrival.loopWeight = 0.3f;
        QCOMPARE(advanceTransition(bs, settings, st, samples, step, false), 1);
        QCOMPARE(samples[0].clip, &bs.spaces[1].stops[0]);
        QCOMPARE(samples[0].row, 3);
        QCOMPARE(samples[0].frame, 2);
        QCOMPARE(samples[0].t, 0.25f);
        QVERIFY(near(samples[0].weight, 0.7f));
        QCOMPARE(st.arrival.time, 2.25f);  // not moved on
        // Standing on the walk's second stop, past its end: its last pose in full.
        st.arrival.state = MotionState::Standing;
        st.arrival.space = 0;
        st.arrival.clip = 1;
        st.arrival.time = 9.0f;
        QCOMPARE(advanceTransition(bs, settings, st, samples, step, false), 1);
        QCOMPARE(samples[0].row, 1);
        QCOMPARE(samples[0].frame, 4);
        QCOMPARE(samples[0].t, 1.0f);
        QCOMPARE(samples[0].weight, 1.0f);
        // Starting: the jog's second start beside the walk's first stop's standing pose.
        st.arrival.state = MotionState::Starting;
        st.arrival.space = 1;
        st.arrival.clip = 1;
        st.arrival.time = 3.5f;
        st.arrival.loopWeight = 0.2f;
        st.arrival.standWeight = 0.5f;
        st.arrival.standSpace = 0;
        st.arrival.standClip = 0;
        st.arrival.standTime = 5.0f;
        QCOMPARE(advanceTransition(bs, settings, st, samples, step, false), 2);
        QCOMPARE(samples[0].row, 5);
        QCOMPARE(samples[0].frame, 3);
        QCOMPARE(samples[0].t, 0.5f);
        QVERIFY(near(samples[0].weight, 0.3f));
        QCOMPARE(samples[1].row, 0);
        QCOMPARE(samples[1].frame, 4);
        QCOMPARE(samples[1].t, 1.0f);
        QCOMPARE(samples[1].weight, 0.5f);
        // Only the standing pose left (the loop and the stand take it all).
        st.arrival.loopWeight = 0.5f;
        QCOMPARE(advanceTransition(bs, settings, st, samples, step, false), 1);
        QCOMPARE(samples[0].row, 0);
    }

    void startHandoverAtKnownValues() {
        const BakedBehavioralSpace bs = walkAndJog();
        ArrivalSettings settings;
        settings.startFadeSeconds = 0.2f;                // 6 frames at 30 fps
        BakedTransition start = bs.spaces[0].starts[0];  // 0.1 m a frame, hands over at frame 10
        // The steps fade in from standing over 6 frames (1/6, 2/6 ... 1), then 4 whole ones:
        // 7.5 steps of 0.1 m.
        glm::vec3 h = startHandover(bs, settings, start, 0.0f, 0.0f);
        QVERIFY2(near(h.y, 0.75f), QByteArray::number(h.y));
        QVERIFY(near(h.x, 0.0f));
        QVERIFY(near(h.z, 0.0f));
        // From frame 4: 6 frames, all fading in: 3.5 steps.
        h = startHandover(bs, settings, start, 4.0f, 0.0f);
        QVERIFY2(near(h.y, 0.35f), QByteArray::number(h.y));
        // The join's offset: the loop's frame is the start's moved back by it.
        start.joins[0].offset = {0.05f, 0.02f, 0.0f};
        h = startHandover(bs, settings, start, 0.0f, 0.0f);
        QVERIFY(near(h.x, -0.05f));
        QVERIFY(near(h.y, 0.73f));
        start.joins[0].offset = {0.0f, 0.0f, 0.25f};
        h = startHandover(bs, settings, start, 0.0f, 0.0f);
        QVERIFY(near(h.z, -0.25f));
        QVERIFY(near(h.y, 0.75f));
        // A turn toward the goal is made by the hand-over: 0.3 rad over the 10 frames.
        start.joins[0].offset = glm::vec3(0.0f);
        h = startHandover(bs, settings, start, 0.0f, 0.3f);
        QVERIFY2(near(h.z, 0.3f, 1e-4f), QByteArray::number(h.z));
        QVERIFY(h.x > 0.0f);  // turned left on the way: the hand-over lies to the left
        QVERIFY(h.y < 0.75f);
        // At most 3 rad/s: 0.1 rad a frame at 30 fps, 1 rad over the 10 frames.
        h = startHandover(bs, settings, start, 0.0f, 2.0f);
        QVERIFY2(h.z <= 1.0f + 1e-4f, QByteArray::number(h.z));
        QVERIFY(h.z > 0.5f);
        h = startHandover(bs, settings, start, 0.0f, -2.0f);
        QVERIFY2(h.z >= -1.0f - 1e-4f, QByteArray::number(h.z));
        QVERIFY(h.x < 0.0f);
    }
};

QTEST_APPLESS_MAIN(TestTransitionPlayback)
#include "tst_transition_playback.moc"

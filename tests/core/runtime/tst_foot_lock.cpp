// The foot lock (core/runtime/foot_lock.cpp), the last stage of the locomotion update, on the
// synthetic walk and jog with blends and styles that swing (so that the blended feet slide): a
// toe the lock pins stays on its pin (but where the leg cannot reach); the lock's bookkeeping stays
// in its ranges; the stance skate falls well below that of the same run unlocked, whose lock state
// stays untouched; the pose away from the legs is the unlocked one.

#include <QTest>

#include <algorithm>
#include <cmath>
#include <vector>

#include <glm/geometric.hpp>

#include "character_group.h"
#include "core/evaluation/quality.h"
#include "synthetic_spaces.h"

using namespace gs;

namespace {

constexpr int kCharacters = 6;
constexpr int kFrames = 240;

struct Run {
    std::vector<glm::vec3> positions[kCharacters];  // frames x joints, world
    std::vector<float> pinMiss;  // per toe-pinned foot frame at full weight: metres from the pin
    bool rangesHeld = true;
    bool lockUntouched = true;  // every foot's lock state as initialized
};

Run run(bool footLock) {
    const BakedBehavioralSpace& bs = test::syntheticWalkJog();
    test::CharacterGroup g(bs, kCharacters);
    g.job.settings.footLock = footLock;
    const int joints = bs.skeleton.jointCount();
    Run r;
    for (int f = 0; f < kFrames; ++f) {
        // Blends and styles swing every 40 frames, each character out of step with the others.
        for (int c = 0; c < kCharacters; ++c) {
            const bool left = ((f + 7 * c) / 40) % 2 == 0;
            g.states[c].blendTarget = {left ? 0.9f : 0.1f, left ? 0.8f : 0.2f};
            g.states[c].styleTarget = {left ? 0.7f : 0.3f, left ? 0.3f : 0.7f};
        }
        if (Status s = g.job.run(); !s) qFatal("locomotion: %s", s.message().c_str());
        for (int c = 0; c < kCharacters; ++c) {
            const CharacterState& st = g.states[c];
            const Transform* w = g.world.data() + static_cast<size_t>(c) * joints;
            for (int j = 0; j < joints; ++j) r.positions[c].push_back(w[j].translation);
            for (int k = 0; k < 2; ++k) {
                const CharacterState::FootLock& lock = st.foot[k];
                if (!(lock.weight >= 0.0f && lock.weight <= 1.0f) ||
                    !(std::abs(lock.turnSine) <= std::sin(0.17f) + 1e-5f))
                    r.rangesHeld = false;
                if (lock.weight != 0.0f || lock.planted || lock.toePinned ||
                    lock.offset != glm::vec2(0.0f))
                    r.lockUntouched = false;
                if (lock.toePinned && lock.weight >= 1.0f) {
                    const glm::vec3 toe = w[st.legs.legs[k].toe].translation;
                    r.pinMiss.push_back(glm::distance(glm::vec2(toe.x, toe.z), lock.toePin));
                }
            }
        }
    }
    return r;
}

float stanceSkateOf(const Run& r) {
    const BakedBehavioralSpace& bs = test::syntheticWalkJog();
    float sum = 0.0f;
    for (int c = 0; c < kCharacters; ++c)
        sum += stanceSkate(r.positions[c], bs.skeleton.jointCount(), bs.leftToe, bs.rightToe,
                           bs.floorHeight, bs.fps);
    return sum / kCharacters;
}

}  // namespace

class TestFootLock : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(test::syntheticWalkJog().leftToe >= 0);
        m_locked = run(true);
        m_free = run(false);
    }

    void pinnedToesStayOnTheirPins() {
        // Both feet of every character are pinned for a good part of their stances, the toe on
        // its pin in all but a few frames (where the leg, stretched at the end of a stance,
        // cannot reach it and the toe follows within a few centimetres).
        std::vector<float> miss = m_locked.pinMiss;
        QVERIFY2(miss.size() > size_t(kCharacters * kFrames / 4), QByteArray::number(miss.size()));
        const float worst = *std::max_element(miss.begin(), miss.end());
        QVERIFY2(percentile(miss, 0.99f) < 1e-3f, QByteArray::number(percentile(miss, 0.99f)));
        QVERIFY2(worst < 0.05f, QByteArray::number(worst));
        QVERIFY(m_locked.rangesHeld);
        QVERIFY(!m_locked.lockUntouched);
    }

    void unlockedRunLeavesTheLockAlone() {
        QVERIFY(m_free.pinMiss.empty());
        QVERIFY(m_free.lockUntouched);
    }

    void lockCutsTheStanceSkate() {
        const float locked = stanceSkateOf(m_locked), free = stanceSkateOf(m_free);
        QVERIFY2(free > 1.0f, QByteArray::number(free));  // the swinging blends do slide
        QVERIFY2(locked < 0.2f * free, qPrintable(QString("%1 vs %2").arg(locked).arg(free)));
    }

    void onlyTheLegsMove() {
        // The hips (joint 0) and every joint outside the two legs are where the unlocked run
        // puts them: the lock bends legs, nothing else.
        const BakedBehavioralSpace& bs = test::syntheticWalkJog();
        const int joints = bs.skeleton.jointCount();
        CharacterState probe;
        const float styles[] = {1.0f, 0.0f};
        const float blends[] = {0.5f, 0.5f};
        initCharacter(bs, probe, GroundFrame{}, styles, blends);
        std::vector<bool> leg(static_cast<size_t>(joints), false);
        for (const Leg& l : probe.legs.legs)
            for (int j = l.hip; j < l.subtreeEnd; ++j) leg[j] = true;
        float worst = 0.0f;
        for (int c = 0; c < kCharacters; ++c)
            for (size_t i = 0; i < m_locked.positions[c].size(); ++i)
                if (!leg[i % joints])
                    worst = std::max(
                        worst, glm::distance(m_locked.positions[c][i], m_free.positions[c][i]));
        QVERIFY2(worst < 1e-4f, QByteArray::number(worst));
    }

private:
    Run m_locked, m_free;
};

QTEST_GUILESS_MAIN(TestFootLock)
#include "tst_foot_lock.moc"

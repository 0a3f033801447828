// Locomotion recorded as clips (core/evaluation/record_locomotion.h) on the synthetic walk and
// jog (no data needed): a character's frames are its current pose then one update each, exactly
// what the locomotion job writes, at the space's rate and skeleton; the per-frame hook is heard
// for every frame after the first and steers what follows; a crowd's character recorded the same
// way, its hook heard after every frame; an unknown character refused.

#include <QTest>

#include <cmath>
#include <cstring>
#include <vector>

#include <glm/geometric.hpp>

#include "core/evaluation/record_locomotion.h"
#include "synthetic_spaces.h"

using namespace gs;

namespace {

CharacterState walker(const BakedBehavioralSpace& bs) {
    CharacterState st;
    const float styles[] = {1.0f, 0.0f};
    initCharacter(bs, st, GroundFrame{1.0f, 2.0f, 0.3f}, styles, {});
    return st;
}

}  // namespace

class TestRecordLocomotion : public QObject {
    Q_OBJECT
private slots:
    void framesAreTheJobsOutput() {
        const BakedBehavioralSpace& bs = test::syntheticWalkJog();
        const int joints = bs.skeleton.jointCount();
        CharacterState recorded = walker(bs);
        auto clip = recordLocomotion(bs, recorded, LocomotionSettings{}, 45);
        QVERIFY2(clip, clip.message().c_str());
        QCOMPARE(clip->frameCount(), 45);
        QCOMPARE(clip->fps, bs.fps);
        QCOMPARE(clip->skeleton.names, bs.skeleton.names);
        QCOMPARE(clip->name, bs.name);
        QCOMPARE(recorded.frame, 44L);  // frame 0 is the pose it had
        // The same character stepped by hand: the same bits.
        CharacterState st = walker(bs);
        LocomotionJob job;
        job.space = &bs;
        job.characters = std::span(&st, 1);
        std::vector<glm::quat> pose(static_cast<size_t>(joints));
        glm::vec3 root;
        job.localRotations = pose;
        job.rootPositions = std::span(&root, 1);
        for (int f = 0; f < 45; ++f) {
            job.advance = f > 0;
            QVERIFY(job.run());
            QCOMPARE(root, clip->rootPositions[f]);
            QVERIFY(std::memcmp(pose.data(), clip->frameRotations(f).data(),
                                pose.size() * sizeof(glm::quat)) == 0);
        }
        // Frame 0 stands where the character was put; then it walks at the walk's speed.
        QVERIFY(std::abs(clip->rootPositions[0].x - 1.0f) < 1e-4f);
        QVERIFY(std::abs(clip->rootPositions[0].z - 2.0f) < 1e-4f);
        const glm::vec3 d = clip->rootPositions[44] - clip->rootPositions[0];
        const float speed = bs.spaces[0].clips[bs.spaces[0].reference].speed;
        QVERIFY2(std::abs(glm::length(glm::vec2(d.x, d.z)) - speed * 44.0f / bs.fps) < 0.1f,
                 QByteArray::number(glm::length(glm::vec2(d.x, d.z))));
    }

    void hookSteersWhatFollows() {
        const BakedBehavioralSpace& bs = test::syntheticWalkJog();
        CharacterState st = walker(bs);
        const float heading = st.ground.heading;
        std::vector<int> heard;
        auto clip =
            recordLocomotion(bs, st, LocomotionSettings{}, 60, [&](int f, CharacterState& s) {
                heard.push_back(f);
                s.blendTarget = {1.0f, 1.0f};  // the sharpest left
            });
        QVERIFY2(clip, clip.message().c_str());
        QCOMPARE(heard.size(), size_t(59));
        QCOMPARE(heard.front(), 1);
        QCOMPARE(heard.back(), 59);
        QVERIFY2(st.ground.heading - heading > 0.5f, QByteArray::number(st.ground.heading));
    }

    void crowdCharacterRecorded() {
        Crowd crowd(test::syntheticBaked());
        QVERIFY(crowd.status());
        const float styles[] = {0.0f, 1.0f};  // all jog
        auto id = crowd.add(GroundFrame{}, styles);
        QVERIFY2(id, id.message().c_str());
        std::vector<int> heard;
        auto clip = recordCharacter(crowd, *id, 30, [&](int f, Crowd&, CharacterId who) {
            heard.push_back(f);
            QCOMPARE(who, *id);
        });
        QVERIFY2(clip, clip.message().c_str());
        QCOMPARE(clip->frameCount(), 30);
        QCOMPARE(clip->fps, crowd.fps());
        QCOMPARE(heard.size(), size_t(30));
        QCOMPARE(heard.front(), 0);
        QCOMPARE(clip->rootPositions.back(), *crowd.rootPosition(*id));
        const auto pose = *crowd.localPose(*id);
        QVERIFY(std::memcmp(pose.data(), clip->frameRotations(29).data(),
                            pose.size() * sizeof(glm::quat)) == 0);
        // The jog goes further in a second than the walk.
        const glm::vec3 d = clip->rootPositions.back() - clip->rootPositions.front();
        QVERIFY(glm::length(glm::vec2(d.x, d.z)) > 1.8f);
        // Removed: refused.
        QVERIFY(crowd.remove(*id));
        auto gone = recordCharacter(crowd, *id, 5, [](int, Crowd&, CharacterId) {});
        QVERIFY(!gone);
        QCOMPARE(gone.message(), std::string("record: no such character"));
    }
};

QTEST_GUILESS_MAIN(TestRecordLocomotion)
#include "tst_record_locomotion.moc"

// Motion path editing (core/loops/path_bend.h) on a real straight walk, CMU 16_15: the bent clip
// turns at the curvature asked for, travels as far, keeps its pose relative to the root, and bad
// curvatures and clips that do not travel are refused by name.

#include <QTest>

#include <cmath>

#include "common/test_data.h"
#include "core/analysis/cycles.h"
#include "core/clip/foot_contacts.h"
#include "core/clip/clip_kinematics.h"
#include "core/spaces/motion_space.h"
#include "core/loops/path_bend.h"
#include "core/clip/root_motion.h"
#include <gaitspace/runtime/ground_frame.h>
#include <gaitspace/runtime/legs.h>

using namespace gs;

class TstPathBend : public QObject {
    Q_OBJECT

    Clip m_walk;
    float m_period = 0.0f;  // gait period of the walk, frames

private slots:
    void initTestCase() {
        GS_REQUIRE_DATA();
        m_walk = test::loadClip(test::cmuClip("16_15"));
        QVERIFY(m_walk.frameCount() > 100);
        CycleJob cycles;
        cycles.clip = &m_walk;
        QVERIFY(cycles.run());
        QVERIFY(cycles.output.periodic);
        m_period = cycles.output.periodFrames;
        QVERIFY(m_period > 10.0f);
    }

    // The walk is straight: its path curves by far less than any bend asked of it below.
    void theWalkIsStraight() {
        const GroundLine line = groundLine(m_walk);
        QVERIFY(line.travel > 3.0f);
        QVERIFY(std::abs(line.curvature) < 0.02f);
        QVERIFY(line.maxOffset < 0.2f);
    }

    // Heading change per metre of path equals the curvature within 2 %, for the facing (the
    // root's yaw) and for the direction the root travels in over a gait cycle; the path is as
    // long as the straight one within 1 %; positive curvature turns left.
    void turnsAtTheCurvatureAsked_data() {
        QTest::addColumn<float>("curvature");
        QTest::newRow("left 6 m") << 1.0f / 6.0f;
        QTest::newRow("right 4 m") << -0.25f;
        QTest::newRow("left 2 m") << 0.5f;
    }
    void turnsAtTheCurvatureAsked() {
        QFETCH(float, curvature);
        auto bent = bendClip(m_walk, curvature);
        QVERIFY2(bent, bent.message().c_str());
        QCOMPARE(bent->frameCount(), m_walk.frameCount());
        const RootMotionStats straight = rootMotionStats(m_walk), turned = rootMotionStats(*bent);
        const float facing = (turned.headingChange - straight.headingChange) / turned.pathLength;
        // The travel's direction over whole gait cycles, from its first cycle to its last.
        const float travel =
            (pathHeadingChange(*bent, m_period) - pathHeadingChange(m_walk, m_period));
        const float between =
            turned.pathLength * (m_walk.frameCount() - 1 - m_period) / (m_walk.frameCount() - 1);
        QVERIFY(std::abs(facing - curvature) <= 0.02f * std::abs(curvature));
        QVERIFY(std::abs(travel / between - curvature) <= 0.02f * std::abs(curvature));
        QVERIFY(std::abs(turned.pathLength - straight.pathLength) <= 0.01f * straight.pathLength);
        const float turn = turned.headingChange - straight.headingChange;
        QVERIFY(curvature > 0 ? turn > 0.9f * curvature * turned.pathLength
                              : turn < 0.9f * curvature * turned.pathLength);
    }

    // Only the root's yaw and ground position change: every other joint's rotation is the
    // same, the root keeps its height, its tilt and its pitch and roll against the ground.
    void keepsThePoseRelativeToTheRoot() {
        auto bent = bendClip(m_walk, 0.25f);
        QVERIFY(bent);
        const auto groundA = groundFrames(m_walk), groundB = groundFrames(*bent);
        float worst = 0.0f;
        for (int f = 0; f < m_walk.frameCount(); ++f) {
            const auto a = m_walk.frameRotations(f), b = bent->frameRotations(f);
            for (int j = 1; j < m_walk.jointCount(); ++j) QCOMPARE(b[j], a[j]);
            QCOMPARE(bent->rootPositions[f].y, m_walk.rootPositions[f].y);
            // The root in its own ground frame (yaw removed) is the same rotation.
            const glm::quat ra = glm::inverse(yawRotation(groundA[f].heading)) * a[0];
            const glm::quat rb = glm::inverse(yawRotation(groundB[f].heading)) * b[0];
            worst = std::max(worst, 1.0f - std::abs(glm::dot(ra, rb)));
        }
        QVERIFY2(worst < 1e-5f, qPrintable(QString::number(worst)));
    }

    // A planted foot stays nearly planted: the turn is made about it. Its mean horizontal speed
    // while planted grows by less than a quarter of what turning about the root would add
    // (curvature x its distance from the root x the root's speed).
    void plantedFeetStayPlanted() {
        const float curvature = 0.5f;
        auto bent = bendClip(m_walk, curvature);
        QVERIFY(bent);
        FootContactJob contacts;
        contacts.clip = &m_walk;
        QVERIFY(contacts.run());
        const FootJoints feet = findFootJoints(m_walk.skeleton);
        QVERIFY(feet.isComplete());
        const auto a = clipJointPositions(m_walk), b = clipJointPositions(*bent);
        const size_t jc = static_cast<size_t>(m_walk.jointCount());
        double straight = 0.0, turned = 0.0, aboutRoot = 0.0;
        int frames = 0;
        for (auto [joint, planted] : {std::pair{feet.leftAnkle, &contacts.output.leftAnkle},
                                      std::pair{feet.rightAnkle, &contacts.output.rightAnkle}}) {
            for (int f = 1; f < m_walk.frameCount(); ++f) {
                if (!(*planted)[f] || !(*planted)[f - 1]) continue;
                const auto ground = [](const glm::vec3& p) { return glm::vec2(p.x, p.z); };
                const auto speed = [&](const std::vector<glm::vec3>& w, int j) {
                    return glm::length(ground(w[f * jc + j]) - ground(w[(f - 1) * jc + j])) *
                           m_walk.fps;
                };
                straight += speed(a, joint);
                turned += speed(b, joint);
                aboutRoot +=
                    curvature *
                    glm::length(ground(a[f * jc + joint]) - ground(m_walk.rootPositions[f])) *
                    speed(a, 0);
                ++frames;
            }
        }
        QVERIFY(frames > 20);
        straight /= frames, turned /= frames, aboutRoot /= frames;
        QVERIFY(turned <= straight + 0.25 * aboutRoot);
    }

    // Curvature 0 is the clip itself; a gentle bend's path curvature is what groundLine reads.
    void straightAndGentleBends() {
        auto same = bendClip(m_walk, 0.0f);
        QVERIFY(same);
        QCOMPARE(same->rootPositions, m_walk.rootPositions);
        QCOMPARE(same->rotations, m_walk.rotations);
        auto gentle = bendClip(m_walk, 0.05f);
        QVERIFY(gentle);
        const float read = groundLine(*gentle).curvature - groundLine(m_walk).curvature;
        QVERIFY2(std::abs(read - 0.05f) < 0.005f, qPrintable(QString::number(read)));
    }

    // A space of the walk and its turns bent left and right, each looped as the walk (loopedAs):
    // the three loops are cut from the same source frames, so they are the same cycles on three
    // paths (searched for each, a bent turn may take other cycles of the take); one that names a
    // later clip, or a clip with other frames, is refused by name.
    void bentTurnsLoopAsTheirClip() {
        MotionSpaceDesc desc;
        desc.name = "walk";
        desc.clips.push_back(m_walk);
        for (float k : {0.25f, -0.25f}) {
            auto bent = bendClip(m_walk, k);
            QVERIFY(bent);
            bent->name = k > 0.0f ? "walk (bent left)" : "walk (bent right)";
            desc.clips.push_back(*bent);
        }
        desc.loopedAs = {-1, 0, 0};
        desc.reference = 0;
        MotionSpaceNotes notes;
        auto space = buildMotionSpace(desc, &notes);
        QVERIFY2(space, space.message().c_str());
        const BakedClip* straight = nullptr;
        for (const BakedClip& c : space->clips)
            if (c.name == m_walk.name) straight = &c;
        QVERIFY(straight);
        for (const BakedClip& c : space->clips) {
            QCOMPARE(c.sourceStart, straight->sourceStart);
            QCOMPARE(c.sourceClose, straight->sourceClose);
            QCOMPARE(c.sourcePhaseFrame, straight->sourcePhaseFrame);
        }
        QVERIFY2(notes.windows[1].reason.find("'" + m_walk.name + "'") != std::string::npos,
                 notes.windows[1].reason.c_str());

        MotionSpaceDesc later = desc;
        later.loopedAs = {1, -1, 0};
        auto refused = buildMotionSpace(later);
        QVERIFY(!refused);
        QVERIFY2(refused.message().find("clip '" + m_walk.name + "'") != std::string::npos,
                 refused.message().c_str());
        MotionSpaceDesc shorter = desc;
        shorter.clips[2] = *trimClip(shorter.clips[2], 0, shorter.clips[2].frameCount() - 10);
        auto other = buildMotionSpace(shorter);
        QVERIFY(!other);
        QVERIFY2(other.message().find("does not have its frames") != std::string::npos,
                 other.message().c_str());
    }

    void refusesBadCurvatureAndNoTravel() {
        for (float k : {std::nanf(""), INFINITY, -INFINITY, 0.51f, -0.6f, 100.0f}) {
            auto bent = bendClip(m_walk, k);
            QVERIFY(!bent);
            QVERIFY2(bent.message().find("clip '" + m_walk.name + "'") != std::string::npos,
                     bent.message().c_str());
            QVERIFY2(bent.message().find("curvature") != std::string::npos, bent.message().c_str());
        }
        Clip still = m_walk;
        still.name = "standing";
        for (glm::vec3& p : still.rootPositions) p = glm::vec3(1.0f, p.y, 2.0f);
        auto bent = bendClip(still, 0.25f);
        QVERIFY(!bent);
        QVERIFY2(bent.message().find("clip 'standing'") != std::string::npos,
                 bent.message().c_str());
        QVERIFY2(bent.message().find("does not travel") != std::string::npos,
                 bent.message().c_str());
        Clip empty;
        empty.name = "empty";
        QVERIFY(!bendClip(empty, 0.25f));
    }
};

QTEST_APPLESS_MAIN(TstPathBend)
#include "tst_path_bend.moc"

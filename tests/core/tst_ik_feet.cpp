// IK feet read as FK legs (core/io/ik_feet.h), on a motion made here in the layout of the bundled
// game rigs: the feet hang off the bone on the floor with position keys that follow the shins'
// ends, and the upper legs sway with position keys of their own. The feet are put below the
// shins, and the clip's ankles land where the file's feet are, frame by frame.

#include <QTest>

#include <cmath>

#include "core/clip/clip_kinematics.h"
#include "core/io/ik_feet.h"

using namespace gs;

namespace {

// Bone > Body > UpperLeg.X > LowerLeg.X per side, and Foot.L, Foot.R on Bone; four frames. The
// body bobs, the upper legs sway by 3 cm and swing, and each foot is keyed at its shin's end.
RawMotion gameRig() {
    RawMotion m;
    m.name = "Walk";
    m.fps = 24.0f;
    Skeleton& s = m.skeleton;
    s.names = {"Bone",       "Body",       "UpperLeg.L", "LowerLeg.L",
               "UpperLeg.R", "LowerLeg.R", "Foot.L",     "Foot.R"};
    s.parents = {-1, 0, 1, 2, 1, 4, 0, 0};
    s.restOffsets = {{0, 0, 0},          {0, 0.9f, 0},   {0.1f, -0.05f, 0}, {0, -0.42f, 0},
                     {-0.1f, -0.05f, 0}, {0, -0.42f, 0}, {0.1f, 0.05f, 0},  {-0.1f, 0.05f, 0}};
    s.restRotations.assign(8, glm::quat(1, 0, 0, 0));
    s.tipOffsets.assign(8, glm::vec3(0.0f));
    m.positionKeyed = {0, 1, 1, 0, 1, 0, 1, 1};
    const int frames = 4;
    for (int f = 0; f < frames; ++f) {
        std::vector<Transform> world(8);
        for (int j = 0; j < 8; ++j) {
            glm::vec3 t = s.restOffsets[j];
            glm::quat r(1, 0, 0, 0);
            const float side = j == 2 ? 1.0f : -1.0f;
            if (j == 1) t.y += 0.03f * std::sin(1.5f * f);
            if (j == 2 || j == 4) {
                t.z += 0.03f * std::sin(1.1f * f + side);
                r = glm::angleAxis(side * 0.4f * std::sin(1.3f * f), glm::vec3(1, 0, 0));
            }
            if (j == 3 || j == 5) r = glm::angleAxis(0.3f + 0.2f * f, glm::vec3(1, 0, 0));
            if (j == 6 || j == 7) {  // the IK target: at the shin's end, in Bone's frame
                const int shin = j == 6 ? 3 : 5;
                t = (world[shin] * Transform{glm::quat(1, 0, 0, 0), {0, -0.44f, 0}}).translation;
            }
            world[j] = s.parents[j] < 0 ? Transform{r, t} : world[s.parents[j]] * Transform{r, t};
            m.translations.push_back(t);
            m.rotations.push_back(r);
        }
    }
    return m;
}

}  // namespace

class TestIkFeet : public QObject {
    Q_OBJECT
private slots:
    void feetGoBelowTheShins() {
        const RawMotion file = gameRig();
        const IkFeet ik = findIkFeet(file.skeleton);
        QVERIFY(ik.any());
        QVERIFY(QString::fromStdString(ik.description).contains("read below their shins"));
        const Skeleton& s = ik.skeleton;
        QVERIFY(s.validate().isOk());  // depth-first again
        for (int k = 0; k < 2; ++k) {
            QVERIFY(ik.foot[k] > 0);
            QCOMPARE(s.names[s.parents[ik.foot[k]]], std::string(k ? "LowerLeg.R" : "LowerLeg.L"));
        }
        // A skeleton whose feet are already below the shins is not an IK rig.
        QVERIFY(!findIkFeet(s).any());
    }

    void anklesLandWhereTheFileHasThem() {
        const RawMotion file = gameRig();
        const IkFeet ik = findIkFeet(file.skeleton);
        const RawMotion raw = feetBelowShins(file, ik);
        QCOMPARE(raw.frameCount(), file.frameCount());
        const std::vector<float> ranges = positionRanges(raw);
        const CharacterRoot root = findCharacterRoot(raw.skeleton, ranges);
        QCOMPARE(raw.skeleton.names[root.joint], std::string("Body"));  // the moving pelvis
        std::vector<std::string> warnings;
        Clip clip = characterClip(raw, root, warnings);
        reachFileAnkles(clip, raw, ik, root);

        const std::vector<glm::vec3> p = clipJointPositions(clip);
        const int joints = clip.jointCount();
        for (int f = 0; f < clip.frameCount(); ++f)
            for (const char* name : {"Foot.L", "Foot.R"}) {
                const int inFile = file.skeleton.jointIndex(name);
                glm::vec3 expected = file.translations[static_cast<size_t>(f) * 8 + inFile];
                const glm::vec3 got =
                    p[static_cast<size_t>(f) * joints + clip.skeleton.jointIndex(name)];
                QVERIFY2(glm::distance(got, expected) < 1e-4f,
                         qPrintable(QStringLiteral("frame %1 %2: off by %3 m")
                                        .arg(f)
                                        .arg(name)
                                        .arg(glm::distance(got, expected))));
            }
    }
};

QTEST_GUILESS_MAIN(TestIkFeet)
#include "tst_ik_feet.moc"

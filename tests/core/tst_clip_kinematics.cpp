// Forward kinematics of whole clips (core/clip/clip_kinematics.h): frame-major positions, each
// frame what the runtime's forwardKinematics gives for its pose, on a clip made here with known
// positions.

#include <QTest>

#include <cmath>
#include <numbers>

#include <gaitspace/runtime/kinematics.h>
#include "core/clip/clip.h"
#include "core/clip/clip_kinematics.h"
#include "core/synthetic/synthetic_gait.h"

using namespace gs;

class TestClipKinematics : public QObject {
    Q_OBJECT
private slots:
    void knownPositions() {
        // A root and a 1 m bone along +Y; frame f turns the root f quarter turns about +Z and
        // moves it 1 m along +X per frame.
        Clip c;
        c.skeleton.names = {"root", "bone"};
        c.skeleton.parents = {-1, 0};
        c.skeleton.restOffsets = {glm::vec3(0.0f), {0, 1, 0}};
        c.skeleton.restRotations.assign(2, glm::quat(1, 0, 0, 0));
        c.skeleton.tipOffsets.assign(2, glm::vec3(0.0f));
        const float quarter = std::numbers::pi_v<float> / 2;
        for (int f = 0; f < 3; ++f) {
            c.rotations.push_back(glm::angleAxis(quarter * f, glm::vec3(0, 0, 1)));
            c.rotations.push_back(glm::quat(1, 0, 0, 0));
            c.rootPositions.push_back({float(f), 0.0f, 0.0f});
        }
        const auto p = clipJointPositions(c);
        QCOMPARE(p.size(), size_t(6));
        const glm::vec3 expected[] = {{0, 0, 0}, {0, 1, 0}, {1, 0, 0},
                                      {0, 0, 0}, {2, 0, 0}, {2, -1, 0}};
        for (size_t i = 0; i < 6; ++i)
            QVERIFY2(glm::distance(p[i], expected[i]) < 1e-6f, qPrintable(QString::number(i)));
        QVERIFY(clipJointPositions(Clip{}).empty());
    }

    void framesAreTheRuntimesPoses() {
        const auto walk = generateSyntheticGait(SyntheticGaitSettings::preset(SyntheticGait::Jog));
        QVERIFY2(walk, walk.message().c_str());
        const auto p = clipJointPositions(*walk);
        const int J = walk->jointCount();
        QCOMPARE(p.size(), static_cast<size_t>(walk->frameCount()) * J);
        std::vector<glm::vec3> one(J);
        for (int f = 0; f < walk->frameCount(); f += 7) {
            jointPositions(walk->skeleton, walk->frameRotations(f), walk->rootPositions[f], one);
            for (int j = 0; j < J; ++j) QCOMPARE(p[static_cast<size_t>(f) * J + j], one[j]);
        }
    }
};

QTEST_APPLESS_MAIN(TestClipKinematics)
#include "tst_clip_kinematics.moc"

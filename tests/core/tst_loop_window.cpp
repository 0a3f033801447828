// Which cycles of a clip go into its loop (core/loops/loop_window.h), on synthetic walks: a
// straight walk's window is straight, a steadily veering one's is a veer at the walk's curvature,
// the path measure gives a made circle's curvature and speed, and bad input is named.

#include <QTest>

#include <cmath>
#include <string>

#include "core/clip/clip.h"
#include "core/loops/loop_window.h"
#include "core/synthetic/synthetic_gait.h"

using namespace gs;

namespace {

std::string problem(LoopWindowJob job) {
    const Status s = job.run();
    return s ? std::string("(ran)") : s.message();
}

}  // namespace

class TestLoopWindow : public QObject {
    Q_OBJECT
    SyntheticGaitSettings m_settings = SyntheticGaitSettings::preset(SyntheticGait::Walk);

    Clip walk(float curvature) {
        SyntheticGaitSettings s = m_settings;
        s.curvature = curvature;
        auto clip = generateSyntheticGait(s);
        if (!clip) qFatal("%s", clip.message().c_str());
        return *clip;
    }

    float period(const Clip& c) const { return m_settings.periodSeconds() * c.fps; }

private slots:
    void straightWalk() {
        const Clip c = walk(0.0f);
        LoopWindowJob job;
        job.clip = &c;
        job.periodFrames = period(c);
        job.cycles = 2;
        QVERIFY(job.run().isOk());
        const LoopWindow& w = job.output;
        QCOMPARE(w.purpose, LoopWindow::Purpose::Straight);
        QCOMPARE(std::string(loopPurposeName(w.purpose)), std::string("straight"));
        QCOMPARE(w.cycles, 2);
        QVERIFY(0 <= w.first && w.first <= w.start && w.last < c.frameCount());
        QVERIFY(w.start + 2 * job.periodFrames <= w.last + 1.0f);
        QVERIFY(std::abs(w.curvature) < 0.02f);
        QVERIFY2(std::abs(w.speed - m_settings.speed) < 0.05f * m_settings.speed,
                 qPrintable(QString::number(w.speed)));
        QVERIFY2(w.reason.rfind("straight", 0) == 0, w.reason.c_str());
    }

    void veeringWalk() {
        const Clip c = walk(0.3f);
        LoopWindowJob job;
        job.clip = &c;
        job.periodFrames = period(c);
        QVERIFY(job.run().isOk());
        const LoopWindow& w = job.output;
        // Turning as sharply everywhere: no cycle stands out, so it is a veer, not a turn.
        QCOMPARE(w.purpose, LoopWindow::Purpose::Veer);
        QVERIFY2(std::abs(w.curvature - 0.3f) < 0.03f, qPrintable(QString::number(w.curvature)));
        QVERIFY(w.cycles >= 1 && w.cycles <= 3);
        QVERIFY(w.cyclesHeld >= w.cycles);
    }

    void pathMeasure() {
        // A root on a left circle of radius 4 m at 2 m/s, facing along it: 0.25 rad/m.
        Clip c;
        c.fps = 30.0f;
        c.skeleton.names = {"Hips"};
        c.skeleton.parents = {-1};
        c.skeleton.restOffsets = {glm::vec3(0.0f)};
        c.skeleton.restRotations = {glm::quat(1, 0, 0, 0)};
        c.skeleton.tipOffsets = {glm::vec3(0.0f)};
        const float step = 2.0f / 30.0f / 4.0f;  // radians a frame
        for (int f = 0; f < 61; ++f) {
            const float a = step * f;
            c.rootPositions.push_back({4.0f * (1.0f - std::cos(a)), 0.9f, 4.0f * std::sin(a)});
            c.rotations.push_back(glm::angleAxis(a, glm::vec3(0, 1, 0)));
        }
        const PathMeasure m(c);
        QCOMPARE(m.frames(), 61);
        const PathSpan s = m.span(10, 40);
        QVERIFY2(std::abs(s.curvature - 0.25f) < 1e-3f, qPrintable(QString::number(s.curvature)));
        QVERIFY(std::abs(s.turn - 30 * step) < 1e-4f);
        QVERIFY2(std::abs(s.speed - 2.0f) < 1e-3f, qPrintable(QString::number(s.speed)));
    }

    void refusals() {
        const Clip c = walk(0.0f);
        LoopWindowJob job;
        QCOMPARE(problem(job), std::string("loop window needs a clip"));
        job.clip = &c;
        QCOMPARE(problem(job), std::string("loop window needs a gait period"));
        job.periodFrames = period(c);
        job.cycles = -1;
        QCOMPARE(problem(job), std::string("cycles must be >= 0"));
        job.cycles = 0;
        job.periodFrames = static_cast<float>(c.frameCount() + 10);
        QCOMPARE(problem(job), std::string("the clip holds no whole gait cycle"));
        job.periodFrames = period(c);
        job.settings.heldShare = 0.0f;
        QCOMPARE(problem(job), std::string("held share must be in (0, 1]"));
        job.settings = {};
        job.settings.turnCurvature = 0.0f;
        QCOMPARE(problem(job), std::string("turn curvature must be in (0, 10] rad/m"));
    }
};

QTEST_APPLESS_MAIN(TestLoopWindow)
#include "tst_loop_window.moc"

// Registration curves on the real walks: a slowed copy, a moved copy, a veering walk against a
// straight one, whole loop onto whole loop; and the timewarp's slope limit and errors.

#include <QTest>

#include <cmath>
#include <numbers>

#include "common/test_data.h"
#include "core/analysis/registration.h"
#include "core/clip/root_motion.h"

using namespace gs;

namespace {

int longestSideRun(const std::vector<glm::ivec2>& cells) {
    int longest = 0, run = 0;
    glm::ivec2 last{0};
    for (size_t k = 1; k < cells.size(); ++k) {
        const glm::ivec2 d = cells[k] - cells[k - 1];
        if (d.x == 1 && d.y == 1)
            run = 0;
        else
            run = d == last ? run + 1 : 1;
        last = d;
        longest = std::max(longest, run);
    }
    return longest;
}

}  // namespace

class TestRegistration : public QObject {
    Q_OBJECT
private slots:
    void slowedCopy() {
        GS_REQUIRE_DATA();
        const Clip a = test::loadClip(test::cmuClip("16_15"));
        // 1.25x slower: resampled to 1.25x the frames, played at the original rate.
        Clip b = *resampleClip(a, a.fps * 1.25f);
        b.fps = a.fps;
        RegistrationJob job;
        job.a = &a;
        job.b = &b;
        QVERIFY(job.run().isOk());
        const float slope = job.output.meanSlope();
        QVERIFY2(std::abs(slope - 1.25f) <= 0.03f, qPrintable(QString::number(slope)));
        QVERIFY(job.output.isMonotone());
        QVERIFY(longestSideRun(job.output.cells) <= job.settings.slopeLimit);
    }

    void movedCopy() {
        GS_REQUIRE_DATA();
        const Clip a = test::loadClip(test::cmuClip("16_15"));
        Clip b = a;
        const glm::quat turn = yawRotation(std::numbers::pi_v<float> / 2);
        const glm::vec3 shift(3.0f, 0.0f, 0.0f);
        for (int f = 0; f < b.frameCount(); ++f) {
            b.rootPositions[f] = turn * b.rootPositions[f] + shift;
            b.frameRotations(f)[0] = turn * b.frameRotations(f)[0];
        }
        RegistrationJob job;
        job.a = &a;
        job.b = &b;
        QVERIFY(job.run().isOk());
        for (const Alignment& al : job.output.alignment) {
            QVERIFY(std::abs(al.theta - std::numbers::pi_v<float> / 2) <
                    std::numbers::pi_v<float> / 180);
            QVERIFY(std::hypot(al.x0 - shift.x, al.z0 - shift.z) < 0.02f);
        }
        QCOMPARE(job.output.mapAtoB(40.0f), 40.0f);
        QVERIFY(job.output.residual < 1e-3f);
    }

    void veerLeftAgainstStraight() {
        GS_REQUIRE_DATA();
        const Clip a = test::loadClip(test::cmuClip("16_11"));
        const Clip b = test::loadClip(test::cmuClip("16_15"));
        RegistrationJob job;
        job.a = &a;
        job.b = &b;
        QVERIFY(job.run().isOk());
        const RegistrationCurve& r = job.output;
        QVERIFY(r.isMonotone());
        QVERIFY2(r.residual <= 0.8f * r.identityResidual,
                 qPrintable(QString("%1 vs %2").arg(r.residual).arg(r.identityResidual)));
        // Walks at the same cadence: the warp runs near slope 1 and pairs several strikes.
        QVERIFY(std::abs(r.meanSlope() - 1.0f) < 0.15f);
        QVERIFY(r.constraints.size() >= 4);
        for (const ConstraintMatch& c : r.constraints)
            QVERIFY(std::abs(c.mappedA - c.frameB) <=
                    job.settings.constraintToleranceSeconds * a.fps);
        // Inverse map and slope agree with the curve.
        const float b50 = r.mapAtoB(50.0f);
        QVERIFY(std::abs(r.mapBtoA(b50) - 50.0f) < 1e-3f);
        QVERIFY(r.slopeAt(50.0f) > 0.0f);
        // 16_11 veers left by about 40 deg: the alignment turns with it.
        QVERIFY(std::abs(r.alignment.back().theta - r.alignment.front().theta) > 0.4f);
    }

    void wholeOntoWhole() {
        GS_REQUIRE_DATA();
        const Clip a = *trimClip(test::loadClip(test::cmuClip("16_15")), 16, 86);
        const Clip b = *trimClip(test::loadClip(test::cmuClip("16_16")), 12, 82);
        RegistrationJob job;
        job.a = &a;
        job.b = &b;
        job.settings.startCell = {0, 0};
        job.settings.endCell = {a.frameCount() - 1, b.frameCount() - 1};
        QVERIFY(job.run().isOk());
        QCOMPARE(job.output.mapAtoB(0.0f), 0.0f);
        QCOMPARE(job.output.mapAtoB(static_cast<float>(a.frameCount() - 1)),
                 static_cast<float>(b.frameCount() - 1));
        QVERIFY(job.output.isMonotone());
    }

    void validity() {
        GS_REQUIRE_DATA();
        const Clip a = test::loadClip(test::cmuClip("16_15"));
        RegistrationJob job;
        QVERIFY(!job.run().isOk());
        job.a = &a;
        Clip other = a;
        other.skeleton.names[1] = "x";
        job.b = &other;
        QVERIFY(!job.run().isOk());
        Clip empty = a;
        empty.resize(0);
        job.b = &empty;
        QVERIFY(!job.run().isOk());
        Clip shortClip = *trimClip(a, 0, 4);
        job.b = &shortClip;
        QVERIFY(!job.run().isOk());
        job.b = &a;
        job.settings.startCell = {50, 50};
        job.settings.endCell = {40, 60};
        Status s = job.run();
        QVERIFY(!s.isOk() && s.message().find("after") != std::string::npos);
        job.settings.endCell = {500, 60};
        s = job.run();
        QVERIFY(!s.isOk() && s.message().find("outside") != std::string::npos);
        job.settings.startCell = {0, 0};
        job.settings.endCell = {2, 100};
        s = job.run();
        QVERIFY(!s.isOk() && s.message().find("reached") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestRegistration)
#include "tst_registration.moc"

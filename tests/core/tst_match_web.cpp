// Match webs on the real walks: chains at the gait period, incremental sums equal to the direct
// ones, and clear errors for bad inputs.

#include <QTest>

#include <cmath>

#include "common/test_data.h"
#include "core/analysis/match_web.h"

using namespace gs;

class TestMatchWeb : public QObject {
    Q_OBJECT
private slots:
    void selfWebHasChainsAtPeriodMultiples() {
        GS_REQUIRE_DATA();
        const Clip c = test::loadClip(test::cmuClip("16_15"));
        MatchWebJob job;
        job.a = job.b = &c;
        QVERIFY(job.run().isOk());
        const MatchWeb& web = job.output;
        QCOMPARE(web.rows, c.frameCount());
        QCOMPARE(web.windowSamples, 11);
        QVERIFY(web.at(40, 40) < 1e-4f);
        // Heel strikes of the same foot are 35 frames apart in 16_15.
        const float period = 35.0f;
        bool atP = false, at2P = false;
        for (const Chain& ch : web.chains) {
            const float lag = ch.meanLag();
            if (std::abs(lag - period) < 2.0f && ch.length() > 50) atP = true;
            if (std::abs(lag - 2 * period) < 3.0f && ch.length() > 25) at2P = true;
            QVERIFY(ch.meanCost < job.settings.epsilon);
        }
        QVERIFY2(atP, "no chain at lag P");
        QVERIFY2(at2P, "no chain at lag 2P");
    }

    void incrementalEqualsDirect() {
        GS_REQUIRE_DATA();
        const Clip a = test::loadClip(test::cmuClip("16_21"));
        const Clip b = test::loadClip(test::cmuClip("16_22"));
        MatchWebJob fast, slow;
        fast.a = slow.a = &a;
        fast.b = slow.b = &b;
        slow.settings.summation = MatchWebSettings::Summation::Direct;
        QVERIFY(fast.run().isOk());
        QVERIFY(slow.run().isOk());
        float worst = 0.0f;
        for (size_t k = 0; k < fast.output.cost.size(); ++k)
            worst = std::max(worst, std::abs(fast.output.cost[k] - slow.output.cost[k]));
        QVERIFY2(worst < 1e-5f, qPrintable(QString::number(worst)));
        QCOMPARE(fast.output.chains.size(), slow.output.chains.size());
    }

    void validity() {
        GS_REQUIRE_DATA();
        const Clip c = test::loadClip(test::cmuClip("16_15"));
        MatchWebJob job;
        QVERIFY(!job.run().isOk());  // no clips
        Clip empty = c;
        empty.resize(0);
        job.a = &c;
        job.b = &empty;
        Status s = job.run();
        QVERIFY(!s.isOk() && s.message().find("empty") != std::string::npos);
        Clip shortClip = *trimClip(c, 0, 5);
        job.b = &shortClip;
        s = job.run();
        QVERIFY(!s.isOk() && s.message().find("window") != std::string::npos);
        Clip other = c;
        other.skeleton.names[3] = "somethingElse";
        job.b = &other;
        s = job.run();
        QVERIFY(!s.isOk() && s.message().find("skeleton") != std::string::npos);
        Clip fast = c;
        fast.fps = 60.0f;
        job.b = &fast;
        QVERIFY(!job.run().isOk());
        job.b = &c;
        job.settings.epsilon = 0.0f;
        QVERIFY(!job.run().isOk());
    }
};

QTEST_APPLESS_MAIN(TestMatchWeb)
#include "tst_match_web.moc"

// Gait period and cycles from the self match web: walks agree with their heel strikes, jumps are
// not periodic, short jogs still get their one cycle.

#include <QTest>

#include <cmath>

#include "common/test_data.h"
#include "core/analysis/cycles.h"

using namespace gs;

class TestCycles : public QObject {
    Q_OBJECT
private slots:
    void walks_data() {
        QTest::addColumn<QString>("id");
        for (const char* id : {"16_15", "16_16", "16_21", "16_22", "16_31", "16_32"})
            QTest::newRow(id) << id;
    }
    void walks() {
        GS_REQUIRE_DATA();
        QFETCH(QString, id);
        const Clip c = test::loadClip(test::cmuClip(id));
        CycleJob job;
        job.clip = &c;
        QVERIFY(job.run().isOk());
        const CycleInfo& info = job.output;
        QVERIFY(info.periodic);
        QCOMPARE(QString::fromStdString(info.source), QString("match web"));
        QVERIFY2(info.periodSeconds >= 0.9f && info.periodSeconds <= 1.3f,
                 qPrintable(QString::number(info.periodSeconds)));
        // Mean spacing of consecutive same-foot heel strikes.
        FootContactJob contacts;
        contacts.clip = &c;
        QVERIFY(contacts.run().isOk());
        double sum = 0.0;
        int n = 0;
        for (const auto* s : {&contacts.output.leftHeelStrikes, &contacts.output.rightHeelStrikes})
            for (size_t k = 1; k < s->size(); ++k, ++n) sum += (*s)[k] - (*s)[k - 1];
        QVERIFY(n >= 2);
        const double spacing = sum / n;
        QVERIFY2(std::abs(info.periodFrames - spacing) <= 2.0,
                 qPrintable(QString("period %1, strikes %2").arg(info.periodFrames).arg(spacing)));
        QVERIFY(info.cycles >= 2);
        QCOMPARE(info.cycles,
                 static_cast<int>(std::floor((c.frameCount() - 1) / info.periodFrames)));
    }

    void jumpsAreNotPeriodic_data() {
        QTest::addColumn<QString>("id");
        for (int i = 1; i <= 7; ++i)
            QTest::newRow(qPrintable(QString("16_0%1").arg(i))) << QString("16_0%1").arg(i);
    }
    void jumpsAreNotPeriodic() {
        GS_REQUIRE_DATA();
        QFETCH(QString, id);
        const Clip c = test::loadClip(test::cmuClip(id));
        CycleJob job;
        job.clip = &c;
        QVERIFY(job.run().isOk());
        QVERIFY2(!job.output.periodic, qPrintable(QString::number(job.output.periodFrames)));
        QCOMPARE(job.output.cycles, 0);
        QVERIFY(!job.output.source.empty());
    }

    void shortJogs_data() {
        QTest::addColumn<QString>("id");
        for (const char* id : {"16_35", "16_36", "16_45", "16_46", "16_55", "16_56"})
            QTest::newRow(id) << id;
    }
    void shortJogs() {
        GS_REQUIRE_DATA();
        QFETCH(QString, id);
        const Clip c = test::loadClip(test::cmuClip(id));
        CycleJob job;
        job.clip = &c;
        QVERIFY(job.run().isOk());
        QVERIFY(job.output.periodic);
        QVERIFY(job.output.cycles >= 1);
        QVERIFY2(job.output.periodSeconds > 0.45f && job.output.periodSeconds < 0.9f,
                 qPrintable(QString::number(job.output.periodSeconds)));
    }

    void validity() {
        GS_REQUIRE_DATA();
        const Clip c = test::loadClip(test::cmuClip("16_15"));
        CycleJob job;
        QVERIFY(!job.run().isOk());
        Clip empty = c;
        empty.resize(0);
        job.clip = &empty;
        QVERIFY(!job.run().isOk());
        Clip shortClip = *trimClip(c, 0, 6);
        job.clip = &shortClip;
        QVERIFY(!job.run().isOk());
        job.clip = &c;
        job.settings.minPeriodSeconds = 3.0f;
        QVERIFY(!job.run().isOk());
    }
};

QTEST_APPLESS_MAIN(TestCycles)
#include "tst_cycles.moc"

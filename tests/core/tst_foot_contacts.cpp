// Foot contacts and heel strikes on the real walks: strikes alternate left/right.

#include <QTest>

#include <algorithm>

#include "common/test_data.h"
#include "core/foot_contacts.h"

using namespace gs;

class TestFootContacts : public QObject {
    Q_OBJECT
private slots:
    void findsFeetByName() {
        Skeleton s;
        s.names = {"Hips", "mixamorig:LeftUpLeg", "mixamorig:LeftFoot", "mixamorig:LeftToeBase",
                   "RightUpLeg", "RightFoot", "RightToeBase"};
        s.parents = {-1, 0, 1, 2, 0, 4, 5};
        const FootJoints f = findFootJoints(s);
        QCOMPARE(f.leftAnkle, 2);
        QCOMPARE(f.leftToe, 3);
        QCOMPARE(f.rightAnkle, 5);
        QCOMPARE(f.rightToe, 6);
        Skeleton r;
        r.names = {"root", "thigh.L", "shin.L", "foot.L", "toe.L", "thigh.R", "shin.R", "foot.R"};
        r.parents = {-1, 0, 1, 2, 3, 0, 5, 6};
        const FootJoints g = findFootJoints(r);
        QCOMPARE(g.leftAnkle, 3);
        QCOMPARE(g.leftToe, 4);
        QCOMPARE(g.rightAnkle, 7);
        QCOMPARE(g.rightToe, 7);  // no toe: the ankle stands in
    }

    void walksAlternate_data() {
        QTest::addColumn<QString>("id");
        for (int i = 11; i <= 32; ++i) {
            const QString id = QStringLiteral("16_%1").arg(i);
            QTest::newRow(qPrintable(id)) << id;
        }
    }
    void walksAlternate() {
        GS_REQUIRE_DATA();
        QFETCH(QString, id);
        const Clip c = test::loadClip(test::cmuClip(id));
        FootContactJob job;
        job.clip = &c;
        QVERIFY2(job.run().isOk(), "contact job failed");
        const auto& l = job.output.leftHeelStrikes;
        const auto& r = job.output.rightHeelStrikes;
        std::vector<std::pair<int, char>> all;
        for (int f : l) all.push_back({f, 'L'});
        for (int f : r) all.push_back({f, 'R'});
        std::sort(all.begin(), all.end());
        QString seq;
        for (auto [f, side] : all) seq += QString("%1%2 ").arg(side).arg(f);
        // A walk of 2-5 s holds at least three steps.
        QVERIFY2(all.size() >= 3, qPrintable(seq));
        for (size_t i = 1; i < all.size(); ++i)
            QVERIFY2(all[i].second != all[i - 1].second, qPrintable("not alternating: " + seq));
        // Steps of a walk are 0.3-0.8 s apart (0.25-0.9 with the first and last steps).
        for (size_t i = 1; i < all.size(); ++i) {
            const float dt = (all[i].first - all[i - 1].first) / c.fps;
            QVERIFY2(dt > 0.25f && dt < 0.9f, qPrintable(seq));
        }
    }

    void overridesAndValidity() {
        GS_REQUIRE_DATA();
        const Clip c = test::loadClip(test::cmuClip("16_15"));
        FootContactJob job;
        job.clip = &c;
        job.settings.leftAnkle = "no-such-joint";
        Status s = job.run();
        QVERIFY(!s.isOk());
        QVERIFY(QString::fromStdString(s.message()).contains("no-such-joint"));
        job.settings = {};
        job.settings.heightThreshold = -1.0f;
        QVERIFY(!job.run().isOk());
        job.settings = {};
        job.clip = nullptr;
        QVERIFY(!job.run().isOk());
        Clip tiny = c;
        tiny.resize(2);
        job.clip = &tiny;
        QVERIFY(!job.run().isOk());
    }
};

QTEST_APPLESS_MAIN(TestFootContacts)
#include "tst_foot_contacts.moc"

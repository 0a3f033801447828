// Timewarps (core/analysis/timewarp.h) through match webs built here: a valley along b = a / 2 is
// followed, the curve is strictly increasing, pinned to its end cells and inverted exactly; the
// slope limit and every bad setting are refused with a sentence.

#include <QTest>

#include <cmath>
#include <string>

#include "core/analysis/match_web.h"
#include "core/analysis/timewarp.h"

using namespace gs;

namespace {

// A web whose cost is the distance of (i, j) from the line j = slope x i (a valley along it).
MatchWeb valley(int rows, int cols, float slope) {
    MatchWeb w;
    w.rows = rows;
    w.cols = cols;
    w.cost.resize(static_cast<size_t>(rows) * cols);
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j)
            w.cost[static_cast<size_t>(i) * cols + j] = 0.01f * std::abs(j - slope * i);
    return w;
}

std::string problem(TimewarpJob job) {
    const Status s = job.run();
    return s ? std::string("(ran)") : s.message();
}

}  // namespace

class TestTimewarp : public QObject {
    Q_OBJECT
private slots:
    void followsTheValley() {
        const MatchWeb web = valley(61, 31, 0.5f);
        TimewarpJob job;
        job.web = &web;
        job.settings.startCell = {0, 0};
        job.settings.endCell = {60, 30};
        QVERIFY(job.run().isOk());
        const Timewarp& t = job.output;
        QVERIFY(t.isMonotone());
        QCOMPARE(t.cells.front(), glm::ivec2(0, 0));
        QCOMPARE(t.cells.back(), glm::ivec2(60, 30));
        for (size_t k = 1; k < t.cells.size(); ++k) {
            const glm::ivec2 step = t.cells[k] - t.cells[k - 1];
            QVERIFY(step == glm::ivec2(1, 0) || step == glm::ivec2(0, 1) ||
                    step == glm::ivec2(1, 1));
            QVERIFY(std::abs(t.cells[k].y - 0.5f * t.cells[k].x) <= 1.0f);  // in the valley
        }
        QVERIFY(t.meanCost <= 0.01f);
        // The curve: pinned at both ends, b = a / 2 between, slope 1/2, inverted exactly.
        QCOMPARE(t.curve.size(), size_t(61));
        QCOMPARE(t.mapAtoB(0.0f), 0.0f);
        QCOMPARE(t.mapAtoB(60.0f), 30.0f);
        for (float a = 0.0f; a <= 60.0f; a += 2.5f) {
            QVERIFY2(std::abs(t.mapAtoB(a) - 0.5f * a) < 0.6f, qPrintable(QString::number(a)));
            QVERIFY(std::abs(t.mapBtoA(t.mapAtoB(a)) - a) < 1e-3f);
        }
        QVERIFY(std::abs(t.slopeAt(30.0f) - 0.5f) < 0.1f);
        // Past the sampled range the curve goes on at its mean slope.
        QVERIFY(std::abs(t.mapAtoB(70.0f) - 35.0f) < 1e-3f);
        QVERIFY(std::abs(t.mapAtoB(-4.0f) + 2.0f) < 1e-3f);
    }

    void automaticEnds() {
        // The default cells: the matches nearest the corners.
        const MatchWeb web = valley(40, 40, 1.0f);
        TimewarpJob job;
        job.web = &web;
        QVERIFY(job.run().isOk());
        QCOMPARE(job.output.cells.front(), glm::ivec2(0, 0));
        QCOMPARE(job.output.cells.back(), glm::ivec2(39, 39));
        QCOMPARE(job.output.cells.size(), size_t(40));  // the diagonal, one step at a time
        QCOMPARE(job.output.meanCost, 0.0f);
    }

    void refusals() {
        const MatchWeb web = valley(20, 20, 1.0f);
        TimewarpJob job;
        job.web = &web;
        TimewarpJob noWeb;
        QCOMPARE(problem(noWeb),
                 std::string("timewarp needs a match web of at least 2 x 2 frames"));
        TimewarpJob bad = job;
        bad.settings.slopeLimit = 0;
        QCOMPARE(problem(bad), std::string("timewarp slope limit must be 1-20"));
        bad = job;
        bad.settings.smoothingSeconds = -1.0f;
        QCOMPARE(problem(bad), std::string("timewarp smoothing must be in [0, 5] s"));
        bad = job;
        bad.fps = 0.0f;
        QCOMPARE(problem(bad), std::string("timewarp frame rate must be positive"));
        bad = job;
        bad.settings.endCell = {25, 10};
        QVERIFY2(problem(bad).find("is outside the 20 x 20 match web") != std::string::npos,
                 problem(bad).c_str());
        bad = job;
        bad.settings.startCell = {10, 10};
        bad.settings.endCell = {5, 15};
        QVERIFY2(problem(bad).find("must come after the start") != std::string::npos,
                 problem(bad).c_str());
        // 19 rows against 1 column: more steps in one clip alone than the limit allows.
        bad = job;
        bad.settings.startCell = {0, 0};
        bad.settings.endCell = {19, 1};
        bad.settings.slopeLimit = 3;
        QVERIFY2(problem(bad).find("cannot be reached") != std::string::npos, problem(bad).c_str());
    }
};

QTEST_APPLESS_MAIN(TestTimewarp)
#include "tst_timewarp.moc"

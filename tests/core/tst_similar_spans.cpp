// Similar spans on CMU subject 16, whose trials are known from CMU's descriptions: one walk cycle
// of 16_15 (straight walk) finds the other cycles of 16_15 and those of 16_16 (another straight
// walk) at low cost, starting on the same foot's strike, and ranks them above spans of a run
// (16_45) or a jump (16_01); a jog cycle of 16_35 finds 16_36 before any walk. The query never
// finds itself, matches of one clip do not overlap, and bad input is refused with a sentence.

#include <QTest>

#include <algorithm>
#include <cstdlib>

#include "common/test_data.h"
#include "core/analysis/similar_spans.h"
#include "core/clip/foot_contacts.h"

using namespace gs;

namespace {

// One gait cycle: from a right foot strike to the next.
struct Cycle {
    int first = 0, last = 0;
};

std::vector<int> rightStrikes(const Clip& clip) {
    FootContactJob job;
    job.clip = &clip;
    if (Status s = job.run(); !s) qWarning("%s", s.message().c_str());
    return job.output.rightStrikes();
}

Cycle firstCycle(const Clip& clip) {
    const std::vector<int> strikes = rightStrikes(clip);
    return strikes.size() >= 2 ? Cycle{strikes[0], strikes[1]} : Cycle{};
}

std::vector<Clip> loadAll(const QStringList& ids) {
    std::vector<Clip> clips;
    for (const QString& id : ids) clips.push_back(test::loadClip(test::cmuClip(id)));
    return clips;
}

// Settings that let a jog or a run be compared with a walk at all (their cells cost ~0.1-0.3 m),
// so that the ranking, not only the threshold, can be checked.
SimilarSpanSettings loose() {
    SimilarSpanSettings s;
    s.web.epsilon = 0.4f;
    s.maxCost = 0.4f;
    return s;
}

std::vector<SimilarSpan> find(const std::vector<Clip>& library, int queryIndex, Cycle q,
                              const SimilarSpanSettings& settings = {}) {
    SimilarSpansJob job;
    job.settings = settings;
    job.query = &library[queryIndex];
    job.first = q.first;
    job.last = q.last;
    job.library = library;
    job.queryIndex = queryIndex;
    const Status s = job.run();
    if (!s) qWarning("%s", s.message().c_str());
    return job.output;
}

std::vector<SimilarSpan> inClip(const std::vector<SimilarSpan>& all, int clip) {
    std::vector<SimilarSpan> out;
    std::copy_if(all.begin(), all.end(), std::back_inserter(out),
                 [&](const SimilarSpan& m) { return m.clip == clip; });
    return out;
}

// Rank (index in the cost order) of the first match in `clip`, or the list's size.
int firstRank(const std::vector<SimilarSpan>& all, int clip) {
    for (size_t k = 0; k < all.size(); ++k)
        if (all[k].clip == clip) return static_cast<int>(k);
    return static_cast<int>(all.size());
}

int lastRank(const std::vector<SimilarSpan>& all, int clip) {
    int rank = -1;
    for (size_t k = 0; k < all.size(); ++k)
        if (all[k].clip == clip) rank = static_cast<int>(k);
    return rank;
}

int overlap(int a0, int a1, int b0, int b1) {
    return std::max(0, std::min(a1, b1) - std::max(a0, b0) + 1);
}

}  // namespace

class TestSimilarSpans : public QObject {
    Q_OBJECT
private slots:
    // A walk cycle finds the walk's other cycles and another straight walk's, cheaply, on the
    // same foot; no run or jump passes the default threshold.
    void walkFindsWalks() {
        GS_REQUIRE_DATA();
        const std::vector<Clip> lib = loadAll({"16_15", "16_16", "16_45", "16_01"});
        const Cycle q = firstCycle(lib[0]);
        QVERIFY(q.last - q.first > 20);
        const std::vector<SimilarSpan> found = find(lib, 0, q);
        QVERIFY(std::is_sorted(
            found.begin(), found.end(),
            [](const SimilarSpan& a, const SimilarSpan& b) { return a.cost < b.cost; }));
        const int length = q.last - q.first + 1;
        for (const SimilarSpan& m : found) {
            QVERIFY(m.cost >= 0.0f && m.cost <= 0.08f);
            QVERIFY(m.coverage >= 0.8f && m.coverage <= 1.0f);
            QVERIFY(m.first >= 0 && m.last < lib[m.clip].frameCount() && m.last > m.first);
        }
        // The query's own cycle is not a match; the walk's next cycle is.
        const auto own = inClip(found, 0);
        QVERIFY(!own.empty());
        for (const SimilarSpan& m : own)
            QVERIFY2(overlap(m.first, m.last, q.first, q.last) <= length / 4,
                     qPrintable(QString("%1-%2").arg(m.first).arg(m.last)));
        QVERIFY(own.front().cost < 0.03f);
        // Every cycle of the other straight walk, each about a cycle long, starting within
        // 0.1 s of a right foot strike (the query starts on one).
        const auto walk = inClip(found, 1);
        QVERIFY(walk.size() >= 2);
        const std::vector<int> strikes = rightStrikes(lib[1]);
        for (const SimilarSpan& m : walk) {
            QVERIFY(m.cost < 0.03f);
            QVERIFY(std::abs((m.last - m.first + 1) - length) <= length / 5);
            const bool onStrike = std::any_of(strikes.begin(), strikes.end(),
                                              [&](int s) { return std::abs(s - m.first) <= 3; });
            QVERIFY2(onStrike, qPrintable(QString("16_16 %1-%2").arg(m.first).arg(m.last)));
        }
        for (size_t a = 0; a < walk.size(); ++a)
            for (size_t b = a + 1; b < walk.size(); ++b)
                QVERIFY(overlap(walk[a].first, walk[a].last, walk[b].first, walk[b].last) <=
                        length / 10 + 1);
        QVERIFY(inClip(found, 2).empty());  // run
        QVERIFY(inClip(found, 3).empty());  // jump
    }

    // With a threshold loose enough to admit a run, the straight walk's spans still come first.
    void walkRanksAboveRunAndJump() {
        GS_REQUIRE_DATA();
        const std::vector<Clip> lib = loadAll({"16_15", "16_16", "16_45", "16_01"});
        const std::vector<SimilarSpan> found = find(lib, 0, firstCycle(lib[0]), loose());
        QVERIFY(lastRank(found, 1) >= 0);
        QVERIFY(!inClip(found, 2).empty());  // the run is now a (poor) match
        QVERIFY(lastRank(found, 1) < firstRank(found, 2));
        QVERIFY(lastRank(found, 1) < firstRank(found, 3));
        QVERIFY(inClip(found, 2).front().cost > 3.0f * inClip(found, 1).back().cost);
    }

    // A jog cycle finds the other jog first, and every span of it before any walk.
    void jogFindsJogBeforeWalks() {
        GS_REQUIRE_DATA();
        const std::vector<Clip> lib = loadAll({"16_35", "16_36", "16_15", "16_16", "16_47"});
        const Cycle q = firstCycle(lib[0]);
        QVERIFY(q.last > q.first);
        const std::vector<SimilarSpan> strict = find(lib, 0, q);
        QVERIFY(!strict.empty());
        QCOMPARE(strict.front().clip, 1);
        for (int walk : {2, 3, 4}) QVERIFY(inClip(strict, walk).empty());

        const std::vector<SimilarSpan> found = find(lib, 0, q, loose());
        QCOMPARE(found.front().clip, 1);
        for (int walk : {2, 3, 4}) {
            QVERIFY(!inClip(found, walk).empty());
            QVERIFY(lastRank(found, 1) < firstRank(found, walk));
        }
    }

    // The query's clip need not be in the library; a clip of another skeleton is skipped with
    // its reason while the others are searched.
    void queryOutsideLibraryAndForeignClip() {
        GS_REQUIRE_DATA();
        const Clip query = test::loadClip(test::cmuClip("16_15"));
        std::vector<Clip> lib = loadAll({"16_16"});
        lib.push_back(test::loadClip(test::dataPath("100style/Neutral_FW.bvh")));
        const Cycle q = firstCycle(query);
        SimilarSpansJob job;
        job.query = &query;
        job.first = q.first;
        job.last = q.last;
        job.library = lib;
        QVERIFY(job.run());
        QVERIFY(job.output.size() >= 2);
        for (const SimilarSpan& m : job.output) QCOMPARE(m.clip, 0);
        QCOMPARE(job.skipped.size(), size_t(1));
        QCOMPARE(job.skipped.front().clip, 1);
        QVERIFY2(job.skipped.front().reason.find("skeleton") != std::string::npos,
                 job.skipped.front().reason.c_str());
    }

    void validity_data() {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no query") << "no query"
                                  << "need a query clip";
        QTest::newRow("span past the end") << "past end"
                                           << "are not a span of clip";
        QTest::newRow("negative first") << "negative"
                                        << "are not a span of clip";
        QTest::newRow("empty span") << "empty span"
                                    << "are not a span of clip";
        QTest::newRow("query index") << "index"
                                     << "index is not in the library";
        QTest::newRow("max cost") << "max cost"
                                  << "maximum cost";
        QTest::newRow("coverage") << "coverage"
                                  << "minimum coverage";
        QTest::newRow("gap") << "gap"
                             << "maximum gap";
        QTest::newRow("overlap") << "overlap"
                                 << "maximum overlap must";
        QTest::newRow("self overlap") << "self overlap"
                                      << "overlap with the query";
        QTest::newRow("per clip") << "per clip"
                                  << "matches per clip";
        QTest::newRow("web") << "web"
                             << "epsilon";
    }
    void validity() {
        GS_REQUIRE_DATA();
        QFETCH(QString, what);
        QFETCH(QString, expected);
        const std::vector<Clip> lib = loadAll({"16_15"});
        SimilarSpansJob job;
        job.query = &lib[0];
        job.first = 10;
        job.last = 40;
        job.library = lib;
        QVERIFY(job.validate());
        if (what == "no query") job.query = nullptr;
        if (what == "past end") job.last = lib[0].frameCount();
        if (what == "negative") job.first = -1;
        if (what == "empty span") job.last = job.first;
        if (what == "index") job.queryIndex = 1;
        if (what == "max cost") job.settings.maxCost = 0.0f;
        if (what == "coverage") job.settings.minCoverage = 1.5f;
        if (what == "gap") job.settings.maxGapSeconds = -1.0f;
        if (what == "overlap") job.settings.maxOverlap = 1.0f;
        if (what == "self overlap") job.settings.maxSelfOverlap = -0.1f;
        if (what == "per clip") job.settings.maxMatchesPerClip = -1;
        if (what == "web") job.settings.web.epsilon = 0.0f;
        const Status s = job.run();
        QVERIFY(!s);
        QVERIFY2(QString::fromStdString(s.message()).contains(expected), s.message().c_str());
        QVERIFY(job.output.empty());
    }
};

QTEST_GUILESS_MAIN(TestSimilarSpans)
#include "tst_similar_spans.moc"

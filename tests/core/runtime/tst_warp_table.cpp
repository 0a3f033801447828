// Warp tables: evaluation past the loop's end, exact inverses, blends of two tables.

#include <QTest>

#include <vector>

#include <gaitspace/runtime/warp_table.h>

using namespace gs;

class TestWarpTable : public QObject {
    Q_OBJECT
private slots:
    void valuesAndWrap() {
        const std::vector<float> t{0.0f, 0.5f, 2.0f, 3.0f};  // 3 knots' spans, loop of 3 -> 3
        QCOMPARE(warpAt(t, 0.0f), 0.0f);
        QCOMPARE(warpAt(t, 1.5f), 1.25f);
        QCOMPARE(warpAt(t, 3.0f), 3.0f);
        QCOMPARE(warpAt(t, 4.0f), 3.5f);  // one period on: 3 + t(1)
    }

    void inverseIsExact() {
        const std::vector<float> t{0.0f, 0.3f, 1.9f, 2.0f, 4.5f};
        for (float x = 0.0f; x < 8.0f; x += 0.137f)
            QVERIFY(std::abs(warpInverse(t, warpAt(t, x)) - x) < 1e-5f);
    }

    void blends() {
        const std::vector<float> a{0.0f, 1.0f, 2.0f, 3.0f}, b{0.0f, 2.0f, 2.5f, 3.0f};
        QCOMPARE(warpAt(a, b, 0.5f, 0.5f, 1.0f), 1.5f);
        for (float x = 0.0f; x < 6.0f; x += 0.211f) {
            const float y = warpAt(a, b, 0.3f, 0.7f, x);
            QVERIFY(std::abs(warpInverse(a, b, 0.3f, 0.7f, y) - x) < 1e-5f);
        }
    }
};

QTEST_APPLESS_MAIN(TestWarpTable)
#include "tst_warp_table.moc"

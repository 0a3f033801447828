// The match-web view: two clips of different lengths leave room beside the web, which is painted
// hatched grey, never a heat colour (dark reads as "similar"); the rows' title reads down the
// rows, its arrow pointing the way their frames grow; a click on a cell is that cell.

#include <QSignalSpy>
#include <QTest>

#include "gui/test_settings.h"
#include "widgets/match_web_view.h"

using namespace gs;

namespace {

// A web of `rows` x `cols` cells, all of distance 0 (the darkest colour).
MatchWebPicture similarEverywhere(int rows, int cols) {
    MatchWebPicture p;
    p.rows = rows;
    p.cols = cols;
    p.cost.assign(static_cast<size_t>(rows) * cols, 0.0f);
    p.scaleMax = 0.1f;
    p.nameA = "walk";
    p.nameB = "jog";
    return p;
}

}  // namespace

class TestMatchWebView : public QObject {
    Q_OBJECT
private slots:
    void outsideTheWebIsNeutral_data() {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        QTest::newRow("A shorter") << 40 << 120;
        QTest::newRow("B shorter") << 120 << 40;
    }

    void outsideTheWebIsNeutral() {
        QFETCH(int, rows);
        QFETCH(int, cols);
        MatchWebView view;
        view.resize(460, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setPicture(similarEverywhere(rows, cols));
        const QImage shot = view.grab().toImage();
        const QPointF first = view.cellCentre(0, 0), last = view.cellCentre(rows - 1, cols - 1);
        const QRectF web(first - QPointF(view.zoom() / 2, view.zoom() / 2),
                         last + QPointF(view.zoom() / 2, view.zoom() / 2));
        // The web itself: the darkest heat colour.
        QVERIFY(qGray(shot.pixel(web.center().toPoint())) < 30);
        // Beside it (the band the shorter clip leaves): grey, light, and no heat colour.
        const QPoint beside =
            rows < cols
                ? QPoint(static_cast<int>(web.center().x()), static_cast<int>(web.bottom()) + 20)
                : QPoint(static_cast<int>(web.right()) + 20, static_cast<int>(web.center().y()));
        int dark = 0, coloured = 0;
        for (int dy = -6; dy <= 6; ++dy)
            for (int dx = -6; dx <= 6; ++dx) {
                const QColor c = shot.pixelColor(beside + QPoint(dx, dy));
                dark += qGray(c.rgb()) < 120;
                coloured += c.red() != c.green() || c.green() != c.blue();
            }
        QCOMPARE(dark, 0);
        QCOMPARE(coloured, 0);
    }

    // The rows' title runs down (as row frames grow) and its → with it; the columns' runs right.
    void rowTitlePointsDown() {
        const QTransform t = MatchWebPicture::rowTitleTransform(QRectF(40, 20, 300, 300));
        const QPointF along = t.map(QPointF(1, 0)) - t.map(QPointF(0, 0));
        QVERIFY(along.y() > 0.99 && std::abs(along.x()) < 1e-6);
    }

    void clickIsTheCell() {
        MatchWebView view;
        view.resize(460, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setPicture(similarEverywhere(40, 120));
        QSignalSpy clicked(&view, &MatchWebView::cellClicked);
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.cellCentre(10, 90).toPoint());
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(clicked.first().at(0).toInt(), 10);
        QCOMPARE(clicked.first().at(1).toInt(), 90);
    }
};

QTEST_MAIN(TestMatchWebView)
#include "tst_match_web_view.moc"

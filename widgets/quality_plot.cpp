#include "widgets/quality_plot.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace gs {

QualityPlot::QualityPlot(QWidget* parent) : QWidget(parent) {}

void QualityPlot::setData(QualityPlotData data) {
    m_data = std::move(data);
    update();
}

namespace {
// A round step giving about `ticks` intervals over `range`.
double niceStep(double range, int ticks) {
    const double raw = range / std::max(1, ticks);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * magnitude >= raw) return m * magnitude;
    return 10.0 * magnitude;
}
}  // namespace

void QualityPlot::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().base());
    const QFontMetrics fm = fontMetrics();
    p.setPen(palette().text().color());
    const QString title = m_data.yUnit.isEmpty()
                              ? m_data.title
                              : QStringLiteral("%1 (%2)").arg(m_data.title, m_data.yUnit);
    p.drawText(QRect(4, 0, width() - 8, fm.height() + 2), Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(title, Qt::ElideRight, width() - 8));

    double x0 = 0, x1 = 1, y0 = 0, y1 = 0;
    bool any = false;
    for (const PlotSeries& s : m_data.series)
        for (const QPointF& pt : s.points) {
            if (!std::isfinite(pt.x()) || !std::isfinite(pt.y())) continue;
            if (!any) x0 = x1 = pt.x();
            x0 = std::min(x0, pt.x()), x1 = std::max(x1, pt.x());
            y0 = std::min(y0, pt.y()), y1 = std::max(y1, pt.y());
            any = true;
        }
    if (!any) {
        p.setPen(palette().placeholderText().color());
        p.drawText(rect(), Qt::AlignCenter, tr("no data yet"));
        return;
    }
    if (x1 <= x0) x1 = x0 + 1;
    if (y1 <= y0) y1 = y0 + 1;
    const double yStep = niceStep(y1 - y0, 4), xStep = niceStep(x1 - x0, 6);
    y1 = std::ceil(y1 / yStep) * yStep;
    const int left = fm.horizontalAdvance(QStringLiteral("0000.0")) + 6, top = fm.height() + 10;
    const QRectF area(left, top, width() - left - 8, height() - top - fm.height() - 8);
    auto map = [&](double x, double y) {
        return QPointF(area.left() + (x - x0) / (x1 - x0) * area.width(),
                       area.bottom() - (y - y0) / (y1 - y0) * area.height());
    };
    // Grid and labels.
    p.setPen(QPen(palette().mid().color(), 1));
    for (double y = std::ceil(y0 / yStep) * yStep; y <= y1 + 1e-9; y += yStep) {
        p.setPen(QPen(palette().mid().color(), 1));
        p.drawLine(map(x0, y), map(x1, y));
        p.setPen(palette().text().color());
        p.drawText(QRectF(0, map(x0, y).y() - fm.height() / 2.0, left - 4, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, QString::number(y, 'g', 4));
    }
    for (double x = std::ceil(x0 / xStep) * xStep; x <= x1 + 1e-9; x += xStep) {
        p.setPen(QPen(palette().midlight().color(), 1, Qt::DotLine));
        p.drawLine(map(x, y0), map(x, y1));
        p.setPen(palette().text().color());
        p.drawText(QRectF(map(x, y0).x() - 40, area.bottom() + 2, 80, fm.height()), Qt::AlignCenter,
                   QString::number(x, 'g', 4));
    }
    p.drawText(QRectF(0, area.bottom() + 2, left - 4 - fm.horizontalAdvance(QStringLiteral("00")),
                      fm.height()),
               Qt::AlignRight, m_data.xUnit);
    // The lines and the legend.
    p.setClipRect(area.adjusted(-2, -2, 2, 2));
    for (const PlotSeries& s : m_data.series) {
        QPainterPath path;
        bool first = true;
        for (const QPointF& pt : s.points) {
            if (!std::isfinite(pt.x()) || !std::isfinite(pt.y())) continue;
            if (first)
                path.moveTo(map(pt.x(), pt.y()));
            else
                path.lineTo(map(pt.x(), pt.y()));
            first = false;
        }
        p.setPen(QPen(s.colour, 1.6));
        p.drawPath(path);
    }
    p.setClipping(false);
    int lx = static_cast<int>(area.right());
    for (auto it = m_data.series.rbegin(); it != m_data.series.rend(); ++it) {
        const int w = fm.horizontalAdvance(it->name) + 22;
        lx -= w;
        p.setPen(QPen(it->colour, 3));
        p.drawLine(QPointF(lx, area.top() + fm.height() / 2.0),
                   QPointF(lx + 14, area.top() + fm.height() / 2.0));
        p.setPen(palette().text().color());
        p.drawText(QPointF(lx + 17, area.top() + fm.ascent()), it->name);
    }
}

}  // namespace gs

#pragma once
// QualityPlot: lines of a quality figure over time (e.g. goal-space against naive steering),
// with axes in round numbers and a legend. It only paints its data.

#include <QColor>
#include <QPointF>
#include <QString>
#include <QWidget>

#include <vector>

namespace gs {

struct PlotSeries {
    QString name;
    QColor colour;
    std::vector<QPointF> points;  // (x, y), x increasing
};

struct QualityPlotData {
    QString title;
    QString xUnit, yUnit;
    std::vector<PlotSeries> series;
};

class QualityPlot : public QWidget {
    Q_OBJECT
public:
    explicit QualityPlot(QWidget* parent = nullptr);
    void setData(QualityPlotData data);
    const QualityPlotData& data() const { return m_data; }
    QSize sizeHint() const override { return {400, 160}; }
    QSize minimumSizeHint() const override { return {200, 80}; }

protected:
    void paintEvent(class QPaintEvent* event) override;

private:
    QualityPlotData m_data;
};

}  // namespace gs

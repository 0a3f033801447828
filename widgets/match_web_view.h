#pragma once
// MatchWebView: the heat map of a match web (core/analysis/match_web.h) with its local minima,
// chains and a registration path drawn over it, and a colour scale.
//
// It paints from a MatchWebPicture and forwards input only: the wheel zooms about the mouse, a
// drag (any button) pans, Home or a double click fits the web to the view again, a left click on
// a cell is cellClicked and moving over a cell is cellHovered. Rows (frames of A) run down,
// columns (frames of B) run right; dark = similar. What lies outside the web (clips of different
// lengths leave a band beside it) is hatched grey, never a heat colour.

#include <QImage>
#include <QTransform>
#include <QWidget>

#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "core/analysis/match_web.h"
#include "render/heat_colour.h"

namespace gs {

struct MatchWebPicture {
    int rows = 0, cols = 0;
    std::vector<float> cost;         // rows x cols, row-major, metres RMS
    float scaleMax = 0.0f;           // metres at the top of the colour scale (> 0)
    std::vector<glm::ivec2> minima;  // (i, j)
    std::vector<Chain> chains;
    std::vector<glm::ivec2> path;  // a registration path through the web (i, j); may be empty
    bool showMinima = true, showChains = true, showPath = true;
    std::optional<glm::ivec2> selected;  // the clicked cell
    QString nameA, nameB;

    bool isEmpty() const { return rows <= 0 || cols <= 0; }
    float at(int i, int j) const { return cost[static_cast<size_t>(i) * cols + j]; }
    // The chains as drawn (none when they are switched off).
    std::vector<const Chain*> drawnChains() const;
    // The colour scale's top for a web: its 98th percentile of distance, so one outlier does not
    // wash the picture out.
    static float scaleFor(const std::vector<float>& cost);
    // A picture of the whole web, `cellPixels` pixels a cell, with the overlays that are on and
    // the colour scale on the right (the PNG export).
    QImage render(int cellPixels) const;
    // The grid as CSV, one line per frame of A (the CSV export).
    QByteArray csv() const;
    // Where the rows' title ("frame of A →") is drawn: from its text's coordinates to the
    // picture's, turned so that it reads down the rows, its arrow pointing the way their frames
    // grow. `plot` is the area the web is drawn in.
    static QTransform rowTitleTransform(const QRectF& plot);
};

class MatchWebView : public QWidget {
    Q_OBJECT
public:
    explicit MatchWebView(QWidget* parent = nullptr);

    void setPicture(MatchWebPicture picture);
    const MatchWebPicture& picture() const { return m_picture; }
    // Toggles and selection without a new picture (the heat image is kept).
    void setOverlays(bool minima, bool chains, bool path);
    void setSelected(const std::optional<glm::ivec2>& cell);
    void setPath(std::vector<glm::ivec2> path);
    // Pixels per cell (1 = the whole web fits when the view is as large as the web).
    double zoom() const { return m_zoom; }
    void fitToView();
    // The cell under a widget position, if any.
    std::optional<glm::ivec2> cellAt(const QPointF& position) const;
    // The widget position of a cell's centre.
    QPointF cellCentre(int i, int j) const;
    QSize sizeHint() const override { return {420, 360}; }
    QSize minimumSizeHint() const override { return {200, 160}; }

signals:
    void cellClicked(int i, int j);
    void cellHovered(int i, int j);  // (-1, -1) = off the web
    void zoomChanged(double pixelsPerCell);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    QRectF plotRect() const;
    void clampView();

    MatchWebPicture m_picture;
    QImage m_heat;  // one pixel a cell
    double m_zoom = 1.0;
    QPointF m_offset;  // widget position of the web's top left corner
    bool m_fitted = false;
    bool m_userView = false;  // zoomed or panned by the user: kept through resizes
    QPoint m_pressPos, m_lastPos;
    bool m_dragging = false;
};

}  // namespace gs

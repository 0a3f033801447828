#include "widgets/match_web_view.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace gs {
namespace {

constexpr double kLeft = 40.0, kTop = 20.0, kRight = 62.0, kBottom = 20.0;  // margins, pixels
const QColor kChain(0, 235, 255), kMinimum(120, 255, 120), kPath(255, 60, 200),
    kSelected(255, 255, 255);

QImage heatImage(const MatchWebPicture& p) {
    if (p.isEmpty()) return {};
    QImage image(p.cols, p.rows, QImage::Format_RGB32);
    const float top = std::max(p.scaleMax, 1e-6f);
    for (int i = 0; i < p.rows; ++i) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(i));
        for (int j = 0; j < p.cols; ++j) line[j] = heatColour(p.at(i, j) / top).rgb();
    }
    return image;
}

// The web and its overlays with the grid's full extent at `grid` (the painter may clip).
void drawWeb(QPainter& painter, const MatchWebPicture& p, const QImage& heat, const QRectF& grid) {
    if (p.isEmpty()) return;
    const double sx = grid.width() / p.cols, sy = grid.height() / p.rows;
    auto centre = [&](const glm::ivec2& c) {
        return QPointF(grid.left() + (c.y + 0.5) * sx, grid.top() + (c.x + 0.5) * sy);
    };
    painter.save();
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter.drawImage(grid, heat);
    painter.setRenderHint(QPainter::Antialiasing);
    const double cell = std::min(sx, sy);
    if (p.showMinima && !p.minima.empty()) {
        painter.setPen(Qt::NoPen);
        painter.setBrush(kMinimum);
        const double r = std::clamp(cell * 0.3, 0.8, 4.0);
        for (const glm::ivec2& m : p.minima) painter.drawEllipse(centre(m), r, r);
    }
    if (p.showChains) {
        painter.setPen(QPen(kChain, std::clamp(cell * 0.45, 1.5, 4.0), Qt::SolidLine, Qt::RoundCap,
                            Qt::RoundJoin));
        painter.setBrush(Qt::NoBrush);
        for (const Chain& c : p.chains) {
            QPainterPath line;
            for (size_t k = 0; k < c.cells.size(); ++k)
                k ? line.lineTo(centre(c.cells[k])) : line.moveTo(centre(c.cells[k]));
            painter.drawPath(line);
        }
    }
    if (p.showPath && p.path.size() > 1) {
        painter.setPen(QPen(kPath, std::clamp(cell * 0.35, 1.5, 3.0), Qt::DashLine, Qt::RoundCap,
                            Qt::RoundJoin));
        painter.setBrush(Qt::NoBrush);
        QPainterPath line;
        for (size_t k = 0; k < p.path.size(); ++k)
            k ? line.lineTo(centre(p.path[k])) : line.moveTo(centre(p.path[k]));
        painter.drawPath(line);
    }
    if (p.selected) {
        painter.setPen(QPen(kSelected, 1.5));
        painter.setBrush(Qt::NoBrush);
        const QPointF c = centre(*p.selected);
        const double r = std::max(cell * 0.5 + 2.0, 5.0);
        painter.drawRect(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r));
    }
    painter.restore();
}

// The colour scale: a vertical bar, 0 at the bottom, with ticks in centimetres.
void drawScale(QPainter& painter, const QRectF& bar, float top, const QColor& text) {
    for (int y = 0; y < static_cast<int>(bar.height()); ++y)
        painter.fillRect(QRectF(bar.left(), bar.bottom() - y - 1, bar.width(), 1.0),
                         heatColour(static_cast<float>(y) / std::max(1.0, bar.height() - 1)));
    painter.setPen(text);
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(bar);
    const QFontMetrics metrics(painter.font());
    for (int k = 0; k <= 4; ++k) {
        const double y = bar.bottom() - bar.height() * k / 4.0;
        painter.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 3, y));
        painter.drawText(QPointF(bar.right() + 5, y + metrics.ascent() / 2.0 - 1),
                         QString::number(top * k / 4.0f * 100.0f, 'f', 1));
    }
    painter.drawText(QPointF(bar.left(), bar.top() - 5), QObject::tr("cm"));
}

// Frame numbers along the top (B) and the left (A) of the grid.
void drawAxes(QPainter& painter, const MatchWebPicture& p, const QRectF& grid,
              const QRectF& visible, const QColor& text) {
    if (p.isEmpty()) return;
    painter.setPen(text);
    const QFontMetrics metrics(painter.font());
    const double sx = grid.width() / p.cols, sy = grid.height() / p.rows;
    auto step = [](double pixelsPerFrame) {
        for (int s : {1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000})
            if (s * pixelsPerFrame >= 40.0) return s;
        return 10000;
    };
    const int stepB = step(sx), stepA = step(sy);
    for (int j = 0; j < p.cols; j += stepB) {
        const double x = grid.left() + (j + 0.5) * sx;
        if (x < visible.left() || x > visible.right()) continue;
        const QString label = QString::number(j);
        painter.drawText(QPointF(x - metrics.horizontalAdvance(label) / 2.0, visible.top() - 5),
                         label);
    }
    for (int i = 0; i < p.rows; i += stepA) {
        const double y = grid.top() + (i + 0.5) * sy;
        if (y < visible.top() || y > visible.bottom()) continue;
        const QString label = QString::number(i);
        painter.drawText(QPointF(visible.left() - 4 - metrics.horizontalAdvance(label),
                                 y + metrics.ascent() / 2.0 - 1),
                         label);
    }
}

// The clips' names along the left (A, down) and under the grid (B, right).
void drawTitles(QPainter& painter, const MatchWebPicture& p, const QRectF& visible,
                const QColor& text) {
    painter.setPen(text);
    const QFontMetrics metrics(painter.font());
    painter.save();
    painter.setTransform(MatchWebPicture::rowTitleTransform(visible), true);
    const QString down = QObject::tr("frame of %1 →").arg(p.nameA);
    painter.drawText(QPointF(-metrics.horizontalAdvance(down) / 2.0, metrics.ascent() / 2.0), down);
    painter.restore();
    const QString across = QObject::tr("frame of %1 →").arg(p.nameB);
    painter.drawText(QPointF(visible.center().x() - metrics.horizontalAdvance(across) / 2.0,
                             visible.bottom() + 3 + metrics.ascent()),
                     across);
}

}  // namespace

std::vector<const Chain*> MatchWebPicture::drawnChains() const {
    std::vector<const Chain*> out;
    if (showChains)
        for (const Chain& c : chains) out.push_back(&c);
    return out;
}

float MatchWebPicture::scaleFor(const std::vector<float>& cost) {
    if (cost.empty()) return 1.0f;
    std::vector<float> sorted = cost;
    const size_t k = static_cast<size_t>(0.98 * (sorted.size() - 1));
    std::nth_element(sorted.begin(), sorted.begin() + k, sorted.end());
    return std::max(sorted[k], 1e-6f);
}

QImage MatchWebPicture::render(int cellPixels) const {
    if (isEmpty()) return {};
    cellPixels = std::max(1, cellPixels);
    const QRectF grid(kLeft, kTop, static_cast<double>(cols) * cellPixels,
                      static_cast<double>(rows) * cellPixels);
    QImage image(static_cast<int>(grid.right() + kRight), static_cast<int>(grid.bottom() + kBottom),
                 QImage::Format_RGB32);
    image.fill(QColor(250, 250, 250));
    QPainter painter(&image);
    drawWeb(painter, *this, heatImage(*this), grid);
    const QColor text(30, 30, 30);
    drawAxes(painter, *this, grid, grid, text);
    drawTitles(painter, *this, grid, text);
    drawScale(painter, QRectF(grid.right() + 10, grid.top(), 12, std::min(grid.height(), 240.0)),
              scaleMax, text);
    return image;
}

QTransform MatchWebPicture::rowTitleTransform(const QRectF& plot) {
    // Turned a quarter clockwise: the text (and its →) runs down, as row frames grow.
    QTransform t;
    t.translate(10, plot.center().y());
    t.rotate(90);
    return t;
}

QByteArray MatchWebPicture::csv() const {
    QByteArray out;
    out.reserve(static_cast<qsizetype>(cost.size()) * 9);
    for (int i = 0; i < rows; ++i) {
        for (int j = 0; j < cols; ++j) {
            if (j) out += ',';
            out += QByteArray::number(at(i, j), 'g', 6);
        }
        out += '\n';
    }
    return out;
}

MatchWebView::MatchWebView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void MatchWebView::setPicture(MatchWebPicture picture) {
    const bool sameSize = picture.rows == m_picture.rows && picture.cols == m_picture.cols;
    m_picture = std::move(picture);
    m_heat = heatImage(m_picture);
    if (!sameSize || !m_fitted) fitToView();
    update();
}

void MatchWebView::setOverlays(bool minima, bool chains, bool path) {
    m_picture.showMinima = minima;
    m_picture.showChains = chains;
    m_picture.showPath = path;
    update();
}

void MatchWebView::setSelected(const std::optional<glm::ivec2>& cell) {
    m_picture.selected = cell;
    update();
}

void MatchWebView::setPath(std::vector<glm::ivec2> path) {
    m_picture.path = std::move(path);
    update();
}

QRectF MatchWebView::plotRect() const {
    return QRectF(kLeft, kTop, std::max(10.0, width() - kLeft - kRight),
                  std::max(10.0, height() - kTop - kBottom));
}

void MatchWebView::fitToView() {
    if (m_picture.isEmpty()) return;
    const QRectF r = plotRect();
    m_zoom = std::min(r.width() / m_picture.cols, r.height() / m_picture.rows);
    m_offset = QPointF(r.left() + (r.width() - m_zoom * m_picture.cols) / 2.0, r.top());
    m_fitted = true;
    m_userView = false;
    emit zoomChanged(m_zoom);
    update();
}

void MatchWebView::clampView() {
    if (m_picture.isEmpty()) return;
    const QRectF r = plotRect();
    const double fit = std::min(r.width() / m_picture.cols, r.height() / m_picture.rows);
    m_zoom = std::clamp(m_zoom, fit * 0.5, std::max(fit, 64.0));
    // Keep some of the web in view.
    const double w = m_zoom * m_picture.cols, h = m_zoom * m_picture.rows;
    m_offset.setX(std::clamp(m_offset.x(), r.left() - w + 20.0, r.right() - 20.0));
    m_offset.setY(std::clamp(m_offset.y(), r.top() - h + 20.0, r.bottom() - 20.0));
}

std::optional<glm::ivec2> MatchWebView::cellAt(const QPointF& position) const {
    if (m_picture.isEmpty() || !plotRect().contains(position)) return std::nullopt;
    const int j = static_cast<int>(std::floor((position.x() - m_offset.x()) / m_zoom));
    const int i = static_cast<int>(std::floor((position.y() - m_offset.y()) / m_zoom));
    if (i < 0 || j < 0 || i >= m_picture.rows || j >= m_picture.cols) return std::nullopt;
    return glm::ivec2(i, j);
}

QPointF MatchWebView::cellCentre(int i, int j) const {
    return m_offset + QPointF((j + 0.5) * m_zoom, (i + 0.5) * m_zoom);
}

void MatchWebView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().window());
    const QColor text = palette().windowText().color();
    if (m_picture.isEmpty()) {
        painter.setPen(text);
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                         tr("Choose two clips (or one twice) and Compute."));
        return;
    }
    const QRectF r = plotRect();
    const QRectF grid(m_offset, QSizeF(m_zoom * m_picture.cols, m_zoom * m_picture.rows));
    // Outside the web: hatched grey, which no distance has (dark would read as "similar").
    painter.fillRect(r, QColor(200, 200, 200));
    painter.fillRect(r, QBrush(QColor(150, 150, 150), Qt::BDiagPattern));
    painter.save();
    painter.setClipRect(r);
    drawWeb(painter, m_picture, m_heat, grid);
    painter.restore();
    drawAxes(painter, m_picture, grid, r, text);
    drawTitles(painter, m_picture, r, text);
    drawScale(painter, QRectF(r.right() + 12, r.top(), 12, std::min(r.height(), 220.0)),
              m_picture.scaleMax, text);
}

void MatchWebView::resizeEvent(QResizeEvent*) {
    // A view the user zoomed or panned stays as it is (the dock's layout changes when a click
    // fills the line under it); a fitted one fits again.
    if (m_picture.isEmpty()) return;
    if (m_userView) {
        clampView();
        update();
    } else {
        fitToView();
    }
}

void MatchWebView::mousePressEvent(QMouseEvent* event) {
    m_pressPos = m_lastPos = event->position().toPoint();
    m_dragging = false;
}

void MatchWebView::mouseMoveEvent(QMouseEvent* event) {
    const QPoint p = event->position().toPoint();
    if (event->buttons() != Qt::NoButton) {
        if ((p - m_pressPos).manhattanLength() > 3) m_dragging = true;
        if (m_dragging) {
            m_userView = true;
            m_offset += QPointF(p - m_lastPos);
            clampView();
            update();
        }
        m_lastPos = p;
        return;
    }
    const auto cell = cellAt(event->position());
    emit cellHovered(cell ? cell->x : -1, cell ? cell->y : -1);
}

void MatchWebView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || m_dragging) {
        m_dragging = false;
        return;
    }
    if (const auto cell = cellAt(event->position())) emit cellClicked(cell->x, cell->y);
}

void MatchWebView::mouseDoubleClickEvent(QMouseEvent*) { fitToView(); }

void MatchWebView::wheelEvent(QWheelEvent* event) {
    if (m_picture.isEmpty()) return;
    const QPointF at = event->position();
    const QPointF cell = (at - m_offset) / m_zoom;  // stays under the mouse
    m_zoom *= std::pow(1.0015, static_cast<double>(event->angleDelta().y()));
    clampView();
    m_offset = at - cell * m_zoom;
    clampView();
    m_userView = true;
    emit zoomChanged(m_zoom);
    update();
}

void MatchWebView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Home)
        fitToView();
    else
        QWidget::keyPressEvent(event);
}

void MatchWebView::leaveEvent(QEvent*) { emit cellHovered(-1, -1); }

}  // namespace gs

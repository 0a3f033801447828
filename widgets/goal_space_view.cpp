#include "widgets/goal_space_view.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

#include <gaitspace/runtime/goal_space.h>
#include <gaitspace/runtime/ground_frame.h>

namespace gs {

GoalSpaceViewData goalSpaceFans(const GoalSpace& goals, int startFrame, int startBlend) {
    GoalSpaceViewData data;
    if (goals.isEmpty() || startFrame < 0 || startFrame >= goals.startFrameCount()) return data;
    for (int y = 0; y < goals.startBlends; ++y) {
        GoalSpaceFan fan;
        fan.startBlend = goals.startBlend(y);
        for (int z = 0; z < goals.endBlends; ++z) {
            const GoalSample& s = goals.at(startFrame, y, z);
            fan.points.push_back({s.x, s.z});
        }
        data.fans.push_back(std::move(fan));
    }
    data.chosenFan = startBlend >= 0 && startBlend < goals.startBlends ? startBlend : -1;
    return data;
}

glm::vec2 toCharacterFrame(const GroundFrame& ground, const glm::vec2& world) {
    const glm::vec3 local = ground.toLocal(glm::vec3(world.x, 0.0f, world.y));
    return {local.x, local.z};
}

GoalSpaceView::GoalSpaceView(QWidget* parent) : QWidget(parent) { setAutoFillBackground(false); }

void GoalSpaceView::setData(GoalSpaceViewData data) {
    m_data = std::move(data);
    update();
}

namespace {

QColor blendColour(float b, int alpha) {
    // Right turns (0) blue, straight green, left turns (1) red.
    QColor c = QColor::fromHsvF(std::clamp(0.66f * (1.0f - b), 0.0f, 0.66f), 0.85, 0.85);
    c.setAlpha(alpha);
    return c;
}

void drawSymbol(QPainter& p, int symbol, QPointF c, double r) {
    switch (symbol) {
        case 0:
            p.drawEllipse(c, r, r);
            p.drawLine(QPointF(c.x() - r, c.y()), QPointF(c.x() + r, c.y()));
            p.drawLine(QPointF(c.x(), c.y() - r), QPointF(c.x(), c.y() + r));
            break;
        case 1:
            p.drawRect(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r));
            break;
        case 2:
            p.drawPolygon(QPolygonF({QPointF(c.x(), c.y() - r), QPointF(c.x() + r, c.y() + r),
                                     QPointF(c.x() - r, c.y() + r)}));
            break;
        case 3:
            p.drawPolygon(QPolygonF({QPointF(c.x(), c.y() - r), QPointF(c.x() + r, c.y()),
                                     QPointF(c.x(), c.y() + r), QPointF(c.x() - r, c.y())}));
            break;
        case 4:
            p.drawLine(QPointF(c.x() - r, c.y() - r), QPointF(c.x() + r, c.y() + r));
            p.drawLine(QPointF(c.x() - r, c.y() + r), QPointF(c.x() + r, c.y() - r));
            break;
        case 5:
            p.drawLine(QPointF(c.x() - r, c.y()), QPointF(c.x() + r, c.y()));
            p.drawLine(QPointF(c.x(), c.y() - r), QPointF(c.x(), c.y() + r));
            break;
        default: {
            const QBrush b = p.brush();
            p.setBrush(p.pen().color());
            p.drawEllipse(c, r * 0.7, r * 0.7);
            p.setBrush(b);
        }
    }
}

// Maps the character frame into `area`: the character at the bottom centre when everything lies
// ahead, the same scale on both axes, whole metres of grid.
struct Mapping {
    QRectF area;
    double scale = 1.0;
    QPointF origin;
    QPointF operator()(glm::vec2 p) const {
        return {origin.x() - p.x * scale, origin.y() - p.y * scale};
    }

    Mapping(const QRectF& a, const std::vector<glm::vec2>& points) : area(a) {
        float minX = -0.5f, maxX = 0.5f, minZ = -0.3f, maxZ = 1.0f;
        for (const glm::vec2& p : points) {
            if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
            minX = std::min(minX, p.x), maxX = std::max(maxX, p.x);
            minZ = std::min(minZ, p.y), maxZ = std::max(maxZ, p.y);
        }
        const double w = (maxX - minX) * 1.1, h = (maxZ - minZ) * 1.1;
        scale = std::min(area.width() / w, area.height() / h);
        const double cx = 0.5 * (minX + maxX), cz = 0.5 * (minZ + maxZ);
        origin = QPointF(area.center().x() + cx * scale, area.center().y() + cz * scale);
    }
};

void drawGrid(QPainter& p, const Mapping& m) {
    p.save();
    p.setClipRect(m.area);
    p.setPen(QPen(QColor(70, 70, 78), 1));
    const double step = m.scale > 60 ? 0.5 : m.scale > 15 ? 1.0 : 5.0;
    for (double x = -100; x <= 100; x += step) {
        const QPointF a = m({float(x), -100.0f}), b = m({float(x), 100.0f});
        p.drawLine(a, b);
    }
    for (double z = -100; z <= 100; z += step)
        p.drawLine(m({-100.0f, float(z)}), m({100.0f, float(z)}));
    // The character: a chevron pointing forward.
    p.setPen(QPen(QColor(240, 240, 240), 2));
    const QPointF o = m({0, 0});
    p.drawPolyline(QPolygonF({o + QPointF(-6, 6), o + QPointF(0, -8), o + QPointF(6, 6)}));
    p.setPen(QColor(160, 160, 170));
    p.drawText(m.area.adjusted(4, 0, 0, -2), Qt::AlignLeft | Qt::AlignBottom,
               QObject::tr("grid %1 m").arg(step));
    p.restore();
}

}  // namespace

void GoalSpaceView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), QColor(38, 38, 44));
    const int titleH = fontMetrics().height() + 4;
    const QRectF left(4, titleH, width() / 2.0 - 6, height() - titleH - 4);
    const QRectF right(width() / 2.0 + 2, titleH, width() / 2.0 - 6, height() - titleH - 4);
    p.setPen(QColor(220, 220, 225));
    const int titleW = width() / 2 - 6;
    p.drawText(QRectF(4, 0, titleW, titleH), Qt::AlignLeft | Qt::AlignVCenter,
               fontMetrics().elidedText(
                   m_data.title.isEmpty() ? tr("Goal space: build the spaces") : m_data.title,
                   Qt::ElideRight, titleW));
    p.drawText(QRectF(width() / 2.0 + 2, 0, titleW, titleH), Qt::AlignLeft | Qt::AlignVCenter,
               fontMetrics().elidedText(
                   m_data.steerTitle.isEmpty() ? tr("Steer space: no live run") : m_data.steerTitle,
                   Qt::ElideRight, titleW));

    // Goal-space fans.
    std::vector<glm::vec2> all;
    for (size_t f = 0; f < m_data.fans.size(); ++f)
        if (!m_data.onlyChosen || static_cast<int>(f) == m_data.chosenFan)
            all.insert(all.end(), m_data.fans[f].points.begin(), m_data.fans[f].points.end());
    const Mapping fansMap(left.adjusted(6, 6, -6, -6), all);
    p.fillRect(left, QColor(30, 30, 35));
    drawGrid(p, fansMap);
    p.save();
    p.setClipRect(left);
    p.setBrush(Qt::NoBrush);
    for (int pass = 0; pass < 2; ++pass)  // the chosen fan over the others
        for (size_t f = 0; f < m_data.fans.size(); ++f) {
            const bool chosen = static_cast<int>(f) == m_data.chosenFan;
            if ((pass == 1) != chosen || (m_data.onlyChosen && !chosen)) continue;
            const bool faint = m_data.chosenFan >= 0 && !chosen;
            const GoalSpaceFan& fan = m_data.fans[f];
            p.setPen(QPen(blendColour(fan.startBlend, faint ? 90 : 255), chosen ? 1.6 : 1.0));
            for (const glm::vec2& pt : fan.points)
                drawSymbol(p, symbolOf(static_cast<int>(f)), fansMap(pt), chosen ? 4.0 : 3.0);
            if (chosen && fan.points.size() > 1) {  // the fan's outline
                QPainterPath path(fansMap(fan.points.front()));
                for (const glm::vec2& pt : fan.points) path.lineTo(fansMap(pt));
                p.drawPath(path);
            }
        }
    p.restore();

    // Steer space.
    std::vector<glm::vec2> steerPoints = m_data.steerFan;
    p.fillRect(right, QColor(30, 30, 35));
    const Mapping steerMap(right.adjusted(6, 6, -6, -6), steerPoints);
    drawGrid(p, steerMap);
    p.save();
    p.setClipRect(right);
    p.setPen(QPen(QColor(250, 215, 40), 1.2));
    for (const glm::vec2& pt : m_data.steerFan) drawSymbol(p, 6, steerMap(pt), 3.0);
    if (m_data.goal) {
        const QPointF o = steerMap({0, 0}), g = steerMap(*m_data.goal);
        p.setPen(QPen(QColor(120, 220, 120), 1.2, Qt::DashLine));
        p.drawLine(o, g);
        p.setPen(QPen(QColor(120, 220, 120), 2));
        p.drawEllipse(g, 6, 6);
    }
    p.setPen(QPen(QColor(240, 60, 40), 2));
    for (const glm::vec2& pt : m_data.chosenSamples) drawSymbol(p, 1, steerMap(pt), 5.5);
    p.restore();
}

}  // namespace gs

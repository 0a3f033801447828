#include "widgets/registration_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <functional>

namespace gs {
namespace {

constexpr double kLeft = 46.0, kRight = 46.0, kTop = 18.0, kGap = 30.0, kBottom = 30.0;
const QColor kWarp(40, 110, 230), kSlope(230, 120, 20), kTheta(200, 40, 60), kX0(30, 150, 70),
    kZ0(120, 60, 200), kLeftFoot(40, 110, 230), kRightFoot(230, 120, 20), kCursor(220, 30, 30);

// A "nice" tick step covering `range` in about `count` steps.
double niceStep(double range, int count) {
    if (!(range > 0.0)) return 1.0;
    const double raw = range / count;
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * p >= raw) return m * p;
    return 10.0 * p;
}

struct Range {
    double lo = 0.0, hi = 1.0;
    void include(double v) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    double span() const { return hi > lo ? hi - lo : 1.0; }
};

// Ticks of a vertical scale at the left (alignRight = false) or right edge of `r`.
void yTicks(QPainter& p, const QRectF& r, const Range& range, bool right, const QColor& colour,
            int digits) {
    const QFontMetrics m(p.font());
    double step = niceStep(range.span(), 3);
    if (std::floor(range.hi / step) - std::ceil(range.lo / step) < 1.0)
        step = niceStep(range.span(), 6);  // two ticks at least
    p.setPen(colour);
    for (double v = std::ceil(range.lo / step) * step; v <= range.hi + 1e-9; v += step) {
        const double y = r.bottom() - (v - range.lo) / range.span() * r.height();
        const QString label = QString::number(v, 'f', digits);
        if (right) {
            p.drawLine(QPointF(r.right(), y), QPointF(r.right() + 3, y));
            p.drawText(QPointF(r.right() + 5, y + m.ascent() / 2.0 - 1), label);
        } else {
            p.drawLine(QPointF(r.left() - 3, y), QPointF(r.left(), y));
            p.drawText(QPointF(r.left() - 5 - m.horizontalAdvance(label), y + m.ascent() / 2.0 - 1),
                       label);
        }
    }
}

QPainterPath curve(const QRectF& r, const Range& range, int n, const std::function<double(int)>& x,
                   const std::function<double(int)>& v) {
    QPainterPath path;
    for (int k = 0; k < n; ++k) {
        const QPointF q(x(k), r.bottom() - (v(k) - range.lo) / range.span() * r.height());
        k ? path.lineTo(q) : path.moveTo(q);
    }
    return path;
}

}  // namespace

RegistrationPicture RegistrationPicture::from(const RegistrationCurve& curve, int framesA,
                                              int framesB, float fps) {
    RegistrationPicture p;
    p.framesA = framesA;
    p.framesB = framesB;
    p.fps = fps;
    p.path = curve.path;
    p.alignment = curve.alignment;
    for (const glm::vec2& s : curve.path) p.slope.push_back(curve.slopeAt(s.x));
    p.constraints = curve.constraints;
    for (const ConstraintMatch& c : curve.constraints)
        p.strikeBOnA.push_back(curve.mapBtoA(static_cast<float>(c.frameB)));
    p.residual = curve.residual;
    p.identityResidual = curve.identityResidual;
    return p;
}

RegistrationView::RegistrationView(QWidget* parent) : QWidget(parent) {
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void RegistrationView::setPicture(RegistrationPicture picture) {
    const float cursor = m_picture.cursor;
    m_picture = std::move(picture);
    if (m_picture.cursor < 0.0f) m_picture.cursor = cursor;
    update();
}

void RegistrationView::setCursor(float frameA) {
    if (frameA == m_picture.cursor) return;
    m_picture.cursor = frameA;
    update();
}

QRectF RegistrationView::warpRect() const {
    const double h = std::max(30.0, height() - kTop - kBottom - 2 * kGap);
    return QRectF(kLeft, kTop, std::max(10.0, width() - kLeft - kRight), h * 0.44);
}

QRectF RegistrationView::alignmentRect() const {
    const QRectF w = warpRect();
    const double h = std::max(30.0, height() - kTop - kBottom - 2 * kGap);
    return QRectF(w.left(), w.bottom() + kGap, w.width(), h * 0.36);
}

QRectF RegistrationView::constraintRect() const {
    const QRectF a = alignmentRect();
    const double h = std::max(30.0, height() - kTop - kBottom - 2 * kGap);
    return QRectF(a.left(), a.bottom() + kGap, a.width(), h * 0.2);
}

double RegistrationView::xOf(float frameA) const {
    const QRectF r = warpRect();
    return r.left() + frameA / std::max(1, m_picture.framesA - 1) * r.width();
}

float RegistrationView::frameAt(double x) const {
    const QRectF r = warpRect();
    const double f = (x - r.left()) / r.width() * std::max(1, m_picture.framesA - 1);
    return static_cast<float>(
        std::clamp(f, 0.0, static_cast<double>(std::max(0, m_picture.framesA - 1))));
}

void RegistrationView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    if (m_picture.isEmpty()) {
        p.setPen(palette().windowText().color());
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("Choose a reference clip A and a clip B and Compute."));
        return;
    }
    for (const QRectF& box : {warpRect(), alignmentRect(), constraintRect()})
        p.fillRect(box, palette().base());
    p.setRenderHint(QPainter::Antialiasing);
    paintTimewarp(p);
    paintAlignment(p);
    paintConstraints(p);
    paintFrameAxis(p);
    paintLegends(p);
    paintCursor(p);
}

// Timewarp: frame of B against frame of A, the linear mapping dashed, the slope on the right.
void RegistrationView::paintTimewarp(QPainter& p) const {
    const RegistrationPicture& r = m_picture;
    const QColor text = palette().windowText().color();
    const int n = static_cast<int>(r.path.size());
    auto x = [&](int k) { return xOf(r.path[k].x); };
    const QRectF warp = warpRect();
    Range frames{0.0, static_cast<double>(std::max(1, r.framesB - 1))};
    Range slope{0.0, 2.0};
    for (float s : r.slope) slope.include(std::min(s, 4.0f));
    p.setPen(QPen(text, 1.0, Qt::DashLine));
    p.drawLine(QPointF(warp.left(), warp.bottom()), QPointF(warp.right(), warp.top()));
    p.setPen(QPen(kSlope, 1.2));
    p.drawPath(curve(warp, slope, n, x, [&](int k) { return std::min(r.slope[k], 4.0f); }));
    p.setPen(QPen(kWarp, 2.0));
    p.drawPath(curve(warp, frames, n, x, [&](int k) { return r.path[k].y; }));
    p.setRenderHint(QPainter::Antialiasing, false);
    yTicks(p, warp, frames, false, kWarp, 0);
    yTicks(p, warp, slope, true, kSlope, 1);
    p.setRenderHint(QPainter::Antialiasing);
}

// Alignment: x0 and z0 in metres (left), theta in degrees (right).
void RegistrationView::paintAlignment(QPainter& p) const {
    const RegistrationPicture& r = m_picture;
    const QColor text = palette().windowText().color();
    auto x = [&](int k) { return xOf(r.path[k].x); };
    const QRectF align = alignmentRect();
    Range metres{0.0, 0.0}, degrees{0.0, 0.0};
    for (const Alignment& a : r.alignment) {
        metres.include(a.x0), metres.include(a.z0);
        degrees.include(glm::degrees(a.theta));
    }
    auto pad = [](Range& g) {
        const double e = 0.05 * g.span();
        g.lo -= e, g.hi += e;
    };
    pad(metres), pad(degrees);
    const int na = static_cast<int>(std::min(r.alignment.size(), r.path.size()));
    p.setPen(QPen(kX0, 1.6));
    p.drawPath(curve(align, metres, na, x, [&](int k) { return r.alignment[k].x0; }));
    p.setPen(QPen(kZ0, 1.6));
    p.drawPath(curve(align, metres, na, x, [&](int k) { return r.alignment[k].z0; }));
    p.setPen(QPen(kTheta, 1.6));
    p.drawPath(
        curve(align, degrees, na, x, [&](int k) { return glm::degrees(r.alignment[k].theta); }));
    p.setRenderHint(QPainter::Antialiasing, false);
    yTicks(p, align, metres, false, text, 2);
    yTicks(p, align, degrees, true, kTheta, 0);
}

// Constraint matches: one lane per foot.
void RegistrationView::paintConstraints(QPainter& p) const {
    const RegistrationPicture& r = m_picture;
    const QColor text = palette().windowText().color();
    const QFontMetrics m(p.font());
    const QRectF bars = constraintRect();
    const double lane = bars.height() / 2.0;
    for (size_t k = 0; k < r.constraints.size(); ++k) {
        const ConstraintMatch& c = r.constraints[k];
        const bool left = c.foot == ConstraintMatch::Foot::Left;
        const double y = bars.top() + (left ? 0.0 : lane);
        const double x0 = xOf(static_cast<float>(c.frameA));
        const double x1 = k < r.strikeBOnA.size() ? xOf(r.strikeBOnA[k]) : x0;
        const QColor colour = left ? kLeftFoot : kRightFoot;
        p.fillRect(QRectF(std::min(x0, x1) - 2.0, y + 2.0, std::abs(x1 - x0) + 4.0, lane - 4.0),
                   colour);
        p.fillRect(QRectF(x0 - 1.0, y, 2.0, lane), colour.darker(160));
    }
    p.setPen(text);
    p.drawText(QPointF(bars.left() - 5 - m.horizontalAdvance("L"),
                       bars.top() + lane / 2 + m.ascent() / 2.0 - 1),
               "L");
    p.drawText(QPointF(bars.left() - 5 - m.horizontalAdvance("R"),
                       bars.top() + 1.5 * lane + m.ascent() / 2.0 - 1),
               "R");
}

// Frame axis under the bars, frames of A with seconds.
void RegistrationView::paintFrameAxis(QPainter& p) const {
    const RegistrationPicture& r = m_picture;
    const QFontMetrics m(p.font());
    const QRectF bars = constraintRect();
    const double step = niceStep(std::max(1, r.framesA - 1), 6);
    for (double f = 0.0; f <= r.framesA - 1 + 1e-9; f += step) {
        const double xf = xOf(static_cast<float>(f));
        p.drawLine(QPointF(xf, bars.bottom()), QPointF(xf, bars.bottom() + 3));
        const QString label = QString::number(f, 'f', 0);
        p.drawText(QPointF(xf - m.horizontalAdvance(label) / 2.0, bars.bottom() + 3 + m.ascent()),
                   label);
    }
    const QString axis = tr("frame of %1 (%2 fps)").arg(r.nameA).arg(r.fps, 0, 'f', 0);
    p.drawText(QPointF(bars.right() - m.horizontalAdvance(axis),
                       bars.bottom() + 3 + m.ascent() + m.height()),
               axis);
}

// Legends along the top of each plot.
void RegistrationView::paintLegends(QPainter& p) const {
    const RegistrationPicture& r = m_picture;
    const QColor text = palette().windowText().color();
    const QFontMetrics m(p.font());
    const QRectF warp = warpRect(), align = alignmentRect(), bars = constraintRect();
    auto legend = [&](const QRectF& box, const std::vector<std::pair<QString, QColor>>& items) {
        double at = box.left();
        const double y = box.top() - 4 - m.descent();  // above the box
        for (const auto& [label, colour] : items) {
            p.fillRect(QRectF(at, y - m.ascent() / 2.0, 10, 3), colour);
            p.setPen(text);
            p.drawText(QPointF(at + 13, y), label);
            at += 13 + m.horizontalAdvance(label) + 12;
        }
    };
    legend(warp, {{tr("frame of %1").arg(r.nameB), kWarp}, {tr("slope"), kSlope}});
    legend(align, {{tr("x0 (m)"), kX0}, {tr("z0 (m)"), kZ0}, {tr("θ (°)"), kTheta}});
    legend(bars, {{tr("left strikes"), kLeftFoot}, {tr("right strikes"), kRightFoot}});
    for (const QRectF& box : {warp, align, bars}) {
        p.setPen(palette().mid().color());
        p.setBrush(Qt::NoBrush);
        p.drawRect(box);
    }
}

// The cursor: the frame of A, the frame of B it maps to and the slope there.
void RegistrationView::paintCursor(QPainter& p) const {
    const RegistrationPicture& r = m_picture;
    const QFontMetrics m(p.font());
    const QRectF warp = warpRect(), bars = constraintRect();
    if (r.cursor >= 0.0f) {
        const double xc = xOf(r.cursor);
        p.setPen(QPen(kCursor, 1.5));
        p.drawLine(QPointF(xc, warp.top()), QPointF(xc, bars.bottom()));
        const float b = curveAtoB(r.path, r.cursor), s = curveSlope(r.path, r.cursor);
        const QString label = tr("A %1 → B %2, slope %3")
                                  .arg(r.cursor, 0, 'f', 1)
                                  .arg(b, 0, 'f', 1)
                                  .arg(s, 0, 'f', 2);
        const double w = m.horizontalAdvance(label) + 8;
        const double lx = std::clamp(xc + 6, warp.left(), warp.right() - w);
        p.fillRect(QRectF(lx, warp.bottom() - m.height() - 6, w, m.height() + 4),
                   QColor(255, 255, 255, 210));
        p.setPen(QColor(20, 20, 20));
        p.drawText(QPointF(lx + 4, warp.bottom() - 4 - m.descent()), label);
    }
}

void RegistrationView::mousePressEvent(QMouseEvent* event) {
    if (m_picture.isEmpty() || event->button() != Qt::LeftButton) return;
    const float f = frameAt(event->position().x());
    setCursor(f);
    emit cursorMoved(f);
}

void RegistrationView::mouseMoveEvent(QMouseEvent* event) {
    if (m_picture.isEmpty() || !(event->buttons() & Qt::LeftButton)) return;
    const float f = frameAt(event->position().x());
    setCursor(f);
    emit cursorMoved(f);
}

}  // namespace gs

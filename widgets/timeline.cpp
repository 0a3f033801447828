#include "widgets/timeline.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace gs {
namespace {
constexpr int kLabelWidth = 56;
constexpr int kRightMargin = 10;
constexpr int kRulerHeight = 20;
constexpr int kLaneHeight = 15;
constexpr int kHandleGrab = 7;                 // pixels either side of a handle that grab it
const QColor kWindowColour(240, 200, 60, 70);  // the loop window the build chose
constexpr int kLanes = 4;                      // L foot, R foot, cycles, segments

QColor segmentColour(const QString& label) {
    if (label.startsWith("turn")) return {220, 110, 60};
    if (label.startsWith("veer")) return {230, 180, 70};
    if (label == "straight") return {90, 160, 220};
    if (label == "start" || label == "stop") return {120, 190, 110};
    if (label == "standing") return {170, 170, 170};
    return {160, 120, 190};  // other
}

// A short name that fits a narrow span.
QString segmentText(const TimelineSegment& s, int width, const QFontMetrics& metrics) {
    const QString full = s.gait != "none" ? s.label + " · " + s.gait : s.label;
    for (const QString& text : {full, s.label, s.label.left(1)})
        if (metrics.horizontalAdvance(text) + 4 <= width) return text;
    return {};
}
}  // namespace

Timeline::Timeline(QWidget* parent) : QWidget(parent) {
    setMouseTracking(false);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setFixedHeight(kRulerHeight + kLanes * kLaneHeight + 8);
}

void Timeline::setData(TimelineData data) {
    m_data = std::move(data);
    m_in = 0;
    m_out = lastFrame();
    m_frame = 0.0f;
    m_drag = Drag::None;
    const bool hadSelection = !m_selected.empty();
    m_selected.clear();
    m_anchor = -1;
    update();
    if (hadSelection) emit segmentSelectionChanged();
}

void Timeline::setSelectedSegments(std::vector<int> indices) {
    std::sort(indices.begin(), indices.end());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    std::erase_if(indices,
                  [&](int i) { return i < 0 || i >= static_cast<int>(m_data.segments.size()); });
    if (indices == m_selected) return;
    m_selected = std::move(indices);
    update();
    emit segmentSelectionChanged();
}

int Timeline::segmentAt(int x) const {
    const float f = xToFrame(x);
    for (int i = 0; i < static_cast<int>(m_data.segments.size()); ++i)
        if (f >= m_data.segments[i].first - 0.5f && f <= m_data.segments[i].last + 0.5f) return i;
    return -1;
}

QPoint Timeline::segmentPosition(int index) const {
    const TimelineSegment& s = m_data.segments.at(index);
    return QPoint(frameToX(0.5f * (s.first + s.last)), laneCentre(3));
}

int Timeline::laneCentre(int lane) const {
    return kRulerHeight + 2 + lane * kLaneHeight + kLaneHeight / 2;
}

void Timeline::setTrim(int in, int out) {
    if (m_drag == Drag::In || m_drag == Drag::Out) return;  // the user holds a handle
    m_in = std::clamp(in, 0, lastFrame());
    m_out = std::clamp(out, m_in, lastFrame());
    update();
}

void Timeline::setFrame(float frame) {
    if (frame == m_frame) return;
    m_frame = frame;
    update();
}

QRect Timeline::lanesRect() const {
    return QRect(kLabelWidth, 0, std::max(1, width() - kLabelWidth - kRightMargin), height());
}

int Timeline::frameToX(float frame) const {
    const QRect r = lanesRect();
    const float t = lastFrame() > 0 ? frame / lastFrame() : 0.0f;
    return r.left() + static_cast<int>(std::lround(t * r.width()));
}

float Timeline::xToFrame(int x) const {
    const QRect r = lanesRect();
    const float t = std::clamp(static_cast<float>(x - r.left()) / r.width(), 0.0f, 1.0f);
    return t * lastFrame();
}

QPoint Timeline::handlePosition(bool in) const {
    return QPoint(frameToX(static_cast<float>(in ? m_in : m_out)), kRulerHeight / 2);
}

int Timeline::nearestStrike(int frame) const {
    int best = frame, bestDistance = INT32_MAX;
    for (const auto* strikes : {&m_data.leftStrikes, &m_data.rightStrikes})
        for (int s : *strikes)
            if (std::abs(s - frame) < bestDistance) bestDistance = std::abs(s - frame), best = s;
    return best;
}

void Timeline::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const QRect r = lanesRect();
    p.setPen(palette().color(QPalette::Text));
    const int laneTop = kRulerHeight + 2;
    const QString labels[kLanes] = {tr("L foot"), tr("R foot"), tr("cycles"), tr("segm.")};
    for (int i = 0; i < kLanes; ++i)
        p.drawText(QRect(4, laneTop + i * kLaneHeight, kLabelWidth - 8, kLaneHeight),
                   Qt::AlignVCenter | Qt::AlignLeft, labels[i]);
    if (m_data.frames <= 0) {
        p.drawText(r, Qt::AlignCenter, tr("Select a clip in the library"));
        return;
    }
    // Ruler: the frames kept by the trim, ticks every second.
    const QRect ruler(r.left(), 4, r.width(), kRulerHeight - 8);
    p.fillRect(ruler, palette().color(QPalette::Window).darker(110));
    const int xi = frameToX(static_cast<float>(m_in)), xo = frameToX(static_cast<float>(m_out));
    p.fillRect(QRect(QPoint(xi, ruler.top()), QPoint(xo, ruler.bottom())),
               QColor(80, 140, 220, 150));
    p.setPen(palette().color(QPalette::Mid));
    const int step = std::max(1, static_cast<int>(std::lround(m_data.fps)));
    for (int f = 0; f <= lastFrame(); f += step)
        p.drawLine(frameToX(float(f)), ruler.bottom() - 4, frameToX(float(f)), ruler.bottom());
    // The loop window the build chose: shaded behind the lanes, marked on the ruler.
    if (m_data.windowFirst >= 0 && m_data.windowLast > m_data.windowFirst) {
        const int x0 = frameToX(float(m_data.windowFirst)), x1 = frameToX(float(m_data.windowLast));
        p.fillRect(QRect(QPoint(x0, laneTop), QPoint(x1, laneTop + kLanes * kLaneHeight)),
                   kWindowColour);
        p.fillRect(QRect(QPoint(x0, ruler.bottom() - 3), QPoint(x1, ruler.bottom())),
                   kWindowColour.darker(160));
    }
    // Foot lanes: contact spans and strike markers.
    const std::vector<bool>* contact[2] = {&m_data.left, &m_data.right};
    const std::vector<int>* strikes[2] = {&m_data.leftStrikes, &m_data.rightStrikes};
    const QColor colours[2] = {QColor(70, 160, 90), QColor(200, 120, 50)};
    for (int foot = 0; foot < 2; ++foot) {
        const int y = laneTop + foot * kLaneHeight + 3;
        const auto& c = *contact[foot];
        for (int f = 0; f < static_cast<int>(c.size());) {
            if (!c[f]) {
                ++f;
                continue;
            }
            int g = f;
            while (g + 1 < static_cast<int>(c.size()) && c[g + 1]) ++g;
            p.fillRect(QRect(QPoint(frameToX(float(f)), y),
                             QPoint(std::max(frameToX(float(f)) + 1, frameToX(float(g))),
                                    y + kLaneHeight - 7)),
                       colours[foot]);
            f = g + 1;
        }
        p.setPen(QPen(palette().color(QPalette::Text), 2));
        for (int s : *strikes[foot]) {
            const int x = frameToX(float(s));
            p.drawLine(x, y - 2, x, y + kLaneHeight - 5);
        }
    }
    const int cy = laneTop + 2 * kLaneHeight + 2;
    if (m_data.loopStart >= 0 && m_data.loopEnd > m_data.loopStart)
        p.fillRect(QRect(QPoint(frameToX(float(m_data.loopStart)), cy + 2),
                         QPoint(frameToX(float(m_data.loopEnd)), cy + kLaneHeight - 6)),
                   QColor(150, 90, 200, 60));
    p.setPen(QPen(QColor(150, 90, 200), 1, Qt::DashLine));
    for (int f : {m_data.loopStart, m_data.loopEnd})
        if (f >= 0) p.drawLine(frameToX(float(f)), cy, frameToX(float(f)), cy + kLaneHeight - 4);
    p.setPen(QPen(QColor(150, 90, 200), 2));
    for (int b : m_data.cycleBoundaries)
        p.drawLine(frameToX(float(b)), cy, frameToX(float(b)), cy + kLaneHeight - 4);
    if (!m_data.cycleBoundaries.empty() || m_data.cyclesBuilt) {
        QFont small = font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        p.setFont(small);
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(QRect(r.left(), cy - 1, r.width() - 4, kLaneHeight - 2),
                   Qt::AlignRight | Qt::AlignVCenter,
                   m_data.cyclesBuilt ? tr("built space") : tr("detected"));
        p.setFont(font());
    }
    // Segments of the take: a coloured span each, its label where it fits, the selected ones
    // outlined.
    const int sy = laneTop + 3 * kLaneHeight + 1;
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    p.setFont(small);
    for (int i = 0; i < static_cast<int>(m_data.segments.size()); ++i) {
        const TimelineSegment& s = m_data.segments[i];
        const QRect box(QPoint(frameToX(float(s.first)), sy),
                        QPoint(std::max(frameToX(float(s.first)) + 1, frameToX(float(s.last))),
                               sy + kLaneHeight - 3));
        p.fillRect(box, segmentColour(s.label));
        const bool selected = std::binary_search(m_selected.begin(), m_selected.end(), i);
        p.setPen(selected ? QPen(palette().color(QPalette::Highlight), 2)
                          : QPen(palette().color(QPalette::Base), 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(box.adjusted(0, 0, -1, -1));
        p.setPen(Qt::black);
        p.drawText(box.adjusted(2, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft,
                   segmentText(s, box.width(), QFontMetrics(small)));
    }
    if (m_data.segments.empty() && !m_data.segmentsNote.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(QRect(r.left() + 4, sy, r.width() - 8, kLaneHeight - 2),
                   Qt::AlignVCenter | Qt::AlignLeft, m_data.segmentsNote);
    }
    p.setFont(font());
    // Dimmed outside the trim; the handles; the playhead.
    const QColor dim(0, 0, 0, 70);
    p.fillRect(QRect(QPoint(r.left(), laneTop), QPoint(xi, height())), dim);
    p.fillRect(QRect(QPoint(xo, laneTop), QPoint(r.right(), height())), dim);
    for (int x : {xi, xo}) {
        p.setPen(QPen(QColor(30, 90, 200), 3));
        p.drawLine(x, 2, x, height() - 2);
        p.setBrush(QColor(30, 90, 200));
        p.drawRect(QRect(x - 4, 2, 8, 10));
    }
    p.setPen(QPen(QColor(220, 40, 40), 2));
    const int xf = frameToX(m_frame);
    p.drawLine(xf, 0, xf, height());
}

bool Timeline::event(QEvent* event) {
    // Over the loop window, its tooltip says why the build chose it.
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const float f = xToFrame(help->pos().x());
        if (help->pos().y() >= kRulerHeight + 2 + 3 * kLaneHeight) {
            const int i = segmentAt(help->pos().x());
            if (i >= 0) {
                const TimelineSegment& s = m_data.segments[i];
                QToolTip::showText(
                    help->globalPos(),
                    tr("%1 (%2), frames %3–%4").arg(s.label, s.gait).arg(s.first).arg(s.last),
                    this);
            } else {
                QToolTip::hideText();
            }
            return true;
        }
        if (m_data.windowFirst >= 0 && f >= m_data.windowFirst && f <= m_data.windowLast &&
            !m_data.windowReason.isEmpty())
            QToolTip::showText(help->globalPos(), tr("Loop window: %1").arg(m_data.windowReason),
                               this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void Timeline::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || m_data.frames <= 0) return;
    const int x = event->position().toPoint().x();
    const int di = std::abs(x - frameToX(float(m_in))), dout = std::abs(x - frameToX(float(m_out)));
    m_pressIn = m_in;
    m_pressOut = m_out;
    const int y = event->position().toPoint().y();
    const int laneTop = kRulerHeight + 2;
    if (y >= laneTop + 3 * kLaneHeight && !m_data.segments.empty()) {
        // The segments lane: a click selects the segment under it; Ctrl adds or removes it,
        // Shift selects the run from the last one clicked.
        const int i = segmentAt(x);
        std::vector<int> selection;
        if (event->modifiers() & Qt::ShiftModifier && m_anchor >= 0 && i >= 0) {
            for (int k = std::min(m_anchor, i); k <= std::max(m_anchor, i); ++k)
                selection.push_back(k);
        } else if (event->modifiers() & Qt::ControlModifier) {
            selection = m_selected;
            if (i >= 0) {
                const auto at = std::find(selection.begin(), selection.end(), i);
                if (at != selection.end())
                    selection.erase(at);
                else
                    selection.push_back(i);
            }
        } else if (i >= 0) {
            selection = {i};
        }
        if (i >= 0 && !(event->modifiers() & Qt::ShiftModifier)) m_anchor = i;
        setSelectedSegments(std::move(selection));
        return;
    }
    if (std::min(di, dout) <= kHandleGrab) {
        m_drag = (dout < di || (dout == di && x > frameToX(float(m_out)))) ? Drag::Out : Drag::In;
    } else {
        m_drag = Drag::Scrub;
        emit scrubbed(xToFrame(x));
    }
}

void Timeline::mouseMoveEvent(QMouseEvent* event) {
    const int x = event->position().toPoint().x();
    if (m_drag == Drag::Scrub) {
        emit scrubbed(xToFrame(x));
        return;
    }
    if (m_drag != Drag::In && m_drag != Drag::Out) return;
    int f = static_cast<int>(std::lround(xToFrame(x)));
    if (event->modifiers() & Qt::ShiftModifier) f = nearestStrike(f);
    if (m_drag == Drag::In)
        m_in = std::clamp(f, 0, m_out - 1);
    else
        m_out = std::clamp(f, m_in + 1, lastFrame());
    update();
    emit trimPreview(m_in, m_out);
}

void Timeline::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    const Drag drag = m_drag;
    m_drag = Drag::None;
    if ((drag == Drag::In || drag == Drag::Out) && (m_in != m_pressIn || m_out != m_pressOut))
        emit trimEdited(m_in, m_out);
}

}  // namespace gs

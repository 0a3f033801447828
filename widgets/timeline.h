#pragma once
// Timeline: a clip's frames with the trim handles, the playhead, foot-contact lanes with strike
// markers, cycle boundaries (labelled "built space" once the space is built, "detected"
// before) and the segments of the take (core/analysis/segments.h), which a click selects (Ctrl
// adds or removes one, Shift selects a run). It only paints and forwards input: the owner sets
// what it shows
// and acts on scrubbed() (a press or drag on the frames) and trimEdited() (a handle released at a
// new frame; Shift snaps to the nearest foot strike). While a handle moves, trimPreview() tells
// where it is, and the widget shows it there, but nothing is changed until the release.

#include <QString>
#include <QWidget>

#include <vector>

namespace gs {

// One segment of the take as the segments lane shows it.
struct TimelineSegment {
    int first = 0, last = 0;  // frames, inclusive
    QString label;            // "turn_left", "straight", ... (segmentLabelName)
    QString gait;             // "walk", "jog", "run" or "none"
};

struct TimelineData {
    int frames = 0;  // frames of the whole clip
    float fps = 30.0f;
    std::vector<bool> left, right;               // contact per frame (either joint of the foot)
    std::vector<int> leftStrikes, rightStrikes;  // frames
    std::vector<int> cycleBoundaries;            // frames
    // Where the boundaries come from: the built space's loop of this clip (its cycle starts, and
    // loopStart .. loopEnd the frames it loops), or, before a build, the detector's guess.
    bool cyclesBuilt = false;
    int loopStart = -1, loopEnd = -1;  // frames; -1 = none
    // The frames the build chose the loop's cut within (the cycles that do what the clip is for,
    // or its trim), shaded behind the lanes; -1 = none. `windowReason` says why (a tooltip).
    int windowFirst = -1, windowLast = -1;
    QString windowReason;
    std::vector<TimelineSegment> segments;  // in order; empty = none found
    QString segmentsNote;                   // why there are none (the segments lane says it)
};

class Timeline : public QWidget {
    Q_OBJECT
public:
    explicit Timeline(QWidget* parent = nullptr);

    void setData(TimelineData data);
    const TimelineData& data() const { return m_data; }
    // Trim in whole-clip frames: in <= out; the whole clip is (0, frames - 1).
    void setTrim(int in, int out);
    int trimIn() const { return m_in; }
    int trimOut() const { return m_out; }
    void setFrame(float frame);
    float frame() const { return m_frame; }

    // Where things are drawn (widget coordinates), for tests and tooltips.
    int frameToX(float frame) const;
    float xToFrame(int x) const;
    QPoint handlePosition(bool in) const;
    // The nearest foot strike of either foot to `frame` (frame itself when there is none).
    int nearestStrike(int frame) const;
    // The segments lane: the segment under x (-1 = none), where a segment is drawn, and the
    // selected segments (indices into data().segments, ascending).
    int segmentAt(int x) const;
    QPoint segmentPosition(int index) const;
    // The height of the middle of lane `lane` (0 left foot, 1 right foot, 2 cycles, 3 segments).
    int laneCentre(int lane) const;
    const std::vector<int>& selectedSegments() const { return m_selected; }
    void setSelectedSegments(std::vector<int> indices);

    QSize sizeHint() const override { return {800, 96}; }
    QSize minimumSizeHint() const override { return {200, 80}; }

signals:
    void scrubbed(float frame);
    void trimPreview(int in, int out);
    void trimEdited(int in, int out);
    void segmentSelectionChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    enum class Drag { None, Scrub, In, Out };
    int lastFrame() const { return std::max(0, m_data.frames - 1); }
    QRect lanesRect() const;

    TimelineData m_data;
    int m_in = 0, m_out = 0;
    int m_pressIn = 0, m_pressOut = 0;
    float m_frame = 0.0f;
    Drag m_drag = Drag::None;
    std::vector<int> m_selected;  // selected segments
    int m_anchor = -1;            // the last segment clicked (Shift selects from it)
};

}  // namespace gs

#pragma once
// TimelineDock: the timeline dock and clip playback. A library clip shown in the 3D view plays
// at its own rate from elapsed time (not timer ticks), times the speed chosen, looped or not;
// the timeline scrubs it, and its blue handles trim it (Shift snaps them to foot strikes) as
// undoable edits. The lanes show each foot's contacts and strikes and the cycle starts: those
// the live build loops (cyclesSource, when the clip is in it), else the detector's guess; and the
// segments of the take (core/analysis/segments.h), of which the selected ones become library
// clips (trims of the take) in one undo step.

#include <QDockWidget>
#include <QElapsedTimer>

#include <functional>
#include <memory>
#include <optional>

#include "app/gui/live/steering_demo.h"

class QAction;
class QComboBox;
class QLabel;
class QTimer;
class QToolButton;

namespace gs {

struct ClipAnalysis;
class ProjectDocument;
class Timeline;
struct TimelineData;
class Viewport;

class TimelineDock : public QDockWidget {
    Q_OBJECT
public:
    TimelineDock(ProjectDocument* doc, Viewport* view, QWidget* parent = nullptr);

    Timeline* timeline() const { return m_timeline; }
    // The transport buttons show these actions (the window's Play / Pause and Loop).
    void setActions(QAction* play, QAction* loop);
    // Where the built cycles of a clip come from (the live run); refreshed by refresh().
    using CyclesSource = std::function<std::optional<SteeringDemo::BuiltCycles>(const QString& id)>;
    void setCyclesSource(CyclesSource source) { m_cycles = std::move(source); }

    QString currentClip() const { return m_clip; }
    // Shows a clip in the 3D view (empty = none), paused at its trim's start; clipShown follows.
    void showClip(const QString& id);
    // Shows nothing of a clip any more (the live run took the view), without clipShown.
    void release();
    bool isShowing() const { return m_shown != nullptr; }
    void setPlaying(bool playing);
    bool isPlaying() const { return m_playing; }
    float frame() const { return m_frame; }
    // A frame of the shown clip's file (fractional).
    void showFrame(float frame);
    // The line under the timeline: the loop window the build chose for the shown clip and why.
    QString loopWindowText() const;
    // Re-reads the shown clip (its analysis arrived, its cycles were built), keeping the frame.
    void refresh();
    // Adds each selected segment to the library as a clip trimmed to it from the shown clip's
    // source (named after the clip and the segment, its gait as style), as one undoable step.
    // Returns the ids added (none when nothing is selected).
    QStringList makeClipsFromSegments();

signals:
    // A clip now plays in the 3D view (the live run stops); empty when none.
    void clipShown(const QString& id);
    void frameShown(float frame);
    void playingChanged(bool playing);
    // Find similar: spans like the first selected segment, else like the shown clip's trim span
    // (source frames [first, last]).
    void findSimilarRequested(const QString& id, int first, int last);

private:
    void load();
    void tick();
    void updateLabel();
    QString windowText(const TimelineData& data) const;

    ProjectDocument* m_doc;
    Viewport* m_view;
    Timeline* m_timeline;
    QToolButton* m_playButton;
    QToolButton* m_loopButton;
    QAction* m_loop = nullptr;
    QComboBox* m_speed;
    QToolButton* m_findSimilar;  // asks for spans like the selected segment or the trim span
    QLabel* m_label;
    QLabel* m_window;          // the loop window the build chose, and why
    QToolButton* m_makeClips;  // the selected segments become clips
    QTimer* m_timer;
    QElapsedTimer m_clock;
    CyclesSource m_cycles;
    QString m_clip;
    std::shared_ptr<const ClipAnalysis> m_shown;  // keeps the viewport's clip alive
    float m_start = 0.0f;
    float m_frame = 0.0f;
    bool m_playing = false;
};

}  // namespace gs

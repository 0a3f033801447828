#include "app/gui/docks/timeline_dock.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "app/document/clip_analysis.h"
#include "app/document/commands.h"
#include "app/document/project_document.h"
#include "core/analysis/segments.h"
#include "widgets/timeline.h"
#include "widgets/viewport.h"

namespace gs {

TimelineDock::TimelineDock(ProjectDocument* doc, Viewport* view, QWidget* parent)
    : QDockWidget(tr("Timeline"), parent), m_doc(doc), m_view(view), m_timer(new QTimer(this)) {
    setObjectName("timelineDock");
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* transport = new QHBoxLayout;
    m_playButton = new QToolButton(content);
    m_loopButton = new QToolButton(content);
    m_speed = new QComboBox(content);
    m_speed->setObjectName("playbackSpeed");
    for (double s : {0.25, 0.5, 1.0, 1.5, 2.0}) m_speed->addItem(QStringLiteral("%1×").arg(s), s);
    m_speed->setCurrentIndex(2);
    m_speed->setToolTip(tr("Playback speed"));
    m_label = new QLabel(content);
    m_label->setObjectName("timelineLabel");
    m_label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    transport->addWidget(m_playButton);
    transport->addWidget(m_loopButton);
    transport->addWidget(m_speed);
    transport->addWidget(m_label, 1);
    m_makeClips = new QToolButton(content);
    m_makeClips->setObjectName("segmentsToClips");
    m_makeClips->setText(tr("Make clips"));
    m_makeClips->setToolTip(
        tr("Add the selected segments (click them in the segments lane; Ctrl or Shift for more) "
           "to the library as clips trimmed from this take"));
    m_makeClips->setEnabled(false);
    m_makeClips->setAutoRaise(true);
    // No taller than the transport's own buttons: the dock keeps its height.
    m_makeClips->setMaximumHeight(m_speed->sizeHint().height());
    transport->addWidget(m_makeClips);
    m_timeline = new Timeline(content);
    // Why the build chose the shaded frames for the loop (or that the trim chose them).
    m_window = new QLabel(content);
    m_window->setObjectName("loopWindowLabel");
    m_window->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_window->setTextFormat(Qt::PlainText);
    m_findSimilar = new QToolButton(content);
    m_findSimilar->setObjectName("findSimilar");
    m_findSimilar->setText(tr("Find similar"));
    m_findSimilar->setToolTip(
        tr("Find the spans of the library's files that move like the selected segment, or else "
           "like this clip's trimmed frames"));
    transport->addWidget(m_findSimilar);
    connect(m_findSimilar, &QToolButton::clicked, this, [this] {
        const ProjectClip* pc = m_clip.isEmpty() ? nullptr : m_doc->clip(m_clip);
        if (!m_shown || !pc) return;
        if (const std::vector<int> selected = m_timeline->selectedSegments(); !selected.empty()) {
            const TimelineSegment& s = m_timeline->data().segments.at(selected.front());
            emit findSimilarRequested(m_clip, s.first, s.last);
            return;
        }
        const int last = m_shown->source.frameCount() - 1;
        emit findSimilarRequested(m_clip, pc->trimIn < 0 ? 0 : pc->trimIn,
                                  pc->trimOut < 0 ? last : pc->trimOut);
    });
    layout->addLayout(transport);
    layout->addWidget(m_timeline, 1);
    layout->addWidget(m_window);
    setWidget(content);

    m_timer->setInterval(15);
    connect(m_timer, &QTimer::timeout, this, &TimelineDock::tick);
    connect(m_timeline, &Timeline::scrubbed, this, [this](float f) {
        m_start = f;
        m_clock.restart();
        showFrame(f);
    });
    connect(m_timeline, &Timeline::trimEdited, this, [this](int in, int out) {
        if (!m_clip.isEmpty()) m_doc->setTrim(m_clip, in, out);
    });
    connect(m_timeline, &Timeline::segmentSelectionChanged, this,
            [this] { m_makeClips->setEnabled(!m_timeline->selectedSegments().empty()); });
    connect(m_makeClips, &QToolButton::clicked, this, [this] { makeClipsFromSegments(); });
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this] {
        m_start = m_frame;
        m_clock.restart();
    });

    // The document: the shown clip renamed, trimmed, removed, read.
    connect(doc, &ProjectDocument::projectReset, this, [this] {
        m_clip.clear();
        load();
    });
    connect(doc, &ProjectDocument::clipsChanged, this, [this] {
        if (!m_clip.isEmpty() && !m_doc->clip(m_clip)) {
            m_clip.clear();
            load();
        }
    });
    connect(doc, &ProjectDocument::clipRenamed, this,
            [this](const QString& from, const QString& to) {
                if (m_clip != from) return;
                m_clip = to;
                updateLabel();  // the new name at once
            });
    connect(doc, &ProjectDocument::clipChanged, this, [this](const QString& id) {
        if (id != m_clip || !m_shown) return;
        const ProjectClip* c = m_doc->clip(id);
        const int last = m_shown->source.frameCount() - 1;
        if (c)
            m_timeline->setTrim(c->trimIn < 0 ? 0 : c->trimIn, c->trimOut < 0 ? last : c->trimOut);
    });
    connect(doc, &ProjectDocument::analysisReady, this, [this](const QString& id) {
        if (id == m_clip && !m_shown) load();
    });
}

void TimelineDock::setActions(QAction* play, QAction* loop) {
    m_playButton->setDefaultAction(play);
    m_loopButton->setDefaultAction(loop);
    m_loop = loop;
}

void TimelineDock::showClip(const QString& id) {
    setPlaying(false);
    m_clip = id;
    emit clipShown(id);  // first: the live run gives the view up
    load();
}

void TimelineDock::release() {
    setPlaying(false);
    m_clip.clear();
    m_shown.reset();
    m_timeline->setData({});
    m_window->clear();
    m_label->setText(tr("live steering"));
}

void TimelineDock::refresh() {
    if (!m_shown) return;
    const float frame = m_frame;
    const bool playing = m_playing;
    load();
    showFrame(frame);
    setPlaying(playing);
}

void TimelineDock::load() {
    m_shown = m_clip.isEmpty() ? nullptr : m_doc->clipAnalysis(m_clip);
    if (!m_shown) {
        m_timeline->setData({});
        m_window->clear();
        m_label->setText(m_clip.isEmpty() ? QString() : tr("reading %1…").arg(m_clip));
        setPlaying(false);
        return;
    }
    const Clip& clip = m_shown->source;
    const FootContacts& c = m_shown->contacts;
    TimelineData data;
    data.frames = clip.frameCount();
    data.fps = clip.fps;
    for (int f = 0; f < data.frames; ++f) {
        const auto at = [f](const std::vector<bool>& v) {
            return f < static_cast<int>(v.size()) && v[f];
        };
        data.left.push_back(at(c.leftAnkle) || at(c.leftToe));
        data.right.push_back(at(c.rightAnkle) || at(c.rightToe));
    }
    data.leftStrikes = c.leftStrikes();
    data.rightStrikes = c.rightStrikes();
    // Gait cycles: those the built space loops when the clip is in it (and its trim is the one
    // built), else the detector's guess: a periodic clip's cycles begin at each left-foot strike.
    const ProjectClip* pc = m_doc->clip(m_clip);
    const auto cycles = m_cycles && pc ? m_cycles(m_clip) : std::nullopt;
    if (cycles && cycles->trimIn == pc->trimIn && cycles->trimOut == pc->trimOut) {
        // From the build's frames (trimmed, at the space's rate) to the file's.
        const float scale = clip.fps / cycles->fps;
        const int offset = std::max(cycles->trimIn, 0);
        const auto toFile = [&](int f) {
            return std::min(offset + static_cast<int>(std::lround(f * scale)), data.frames - 1);
        };
        for (int f : cycles->starts) data.cycleBoundaries.push_back(toFile(f));
        data.loopStart = toFile(cycles->loopStart);
        data.loopEnd = toFile(cycles->loopEnd);
        data.cyclesBuilt = true;
        if (cycles->windowKnown) {
            data.windowFirst = toFile(cycles->window.first);
            data.windowLast = toFile(cycles->window.last);
            data.windowReason = QString::fromStdString(cycles->window.reason);
        }
    } else if (m_shown->cycles.periodic) {
        data.cycleBoundaries = c.leftStrikes();
    }
    // Segments of the whole take (a few milliseconds even for a minute of capture).
    SegmentJob segments;
    segments.clip = &clip;
    if (Status s = segments.run(); s) {
        for (const Segment& seg : segments.output.segments)
            data.segments.push_back(
                {seg.first, seg.last, segmentLabelName(seg.label), gaitKindName(seg.gait)});
    } else {
        data.segmentsNote = tr("no segments: %1").arg(QString::fromStdString(s.message()));
    }
    m_window->setText(windowText(data));
    m_window->setToolTip(m_window->text());
    m_timeline->setData(std::move(data));
    const int last = clip.frameCount() - 1;
    const int in = pc && pc->trimIn >= 0 ? pc->trimIn : 0,
              out = pc && pc->trimOut >= 0 ? pc->trimOut : last;
    m_timeline->setTrim(in, out);
    m_view->setGoal(std::nullopt);
    m_view->setOverlay(DebugDraw{});
    m_view->setHud({});
    m_view->setHudStatus({});
    m_view->setClip(&clip);
    m_start = static_cast<float>(in);
    m_clock.restart();
    showFrame(static_cast<float>(in));
}

void TimelineDock::setPlaying(bool playing) {
    if (playing && !m_shown) playing = false;
    const bool changed = playing != m_playing;
    m_playing = playing;
    if (!playing) {
        m_timer->stop();
    } else {
        const float in = static_cast<float>(m_timeline->trimIn()),
                    out = static_cast<float>(m_timeline->trimOut());
        if (m_frame < in || m_frame >= out) m_frame = in;
        m_start = m_frame;
        m_clock.start();
        m_timer->start();
    }
    if (changed) emit playingChanged(playing);
}

void TimelineDock::tick() {
    if (!m_shown || !m_playing) return;
    const double speed = m_speed->currentData().toDouble();
    const float in = static_cast<float>(m_timeline->trimIn()),
                out = static_cast<float>(m_timeline->trimOut());
    float f =
        m_start + static_cast<float>(m_clock.elapsed() / 1000.0 * m_shown->source.fps * speed);
    if (f < in) {
        f = in;
        m_start = in;
        m_clock.restart();
    }
    if (f > out) {
        if ((!m_loop || m_loop->isChecked()) && out > in) {
            f = in + std::fmod(f - in, out - in);
            m_start = f;
            m_clock.restart();
        } else {
            showFrame(out);
            setPlaying(false);
            return;
        }
    }
    showFrame(f);
}

void TimelineDock::showFrame(float frame) {
    m_frame = frame;
    m_view->setFrame(frame);
    m_timeline->setFrame(frame);
    updateLabel();
    emit frameShown(frame);
}

QStringList TimelineDock::makeClipsFromSegments() {
    const ProjectClip* pc = m_clip.isEmpty() ? nullptr : m_doc->clip(m_clip);
    if (!m_shown || !pc) return {};
    const TimelineData& data = m_timeline->data();
    std::vector<ProjectDocument::ClipEntry> entries;
    QStringList ids;
    for (int i : m_timeline->selectedSegments()) {
        const TimelineSegment& s = data.segments.at(i);
        ProjectDocument::ClipEntry entry;
        entry.clip = *pc;
        // A name of its own, also among the clips made here.
        QString id = m_doc->uniqueId(QStringLiteral("%1_%2").arg(m_clip, s.label));
        for (int k = 2; ids.contains(id); ++k)
            id = m_doc->uniqueId(QStringLiteral("%1_%2_%3").arg(m_clip, s.label).arg(k));
        entry.clip.id = id;
        entry.clip.trimIn = s.first;
        entry.clip.trimOut = s.last;
        if (s.gait != "none") entry.clip.style = s.gait;
        auto working = workingClip(m_shown->source, s.first, s.last, m_doc->project().settings.fps,
                                   id, pc->mirror);
        if (working) {
            entry.clip.clip = std::move(*working);
            entry.clip.error.clear();
        } else {
            entry.clip.clip.reset();
            entry.clip.error = QString::fromStdString(working.message());
        }
        entry.analysis = m_shown;
        entries.push_back(std::move(entry));
        ids << id;
    }
    if (entries.empty()) return {};
    auto* command = new AddClipsCommand(m_doc, std::move(entries));
    command->setText(ids.size() == 1
                         ? tr("Make clip %1 from a segment of %2").arg(ids.front(), m_clip)
                         : tr("Make %1 clips from segments of %2").arg(ids.size()).arg(m_clip));
    m_doc->undoStack()->push(command);
    return ids;
}

QString TimelineDock::loopWindowText() const { return m_window->text(); }

QString TimelineDock::windowText(const TimelineData& data) const {
    if (data.windowFirst < 0) {
        if (!data.cyclesBuilt)
            return data.frames > 0 ? tr("Loop window: chosen when the clip's space is built")
                                   : QString();
        return {};
    }
    return tr("Loop window, frames %1–%2 (shaded): %3")
        .arg(data.windowFirst)
        .arg(data.windowLast)
        .arg(data.windowReason);
}

void TimelineDock::updateLabel() {
    if (!m_shown) return;
    const int last = m_shown->source.frameCount() - 1;
    // An in-place clip walks from its feet: the contact lanes are the planted spans it walks on.
    const QString feet = m_shown->rootMotion.fromFeet ? tr("   walks from its planted feet") : "";
    m_label->setText(tr("%1   frame %2 / %3 (%4 s)%5")
                         .arg(m_clip)
                         .arg(std::lround(m_frame))
                         .arg(last)
                         .arg(m_frame / m_shown->source.fps, 0, 'f', 2)
                         .arg(feet));
    m_label->setToolTip(QString::fromStdString(m_shown->rootMotion.sentence));
}

}  // namespace gs

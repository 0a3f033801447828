// MainWindow, clip playback: the clip shown in the viewport and the timeline, played at its own
// rate (elapsed time, not timer ticks).

#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMimeData>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoCommand>
#include <QUndoView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

#include "app/document/clip_analysis.h"
#include "core/io/bvh_writer.h"
#include "core/io/scene_writer.h"
#include "clip_library.h"
#include "steering_demo.h"
#include "widgets/timeline.h"
#include "widgets/viewport.h"

namespace gs {

bool MainWindow::isLoading() const { return m_opening->isRunning() || m_doc->isImporting(); }

void MainWindow::selectClip(const QString& id) {
    const int row = m_libraryModel->rowOf(id);
    if (row < 0) return;
    m_libraryView->setCurrentIndex(m_libraryModel->index(row, 0));
    if (m_currentClip != id) showClip(id);
}

void MainWindow::showClip(const QString& id) {
    stopSteering();
    setPlaying(false);
    m_currentClip = id;
    refreshTimeline();
}

void MainWindow::refreshTimeline() {
    m_shown = m_currentClip.isEmpty() ? nullptr : m_doc->clipAnalysis(m_currentClip);
    if (!m_shown) {
        m_timeline->setData({});
        if (!m_steering) m_view->setClip(nullptr);
        m_frameLabel->setText(m_currentClip.isEmpty() ? QString() : tr("reading %1…").arg(m_currentClip));
        if (m_currentClip.isEmpty()) setPlaying(false);
        return;
    }
    const Clip& clip = m_shown->source;
    const FootContacts& c = m_shown->contacts;
    TimelineData data;
    data.frames = clip.frameCount();
    data.fps = clip.fps;
    for (int f = 0; f < data.frames; ++f) {
        const auto at = [f](const std::vector<bool>& v) { return f < static_cast<int>(v.size()) && v[f]; };
        data.left.push_back(at(c.leftAnkle) || at(c.leftToe));
        data.right.push_back(at(c.rightAnkle) || at(c.rightToe));
    }
    data.leftStrikes = c.leftStrikes();
    data.rightStrikes = c.rightStrikes();
    // Gait cycles: those the built space loops when the clip is in it (and its trim is the one
    // built), else the detector's guess: a periodic clip's cycles begin at each left-foot strike.
    const ProjectClip* built = m_doc->clip(m_currentClip);
    const auto cycles = m_demo && built ? m_demo->builtCycles(m_currentClip) : std::nullopt;
    if (cycles && cycles->trimIn == built->trimIn && cycles->trimOut == built->trimOut) {
        // From the build's frames (trimmed, at the space's rate) to the file's.
        const float scale = clip.fps / cycles->fps;
        const int offset = std::max(cycles->trimIn, 0);
        const auto toFile = [&](int f) { return std::min(offset + static_cast<int>(std::lround(f * scale)), data.frames - 1); };
        for (int f : cycles->starts) data.cycleBoundaries.push_back(toFile(f));
        data.loopStart = toFile(cycles->loopStart);
        data.loopEnd = toFile(cycles->loopEnd);
        data.cyclesBuilt = true;
    } else if (m_shown->cycles.periodic) {
        data.cycleBoundaries = c.leftStrikes();
    }
    m_timeline->setData(std::move(data));
    const ProjectClip* pc = m_doc->clip(m_currentClip);
    const int last = clip.frameCount() - 1;
    const int in = pc && pc->trimIn >= 0 ? pc->trimIn : 0, out = pc && pc->trimOut >= 0 ? pc->trimOut : last;
    m_timeline->setTrim(in, out);
    m_view->setGoal(std::nullopt);
    m_view->setOverlay(DebugDraw{});
    m_view->setHud({});
    m_styleEditor->setEnabled(false);
    m_view->setClip(&clip);
    m_playStart = static_cast<float>(in);
    m_playClock.restart();
    showFrame(static_cast<float>(in));
}

void MainWindow::togglePlay() {
    if (!m_currentClip.isEmpty()) {
        setPlaying(!m_playing);
    } else if (m_steering) {
        if (m_steerTimer->isActive()) {
            m_steerTimer->stop();
        } else {
            m_steerClock.restart();
            m_steerTime = 0.0;
            m_steerTimer->start();
        }
    } else if (m_demo && m_demo->isReady()) {
        startSteering();
    }
}

void MainWindow::setPlaying(bool playing) {
    if (playing && !m_shown) playing = false;
    m_playing = playing;
    m_playAction->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    if (!playing) {
        m_playTimer->stop();
        return;
    }
    stopSteering();
    const float in = static_cast<float>(m_timeline->trimIn()), out = static_cast<float>(m_timeline->trimOut());
    if (m_frame < in || m_frame >= out) m_frame = in;
    m_playStart = m_frame;
    m_playClock.start();
    m_playTimer->start();
}

void MainWindow::tickPlayback() {
    if (!m_shown || !m_playing) return;
    const double speed = m_speed->currentData().toDouble();
    const float in = static_cast<float>(m_timeline->trimIn()), out = static_cast<float>(m_timeline->trimOut());
    float f = m_playStart + static_cast<float>(m_playClock.elapsed() / 1000.0 * m_shown->source.fps * speed);
    if (f < in) {
        f = in;
        m_playStart = in;
        m_playClock.restart();
    }
    if (f > out) {
        if (m_loopAction->isChecked() && out > in) {
            f = in + std::fmod(f - in, out - in);
            m_playStart = f;
            m_playClock.restart();
        } else {
            showFrame(out);
            setPlaying(false);
            return;
        }
    }
    showFrame(f);
}

void MainWindow::showFrame(float frame) {
    m_frame = frame;
    m_view->setFrame(frame);
    m_timeline->setFrame(frame);
    followAnalysisFrame(frame);
    if (m_shown) {
        const int last = m_shown->source.frameCount() - 1;
        m_frameLabel->setText(tr("%1   frame %2 / %3 (%4 s)")
                                  .arg(m_currentClip)
                                  .arg(std::lround(frame))
                                  .arg(last)
                                  .arg(frame / m_shown->source.fps, 0, 'f', 2));
    }
}

}  // namespace gs

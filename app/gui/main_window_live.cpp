// MainWindow, the live run: building a project's spaces for it, steering it, drawing its steer
// space and heads-up figures, the style keys, exporting it.

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
#include "core/io/character_import.h"
#include "core/io/scene_writer.h"
#include "core/retarget.h"
#include "clip_library.h"
#include "steering_demo.h"
#include "widgets/timeline.h"
#include "widgets/viewport.h"

namespace gs {

void MainWindow::buildSteering(const QString& file) {
    // The live character: its spaces are built in the background too.
    auto* demo = new SteeringDemo(this);
    connect(demo, &SteeringDemo::failed, this, [this, demo, file](const QString& message) {
        addMessage(ProjectDocument::Level::Warning,
                   tr("%1: the character cannot steer: %2").arg(QFileInfo(file).fileName(), message));
        demo->deleteLater();  // whatever was running stays
    });
    // Its progress in the messages dock's busy row, with Cancel.
    connect(demo, &SteeringDemo::progress, this, [this, file](const QString& stage, int done, int total) {
        if (m_opening->isRunning() || m_doc->isImporting()) return;  // theirs is shown
        m_busyLabel->setText(tr("Building %1: %2").arg(QFileInfo(file).fileName(), stage));
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        m_busyRow->show();
    });
    auto idle = [this] { m_busyRow->setVisible(m_opening->isRunning() || m_doc->isImporting()); };
    connect(demo, &SteeringDemo::ready, this, idle);
    connect(demo, &SteeringDemo::failed, this, idle);
    connect(demo, &SteeringDemo::cancelled, this, [this, demo, file, idle] {
        idle();
        addMessage(ProjectDocument::Level::Info,
                   tr("Building the motion spaces of %1 cancelled; the character that was running stays.")
                       .arg(QFileInfo(file).fileName()));
        demo->deleteLater();
        // The last built character goes on (the project may have reopened meanwhile).
        if (m_demo && m_demo != demo && m_demo->isReady() && m_currentClip.isEmpty() && !isSteering()) startSteering();
    });
    connect(demo, &SteeringDemo::ready, this, [this, demo, file] {
        if (m_openCancelled && file == m_openingPath) {
            demo->deleteLater();
            return;
        }
        if (m_demo) {
            if (m_steering) stopSteering();
            m_demo->deleteLater();
        }
        m_demo = demo;
        const QStringList names = m_demo->spaceNames();
        m_styleLabel->setText(names.size() > 1 ? tr("%1 ↔ %2").arg(names.front(), names.back()) : names.value(0));
        m_style->setEnabled(names.size() > 1);
        m_style->setValue(0);
        if (m_currentClip.isEmpty()) {
            startSteering();  // a clip the user chose meanwhile wins
            return;
        }
        addMessage(ProjectDocument::Level::Info, tr("The character is ready: Playback > Steer Character."));
        // The shown clip's cycles are now the built space's: the timeline shows those, the
        // playback goes on where it was.
        const float frame = m_frame;
        const bool playing = m_playing;
        refreshTimeline();
        if (m_shown) {
            showFrame(frame);
            setPlaying(playing);
        }
    });
    demo->build(file);
}

Status MainWindow::exportRun(const QString& path) {
    if (!m_demo || !m_demo->isReady() || m_demo->motion().frameCount() == 0)
        return Status::error(path.toStdString() + ": there is no live run to export");
    Clip run = m_demo->motion();
    run.name = "gaitspace run";
    Status s = Status::ok();
    const ProjectCharacter& character = m_doc->project().character;
    if (path.endsWith(".bvh", Qt::CaseInsensitive)) {
        s = writeBvh(run, path.toStdString());
    } else if (!character.source.isEmpty()) {
        // The project's skinned model playing the run (its joint map when it has one).
        const QString model = m_doc->project().resolve(character.source);
        auto asset = importCharacter(model.toStdString());
        JointMap map{"user map", {}};
        for (const auto& [target, source] : character.jointMap) map.pairs.push_back({target.toStdString(), source.toStdString()});
        s = asset ? writeGltf(run, *asset, path.toStdString(), map.pairs.empty() ? nullptr : &map)
                  : Status::error(model.toStdString() + ": " + asset.message());
    } else {
        s = writeGltf(run, path.toStdString());
    }
    if (s) addMessage(ProjectDocument::Level::Info, tr("Exported %1 frames of the run to %2.").arg(run.frameCount()).arg(QFileInfo(path).fileName()));
    else addMessage(ProjectDocument::Level::Error, QString::fromStdString(s.message()));
    return s;
}

void MainWindow::setGoalMode(int mode) {
    if (mode >= 0 && mode < m_goalMode->count()) m_goalMode->setCurrentIndex(mode);
}

void MainWindow::setModel(const QString& path) {
    m_view->setModel(path);
    if (m_view->isModelShown())
        addMessage(ProjectDocument::Level::Info, tr("Drawing %1 retargeted to the clips.").arg(QFileInfo(path).fileName()));
}

bool MainWindow::isSteering() const { return m_steering && m_steerTimer->isActive(); }

void MainWindow::startSteering() {
    if (!m_demo || !m_demo->isReady()) return;
    setPlaying(false);
    m_currentClip.clear();
    m_shown.reset();
    m_timeline->setData({});
    m_frameLabel->setText(tr("live steering"));
    {
        const QSignalBlocker block(m_libraryView->selectionModel());
        m_libraryView->clearSelection();
        m_libraryView->setCurrentIndex({});
    }
    m_steering = true;
    m_steerBar->show();
    m_styleEditor->setStyles(m_demo->spaceNames());
    m_styleEditor->setTargets(m_demo->styleWeights());
    m_styleEditor->setEnabled(true);
    refreshStyleKeys();  // in the order of the run's spaces
    applyStyleTransition();
    m_demo->setGoalMode(static_cast<SteeringDemo::GoalMode>(m_goalMode->currentIndex()));
    m_demo->step();
    m_view->setClip(&m_demo->motion());
    m_steerClock.start();
    m_steerTime = 0.0;
    m_steerTimer->start();
}

void MainWindow::stopSteering() {
    m_steerTimer->stop();
    if (!m_steering) return;
    m_steering = false;
    m_steerBar->hide();
    statusBar()->clearMessage();  // the steering's status line no longer holds
    m_view->setGoal(std::nullopt);
    m_view->setOverlay(DebugDraw{});
    m_view->setHud({});
    m_styleEditor->setEnabled(false);
    m_view->setClip(nullptr);
}

void MainWindow::stepSteering() {
    if (!m_demo) return;
    // Whole frames at the space's rate, as many as the wall clock asks for (at most a few).
    const double fps = m_demo->motion().fps;
    const double now = m_steerClock.elapsed() / 1000.0;
    int frames = 0;
    while (frames < 4 && m_steerTime + 1.0 / fps <= now) {
        ++frames;
        m_steerTime += 1.0 / fps;
    }
    if (now - m_steerTime > 0.5) m_steerTime = now;  // fell behind: do not try to catch up
    advanceSteering(frames);
    showSteering();
}

void MainWindow::advanceSteering(int frames) {
    for (int k = 0; k < frames; ++k) {
        // Style keys: the last key at or before the run's time (the track repeats).
        if (!m_styleKeys.empty()) {
            const double length = styleTrackLength();
            const double t = std::fmod(m_demo->seconds(), length);
            int active = -1;
            for (int i = 0; i < static_cast<int>(m_styleKeys.size()); ++i)
                if (m_styleKeys[i].seconds <= t && (active < 0 || m_styleKeys[i].seconds >= m_styleKeys[active].seconds))
                    active = i;
            if (active >= 0 && active != m_activeKey) {
                m_activeKey = active;
                m_demo->setStyleTargets(m_styleKeys[active].weights);
                m_styleEditor->setTargets(m_styleKeys[active].weights);
            }
        }
        m_demo->step();
    }
}

void MainWindow::showSteering() {
    m_view->setFrame(static_cast<float>(m_demo->motion().frameCount() - 1));
    const glm::vec2 goal = m_demo->goal();
    m_view->setGoal(glm::vec3(goal.x, 0.0f, goal.y));
    DebugDraw overlay;
    if (m_showFan->isChecked()) {
        std::vector<glm::vec3> fan;
        for (const glm::vec2& p : m_demo->fan()) fan.push_back(glm::vec3(p.x, 0.02f, p.y));
        overlay.points(fan, glm::vec4(1.0f, 0.85f, 0.1f, 1.0f), 7.0f);
        std::vector<glm::vec3> chosen;
        for (const glm::vec2& p : m_demo->chosenSamples()) chosen.push_back(glm::vec3(p.x, 0.03f, p.y));
        overlay.points(chosen, glm::vec4(0.95f, 0.2f, 0.15f, 1.0f), 12.0f);
    }
    if (m_showPath->isChecked()) {
        // Where the chosen blend takes the character: from its root to the chosen samples.
        const auto chosen = m_demo->chosenSamples();
        const Clip& motion = m_demo->motion();
        if (chosen.size() == 2 && motion.frameCount() > 0) {
            const glm::vec3 root = motion.rootPositions.back();
            const glm::vec2 end = 0.5f * (chosen[0] + chosen[1]);
            overlay.line(glm::vec3(root.x, 0.02f, root.z), glm::vec3(end.x, 0.02f, end.y), glm::vec4(0.95f, 0.35f, 0.2f, 1.0f));
        }
    }
    m_view->setOverlay(overlay);
    // The heads-up figures.
    const QStringList names = m_demo->spaceNames();
    const auto weights = m_demo->styleWeights(), blends = m_demo->blends();
    QStringList styles, blendText;
    for (int s = 0; s < names.size() && s < static_cast<int>(weights.size()); ++s) {
        styles << QStringLiteral("%1 %2").arg(names[s]).arg(weights[s], 0, 'f', 2);
        blendText << QStringLiteral("%1 %2").arg(names[s]).arg(blends[s], 0, 'f', 2);
    }
    m_view->setHud({tr("style: %1").arg(styles.join(", ")), tr("blend: %1").arg(blendText.join(", ")),
                    tr("phase: frame %1").arg(m_demo->phase(), 0, 'f', 1),
                    tr("foot skate: %1 cm/s").arg(m_demo->liveFootSkate(), 0, 'f', 2),
                    tr("goal: %1 m away, %2 reached, %3")
                        .arg(m_demo->distanceToGoal(), 0, 'f', 2)
                        .arg(m_demo->reachedGoals())
                        .arg(m_demo->motionState())});
    m_styleEditor->setLive(weights, blends);
    m_styleEditor->setTime(m_demo->seconds());
    statusBar()->showMessage(m_demo->status());
}

QStringList MainWindow::liveStyleNames() const {
    if (m_demo && m_demo->isReady()) return m_demo->spaceNames();
    QStringList names;  // the spaces a build would have
    for (const ProjectSpace& s : m_doc->project().spaces)
        if (s.error.isEmpty()) names << s.name;
    return names;
}

double MainWindow::styleTrackLength() const {
    // 20 s, or longer when a key is later; the track repeats.
    const auto& keys = m_doc->styleKeys();
    return keys.empty() ? 20.0 : std::max(20.0, std::ceil(keys.back().seconds + 2.0));
}

void MainWindow::refreshStyleKeys() {
    const QStringList live = liveStyleNames();
    const auto& spaces = m_doc->project().spaces;
    m_styleKeys.clear();
    for (const ProjectStyleKey& key : m_doc->styleKeys()) {
        StyleKey k{key.seconds, std::vector<float>(live.size(), 0.0f)};
        for (size_t i = 0; i < spaces.size() && i < key.weights.size(); ++i)
            if (const int at = live.indexOf(spaces[i].name); at >= 0) k.weights[at] = key.weights[i];
        m_styleKeys.push_back(std::move(k));
    }
    m_activeKey = -1;
    m_styleEditor->setTrackLength(styleTrackLength());
    m_styleEditor->setKeys(m_styleKeys);
}

void MainWindow::applyStyleTransition() {
    const ProjectSettings& s = m_doc->project().settings;
    m_styleEditor->setTransition(s.styleByTransition, s.styleIncrement, s.styleTransitionSeconds);
    if (m_demo) m_demo->setStyleTransition(s.styleIncrement, s.styleByTransition ? s.styleTransitionSeconds : 0.0f);
}

void MainWindow::setStyleKeys(std::vector<StyleKey> keys, const QString& what) {
    // To the document's order: one weight per project space, matched by name.
    const QStringList live = liveStyleNames();
    const auto& spaces = m_doc->project().spaces;
    std::vector<ProjectStyleKey> out;
    for (const StyleKey& key : keys) {
        ProjectStyleKey k{key.seconds, std::vector<float>(spaces.size(), 0.0f)};
        for (size_t i = 0; i < spaces.size(); ++i)
            if (const int at = live.indexOf(spaces[i].name); at >= 0 && at < static_cast<int>(key.weights.size()))
                k.weights[i] = key.weights[at];
        out.push_back(std::move(k));
    }
    m_doc->setStyleKeys(std::move(out), what);
}

}  // namespace gs

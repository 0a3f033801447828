#include "main_window.h"

#include <QAction>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QSettings>
#include <QSlider>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

#include "core/io/clip_import.h"
#include "steering_demo.h"
#include "widgets/viewport.h"

namespace gs {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("Gaitspace"));
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    m_view = new Viewport(central);
    connect(m_view, &Viewport::warning, this, [this](const QString& m) { statusBar()->showMessage(m); });
    layout->addWidget(m_view, 1);
    auto* bar = new QHBoxLayout;
    m_play = new QToolButton(central);
    m_play->setText(tr("Play"));
    m_play->setCheckable(true);
    m_timeline = new QSlider(Qt::Horizontal, central);
    m_frameLabel = new QLabel(central);
    m_frameLabel->setMinimumWidth(120);
    bar->addWidget(m_play);
    bar->addWidget(m_timeline, 1);
    bar->addWidget(m_frameLabel);
    layout->addLayout(bar);

    // Live steering controls: the style mix and the controller.
    m_steerBar = new QWidget(central);
    auto* steerLayout = new QHBoxLayout(m_steerBar);
    steerLayout->setContentsMargins(0, 0, 0, 0);
    m_styleLabel = new QLabel(m_steerBar);
    m_style = new QSlider(Qt::Horizontal, m_steerBar);
    m_style->setRange(0, 100);
    m_style->setToolTip(tr("Style: the first motion space on the left, the last on the right"));
    m_controller = new QComboBox(m_steerBar);
    m_controller->addItems({tr("Goal-space steering"), tr("Naive steering")});
    steerLayout->addWidget(m_styleLabel);
    steerLayout->addWidget(m_style, 1);
    steerLayout->addWidget(m_controller);
    m_steerBar->hide();
    layout->addWidget(m_steerBar);
    setCentralWidget(central);

    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* openAction = file->addAction(tr("&Open Motion..."), this, &MainWindow::open);
    openAction->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open &Project and Steer..."), this, &MainWindow::openProjectDialog);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    QMenu* character = menuBar()->addMenu(tr("&Character"));
    character->addAction(tr("Mannequin &Texture..."), this, [this] {
        QSettings settings;
        const QString path = QFileDialog::getOpenFileName(this, tr("Mannequin Texture"),
                                                          settings.value("lastTextureDir").toString(),
                                                          tr("Images (*.png *.jpg *.jpeg)"));
        if (path.isEmpty()) return;
        settings.setValue("lastTextureDir", QFileInfo(path).absolutePath());
        setTexture(path);
    });
    character->addAction(tr("&Plain Mannequin"), this, [this] { setTexture({}); });

    m_timer = new QTimer(this);
    m_timer->setInterval(16);
    connect(m_timer, &QTimer::timeout, this, &MainWindow::tick);
    connect(m_play, &QToolButton::toggled, this, &MainWindow::setPlaying);
    connect(m_timeline, &QSlider::valueChanged, this, [this](int v) {
        if (std::lround(m_frame) != v) showFrame(static_cast<float>(v));
    });
    resize(1100, 750);
}

void MainWindow::setTexture(const QString& path) { m_view->setTexture(path); }

QImage MainWindow::screenshot() {
    // QWidget::grab() leaves OpenGL content blank: paint the viewport's framebuffer over it.
    QImage image = grab().toImage();
    QPainter painter(&image);
    const QImage gl = m_view->grabFramebuffer();
    const QRect where(m_view->mapTo(this, QPoint(0, 0)), m_view->size());
    painter.drawImage(where, gl);
    return image;
}

void MainWindow::open() {
    QSettings settings;
    const QString dir = settings.value("lastOpenDir").toString();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Motion"), dir,
        tr("Motion files (*.bvh *.fbx *.gltf *.glb *.dae);;All files (*)"));
    if (path.isEmpty()) return;
    settings.setValue("lastOpenDir", QFileInfo(path).absolutePath());
    openClip(path);
}

bool MainWindow::openClip(const QString& path) {
    auto imported = importClips(path.toStdString());
    if (!imported) {
        const QString message = QStringLiteral("%1: %2").arg(
            QFileInfo(path).fileName(), QString::fromStdString(imported.message()));
        statusBar()->showMessage(message);
        if (isVisible()) QMessageBox::warning(this, tr("Cannot open motion"), message);
        return false;
    }
    m_clip = std::make_unique<Clip>(imported->clips.front());
    m_view->setClip(m_clip.get());
    m_timeline->setRange(0, m_clip->frameCount() - 1);
    showFrame(0.0f);
    setWindowTitle(tr("Gaitspace — %1").arg(QString::fromStdString(m_clip->name)));
    statusBar()->showMessage(tr("%1: %2 frames at %3 fps, %4 joints; units: %5")
                                 .arg(QFileInfo(path).fileName())
                                 .arg(m_clip->frameCount())
                                 .arg(m_clip->fps)
                                 .arg(m_clip->jointCount())
                                 .arg(QString::fromStdString(imported->units.unit)));
    m_play->setChecked(true);
    return true;
}

void MainWindow::openProjectDialog() {
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Project"),
                                                      settings.value("lastProjectDir").toString(),
                                                      tr("Gaitspace projects (*.gsproj)"));
    if (path.isEmpty()) return;
    settings.setValue("lastProjectDir", QFileInfo(path).absolutePath());
    openProject(path);
}

void MainWindow::openProject(const QString& path) {
    auto* demo = new SteeringDemo(this);
    connect(demo, &SteeringDemo::failed, this, [this, demo, path](const QString& message) {
        const QString line = QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), message);
        statusBar()->showMessage(line);
        if (isVisible()) QMessageBox::warning(this, tr("Cannot open project"), line);
        demo->deleteLater();  // whatever was open stays open
    });
    connect(demo, &SteeringDemo::ready, this, [this, demo, path] {
        if (m_demo) m_demo->deleteLater();
        m_demo = demo;
        setWindowTitle(tr("Gaitspace — %1").arg(QFileInfo(path).fileName()));
        startSteering();
    });
    statusBar()->showMessage(tr("Building the motion spaces of %1...").arg(QFileInfo(path).fileName()));
    demo->build(path);
}

void MainWindow::startSteering() {
    m_play->setChecked(false);
    m_clip.reset();
    const QStringList names = m_demo->spaceNames();
    m_styleLabel->setText(names.size() > 1 ? tr("%1 ↔ %2").arg(names.front(), names.back()) : names.front());
    m_style->setEnabled(names.size() > 1);
    m_style->setValue(0);
    connect(m_style, &QSlider::valueChanged, m_demo, [this](int v) { m_demo->setStyleMix(v / 100.0f); });
    connect(m_controller, &QComboBox::currentIndexChanged, m_demo, [this](int i) { m_demo->setNaive(i == 1); });
    connect(m_view, &Viewport::groundClicked, m_demo, [this](const glm::vec3& p) {
        m_demo->setGoal(glm::vec2(p.x, p.z));
    });
    m_steerBar->show();
    m_play->hide();
    m_timeline->hide();
    m_frameLabel->hide();
    m_demo->step();
    m_view->setClip(&m_demo->motion());
    m_steerClock.start();
    m_steerTime = 0.0;
    disconnect(m_timer, nullptr, this, nullptr);
    connect(m_timer, &QTimer::timeout, this, &MainWindow::stepSteering);
    m_timer->start();
}

void MainWindow::stepSteering() {
    // Fixed steps at the space's rate, as many as the wall clock asks for (at most a few).
    const double fps = m_demo->motion().fps;
    const double now = m_steerClock.elapsed() / 1000.0;
    for (int k = 0; k < 4 && m_steerTime + 1.0 / fps <= now; ++k) {
        m_demo->step();
        m_steerTime += 1.0 / fps;
    }
    if (now - m_steerTime > 0.5) m_steerTime = now;  // fell behind: do not try to catch up
    m_view->setFrame(static_cast<float>(m_demo->motion().frameCount() - 1));
    const glm::vec2 goal = m_demo->goal();
    m_view->setGoal(glm::vec3(goal.x, 0.0f, goal.y));
    DebugDraw overlay;
    std::vector<glm::vec3> fan;
    for (const glm::vec2& p : m_demo->fan()) fan.push_back(glm::vec3(p.x, 0.02f, p.y));
    overlay.points(fan, glm::vec4(1.0f, 0.85f, 0.1f, 1.0f), 7.0f);
    m_view->setOverlay(overlay);
    statusBar()->showMessage(m_demo->status());
}

void MainWindow::setPlaying(bool playing) {
    m_play->setText(playing ? tr("Pause") : tr("Play"));
    if (playing && m_clip) m_timer->start(); else m_timer->stop();
}

void MainWindow::tick() {
    if (!m_clip) return;
    float next = m_frame + m_clip->fps * m_timer->interval() / 1000.0f;
    if (next > m_clip->frameCount() - 1) next = 0.0f;
    showFrame(next);
}

void MainWindow::showFrame(float frame) {
    m_frame = frame;
    m_view->setFrame(frame);
    {
        const QSignalBlocker block(m_timeline);
        m_timeline->setValue(static_cast<int>(std::lround(frame)));
    }
    if (m_clip)
        m_frameLabel->setText(tr("frame %1 / %2").arg(std::lround(frame)).arg(m_clip->frameCount() - 1));
}

}  // namespace gs

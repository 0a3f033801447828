#include "main_window.h"

#include <QAction>
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
    setCentralWidget(central);

    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* openAction = file->addAction(tr("&Open Motion..."), this, &MainWindow::open);
    openAction->setShortcut(QKeySequence::Open);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    m_timer = new QTimer(this);
    m_timer->setInterval(16);
    connect(m_timer, &QTimer::timeout, this, &MainWindow::tick);
    connect(m_play, &QToolButton::toggled, this, &MainWindow::setPlaying);
    connect(m_timeline, &QSlider::valueChanged, this, [this](int v) {
        if (std::lround(m_frame) != v) showFrame(static_cast<float>(v));
    });
    resize(1100, 750);
}

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

#pragma once
// MainWindow: opens clips and plays them. Wiring between widgets and the document lives here.

#include <QElapsedTimer>
#include <QImage>
#include <QMainWindow>

#include <memory>

#include "core/clip.h"

class QComboBox;
class QLabel;
class QSlider;
class QTimer;
class QToolButton;

namespace gs {

class SteeringDemo;
class Viewport;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);

    // Opens a motion file; on failure shows the error and keeps what was open.
    bool openClip(const QString& path);
    // Opens a project and steers its character live toward a goal the user clicks on the ground.
    void openProject(const QString& path);
    // An image mapped onto the mannequin (empty = plain).
    void setTexture(const QString& path);
    // The window as shown, 3D view included.
    QImage screenshot();

private:
    void open();
    void setPlaying(bool playing);
    void tick();
    void showFrame(float frame);
    void openProjectDialog();
    void startSteering();
    void stepSteering();

    std::unique_ptr<Clip> m_clip;
    Viewport* m_view = nullptr;
    QSlider* m_timeline = nullptr;
    QToolButton* m_play = nullptr;
    QLabel* m_frameLabel = nullptr;
    QTimer* m_timer = nullptr;
    float m_frame = 0.0f;

    // Live steering of a project.
    SteeringDemo* m_demo = nullptr;
    QWidget* m_steerBar = nullptr;
    QSlider* m_style = nullptr;
    QComboBox* m_controller = nullptr;
    QLabel* m_styleLabel = nullptr;
    QElapsedTimer m_steerClock;
    double m_steerTime = 0.0;
};

}  // namespace gs

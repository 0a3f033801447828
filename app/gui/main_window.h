#pragma once
// MainWindow: opens clips and plays them. Wiring between widgets and the document lives here.

#include <QImage>
#include <QMainWindow>

#include <memory>

#include "core/clip.h"

class QLabel;
class QSlider;
class QTimer;
class QToolButton;

namespace gs {

class Viewport;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);

    // Opens a motion file; on failure shows the error and keeps what was open.
    bool openClip(const QString& path);
    // The window as shown, 3D view included.
    QImage screenshot();

private:
    void open();
    void setPlaying(bool playing);
    void tick();
    void showFrame(float frame);

    std::unique_ptr<Clip> m_clip;
    Viewport* m_view = nullptr;
    QSlider* m_timeline = nullptr;
    QToolButton* m_play = nullptr;
    QLabel* m_frameLabel = nullptr;
    QTimer* m_timer = nullptr;
    float m_frame = 0.0f;
};

}  // namespace gs

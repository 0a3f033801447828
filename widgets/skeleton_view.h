#pragma once
// SkeletonView: a light 2D preview of a pose (QPainter, three-quarter view, follows the root).
// It only paints; the owner sets the clip and the frame.

#include <QWidget>

#include <vector>

#include "core/clip.h"

namespace gs {

class SkeletonView : public QWidget {
    Q_OBJECT
public:
    explicit SkeletonView(QWidget* parent = nullptr);

    void setClip(const Clip* clip);
    void setFrame(float frame);
    float frame() const { return m_frame; }
    QSize sizeHint() const override { return {800, 600}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    const Clip* m_clip = nullptr;
    float m_frame = 0.0f;
};

}  // namespace gs

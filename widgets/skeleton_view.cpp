#include "widgets/skeleton_view.h"

#include <QPainter>
#include <QPainterPath>

#include <cmath>

#include "core/kinematics.h"

namespace gs {

SkeletonView::SkeletonView(QWidget* parent) : QWidget(parent) {
    setMinimumSize(320, 240);
}

void SkeletonView::setClip(const Clip* clip) {
    m_clip = clip;
    m_frame = 0.0f;
    update();
}

void SkeletonView::setFrame(float frame) {
    if (frame == m_frame) return;
    m_frame = frame;
    update();
}

void SkeletonView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), QColor(38, 41, 46));
    if (!m_clip || m_clip->isEmpty()) {
        p.setPen(QColor(180, 180, 180));
        p.drawText(rect(), Qt::AlignCenter, tr("Open a motion file (File > Open)"));
        return;
    }
    const int n = m_clip->jointCount();
    std::vector<glm::quat> rot(n);
    glm::vec3 root;
    samplePose(*m_clip, m_frame, rot, root);
    std::vector<glm::vec3> pos(n);
    jointPositions(m_clip->skeleton, rot, root, pos);

    // Three-quarter view around the root: yaw 35 degrees, slight pitch, metres to pixels.
    const float scale = height() / 2.4f;
    const float yaw = 0.6f, pitch = 0.25f;
    const QPointF centre(width() * 0.5, height() * 0.8);
    auto project = [&](glm::vec3 w) {
        w -= glm::vec3(root.x, 0.0f, root.z);
        const float x = w.x * std::cos(yaw) - w.z * std::sin(yaw);
        const float z = w.x * std::sin(yaw) + w.z * std::cos(yaw);
        const float y = w.y * std::cos(pitch) - z * std::sin(pitch);
        return QPointF(centre.x() - x * scale, centre.y() - y * scale);
    };
    // Ground grid, 0.5 m, moving under the character.
    p.setPen(QPen(QColor(70, 74, 80), 1));
    const float gx = std::floor(root.x / 0.5f) * 0.5f, gz = std::floor(root.z / 0.5f) * 0.5f;
    for (int i = -6; i <= 6; ++i) {
        p.drawLine(project({gx + i * 0.5f, 0, gz - 3}), project({gx + i * 0.5f, 0, gz + 3}));
        p.drawLine(project({gx - 3, 0, gz + i * 0.5f}), project({gx + 3, 0, gz + i * 0.5f}));
    }
    p.setPen(QPen(QColor(230, 190, 120), 4, Qt::SolidLine, Qt::RoundCap));
    for (int j = 1; j < n; ++j) p.drawLine(project(pos[m_clip->skeleton.parents[j]]), project(pos[j]));
    p.setBrush(QColor(250, 250, 250));
    p.setPen(Qt::NoPen);
    for (int j = 0; j < n; ++j) p.drawEllipse(project(pos[j]), 3.0, 3.0);
}

}  // namespace gs

#pragma once
// RegistrationView: a registration curve (core/analysis/registration.h) as three plots over the
// frames of the reference clip A, one above the other and sharing that axis:
//   - the timewarp: the frame of B against the frame of A (with the plain linear mapping dashed)
//     and its slope on a scale of its own (right);
//   - the alignment curve: theta (degrees, right scale), x0 and z0 (metres, left scale);
//   - the constraint matches: per foot, a bar from A's strike to where B's matched strike falls
//     on A's time (through the warp), so the length of a bar is how far the warp misses it.
// A cursor (a frame of A) crosses all three. It paints from a RegistrationPicture and forwards
// input only: pressing or dragging anywhere moves the cursor (cursorMoved).
//
// Painted with QPainter rather than Qt Charts: three small plots with a shared axis, a linked
// cursor and bars are a few hundred lines by hand, and no extra Qt module is needed to build.

#include <QWidget>

#include <vector>

#include <glm/glm.hpp>

#include "core/analysis/registration.h"

class QPainter;

namespace gs {

struct RegistrationPicture {
    QString nameA, nameB;
    int framesA = 0, framesB = 0;
    float fps = 30.0f;
    std::vector<glm::vec2> path;       // (a, f(a))
    std::vector<float> slope;          // f'(a) per path sample
    std::vector<Alignment> alignment;  // per path sample
    std::vector<ConstraintMatch> constraints;
    std::vector<float> strikeBOnA;  // per constraint: B's strike mapped back to A's frames
    float cursor = -1.0f;           // frame of A; < 0 = none
    float residual = 0.0f, identityResidual = 0.0f;  // metres

    bool isEmpty() const { return path.size() < 2; }
    // A picture of a computed curve.
    static RegistrationPicture from(const RegistrationCurve& curve, int framesA, int framesB,
                                    float fps);
};

class RegistrationView : public QWidget {
    Q_OBJECT
public:
    explicit RegistrationView(QWidget* parent = nullptr);

    void setPicture(RegistrationPicture picture);
    const RegistrationPicture& picture() const { return m_picture; }
    void setCursor(float frameA);
    // The three plot areas (widget pixels), top to bottom.
    QRectF warpRect() const;
    QRectF alignmentRect() const;
    QRectF constraintRect() const;
    // The frame of A under a widget x.
    float frameAt(double x) const;
    QSize sizeHint() const override { return {420, 380}; }
    QSize minimumSizeHint() const override { return {220, 220}; }

signals:
    void cursorMoved(float frameA);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    double xOf(float frameA) const;
    // The steps of paintEvent, in the order they draw; each leaves the painter's state as the
    // next expects it.
    void paintTimewarp(QPainter& p) const;
    void paintAlignment(QPainter& p) const;
    void paintConstraints(QPainter& p) const;
    void paintFrameAxis(QPainter& p) const;
    void paintLegends(QPainter& p) const;
    void paintCursor(QPainter& p) const;

    RegistrationPicture m_picture;
};

}  // namespace gs

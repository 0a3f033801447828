#pragma once
// The heat colour scale of match webs (the window's dock and `gaitspace-cli matchweb`): dark =
// similar, black through purple and orange to pale yellow.

#include <QColor>

#include <algorithm>
#include <cmath>

namespace gs {

// v in [0, 1] (clamped; not finite = the top of the scale).
inline QColor heatColour(float v) {
    static const QColor stops[] = {QColor(0, 0, 4), QColor(87, 16, 110), QColor(188, 55, 84),
                                   QColor(249, 142, 9), QColor(252, 255, 164)};
    v = std::clamp(std::isfinite(v) ? v : 1.0f, 0.0f, 1.0f) * 4.0f;
    const int k = std::min(static_cast<int>(v), 3);
    const float t = v - static_cast<float>(k);
    const QColor& a = stops[k];
    const QColor& b = stops[k + 1];
    return QColor::fromRgbF(a.redF() + t * (b.redF() - a.redF()),
                            a.greenF() + t * (b.greenF() - a.greenF()),
                            a.blueF() + t * (b.blueF() - a.blueF()));
}

}  // namespace gs

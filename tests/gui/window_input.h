#pragma once
// The window as the GUI tests show it, and mouse input they make as a user does: a drag in steps,
// a dock brought to the front by clicking its tab, drag data dropped on a widget.

#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QMimeData>
#include <QMouseEvent>
#include <QTabBar>
#include <QTest>

namespace gs::test {

// Shows the window at 1280x720, the size the GUI tests use, and makes it the active window: true
// when it was exposed and activated.
inline bool showActive(QWidget& w) {
    w.resize(1280, 720);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w)) return false;
    w.activateWindow();
    return QTest::qWaitForWindowActive(&w);
}

// A left-button drag from `from` to `to` in steps, as a mouse makes it.
inline void drag(QWidget* w, QPoint from, QPoint to) {
    QTest::mousePress(w, Qt::LeftButton, {}, from);
    for (int k = 1; k <= 8; ++k) {
        const QPoint p = from + (to - from) * k / 8;
        QMouseEvent move(QEvent::MouseMove, p, w->mapToGlobal(p), Qt::NoButton, Qt::LeftButton,
                         Qt::NoModifier);
        QApplication::sendEvent(w, &move);
    }
    QTest::mouseRelease(w, Qt::LeftButton, {}, to);
}

// Clicks the tab of a tabbed dock (its title), as a user brings it to the front; true when the
// dock was tabbed, or shows on its own.
inline bool clickTab(QMainWindow& window, QDockWidget* dock) {
    for (QTabBar* bar : window.findChildren<QTabBar*>())
        for (int i = 0; i < bar->count(); ++i)
            if (bar->isVisible() && bar->tabText(i) == dock->windowTitle()) {
                QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(i).center());
                return true;
            }
    return dock->isVisible();
}

// Drops `mime` (drag data, as a view makes it of its selection) in the middle of `target`, as a
// drag from another widget ends there: true when the target accepted the drag as it entered.
inline bool dropOn(QWidget* target, const QMimeData* mime) {
    const QPoint at(target->width() / 2, target->height() / 2);
    QDragEnterEvent enter(at, Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    if (!enter.isAccepted()) return false;
    QDropEvent drop(QPointF(at), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &drop);
    return true;
}

}  // namespace gs::test

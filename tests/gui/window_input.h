#pragma once
// The window as the GUI tests show it, and mouse input they make as a user does: a drag in steps,
// a dock brought to the front by clicking its tab, drag data dropped on a widget, a menu entry
// clicked, file dialogs answered by typing a path and clicking their button.

#include <QAbstractButton>
#include <QApplication>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QMouseEvent>
#include <QPointer>
#include <QTabBar>
#include <QTest>
#include <QTimer>

#include <functional>

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

// Answers the modal dialogs `open` brings up as a user does: each file dialog gets the next of
// `paths` typed into its name and its accept button clicked; a question about unsaved changes
// gets Discard clicked. The number of file dialogs answered.
inline int answerDialogs(const std::function<void()>& open, const QStringList& paths) {
    int answered = 0;
    QPointer<QFileDialog> last;  // the dialog answered last (null once it is gone)
    bool busy = false;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        QWidget* modal = QApplication::activeModalWidget();
        if (!modal || busy) return;
        // The click that answers comes last, the poll free again: what it brings up (the next
        // dialog) runs inside it.
        busy = true;
        QAbstractButton* answer = nullptr;
        if (auto* box = qobject_cast<QMessageBox*>(modal)) {
            answer = box->button(QMessageBox::Discard);
        } else if (auto* dialog = qobject_cast<QFileDialog*>(modal);
                   dialog && dialog != last.data() && answered < paths.size()) {
            auto* name = dialog->findChild<QLineEdit*>("fileNameEdit");
            auto* buttons = dialog->findChild<QDialogButtonBox*>();
            if (name && buttons) {
                last = dialog;
                name->setFocus();
                QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
                QTest::keyClicks(name, paths[answered++]);
                QTest::qWait(300);
                if (QWidget* popup = QApplication::activePopupWidget())
                    QTest::keyClick(popup, Qt::Key_Escape);
                for (QAbstractButton* b : buttons->buttons())
                    if (buttons->buttonRole(b) == QDialogButtonBox::AcceptRole) answer = b;
            }
        }
        busy = false;
        if (answer) QTest::mouseClick(answer, Qt::LeftButton);
    });
    poll.start(200);
    open();
    QTest::qWait(500);  // a second dialog the first one's answer brings up
    return answered;
}

// Clicks the entry `text` of the menu bar's menu `menu` with the mouse.
inline bool clickMenu(QMainWindow& window, const QString& menu, const QString& text) {
    QMenuBar* bar = window.menuBar();
    QMenu* shown = nullptr;
    for (QAction* a : bar->actions())
        if (a->text().remove('&') == menu) {
            QTest::mouseClick(bar, Qt::LeftButton, {}, bar->actionGeometry(a).center());
            shown = a->menu();
        }
    if (!shown || !QTest::qWaitFor([&] { return shown->isVisible(); })) return false;
    for (QAction* a : shown->actions())
        if (a->text().remove('&') == text) {
            QTest::mouseClick(shown, Qt::LeftButton, {}, shown->actionGeometry(a).center());
            return true;
        }
    return false;
}

}  // namespace gs::test

#pragma once
// GoalSpaceDock: a space's goal space of the live build at a chosen start frame (a fan per start
// blend, each with its own symbol, the chosen one strong; docs/method.md, "Goal spaces"), next to
// the live steer space with the two chosen samples boxed. It follows the live run at most ten times
// a second, and only while it is shown.

#include <QDockWidget>
#include <QElapsedTimer>

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace gs {

class GoalSpaceView;
class LiveRun;

class GoalSpaceDock : public QDockWidget {
    Q_OBJECT
public:
    explicit GoalSpaceDock(LiveRun* run, QWidget* parent = nullptr);
    GoalSpaceView* view() const { return m_view; }
    // Draws the view from the live run now.
    void refresh();

private:
    LiveRun* m_run;
    GoalSpaceView* m_view;
    QComboBox* m_space;
    QSpinBox* m_startFrame;
    QSpinBox* m_startBlend;
    QCheckBox* m_onlyChosen;
    QElapsedTimer m_last;
};

}  // namespace gs

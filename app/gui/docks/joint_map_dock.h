#pragma once
// JointMapDock: how the project's character is retargeted to the clips. One row per joint of the
// character: its role (hips, left knee, ...), the clip joint that drives it (a choice of the
// clip's joints, or none), and a summary of what is mapped (legs, spine, arms; feet by leg IK).
// The map shown is the one in use: the built-in one from the joints' roles, or the project's own
// once the user edits a row; every edit is undoable and saved with the project (the character's
// joint_map), and Built-in goes back to the roles.

#include <QDockWidget>

class QLabel;
class QPushButton;
class QTableWidget;

namespace gs {

class ProjectDocument;
class Viewport;

class JointMapDock : public QDockWidget {
    Q_OBJECT
public:
    JointMapDock(ProjectDocument* doc, Viewport* view, QWidget* parent = nullptr);
    QTableWidget* table() const { return m_table; }
    QString summary() const;
    // The clip joint shown for a character joint ("" = none).
    QString sourceOf(const QString& targetJoint) const;
    // Refills from the character drawn now.
    void refresh();

private:
    void edit(int row, const QString& source);

    ProjectDocument* m_doc;
    Viewport* m_view;
    QLabel* m_summary;
    QTableWidget* m_table;
    QPushButton* m_builtIn;
    bool m_filling = false;
};

}  // namespace gs

#pragma once
// RegistrationDock: B's registration curve against the reference A, computed in the background
// with progress and Cancel: the timewarp, the alignment curve and the matched foot strikes over
// A's frames. Clicking or dragging the plots moves a cursor and asks the window to show A at
// that frame (showClipFrame); while A is the clip shown, the cursor follows the timeline and B is
// drawn as a ghost at the warped frame, aligned onto A (follow(), ghostMoved).

#include <QDockWidget>

#include <glm/glm.hpp>

#include <memory>

#include "app/document/project_document.h"

class QLabel;

namespace gs {

class BackgroundTask;
class ClipPairRow;
class RegistrationView;
struct RegistrationRun;

class RegistrationDock : public QDockWidget {
    Q_OBJECT
public:
    explicit RegistrationDock(ProjectDocument* doc, QWidget* parent = nullptr);
    ~RegistrationDock() override;

    RegistrationView* view() const { return m_view; }
    BackgroundTask* task() const { return m_task; }
    bool isComputing() const;
    void compute(const QString& a, const QString& b);
    // Shows A at one of its working frames with B at the matching frame.
    void showFrame(float frameA);
    // The clip shown in the 3D view is at `frame` of its file: when it is this registration's A
    // and the poses were asked for here, the cursor and the ghost follow (ghostMoved).
    void follow(const QString& shown, float frame);
    // Stop following (another dock showed poses).
    void unlink() { m_linked = false; }
    QString shownA() const;
    QString shownB() const;
    // The registration's path (cells of the match web of A and B), empty when none.
    std::vector<glm::ivec2> path() const;

signals:
    // Show clip `a` at frame `frame` of its file.
    void showClipFrame(const QString& a, float frame);
    void ghostMoved(const QString& b, float frameB, const glm::mat4& toA);
    // A registration of A and B is shown (its path may go over their match web).
    void computed(const QString& a, const QString& b);
    void message(gs::ProjectDocument::Level level, const QString& text);

private:
    ProjectDocument* m_doc;
    BackgroundTask* m_task;
    ClipPairRow* m_pair;
    RegistrationView* m_view;
    QLabel* m_info;
    std::shared_ptr<const RegistrationRun> m_shown;
    bool m_linked = false;
};

}  // namespace gs

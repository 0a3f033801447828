#pragma once
// ClipPairRow: what the match-web and registration docks share. A row choosing clips A and B of
// the project (following the library: adds, removes, renames), a Compute button, and under it a
// busy row with the progress of the computation and its Cancel; and the mapping between a
// project clip's working frames (trimmed, at the project's rate: what the analyses read) and its
// source file's frames (what the 3D view plays).

#include <QWidget>

#include <glm/glm.hpp>

#include <functional>
#include <memory>

class QComboBox;
class QProgressBar;
class QPushButton;
class QToolButton;

namespace gs {

class BackgroundTask;
struct Alignment;
struct Clip;
struct ClipAnalysis;
struct ProjectClip;
class ProjectDocument;
class TaskControl;

class ClipPairRow : public QWidget {
    Q_OBJECT
public:
    // `sameAgain`: B may be "(A again)" (an empty id).
    ClipPairRow(ProjectDocument* doc, BackgroundTask* task, bool sameAgain,
                QWidget* parent = nullptr);
    QString a() const;
    QString b() const;  // empty = A again (when allowed)
    void setPair(const QString& a, const QString& b);
    QPushButton* computeButton() const { return m_compute; }
    QProgressBar* progressBar() const { return m_progress; }

signals:
    void computeRequested(const QString& a, const QString& b);

private:
    void refill();

    ProjectDocument* m_doc;
    bool m_sameAgain;
    QComboBox* m_a;
    QComboBox* m_b;
    QPushButton* m_compute;
    QWidget* m_busy;
    QProgressBar* m_progress;
};

// The working clip of a project clip (trimmed, at the project's rate), or null while unread.
std::shared_ptr<const Clip> workingClipOf(const ProjectDocument* doc, const QString& id);
// The working clips of a pair to analyse, B being A again when `idB` is empty. `missing` names
// the first of the two that is not read yet (empty when both are, and `a` and `b` are set).
struct WorkingClipPair {
    QString idA, idB;
    std::shared_ptr<const Clip> a, b;
    QString missing;
};
WorkingClipPair workingClipPair(const ProjectDocument* doc, const QString& idA, const QString& idB);
// A job's progress callback (the fraction done, 0 to 1) that reports it to `control` in
// thousandths and returns false once the task is cancelled. `control` must outlive the callback.
std::function<bool(float)> progressTo(TaskControl& control);
// A working frame of a project clip as a frame of its source file, and back.
float sourceFrame(const ProjectClip& clip, const ClipAnalysis& analysis, float projectFps,
                  float frame);
float workingFrame(const ProjectClip& clip, const ClipAnalysis& analysis, float projectFps,
                   float source);
// The rigid ground-plane motion of an alignment as a matrix (for the 3D view's ghost).
glm::mat4 alignmentMatrix(const Alignment& alignment);

}  // namespace gs

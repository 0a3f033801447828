#pragma once
// MatchWebDock: the match web of two clips (or a clip with itself) computed in the background
// with progress and Cancel, drawn with its minima, chains and the cheapest timewarp (toggles).
// Hovering names the cell; a click asks the window to show frame i of A in the 3D view with frame
// j of B as a ghost moved by the cell's 2D alignment onto it (showPoses); the view keeps its
// zoom. Export writes the picture (PNG) or the distances (CSV), as `gaitspace-cli matchweb` does.

#include <QDockWidget>

#include <glm/glm.hpp>

#include <memory>

#include "app/document/project_document.h"

class QCheckBox;
class QLabel;

namespace gs {

class BackgroundTask;
class ClipPairRow;
class MatchWebView;
struct MatchWebRun;

class MatchWebDock : public QDockWidget {
    Q_OBJECT
public:
    explicit MatchWebDock(ProjectDocument* doc, QWidget* parent = nullptr);
    ~MatchWebDock() override;

    MatchWebView* view() const { return m_view; }
    BackgroundTask* task() const { return m_task; }
    bool isComputing() const;
    // In the background (clip ids; B empty = A again); a newer request replaces a running one.
    void compute(const QString& a, const QString& b);
    // Shows the cell's poses (showPoses) and says what they are.
    void showCell(int i, int j);
    // The web shown as a PNG and/or a CSV of distances (empty = not written).
    Status exportWeb(const QString& png, const QString& csv);
    // The ids of the web shown (empty when none).
    QString shownA() const;
    QString shownB() const;

signals:
    // Show `a` at source frame `frameA` with `b` at `frameB` as a ghost, `toA` carrying B's
    // world onto A's.
    void showPoses(const QString& a, float frameA, const QString& b, float frameB,
                   const glm::mat4& toA);
    void message(gs::ProjectDocument::Level level, const QString& text);

private:
    ProjectDocument* m_doc;
    BackgroundTask* m_task;
    ClipPairRow* m_pair;
    MatchWebView* m_view;
    QCheckBox* m_minima;
    QCheckBox* m_chains;
    QCheckBox* m_path;
    QLabel* m_info;
    std::shared_ptr<const MatchWebRun> m_shown;
};

}  // namespace gs

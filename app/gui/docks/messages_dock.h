#pragma once
// MessagesDock: the Messages dock. A line per message (an error raises the dock), and a busy row
// with the progress of the work under way in the background (the document's import and
// analysis, and every BackgroundTask it tracks: opening, builds, bakes) and one Cancel that stops
// all of it. When several run at once the row shows the one started last.

#include <QDockWidget>

#include "app/document/project_document.h"

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;

namespace gs {

class BackgroundTask;

class MessagesDock : public QDockWidget {
    Q_OBJECT
public:
    explicit MessagesDock(ProjectDocument* doc, QWidget* parent = nullptr);

    void addMessage(ProjectDocument::Level level, const QString& text);
    // Shows the task's progress while it runs ("what: stage"); Cancel cancels it.
    void track(BackgroundTask* task);
    bool isBusy() const { return !m_busy.empty(); }

    QListWidget* list() const { return m_list; }
    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* progressBar() const { return m_progress; }

signals:
    // A warning or an error, for the status bar.
    void statusMessage(const QString& text, int milliseconds);

private:
    struct Busy {
        const QObject* source;
        QString label;
        int value = 0, maximum = 0;
    };
    void setBusy(const QObject* source, bool busy, const QString& label = {});
    void setProgress(const QObject* source, int value, int maximum, const QString& text = {});
    void showBusy();

    ProjectDocument* m_doc;
    QListWidget* m_list;
    QWidget* m_busyRow;
    QLabel* m_busyLabel;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    std::vector<Busy> m_busy;  // oldest first
    QList<BackgroundTask*> m_tasks;
};

}  // namespace gs

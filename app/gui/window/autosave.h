#pragma once
// Autosave: projects are never lost. Unsaved changes of the document are copied every 60 s
// (GAITSPACE_AUTOSAVE_MS overrides it, 100 ms to 1 h) to a side file of this process, with the
// project's own path beside it; the side file goes when the document is saved, replaced or
// closed cleanly. A lock file marks the side file of a running process, so that the next start
// offers to recover only those whose process did not end cleanly (recover()).

#include <QDateTime>
#include <QLockFile>
#include <QObject>

#include <functional>
#include <memory>

#include "app/document/project_document.h"

class QTimer;
class QWidget;

namespace gs {

class Autosave : public QObject {
    Q_OBJECT
public:
    Autosave(ProjectDocument* doc, QWidget* dialogParent);
    ~Autosave() override;

    // The folder of side files (GAITSPACE_AUTOSAVE_DIR, else the application data folder).
    static QString folder();
    QString file() const { return m_file; }
    // Writes the side file now (when the document has unsaved changes).
    void saveNow();
    // Removes this process's side file (the changes are saved, or given up).
    void clear();

    // Side files left by processes that did not end cleanly: for each, `accept` (default: a
    // question box) says whether to recover it; the first accepted one becomes the document
    // (unsaved, under its original path), the others are discarded. True if one was recovered.
    using Question = std::function<bool(const QString& original, const QDateTime& when)>;
    bool recover(Question accept = {});

signals:
    void message(gs::ProjectDocument::Level level, const QString& text);
    void statusMessage(const QString& text, int milliseconds);

private:
    ProjectDocument* m_doc;
    QWidget* m_dialogParent;
    QTimer* m_timer;
    QString m_file;
    std::unique_ptr<QLockFile> m_lock;
};

}  // namespace gs

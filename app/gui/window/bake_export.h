#pragma once
// BakeExport: File > Export Baked Space. The document's spaces baked (as `gaitspace-cli bake`
// does: behavioral space, goal spaces, settings) and written as a .gspace file, in the
// background with progress and Cancel; a cancelled export writes nothing.

#include <QObject>

#include "app/document/project_document.h"

namespace gs {

class BackgroundTask;

class BakeExport : public QObject {
    Q_OBJECT
public:
    BakeExport(ProjectDocument* doc, QObject* parent = nullptr);
    BackgroundTask* task() const { return m_task; }
    bool isExporting() const;
    void exportTo(const QString& path);

signals:
    void exported(const QString& path, bool ok);
    void message(gs::ProjectDocument::Level level, const QString& text);

private:
    ProjectDocument* m_doc;
    BackgroundTask* m_task;
};

}  // namespace gs

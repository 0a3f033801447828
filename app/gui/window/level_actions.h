#pragma once
// LevelActions: File > Level… / Clear Level / Export Baked Level…. The project's level (a mesh
// any format Assimp reads) is set and cleared as one undoable step each; the live run shows it
// once rebuilt. Export bakes its navigation mesh for the project's agent (as `gaitspace-cli
// bake-level PROJECT` does) and writes the .gslevel file the runtime's navigation loads.

#include <QObject>

#include "app/document/project_document.h"

class QWidget;

namespace gs {

class LevelActions : public QObject {
    Q_OBJECT
public:
    // `window` parents the dialogs.
    LevelActions(ProjectDocument* doc, QWidget* window);

    void chooseDialog();
    // The level mesh `path` for the project (relative to it, or under the data folder).
    void setLevel(const QString& path);
    void clear();
    void exportDialog();
    // Bakes the project's level and writes it to `path`; false (with a message) when it cannot.
    bool exportTo(const QString& path);

signals:
    void message(gs::ProjectDocument::Level level, const QString& text);

private:
    ProjectDocument* m_doc;
    QWidget* m_window;
};

}  // namespace gs

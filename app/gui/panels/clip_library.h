#pragma once
// The clip library's table: the document's clips (name, then what matters for building: speed,
// turn, cycles, problems; then style, frames, fps, duration). Names and styles are edited in
// place and go to the document, which makes them undoable. Rows are selected many at a time
// (Shift, Ctrl) and drag out together as clip ids; files dropped on it are forwarded.

#include <QAbstractTableModel>
#include <QHash>
#include <QTableView>

#include <memory>

namespace gs {

class ProjectDocument;

class ClipLibraryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Speed, Turn, Cycles, Problem, Style, Frames, Fps, Duration, ColumnCount };

    explicit ClipLibraryModel(ProjectDocument* doc, QObject* parent = nullptr);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    // Rows dragged out carry their clip ids (kClipIdsMime), e.g. into a motion space.
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;

    QString idAt(int row) const;
    int rowOf(const QString& id) const;

private:
    // Root-motion figures of a row's clip as trimmed (cached: painting asks often).
    const struct RootMotionStats* stats(int row) const;

    ProjectDocument* m_doc;
    mutable QHash<QString, std::pair<QString, std::shared_ptr<struct RootMotionStats>>> m_stats;
};

// The table: extended selection, rows dragged out, files dropped in (filesDropped).
class ClipLibraryView : public QTableView {
    Q_OBJECT
public:
    explicit ClipLibraryView(QWidget* parent = nullptr);

signals:
    void filesDropped(const QStringList& files);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;
};

// The MIME type of dragged clip ids (UTF-8, one per line), and the ids a drag carries.
inline constexpr const char* kClipIdsMime = "application/x-gaitspace-clip-ids";
QStringList draggedClipIds(const class QMimeData* mime);

// Local files named by dropped URLs.
QStringList droppedFiles(const class QMimeData* mime);

}  // namespace gs

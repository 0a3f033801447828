#pragma once
// SpaceClipTable: a table of a motion space's clips (or its stops or starts) that accepts clip ids
// dragged from the library and forwards the Delete key.

#include <QStringList>
#include <QTableWidget>

namespace gs {

// The clips of a space: accepts clip ids dragged from the library, forwards Delete.
class SpaceClipTable : public QTableWidget {
    Q_OBJECT
public:
    explicit SpaceClipTable(QWidget* parent = nullptr);
signals:
    void clipsDropped(const QStringList& ids);
    void deleteRequested();

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
};

}  // namespace gs

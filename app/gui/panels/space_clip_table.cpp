#include "app/gui/panels/space_clip_table.h"

#include <QDragEnterEvent>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMimeData>

#include "app/gui/panels/clip_library.h"

namespace gs {

SpaceClipTable::SpaceClipTable(QWidget* parent) : QTableWidget(parent) {
    setAcceptDrops(true);
    setDragDropMode(QAbstractItemView::DropOnly);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    verticalHeader()->hide();
}

void SpaceClipTable::dragEnterEvent(QDragEnterEvent* event) {
    if (!draggedClipIds(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void SpaceClipTable::dragMoveEvent(QDragMoveEvent* event) {
    if (!draggedClipIds(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void SpaceClipTable::dropEvent(QDropEvent* event) {
    const QStringList ids = draggedClipIds(event->mimeData());
    if (ids.isEmpty()) return;
    event->acceptProposedAction();
    emit clipsDropped(ids);
}

void SpaceClipTable::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) {
        emit deleteRequested();
        return;
    }
    QTableWidget::keyPressEvent(event);
}

}  // namespace gs

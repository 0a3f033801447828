#include "app/gui/panels/clip_library.h"

#include <QDragEnterEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QMimeData>
#include <QUrl>

#include <cmath>
#include <numbers>

#include "app/document/clip_analysis.h"
#include "app/document/project_document.h"

namespace gs {

ClipLibraryModel::ClipLibraryModel(ProjectDocument* doc, QObject* parent)
    : QAbstractTableModel(parent), m_doc(doc) {
    auto reset = [this] {
        beginResetModel();
        m_stats.clear();
        endResetModel();
    };
    connect(doc, &ProjectDocument::projectReset, this, reset);
    connect(doc, &ProjectDocument::clipsChanged, this, reset);
    auto rowChanged = [this](const QString& id) {
        const int row = rowOf(id);
        if (row >= 0) emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    };
    connect(doc, &ProjectDocument::clipChanged, this, rowChanged);
    connect(doc, &ProjectDocument::analysisReady, this, rowChanged);
}

int ClipLibraryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_doc->clipCount();
}
int ClipLibraryModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString ClipLibraryModel::idAt(int row) const {
    return row >= 0 && row < m_doc->clipCount() ? m_doc->project().clips[row].id : QString();
}

int ClipLibraryModel::rowOf(const QString& id) const { return m_doc->indexOf(id); }

QVariant ClipLibraryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        switch (section) {
            case Speed:
                return tr(
                    "Speed along the root's path, metres per second (of the clip as trimmed)");
            case Turn:
                return tr("Heading change over the clip, degrees, + = left");
            case Cycles:
                return tr("Whole gait cycles the detector finds, in the clip as trimmed");
            case Problem:
                return tr("Why the clip cannot be used, if it cannot");
            default:
                return {};
        }
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case Name:
            return tr("Name");
        case Style:
            return tr("Style");
        case Frames:
            return tr("Frames");
        case Fps:
            return tr("fps");
        case Duration:
            return tr("Seconds");
        case Speed:
            return tr("m/s");
        case Turn:
            return tr("Turn °");
        case Cycles:
            return tr("Cycles");
        case Problem:
            return tr("Problem");
        default:
            return {};
    }
}

Qt::ItemFlags ClipLibraryModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.column() == Name || index.column() == Style) f |= Qt::ItemIsEditable;
    if (index.isValid()) f |= Qt::ItemIsDragEnabled;
    return f;
}

QVariant ClipLibraryModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_doc->clipCount()) return {};
    const ProjectClip& c = m_doc->project().clips[index.row()];
    const auto a = m_doc->clipAnalysis(c.id);
    if (role == Qt::ToolTipRole) {
        QString tip = m_doc->project().resolve(c.source);
        if (a) tip += "\n" + QString::fromStdString(a->units.reason);
        if (a) tip += "\n" + QString::fromStdString(a->rootMotion.sentence);
        if (!c.error.isEmpty()) tip += "\n" + c.error;
        return tip;
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() != Name && index.column() != Style && index.column() != Problem
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
    const Clip* source = a ? &a->source : nullptr;
    const int last = source ? source->frameCount() - 1 : 0;
    const int in = c.trimIn < 0 ? 0 : c.trimIn, out = c.trimOut < 0 ? last : c.trimOut;
    switch (index.column()) {
        case Name:
            return c.id;
        case Style:
            return c.style;
        case Frames:
            if (source) return out - in + 1;
            return c.clip ? QVariant(c.clip->frameCount()) : QVariant();
        case Fps:
            if (source) return QString::number(source->fps, 'g', 4);
            return c.clip ? QVariant(QString::number(c.clip->fps, 'g', 4)) : QVariant();
        case Duration:
            if (source) return QString::number((out - in) / source->fps, 'f', 2);
            return c.clip ? QVariant(QString::number(c.clip->duration(), 'f', 2)) : QVariant();
        case Speed:
            if (!c.clip) return {};
            return QString::number(stats(index.row())->speed, 'f', 2);
        case Turn:
            if (!c.clip) return {};
            return QString::number(stats(index.row())->headingChange * 180.0 / std::numbers::pi,
                                   'f', 0);
        case Cycles:
            if (!a) return c.error.isEmpty() ? tr("…") : QString();
            if (!a->cycleError.isEmpty()) return tr("?");
            return a->cycles.periodic ? QVariant(trimmedCycles(*a, c.trimIn, c.trimOut))
                                      : QVariant(tr("none"));
        case Problem:
            return c.error;
        default:
            return {};
    }
}

const RootMotionStats* ClipLibraryModel::stats(int row) const {
    const ProjectClip& c = m_doc->project().clips[row];
    // The figures change with the trim: the cache entry names the trim it was made for.
    const QString version = QStringLiteral("%1:%2").arg(c.trimIn).arg(c.trimOut);
    auto it = m_stats.find(c.id);
    if (it == m_stats.end() || it->first != version)
        it = m_stats.insert(c.id,
                            {version, std::make_shared<RootMotionStats>(rootMotionStats(*c.clip))});
    return it->second.get();
}

bool ClipLibraryModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::EditRole || !index.isValid()) return false;
    const QString id = idAt(index.row());
    if (index.column() == Name) return m_doc->renameClip(id, value.toString());
    if (index.column() == Style) {
        m_doc->setClipStyle(id, value.toString());
        return true;
    }
    return false;
}

QStringList ClipLibraryModel::mimeTypes() const { return {QString::fromLatin1(kClipIdsMime)}; }

QMimeData* ClipLibraryModel::mimeData(const QModelIndexList& indexes) const {
    QStringList ids;
    for (const QModelIndex& index : indexes) {
        const QString id = idAt(index.row());
        if (!id.isEmpty() && !ids.contains(id)) ids << id;
    }
    if (ids.isEmpty()) return nullptr;
    auto* mime = new QMimeData;
    mime->setData(kClipIdsMime, ids.join('\n').toUtf8());
    return mime;
}

QStringList draggedClipIds(const QMimeData* mime) {
    if (!mime || !mime->hasFormat(kClipIdsMime)) return {};
    return QString::fromUtf8(mime->data(kClipIdsMime)).split('\n', Qt::SkipEmptyParts);
}

ClipLibraryView::ClipLibraryView(QWidget* parent) : QTableView(parent) {
    setAcceptDrops(true);
    setDragEnabled(true);  // clip rows drag out (into a motion space); files drop in
    setDragDropMode(QAbstractItemView::DragDrop);
    setDefaultDropAction(Qt::CopyAction);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    verticalHeader()->hide();
    horizontalHeader()->setStretchLastSection(true);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
}

QStringList droppedFiles(const QMimeData* mime) {
    QStringList files;
    if (!mime || !mime->hasUrls()) return files;
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile() && QFileInfo(url.toLocalFile()).isFile()) files << url.toLocalFile();
    return files;
}

void ClipLibraryView::dragEnterEvent(QDragEnterEvent* event) {
    if (!droppedFiles(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void ClipLibraryView::dragMoveEvent(QDragMoveEvent* event) {
    if (!droppedFiles(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void ClipLibraryView::dropEvent(QDropEvent* event) {
    const QStringList files = droppedFiles(event->mimeData());
    if (files.isEmpty()) return;
    event->acceptProposedAction();
    emit filesDropped(files);
}

}  // namespace gs

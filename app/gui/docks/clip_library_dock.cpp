#include "app/gui/docks/clip_library_dock.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "app/document/clip_analysis.h"
#include "app/document/project_document.h"
#include "app/gui/panels/clip_library.h"
#include "core/clip/root_motion.h"

namespace gs {

ClipLibraryDock::ClipLibraryDock(ProjectDocument* doc, QWidget* parent)
    : QDockWidget(tr("Clip library"), parent), m_doc(doc) {
    setObjectName("libraryDock");
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    m_view = new ClipLibraryView(content);
    m_view->setObjectName("clipLibrary");
    m_model = new ClipLibraryModel(doc, this);
    m_view->setModel(m_model);
    m_view->setColumnWidth(ClipLibraryModel::Name, 80);
    for (int c = ClipLibraryModel::Speed; c < ClipLibraryModel::ColumnCount; ++c)
        m_view->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_details = new QLabel(content);
    m_details->setObjectName("clipDetails");
    m_details->setWordWrap(true);
    m_details->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QHBoxLayout;
    auto* importButton = new QPushButton(tr("Import…"), content);
    auto* deleteButton = new QPushButton(tr("Delete"), content);
    deleteButton->setObjectName("libraryDelete");
    buttons->addWidget(importButton);
    buttons->addWidget(deleteButton);
    buttons->addStretch(1);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_details);
    layout->addLayout(buttons);
    setWidget(content);

    connect(importButton, &QPushButton::clicked, this, &ClipLibraryDock::importRequested);
    connect(deleteButton, &QPushButton::clicked, this, [this] { deleteSelection(); });
    connect(m_view, &ClipLibraryView::filesDropped, this, &ClipLibraryDock::filesDropped);
    // A clip is chosen when its row becomes current and selected (a click, the arrow keys); a
    // current row without a selection (the focus arriving in the table) chooses nothing.
    auto activate = [this] {
        updateDetails();
        if (m_setting) return;
        const QModelIndex current = m_view->selectionModel()->currentIndex();
        const QString id = m_model->idAt(current.row());
        if (!id.isEmpty() && m_view->selectionModel()->isRowSelected(current.row(), {}))
            emit clipActivated(id);
    };
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, activate);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, activate);
    // A rename, a trim, the analysis arriving: the details follow at once.
    connect(doc, &ProjectDocument::clipChanged, this, &ClipLibraryDock::updateDetails);
    connect(doc, &ProjectDocument::analysisReady, this, &ClipLibraryDock::updateDetails);
    connect(doc, &ProjectDocument::clipsChanged, this, &ClipLibraryDock::updateDetails);
    connect(doc, &ProjectDocument::projectReset, this, &ClipLibraryDock::updateDetails);
    updateDetails();
}

QString ClipLibraryDock::currentClip() const {
    return m_model->idAt(m_view->selectionModel()->currentIndex().row());
}

QStringList ClipLibraryDock::selectedClips() const {
    QList<int> rows;
    for (const QModelIndex& index : m_view->selectionModel()->selectedRows()) rows << index.row();
    std::sort(rows.begin(), rows.end());
    QStringList ids;
    for (int row : rows)
        if (const QString id = m_model->idAt(row); !id.isEmpty()) ids << id;
    if (ids.isEmpty() && !currentClip().isEmpty()) ids << currentClip();
    return ids;
}

void ClipLibraryDock::setCurrentClip(const QString& id) {
    // Already current (the user's click made it so): the selection is the user's, many rows may
    // be in it.
    if (!id.isEmpty() && id == currentClip()) return;
    m_setting = true;
    const int row = m_model->rowOf(id);
    if (row < 0) {
        m_view->clearSelection();
        m_view->selectionModel()->setCurrentIndex({}, QItemSelectionModel::Clear);
    } else {
        m_view->selectionModel()->setCurrentIndex(
            m_model->index(row, 0),
            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
    m_setting = false;
    updateDetails();
}

QString ClipLibraryDock::details() const { return m_details->text(); }

void ClipLibraryDock::updateDetails() {
    const QStringList selected = selectedClips();
    const QString id = currentClip();
    const ProjectClip* c = m_doc->clip(id);
    if (!c) {
        m_details->setText(
            m_doc->clipCount()
                ? tr("%1 clips. Select one to play it; Shift or Ctrl selects more to drag "
                     "into a motion space together.")
                      .arg(m_doc->clipCount())
                : tr("No clips: Import, or drop motion files here."));
        return;
    }
    QStringList parts;
    if (c->clip) {
        const RootMotionStats stats = rootMotionStats(*c->clip);
        parts << tr("%1 frames at %2 fps (%3 s)")
                     .arg(c->clip->frameCount())
                     .arg(c->clip->fps, 0, 'g', 3)
                     .arg(c->clip->duration(), 0, 'f', 2)
              << tr("%1 m/s").arg(stats.speed, 0, 'f', 2)
              << tr("turn %1°").arg(stats.headingChange * 180.0 / std::numbers::pi, 0, 'f', 0);
    }
    if (const auto a = m_doc->clipAnalysis(id)) {
        if (!a->cycleError.isEmpty())
            parts << tr("cycles: %1").arg(a->cycleError);
        else if (!a->cycles.periodic)
            parts << tr("no gait cycles");
        else if (const int kept = trimmedCycles(*a, c->trimIn, c->trimOut);
                 kept != a->cycles.cycles)
            parts
                << tr("%1 gait cycles as trimmed (%2 in the file)").arg(kept).arg(a->cycles.cycles);
        else
            parts << tr("%1 gait cycles").arg(kept);
    }
    if (!c->style.isEmpty()) parts << tr("style %1").arg(c->style);
    QString text =
        QStringLiteral("<b>%1</b>: %2").arg(id.toHtmlEscaped(), parts.join(", ").toHtmlEscaped());
    if (!c->error.isEmpty())
        text += QStringLiteral("<br><span style='color:#c03020'>%1</span>")
                    .arg(c->error.toHtmlEscaped());
    if (selected.size() > 1) text += tr("<br>%1 clips selected").arg(selected.size());
    m_details->setText(text);
}

QString ClipLibraryDock::renameText() const {
    const QString id = currentClip();
    return id.isEmpty() ? QString() : tr("Rename %1").arg(id);
}

QString ClipLibraryDock::deleteText() const {
    const QStringList ids = selectedClips();
    if (ids.isEmpty()) return {};
    return ids.size() == 1 ? tr("Delete %1").arg(ids.front())
                           : tr("Delete %1 clips").arg(ids.size());
}

bool ClipLibraryDock::renameSelection() {
    const int row = m_model->rowOf(currentClip());
    if (row < 0) return false;
    m_view->setFocus();
    m_view->edit(m_model->index(row, ClipLibraryModel::Name));
    return true;
}

bool ClipLibraryDock::deleteSelection() {
    const QStringList ids = selectedClips();
    if (ids.isEmpty()) return false;
    m_doc->removeClips(ids);
    return true;
}

void ClipLibraryDock::tagStyle() {
    const int row = m_model->rowOf(currentClip());
    if (row >= 0) m_view->edit(m_model->index(row, ClipLibraryModel::Style));
}

}  // namespace gs

#include "app/gui/docks/joint_map_dock.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "app/document/project_document.h"
#include "core/clip/humanoid_names.h"
#include "widgets/viewport.h"

namespace gs {

JointMapDock::JointMapDock(ProjectDocument* doc, Viewport* view, QWidget* parent)
    : QDockWidget(tr("Joint map"), parent), m_doc(doc), m_view(view) {
    setObjectName("jointMapDock");
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    m_summary = new QLabel(content);
    m_summary->setObjectName("jointMapSummary");
    m_summary->setWordWrap(true);
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_table = new QTableWidget(0, 3, content);
    m_table->setObjectName("jointMapTable");
    m_table->setHorizontalHeaderLabels({tr("Character joint"), tr("Role"), tr("Clip joint")});
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    auto* buttons = new QHBoxLayout;
    m_builtIn = new QPushButton(tr("Built-in"), content);
    m_builtIn->setObjectName("jointMapBuiltIn");
    m_builtIn->setToolTip(tr("Drop the project's own map: joints paired by their roles again"));
    buttons->addStretch(1);
    buttons->addWidget(m_builtIn);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);
    setWidget(content);

    connect(view, &Viewport::characterChanged, this, &JointMapDock::refresh);
    connect(doc, &ProjectDocument::characterChanged, this, &JointMapDock::refresh);
    connect(m_builtIn, &QPushButton::clicked, this, [this] {
        ProjectCharacter c = m_doc->project().character;
        if (c.jointMap.empty()) return;
        c.jointMap.clear();
        m_doc->setCharacter(c, tr("Built-in joint map"));
    });
    refresh();
}

QString JointMapDock::summary() const { return m_summary->text(); }

QString JointMapDock::sourceOf(const QString& target) const {
    for (int row = 0; row < m_table->rowCount(); ++row)
        if (m_table->item(row, 0)->text() == target)
            if (auto* combo = qobject_cast<QComboBox*>(m_table->cellWidget(row, 2)))
                return combo->currentData().toString();
    return {};
}

void JointMapDock::refresh() {
    m_filling = true;
    const Character* character = m_view->character();
    const Retarget* r = character ? character->retarget() : nullptr;
    const ProjectCharacter& pc = m_doc->project().character;
    m_builtIn->setEnabled(!pc.jointMap.empty());
    m_table->setRowCount(0);
    if (!r) {
        m_summary->setText(
            pc.source.isEmpty()
                ? tr("The mannequin is drawn: it is built around the clips' own skeleton. "
                     "Character > "
                     "Load Model retargets a skinned model to them.")
                : tr("%1 is not drawn yet (it is retargeted once a clip or the live run is shown).")
                      .arg(QFileInfo(pc.source).fileName()));
        m_filling = false;
        return;
    }
    m_summary->setText(tr("%1: %2 of %3 joints driven by the clip (%4); %5 map.")
                           .arg(QFileInfo(m_view->model()).fileName())
                           .arg(r->mappedCount)
                           .arg(r->target.jointCount())
                           .arg(QString::fromStdString(r->describe()))
                           .arg(pc.jointMap.empty()
                                    ? tr("the built-in (%1)")
                                          .arg(QString::fromStdString(character->jointMap().name))
                                    : tr("the project's own")));
    QStringList roles(r->target.jointCount());
    for (int role = 0; role < kHumanoidRoleCount; ++role)
        if (const int j = r->targetRoles.joints[role]; j >= 0)
            roles[j] = roleName(static_cast<HumanoidRole>(role));
    for (int t = 0; t < r->target.jointCount(); ++t) {
        m_table->insertRow(t);
        m_table->setItem(t, 0, new QTableWidgetItem(QString::fromStdString(r->target.names[t])));
        m_table->setItem(t, 1, new QTableWidgetItem(roles[t]));
        auto* combo = new QComboBox(m_table);
        combo->setObjectName(QStringLiteral("map_") + QString::fromStdString(r->target.names[t]));
        combo->addItem(tr("(none)"), QString());
        for (const std::string& s : r->source.names)
            combo->addItem(QString::fromStdString(s), QString::fromStdString(s));
        const int s = r->sourceOf[t];
        combo->setCurrentIndex(s >= 0 ? s + 1 : 0);
        combo->setFocusPolicy(Qt::StrongFocus);
        m_table->setCellWidget(t, 2, combo);
        connect(combo, &QComboBox::activated, this,
                [this, t, combo] { edit(t, combo->currentData().toString()); });
    }
    m_table->resizeColumnToContents(0);
    m_table->resizeColumnToContents(1);
    m_filling = false;
}

void JointMapDock::edit(int row, const QString& source) {
    if (m_filling) return;
    const Character* character = m_view->character();
    const Retarget* r = character ? character->retarget() : nullptr;
    if (!r || row < 0 || row >= r->target.jointCount()) return;
    // The map in use with this row changed becomes the project's own.
    std::vector<std::pair<QString, QString>> map;
    for (int t = 0; t < r->target.jointCount(); ++t) {
        const QString target = QString::fromStdString(r->target.names[t]);
        const QString from =
            t == row
                ? source
                : (r->sourceOf[t] >= 0 ? QString::fromStdString(r->source.names[r->sourceOf[t]])
                                       : QString());
        if (!from.isEmpty()) map.emplace_back(target, from);
    }
    ProjectCharacter c = m_doc->project().character;
    if (c.jointMap == map) return;
    c.jointMap = std::move(map);
    const QString target = QString::fromStdString(r->target.names[row]);
    m_doc->setCharacter(
        c, source.isEmpty() ? tr("Unmap %1").arg(target) : tr("Map %1 to %2").arg(target, source));
}

}  // namespace gs

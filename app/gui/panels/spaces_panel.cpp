#include "app/gui/panels/spaces_panel.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDragEnterEvent>
#include <QElapsedTimer>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QMimeData>
#include <QPushButton>

#include <algorithm>
#include <QSpinBox>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>
#include <optional>

#include "app/document/background_task.h"
#include "app/document/mirror_turn.h"
#include "app/document/project_document.h"
#include "app/document/space_commands.h"
#include "app/gui/panels/clip_library.h"
#include "core/authoring_limits.h"
#include "core/clip/root_motion.h"
#include "core/clip/skeleton_match.h"
#include "core/loops/loop.h"
#include "core/spaces/transition_builder.h"

namespace gs {

MotionSpacesPanel::MotionSpacesPanel(ProjectDocument* doc, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_fitTask(new BackgroundTask(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(makeSpaceList());
    layout->addLayout(makeSpaceSettings());
    layout->addWidget(makeClipTable(), 1);
    layout->addLayout(makeTransitionTables());
    makeMessages(layout);
    makeBuildRow(layout);
    followDocument();
    refresh();
}

// The spaces, with their buttons.
QLayout* MotionSpacesPanel::makeSpaceList() {
    auto* top = new QHBoxLayout;
    m_spaces = new QListWidget(this);
    m_spaces->setObjectName("spaceList");
    m_spaces->setMaximumHeight(3 * fontMetrics().height() + 16);
    m_spaces->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_spaces->setToolTip(tr("The motion spaces, in style order; double-click a name to rename it"));
    auto* spaceButtons = new QGridLayout;
    auto* add = new QPushButton(tr("New"), this);
    auto* remove = new QPushButton(tr("Delete"), this);
    auto* up = new QPushButton(tr("Up"), this);
    auto* down = new QPushButton(tr("Down"), this);
    int place = 0;
    for (QPushButton* b : {add, remove, up, down}) {
        b->setObjectName(QStringLiteral("space") + b->text());
        spaceButtons->addWidget(b, place / 2, place % 2);
        ++place;
    }
    spaceButtons->setRowStretch(2, 1);
    top->addWidget(m_spaces, 1);
    top->addLayout(spaceButtons);

    connect(add, &QPushButton::clicked, this, [this] {
        if (spaces::create(m_doc, spaces::uniqueName(m_doc, tr("space"))))
            setCurrentSpace(m_spaces->count() - 1);
    });
    connect(remove, &QPushButton::clicked, this, [this] { spaces::remove(m_doc, currentSpace()); });
    connect(up, &QPushButton::clicked, this, [this] {
        const int s = currentSpace();
        if (spaces::move(m_doc, s, s - 1)) setCurrentSpace(s - 1);
    });
    connect(down, &QPushButton::clicked, this, [this] {
        const int s = currentSpace();
        if (spaces::move(m_doc, s, s + 1)) setCurrentSpace(s + 1);
    });
    connect(m_spaces, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        if (m_refreshing) return;
        // After the edit has closed (the list is rebuilt when the document changes).
        const int row = m_spaces->row(item);
        const QString name = item->text();
        QMetaObject::invokeMethod(
            this,
            [this, row, name] {
                if (!spaces::rename(m_doc, row, name)) refresh();  // refused: back as it was
            },
            Qt::QueuedConnection);
    });
    connect(m_spaces, &QListWidget::currentRowChanged, this, [this] {
        if (!m_refreshing) refreshClips();
    });
    return top;
}

// The chosen space's reference and the loops' cycles.
QLayout* MotionSpacesPanel::makeSpaceSettings() {
    auto* settings = new QHBoxLayout;
    m_reference = new QComboBox(this);
    m_reference->setObjectName("spaceReference");
    m_reference->setToolTip(tr("The clip the others are registered to"));
    m_cycles = new QSpinBox(this);
    m_cycles->setObjectName("spaceCycles");
    m_cycles->setRange(0, limits::kMaxCycles);
    m_cycles->setSpecialValueText(tr("fewest"));
    m_cycles->setToolTip(
        tr("Gait cycles in each loop, for every space (fewest = the fewest any clip holds)"));
    settings->addWidget(new QLabel(tr("Reference"), this));
    settings->addWidget(m_reference, 1);
    settings->addWidget(new QLabel(tr("Cycles"), this));
    settings->addWidget(m_cycles);
    connect(m_reference, &QComboBox::activated, this, [this](int i) {
        spaces::setReference(m_doc, currentSpace(), m_reference->itemData(i).toString());
    });
    connect(m_cycles, &QSpinBox::valueChanged, this, [this](int v) {
        if (!m_refreshing) spaces::setCycles(m_doc, v);
    });
    return settings;
}

// Its clips.
QWidget* MotionSpacesPanel::makeClipTable() {
    m_clips = new SpaceClipTable(this);
    m_clips->setObjectName("spaceClips");
    m_clips->setColumnCount(ColumnCount);
    m_clips->setHorizontalHeaderLabels(
        {tr("Clip"), tr("Loop cycles"), tr("rad/m"), tr("m/s"), tr("Seam"), tr("Status")});
    m_clips->horizontalHeader()->setStretchLastSection(true);
    const QStringList tips = {
        tr("The clip (the reference is marked)"),
        tr("Whole gait cycles in the clip's seamless loop (with the cycle count set)"),
        tr("Curvature of the root's path: radians turned per metre, + = left"),
        tr("Speed along the path, metres per second"),
        tr("Seam error of the loop before it is smoothed: point-cloud distance and largest joint "
           "rotation"),
        tr("Whether the clip fits the space")};
    for (int c = 0; c < ColumnCount; ++c) m_clips->horizontalHeaderItem(c)->setToolTip(tips[c]);
    m_clips->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_clips->setToolTip(
        tr("Drag clips here from the clip library; Delete removes the selected ones"));
    connect(m_clips, &SpaceClipTable::clipsDropped, this,
            [this](const QStringList& ids) { spaces::addClips(m_doc, currentSpace(), ids); });
    connect(m_clips, &SpaceClipTable::deleteRequested, this,
            &MotionSpacesPanel::removeSelectedClips);
    return m_clips;
}

void MotionSpacesPanel::removeSelectedClips() {
    spaces::removeClips(m_doc, currentSpace(), selectedClipIds());
}

// Its stops and starts: a table each, with Add (the library's selection) and Remove.
QLayout* MotionSpacesPanel::makeTransitionTables() {
    auto* transitions = new QGridLayout;
    const int rowHeight = fontMetrics().height() + 6;
    for (const auto kind : {BakedTransition::Kind::Stop, BakedTransition::Kind::Start}) {
        const bool stop = kind == BakedTransition::Kind::Stop;
        auto* table = new SpaceClipTable(this);
        table->setObjectName(stop ? "spaceStops" : "spaceStarts");
        table->setColumnCount(TransitionColumnCount);
        table->setHorizontalHeaderLabels({stop ? tr("Stops") : tr("Starts"), tr("Status")});
        table->horizontalHeader()->setStretchLastSection(true);
        table->verticalHeader()->setDefaultSectionSize(rowHeight);
        table->setMinimumHeight(3 * rowHeight + 4);
        table->setMaximumHeight(4 * rowHeight + 8);
        table->setToolTip(stop ? tr("Clips that walk to a stop and stand (not looped): the "
                                    "character stops with them on a "
                                    "goal that stands still. Drag clips here from the clip "
                                    "library; Delete removes the "
                                    "selected ones")
                               : tr("Clips that start from standing (not looped): a standing "
                                    "character starts with them "
                                    "toward a new goal. Drag clips here from the clip library; "
                                    "Delete removes the selected "
                                    "ones"));
        auto* add = new QPushButton(tr("Add"), this);
        add->setObjectName(stop ? "spaceAddStop" : "spaceAddStart");
        add->setToolTip(stop ? tr("Add the clips selected in the clip library as stops")
                             : tr("Add the clips selected in the clip library as starts"));
        auto* drop = new QPushButton(tr("Remove"), this);
        drop->setObjectName(stop ? "spaceRemoveStop" : "spaceRemoveStart");
        auto* buttons = new QVBoxLayout;
        buttons->addWidget(add);
        buttons->addWidget(drop);
        buttons->addStretch(1);
        const int row = stop ? 0 : 1;
        transitions->addWidget(table, row, 0);
        transitions->addLayout(buttons, row, 1);
        (stop ? m_stops : m_starts) = table;

        connect(table, &SpaceClipTable::clipsDropped, this, [this, kind](const QStringList& ids) {
            spaces::addTransitions(m_doc, currentSpace(), kind, ids);
        });
        connect(add, &QPushButton::clicked, this, [this, kind] {
            if (m_librarySelection)
                spaces::addTransitions(m_doc, currentSpace(), kind, m_librarySelection());
        });
        auto removeSelected = [this, kind, table] {
            spaces::removeTransitions(m_doc, currentSpace(), kind, selectedIds(table));
        };
        connect(table, &SpaceClipTable::deleteRequested, this, removeSelected);
        connect(drop, &QPushButton::clicked, this, removeSelected);
    }
    return transitions;
}

// What is wrong with the space, and what the last build noticed about it (its loops' turning
// range) or why it failed.
void MotionSpacesPanel::makeMessages(QVBoxLayout* layout) {
    m_spaceError = new QLabel(this);
    m_spaceError->setWordWrap(true);
    m_spaceError->setStyleSheet("color: #e0a030");
    layout->addWidget(m_spaceError);
    m_spaceNotes = new QLabel(this);
    m_spaceNotes->setObjectName("spaceNotes");
    m_spaceNotes->setWordWrap(true);
    m_spaceNotes->setTextFormat(Qt::PlainText);
    m_spaceNotes->setStyleSheet("color: #e0a030");
    layout->addWidget(m_spaceNotes);
    // What the space can do: one line in the build row (makeBuildRow), every line in its tooltip.
    m_coverage = new QLabel(this);
    m_coverage->setObjectName("spaceCoverage");
    m_coverage->setTextFormat(Qt::PlainText);
}

// Remove Clip, Build and what the build says.
void MotionSpacesPanel::makeBuildRow(QVBoxLayout* layout) {
    auto* bottom = new QHBoxLayout;
    auto* removeClip = new QPushButton(tr("Remove Clip"), this);
    removeClip->setObjectName("spaceRemoveClip");
    m_mirror = new QPushButton(tr("Add Mirror"), this);
    m_mirror->setObjectName("spaceAddMirror");
    m_mirror->setToolTip(
        tr("Add the mirror of this turn: the selected turn clip mirrored left "
           "to right (it turns the other way) as a new clip of this space"));
    auto* mirrorAction = new QAction(tr("Add the mirror of this turn"), m_clips);
    mirrorAction->setObjectName("spaceAddMirrorAction");
    m_clips->addAction(mirrorAction);
    m_clips->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_build = new QPushButton(tr("Build"), this);
    m_build->setObjectName("spaceBuild");
    m_build->setToolTip(
        tr("Build the spaces, their registration and goal spaces; the live run switches to them"));
    m_buildStatus = new QLabel(this);
    m_buildStatus->setWordWrap(true);
    bottom->addWidget(removeClip);
    bottom->addWidget(m_mirror);
    bottom->addWidget(m_coverage, 1);
    bottom->addWidget(m_build);
    layout->addLayout(bottom);
    layout->addWidget(m_buildStatus);
    // Changing texts never resize the dock (nor, through it, the viewport).
    for (QLabel* label : {m_buildStatus, m_spaceError, m_spaceNotes, m_coverage}) {
        label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        label->setMinimumWidth(1);
    }

    connect(removeClip, &QPushButton::clicked, this, &MotionSpacesPanel::removeSelectedClips);
    connect(m_mirror, &QPushButton::clicked, this, &MotionSpacesPanel::addMirrorOfSelection);
    connect(mirrorAction, &QAction::triggered, this, &MotionSpacesPanel::addMirrorOfSelection);
    connect(m_build, &QPushButton::clicked, this, &MotionSpacesPanel::buildRequested);
}

// The document's changes refresh the panel.
void MotionSpacesPanel::followDocument() {
    connect(m_doc, &ProjectDocument::projectReset, this, &MotionSpacesPanel::refresh);
    connect(m_doc, &ProjectDocument::spacesChanged, this, &MotionSpacesPanel::refresh);
    // Clips come and go in bulk (an import of many files): one refresh after them.
    m_later = new QTimer(this);
    m_later->setSingleShot(true);
    m_later->setInterval(0);
    connect(m_later, &QTimer::timeout, this, &MotionSpacesPanel::refresh);
    connect(m_doc, &ProjectDocument::clipsChanged, m_later, qOverload<>(&QTimer::start));
    connect(m_doc, &ProjectDocument::clipChanged, m_later, qOverload<>(&QTimer::start));
    connect(m_doc, &ProjectDocument::analysisReady, m_later, qOverload<>(&QTimer::start));
    connect(m_fitTask, &BackgroundTask::finished, this, [this](bool cancelled) {
        if (cancelled) m_fitsAsked.clear();
    });
}

MotionSpacesPanel::~MotionSpacesPanel() = default;

QString MotionSpacesPanel::renameText() const {
    const int s = currentSpace();
    return s >= 0 && s < static_cast<int>(m_doc->project().spaces.size())
               ? tr("Rename space %1").arg(m_doc->project().spaces[s].name)
               : QString();
}

bool MotionSpacesPanel::renameSelection() {
    QListWidgetItem* item = m_spaces->currentItem();
    if (!item) return false;
    m_spaces->setFocus();
    m_spaces->editItem(item);
    return true;
}

QStringList MotionSpacesPanel::selectedIds(const QTableWidget* table) {
    QStringList ids;
    for (const QModelIndex& index : table->selectionModel()->selectedRows())
        if (auto* item = table->item(index.row(), 0)) ids << item->data(Qt::UserRole).toString();
    return ids;
}

QStringList MotionSpacesPanel::selectedClipIds() const { return selectedIds(m_clips); }

SpaceClipTable* MotionSpacesPanel::transitionTable(BakedTransition::Kind kind) const {
    return kind == BakedTransition::Kind::Stop ? m_stops : m_starts;
}

void MotionSpacesPanel::setLibrarySelection(SelectionSource source) {
    m_librarySelection = std::move(source);
}

SpaceClipTable* MotionSpacesPanel::focusedTransitionTable(BakedTransition::Kind* kind) const {
    for (const auto k : {BakedTransition::Kind::Stop, BakedTransition::Kind::Start}) {
        SpaceClipTable* table = transitionTable(k);
        if (table->hasFocus()) {
            if (kind) *kind = k;
            return table;
        }
    }
    return nullptr;
}

QString MotionSpacesPanel::deleteText() const {
    const int s = currentSpace();
    if (s < 0 || s >= static_cast<int>(m_doc->project().spaces.size())) return {};
    const QString name = m_doc->project().spaces[s].name;
    BakedTransition::Kind kind{};
    if (const SpaceClipTable* table = focusedTransitionTable(&kind)) {
        const QStringList ids = selectedIds(table);
        const bool stop = kind == BakedTransition::Kind::Stop;
        if (ids.isEmpty()) return {};
        if (ids.size() == 1)
            return (stop ? tr("Remove stop %1 from %2") : tr("Remove start %1 from %2"))
                .arg(ids.front(), name);
        return (stop ? tr("Remove %1 stops from %2") : tr("Remove %1 starts from %2"))
            .arg(ids.size())
            .arg(name);
    }
    const QStringList ids = selectedClipIds();
    if (m_spaces->hasFocus() || ids.isEmpty()) return tr("Delete space %1").arg(name);
    return ids.size() == 1 ? tr("Remove %1 from %2").arg(ids.front(), name)
                           : tr("Remove %1 clips from %2").arg(ids.size()).arg(name);
}

bool MotionSpacesPanel::deleteSelection() {
    const int s = currentSpace();
    if (s < 0) return false;
    BakedTransition::Kind kind{};
    if (const SpaceClipTable* table = focusedTransitionTable(&kind))
        return spaces::removeTransitions(m_doc, s, kind, selectedIds(table));
    const QStringList ids = selectedClipIds();
    if (m_spaces->hasFocus() || ids.isEmpty()) return spaces::remove(m_doc, s);
    return spaces::removeClips(m_doc, s, ids);
}

int MotionSpacesPanel::currentSpace() const { return m_spaces->currentRow(); }

void MotionSpacesPanel::setCurrentSpace(int space) {
    m_spaces->setCurrentRow(space);
    refreshClips();
}

void MotionSpacesPanel::setBuildStatus(const QString& text) { m_buildStatus->setText(text); }

void MotionSpacesPanel::setNotesSource(NotesSource source) {
    m_notes = std::move(source);
    refreshNotes();
}

void MotionSpacesPanel::refreshNotes() {
    const int space = currentSpace();
    const auto& spacesNow = m_doc->project().spaces;
    QStringList lines;
    if (m_notes && space >= 0 && space < static_cast<int>(spacesNow.size()))
        for (const QString& line : m_notes(spacesNow[space].name))
            lines << tr("Last build: %1").arg(line);
    m_spaceNotes->setText(lines.join('\n'));
    m_spaceNotes->setToolTip(m_spaceNotes->text());
    m_spaceNotes->setVisible(!lines.isEmpty());
    QStringList coverage;
    if (m_coverageSource && space >= 0 && space < static_cast<int>(spacesNow.size()))
        coverage = m_coverageSource(spacesNow[space].name);
    // A word in the build row (how many things are missing), every line in its tooltip.
    const auto missing = std::count_if(coverage.begin(), coverage.end(),
                                       [](const QString& l) { return l.startsWith("Missing"); });
    m_coverage->setText(missing == 0 ? tr("Coverage: complete")
                                     : tr("Coverage: %n missing", "", static_cast<int>(missing)));
    m_coverage->setStyleSheet(missing == 0 ? QString() : QStringLiteral("color: #e0a030"));
    m_coverage->setToolTip(
        coverage.isEmpty()
            ? QString()
            : tr("What the space as last built can do, and what to add for what it cannot:\n") +
                  coverage.join('\n'));
    m_coverageLines = coverage;
    m_coverage->setVisible(!coverage.isEmpty());
}

void MotionSpacesPanel::setCoverageSource(CoverageSource source) {
    m_coverageSource = std::move(source);
    refreshNotes();
}

QString MotionSpacesPanel::coverageText() const { return m_coverageLines.join('\n'); }

bool MotionSpacesPanel::addMirrorOfSelection() {
    const QStringList ids = selectedClipIds();
    QString refusal;
    if (ids.size() != 1)
        refusal = tr("Select one turn clip of the space to add its mirror.");
    else if (spaces::addMirror(m_doc, currentSpace(), ids.front(), &refusal))
        return true;
    emit m_doc->message(ProjectDocument::Level::Warning, refusal);
    return false;
}

QString MotionSpacesPanel::spaceNotes() const { return m_spaceNotes->text(); }
QString MotionSpacesPanel::buildStatus() const { return m_buildStatus->text(); }

void MotionSpacesPanel::refresh() {
    m_refreshing = true;
    const int current = m_spaces->currentRow();
    m_spaces->clear();
    for (const ProjectSpace& s : m_doc->project().spaces) {
        auto* item = new QListWidgetItem(s.name, m_spaces);
        item->setFlags(item->flags() | Qt::ItemIsEditable);
        if (!s.error.isEmpty()) {
            item->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
            item->setToolTip(s.error);
        }
    }
    m_spaces->setCurrentRow(std::clamp(current < 0 ? 0 : current, 0, m_spaces->count() - 1));
    m_cycles->setValue(m_doc->project().settings.cycles);
    m_refreshing = false;
    refreshClips();
}

QString MotionSpacesPanel::fitKey(const QString& clipId) const {
    const ProjectClip* c = m_doc->clip(clipId);
    if (!c || !c->clip) return {};
    return QStringLiteral("%1|%2|%3|%4|%5|%6")
        .arg(clipId, c->source)
        .arg(c->trimIn)
        .arg(c->trimOut)
        .arg(c->clip->frameCount())
        .arg(m_doc->project().settings.cycles);
}

MotionSpacesPanel::Fit MotionSpacesPanel::fitOf(const QString& clipId) const {
    return m_fits.value(fitKey(clipId));
}

QString MotionSpacesPanel::transitionKey(const QString& clipId, BakedTransition::Kind kind) const {
    const QString key = fitKey(clipId);
    return key.isEmpty() ? key : key + (kind == BakedTransition::Kind::Stop ? "|stop" : "|start");
}

MotionSpacesPanel::Fit MotionSpacesPanel::transitionFitOf(const QString& clipId,
                                                          BakedTransition::Kind kind) const {
    Fit fit = m_fits.value(transitionKey(clipId, kind));
    // The skeleton is the space's (its first loop clip's), read here where the space is known.
    const int space = currentSpace();
    const auto& spacesNow = m_doc->project().spaces;
    const ProjectClip* c = m_doc->clip(clipId);
    if (!c) {
        fit.known = true;
        fit.warning = tr("unknown clip");
    } else if (!c->error.isEmpty() || !c->clip) {
        fit.known = true;
        fit.warning = c->error.isEmpty() ? tr("not loaded") : c->error;
    } else if (space >= 0 && space < static_cast<int>(spacesNow.size())) {
        for (const QString& id : spacesNow[space].clipIds) {
            const ProjectClip* loop = m_doc->clip(id);
            if (!loop || !loop->clip) continue;
            if (!c->clip->skeleton.sameHierarchy(loop->clip->skeleton)) {
                fit.known = true;
                fit.warning = tr("another skeleton than %1").arg(id);
            }
            break;
        }
    }
    return fit;
}

void MotionSpacesPanel::computeFits() {
    // The clips of every space whose fit is not known yet (a run under way is replaced: it
    // hands nothing back, and this one asks for what it did not finish too).
    // Loops (no kind) and stops and starts (whether they can serve, from the clip alone).
    struct Todo {
        QString key;
        gs::Clip clip;
        std::optional<BakedTransition::Kind> kind;
    };
    std::vector<Todo> todo;
    QStringList keys;
    auto ask = [&](const QString& id, const QString& key,
                   std::optional<BakedTransition::Kind> kind) {
        if (key.isEmpty() || m_fits.contains(key) || keys.contains(key)) return;
        keys << key;
        todo.push_back({key, *m_doc->clip(id)->clip, kind});
    };
    for (const ProjectSpace& s : m_doc->project().spaces) {
        for (const QString& id : s.clipIds) ask(id, fitKey(id), std::nullopt);
        for (const QString& id : s.stopIds)
            ask(id, transitionKey(id, BakedTransition::Kind::Stop), BakedTransition::Kind::Stop);
        for (const QString& id : s.startIds)
            ask(id, transitionKey(id, BakedTransition::Kind::Start), BakedTransition::Kind::Start);
    }
    if (todo.empty() || keys == m_fitsAsked) return;
    m_fitsAsked = keys;
    const int cycles = m_doc->project().settings.cycles;
    m_fitTask->run<std::vector<std::pair<QString, Fit>>>(
        tr("Fitting clips"),
        [todo = std::move(todo), cycles](TaskControl& control) {
            std::vector<std::pair<QString, Fit>> out;
            for (const auto& [key, clip, kind] : todo) {
                if (control.isCancelled()) break;
                Fit fit;
                fit.known = true;
                if (kind) {
                    if (const gs::Status s = checkTransitionClip(clip, *kind); !s)
                        fit.warning = QObject::tr("cannot serve: it %1")
                                          .arg(QString::fromStdString(s.message()));
                    out.emplace_back(key, fit);
                    continue;
                }
                const RootMotionStats stats = rootMotionStats(clip);
                fit.speed = stats.speed;
                fit.curvature =
                    stats.pathLength > 1e-3f ? stats.headingChange / stats.pathLength : 0.0f;
                LoopJob job;
                job.settings.cycles = cycles;
                job.clip = &clip;
                if (const gs::Status s = job.run(); !s) {
                    fit.warning =
                        QObject::tr("no loop: %1").arg(QString::fromStdString(s.message()));
                } else {
                    fit.cycles = job.output.cycles;
                    fit.seamCm = 100.0f * job.output.seamErrorM;
                    fit.seamDeg = job.output.seamErrorDeg;
                    if (fit.cycles < 1) fit.warning = QObject::tr("no gait cycles");
                }
                out.emplace_back(key, fit);
            }
            return out;
        },
        [this](std::vector<std::pair<QString, Fit>> fits) {
            m_fitsAsked.clear();
            for (auto& [key, fit] : fits) m_fits.insert(key, fit);
            refreshClips();
        });
}

void MotionSpacesPanel::refreshClips() {
    const bool wasRefreshing = m_refreshing;
    m_refreshing = true;
    const int space = currentSpace();
    const auto& spacesNow = m_doc->project().spaces;
    m_clips->setRowCount(0);
    m_stops->setRowCount(0);
    m_starts->setRowCount(0);
    m_reference->clear();
    m_spaceError->clear();
    if (space >= 0 && space < static_cast<int>(spacesNow.size())) {
        const ProjectSpace& s = spacesNow[space];
        m_reference->addItem(tr("the straightest"), QString());
        const gs::Clip* first = nullptr;
        QString firstId;
        for (const QString& id : s.clipIds) {
            const ProjectClip* c = m_doc->clip(id);
            const int row = m_clips->rowCount();
            m_clips->insertRow(row);
            auto set = [&](int column, const QString& text) {
                auto* item = new QTableWidgetItem(text);
                if (column != Clip && column != Status)
                    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                m_clips->setItem(row, column, item);
                return item;
            };
            set(Clip, id)->setData(Qt::UserRole, id);
            m_reference->addItem(id, id);
            QString warning;
            if (!c)
                warning = tr("unknown clip");
            else if (!c->error.isEmpty() || !c->clip)
                warning = c->error.isEmpty() ? tr("not loaded") : c->error;
            else if (!first)
                first = &*c->clip, firstId = id;
            else if (!sameJoints(first->skeleton, c->clip->skeleton))
                warning = tr("another skeleton than %1").arg(firstId);
            const Fit fit = fitOf(id);
            if (fit.known) {
                set(Cycles, QString::number(fit.cycles));
                set(Curvature, QString::number(fit.curvature, 'f', 2));
                set(Speed, QString::number(fit.speed, 'f', 2));
                set(Seam,
                    fit.warning.isEmpty()
                        ? tr("%1 cm, %2°").arg(fit.seamCm, 0, 'f', 1).arg(fit.seamDeg, 0, 'f', 1)
                        : QString());
                if (warning.isEmpty()) warning = fit.warning;
            }
            QTableWidgetItem* status =
                set(Status, warning.isEmpty() ? (fit.known ? tr("fits") : tr("…")) : warning);
            if (!warning.isEmpty()) {
                status->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
                status->setForeground(QColor(224, 160, 48));
                status->setToolTip(warning);
            }
            if (id == s.reference) m_clips->item(row, Clip)->setText(tr("%1 (reference)").arg(id));
        }
        refreshTransitions(s);
        m_reference->setCurrentIndex(std::max(0, m_reference->findData(s.reference)));
        if (!s.error.isEmpty())
            m_spaceError->setText(tr("This space cannot be built: %1.").arg(s.error));
    }
    refreshNotes();
    m_clips->resizeColumnsToContents();
    m_refreshing = wasRefreshing;
    computeFits();
}

void MotionSpacesPanel::refreshTransitions(const ProjectSpace& space) {
    for (const auto kind : {BakedTransition::Kind::Stop, BakedTransition::Kind::Start}) {
        SpaceClipTable* table = transitionTable(kind);
        for (const QString& id :
             kind == BakedTransition::Kind::Stop ? space.stopIds : space.startIds) {
            const int row = table->rowCount();
            table->insertRow(row);
            auto* clip = new QTableWidgetItem(id);
            clip->setData(Qt::UserRole, id);
            table->setItem(row, TransitionClip, clip);
            const Fit fit = transitionFitOf(id, kind);
            auto* status = new QTableWidgetItem(!fit.known              ? tr("…")
                                                : fit.warning.isEmpty() ? tr("serves")
                                                                        : fit.warning);
            if (!fit.warning.isEmpty()) {
                status->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
                status->setForeground(QColor(224, 160, 48));
            }
            status->setToolTip(status->text());
            table->setItem(row, TransitionStatus, status);
        }
        table->resizeColumnToContents(TransitionClip);
    }
}

void MotionSpacesPanel::waitForFits() {
    auto missing = [this] {
        auto lacks = [this](const QString& key) { return !key.isEmpty() && !m_fits.contains(key); };
        for (const ProjectSpace& s : m_doc->project().spaces) {
            for (const QString& id : s.clipIds)
                if (lacks(fitKey(id))) return true;
            for (const QString& id : s.stopIds)
                if (lacks(transitionKey(id, BakedTransition::Kind::Stop))) return true;
            for (const QString& id : s.startIds)
                if (lacks(transitionKey(id, BakedTransition::Kind::Start))) return true;
        }
        return false;
    };
    QElapsedTimer clock;
    clock.start();
    while (missing() && clock.elapsed() < 120000) {
        m_fitTask->waitForFinished();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }
}

}  // namespace gs

// MainWindow, its docks: clip library, timeline, messages, blend weights, undo history and the
// places of the analysis views.

#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMimeData>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoCommand>
#include <QUndoView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

#include "app/document/clip_analysis.h"
#include "core/io/bvh_writer.h"
#include "core/io/scene_writer.h"
#include "clip_library.h"
#include "steering_demo.h"
#include "widgets/timeline.h"
#include "widgets/viewport.h"

namespace gs {

void MainWindow::createDocks() {
    // Clip library (left).
    m_libraryDock = new QDockWidget(tr("Clip library"), this);
    m_libraryDock->setObjectName("libraryDock");
    auto* library = new QWidget(m_libraryDock);
    auto* libraryLayout = new QVBoxLayout(library);
    libraryLayout->setContentsMargins(2, 2, 2, 2);
    m_libraryView = new ClipLibraryView(library);
    m_libraryModel = new ClipLibraryModel(m_doc, this);
    m_libraryView->setModel(m_libraryModel);
    m_libraryView->setColumnWidth(ClipLibraryModel::Name, 90);
    m_libraryView->setColumnWidth(ClipLibraryModel::Style, 50);
    for (int c = ClipLibraryModel::Frames; c <= ClipLibraryModel::Cycles; ++c)
        m_libraryView->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    auto* libraryButtons = new QHBoxLayout;
    auto* importButton = new QPushButton(tr("Import…"), library);
    auto* deleteButton = new QPushButton(tr("Delete"), library);
    libraryButtons->addWidget(importButton);
    libraryButtons->addWidget(deleteButton);
    libraryButtons->addStretch(1);
    libraryLayout->addWidget(m_libraryView, 1);
    libraryLayout->addLayout(libraryButtons);
    m_libraryDock->setWidget(library);
    addDockWidget(Qt::LeftDockWidgetArea, m_libraryDock);
    connect(importButton, &QPushButton::clicked, this, &MainWindow::importDialog);
    connect(deleteButton, &QPushButton::clicked, this, [this] { if (!m_currentClip.isEmpty()) m_doc->removeClip(m_currentClip); });
    connect(m_libraryView, &ClipLibraryView::filesDropped, this, &MainWindow::importFiles);
    connect(m_libraryView, &ClipLibraryView::deleteRequested, this, [this] {
        if (!m_currentClip.isEmpty()) m_doc->removeClip(m_currentClip);
    });
    connect(m_libraryView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                const QString id = m_libraryModel->idAt(current.row());
                if (!id.isEmpty() && id != m_currentClip) showClip(id);
            });

    // Timeline with the transport (bottom).
    m_timelineDock = new QDockWidget(tr("Timeline"), this);
    m_timelineDock->setObjectName("timelineDock");
    auto* timeline = new QWidget(m_timelineDock);
    auto* timelineLayout = new QVBoxLayout(timeline);
    timelineLayout->setContentsMargins(2, 2, 2, 2);
    auto* transport = new QHBoxLayout;
    m_playButton = new QToolButton(timeline);
    m_speed = new QComboBox(timeline);
    for (double s : {0.25, 0.5, 1.0, 1.5, 2.0}) m_speed->addItem(QStringLiteral("%1×").arg(s), s);
    m_speed->setCurrentIndex(2);
    m_speed->setToolTip(tr("Playback speed"));
    m_frameLabel = new QLabel(timeline);
    m_loopButton = new QToolButton(timeline);
    transport->addWidget(m_playButton);
    transport->addWidget(m_loopButton);
    transport->addWidget(m_speed);
    transport->addStretch(1);
    transport->addWidget(m_frameLabel);
    m_timeline = new Timeline(timeline);
    timelineLayout->addLayout(transport);
    timelineLayout->addWidget(m_timeline);
    timelineLayout->addStretch(1);
    m_timelineDock->setWidget(timeline);
    addDockWidget(Qt::BottomDockWidgetArea, m_timelineDock);
    connect(m_timeline, &Timeline::scrubbed, this, [this](float f) {
        m_playStart = f;
        m_playClock.restart();
        showFrame(f);
    });
    connect(m_timeline, &Timeline::trimEdited, this, [this](int in, int out) {
        if (!m_currentClip.isEmpty()) m_doc->setTrim(m_currentClip, in, out);
    });
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this] {
        m_playStart = m_frame;
        m_playClock.restart();
    });

    // Messages with the progress of background work (bottom, under the timeline).
    m_messagesDock = new QDockWidget(tr("Messages"), this);
    m_messagesDock->setObjectName("messagesDock");
    auto* messages = new QWidget(m_messagesDock);
    auto* messagesLayout = new QVBoxLayout(messages);
    messagesLayout->setContentsMargins(2, 2, 2, 2);
    m_busyRow = new QWidget(messages);
    auto* busyLayout = new QHBoxLayout(m_busyRow);
    busyLayout->setContentsMargins(0, 0, 0, 0);
    m_busyLabel = new QLabel(m_busyRow);
    m_progress = new QProgressBar(m_busyRow);
    m_cancel = new QPushButton(tr("Cancel"), m_busyRow);
    busyLayout->addWidget(m_busyLabel);
    busyLayout->addWidget(m_progress, 1);
    busyLayout->addWidget(m_cancel);
    m_busyRow->hide();
    m_messages = new QListWidget(messages);
    m_messages->setWordWrap(true);
    messagesLayout->addWidget(m_busyRow);
    messagesLayout->addWidget(m_messages, 1);
    m_messagesDock->setWidget(messages);
    splitDockWidget(m_timelineDock, m_messagesDock, Qt::Vertical);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_doc->cancelImport();
        if (m_opening->isRunning()) m_openCancelled = true;  // the loaded project is dropped
        for (SteeringDemo* demo : findChildren<SteeringDemo*>())
            if (demo->isBuilding()) demo->cancel();  // the spaces being built are dropped
    });

    // Right: blend weights, undo history, and the places of the analysis views.
    m_weightsDock = new QDockWidget(tr("Blend weights"), this);
    m_weightsDock->setObjectName("weightsDock");
    m_styleEditor = new StyleEditor(m_weightsDock);
    m_styleEditor->setEnabled(false);
    m_weightsDock->setWidget(m_styleEditor);
    connect(m_styleEditor, &StyleEditor::targetsChanged, this, [this](const std::vector<float>& t) {
        if (m_demo) m_demo->setStyleTargets(t);
        m_activeKey = -1;  // the user's choice holds until the next key
    });
    // The style track is the document's: edits go to it, and its changes come back here.
    connect(m_styleEditor, &StyleEditor::transitionChanged, this, [this](float increment, float seconds) {
        m_doc->setStyleTransition(seconds > 0.0f, increment, seconds > 0.0f ? seconds : m_styleEditor->transitionSeconds());
    });
    connect(m_doc, &ProjectDocument::styleTransitionChanged, this, &MainWindow::applyStyleTransition);
    connect(m_doc, &ProjectDocument::styleKeysChanged, this, &MainWindow::refreshStyleKeys);
    connect(m_doc, &ProjectDocument::spacesChanged, this, &MainWindow::refreshStyleKeys);
    connect(m_doc, &ProjectDocument::projectReset, this, [this] {
        refreshStyleKeys();
        applyStyleTransition();
    });
    connect(m_styleEditor, &StyleEditor::keyAddRequested, this, [this](const StyleKey& key) {
        auto keys = m_styleKeys;
        keys.push_back(key);
        setStyleKeys(keys, tr("Add style key at %1 s").arg(key.seconds, 0, 'f', 1));
    });
    connect(m_styleEditor, &StyleEditor::keyMoveRequested, this, [this](int index, double seconds) {
        if (index < 0 || index >= static_cast<int>(m_styleKeys.size())) return;
        auto keys = m_styleKeys;
        keys[index].seconds = seconds;
        setStyleKeys(keys, tr("Move style key to %1 s").arg(seconds, 0, 'f', 1));
    });
    connect(m_styleEditor, &StyleEditor::keyRemoveRequested, this, [this](int index) {
        if (index < 0 || index >= static_cast<int>(m_styleKeys.size())) return;
        auto keys = m_styleKeys;
        keys.erase(keys.begin() + index);
        setStyleKeys(keys, tr("Delete style key"));
    });
    addDockWidget(Qt::RightDockWidgetArea, m_weightsDock);
    m_undoDock = new QDockWidget(tr("Undo history"), this);
    m_undoDock->setObjectName("undoDock");
    auto* undoView = new QUndoView(m_doc->undoStack(), m_undoDock);
    undoView->setEmptyLabel(tr("<opened>"));
    m_undoDock->setWidget(undoView);
    QDockWidget* previous = nullptr;
    for (const QString& name : {tr("Match web"), tr("Registration"), tr("Motion spaces"), tr("Goal space"), tr("Quality")}) {
        auto* dock = new QDockWidget(name, this);
        dock->setObjectName(QStringLiteral("analysis_") + QString(name).remove(' ').toLower());
        auto* label = new QLabel(tr("%1: not available yet").arg(name), dock);
        label->setAlignment(Qt::AlignCenter);
        label->setEnabled(false);
        dock->setWidget(label);
        if (previous) tabifyDockWidget(previous, dock);
        else splitDockWidget(m_weightsDock, dock, Qt::Vertical);
        previous = dock;
        m_analysisDocks << dock;
    }
    tabifyDockWidget(m_weightsDock, m_undoDock);
    m_weightsDock->raise();
    if (!m_analysisDocks.isEmpty()) m_analysisDocks.front()->raise();
    resizeDocks({m_libraryDock, m_weightsDock}, {340, 330}, Qt::Horizontal);
    resizeDocks({m_timelineDock, m_messagesDock}, {130, 90}, Qt::Vertical);
    resizeDocks({m_weightsDock, m_analysisDocks.front()}, {300, 300}, Qt::Vertical);
    createSpaceDocks();
    createAnalysisDocks();
}

}  // namespace gs

#include "app/gui/docks/messages_dock.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QTime>
#include <QVBoxLayout>

#include <algorithm>

#include "app/document/background_task.h"

namespace gs {

MessagesDock::MessagesDock(ProjectDocument* doc, QWidget* parent)
    : QDockWidget(tr("Messages"), parent), m_doc(doc) {
    setObjectName("messagesDock");
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    m_busyRow = new QWidget(content);
    auto* busy = new QHBoxLayout(m_busyRow);
    busy->setContentsMargins(0, 0, 0, 0);
    m_busyLabel = new QLabel(m_busyRow);
    m_busyLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_progress = new QProgressBar(m_busyRow);
    m_progress->setMaximumWidth(220);
    m_cancel = new QPushButton(tr("Cancel"), m_busyRow);
    m_cancel->setObjectName("messagesCancel");
    busy->addWidget(m_busyLabel, 1);
    busy->addWidget(m_progress);
    busy->addWidget(m_cancel);
    m_busyRow->hide();
    m_list = new QListWidget(content);
    m_list->setObjectName("messagesList");
    m_list->setWordWrap(true);
    layout->addWidget(m_busyRow);
    layout->addWidget(m_list, 1);
    setWidget(content);

    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_doc->cancelImport();
        for (BackgroundTask* task : m_tasks) task->cancel();
    });
    connect(doc, &ProjectDocument::message, this, &MessagesDock::addMessage);
    connect(doc, &ProjectDocument::busyChanged, this,
            [this](bool on, const QString& what) { setBusy(m_doc, on, what); });
    connect(doc, &ProjectDocument::progress, this,
            [this](int done, int total) { setProgress(m_doc, done, total); });
}

void MessagesDock::addMessage(ProjectDocument::Level level, const QString& text) {
    auto* item = new QListWidgetItem(QTime::currentTime().toString("HH:mm:ss  ") + text);
    switch (level) {
        case ProjectDocument::Level::Error:
            item->setIcon(style()->standardIcon(QStyle::SP_MessageBoxCritical));
            item->setForeground(QColor(190, 30, 30));
            show();
            raise();
            break;
        case ProjectDocument::Level::Warning:
            item->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
            break;
        case ProjectDocument::Level::Info:
            item->setIcon(style()->standardIcon(QStyle::SP_MessageBoxInformation));
            break;
    }
    m_list->addItem(item);
    while (m_list->count() > 2000) delete m_list->takeItem(0);
    m_list->scrollToBottom();
    if (level != ProjectDocument::Level::Info) emit statusMessage(text, 8000);
}

void MessagesDock::track(BackgroundTask* task) {
    if (m_tasks.contains(task)) return;
    m_tasks << task;
    connect(task, &BackgroundTask::started, this,
            [this, task](const QString& what) { setBusy(task, true, what); });
    connect(task, &BackgroundTask::progressChanged, this,
            [this, task](int value, int maximum, const QString& text) {
                setProgress(task, value, maximum, text);
            });
    connect(task, &BackgroundTask::finished, this, [this, task] { setBusy(task, false); });
    connect(task, &QObject::destroyed, this, [this, task] {
        m_tasks.removeAll(task);
        setBusy(task, false);
    });
    if (task->isRunning()) setBusy(task, true, task->what());
}

void MessagesDock::setBusy(const QObject* source, bool busy, const QString& label) {
    m_busy.erase(std::remove_if(m_busy.begin(), m_busy.end(),
                                [source](const Busy& b) { return b.source == source; }),
                 m_busy.end());
    if (busy) m_busy.push_back({source, label, 0, 0});
    showBusy();
}

void MessagesDock::setProgress(const QObject* source, int value, int maximum, const QString& text) {
    for (Busy& b : m_busy)
        if (b.source == source) {
            b.value = value;
            b.maximum = maximum;
            if (!text.isEmpty()) {
                const QString head = b.label.section(':', 0, 0);
                b.label = head + ": " + text;
            }
        }
    showBusy();
}

void MessagesDock::showBusy() {
    m_busyRow->setVisible(!m_busy.empty());
    if (m_busy.empty()) return;
    const Busy& b = m_busy.back();
    m_busyLabel->setText(b.label);
    m_progress->setRange(0, std::max(b.maximum, 0));
    m_progress->setValue(std::clamp(b.value, 0, std::max(b.maximum, 0)));
}

}  // namespace gs

#include "app/document/background_task.h"

namespace gs {

BackgroundTask::BackgroundTask(QObject* parent, QThreadPool* pool)
    : QObject(parent), m_pool(pool ? pool : QThreadPool::globalInstance()) {}

BackgroundTask::~BackgroundTask() {
    cancel();
    waitForFinished();
}

void BackgroundTask::cancel() {
    if (!m_running) return;
    if (m_cancel) *m_cancel = true;
    m_future.cancel();
}

void BackgroundTask::waitForFinished() {
    if (m_future.isValid()) m_future.waitForFinished();
}

void BackgroundTask::watch(QFuture<void> future, int generation,
                           std::shared_ptr<std::atomic<bool>> cancel,
                           std::function<void()> deliver) {
    m_future = future;
    m_cancel = cancel;
    m_running = true;
    auto* watcher = new QFutureWatcher<void>(this);
    connect(watcher, &QFutureWatcherBase::finished, this,
            [this, watcher, generation, cancel, deliver] {
                watcher->deleteLater();
                if (generation != m_generation) return;  // replaced: the newer run reports
                m_running = false;
                const bool cancelled = cancel->load();
                if (!cancelled) deliver();
                emit finished(cancelled);
            });
    watcher->setFuture(future);
}

}  // namespace gs

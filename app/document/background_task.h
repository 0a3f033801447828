#pragma once
// BackgroundTask: one piece of work off the GUI thread, with progress and cancel, its result
// handed back on the GUI thread. Qt's QFuture and QPromise underneath (QtConcurrent::run with a
// promise: the result, the end and the cancel); progress is posted to the GUI thread as it is
// reported (a future's own progress only ever grows, and a build's stages each start from 0). No
// polling, no hand-made watcher per caller.
//
// run() starts `work` on a thread pool. The work gets a TaskControl: it reports progress (a value
// of a maximum, with a line of text) and sees whether it was cancelled. For the whole run the
// control's cancel flag is installed as core's CancelScope (core/support/cancel.h), so the builders
// it calls (match webs, registration, spaces, goal spaces) stop by themselves within milliseconds.
// When the work returns, `done` runs on the GUI thread with its result, unless the run was
// cancelled or replaced by a newer run() (which cancels the one under way): a cancelled run hands
// nothing back. The object may be destroyed at any time; it cancels and waits for its work first.
//
//     m_task->run<MatchWeb>(tr("Match web"), [a, b](TaskControl& c) { ...; return web; },
//                           [this](MatchWeb web) { show(web); });

#include <QFuture>
#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <functional>
#include <memory>

#include "core/support/cancel.h"

namespace gs {

class TaskControl {
public:
    TaskControl(std::function<void(int, int, const QString&)> progress,
                std::shared_ptr<std::atomic<bool>> cancel)
        : m_progress(std::move(progress)), m_cancel(std::move(cancel)) {}
    // `value` of `maximum` done (maximum 0 = busy without a measure), and what is being done.
    void setProgress(int value, int maximum, const QString& text = {}) const {
        m_progress(value, maximum, text);
    }
    bool isCancelled() const { return m_cancel->load(); }
    const std::atomic<bool>* cancelFlag() const { return m_cancel.get(); }

private:
    std::function<void(int, int, const QString&)> m_progress;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

class BackgroundTask : public QObject {
    Q_OBJECT
public:
    // `pool`: where the work runs (null = the global pool).
    explicit BackgroundTask(QObject* parent = nullptr, QThreadPool* pool = nullptr);
    ~BackgroundTask() override;  // cancels the work under way and waits for it

    template <typename T>
    void run(const QString& what, std::function<T(TaskControl&)> work,
             std::function<void(T)> done = {});

    // Asks the work under way to stop; finished(true) follows once it has.
    void cancel();
    bool isRunning() const { return m_running; }
    // What the work under way (or the last one) does, as given to run().
    QString what() const { return m_what; }
    // Blocks until the work under way has returned (tests, shutdown).
    void waitForFinished();

signals:
    void started(const QString& what);
    // From the work, on the GUI thread: `value` of `maximum` (0 = unknown), with its text.
    void progressChanged(int value, int maximum, const QString& text);
    // After `done` ran (or did not, when cancelled).
    void finished(bool cancelled);

private:
    // Watches `future` (the run numbered `generation`) and calls `deliver` when it ends.
    void watch(QFuture<void> future, int generation, std::shared_ptr<std::atomic<bool>> cancel,
               std::function<void()> deliver);

    QThreadPool* m_pool;
    QFuture<void> m_future;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    int m_generation = 0;
    bool m_running = false;
    QString m_what;
};

template <typename T>
void BackgroundTask::run(const QString& what, std::function<T(TaskControl&)> work,
                         std::function<void(T)> done) {
    cancel();
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    const int generation = ++m_generation;
    auto progress = [this, generation](int value, int maximum, const QString& text) {
        QMetaObject::invokeMethod(
            this,
            [this, generation, value, maximum, text] {
                if (generation == m_generation && m_running)
                    emit progressChanged(value, maximum, text);
            },
            Qt::QueuedConnection);
    };
    QFuture<T> future = QtConcurrent::run(
        m_pool, [work = std::move(work), cancelFlag, progress](QPromise<T>& promise) {
            CancelScope scope(cancelFlag.get());
            TaskControl control(progress, cancelFlag);
            T result = work(control);
            if (!promise.isCanceled() && !cancelFlag->load()) promise.addResult(std::move(result));
        });
    m_what = what;
    watch(QFuture<void>(future), generation, cancelFlag, [future, done = std::move(done)] {
        if (done && future.resultCount() > 0) done(future.result());
    });
    emit started(what);
}

}  // namespace gs

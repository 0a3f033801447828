#pragma once
// Cooperative cancel of the long authoring builds (match webs, registration, cycles, loops,
// motion-, behavioral- and goal-space builders).
//
// A caller that may want to stop a build runs it inside a CancelScope bound to a flag it can set
// from any thread; the builders look at the flag between clips and inside their heavy loops and
// return Status::cancelled() once it is set, leaving nothing half-built behind. The scope belongs
// to the thread that runs the build (the builders are single-threaded); without one nothing is
// ever cancelled.

#include <atomic>

namespace gs {

class CancelScope {
public:
    explicit CancelScope(const std::atomic<bool>* flag);
    ~CancelScope();
    CancelScope(const CancelScope&) = delete;
    CancelScope& operator=(const CancelScope&) = delete;

private:
    const std::atomic<bool>* m_previous;
};

// True when the build running on this thread has been asked to stop.
bool cancelRequested();

}  // namespace gs

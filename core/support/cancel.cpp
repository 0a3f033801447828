#include "core/support/cancel.h"

namespace gs {
namespace {
thread_local const std::atomic<bool>* t_flag = nullptr;
}  // namespace

CancelScope::CancelScope(const std::atomic<bool>* flag) : m_previous(t_flag) { t_flag = flag; }

CancelScope::~CancelScope() { t_flag = m_previous; }

bool cancelRequested() { return t_flag && t_flag->load(std::memory_order_relaxed); }

}  // namespace gs

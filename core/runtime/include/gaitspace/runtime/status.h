#pragma once
// Errors are values: a Status carries a human sentence naming the file, line or field at fault.
// core throws nothing across its API; programmer errors are asserts. Both types are
// [[nodiscard]]: a call whose Status or Expected is dropped draws a compiler warning (write
// `(void)call()` where ignoring it is meant).

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace gs {

class [[nodiscard]] Status {
public:
    Status() = default;
    static Status ok() { return {}; }
    static Status error(std::string message) {
        Status s;
        s.m_message = std::move(message);
        s.m_failed = true;
        return s;
    }
    // A long build stopped because its caller asked it to (core/support/cancel.h); not a failure of
    // the input. Keeps that mark through withContext().
    static Status cancelled() {
        Status s = error("cancelled");
        s.m_cancelled = true;
        return s;
    }

    bool isOk() const { return !m_failed; }
    bool isCancelled() const { return m_cancelled; }
    explicit operator bool() const { return !m_failed; }
    const std::string& message() const { return m_message; }

    // Prefixes the message with a context ("16_15.bvh: ...") and returns itself.
    Status withContext(const std::string& context) const {
        if (!m_failed || context.empty()) return *this;
        Status s = error(context + ": " + m_message);
        s.m_cancelled = m_cancelled;
        return s;
    }

private:
    std::string m_message;
    bool m_failed = false;
    bool m_cancelled = false;
};

// A value or the Status that explains why there is none.
template <class T>
class [[nodiscard]] Expected {
public:
    Expected(T value) : m_value(std::move(value)) {}
    Expected(Status status) : m_status(std::move(status)) { assert(!m_status.isOk()); }

    bool isOk() const { return m_value.has_value(); }
    explicit operator bool() const { return isOk(); }
    const Status& status() const { return m_status; }
    const std::string& message() const { return m_status.message(); }

    T& value() & {
        assert(isOk());
        return *m_value;
    }
    const T& value() const& {
        assert(isOk());
        return *m_value;
    }
    // Of a temporary, the value itself, so that `for (auto x : *crowd.localPose(id))` does not
    // keep a reference into the temporary.
    T value() && {
        assert(isOk());
        return std::move(*m_value);
    }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T operator*() && { return std::move(*this).value(); }

private:
    std::optional<T> m_value;
    Status m_status;
};

// A reference or the Status that explains why there is none (what a lookup by id returns: the
// referred object stays where it is).
template <class T>
class [[nodiscard]] Expected<T&> {
public:
    Expected(T& value) : m_value(&value) {}
    Expected(Status status) : m_status(std::move(status)) { assert(!m_status.isOk()); }

    bool isOk() const { return m_value != nullptr; }
    explicit operator bool() const { return isOk(); }
    const Status& status() const { return m_status; }
    const std::string& message() const { return m_status.message(); }

    T& value() const {
        assert(isOk());
        return *m_value;
    }
    T* operator->() const { return &value(); }
    T& operator*() const { return value(); }

private:
    T* m_value = nullptr;
    Status m_status;
};

}  // namespace gs

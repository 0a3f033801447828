#pragma once
// DockEditing: what Edit > Rename (F2) and Edit > Delete (Delete) do in a dock. The window finds
// the dock that holds the focus and asks it; a dock that has nothing to rename or delete says
// so with an empty text, and the action is disabled.

#include <QString>

namespace gs {

class DockEditing {
public:
    virtual ~DockEditing() = default;
    // What the actions would do here ("Rename 16_15", "Delete 3 clips"); empty = nothing.
    virtual QString renameText() const { return {}; }
    virtual QString deleteText() const { return {}; }
    // Does it; false when there was nothing to do.
    virtual bool renameSelection() { return false; }
    virtual bool deleteSelection() { return false; }
};

}  // namespace gs

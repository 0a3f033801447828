#pragma once
// "Add the mirror of this turn" (issue 42, Mirror): a turn clip of a motion space mirrored left
// to right (core/clip/mirror.h) and added to the same space as a project clip of its own with
// "mirror": true, so that a capture of right turns also steers left. One undoable step: the new
// clip and the space's new member together (a QUndoStack macro of AddClipsCommand and
// SetSpacesCommand).
//
// The mirror of a mirror is the clip itself: mirroring a clip with "mirror": true gives back its
// source as it was captured (same file, trim and unit scale, no mirror). When the project already
// holds that clip, the space takes it (no copy is made), or, when the space holds it already,
// the edit is refused with a sentence saying so.

#include <QString>

namespace gs {

class ProjectDocument;

namespace spaces {

// Adds the mirror of clip `id` (a member of space `space`) to that space as described above.
// True when done; false, with the sentence in `refusal`, when refused: an unknown space or clip,
// a clip not yet read, a clip that goes straight (no turn to mirror), a skeleton without
// left/right pairs, or a mirror the space already holds. The new clip's id is
// mirrorClipName(id) ("16_19" -> "16_19_mirror", "16_19_mirror" -> "16_19"), made unique.
bool addMirror(ProjectDocument* doc, int space, const QString& id, QString* refusal = nullptr);

}  // namespace spaces
}  // namespace gs

#pragma once
// ClipAnalysis: what the editor shows about one motion file, computed off the GUI thread.
//
// The whole file at its own rate (the timeline and the trim handles work in its frames, as the
// project's trims do), its foot contacts and strikes, its root-motion figures and its gait cycles.

#include <QString>
#include <QStringList>

#include <memory>

#include "core/clip/clip.h"
#include "core/analysis/cycles.h"
#include "core/clip/foot_contacts.h"
#include "core/io/clip_import.h"
#include "core/clip/root_motion.h"

namespace gs {

struct ClipAnalysis {
    QString file;  // absolute path read
    Clip source;   // the file's first animation at its own rate, metres
    UnitReport units;
    RootMotionSource
        rootMotion;  // the file's root, or the planted feet (core/clip/root_from_feet.h)
    QStringList warnings;
    FootContacts contacts;
    QString contactError;  // why contacts are missing (no foot joints); empty when fine
    CycleInfo cycles;
    QString cycleError;
};

// Reads and analyses one file (unitScale 0 = detected; `animation` names the one animation of a
// file of several, empty = its first). Safe to call from any thread. Errors name the cause; the
// caller adds the file name. Inside a CancelScope (core/support/cancel.h) it stops early with
// Status::cancelled() once the scope's flag is set.
Expected<std::shared_ptr<const ClipAnalysis>> analyzeClipFile(
    const QString& file, float unitScale = 0.0f, RootMotionMode rootMotion = RootMotionMode::Auto,
    const QString& animation = {});

// The frames [in, out] of the source (-1 = its start / end), resampled to `fps`, mirrored left
// to right when `mirror` (core/clip/mirror.h) and named `name`: the clip a project holds for an
// entry, as the project reader makes it.
Expected<Clip> workingClip(const Clip& source, int in, int out, float fps, const QString& name,
                           bool mirror = false);

// Summary figures of a trimmed clip for the library: root motion on the ground.
RootMotionStats trimmedStats(const Clip& source, int in, int out);

// Whole gait cycles in the frames [in, out] of the analysed file (-1 = its start / end), at the
// file's period: what the library shows for a trimmed clip. 0 when the file is not periodic.
int trimmedCycles(const ClipAnalysis& analysis, int in, int out);

}  // namespace gs

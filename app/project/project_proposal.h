#pragma once
// A project proposed from takes (core/spaces/propose.h), for the CLI's `propose` and the window's
// File > New Project from Takes: the takes read and segmented, the proposal made, and the project
// it describes, with sources written as a saved project at `output` would hold them.

#include <QString>
#include <QStringList>

#include "app/project/project.h"
#include "core/spaces/propose.h"

namespace gs {

// The motion files named: files as they are, folders by their motion files (not recursive).
QStringList motionFilesIn(const QStringList& paths);

struct TakesProposal {
    Project project;      // not saved yet
    Proposal proposal;    // what was chosen, and why (proposal.explanations)
    QStringList takes;    // the files used
    QStringList skipped;  // "FILE: cause" of each file left out (unreadable, no gait)
};

// Reads and segments every file, proposes, and makes the project for `output` (its sources with
// ${GAITSPACE_DATA_DIR} under the data folder, else relative to `output`'s folder). Fails when no
// file could be read or nothing could be proposed, in a sentence. Safe on any thread.
Expected<TakesProposal> proposeFromTakes(const QStringList& files, const QString& output);

}  // namespace gs

#pragma once
// A project proposed from takes: their segments (core/analysis/segments.h) grouped into motion
// spaces by gait and speed, each space with a straight reference, turns to both sides (mirrored
// from the other side where a side is missing, bent from the straight clips where no turn was
// captured), and the stops and starts the takes hold. Every choice is explained in a sentence.
//
// A space's reference is a straight segment of at least one and a half gait periods (the space's
// loop is cut inside it). Trims are in the take's own frames; a clip covering most of its take
// (60 %) is the whole take, so that the space builder finds its loop where the clip does what it
// is for. Otherwise a clip is its segment widened by
// padPeriods gait periods on each side (the space builder cuts its loop inside), clamped to the
// take. No Qt.

#include <string>
#include <vector>

#include "core/analysis/segments.h"
#include "core/clip/clip.h"

namespace gs {

// One take: its name (a file's base name, used for clip ids), its clip (not owned; a looped clip
// is checked to hold a gait cycle before it is proposed) and its segments.
struct ProposalTake {
    std::string name;
    const Clip* clip = nullptr;
    TakeSegments segments;
    int frames() const { return clip ? clip->frameCount() : 0; }
};

struct ProposalSettings {
    float padPeriods = 2.0f;    // gait periods added before and after a segment; [0, 4]
    float speedSpread = 0.35f;  // straight segments within this fraction of a space's reference
                                // speed share its space; (0, 1]
    int turnsPerSide = 1;       // turns kept per side of a space, besides one veer; [1, 8]
    int transitions = 2;        // stops and starts kept per space; [0, 8]
    float bentRadius = 4.0f;  // metres: the radius of turns bent when none was captured; [2, 1000]

    Status validate() const;
};

// One clip of the proposal: frames [first, last] of take `take`, mirrored or not.
struct ProposedClip {
    std::string id;
    int take = 0;
    int first = 0, last = 0;
    bool mirror = false;
};

struct ProposedSpace {
    std::string name;                // "walk", "jog", "run"; "walk_2" for a second walking speed
    std::vector<std::string> clips;  // ids, the reference among them
    std::string reference;
    std::vector<std::string> stops, starts;
    std::vector<float> bentTurnsM;  // bent turns when no turn was captured
};

struct Proposal {
    float fps = 30.0f;  // the project's working rate (clips are checked for a loop at it); 30
                        // served the CMU, 100STYLE and GAMES-105 takes better than 60
    std::vector<ProposedClip> clips;
    std::vector<ProposedSpace> spaces;
    std::vector<std::string> explanations;  // one sentence per choice ("jog: left turn mirrored
                                            // from 16_44 (no left jog turn in the takes)")
};

// The proposal for `takes`, or why none can be made (no take with a straight stretch of gait).
Expected<Proposal> proposeProject(const std::vector<ProposalTake>& takes,
                                  const ProposalSettings& settings = {});

}  // namespace gs

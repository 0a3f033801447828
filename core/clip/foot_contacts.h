#pragma once
// Foot contacts, heel strikes and foot strikes of a clip.
//
// A foot joint is in contact while its height above the clip's floor (the lowest ankle/toe joint
// height over the clip) is under heightThreshold and its horizontal speed under speedThreshold.
// Short holes are filled and short blips dropped. Heel strikes are onsets of the ankle's contact.
//
// Runners land on the forefoot: the ankle never comes down, and the toe's stance lasts about 0.2 s,
// during which the toe pivots (at 30 fps the strict speed test keeps 1-2 of its frames, too few to
// count). So a stance in which the ankle does not touch is found on the toe alone with a looser
// speed limit, and its strike is the onset of the toe's contact. The strikes of a foot are then one
// per stance: the heel strike where the ankle touches down, else that forefoot strike.

#include <string>
#include <vector>

#include "core/clip/clip.h"
#include <gaitspace/runtime/legs.h>

namespace gs {

struct FootContactSettings {
    float heightThreshold = 0.05f;  // metres above the floor; (0, 0.5]; default 5 cm
    float speedThreshold = 0.30f;   // m/s horizontal; (0, 5]; default 0.3 (0.15 splits stances)
    float forefootSpeedThreshold = 0.5f;  // m/s horizontal, for the toe in a stance where the
                                          // ankle does not touch; [speedThreshold, 5]; default 0.5
                                          // (the CMU runs' toes move 0.3-0.45 m/s at 30 fps as they
                                          // land and push off)
    int maxHoleFrames = 2;                // contact gaps this short (at 30 fps) are filled; [0, 10]
    int minRunFrames = 3;  // contacts shorter than this (at 30 fps) are dropped; [1, 10]
    std::string leftAnkle, leftToe, rightAnkle, rightToe;  // name overrides; empty = by name

    Status validate() const;
};

struct FootContacts {
    float floorHeight = 0.0f;  // metres: lowest ankle/toe height over the clip
    std::vector<bool> leftAnkle, leftToe, rightAnkle, rightToe;  // per frame; the toe includes
                                                                 // forefoot stances (see above)
    std::vector<int> leftHeelStrikes, rightHeelStrikes;          // ankle-contact onsets
    std::vector<int> leftFootStrikes,
        rightFootStrikes;  // one per stance: the heel
                           // strike where the ankle touches, else the toe's onset
    int leftForefootStrikes = 0, rightForefootStrikes = 0;  // how many of those are toe onsets

    // The strikes every consumer uses (loop phase, registration constraints, goal-space starts).
    const std::vector<int>& leftStrikes() const { return leftFootStrikes; }
    const std::vector<int>& rightStrikes() const { return rightFootStrikes; }
};

struct FootContactJob {
    FootContactSettings settings;
    const Clip* clip = nullptr;
    FootContacts output;

    Status validate() const;
    Status run();
};

}  // namespace gs

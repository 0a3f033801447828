#pragma once
// How well a character's feet stand on a level's surface (gaitspace/runtime/ground.h), frame by
// frame, from its world transforms and state after the crowd's update:
//
// Foot-ground error: for each planted foot (CharacterState::FootLock::planted), the sole's
// distance from the surface under it. The sole is where the clips put it above their flat floor:
// the ankle and the toe each at the height the clips gave them (CharacterState::Surface::flat,
// or, for a pose not carried onto the surface, their own height) above the surface under each;
// the foot's error is the lower of the two (a foot resting on a tread's edge by its toe, heel
// over the tread below, stands on the tread; a joint below its surface is the error). Signed:
// above the surface is positive.
//
// Stance skate: quality.h's footSkate on the toes, their height taken above the surface under
// each (so that it compares with the same figure on flat ground), over frames where the toe
// moves slower than 1 m/s.

#include <array>
#include <span>
#include <vector>

#include <gaitspace/runtime/ground.h>

namespace gs {

// Appends each planted foot's error (metres) to `errors`, and to `uneven` as well where the
// ground is not level under it: a surface tilted by more than 2 degrees under heel or toe, or one
// more than 1 cm higher or lower than under the root or than under the other end of the foot (a
// ramp, a stair). `surfaceUnder`: the surface query (the level's); `carried`: the pose stands on
// the surface (a GroundJob ran), else it is the flat pose carried at `height` (metres, the
// surface under the root).
void footGroundErrors(const CharacterState& state, std::span<const Transform> world,
                      const GroundQuery& surfaceUnder, bool carried, float height,
                      std::vector<float>& errors, std::vector<float>& uneven);

// The stance skate of one character, frame by frame.
struct StanceSkateTrack {
    std::array<glm::vec3, 2> lastToe{};
    bool hasLast = false;
    double sum = 0.0;  // cm/s, weighted
    long samples = 0;  // feet x frames
    // One frame: the toes' world positions and their heights above the surfaces under them.
    void add(const CharacterState& state, std::span<const Transform> world,
             std::array<float, 2> toeHeights, float floor, float fps);
};

// The height of each toe above the surface under it (metres): the query's, or, for a flat pose,
// its own height.
std::array<float, 2> toeHeights(const CharacterState& state, std::span<const Transform> world,
                                const GroundQuery& surfaceUnder, bool carried);

// Percentile p (0-100) of the absolute values, linear between samples; 0 for none.
float absPercentile(std::vector<float> values, float p);

}  // namespace gs

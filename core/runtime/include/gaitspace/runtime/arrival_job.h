#pragma once
// ArrivalJob: the decisions of arrival (gaitspace/runtime/arrival.h), once a frame before
// steering. For every character with a goal to arrive at it plans the stop by distance matching
// and enters it at its join; for a standing character with a new goal it picks the start and how
// far to turn toward the goal. What happens frame by frame inside a stop or a start is the
// locomotion update's transition layer (LocomotionJob), which reads the state this job writes.
//
// Like the other jobs it owns nothing: the arrival state lives in CharacterState::arrival, the
// goals and flags in the caller's arrays (Crowd's). It allocates nothing.

#include <cstdint>
#include <span>

#include <gaitspace/runtime/arrival.h>
#include <gaitspace/runtime/locomotion.h>

namespace gs {

// Flags beside kSteerActive and kSteerNow (gaitspace/runtime/steering.h), in the same array:
// kSteerArrive = the goal is one to stop on; kSteerNewGoal = the goal changed since the character
// was last told (a standing character then starts; cleared by the job when acted on).
constexpr std::uint8_t kSteerArrive = 4, kSteerNewGoal = 8;

// What a stop planned now would do: the join, when the loop crosses it (output frames from
// now), and how far from the goal the stop would end without correction (metres).
struct StopPlan {
    int space = -1, clip = -1, join = -1;
    float frames = 0.0f;     // until the join is crossed
    glm::vec2 error{0.0f};   // goal - predicted end, in the character's ground frame (x left, z forward)
    float way = 0.0f;        // the way left: the approach to the join and the stop's travel (metres)
    float correction() const;  // |error| / way (what distance matching would have to make up)
};

// The best stop for a character now (no plan when no space in its mix has stops, or the goal
// lies beyond reach). `goal` in world x, z. Exposed for tools and tests.
StopPlan planStop(const BakedBehavioralSpace& space, const CharacterState& character, const glm::vec2& goal);

struct ArrivalJob {
    ArrivalSettings settings;
    const BakedBehavioralSpace* space = nullptr;
    std::span<CharacterState> characters;
    std::span<const glm::vec2> goals;  // world (x, z) per character
    std::span<std::uint8_t> flags;     // per character: kSteerActive, kSteerArrive, kSteerNewGoal

    Status validate() const;
    Status run();
};

}  // namespace gs

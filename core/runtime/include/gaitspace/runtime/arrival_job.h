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
    float frames = 0.0f;  // until the join is crossed
    glm::vec2 error{
        0.0f};         // goal - predicted end, in the character's ground frame (x left, z forward)
    float way = 0.0f;  // the way left: the approach to the join and the stop's travel (metres)
    glm::vec3 target{0.0f};    // world: where it is to stand (a moving goal's point ahead)
    float correction() const;  // |error| / way (what distance matching would have to make up)
};

// The best stop for a character now (no plan when no space in its mix has stops, or the goal
// lies beyond reach). `goal` in world x, z; a moving goal (m/s) is stood in the way of: the stop
// ends where the goal will be `lead` seconds after it stands. Exposed for tools and tests.
StopPlan planStop(const BakedBehavioralSpace& space, const CharacterState& character,
                  const glm::vec2& goal, const glm::vec2& goalVelocity = glm::vec2(0.0f),
                  float lead = 0.0f);

// The next join of one stop (space `space`, its stop `clip`) the character's loop will cross, and
// where that stop would end (no correction). No plan when the space has no such stop.
StopPlan nextJoin(const BakedBehavioralSpace& space, const CharacterState& character,
                  int spaceIndex, int clip);

struct ArrivalJob {
    ArrivalSettings settings;
    const BakedBehavioralSpace* space = nullptr;
    std::span<CharacterState> characters;
    std::span<const glm::vec2> goals;  // world (x, z) per character
    std::span<std::uint8_t> flags;     // per character: kSteerActive, kSteerArrive, kSteerNewGoal
    // World velocity (m/s) of each character's goal; empty = goals stand still.
    std::span<const glm::vec2> goalVelocities;
    // A moving goal slower than the walk is followed by stopping in its way, standing and
    // starting after it (false: pursued by walking alone).
    bool followByStopping = true;

    Status validate() const;
    Status run();
};

}  // namespace gs

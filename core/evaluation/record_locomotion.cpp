#include "core/evaluation/record_locomotion.h"

namespace gs {

Expected<Clip> recordLocomotion(const BakedBehavioralSpace& space, CharacterState& state,
                                const LocomotionSettings& settings, int frames) {
    return recordLocomotion(space, state, settings, frames, [](int, CharacterState&) {});
}

}  // namespace gs

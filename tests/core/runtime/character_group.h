#pragma once
// A group of characters for the locomotion tests: `count` characters on one space, spread over
// its first two styles and their blends, and the outputs a LocomotionJob writes for them (`job`
// points at them: construct in place).

#include <vector>

#include <gaitspace/runtime/locomotion.h>

namespace gs::test {

struct CharacterGroup {
    std::vector<CharacterState> states;
    std::vector<glm::quat> rotations;
    std::vector<glm::vec3> roots;
    std::vector<Transform> world;
    LocomotionJob job;

    CharacterGroup(const BakedBehavioralSpace& bs, int count)
        : states(count),
          rotations(static_cast<size_t>(count) * bs.skeleton.jointCount()),
          roots(count),
          world(rotations.size()) {
        for (int c = 0; c < count; ++c) {
            const float k = static_cast<float>(c) / static_cast<float>(count);
            const float styles[] = {1.0f - k, k};
            const float blends[] = {k, 1.0f - k};
            initCharacter(bs, states[c], GroundFrame{float(c), 0.0f, 0.1f * c}, styles, blends);
        }
        job.space = &bs;
        job.localRotations = rotations;
        job.rootPositions = roots;
        job.world = world;
        job.characters = states;
    }
    CharacterGroup(const CharacterGroup&) = delete;
};

}  // namespace gs::test

#pragma once
// Joint positions of an exported animation read back through Assimp, as a viewer would play it:
// each node's local transform from its channel's keys (its own transform where it has no channel),
// multiplied down from the scene's root. It checks what a file holds, not what wrote it.

#include <string>
#include <vector>

#include <glm/glm.hpp>

struct aiScene;

namespace gs::test {

// Key frames of the scene's first animation (the most keys of any channel); 0 without one.
int animationFrames(const aiScene& scene);

// World positions of the nodes named `names` at key `frame` (a channel with fewer keys holds its
// last); a name no node has gives the origin.
std::vector<glm::vec3> animatedJoints(const aiScene& scene, const std::vector<std::string>& names,
                                      int frame);

// The same at every key frame: animationFrames() x names.size() positions, frame by frame.
std::vector<glm::vec3> animatedJointTrack(const aiScene& scene,
                                          const std::vector<std::string>& names);

}  // namespace gs::test

#include "render/clip_scene.h"

#include <algorithm>
#include <cmath>

#include "core/clip/root_motion.h"

namespace gs {

PlacedCharacter addClipFrame(Scene& scene, const Character& character, int mesh, const Clip& clip,
                             float frame, const ClipSceneOptions& options) {
    std::vector<Transform> world;
    CharacterDraw draw;
    draw.mesh = mesh;
    character.pose(clip, frame, world, draw.palette);
    PlacedCharacter placed;
    placed.root =
        world.empty()
            ? glm::vec3(0.0f)
            : world[std::min<size_t>(character.hipsJoint(), world.size() - 1)].translation;
    if (!clip.isEmpty()) {
        const int f = std::clamp(static_cast<int>(std::lround(frame)), 0, clip.frameCount() - 1);
        placed.heading = headingOf(facingRotation(clip.skeleton, clip.frameRotations(f)[0]));
    }
    draw.root = placed.root;
    scene.characters.push_back(std::move(draw));

    if (options.trail && clip.frameCount() > 1) {
        // The clip's own ground path: a retargeted character walks it whatever its size.
        std::vector<glm::vec3> trail;
        const int last = std::clamp(static_cast<int>(frame), 0, clip.frameCount() - 1);
        for (int f = 0; f <= last; ++f) {
            const glm::vec3 p = clip.rootPositions[f];
            trail.emplace_back(p.x, 0.012f, p.z);
        }
        trail.emplace_back(placed.root.x, 0.012f, placed.root.z);
        scene.debug.polyline(trail, options.trailColor);
    }
    if (options.skeleton) {
        std::vector<glm::vec3> joints;
        for (const Transform& t : world) joints.push_back(t.translation);
        scene.debug.skeleton(joints, character.skeleton().parents, options.skeletonColor);
        scene.debug.points(joints, options.skeletonColor, 5.0f);
    }
    return placed;
}

}  // namespace gs

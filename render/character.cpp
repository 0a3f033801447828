#include "render/character.h"

#include <algorithm>
#include <filesystem>

#include "core/io/character_import.h"

namespace gs {
namespace {

float meshHeight(const SkinnedMesh& mesh) {
    if (mesh.vertices.empty()) return 1.8f;
    float lo = mesh.vertices.front().position.y, hi = lo;
    for (const SkinVertex& v : mesh.vertices)
        lo = std::min(lo, v.position.y), hi = std::max(hi, v.position.y);
    return hi - lo;
}

}  // namespace

Expected<Character> Character::mannequin(const Skeleton& skeleton,
                                         const MannequinSettings& settings) {
    auto mesh = buildMannequin(skeleton, settings);
    if (!mesh) return mesh.status().withContext("mannequin");
    Character c;
    c.m_skeleton = skeleton;
    c.m_mesh = std::move(*mesh);
    if (auto coarse = buildMannequin(skeleton, settings.coarse());
        coarse && coarse->triangleCount() < c.m_mesh.triangleCount())
        c.m_coarse = std::move(*coarse);
    c.m_height = meshHeight(c.m_mesh);
    c.m_description = "mannequin (" + std::to_string(c.m_mesh.triangleCount()) + " triangles)";
    return c;
}

Expected<Character> Character::mannequin(const Clip& clip, const MannequinSettings& settings) {
    auto atRest = mannequin(clip.skeleton, settings);
    if (atRest || clip.isEmpty()) return atRest;
    // The rest pose stands no figure up: bind the mannequin to the first frame's pose instead (the
    // clip's frames give every joint's rotation, so the rest rotations only place the mesh).
    Skeleton posed = clip.skeleton;
    const auto first = clip.frameRotations(0);
    posed.restRotations.assign(first.begin(), first.end());
    auto atFirst = mannequin(posed, settings);
    return atFirst ? atFirst : atRest;
}

Expected<Character> Character::imported(const std::string& path, const Clip& clip,
                                        const JointMap* map) {
    auto asset = importCharacter(path);
    if (!asset) return asset.status().withContext(std::filesystem::path(path).filename().string());
    return imported(*asset, clip, map);
}

Expected<Character> Character::imported(const CharacterAsset& asset, const Clip& clip,
                                        const JointMap* map) {
    const std::string file = std::filesystem::path(asset.source).filename().string();
    const JointMap chosen = map ? *map : chooseJointMap(clip.skeleton, asset.skeleton);
    auto retarget = buildRetarget(clip.skeleton, clipFloorHeight(clip), asset.skeleton, chosen);
    if (!retarget) return retarget.status().withContext(file);
    Character c;
    c.m_skeleton = asset.skeleton;
    c.m_mesh = asset.mesh;
    c.m_description = file + " (" + std::to_string(c.m_mesh.triangleCount()) + " triangles, " +
                      std::to_string(c.m_skeleton.jointCount()) + " joints; " + chosen.name + ", " +
                      std::to_string(retarget->mappedCount) +
                      " joints mapped: " + retarget->describe() + ")";
    c.m_map = chosen;
    c.m_height = meshHeight(c.m_mesh);
    c.m_retarget = std::move(*retarget);
    return c;
}

void Character::pose(const Clip& clip, float frame, std::vector<Transform>& world,
                     std::vector<glm::mat4>& palette) const {
    world.resize(m_skeleton.jointCount());
    if (m_retarget && !clip.isEmpty()) {
        retargetFrame(*m_retarget, clip, frame, world);  // the feet planted along the clip
    } else {
        std::vector<glm::quat> rotations(clip.jointCount());
        glm::vec3 root(0.0f);
        if (clip.isEmpty()) {
            rotations = clip.skeleton.restRotations;
            root =
                clip.skeleton.restOffsets.empty() ? glm::vec3(0.0f) : clip.skeleton.restOffsets[0];
        } else {
            samplePose(clip, frame, rotations, root);
        }
        if (m_retarget)
            retargetPose(*m_retarget, rotations, root, world);
        else
            forwardKinematics(m_skeleton, rotations, root, world);
    }
    palette.resize(world.size());
    for (size_t j = 0; j < world.size(); ++j)
        palette[j] = world[j].matrix() * m_mesh.inverseBind[j];
}

}  // namespace gs

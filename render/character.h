#pragma once
// Character: a skinned mesh plus how a clip drives it, on the CPU (no GL).
//
// A mannequin is built around the clip's own skeleton, so the clip's joint transforms drive it
// directly. An imported character has its own skeleton; a Retarget maps the clip onto it. Either
// way pose() gives the joint world transforms and the skinning palette for a fractional frame.

#include <optional>
#include <string>
#include <vector>

#include "core/clip/clip.h"
#include "core/clip/clip_kinematics.h"
#include "core/character/mannequin.h"
#include "core/character/retarget.h"
#include "core/character/skinned_mesh.h"

namespace gs {

struct CharacterAsset;

class Character {
public:
    // A mannequin around `skeleton` (the skeleton of the clips it will play).
    static Expected<Character> mannequin(const Skeleton& skeleton,
                                         const MannequinSettings& settings = {});
    // The same for a clip: when its skeleton's rest pose is no standing figure (Bandai's rest pose
    // has every bone along its local X axis), the mannequin is built around the clip's first frame.
    static Expected<Character> mannequin(const Clip& clip, const MannequinSettings& settings = {});
    // A character file (glTF/GLB, FBX, COLLADA) driven by clips of `clip`'s skeleton. Uses `map`
    // when given, else the built-in map that fits best. Errors name the file and the cause.
    static Expected<Character> imported(const std::string& path, const Clip& clip,
                                        const JointMap* map = nullptr);
    // The same from a character already read (importCharacter), e.g. kept for the next clip.
    static Expected<Character> imported(const CharacterAsset& asset, const Clip& clip,
                                        const JointMap* map = nullptr);

    const SkinnedMesh& mesh() const { return m_mesh; }
    SkinnedMesh& mesh() { return m_mesh; }
    // A coarser mesh on the same skeleton for when the character is small on screen (see
    // Renderer::upload); null when there is none (imported characters).
    const SkinnedMesh* coarseMesh() const { return m_coarse ? &*m_coarse : nullptr; }
    const Skeleton& skeleton() const { return m_skeleton; }
    const std::string& description() const { return m_description; }
    // Height of the mesh at rest, metres.
    float height() const { return m_height; }
    bool isRetargeted() const { return m_retarget.has_value(); }
    // How much longer this character's legs are than the clip's (1 for a mannequin): heights
    // scale by it, ground positions do not (core/character/retarget.h).
    float rootScale() const { return m_retarget ? m_retarget->rootScale : 1.0f; }
    // The joint the root motion moves (the hips; a ground bone above them stays on the floor).
    int hipsJoint() const { return m_retarget ? m_retarget->targetHips : 0; }
    // What retargeting made of it (null for a mannequin).
    const Retarget* retarget() const { return m_retarget ? &*m_retarget : nullptr; }
    // The joint map it was retargeted with (empty for a mannequin).
    const JointMap& jointMap() const { return m_map; }

    // Joint world transforms and palette (world x inverse bind) at a fractional clip frame.
    void pose(const Clip& clip, float frame, std::vector<Transform>& world,
              std::vector<glm::mat4>& palette) const;

private:
    Skeleton m_skeleton;
    SkinnedMesh m_mesh;
    std::optional<SkinnedMesh> m_coarse;
    std::optional<Retarget> m_retarget;
    JointMap m_map;
    std::string m_description;
    float m_height = 1.8f;
};

}  // namespace gs

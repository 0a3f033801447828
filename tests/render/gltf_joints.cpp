#include "gltf_joints.h"

#include <algorithm>
#include <unordered_map>

#include <assimp/scene.h>

namespace gs::test {
namespace {

using Channels = std::unordered_map<const aiNode*, const aiNodeAnim*>;

// The channel of each animated node of the first animation.
Channels channelsOf(const aiScene& scene) {
    Channels channels;
    if (scene.mNumAnimations == 0) return channels;
    const aiAnimation* anim = scene.mAnimations[0];
    for (unsigned c = 0; c < anim->mNumChannels; ++c)
        if (const aiNode* n = scene.mRootNode->FindNode(anim->mChannels[c]->mNodeName))
            channels[n] = anim->mChannels[c];
    return channels;
}

// A node's transform at key `frame`: its channel's keys, else its own.
aiMatrix4x4 localAt(const aiNode* node, const Channels& channels, int frame) {
    const auto it = channels.find(node);
    if (it == channels.end()) return node->mTransformation;
    const aiNodeAnim* ch = it->second;
    const auto key = [frame](unsigned count) {
        return std::min<unsigned>(static_cast<unsigned>(frame), count - 1);
    };
    const aiQuaternion q =
        ch->mNumRotationKeys ? ch->mRotationKeys[key(ch->mNumRotationKeys)].mValue : aiQuaternion();
    const aiVector3D t =
        ch->mNumPositionKeys ? ch->mPositionKeys[key(ch->mNumPositionKeys)].mValue : aiVector3D();
    const aiVector3D s =
        ch->mNumScalingKeys ? ch->mScalingKeys[key(ch->mNumScalingKeys)].mValue : aiVector3D(1.0f);
    return aiMatrix4x4(s, q, t);
}

void appendFrame(const std::vector<const aiNode*>& nodes, const Channels& channels, int frame,
                 std::vector<glm::vec3>& out) {
    for (const aiNode* node : nodes) {
        aiMatrix4x4 global;
        for (const aiNode* n = node; n; n = n->mParent)
            global = localAt(n, channels, frame) * global;
        out.emplace_back(node ? glm::vec3(global.a4, global.b4, global.c4) : glm::vec3(0.0f));
    }
}

std::vector<const aiNode*> nodesNamed(const aiScene& scene, const std::vector<std::string>& names) {
    std::vector<const aiNode*> nodes;
    for (const std::string& name : names) nodes.push_back(scene.mRootNode->FindNode(name.c_str()));
    return nodes;
}

}  // namespace

int animationFrames(const aiScene& scene) {
    if (scene.mNumAnimations == 0) return 0;
    unsigned frames = 0;
    const aiAnimation* anim = scene.mAnimations[0];
    for (unsigned c = 0; c < anim->mNumChannels; ++c)
        frames = std::max(
            {frames, anim->mChannels[c]->mNumRotationKeys, anim->mChannels[c]->mNumPositionKeys});
    return static_cast<int>(frames);
}

std::vector<glm::vec3> animatedJoints(const aiScene& scene, const std::vector<std::string>& names,
                                      int frame) {
    std::vector<glm::vec3> out;
    appendFrame(nodesNamed(scene, names), channelsOf(scene), frame, out);
    return out;
}

std::vector<glm::vec3> animatedJointTrack(const aiScene& scene,
                                          const std::vector<std::string>& names) {
    const std::vector<const aiNode*> nodes = nodesNamed(scene, names);
    const auto channels = channelsOf(scene);
    const int frames = animationFrames(scene);
    std::vector<glm::vec3> out;
    out.reserve(static_cast<size_t>(frames) * names.size());
    for (int f = 0; f < frames; ++f) appendFrame(nodes, channels, f, out);
    return out;
}

}  // namespace gs::test

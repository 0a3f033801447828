#include "core/io/scene_writer.h"

#include <assimp/Exporter.hpp>
#include <assimp/scene.h>

#include <filesystem>
#include <memory>

namespace gs {
namespace {

aiQuaternion toAi(const glm::quat& q) { return aiQuaternion(q.w, q.x, q.y, q.z); }
aiVector3D toAi(const glm::vec3& v) { return aiVector3D(v.x, v.y, v.z); }

}  // namespace

Status writeGltf(const Clip& clip, const std::string& path) {
    const std::string ext = std::filesystem::path(path).extension().string();
    const char* format = ext == ".glb" ? "glb2" : ext == ".gltf" ? "gltf2" : nullptr;
    if (!format) return Status::error(path + ": the file name must end in .gltf or .glb");
    const Skeleton& sk = clip.skeleton;
    const int joints = sk.jointCount();
    const int frames = clip.frameCount();
    if (joints < 1 || frames < 1) return Status::error(path + ": the clip is empty");

    // The scene: a root node holding the skeleton's nodes, each at its rest transform. The scene
    // owns everything it points to (its destructor frees it).
    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = new aiNode("Scene");
    std::vector<aiNode*> nodes(joints);
    std::vector<std::vector<aiNode*>> children(joints);
    for (int j = 0; j < joints; ++j) {
        nodes[j] = new aiNode(sk.names[j]);
        nodes[j]->mTransformation = aiMatrix4x4(aiVector3D(1.0f), toAi(sk.restRotations[j]), toAi(sk.restOffsets[j]));
        if (j > 0) children[sk.parents[j]].push_back(nodes[j]);
    }
    for (int j = 0; j < joints; ++j) {
        nodes[j]->mParent = j > 0 ? nodes[sk.parents[j]] : scene->mRootNode;
        if (!children[j].empty()) nodes[j]->addChildren(static_cast<unsigned>(children[j].size()), children[j].data());
    }
    scene->mRootNode->addChildren(1, &nodes[0]);

    // glTF needs a material even without meshes.
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial*[1]{new aiMaterial()};

    auto* anim = new aiAnimation();
    anim->mName = aiString(clip.name.empty() ? std::string("motion") : clip.name);
    anim->mTicksPerSecond = clip.fps;
    anim->mDuration = static_cast<double>(frames - 1);
    anim->mNumChannels = static_cast<unsigned>(joints);
    anim->mChannels = new aiNodeAnim*[joints];
    for (int j = 0; j < joints; ++j) {
        auto* ch = new aiNodeAnim();
        ch->mNodeName = aiString(sk.names[j]);
        ch->mNumRotationKeys = static_cast<unsigned>(frames);
        ch->mRotationKeys = new aiQuatKey[frames];
        ch->mNumPositionKeys = j == 0 ? static_cast<unsigned>(frames) : 1u;
        ch->mPositionKeys = new aiVectorKey[ch->mNumPositionKeys];
        ch->mNumScalingKeys = 1;
        ch->mScalingKeys = new aiVectorKey[1]{aiVectorKey(0.0, aiVector3D(1.0f))};
        for (int f = 0; f < frames; ++f) {
            ch->mRotationKeys[f] = aiQuatKey(static_cast<double>(f), toAi(clip.frameRotations(f)[j]));
            if (j == 0) ch->mPositionKeys[f] = aiVectorKey(static_cast<double>(f), toAi(clip.rootPositions[f]));
        }
        if (j > 0) ch->mPositionKeys[0] = aiVectorKey(0.0, toAi(sk.restOffsets[j]));
        anim->mChannels[j] = ch;
    }
    scene->mNumAnimations = 1;
    scene->mAnimations = new aiAnimation*[1]{anim};

    Assimp::Exporter exporter;
    if (exporter.Export(scene.get(), format, path) != AI_SUCCESS)
        return Status::error(path + ": cannot export glTF (" + std::string(exporter.GetErrorString()) + ")");
    return Status::ok();
}

}  // namespace gs

#include "core/io/scene_writer.h"

#include <assimp/Exporter.hpp>
#include <assimp/scene.h>

#include <assimp/material.h>

#include <filesystem>
#include <map>
#include <memory>

#include "core/io/character_import.h"
#include "core/character/retarget.h"

namespace gs {
namespace {

aiQuaternion toAi(const glm::quat& q) { return aiQuaternion(q.w, q.x, q.y, q.z); }
aiVector3D toAi(const glm::vec3& v) { return aiVector3D(v.x, v.y, v.z); }

aiMatrix4x4 toAi(const glm::mat4& m) {
    // glm is column-major, Assimp row-major.
    return aiMatrix4x4(m[0][0], m[1][0], m[2][0], m[3][0], m[0][1], m[1][1], m[2][1], m[3][1],
                       m[0][2], m[1][2], m[2][2], m[3][2], m[0][3], m[1][3], m[2][3], m[3][3]);
}

// The model's mesh parts as Assimp meshes under a node of their own, skinned to the skeleton's
// nodes by name, and their materials (base colour).
void addSkinnedMesh(const CharacterAsset& model, aiScene& scene) {
    const SkinnedMesh& mesh = model.mesh;
    const Skeleton& sk = model.skeleton;
    const int materials = std::max<int>(1, static_cast<int>(mesh.materials.size()));
    delete[] scene.mMaterials;  // the placeholder's array (its material is freed below)
    scene.mNumMaterials = static_cast<unsigned>(materials);
    scene.mMaterials = new aiMaterial*[materials];
    for (int m = 0; m < materials; ++m) {
        auto* mat = new aiMaterial();
        if (m < static_cast<int>(mesh.materials.size())) {
            const Material& src = mesh.materials[m];
            const aiString name(src.name.empty() ? "material" + std::to_string(m) : src.name);
            mat->AddProperty(&name, AI_MATKEY_NAME);
            const aiColor4D color(src.baseColor.r, src.baseColor.g, src.baseColor.b,
                                  src.baseColor.a);
            mat->AddProperty(&color, 1, AI_MATKEY_COLOR_DIFFUSE);
            mat->AddProperty(&color, 1, AI_MATKEY_BASE_COLOR);
        }
        scene.mMaterials[m] = mat;
    }
    std::vector<aiMesh*> parts;
    for (const MeshPart& part : mesh.parts) {
        if (part.indexCount < 3) continue;
        // The part's vertices, renumbered from 0.
        std::map<std::uint32_t, unsigned> local;
        std::vector<std::uint32_t> order;
        for (std::uint32_t k = 0; k < part.indexCount; ++k) {
            const std::uint32_t v = mesh.indices[part.firstIndex + k];
            if (local.emplace(v, static_cast<unsigned>(order.size())).second) order.push_back(v);
        }
        auto* m = new aiMesh();
        m->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
        m->mMaterialIndex = static_cast<unsigned>(std::clamp(part.material, 0, materials - 1));
        m->mNumVertices = static_cast<unsigned>(order.size());
        m->mVertices = new aiVector3D[order.size()];
        m->mNormals = new aiVector3D[order.size()];
        m->mTextureCoords[0] = new aiVector3D[order.size()];
        m->mNumUVComponents[0] = 2;
        std::map<int, std::vector<aiVertexWeight>> weights;
        for (size_t i = 0; i < order.size(); ++i) {
            const SkinVertex& v = mesh.vertices[order[i]];
            m->mVertices[i] = toAi(v.position);
            m->mNormals[i] = toAi(v.normal);
            m->mTextureCoords[0][i] =
                aiVector3D(v.uv.x, 1.0f - v.uv.y, 0.0f);  // Assimp flips glTF's v
            for (int k = 0; k < 4; ++k)
                if (v.weights[k] > 0.0f && v.joints[k] < sk.jointCount())
                    weights[v.joints[k]].push_back(
                        aiVertexWeight(static_cast<unsigned>(i), v.weights[k]));
        }
        const unsigned triangles = part.indexCount / 3;
        m->mNumFaces = triangles;
        m->mFaces = new aiFace[triangles];
        for (unsigned t = 0; t < triangles; ++t) {
            aiFace& f = m->mFaces[t];
            f.mNumIndices = 3;
            f.mIndices = new unsigned[3];
            for (int k = 0; k < 3; ++k)
                f.mIndices[k] = local[mesh.indices[part.firstIndex + 3 * t + k]];
        }
        m->mNumBones = static_cast<unsigned>(weights.size());
        m->mBones = new aiBone*[weights.size()];
        unsigned b = 0;
        for (auto& [joint, list] : weights) {
            auto* bone = new aiBone();
            bone->mName = aiString(sk.names[joint]);
            bone->mOffsetMatrix = toAi(mesh.inverseBind[joint]);
            bone->mNumWeights = static_cast<unsigned>(list.size());
            bone->mWeights = new aiVertexWeight[list.size()];
            std::copy(list.begin(), list.end(), bone->mWeights);
            m->mBones[b++] = bone;
        }
        parts.push_back(m);
    }
    if (parts.empty()) return;
    scene.mNumMeshes = static_cast<unsigned>(parts.size());
    scene.mMeshes = new aiMesh*[parts.size()];
    std::copy(parts.begin(), parts.end(), scene.mMeshes);
    auto* node = new aiNode("character");
    node->mNumMeshes = scene.mNumMeshes;
    node->mMeshes = new unsigned[scene.mNumMeshes];
    for (unsigned k = 0; k < scene.mNumMeshes; ++k) node->mMeshes[k] = k;
    node->mParent = scene.mRootNode;
    scene.mRootNode->addChildren(1, &node);
}

// translations: frames x joints local translations (null = the root's from the clip, the others
// at rest); a joint whose translation moves gets a key every frame (an IK rig's feet).
Status writeScene(const Clip& clip, const CharacterAsset* model, const std::string& path,
                  const std::vector<glm::vec3>* translations = nullptr) {
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
        nodes[j]->mTransformation =
            aiMatrix4x4(aiVector3D(1.0f), toAi(sk.restRotations[j]), toAi(sk.restOffsets[j]));
        if (j > 0) children[sk.parents[j]].push_back(nodes[j]);
    }
    for (int j = 0; j < joints; ++j) {
        nodes[j]->mParent = j > 0 ? nodes[sk.parents[j]] : scene->mRootNode;
        if (!children[j].empty())
            nodes[j]->addChildren(static_cast<unsigned>(children[j].size()), children[j].data());
    }
    scene->mRootNode->addChildren(1, &nodes[0]);

    // glTF needs a material even without meshes.
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial* [1] { new aiMaterial() };

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
        bool moves = j == 0;
        if (translations)
            for (int f = 0; f < frames && !moves; ++f)
                moves = glm::distance((*translations)[static_cast<size_t>(f) * joints + j],
                                      sk.restOffsets[j]) > 1e-5f;
        ch->mNumPositionKeys = moves ? static_cast<unsigned>(frames) : 1u;
        ch->mPositionKeys = new aiVectorKey[ch->mNumPositionKeys];
        ch->mNumScalingKeys = 1;
        ch->mScalingKeys = new aiVectorKey[1]{aiVectorKey(0.0, aiVector3D(1.0f))};
        for (int f = 0; f < frames; ++f) {
            ch->mRotationKeys[f] =
                aiQuatKey(static_cast<double>(f), toAi(clip.frameRotations(f)[j]));
            if (moves)
                ch->mPositionKeys[f] = aiVectorKey(
                    static_cast<double>(f),
                    toAi(translations ? (*translations)[static_cast<size_t>(f) * joints + j]
                                      : clip.rootPositions[f]));
        }
        if (!moves) ch->mPositionKeys[0] = aiVectorKey(0.0, toAi(sk.restOffsets[j]));
        anim->mChannels[j] = ch;
    }
    scene->mNumAnimations = 1;
    scene->mAnimations = new aiAnimation* [1] { anim };
    if (model) {
        delete scene->mMaterials[0];
        addSkinnedMesh(*model, *scene);
    }

    Assimp::Exporter exporter;
    if (exporter.Export(scene.get(), format, path) != AI_SUCCESS)
        return Status::error(path + ": cannot export glTF (" +
                             std::string(exporter.GetErrorString()) + ")");
    return Status::ok();
}

}  // namespace

Status writeGltf(const Clip& clip, const std::string& path) {
    return writeScene(clip, nullptr, path);
}

Status writeGltf(const Clip& clip, const CharacterAsset& model, const std::string& path,
                 const JointMap* map) {
    if (clip.frameCount() < 1) return Status::error(path + ": the clip is empty");
    if (static_cast<int>(model.mesh.inverseBind.size()) != model.skeleton.jointCount())
        return Status::error(path + ": the model's mesh is not bound to its skeleton");
    auto retarget = buildRetarget(clip.skeleton, clipFloorHeight(clip), model.skeleton,
                                  map ? *map : chooseJointMap(clip.skeleton, model.skeleton));
    if (!retarget) return Status::error(path + ": " + retarget.message());
    // The motion on the model's skeleton: its local rotations and translations from the
    // retargeted world pose (the root where the retarget puts it; an IK rig's feet move too).
    const Skeleton& t = model.skeleton;
    const int joints = t.jointCount();
    Clip moved;
    moved.name = clip.name;
    moved.fps = clip.fps;
    moved.skeleton = t;
    const std::vector<Transform> posed = retargetClip(*retarget, clip);  // as the window draws it
    std::vector<glm::vec3> translations;
    translations.reserve(static_cast<size_t>(clip.frameCount()) * joints);
    for (int f = 0; f < clip.frameCount(); ++f) {
        const std::span<const Transform> world(posed.data() + static_cast<size_t>(f) * joints,
                                               joints);
        moved.rootPositions.push_back(world[0].translation);
        for (int j = 0; j < joints; ++j) {
            const Transform parent = j > 0 ? world[t.parents[j]] : Transform{};
            moved.rotations.push_back(
                glm::normalize(glm::conjugate(parent.rotation) * world[j].rotation));
            translations.push_back(glm::conjugate(parent.rotation) *
                                   (world[j].translation - parent.translation));
        }
    }
    return writeScene(moved, &model, path, &translations);
}

}  // namespace gs

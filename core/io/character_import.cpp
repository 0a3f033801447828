#include "core/io/character_import.h"

#include <assimp/Importer.hpp>
#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <span>

#include "core/io/assimp_scene.h"
#include "core/io/clip_import.h"
#include "core/io/gltf_check.h"
#include "core/io/motion_file.h"
#include "core/clip/clip_kinematics.h"
#include "core/authoring_limits.h"

namespace gs {
namespace {

namespace fs = std::filesystem;

glm::mat4 toGlm(const aiMatrix4x4& m) {
    // Assimp is row-major (a1..a4 is the first row); glm is column-major.
    return glm::transpose(glm::mat4(m.a1, m.a2, m.a3, m.a4, m.b1, m.b2, m.b3, m.b4, m.c1, m.c2,
                                    m.c3, m.c4, m.d1, m.d2, m.d3, m.d4));
}

void collectGlobals(const aiNode* n, const glm::mat4& parent,
                    std::map<const aiNode*, glm::mat4>& out) {
    const glm::mat4 g = parent * toGlm(n->mTransformation);
    out[n] = g;
    for (unsigned i = 0; i < n->mNumChildren; ++i) collectGlobals(n->mChildren[i], g, out);
}

bool leadsTo(const aiNode* n, const std::set<const aiNode*>& wanted) {
    if (wanted.count(n)) return true;
    for (unsigned i = 0; i < n->mNumChildren; ++i)
        if (leadsTo(n->mChildren[i], wanted)) return true;
    return false;
}

void addJoints(const aiNode* n, int parent, const std::set<const aiNode*>& wanted,
               std::vector<const aiNode*>& nodes, std::vector<int>& parents) {
    const int index = static_cast<int>(nodes.size());
    nodes.push_back(n);
    parents.push_back(parent);
    for (unsigned i = 0; i < n->mNumChildren; ++i)
        if (leadsTo(n->mChildren[i], wanted))
            addJoints(n->mChildren[i], index, wanted, nodes, parents);
}

// The node of a bone: a node of that name that holds no mesh (glTF exporters name a skinned
// mesh's node after a bone now and then: Casual_Female's mesh node "Body" beside its bone "Body").
const aiNode* boneNode(const aiNode* root, const char* name) {
    const aiNode* any = nullptr;
    std::vector<const aiNode*> stack{root};
    while (!stack.empty()) {
        const aiNode* n = stack.back();
        stack.pop_back();
        if (std::strcmp(n->mName.C_Str(), name) == 0) {
            if (n->mNumMeshes == 0) return n;
            if (!any) any = n;
        }
        for (unsigned i = n->mNumChildren; i-- > 0;) stack.push_back(n->mChildren[i]);
    }
    return any;
}

const aiNode* commonAncestor(const aiNode* a, const aiNode* b) {
    std::set<const aiNode*> up;
    for (const aiNode* n = a; n; n = n->mParent) up.insert(n);
    for (const aiNode* n = b; n; n = n->mParent)
        if (up.count(n)) return n;
    return nullptr;
}

// Rigid part of a matrix: rotation (scale removed) and translation.
Transform rigidOf(const glm::mat4& m) {
    glm::mat3 r(m);
    for (int c = 0; c < 3; ++c) {
        const float len = glm::length(r[c]);
        if (len > 1e-12f) r[c] /= len;
    }
    return {glm::normalize(glm::quat_cast(r)), glm::vec3(m[3])};
}

Material readMaterial(const aiScene* scene, const aiMaterial* m, const fs::path& folder) {
    Material out;
    aiString name;
    if (m->Get(AI_MATKEY_NAME, name) == AI_SUCCESS) out.name = name.C_Str();
    aiColor4D c;
    if (m->Get(AI_MATKEY_BASE_COLOR, c) == AI_SUCCESS ||
        m->Get(AI_MATKEY_COLOR_DIFFUSE, c) == AI_SUCCESS)
        out.baseColor = {c.r, c.g, c.b, c.a};
    float roughness = 0.0f;
    if (m->Get(AI_MATKEY_ROUGHNESS_FACTOR, roughness) == AI_SUCCESS) out.roughness = roughness;
    aiString path;
    if (m->GetTexture(aiTextureType_BASE_COLOR, 0, &path) != AI_SUCCESS &&
        m->GetTexture(aiTextureType_DIFFUSE, 0, &path) != AI_SUCCESS)
        return out;
    if (const aiTexture* t = scene->GetEmbeddedTexture(path.C_Str())) {
        if (t->mHeight == 0) {  // compressed (PNG, JPEG, ...): mWidth is the byte count
            const auto* bytes = reinterpret_cast<const std::uint8_t*>(t->pcData);
            out.textureBytes.assign(bytes, bytes + t->mWidth);
            out.textureFormat = t->achFormatHint;
        }
        return out;
    }
    if (path.length)
        out.texturePath = (folder / fs::path(path.C_Str())).lexically_normal().string();
    return out;
}

// The scene of a character file: checked for size (and a .glb's header), read with the steps a
// skinned mesh needs, and holding at least one mesh.
Expected<const aiScene*> readCharacterScene(Assimp::Importer& importer, const std::string& path) {
    auto size = checkRegularFile(path, limits::kMaxMotionFileBytes);
    if (!size) return size.status();
    std::string lowerExt = fs::path(path).extension().string();
    std::transform(lowerExt.begin(), lowerExt.end(), lowerExt.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    lowerExt = contentExtension(path, lowerExt);
    if (lowerExt == ".glb") {
        if (Status s = checkGlbFile(path, *size); !s) return s;
    }
    if (lowerExt == ".glb" || lowerExt == ".gltf") {
        if (Status s = checkGltfFile(path, lowerExt == ".glb"); !s) return s;
    }
    auto read =
        readScene(importer, path,
                  aiProcess_Triangulate | aiProcess_GenSmoothNormals | aiProcess_LimitBoneWeights |
                      aiProcess_JoinIdenticalVertices | aiProcess_ValidateDataStructure,
                  formatName(lowerExt));
    if (!read) return read.status();
    if ((*read)->mNumMeshes == 0) return Status::error("the file holds no mesh");
    return *read;
}

// The nodes that become joints, parents first, and each one's parent index.
struct JointNodes {
    std::vector<const aiNode*> nodes;
    std::vector<int> parents;
};

// Every node from the bones' common ancestor that leads to a bone, or to the node a rigid
// (unskinned) part hangs from.
Expected<JointNodes> chooseJoints(const aiScene* scene) {
    const std::set<std::string> bones = meshBoneNames(*scene);
    if (bones.empty())
        return Status::error("the file holds no skinned mesh (its meshes have no bones)");
    std::set<const aiNode*> wanted;
    const aiNode* top = nullptr;
    for (const std::string& b : bones) {
        const aiNode* n = boneNode(scene->mRootNode, b.c_str());
        if (!n) return Status::error("bone '" + b + "' has no node in the scene");
        wanted.insert(n);
        top = top ? commonAncestor(top, n) : n;
    }
    // Rigid parts hung from the armature's nodes (RobotExpressive: only its hands are skinned,
    // the legs, body and head are meshes under their bones' nodes) make those nodes joints too.
    const aiNode* armature = top;
    while (armature->mParent && armature->mParent != scene->mRootNode) armature = armature->mParent;
    std::vector<const aiNode*> below{armature};
    while (!below.empty()) {
        const aiNode* n = below.back();
        below.pop_back();
        for (unsigned i = 0; i < n->mNumChildren; ++i) below.push_back(n->mChildren[i]);
        bool rigid = false;
        for (unsigned i = 0; i < n->mNumMeshes; ++i)
            rigid |= scene->mMeshes[n->mMeshes[i]]->mNumBones == 0;
        if (rigid && n->mParent && n != armature && n->mParent != armature) {
            wanted.insert(n->mParent);
            top = commonAncestor(top, n->mParent);
        }
    }
    JointNodes joints;
    addJoints(top, -1, wanted, joints.nodes, joints.parents);
    return joints;
}

// Metres per file unit as the file declares it (an FBX's UnitScaleFactor; glTF is in metres),
// and how that was read into `reason`.
float declaredUnit(const aiScene* scene, const std::string& path, std::string& reason) {
    reason = "metres (glTF by specification, others assumed)";
    if (const float unit = fbxMetresPerUnit(scene, path); unit > 0.0f) {
        reason = "from the FBX UnitScaleFactor";
        return unit;
    }
    return 1.0f;
}

// What baking a mesh needs to know of the scene: the joints by name and node, every node's
// global transform, and the node each mesh hangs from.
struct SceneJoints {
    const JointNodes& joints;
    std::map<std::string, int> jointOf;
    std::map<const aiNode*, int> jointOfNode;
    std::map<const aiNode*, glm::mat4> globals;
    std::map<const aiMesh*, const aiNode*> meshNode;

    SceneJoints(const aiScene* scene, const JointNodes& j) : joints(j) {
        for (size_t k = 0; k < j.nodes.size(); ++k) {
            jointOf[j.nodes[k]->mName.C_Str()] = static_cast<int>(k);
            jointOfNode[j.nodes[k]] = static_cast<int>(k);
        }
        collectGlobals(scene->mRootNode, glm::mat4(1.0f), globals);
        std::vector<const aiNode*> stack{scene->mRootNode};
        while (!stack.empty()) {
            const aiNode* n = stack.back();
            stack.pop_back();
            for (unsigned i = 0; i < n->mNumMeshes; ++i)
                meshNode[scene->mMeshes[n->mMeshes[i]]] = n;
            for (unsigned i = 0; i < n->mNumChildren; ++i) stack.push_back(n->mChildren[i]);
        }
    }
};

// One triangle mesh of the scene appended to `mesh`, its vertices baked into the rest pose with
// the bind pose's skinning matrices (global(bone) x offset), so that rigid joint transforms drive
// them afterwards; at most four influences a vertex, and a mesh without bones hangs rigidly from
// its node's nearest joint.
void appendMesh(const aiMesh* am, const SceneJoints& scene, float unit, SkinnedMesh& mesh) {
    std::vector<std::vector<std::pair<float, int>>> influence(am->mNumVertices);
    std::vector<glm::mat4> boneMatrix(am->mNumBones);
    for (unsigned b = 0; b < am->mNumBones; ++b) {
        const aiBone* bone = am->mBones[b];
        const int j = scene.jointOf.at(bone->mName.C_Str());
        boneMatrix[b] = scene.globals.at(scene.joints.nodes[j]) * toGlm(bone->mOffsetMatrix);
        for (unsigned w = 0; w < bone->mNumWeights; ++w) {
            const aiVertexWeight& vw = bone->mWeights[w];
            if (vw.mVertexId < am->mNumVertices && vw.mWeight > 0.0f)
                influence[vw.mVertexId].push_back({vw.mWeight, static_cast<int>(b)});
        }
    }
    int rigidJoint = 0;
    glm::mat4 rigidMatrix(1.0f);
    if (am->mNumBones == 0 && scene.meshNode.count(am)) {
        rigidMatrix = scene.globals.at(scene.meshNode.at(am));
        for (const aiNode* n = scene.meshNode.at(am); n; n = n->mParent)
            if (scene.jointOfNode.count(n)) {
                rigidJoint = scene.jointOfNode.at(n);
                break;
            }
    }
    const auto base = static_cast<std::uint32_t>(mesh.vertices.size());
    for (unsigned v = 0; v < am->mNumVertices; ++v) {
        auto& inf = influence[v];
        std::sort(inf.begin(), inf.end(), [](auto& a, auto& b) { return a.first > b.first; });
        if (inf.size() > 4) inf.resize(4);
        float sum = 0.0f;
        for (auto& [w, b] : inf) sum += w;
        glm::mat4 skin(0.0f);
        SkinVertex sv;
        sv.weights = glm::vec4(0.0f);
        if (inf.empty() || sum <= 0.0f) {
            skin = rigidMatrix;
            sv.joints = glm::u16vec4(rigidJoint, 0, 0, 0);
            sv.weights = {1, 0, 0, 0};
        } else {
            for (size_t k = 0; k < inf.size(); ++k) {
                const float w = inf[k].first / sum;
                skin += w * boneMatrix[inf[k].second];
                sv.joints[k] = static_cast<std::uint16_t>(
                    scene.jointOf.at(am->mBones[inf[k].second]->mName.C_Str()));
                sv.weights[k] = w;
            }
        }
        const aiVector3D& p = am->mVertices[v];
        sv.position = glm::vec3(skin * glm::vec4(p.x, p.y, p.z, 1.0f)) * unit;
        if (am->mNormals) {
            const aiVector3D& n = am->mNormals[v];
            const glm::vec3 nn =
                glm::transpose(glm::inverse(glm::mat3(skin))) * glm::vec3(n.x, n.y, n.z);
            if (glm::length(nn) > 1e-12f) sv.normal = glm::normalize(nn);
        }
        if (am->HasTextureCoords(0))
            sv.uv = {am->mTextureCoords[0][v].x, am->mTextureCoords[0][v].y};
        mesh.vertices.push_back(sv);
    }
    MeshPart part;
    part.firstIndex = static_cast<std::uint32_t>(mesh.indices.size());
    part.material = std::min<int>(am->mMaterialIndex, static_cast<int>(mesh.materials.size()) - 1);
    for (unsigned f = 0; f < am->mNumFaces; ++f) {
        const aiFace& face = am->mFaces[f];
        if (face.mNumIndices != 3) continue;
        for (int k = 0; k < 3; ++k) mesh.indices.push_back(base + face.mIndices[k]);
    }
    part.indexCount = static_cast<std::uint32_t>(mesh.indices.size()) - part.firstIndex;
    if (part.indexCount) mesh.parts.push_back(part);
}

// Units: when the figure is not person-sized in the declared unit, one detected from its height
// (the vertices rescaled, `unit` and `reason` replaced). Returns the figure's lowest point.
float personSized(SkinnedMesh& mesh, float& unit, std::string& reason) {
    float lo = 1e30f, hi = -1e30f;
    for (const SkinVertex& v : mesh.vertices) {
        lo = std::min(lo, v.position.y);
        hi = std::max(hi, v.position.y);
    }
    if (hi - lo > 4.0f || hi - lo < 0.25f) {
        const UnitReport r = detectUnits((hi - lo) / unit);
        const float fix = r.scale / unit;
        unit = r.scale;
        reason = r.unit + ", " + r.reason;
        for (SkinVertex& v : mesh.vertices) v.position *= fix;
        lo *= fix;
    }
    return lo;
}

// The skeleton from the joints' world rest transforms: offsets and rotations relative to each
// parent.
Skeleton restSkeleton(const JointNodes& joints, std::span<const Transform> world) {
    Skeleton s;
    for (size_t j = 0; j < joints.nodes.size(); ++j) {
        s.names.push_back(joints.nodes[j]->mName.C_Str());
        s.parents.push_back(joints.parents[j]);
        s.tipOffsets.push_back(glm::vec3(0.0f));
        if (joints.parents[j] < 0) {
            s.restOffsets.push_back(world[j].translation);
            s.restRotations.push_back(world[j].rotation);
        } else {
            const Transform& p = world[joints.parents[j]];
            const glm::quat inv = glm::inverse(p.rotation);
            s.restOffsets.push_back(inv * (world[j].translation - p.translation));
            s.restRotations.push_back(glm::normalize(inv * world[j].rotation));
        }
    }
    return s;
}

}  // namespace

Expected<CharacterAsset> importCharacter(const std::string& path) {
    Assimp::Importer importer;
    auto read = readCharacterScene(importer, path);
    if (!read) return read.status();
    const aiScene* scene = *read;
    auto joints = chooseJoints(scene);
    if (!joints) return joints.status();
    const SceneJoints sceneJoints(scene, *joints);

    CharacterAsset asset;
    asset.source = path;
    float unit = declaredUnit(scene, path, asset.unitReason);
    SkinnedMesh& mesh = asset.mesh;
    const fs::path folder = fs::path(path).parent_path();
    for (unsigned i = 0; i < scene->mNumMaterials; ++i)
        mesh.materials.push_back(readMaterial(scene, scene->mMaterials[i], folder));
    if (mesh.materials.empty()) mesh.materials.emplace_back();
    for (unsigned mi = 0; mi < scene->mNumMeshes; ++mi) {
        const aiMesh* am = scene->mMeshes[mi];
        if (am->mPrimitiveTypes & aiPrimitiveType_TRIANGLE) appendMesh(am, sceneJoints, unit, mesh);
    }
    if (mesh.indices.empty()) return Status::error("the file holds no triangles");
    const float lo = personSized(mesh, unit, asset.unitReason);

    // The joints' global rest transforms (scales dropped, translations in metres), moved so the
    // feet stand on y = 0 with the root above the origin.
    const std::vector<const aiNode*>& nodes = joints->nodes;
    std::vector<Transform> world(nodes.size());
    for (size_t j = 0; j < nodes.size(); ++j) {
        world[j] = rigidOf(sceneJoints.globals.at(nodes[j]));
        world[j].translation *= unit;
    }
    const glm::vec3 shift(-world[0].translation.x, -lo, -world[0].translation.z);
    for (Transform& w : world) w.translation += shift;
    for (SkinVertex& v : mesh.vertices) v.position += shift;
    asset.skeleton = restSkeleton(*joints, world);
    if (Status st = asset.skeleton.validate(); !st) return st.withContext("skeleton");
    mesh.inverseBind.resize(nodes.size());
    for (size_t j = 0; j < nodes.size(); ++j) mesh.inverseBind[j] = glm::inverse(world[j].matrix());
    return asset;
}

}  // namespace gs

#include "core/io/clip_import.h"

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

#include "core/io/assimp_scene.h"
#include "core/io/bvh_check.h"
#include "core/kinematics.h"

namespace gs {
namespace {

namespace fs = std::filesystem;

std::string lowerExtension(const std::string& path) {
    std::string ext = fs::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    return ext;
}

glm::vec3 toGlm(const aiVector3D& v) { return {v.x, v.y, v.z}; }
glm::quat toGlm(const aiQuaternion& q) { return glm::normalize(glm::quat(q.w, q.x, q.y, q.z)); }

struct Decomposed {
    glm::vec3 scale{1.0f};
    glm::quat rotation{1, 0, 0, 0};
    glm::vec3 translation{0.0f};
};

Decomposed decompose(const aiMatrix4x4& m) {
    aiVector3D s, t;
    aiQuaternion r;
    m.Decompose(s, r, t);
    return {toGlm(s), toGlm(r), toGlm(t)};
}

// Depth-first collection of the joints: the subtree under `root` restricted to nodes that are
// wanted or lead to a wanted node. Leaves that are not wanted become tip offsets (End Sites).
struct JointBuilder {
    const std::set<std::string>& wanted;
    Skeleton skeleton;
    std::vector<const aiNode*> nodes;

    bool leadsToWanted(const aiNode* n) const {
        if (wanted.count(n->mName.C_Str())) return true;
        for (unsigned i = 0; i < n->mNumChildren; ++i)
            if (leadsToWanted(n->mChildren[i])) return true;
        return false;
    }

    void add(const aiNode* n, int parent) {
        const Decomposed d = decompose(n->mTransformation);
        const int index = skeleton.jointCount();
        skeleton.names.push_back(n->mName.C_Str());
        skeleton.parents.push_back(parent);
        skeleton.restOffsets.push_back(d.translation);
        skeleton.restRotations.push_back(d.rotation);
        skeleton.tipOffsets.push_back(glm::vec3(0.0f));
        nodes.push_back(n);
        for (unsigned i = 0; i < n->mNumChildren; ++i) {
            const aiNode* c = n->mChildren[i];
            if (leadsToWanted(c)) {
                add(c, index);
            } else if (c->mNumChildren == 0 && n->mNumChildren == 1) {
                skeleton.tipOffsets[index] = decompose(c->mTransformation).translation;
            }
        }
    }
};

const aiNode* commonAncestor(const aiNode* a, const aiNode* b) {
    std::set<const aiNode*> up;
    for (const aiNode* n = a; n; n = n->mParent) up.insert(n);
    for (const aiNode* n = b; n; n = n->mParent)
        if (up.count(n)) return n;
    return nullptr;
}

template <class Key>
int keyIndex(const Key* keys, unsigned count, double time) {
    // Last key with mTime <= time (keys are sorted).
    unsigned lo = 0, hi = count;
    while (hi - lo > 1) {
        const unsigned mid = (lo + hi) / 2;
        if (keys[mid].mTime <= time) lo = mid; else hi = mid;
    }
    return static_cast<int>(lo);
}

glm::vec3 sampleVector(const aiVectorKey* keys, unsigned count, double time) {
    const int i = keyIndex(keys, count, time);
    if (i + 1 >= static_cast<int>(count) || time <= keys[i].mTime) return toGlm(keys[i].mValue);
    const double span = keys[i + 1].mTime - keys[i].mTime;
    const float t = span > 0 ? static_cast<float>((time - keys[i].mTime) / span) : 0.0f;
    return glm::mix(toGlm(keys[i].mValue), toGlm(keys[i + 1].mValue), t);
}

glm::quat sampleQuat(const aiQuatKey* keys, unsigned count, double time) {
    const int i = keyIndex(keys, count, time);
    if (i + 1 >= static_cast<int>(count) || time <= keys[i].mTime) return toGlm(keys[i].mValue);
    const double span = keys[i + 1].mTime - keys[i].mTime;
    const float t = span > 0 ? static_cast<float>((time - keys[i].mTime) / span) : 0.0f;
    return glm::slerp(toGlm(keys[i].mValue), toGlm(keys[i + 1].mValue), t);
}

// Frame step (ticks) and count of an animation: from the densest channel's key spacing.
void frameGrid(const aiAnimation* anim, double& step, int& frames) {
    unsigned best = 0;
    double first = 0, last = 0;
    for (unsigned c = 0; c < anim->mNumChannels; ++c) {
        const aiNodeAnim* ch = anim->mChannels[c];
        const unsigned n = std::max(ch->mNumRotationKeys, ch->mNumPositionKeys);
        if (n > best) {
            best = n;
            if (ch->mNumRotationKeys >= ch->mNumPositionKeys) {
                first = ch->mRotationKeys[0].mTime;
                last = ch->mRotationKeys[n - 1].mTime;
            } else {
                first = ch->mPositionKeys[0].mTime;
                last = ch->mPositionKeys[n - 1].mTime;
            }
        }
    }
    if (best < 2 || last <= first) {
        step = 1.0;
        frames = 1;
        return;
    }
    step = (last - first) / (best - 1);
    frames = static_cast<int>(std::lround((last - first) / step)) + 1;
}

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

// Largest extent of the rest pose, end sites included (the top of the head, the toe tips).
float restExtent(const Skeleton& s) {
    const auto pos = restJointPositions(s);
    std::vector<glm::quat> world(s.jointCount());
    world[0] = s.restRotations[0];
    for (int j = 1; j < s.jointCount(); ++j) world[j] = world[s.parents[j]] * s.restRotations[j];
    glm::vec3 lo(1e30f), hi(-1e30f);
    for (int j = 0; j < s.jointCount(); ++j) {
        const glm::vec3 tip = pos[j] + world[j] * s.tipOffsets[j];
        lo = glm::min(glm::min(lo, pos[j]), tip);
        hi = glm::max(glm::max(hi, pos[j]), tip);
    }
    const glm::vec3 e = hi - lo;
    return std::max({e.x, e.y, e.z});
}

std::string formatFloat(float v, int decimals = 1) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

}  // namespace

UnitReport detectUnits(float extent) {
    struct Range { float lo, hi, scale; const char* unit; };
    // A human stands 1-2.2 m tall; the ranges below do not overlap for people.
    static const Range ranges[] = {
        {0.3f, 3.0f, 1.0f, "metres"},
        {12.0f, 45.0f, 0.0254f / 0.45f, "CMU ASF units (1/0.45 inch)"},
        {45.0f, 100.0f, 0.0254f, "inches"},
        {100.0f, 300.0f, 0.01f, "centimetres"},
        {300.0f, 3000.0f, 0.001f, "millimetres"},
    };
    UnitReport r;
    r.detected = true;
    for (const Range& range : ranges) {
        if (extent >= range.lo && extent < range.hi) {
            r.scale = range.scale;
            r.unit = range.unit;
            r.reason = "detected from a rest-pose height of " + formatFloat(extent) +
                       " file units; set a unit scale to override";
            return r;
        }
    }
    r.scale = 1.0f;
    r.unit = "metres";
    r.reason = "rest-pose height of " + formatFloat(extent) +
               " file units fits no known unit; assumed metres (set a unit scale to override)";
    return r;
}

Expected<ImportedClips> importClips(const std::string& path, const ImportSettings& settings) {
    std::error_code ec;
    if (!fs::exists(path, ec)) return Status::error("file not found");
    if (fs::is_directory(path, ec)) return Status::error("is a folder, not a file");
    if (fs::file_size(path, ec) == 0) return Status::error("file is empty");

    const std::string ext = lowerExtension(path);
    const bool isBvh = ext == ".bvh";
    if (isBvh) {
        auto check = checkBvhFile(path);
        if (!check) return check.status();
    }

    Assimp::Importer importer;
    auto read = readScene(importer, path, aiProcess_ValidateDataStructure);
    if (!read) return read.status();
    const aiScene* scene = *read;
    if (scene->mNumAnimations == 0) return Status::error("the file holds no animation");

    // Joints: animated nodes, plus mesh bones (BVH's bones belong to Assimp's preview mesh).
    std::set<std::string> wanted;
    for (unsigned a = 0; a < scene->mNumAnimations; ++a)
        for (unsigned c = 0; c < scene->mAnimations[a]->mNumChannels; ++c)
            wanted.insert(scene->mAnimations[a]->mChannels[c]->mNodeName.C_Str());
    if (!isBvh) wanted.merge(meshBoneNames(*scene));
    const aiNode* top = nullptr;
    for (const std::string& name : wanted) {
        const aiNode* n = scene->mRootNode->FindNode(name.c_str());
        if (!n) continue;
        top = top ? commonAncestor(top, n) : n;
    }
    if (!top) return Status::error("the file holds no skeleton (no animated nodes)");

    JointBuilder builder{wanted, {}, {}};
    builder.add(top, -1);
    ImportedClips result;
    result.skeleton = std::move(builder.skeleton);
    Skeleton& skeleton = result.skeleton;
    if (skeleton.jointCount() < 2) return Status::error("the file holds no skeleton (one node)");

    // Transform of the nodes above the skeleton (unit scale or axis change of the file).
    aiMatrix4x4 above;
    for (const aiNode* n = top->mParent; n; n = n->mParent) above = n->mTransformation * above;
    const Decomposed parent = decompose(above);
    const float parentScale = (parent.scale.x + parent.scale.y + parent.scale.z) / 3.0f;

    // Units.
    UnitReport units;
    if (settings.unitScale > 0.0f) {
        units.scale = settings.unitScale;
        units.unit = "user-set scale";
        units.reason = "set by the user: " + formatFloat(settings.unitScale, 6) + " m per unit";
    } else if (ext == ".gltf" || ext == ".glb") {
        units.unit = "metres";
        units.reason = "glTF is in metres by specification";
    } else {
        double factor = 0.0;
        if (ext == ".fbx" && scene->mMetaData &&
            scene->mMetaData->Get("UnitScaleFactor", factor) && factor > 0.0) {
            units.scale = static_cast<float>(factor / 100.0);
            units.unit = "FBX unit scale " + formatFloat(static_cast<float>(factor), 3) + " cm";
            units.reason = "from the FBX UnitScaleFactor";
        } else {
            units = detectUnits(restExtent(skeleton) * parentScale);
        }
    }
    const float toMetres = units.scale * parentScale;
    result.units = units;

    for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
        const aiAnimation* anim = scene->mAnimations[a];
        double step = 1.0;
        int frames = 1;
        frameGrid(anim, step, frames);
        const double tps = anim->mTicksPerSecond > 0 ? anim->mTicksPerSecond : 25.0;
        double fps = tps / step;
        if (std::abs(fps - std::round(fps)) < 0.01 * fps) fps = std::round(fps);

        std::vector<const aiNodeAnim*> channel(skeleton.jointCount(), nullptr);
        for (unsigned c = 0; c < anim->mNumChannels; ++c) {
            const int j = skeleton.jointIndex(anim->mChannels[c]->mNodeName.C_Str());
            if (j >= 0) channel[j] = anim->mChannels[c];
        }
        double start = 1e300;
        for (const aiNodeAnim* ch : channel) {
            if (!ch) continue;
            if (ch->mNumRotationKeys) start = std::min(start, ch->mRotationKeys[0].mTime);
            if (ch->mNumPositionKeys) start = std::min(start, ch->mPositionKeys[0].mTime);
        }
        if (start == 1e300) start = 0.0;

        Clip clip;
        clip.name = anim->mName.length ? anim->mName.C_Str() : fs::path(path).stem().string();
        if (isBvh || scene->mNumAnimations == 1) clip.name = fs::path(path).stem().string();
        clip.source = path;
        clip.fps = static_cast<float>(fps);
        clip.skeleton = skeleton;
        clip.resize(frames);
        for (int f = 0; f < frames; ++f) {
            const double time = start + f * step;
            auto rot = clip.frameRotations(f);
            for (int j = 0; j < skeleton.jointCount(); ++j) {
                const aiNodeAnim* ch = channel[j];
                rot[j] = ch && ch->mNumRotationKeys
                             ? sampleQuat(ch->mRotationKeys, ch->mNumRotationKeys, time)
                             : skeleton.restRotations[j];
            }
            const aiNodeAnim* root = channel[0];
            glm::vec3 p = root && root->mNumPositionKeys
                              ? sampleVector(root->mPositionKeys, root->mNumPositionKeys, time)
                              : skeleton.restOffsets[0];
            if (!finite(p))
                return Status::error("animation '" + clip.name + "' frame " + std::to_string(f) +
                                     " has a non-finite root position");
            // Bring the root into the file's world frame (axis change and scale above it).
            rot[0] = parent.rotation * rot[0];
            clip.rootPositions[f] = (parent.rotation * (p * parentScale) + parent.translation) *
                                    units.scale;
        }
        for (int j = 1; j < skeleton.jointCount(); ++j) {
            clip.skeleton.restOffsets[j] *= toMetres;
            clip.skeleton.tipOffsets[j] *= toMetres;
        }
        clip.skeleton.tipOffsets[0] *= toMetres;
        clip.skeleton.restOffsets[0] =
            (parent.rotation * (skeleton.restOffsets[0] * parentScale) + parent.translation) *
            units.scale;
        clip.skeleton.restRotations[0] = parent.rotation * skeleton.restRotations[0];
        if (Status s = clip.validate(); !s)
            return Status::error("animation '" + clip.name + "': " + s.message());
        if (settings.fps > 0.0f && std::abs(settings.fps - clip.fps) > 1e-3f) {
            auto resampled = resampleClip(clip, settings.fps);
            if (!resampled) return resampled.status();
            clip = std::move(*resampled);
        }
        result.clips.push_back(std::move(clip));
    }
    result.skeleton = result.clips.front().skeleton;
    return result;
}

}  // namespace gs

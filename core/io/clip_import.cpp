#include "core/io/clip_import.h"

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <unordered_map>

#include "core/io/assimp_scene.h"
#include "core/io/bvh_check.h"
#include "core/io/gltf_check.h"
#include "core/io/closed_loop.h"
#include "core/io/ik_feet.h"
#include "core/io/motion_file.h"
#include "core/io/raw_motion.h"
#include "core/clip/clip_kinematics.h"
#include "core/authoring_limits.h"
#include <gaitspace/runtime/locomotion.h>

namespace gs {
namespace {

namespace fs = std::filesystem;

std::string lowerExtension(const std::string& path) {
    std::string ext = fs::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return std::tolower(c); });
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
// wanted or lead to a wanted node. Leaves that are not wanted become tip offsets (End Sites). A
// node that holds meshes and shares its name with another node is the mesh a joint carries
// (RobotExpressive names each rigid part after its bone), not a joint.
// Iterative, linear in the nodes: a deep hierarchy cannot overflow the stack.
Expected<Skeleton> buildSkeleton(const aiNode* top, const std::set<std::string>& wanted,
                                 std::vector<const aiNode*>& nodes) {
    // Which nodes lead to a wanted node: children after parents in `order`, so walk it backwards.
    std::vector<const aiNode*> order{top};
    for (std::size_t i = 0; i < order.size(); ++i)
        for (unsigned c = 0; c < order[i]->mNumChildren; ++c)
            order.push_back(order[i]->mChildren[c]);
    std::unordered_map<std::string, int> named;
    for (const aiNode* n : order) ++named[n->mName.C_Str()];
    std::unordered_map<const aiNode*, bool> leads;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const aiNode* n = *it;
        bool l = wanted.count(n->mName.C_Str()) > 0 &&
                 !(n->mNumMeshes > 0 && named[n->mName.C_Str()] > 1);
        for (unsigned c = 0; c < n->mNumChildren && !l; ++c) l = leads[n->mChildren[c]];
        leads[n] = l;
    }
    Skeleton skeleton;
    struct Item {
        const aiNode* node;
        int parent;
    };
    std::vector<Item> stack{{top, -1}};
    while (!stack.empty()) {
        const Item item = stack.back();
        stack.pop_back();
        const aiNode* n = item.node;
        if (skeleton.jointCount() >= limits::kMaxJoints)
            return Status::error("the skeleton has more than " +
                                 std::to_string(limits::kMaxJoints) + " joints (the limit)");
        const Decomposed d = decompose(n->mTransformation);
        const int index = skeleton.jointCount();
        skeleton.names.push_back(n->mName.C_Str());
        skeleton.parents.push_back(item.parent);
        skeleton.restOffsets.push_back(d.translation);
        skeleton.restRotations.push_back(d.rotation);
        skeleton.tipOffsets.push_back(glm::vec3(0.0f));
        nodes.push_back(n);
        for (unsigned i = n->mNumChildren; i-- > 0;) {
            const aiNode* c = n->mChildren[i];
            if (leads[c])
                stack.push_back({c, index});
            else if (c->mNumChildren == 0 && n->mNumChildren == 1)
                skeleton.tipOffsets[index] = decompose(c->mTransformation).translation;
        }
    }
    return skeleton;
}

// Every node of the scene by name (the first of equal names in depth-first order), iteratively.
std::unordered_map<std::string, const aiNode*> nodesByName(const aiNode* root) {
    std::unordered_map<std::string, const aiNode*> byName;
    std::vector<const aiNode*> stack{root};
    while (!stack.empty()) {
        const aiNode* n = stack.back();
        stack.pop_back();
        byName.emplace(n->mName.C_Str(), n);
        for (unsigned i = n->mNumChildren; i-- > 0;) stack.push_back(n->mChildren[i]);
    }
    return byName;
}

int nodeDepth(const aiNode* n) {
    int d = 0;
    for (; n->mParent; n = n->mParent) ++d;
    return d;
}

// The deepest node above or at both (they are in the same scene), in O(depth).
const aiNode* commonAncestor(const aiNode* a, const aiNode* b) {
    int da = nodeDepth(a), db = nodeDepth(b);
    for (; da > db; --da) a = a->mParent;
    for (; db > da; --db) b = b->mParent;
    while (a != b) {
        a = a->mParent;
        b = b->mParent;
    }
    return a;
}

template <class Key>
int keyIndex(const Key* keys, unsigned count, double time) {
    // Last key with mTime <= time (keys are sorted).
    unsigned lo = 0, hi = count;
    while (hi - lo > 1) {
        const unsigned mid = (lo + hi) / 2;
        if (keys[mid].mTime <= time)
            lo = mid;
        else
            hi = mid;
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

// Frame step (ticks) and count of an animation: from the densest channel's key spacing. The
// count is a double so that absurd key times are refused, not converted.
void frameGrid(const aiAnimation* anim, double& step, double& frames) {
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
    if (best < 2 || !(last > first) || !std::isfinite(last - first)) {
        step = 1.0;
        frames = 1;
        return;
    }
    step = (last - first) / (best - 1);
    frames = std::round((last - first) / step) + 1.0;
}

bool finite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

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

std::string shortNumber(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

}  // namespace

UnitReport detectUnits(float extent) {
    struct Range {
        float lo, hi, scale;
        const char* unit;
    };
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

namespace {

Status checkSettings(const ImportSettings& s) {
    if (s.unitScale != 0.0f &&
        !(s.unitScale >= limits::kMinUnitScale && s.unitScale <= limits::kMaxUnitScale))
        return Status::error("unit scale " + formatFloat(s.unitScale, 6) +
                             " is outside [0.00001, 1000] metres per file unit (0 = detect)");
    if (s.fps != 0.0f && !(s.fps >= limits::kMinWorkingFps && s.fps <= 1.0 / limits::kMinFrameTime))
        return Status::error("resample rate " + formatFloat(s.fps, 3) +
                             " fps is outside [1, 1000] fps");
    if (s.animation.size() > static_cast<std::size_t>(limits::kMaxNameChars))
        return Status::error("the animation's name is longer than " +
                             std::to_string(limits::kMaxNameChars) + " characters");
    return Status::ok();
}

std::string unitsNote(const UnitReport& units) {
    return " (units: " + units.unit + "; set a unit scale if that is wrong)";
}

// Every joint's local rotation and translation at each frame (keys sampled on the frame grid),
// in file units. A joint without keys holds its rest transform.
Expected<RawMotion> rawMotion(const aiAnimation* anim, const Skeleton& skeleton, int frames,
                              double step, const std::string& label) {
    const int joints = skeleton.jointCount();
    std::vector<const aiNodeAnim*> channel(joints, nullptr);
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

    RawMotion raw;
    raw.skeleton = skeleton;
    raw.rotations.resize(static_cast<size_t>(frames) * joints);
    raw.translations.resize(static_cast<size_t>(frames) * joints);
    raw.positionKeyed.resize(joints, 0);
    for (int j = 0; j < joints; ++j)
        raw.positionKeyed[j] = channel[j] && channel[j]->mNumPositionKeys ? 1 : 0;
    for (int f = 0; f < frames; ++f) {
        const double time = start + f * step;
        for (int j = 0; j < joints; ++j) {
            const aiNodeAnim* ch = channel[j];
            const size_t k = static_cast<size_t>(f) * joints + j;
            raw.rotations[k] = ch && ch->mNumRotationKeys
                                   ? sampleQuat(ch->mRotationKeys, ch->mNumRotationKeys, time)
                                   : skeleton.restRotations[j];
            raw.translations[k] = raw.positionKeyed[j]
                                      ? sampleVector(ch->mPositionKeys, ch->mNumPositionKeys, time)
                                      : skeleton.restOffsets[j];
            if (!finite(raw.translations[k]))
                return Status::error(label + " frame " + std::to_string(f) + ": joint '" +
                                     limits::echo(skeleton.names[j], 40) +
                                     "' has a non-finite position");
        }
    }
    return raw;
}

// Brings a clip built in the skeleton's frame into the file's world frame: the rotation,
// translation and uniform scale of the nodes above the skeleton (an axis change or a unit scale).
void placeInFile(Clip& clip, const glm::quat& rotation, const glm::vec3& translation, float scale) {
    for (int f = 0; f < clip.frameCount(); ++f) {
        auto rot = clip.frameRotations(f);
        rot[0] = rotation * rot[0];
        clip.rootPositions[f] = rotation * (clip.rootPositions[f] * scale) + translation;
    }
    Skeleton& s = clip.skeleton;
    for (int j = 1; j < s.jointCount(); ++j) s.restOffsets[j] *= scale;
    for (glm::vec3& tip : s.tipOffsets) tip *= scale;
    s.restOffsets[0] = rotation * (s.restOffsets[0] * scale) + translation;
    s.restRotations[0] = rotation * s.restRotations[0];
}

// The unit of a file: set by the user, metres for glTF, the FBX unit scale, else read from the
// motion (the hip height above the floor), else from the rest pose's size.
UnitReport chooseUnits(const Clip& clipInFileUnits, const std::string& ext, const aiScene* scene,
                       const ImportSettings& settings) {
    UnitReport units;
    if (settings.unitScale > 0.0f) {
        units.scale = settings.unitScale;
        units.unit = "user-set scale";
        units.reason = "set by the user: " + formatFloat(settings.unitScale, 6) + " m per unit";
        return units;
    }
    if (ext == ".gltf" || ext == ".glb") {
        units.unit = "metres";
        units.reason = "glTF is in metres by specification";
        return units;
    }
    if (const float unit = fbxMetresPerUnit(scene, ext); unit > 0.0f) {
        units.scale = unit;
        units.unit = "FBX unit scale " + formatFloat(100.0f * unit, 3) + " cm";
        units.reason = "from the FBX UnitScaleFactor";
        return units;
    }
    if (auto fromMotion = unitsFromMotion(clipInFileUnits)) return *fromMotion;
    return detectUnits(restExtent(clipInFileUnits.skeleton));
}

// Root positions and bone lengths, in metres, within what a person can be.
Status checkPlausible(const Clip& clip, const UnitReport& units) {
    for (int f = 0; f < clip.frameCount(); ++f) {
        const glm::vec3& p = clip.rootPositions[f];
        const float far = std::max({std::abs(p.x), std::abs(p.y), std::abs(p.z)});
        if (!(far <= limits::kMaxCoordinateM))
            return Status::error(" frame " + std::to_string(f) + ": the root is " +
                                 formatFloat(far, 1) + " m from the origin, beyond the plausible " +
                                 formatFloat(limits::kMaxCoordinateM, 0) + " m" + unitsNote(units));
    }
    const Skeleton& s = clip.skeleton;
    for (int j = 0; j < s.jointCount(); ++j) {
        const float length =
            std::max(glm::length(s.restOffsets[j]) * (j > 0), glm::length(s.tipOffsets[j]));
        if (!(length <= limits::kMaxBoneLengthM))
            return Status::error(": joint '" + limits::echo(s.names[j], 40) + "': a bone of " +
                                 formatFloat(length, 1) + " m is longer than the plausible " +
                                 formatFloat(limits::kMaxBoneLengthM, 0) + " m" + unitsNote(units));
    }
    return Status::ok();
}

// A skeleton with a size: some bone has a length (a file whose OFFSETs are all 0 gives no unit and
// would read centimetres as metres); for a BVH whose unit was found, not set, hips at a person's
// height above the feet.
Status checkSkeletonSize(const Clip& clip, const UnitReport& units, bool isBvh) {
    const Skeleton& s = clip.skeleton;
    float longest = 0.0f;
    for (int j = 0; j < s.jointCount(); ++j)
        longest = std::max(
            {longest, glm::length(s.restOffsets[j]) * (j > 0), glm::length(s.tipOffsets[j])});
    if (!(longest > 0.0f))
        return Status::error(
            ": the skeleton has no size (every joint offset is 0), so its unit cannot be known");
    if (!isBvh || units.unit == "user-set scale")
        return Status::ok();  // a unit the user set is theirs
    const RootFigures figures = rootFigures(clip);
    if (figures.hasFeet && !(figures.hipHeight >= limits::kMinHipHeightM &&
                             figures.hipHeight <= limits::kMaxHipHeightM))
        return Status::error(": the hips stand " + formatFloat(figures.hipHeight, 3) +
                             " m above the feet, outside a " + "person's " +
                             formatFloat(limits::kMinHipHeightM, 1) + "-" +
                             formatFloat(limits::kMaxHipHeightM, 1) + " m" + unitsNote(units));
    return Status::ok();
}

// The names of the joints: animated nodes, plus mesh bones (BVH's bones belong to Assimp's
// preview mesh), within the joint limit.
Expected<std::set<std::string>> jointNames(const aiScene* scene, bool isBvh) {
    std::set<std::string> wanted;
    for (unsigned a = 0; a < scene->mNumAnimations; ++a)
        for (unsigned c = 0; c < scene->mAnimations[a]->mNumChannels; ++c)
            wanted.insert(scene->mAnimations[a]->mChannels[c]->mNodeName.C_Str());
    if (!isBvh) wanted.merge(meshBoneNames(*scene));
    if (wanted.size() > static_cast<std::size_t>(limits::kMaxJoints))
        return Status::error("the file animates " + std::to_string(wanted.size()) +
                             " nodes and bones, above the limit of " +
                             std::to_string(limits::kMaxJoints) + " joints");
    return wanted;
}

// The node above every joint in `wanted` (null: none of them is a node).
const aiNode* skeletonTop(const aiScene* scene, const std::set<std::string>& wanted) {
    const auto byName = nodesByName(scene->mRootNode);
    const aiNode* top = nullptr;
    for (const std::string& name : wanted) {
        const auto it = byName.find(name);
        if (it == byName.end()) continue;
        top = top ? commonAncestor(top, it->second) : it->second;
    }
    return top;
}

// How far each joint's position moves from its first key, over every animation of the file.
std::vector<float> positionRanges(const aiScene* scene, const Skeleton& skeleton) {
    std::vector<float> ranges(skeleton.jointCount(), 0.0f);
    for (unsigned a = 0; a < scene->mNumAnimations; ++a)
        for (unsigned c = 0; c < scene->mAnimations[a]->mNumChannels; ++c) {
            const aiNodeAnim* ch = scene->mAnimations[a]->mChannels[c];
            const int j = skeleton.jointIndex(ch->mNodeName.C_Str());
            if (j < 0 || ch->mNumPositionKeys == 0) continue;
            const glm::vec3 first = toGlm(ch->mPositionKeys[0].mValue);
            for (unsigned k = 1; k < ch->mNumPositionKeys; ++k) {
                const float d = glm::distance(toGlm(ch->mPositionKeys[k].mValue), first);
                if (std::isfinite(d)) ranges[j] = std::max(ranges[j], d);
            }
        }
    return ranges;
}

// An animation's frames: how many, the key step between them and the frame rate, each within
// its limits.
struct FrameGrid {
    int frames = 0;
    double step = 1.0, fps = 0.0;
};

Expected<FrameGrid> frameGridOf(const aiAnimation* anim, const Skeleton& skeleton,
                                const BvhSummary* bvh, const std::string& label) {
    FrameGrid grid;
    double frameCount = 1.0;
    frameGrid(anim, grid.step, frameCount);
    if (!(frameCount <= limits::kMaxFrames))
        return Status::error(label + ": " + shortNumber(frameCount) +
                             " frames is above the limit " + std::to_string(limits::kMaxFrames));
    grid.frames = static_cast<int>(frameCount);
    if (static_cast<std::int64_t>(grid.frames) * skeleton.jointCount() > limits::kMaxClipSamples)
        return Status::error(label + ": " + std::to_string(grid.frames) + " frames x " +
                             std::to_string(skeleton.jointCount()) +
                             " joints is above the limit of " +
                             std::to_string(limits::kMaxClipSamples) + " joint samples");
    if (bvh && grid.frames != bvh->frames)
        return Status::error("Assimp read " + std::to_string(grid.frames) + " frames of the " +
                             std::to_string(bvh->frames) + " the file declares");
    const double tps = anim->mTicksPerSecond > 0 ? anim->mTicksPerSecond : 25.0;
    double fps = bvh ? 1.0 / bvh->frameTime : tps / grid.step;
    // BVH's Frame Time is checked above; other formats space their keys as they like (a
    // key every 10 s is 0.1 fps), so only the upper bound applies to them.
    const double minFps = bvh ? 1.0 / limits::kMaxFrameTime * 0.999 : 0.0;
    if (!(fps > minFps && fps <= 1.0 / limits::kMinFrameTime * 1.001))
        return Status::error(label + ": a frame rate of " + shortNumber(fps) + " fps is outside (" +
                             (bvh ? "1" : "0") + ", 1000] fps");
    if (std::abs(fps - std::round(fps)) < 0.01 * fps) fps = std::round(fps);
    grid.fps = fps;
    return grid;
}

// The animation the up axis, unit and facing are read from: the longest (the first of equals), a
// character's idle or walk rather than its fall (Casual_Female's first is "Death").
unsigned referenceAnimation(const aiScene* scene, const Skeleton& skeleton, const BvhSummary* bvh) {
    unsigned best = 0;
    int bestFrames = -1;
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
        const auto grid = frameGridOf(scene->mAnimations[a], skeleton, bvh, "");
        if (grid && grid->frames > bestFrames) best = a, bestFrames = grid->frames;
    }
    return best;
}

// Keeps only the clip of the animation named `name` (all of them when it is empty).
Status keepAnimation(ImportedClips& result, const std::string& name) {
    if (name.empty()) return Status::ok();
    for (size_t i = 0; i < result.clips.size(); ++i) {
        if (result.clips[i].name != name) continue;
        result.clips = {std::move(result.clips[i])};
        result.rootMotionSources = {std::move(result.rootMotionSources[i])};
        return Status::ok();
    }
    std::string names;  // at most 20 of them
    for (size_t i = 0; i < result.clips.size() && i < 20; ++i)
        names += (i ? ", " : "") + limits::echo(result.clips[i].name, 40);
    return Status::error("no animation '" + limits::echo(name, 40) + "' in the file (it holds " +
                         names + ")");
}

// The clips of a scene Assimp read. `bvh` is the pre-check's summary of a BVH file, else null.
Expected<ImportedClips> clipsFromScene(const aiScene* scene, const std::string& ext,
                                       const std::string& source, const ImportSettings& settings,
                                       const BvhSummary* bvh) {
    const bool isBvh = bvh != nullptr;
    const std::string stem = fs::path(source).stem().string();
    if (scene->mNumAnimations == 0) return Status::error("the file holds no animation");

    auto wanted = jointNames(scene, isBvh);
    if (!wanted) return wanted.status();
    const aiNode* top = skeletonTop(scene, *wanted);
    if (!top) return Status::error("the file holds no skeleton (no animated nodes)");

    std::vector<const aiNode*> nodes;
    auto built = buildSkeleton(top, *wanted, nodes);
    if (!built) return built.status();
    ImportedClips result;
    result.skeleton = std::move(*built);
    Skeleton& skeleton = result.skeleton;
    if (skeleton.jointCount() < 2) return Status::error("the file holds no skeleton (one node)");
    if (bvh) result.warnings = bvh->warnings;

    // Transform of the nodes above the skeleton (unit scale or axis change of the file).
    aiMatrix4x4 above;
    for (const aiNode* n = top->mParent; n; n = n->mParent) above = n->mTransformation * above;
    const Decomposed parent = decompose(above);
    const float parentScale = (parent.scale.x + parent.scale.y + parent.scale.z) / 3.0f;
    if (!std::isfinite(parentScale) || !(std::abs(parentScale) > 0.0f))
        return Status::error("the nodes above the skeleton have a degenerate scale");

    // An IK rig's feet are read below their shins (core/io/ik_feet.h); the character's root is
    // where the legs branch, or the nearest ancestor whose position moves (over every animation).
    const IkFeet ik = findIkFeet(skeleton);
    const Skeleton& character = ik.any() ? ik.skeleton : skeleton;
    const CharacterRoot root = findCharacterRoot(character, positionRanges(scene, character));
    result.rootMotion = root.description;
    if (ik.any()) result.rootMotion += "; " + ik.description;

    UnitReport units;
    MotionAxis up, facing;
    // The reference animation first (its motion gives the up axis, unit and facing), then the
    // others; the clips keep the file's order.
    const unsigned ref = referenceAnimation(scene, skeleton, bvh);
    std::vector<unsigned> order{ref};
    for (unsigned a = 0; a < scene->mNumAnimations; ++a)
        if (a != ref) order.push_back(a);
    std::vector<Clip> clips(scene->mNumAnimations);
    std::vector<RootMotionSource> sources(scene->mNumAnimations);
    for (const unsigned a : order) {
        const aiAnimation* anim = scene->mAnimations[a];
        std::string name = anim->mName.length ? anim->mName.C_Str() : stem;
        if (isBvh || scene->mNumAnimations == 1) name = stem;
        const std::string label = "animation '" + limits::echo(name, 40) + "'";
        const auto grid = frameGridOf(anim, skeleton, bvh, label);
        if (!grid) return grid.status();

        auto raw = rawMotion(anim, skeleton, grid->frames, grid->step, label);
        if (!raw) return raw.status();
        raw->name = name;
        raw->source = source;
        raw->fps = static_cast<float>(grid->fps);
        if (ik.any()) *raw = feetBelowShins(*raw, ik);
        std::vector<std::string> ignored;
        Clip clip = characterClip(*raw, root, a == ref ? result.warnings : ignored);
        if (ik.any()) reachFileAnkles(clip, *raw, ik, root);
        if (clip.jointCount() < 2)
            return Status::error("the file holds no skeleton below the character's root '" +
                                 limits::echo(clip.skeleton.names.front(), 40) + "' (one joint)");
        placeInFile(clip, parent.rotation, parent.translation, parentScale);
        if (a == ref) up = upAxisFromMotion(clip);
        if (up.changed) rotateMotion(clip, up.rotation);
        if (a == ref) units = chooseUnits(clip, ext, scene, settings);
        clip.scale(units.scale);
        if (a == ref) facing = facingFromMotion(clip);
        if (facing.changed) turnRootFrame(clip, facing.rotation);
        if (Status s = checkPlausible(clip, units); !s) return Status::error(label + s.message());
        if (Status s = checkSkeletonSize(clip, units, isBvh); !s)
            return Status::error(label + s.message());
        if (Status s = clip.validate(); !s) return Status::error(label + ": " + s.message());
        if (settings.fps > 0.0f && std::abs(settings.fps - clip.fps) > 1e-3f) {
            auto resampled = resampleClip(clip, settings.fps);
            if (!resampled) return Status::error(label + ": " + resampled.message());
            clip = std::move(*resampled);
        }
        // A game's in-place loop holds one gait cycle: played three times, its cycle can be found
        // (two strikes of one foot) and looped away from its ends.
        const bool loop = settings.rootMotion != RootMotionMode::File && isClosedLoop(clip) &&
                          rootStaysInPlace(clip);
        if (loop) clip = repeatLoop(clip, kClosedLoopRepeats);
        auto source = applyRootMotion(clip, settings.rootMotion);
        if (!source) return Status::error(label + ": " + source.message());
        if (loop)
            source->sentence += "; its loop (the last pose is the first) played " +
                                std::to_string(kClosedLoopRepeats) + " times";
        sources[a] = std::move(*source);
        clips[a] = std::move(clip);
    }
    result.clips = std::move(clips);
    result.rootMotionSources = std::move(sources);
    if (Status s = keepAnimation(result, settings.animation); !s) return s;
    result.units = units;
    result.upAxis = up.description;
    result.facing = facing.description;
    const RootFigures figures = rootFigures(result.clips.front());
    if (figures.hasFeet && figures.inPlace)
        result.warnings.push_back(
            "the clip stays in place (its root travels " + formatFloat(figures.travel, 2) +
            " m): it shows no root motion, so it cannot serve in a motion space");
    result.skeleton = result.clips.front().skeleton;
    return result;
}

constexpr unsigned kReadFlags = aiProcess_ValidateDataStructure;

}  // namespace

Expected<ImportedClips> importClipsFromMemory(std::string bytes, const std::string& extension,
                                              const std::string& source,
                                              const ImportSettings& settings) {
    if (Status s = checkSettings(settings); !s) return s;
    std::string ext = extension;
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    if (bytes.empty()) return Status::error("file is empty");
    if (bytes.size() > static_cast<std::size_t>(limits::kMaxMotionFileBytes))
        return Status::error("file is " + std::to_string(bytes.size()) +
                             " bytes, above the limit of 256 MiB");
    Assimp::Importer importer;
    if (ext == ".bvh") {
        // Assimp reads BVH tokens split by any white space; LF-only text keeps its line numbers.
        normalizeLineEnds(bytes);
        auto summary = checkBvhText(bytes);
        if (!summary) return summary.status();
        auto read = readSceneFromMemory(importer, bytes, "bvh", kReadFlags, "BVH");
        if (!read) return read.status();
        return clipsFromScene(*read, ext, source, settings, &*summary);
    }
    if (ext == ".glb") {
        if (Status s = checkGlbHeader(reinterpret_cast<const unsigned char*>(bytes.data()),
                                      bytes.size(), static_cast<std::int64_t>(bytes.size()));
            !s)
            return s;
        if (Status s = checkGltf(bytes, {}, true); !s) return s;
        auto read = readSceneFromMemory(importer, bytes, "glb", kReadFlags, formatName(ext));
        if (!read) return read.status();
        return clipsFromScene(*read, ext, source, settings, nullptr);
    }
    return Status::error("only BVH and GLB can be read from memory, not " + limits::echo(ext, 16));
}

Expected<ImportedClips> importClips(const std::string& path, const ImportSettings& settings) {
    if (Status s = checkSettings(settings); !s) return s;
    auto size = checkRegularFile(path, limits::kMaxMotionFileBytes);
    if (!size) return size.status();
    const std::string ext = contentExtension(path, lowerExtension(path));
    if (ext == ".bvh") {
        // Read whole (BOM and line ends normalized) and checked before Assimp sees a byte.
        auto bytes = readRegularFile(path, limits::kMaxMotionFileBytes);
        if (!bytes) return bytes.status();
        return importClipsFromMemory(std::move(*bytes), ext, path, settings);
    }
    if (ext == ".glb") {
        if (Status s = checkGlbFile(path, *size); !s) return s;
    }
    if (ext == ".glb" || ext == ".gltf") {
        if (Status s = checkGltfFile(path, ext == ".glb"); !s) return s;
    }
    Assimp::Importer importer;
    auto read = readScene(importer, path, kReadFlags, formatName(ext));
    if (!read) return read.status();
    return clipsFromScene(*read, ext, path, settings, nullptr);
}

}  // namespace gs

#include "core/retarget.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

namespace gs {
namespace {

// Body roles, and each naming convention's joint for them ("" = the convention has none).
enum Role {
    Hips, Spine, Chest, Neck, Head,
    LUpLeg, LLeg, LFoot, LToe, RUpLeg, RLeg, RFoot, RToe,
    LShoulder, LArm, LForeArm, LHand, RShoulder, RArm, RForeArm, RHand,
    RoleCount
};

struct Convention {
    const char* name;
    std::array<const char*, RoleCount> joints;
};

const Convention kConventions[] = {
    {"CMU", {"pelvis", "", "thorax", "", "head",
             "lfemur", "ltibia", "lfoot", "ltoes", "rfemur", "rtibia", "rfoot", "rtoes",
             "lclavicle", "lhumerus", "lradius", "lhand", "rclavicle", "rhumerus", "rradius", "rhand"}},
    {"CMU ASF", {"root", "lowerback", "thorax", "lowerneck", "head",
                 "lfemur", "ltibia", "lfoot", "ltoes", "rfemur", "rtibia", "rfoot", "rtoes",
                 "lclavicle", "lhumerus", "lradius", "lwrist", "rclavicle", "rhumerus", "rradius", "rwrist"}},
    {"cgspeed", {"Hips", "LowerBack", "Spine1", "Neck", "Head",
                 "LeftUpLeg", "LeftLeg", "LeftFoot", "LeftToeBase",
                 "RightUpLeg", "RightLeg", "RightFoot", "RightToeBase",
                 "LeftShoulder", "LeftArm", "LeftForeArm", "LeftHand",
                 "RightShoulder", "RightArm", "RightForeArm", "RightHand"}},
    {"Rigify", {"spine", "spine.001", "spine.003", "spine.004", "spine.005",
                "thigh.L", "shin.L", "foot.L", "toe.L", "thigh.R", "shin.R", "foot.R", "toe.R",
                "shoulder.L", "upper_arm.L", "forearm.L", "hand.L",
                "shoulder.R", "upper_arm.R", "forearm.R", "hand.R"}},
    {"Mixamo", {"mixamorig:Hips", "mixamorig:Spine", "mixamorig:Spine2", "mixamorig:Neck",
                "mixamorig:Head", "mixamorig:LeftUpLeg", "mixamorig:LeftLeg", "mixamorig:LeftFoot",
                "mixamorig:LeftToeBase", "mixamorig:RightUpLeg", "mixamorig:RightLeg",
                "mixamorig:RightFoot", "mixamorig:RightToeBase", "mixamorig:LeftShoulder",
                "mixamorig:LeftArm", "mixamorig:LeftForeArm", "mixamorig:LeftHand",
                "mixamorig:RightShoulder", "mixamorig:RightArm", "mixamorig:RightForeArm",
                "mixamorig:RightHand"}},
};

int matches(const Convention& c, const Skeleton& s) {
    int n = 0;
    for (const char* j : c.joints)
        if (*j && s.jointIndex(j) >= 0) ++n;
    return n;
}

std::string trim(std::string_view s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string_view::npos) return {};
    const auto e = s.find_last_not_of(" \t\r");
    return std::string(s.substr(b, e - b + 1));
}

std::vector<Transform> restWorld(const Skeleton& s) {
    std::vector<Transform> world(s.jointCount());
    forwardKinematics(s, s.restRotations, s.restOffsets[0], world);
    return world;
}

bool isDescendant(const Skeleton& s, int joint, int ancestor) {
    for (int j = joint; j >= 0; j = s.parents[j])
        if (j == ancestor) return true;
    return false;
}

// Shortest-arc rotation taking unit vector a onto unit vector b.
glm::quat arc(const glm::vec3& a, const glm::vec3& b) {
    const float d = glm::dot(a, b);
    if (d > 0.99999f) return {1, 0, 0, 0};
    if (d < -0.99999f) {
        glm::vec3 axis = glm::cross(a, glm::vec3(1, 0, 0));
        if (glm::length(axis) < 1e-3f) axis = glm::cross(a, glm::vec3(0, 1, 0));
        return glm::angleAxis(3.14159265f, glm::normalize(axis));
    }
    const glm::vec3 c = glm::cross(a, b);
    return glm::normalize(glm::quat(1.0f + d, c.x, c.y, c.z));
}

// Hip height above the lowest joint of the rest pose.
float hipHeight(const std::vector<Transform>& world) {
    float lowest = world[0].translation.y;
    for (const Transform& t : world) lowest = std::min(lowest, t.translation.y);
    return world[0].translation.y - lowest;
}

}  // namespace

JointMap chooseJointMap(const Skeleton& source, const Skeleton& target) {
    JointMap best;
    best.name = "same names";
    for (const std::string& n : target.names)
        if (source.jointIndex(n) >= 0) best.pairs.emplace_back(n, n);
    for (const Convention& s : kConventions) {
        if (matches(s, source) < 6) continue;
        for (const Convention& t : kConventions) {
            if (matches(t, target) < 6) continue;
            JointMap map;
            map.name = std::string(s.name) + " -> " + t.name;
            for (int r = 0; r < RoleCount; ++r)
                if (*s.joints[r] && *t.joints[r] && source.jointIndex(s.joints[r]) >= 0 &&
                    target.jointIndex(t.joints[r]) >= 0)
                    map.pairs.emplace_back(t.joints[r], s.joints[r]);
            if (map.pairs.size() > best.pairs.size()) best = std::move(map);
        }
    }
    return best;
}

Expected<JointMap> parseJointMap(std::string_view text) {
    JointMap map;
    map.name = "user map";
    std::istringstream in{std::string(text)};
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        const std::string body = trim(std::string_view(line).substr(0, line.find('#')));
        if (body.empty()) continue;
        const auto eq = body.find('=');
        if (eq == std::string::npos)
            return Status::error("joint map line " + std::to_string(number) +
                                 ": expected 'target = source', got '" + body + "'");
        std::string target = trim(std::string_view(body).substr(0, eq));
        std::string source = trim(std::string_view(body).substr(eq + 1));
        if (target.empty() || source.empty())
            return Status::error("joint map line " + std::to_string(number) + ": a joint name is empty");
        map.pairs.emplace_back(std::move(target), std::move(source));
    }
    if (map.pairs.empty()) return Status::error("the joint map holds no 'target = source' line");
    return map;
}

Expected<Retarget> buildRetarget(const Skeleton& source, float sourceFloor, const Skeleton& target,
                                 const JointMap& map) {
    if (Status s = source.validate(); !s) return s.withContext("source skeleton");
    if (Status s = target.validate(); !s) return s.withContext("target skeleton");
    Retarget r;
    r.source = source;
    r.target = target;
    r.sourceFloor = sourceFloor;
    r.sourceOf.assign(target.jointCount(), -1);
    for (const auto& [t, s] : map.pairs) {
        const int ti = target.jointIndex(t), si = source.jointIndex(s);
        if (ti < 0 || si < 0) continue;
        r.sourceOf[ti] = si;
        ++r.mappedCount;
    }
    if (r.mappedCount < 4)
        return Status::error("only " + std::to_string(r.mappedCount) + " joints of the character map to the clip's skeleton (" +
                             map.name + "); give a joint map");
    // The roots must correspond, or the body would not follow the hips.
    if (r.sourceOf[0] < 0) r.sourceOf[0] = 0, ++r.mappedCount;

    const std::vector<Transform> srcWorld = restWorld(source), tgtWorld = restWorld(target);
    r.sourceRestWorldInverse.resize(source.jointCount());
    for (int j = 0; j < source.jointCount(); ++j)
        r.sourceRestWorldInverse[j] = glm::inverse(srcWorld[j].rotation);
    r.targetRestWorld.resize(target.jointCount());
    for (int j = 0; j < target.jointCount(); ++j) r.targetRestWorld[j] = tgtWorld[j].rotation;

    // Facing: the yaw that turns the target's hips' left-right axis onto the source's.
    const Convention* sc = nullptr;
    for (const Convention& c : kConventions)
        if (matches(c, source) >= 6 && (!sc || matches(c, source) > matches(*sc, source))) sc = &c;
    if (sc) {
        const int sl = source.jointIndex(sc->joints[LUpLeg]), sr = source.jointIndex(sc->joints[RUpLeg]);
        int tl = -1, tr = -1;
        for (int j = 0; j < target.jointCount(); ++j) {
            if (r.sourceOf[j] == sl) tl = j;
            if (r.sourceOf[j] == sr) tr = j;
        }
        if (sl >= 0 && sr >= 0 && tl >= 0 && tr >= 0) {
            glm::vec3 a = tgtWorld[tl].translation - tgtWorld[tr].translation;
            glm::vec3 b = srcWorld[sl].translation - srcWorld[sr].translation;
            a.y = b.y = 0.0f;
            if (glm::length(a) > 1e-4f && glm::length(b) > 1e-4f)
                r.facing = arc(glm::normalize(a), glm::normalize(b));
        }
    }

    // Rest-pose alignment per mapped joint, from its bone towards the mapped descendant whose
    // direction agrees best (the chest points at the head rather than at a shoulder).
    r.alignment.assign(target.jointCount(), r.facing);
    for (int t = 1; t < target.jointCount(); ++t) {
        const int s = r.sourceOf[t];
        if (s < 0) { r.alignment[t] = r.alignment[target.parents[t]]; continue; }
        float bestDot = -2.0f;
        glm::quat best = r.alignment[target.parents[t]];
        for (int tc = t + 1; tc < target.jointCount(); ++tc) {
            const int sc2 = r.sourceOf[tc];
            if (sc2 < 0 || !isDescendant(target, tc, t) || !isDescendant(source, sc2, s)) continue;
            glm::vec3 dt = r.facing * (tgtWorld[tc].translation - tgtWorld[t].translation);
            glm::vec3 ds = srcWorld[sc2].translation - srcWorld[s].translation;
            if (glm::length(dt) < 1e-5f || glm::length(ds) < 1e-5f) continue;
            dt = glm::normalize(dt);
            ds = glm::normalize(ds);
            if (glm::dot(dt, ds) > bestDot) {
                bestDot = glm::dot(dt, ds);
                best = arc(dt, ds) * r.facing;
            }
        }
        r.alignment[t] = best;
    }

    const float hs = hipHeight(srcWorld), ht = hipHeight(tgtWorld);
    r.rootScale = hs > 1e-4f ? ht / hs : 1.0f;
    float lowest = tgtWorld[0].translation.y;
    for (const Transform& w : tgtWorld) lowest = std::min(lowest, w.translation.y);
    r.targetFootHeight = lowest;
    return r;
}

void retargetPose(const Retarget& r, std::span<const glm::quat> sourceRotations,
                  const glm::vec3& sourceRoot, std::span<Transform> targetWorld) {
    const Skeleton& src = r.source;
    const Skeleton& tgt = r.target;
    // Source world rotations (stack storage for common skeleton sizes).
    constexpr int kStack = 256;
    glm::quat stack[kStack];
    std::vector<glm::quat> heap;
    glm::quat* world = stack;
    if (src.jointCount() > kStack) {
        heap.resize(src.jointCount());
        world = heap.data();
    }
    world[0] = sourceRotations[0];
    for (int j = 1; j < src.jointCount(); ++j) world[j] = world[src.parents[j]] * sourceRotations[j];

    for (int t = 0; t < tgt.jointCount(); ++t) {
        const int s = r.sourceOf[t];
        const int p = tgt.parents[t];
        glm::quat rotation;
        if (s >= 0) {
            const glm::quat delta = world[s] * r.sourceRestWorldInverse[s];
            rotation = delta * r.alignment[t] * r.targetRestWorld[t];
        } else {
            rotation = (p >= 0 ? targetWorld[p].rotation : r.facing) * tgt.restRotations[t];
        }
        targetWorld[t].rotation = glm::normalize(rotation);
        if (p < 0) {
            const float k = r.rootScale;
            targetWorld[t].translation = {sourceRoot.x * k, (sourceRoot.y - r.sourceFloor) * k +
                                          r.targetFootHeight - 0.0f, sourceRoot.z * k};
        } else {
            targetWorld[t].translation =
                targetWorld[p].translation + targetWorld[p].rotation * tgt.restOffsets[t];
        }
    }
}

float clipFloorHeight(const Clip& clip) {
    if (clip.isEmpty()) return 0.0f;
    const std::vector<glm::vec3> p = clipJointPositions(clip);
    float lowest = p.front().y;
    for (const glm::vec3& v : p) lowest = std::min(lowest, v.y);
    return lowest;
}

}  // namespace gs

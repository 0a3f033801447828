#include "core/clip/mirror.h"

#include <map>
#include <string_view>
#include <utility>

#include "core/authoring_limits.h"
#include "core/clip/humanoid_names.h"

namespace gs {
namespace {

using R = HumanoidRole;

constexpr std::pair<R, R> kSidedRoles[] = {
    {R::LeftUpLeg, R::RightUpLeg},       {R::LeftLeg, R::RightLeg},
    {R::LeftFoot, R::RightFoot},         {R::LeftToe, R::RightToe},
    {R::LeftShoulder, R::RightShoulder}, {R::LeftArm, R::RightArm},
    {R::LeftForeArm, R::RightForeArm},   {R::LeftHand, R::RightHand}};

constexpr std::string_view kMirrorSuffix = "_mirror";

// The reflection across the YZ plane: M v and M R M with M = diag(-1, 1, 1).
glm::vec3 reflect(glm::vec3 v) {
    v.x = -v.x;
    return v;
}
glm::quat reflect(glm::quat q) {
    q.y = -q.y;
    q.z = -q.z;
    return q;
}

// Pairs a and b when both are joints still without a partner.
void pairUp(std::vector<int>& partner, int a, int b) {
    if (a < 0 || b < 0 || a == b || partner[a] != a || partner[b] != b) return;
    partner[a] = b;
    partner[b] = a;
}

// The sided roles retargeting finds (by name, else the legs by structure).
void pairByRoles(const Skeleton& s, std::vector<int>& partner) {
    const HumanoidJoints h = findHumanoidJoints(s);
    for (const auto& [left, right] : kSidedRoles) pairUp(partner, h[left], h[right]);
}

// What comes before the last ':' or '|' of a joint name ("mixamorig" of "mixamorig:LeftHand").
std::string_view nameSpace(std::string_view name) {
    const auto cut = name.find_last_of(":|");
    return cut == std::string_view::npos ? std::string_view{} : name.substr(0, cut);
}

// Joints whose names say opposite sides of the same part in the same namespace, where the name
// is the only one of its side to say so.
void pairByNames(const Skeleton& s, std::vector<int>& partner) {
    struct Sides {
        std::vector<int> left, right;
    };
    std::map<std::pair<std::string, std::string>, Sides> parts;
    for (int j = 0; j < s.jointCount(); ++j) {
        const JointNameParts p = parseJointName(s.names[j]);
        if (p.side == BodySide::None) continue;
        Sides& sides = parts[{std::string(nameSpace(s.names[j])), p.part}];
        (p.side == BodySide::Left ? sides.left : sides.right).push_back(j);
    }
    for (const auto& [key, sides] : parts)
        if (sides.left.size() == 1 && sides.right.size() == 1)
            pairUp(partner, sides.left[0], sides.right[0]);
}

// The only child of j that has no partner yet, else -1.
int onlyUnpairedChild(const Skeleton& s, const std::vector<int>& partner, int j) {
    int found = -1;
    for (int c = j + 1; c < s.jointCount(); ++c) {
        if (s.parents[c] != j || partner[c] != c) continue;
        if (found >= 0) return -1;
        found = c;
    }
    return found;
}

// Down every pair in depth-first order (a pair's children come after both its joints, so pairs
// made here are visited in turn): the only unpaired children of two partners are partners.
void pairOnlyChildren(const Skeleton& s, std::vector<int>& partner) {
    for (int a = 0; a < s.jointCount(); ++a)
        if (const int b = partner[a]; b > a)
            pairUp(partner, onlyUnpairedChild(s, partner, a), onlyUnpairedChild(s, partner, b));
}

std::string jointName(const Skeleton& s, int j) { return "'" + limits::echo(s.names[j]) + "'"; }

// At least one pair, and the parents of partners are partners.
Status checkPairs(const Skeleton& s, const std::vector<int>& partner) {
    int pairs = 0;
    for (int j = 0; j < s.jointCount(); ++j) pairs += partner[j] > j ? 1 : 0;
    if (pairs == 0)
        return Status::error(
            "no left/right joint pairs to swap: no joint names a side (Left/Right, an L/R "
            "prefix or suffix, CMU's lfemur/rfemur) and no two legs were found");
    for (int j = 0; j < s.jointCount(); ++j) {
        const int p = partner[j];
        const int parent = s.parents[j], partnerParent = s.parents[p];
        if (partnerParent == (parent < 0 ? -1 : partner[parent])) continue;
        const auto parentName = [&](int k) {
            return k < 0 ? std::string("none (the root)") : jointName(s, k);
        };
        return Status::error("joint " + jointName(s, j) + " pairs with " + jointName(s, p) +
                             ", but their parents " + parentName(parent) + " and " +
                             parentName(partnerParent) +
                             " are not a pair (the skeleton's two sides differ)");
    }
    return Status::ok();
}

}  // namespace

Expected<std::vector<int>> mirrorPartners(const Skeleton& skeleton) {
    std::vector<int> partner(static_cast<size_t>(skeleton.jointCount()));
    for (int j = 0; j < skeleton.jointCount(); ++j) partner[j] = j;
    pairByRoles(skeleton, partner);
    pairByNames(skeleton, partner);
    pairOnlyChildren(skeleton, partner);
    if (Status s = checkPairs(skeleton, partner); !s) return s;
    return partner;
}

std::string mirrorClipName(const std::string& name) {
    const std::string_view n = name;
    if (n.size() > kMirrorSuffix.size() &&
        n.substr(n.size() - kMirrorSuffix.size()) == kMirrorSuffix)
        return std::string(n.substr(0, n.size() - kMirrorSuffix.size()));
    return name + std::string(kMirrorSuffix);
}

Expected<Clip> mirrorClip(const Clip& clip, const std::string& name) {
    const std::string context = "mirror of clip '" + limits::echo(clip.name) + "'";
    if (Status s = clip.validate(); !s) return s.withContext(context);
    auto partners = mirrorPartners(clip.skeleton);
    if (!partners) return partners.status().withContext(context);
    const std::vector<int>& partner = *partners;

    Clip out = clip;
    out.name = name.empty() ? mirrorClipName(clip.name) : name;
    const Skeleton& from = clip.skeleton;
    Skeleton& to = out.skeleton;
    for (int j = 0; j < clip.jointCount(); ++j) {
        const int p = partner[j];
        to.restOffsets[j] = reflect(from.restOffsets[p]);
        to.restRotations[j] = reflect(from.restRotations[p]);
        to.tipOffsets[j] = reflect(from.tipOffsets[p]);
    }
    for (int f = 0; f < clip.frameCount(); ++f) {
        const auto source = clip.frameRotations(f);
        const auto target = out.frameRotations(f);
        for (int j = 0; j < clip.jointCount(); ++j) target[j] = reflect(source[partner[j]]);
        out.rootPositions[f] = reflect(clip.rootPositions[f]);
    }
    return out;
}

}  // namespace gs

#include <gaitspace/runtime/legs.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <cmath>
#include <vector>

#include <gaitspace/runtime/kinematics.h>

namespace gs {
namespace {

std::string normalized(std::string name) {
    // Drop namespaces ("mixamorig:LeftFoot") and case, keep letters and side markers.
    const auto colon = name.find_last_of(':');
    if (colon != std::string::npos) name = name.substr(colon + 1);
    std::string out;
    for (char c : name) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

enum class Side { None, Left, Right };

Side sideOf(const std::string& n) {
    if (n.find("left") != std::string::npos) return Side::Left;
    if (n.find("right") != std::string::npos) return Side::Right;
    const auto endsWith = [&](const char* s) {
        const size_t k = std::char_traits<char>::length(s);
        return n.size() >= k && n.compare(n.size() - k, k, s) == 0;
    };
    if (endsWith(".l") || endsWith("_l") || endsWith("-l")) return Side::Left;
    if (endsWith(".r") || endsWith("_r") || endsWith("-r")) return Side::Right;
    if (n.rfind("l_", 0) == 0 || n.rfind("l.", 0) == 0) return Side::Left;
    if (n.rfind("r_", 0) == 0 || n.rfind("r.", 0) == 0) return Side::Right;
    if (n.size() > 1 && n[0] == 'l' &&
        (n.find("foot") == 1 || n.find("toe") == 1 || n.find("ankle") == 1))
        return Side::Left;
    if (n.size() > 1 && n[0] == 'r' &&
        (n.find("foot") == 1 || n.find("toe") == 1 || n.find("ankle") == 1))
        return Side::Right;
    return Side::None;
}

bool isToe(const std::string& n) { return n.find("toe") != std::string::npos; }
bool isAnkle(const std::string& n) {
    return !isToe(n) &&
           (n.find("foot") != std::string::npos || n.find("ankle") != std::string::npos);
}

int onlyChild(const Skeleton& s, int j) {
    int child = -1;
    for (int c = j + 1; c < s.jointCount(); ++c)
        if (s.parents[c] == j) {
            if (child >= 0) return -1;
            child = c;
        }
    return child;
}

bool isAncestor(const Skeleton& s, int ancestor, int j) {
    for (; j >= 0; j = s.parents[j])
        if (j == ancestor) return true;
    return false;
}

// A leg from its ankle and toe, or an empty leg when the ankle does not end a two-bone chain of
// real bones (the IK must not turn the root, and a zero-length bone has no direction).
Leg legFrom(const Skeleton& s, int ankle, int toe) {
    Leg leg;
    if (ankle <= 0 || ankle >= s.jointCount()) return leg;
    const int knee = s.parents[ankle];
    const int hip = knee > 0 ? s.parents[knee] : -1;
    if (hip <= 0) return leg;
    const float thigh = glm::length(s.restOffsets[knee]);
    const float shin = glm::length(s.restOffsets[ankle]);
    if (!(thigh > 0.02f && shin > 0.02f) || thigh > 3.0f * shin || shin > 3.0f * thigh) return leg;
    leg.hip = hip;
    leg.knee = knee;
    leg.ankle = ankle;
    leg.toe = toe >= 0 && isAncestor(s, ankle, toe) ? toe : ankle;
    leg.thigh = thigh;
    leg.shin = shin;
    const std::vector<glm::vec3> rest = restJointPositions(s);
    leg.foot = glm::distance(rest[leg.ankle], rest[leg.toe]);
    int end = hip + 1;
    while (end < s.jointCount() && s.parents[end] >= hip) ++end;
    leg.subtreeEnd = end;
    end = ankle + 1;
    while (end < s.jointCount() && s.parents[end] >= ankle) ++end;
    leg.ankleEnd = end;
    return leg;
}

bool isPair(const Leg& a, const Leg& b) {
    return a.ankle >= 0 && b.ankle >= 0 && a.hip != b.hip && a.knee != b.knee && a.hip != b.knee &&
           b.hip != a.knee;
}

// By structure: the lowest leaves of the rest pose, each ending a chain that drops through two
// long, mostly vertical bones. +X is the character's left (Y up, facing +Z).
LegRig legsByStructure(const Skeleton& s) {
    LegRig rig;
    const std::vector<glm::vec3> p = restJointPositions(s);
    const std::vector<int> children = s.childCounts();
    float lo = 1e30f, hi = -1e30f;
    for (const glm::vec3& q : p) {
        lo = std::min(lo, q.y);
        hi = std::max(hi, q.y);
    }
    const float span = hi - lo;
    if (!(span > 0.0f)) return rig;
    std::vector<Leg> found;
    for (int j = 1; j < s.jointCount(); ++j) {
        if (children[j] != 0 || p[j].y > lo + 0.15f * span) continue;
        int ankle = j, toe = j;
        const glm::vec3 bone = p[j] - p[s.parents[j]];
        if (std::hypot(bone.x, bone.z) > std::abs(bone.y)) ankle = s.parents[j];  // a toe bone
        Leg leg = legFrom(s, ankle, toe);
        if (leg.ankle < 0) continue;
        const glm::vec3 shin = p[leg.ankle] - p[leg.knee], thigh = p[leg.knee] - p[leg.hip];
        if (-shin.y < 0.1f * span || -thigh.y < 0.1f * span) continue;  // not dropping to the floor
        if (-shin.y < 0.5f * glm::length(shin) || -thigh.y < 0.5f * glm::length(thigh)) continue;
        found.push_back(leg);
    }
    std::sort(found.begin(), found.end(),
              [&](const Leg& a, const Leg& b) { return p[a.toe].y < p[b.toe].y; });
    for (size_t a = 0; a < found.size(); ++a)
        for (size_t b = a + 1; b < found.size(); ++b)
            if (isPair(found[a], found[b])) {
                const bool aLeft = p[found[a].ankle].x > p[found[b].ankle].x;
                rig.legs[0] = aLeft ? found[a] : found[b];
                rig.legs[1] = aLeft ? found[b] : found[a];
                return rig;
            }
    return rig;
}

}  // namespace

FootJoints findFootJoints(const Skeleton& skeleton) {
    FootJoints feet;
    for (int j = 0; j < skeleton.jointCount(); ++j) {
        const std::string n = normalized(skeleton.names[j]);
        const Side side = sideOf(n);
        if (side == Side::None) continue;
        int& ankle = side == Side::Left ? feet.leftAnkle : feet.rightAnkle;
        int& toe = side == Side::Left ? feet.leftToe : feet.rightToe;
        if (isAnkle(n) && ankle < 0) ankle = j;
        if (isToe(n) && toe < 0) toe = j;
    }
    for (auto [ankle, toe] : {std::pair<int, int*>{feet.leftAnkle, &feet.leftToe},
                              std::pair<int, int*>{feet.rightAnkle, &feet.rightToe}}) {
        if (ankle >= 0 && *toe < 0) {
            const int child = onlyChild(skeleton, ankle);
            *toe = child >= 0 ? child : ankle;
        }
    }
    return feet;
}

Expected<LegRig> findLegs(const Skeleton& skeleton, int leftToe, int rightToe) {
    if (skeleton.jointCount() < 3)
        return Status::error("no two-bone legs: the skeleton has fewer than 3 joints");
    const FootJoints feet = findFootJoints(skeleton);
    LegRig rig;
    rig.legs[0] = legFrom(skeleton, feet.leftAnkle, leftToe >= 0 ? leftToe : feet.leftToe);
    rig.legs[1] = legFrom(skeleton, feet.rightAnkle, rightToe >= 0 ? rightToe : feet.rightToe);
    if (!isPair(rig.legs[0], rig.legs[1])) rig = legsByStructure(skeleton);
    if (!isPair(rig.legs[0], rig.legs[1]))
        return Status::error(
            "no two-bone legs found (by the foot names or by the rest pose's lowest "
            "hip-knee-ankle chains); feet play unlocked");
    for (int k = 0; k < 2; ++k) {
        const int hint = k == 0 ? leftToe : rightToe;
        if (hint >= 0 && isAncestor(skeleton, rig.legs[k].ankle, hint)) rig.legs[k].toe = hint;
    }
    return rig;
}

}  // namespace gs

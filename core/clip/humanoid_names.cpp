#include "core/clip/humanoid_names.h"

#include <gaitspace/runtime/kinematics.h>
#include <gaitspace/runtime/legs.h>

#include <algorithm>
#include <cctype>
#include <span>
#include <vector>

namespace gs {

const std::array<HumanoidConvention, 9> kHumanoidConventions = {{
    {"CMU", {"pelvis",   "",        "thorax", "",          "head",     "lfemur",  "ltibia",
             "lfoot",    "ltoes",   "rfemur", "rtibia",    "rfoot",    "rtoes",   "lclavicle",
             "lhumerus", "lradius", "lhand",  "rclavicle", "rhumerus", "rradius", "rhand"}},
    {"CMU ASF", {"root",     "lowerback", "thorax", "lowerneck", "head",     "lfemur",  "ltibia",
                 "lfoot",    "ltoes",     "rfemur", "rtibia",    "rfoot",    "rtoes",   "lclavicle",
                 "lhumerus", "lradius",   "lwrist", "rclavicle", "rhumerus", "rradius", "rwrist"}},
    {"cgspeed",
     {"Hips",         "LowerBack",    "Spine1",      "Neck",        "Head",     "LeftUpLeg",
      "LeftLeg",      "LeftFoot",     "LeftToeBase", "RightUpLeg",  "RightLeg", "RightFoot",
      "RightToeBase", "LeftShoulder", "LeftArm",     "LeftForeArm", "LeftHand", "RightShoulder",
      "RightArm",     "RightForeArm", "RightHand"}},
    {"Mixamo", {"mixamorig:Hips",         "mixamorig:Spine",        "mixamorig:Spine2",
                "mixamorig:Neck",         "mixamorig:Head",         "mixamorig:LeftUpLeg",
                "mixamorig:LeftLeg",      "mixamorig:LeftFoot",     "mixamorig:LeftToeBase",
                "mixamorig:RightUpLeg",   "mixamorig:RightLeg",     "mixamorig:RightFoot",
                "mixamorig:RightToeBase", "mixamorig:LeftShoulder", "mixamorig:LeftArm",
                "mixamorig:LeftForeArm",  "mixamorig:LeftHand",     "mixamorig:RightShoulder",
                "mixamorig:RightArm",     "mixamorig:RightForeArm", "mixamorig:RightHand"}},
    {"Rigify", {"spine",       "spine.001",  "spine.003",   "spine.004", "spine.005", "thigh.L",
                "shin.L",      "foot.L",     "toe.L",       "thigh.R",   "shin.R",    "foot.R",
                "toe.R",       "shoulder.L", "upper_arm.L", "forearm.L", "hand.L",    "shoulder.R",
                "upper_arm.R", "forearm.R",  "hand.R"}},
    // Quaternius and RobotExpressive: the legs branch at "Body"; "Hips" is the first spine joint;
    // the feet hang off the ground bone "Bone" (an IK rig) and have no toe.
    {"Quaternius",
     {"Body",       "Hips",       "Torso",      "Neck",       "Head",       "UpperLeg.L",
      "LowerLeg.L", "Foot.L",     "",           "UpperLeg.R", "LowerLeg.R", "Foot.R",
      "",           "Shoulder.L", "UpperArm.L", "LowerArm.L", "Fist.L",     "Shoulder.R",
      "UpperArm.R", "LowerArm.R", "Fist.R"}},
    {"Bandai", {"Hips",       "Spine",      "Chest",      "Neck",       "Head",       "UpperLeg_L",
                "LowerLeg_L", "Foot_L",     "Toes_L",     "UpperLeg_R", "LowerLeg_R", "Foot_R",
                "Toes_R",     "Shoulder_L", "UpperArm_L", "LowerArm_L", "Hand_L",     "Shoulder_R",
                "UpperArm_R", "LowerArm_R", "Hand_R"}},
    {"100STYLE",
     {"Hips",          "Chest",      "Chest4",       "Neck",      "Head",      "LeftHip",
      "LeftKnee",      "LeftAnkle",  "LeftToe",      "RightHip",  "RightKnee", "RightAnkle",
      "RightToe",      "LeftCollar", "LeftShoulder", "LeftElbow", "LeftWrist", "RightCollar",
      "RightShoulder", "RightElbow", "RightWrist"}},
    {"GAMES-105",
     {"RootJoint", "pelvis_lowerback", "lowerback_torso", "",       "torso_head", "lHip",
      "lKnee",     "lAnkle",           "lToeJoint",       "rHip",   "rKnee",      "rAnkle",
      "rToeJoint", "lTorso_Clavicle",  "lShoulder",       "lElbow", "lWrist",     "rTorso_Clavicle",
      "rShoulder", "rElbow",           "rWrist"}},
}};

namespace {

using R = HumanoidRole;

constexpr const char* kRoleNames[kHumanoidRoleCount] = {
    "Hips",     "Spine",        "Chest",    "Neck",        "Head",     "LeftUpLeg",
    "LeftLeg",  "LeftFoot",     "LeftToe",  "RightUpLeg",  "RightLeg", "RightFoot",
    "RightToe", "LeftShoulder", "LeftArm",  "LeftForeArm", "LeftHand", "RightShoulder",
    "RightArm", "RightForeArm", "RightHand"};

bool contains(const std::string& s, const char* word) { return s.find(word) != std::string::npos; }
bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool endsWith(std::string_view s, std::string_view p) {
    return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// Body words that follow CMU's and GAMES-105's one-letter side prefix ("lfemur", "lHip").
constexpr const char* kPrefixedWords[] = {
    "femur", "tibia", "foot",   "toe",   "clavicle", "humerus", "radius",         "hand",
    "wrist", "hip",   "knee",   "ankle", "shoulder", "elbow",   "collar",         "thigh",
    "shin",  "upleg", "uparm",  "leg",   "arm",      "forearm", "torso_clavicle", "finger",
    "thumb", "index", "middle", "ring",  "pinky"};

// What a sided name's part says (Ambiguous: decided by what else the side has).
enum class Part {
    None,
    UpLeg,
    HipWord,
    Leg,
    Foot,
    Toe,
    Clavicle,
    ShoulderWord,
    Arm,
    ForeArm,
    Hand
};

Part sidedPart(const std::string& p) {
    if (p.empty()) return Part::None;
    for (const char* skip :
         {"thumb", "index", "middle", "ring", "pinky", "finger", "pole", "target", "heel", "twist",
          "roll", "pelvis", "hipjoint", "ctrl", "control"})
        if (contains(p, skip)) return Part::None;
    for (const char* end : {"end", "nub", "tip", "site"})
        if (endsWith(p, end)) return Part::None;
    if (contains(p, "toe") || contains(p, "ball")) return Part::Toe;
    if (contains(p, "foot") || contains(p, "ankle")) return Part::Foot;
    if (contains(p, "thigh") || contains(p, "femur") || contains(p, "upleg") ||
        contains(p, "upperleg"))
        return Part::UpLeg;
    if (p == "hip") return Part::HipWord;
    if (contains(p, "shin") || contains(p, "tibia") || contains(p, "knee") || contains(p, "calf") ||
        contains(p, "lowerleg") || contains(p, "lowleg") || p == "leg")
        return Part::Leg;
    if (contains(p, "hand") || contains(p, "wrist") || contains(p, "fist")) return Part::Hand;
    if (contains(p, "forearm") || contains(p, "lowerarm") || contains(p, "lowarm") ||
        contains(p, "radius") || contains(p, "elbow") || contains(p, "ulna"))
        return Part::ForeArm;
    if (contains(p, "upperarm") || contains(p, "uparm") || contains(p, "humerus") || p == "arm")
        return Part::Arm;
    if (contains(p, "clavicle") || contains(p, "collar")) return Part::Clavicle;
    if (p == "shoulder") return Part::ShoulderWord;
    return Part::None;
}

bool isAncestor(const Skeleton& s, int ancestor, int j) {
    if (ancestor < 0 || j < 0) return false;
    for (; j >= 0; j = s.parents[j])
        if (j == ancestor) return true;
    return false;
}

int commonAncestor(const Skeleton& s, int a, int b) {
    for (int x = a; x >= 0; x = s.parents[x])
        if (isAncestor(s, x, b)) return x;
    return -1;
}

std::vector<int> childrenOf(const Skeleton& s, int j) {
    std::vector<int> out;
    for (int c = j + 1; c < s.jointCount(); ++c)
        if (s.parents[c] == j) out.push_back(c);
    return out;
}

int onlyChild(const Skeleton& s, int j) {
    const std::vector<int> c = childrenOf(s, j);
    return c.size() == 1 ? c.front() : -1;
}

// A side's limb chain read from the names: first joint in depth-first order for each part.
struct Side {
    int upLeg = -1, hipWord = -1, leg = -1, foot = -1, toe = -1;
    int clavicle = -1, shoulderWord = -1, arm = -1, foreArm = -1, hand = -1;
};

void take(int& slot, int joint) {
    if (slot < 0) slot = joint;
}

// The chain top -> ... -> bottom keeps only joints that descend from the one above.
void keepChain(const Skeleton& s, std::initializer_list<int*> chain) {
    int above = -1;
    for (int* j : chain) {
        if (*j < 0) continue;
        if (above >= 0 && !isAncestor(s, above, *j)) {
            *j = -1;
            continue;
        }
        above = *j;
    }
}

}  // namespace

const char* roleName(HumanoidRole role) { return kRoleNames[static_cast<int>(role)]; }

const char* roleGroup(HumanoidRole role) {
    const int r = static_cast<int>(role);
    if (r <= static_cast<int>(R::Head)) return "spine";
    if (r <= static_cast<int>(R::RightToe)) return "legs";
    return "arms";
}

int HumanoidJoints::count(std::string_view group) const {
    int n = 0;
    for (int r = 0; r < kHumanoidRoleCount; ++r)
        if (joints[r] >= 0 && (group.empty() || group == roleGroup(static_cast<HumanoidRole>(r))))
            ++n;
    return n;
}

JointNameParts parseJointName(std::string_view name) {
    if (const auto cut = name.find_last_of(":|"); cut != std::string_view::npos)
        name = name.substr(cut + 1);
    std::string lower;
    for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    JointNameParts out;
    std::string rest = lower;
    const auto isSep = [](char c) { return c == '.' || c == '_' || c == '-' || c == ' '; };
    if (const auto at = lower.find("left"); at != std::string::npos) {
        out.side = BodySide::Left;
        rest = lower.substr(0, at) + lower.substr(at + 4);
    } else if (const auto at2 = lower.find("right"); at2 != std::string::npos) {
        out.side = BodySide::Right;
        rest = lower.substr(0, at2) + lower.substr(at2 + 5);
    } else if (lower.size() > 2 && isSep(lower[lower.size() - 2]) &&
               (lower.back() == 'l' || lower.back() == 'r')) {
        out.side = lower.back() == 'l' ? BodySide::Left : BodySide::Right;
        rest = lower.substr(0, lower.size() - 2);
    } else if (lower.size() > 2 && isSep(lower[1]) && (lower[0] == 'l' || lower[0] == 'r')) {
        out.side = lower[0] == 'l' ? BodySide::Left : BodySide::Right;
        rest = lower.substr(2);
    } else if (lower.size() > 2 && (lower[0] == 'l' || lower[0] == 'r')) {
        const std::string_view tail = std::string_view(lower).substr(1);
        for (const char* w : kPrefixedWords)
            if (startsWith(tail, w)) {
                out.side = lower[0] == 'l' ? BodySide::Left : BodySide::Right;
                rest = std::string(tail);
                break;
            }
    }
    for (char c : rest)
        if (std::isalnum(static_cast<unsigned char>(c))) out.part += c;
    return out;
}

namespace {

// Each side's limb joints as the names give them: the first joint of each part, in depth-first
// order.
void readSides(std::span<const JointNameParts> names, Side (&sides)[2]) {
    for (int j = 0; j < static_cast<int>(names.size()); ++j) {
        if (names[j].side == BodySide::None) continue;
        Side& side = sides[names[j].side == BodySide::Left ? 0 : 1];
        switch (sidedPart(names[j].part)) {
            case Part::UpLeg:
                take(side.upLeg, j);
                break;
            case Part::HipWord:
                take(side.hipWord, j);
                break;
            case Part::Leg:
                take(side.leg, j);
                break;
            case Part::Foot:
                take(side.foot, j);
                break;
            case Part::Toe:
                take(side.toe, j);
                break;
            case Part::Clavicle:
                take(side.clavicle, j);
                break;
            case Part::ShoulderWord:
                take(side.shoulderWord, j);
                break;
            case Part::Arm:
                take(side.arm, j);
                break;
            case Part::ForeArm:
                take(side.foreArm, j);
                break;
            case Part::Hand:
                take(side.hand, j);
                break;
            case Part::None:
                break;
        }
    }
    for (Side& side : sides) {
        // The words that mean different joints in different conventions.
        if (side.upLeg < 0) side.upLeg = side.hipWord;
        if (side.clavicle >= 0 && side.arm < 0)
            side.arm = side.shoulderWord;
        else if (side.clavicle < 0)
            side.clavicle = side.shoulderWord;
    }
}

// A leg: a chain down from the upper leg; a foot off the chain is an IK rig's (ikFoot).
void chainLeg(const Skeleton& s, std::span<const JointNameParts> names, Side& side, bool& ikFoot) {
    keepChain(s, {&side.upLeg, &side.leg});
    if (side.foot >= 0 && side.leg >= 0 && !isAncestor(s, side.leg, side.foot)) {
        if (side.upLeg >= 0 && isAncestor(s, side.upLeg, side.foot))
            side.foot = -1;  // a foot below the thigh only
        else
            ikFoot = true;
    }
    if (!ikFoot) {
        if (side.foot >= 0 && side.leg < 0 && s.parents[side.foot] > 0 &&
            (side.upLeg < 0 || isAncestor(s, side.upLeg, s.parents[side.foot])))
            side.leg = s.parents[side.foot];
        if (side.leg >= 0 && side.upLeg < 0 && s.parents[side.leg] > 0)
            side.upLeg = s.parents[side.leg];
        keepChain(s, {&side.upLeg, &side.leg, &side.foot});
    }
    if (side.toe >= 0 && !isAncestor(s, side.foot, side.toe)) side.toe = -1;
    if (side.toe < 0 && side.foot >= 0) {
        const int child = onlyChild(s, side.foot);
        if (child >= 0 && sidedPart(names[child].part) != Part::None) side.toe = child;
    }
}

bool legsNamed(const Side (&sides)[2]) {
    return sides[0].upLeg >= 0 && sides[0].leg >= 0 && sides[0].foot >= 0 && sides[1].upLeg >= 0 &&
           sides[1].leg >= 0 && sides[1].foot >= 0;
}

// Legs from the rest pose's structure (findLegs) when the names give none; h.legsByStructure
// says whether they did.
void legsFromStructure(const Skeleton& s, Side (&sides)[2], HumanoidJoints& h) {
    if (auto rig = findLegs(s); rig && rig->isValid()) {
        for (int k = 0; k < 2; ++k) {
            const Leg& leg = rig->legs[k];
            sides[k] = Side{};
            sides[k].upLeg = leg.hip;
            sides[k].leg = leg.knee;
            sides[k].foot = leg.ankle;
            sides[k].toe = leg.toe != leg.ankle ? leg.toe : -1;
            h.ikFoot[k] = false;
        }
        h.legsByStructure = true;
    }
}

// An arm: a chain down from the clavicle; missing joints above the hand from its parents.
void chainArm(const Skeleton& s, Side& side) {
    keepChain(s, {&side.clavicle, &side.arm, &side.foreArm, &side.hand});
    if (side.hand >= 0 && side.foreArm < 0) side.foreArm = s.parents[side.hand];
    if (side.foreArm >= 0 && side.arm < 0) side.arm = s.parents[side.foreArm];
    keepChain(s, {&side.clavicle, &side.arm, &side.foreArm, &side.hand});
}

// The spine's joints, found by structure.
struct Trunk {
    int hips = -1, spine = -1, chest = -1, neck = -1, head = -1;
};

// The hips: where the legs branch (the root when they do not).
int findHips(const Skeleton& s, const Side& l, const Side& r) {
    int hips = l.upLeg >= 0 && r.upLeg >= 0 ? commonAncestor(s, l.upLeg, r.upLeg) : -1;
    if (hips == l.upLeg || hips == r.upLeg) hips = hips >= 0 ? s.parents[hips] : -1;
    if (hips < 0) hips = 0;
    return hips;
}

// The top of an arm's chain: its clavicle, else its upper arm.
int armTop(const Side& side) { return side.clavicle >= 0 ? side.clavicle : side.arm; }

// The chest: where the arms branch, above the hips.
int findChest(const Skeleton& s, int hips, int armTopL, int armTopR) {
    int chest = armTopL >= 0 && armTopR >= 0 ? commonAncestor(s, armTopL, armTopR) : -1;
    if (chest == armTopL || chest == armTopR) chest = -1;
    if (chest >= 0 && !isAncestor(s, hips, chest)) chest = -1;
    if (chest == hips) chest = -1;
    return chest;
}

// A clavicle the names do not give: the arm's parent when it is a branch of its own (not the
// chest).
void clavicleFromBranch(const Skeleton& s, int chest, Side& side) {
    if (side.clavicle < 0 && side.arm >= 0 && chest >= 0 && s.parents[side.arm] != chest &&
        isAncestor(s, chest, s.parents[side.arm]))
        side.clavicle = s.parents[side.arm];
}

// The spine: the chest's ancestor just below the hips (none when the chest hangs from the hips).
int findSpine(const Skeleton& s, int hips, int chest) {
    int spine = -1;
    if (chest >= 0) {
        for (int j = chest; j >= 0 && s.parents[j] != hips; j = s.parents[j]) spine = s.parents[j];
        if (s.parents[chest] == hips) spine = -1;
    }
    return spine;
}

// The head: the first unsided "head" (or "head<digits>") above the chest, else the top of the
// chain above the chest that holds no arm.
int findHead(const Skeleton& s, std::span<const JointNameParts> names, int hips, int chest,
             int armTopL, int armTopR) {
    int head = -1;
    const int above = chest >= 0 ? chest : hips;
    for (int j = above + 1; j < s.jointCount() && head < 0; ++j) {
        if (!isAncestor(s, above, j) || names[j].side != BodySide::None) continue;
        const std::string& p = names[j].part;
        if (startsWith(p, "head") && std::all_of(p.begin() + 4, p.end(), [](char c) {
                return std::isdigit(static_cast<unsigned char>(c));
            }))
            head = j;
    }
    if (head < 0 && chest >= 0) {
        // The top of the chain above the chest that holds no arm.
        int j = -1;
        for (int c : childrenOf(s, chest))
            if (!isAncestor(s, c, armTopL) && !isAncestor(s, c, armTopR) &&
                names[c].side == BodySide::None)
                j = c;
        while (j >= 0) {
            head = j;
            const std::vector<int> next = childrenOf(s, j);
            j = next.size() == 1 ? next.front() : -1;
        }
    }
    return head;
}

// The neck: the lowest "neck" between the chest and the head, else the head's parent when it is
// not the chest.
int findNeck(const Skeleton& s, std::span<const JointNameParts> names, int chest, int head) {
    int neck = -1;
    if (head >= 0 && chest >= 0) {
        for (int j = s.parents[head]; j > chest; j = s.parents[j])
            if (contains(names[j].part, "neck")) neck = j;  // the lowest "neck"
        if (neck < 0 && s.parents[head] != chest && isAncestor(s, chest, s.parents[head]))
            neck = s.parents[head];
    }
    return neck;
}

// The roles from the trunk, the legs of `legs` and the arms of `arms`.
void setRoles(HumanoidJoints& h, const Trunk& t, const Side (&legs)[2], const Side (&arms)[2]) {
    h[R::Hips] = t.hips;
    h[R::Spine] = t.spine;
    h[R::Chest] = t.chest;
    h[R::Neck] = t.neck;
    h[R::Head] = t.head;
    const R legRoles[2][4] = {{R::LeftUpLeg, R::LeftLeg, R::LeftFoot, R::LeftToe},
                              {R::RightUpLeg, R::RightLeg, R::RightFoot, R::RightToe}};
    const R armRoles[2][4] = {{R::LeftShoulder, R::LeftArm, R::LeftForeArm, R::LeftHand},
                              {R::RightShoulder, R::RightArm, R::RightForeArm, R::RightHand}};
    for (int k = 0; k < 2; ++k) {
        h[legRoles[k][0]] = legs[k].upLeg;
        h[legRoles[k][1]] = legs[k].leg;
        h[legRoles[k][2]] = legs[k].foot;
        h[legRoles[k][3]] = legs[k].toe;
        h[armRoles[k][0]] = arms[k].clavicle;
        h[armRoles[k][1]] = arms[k].arm;
        h[armRoles[k][2]] = arms[k].foreArm;
        h[armRoles[k][3]] = arms[k].hand;
    }
}

}  // namespace

HumanoidJoints findHumanoidJoints(const Skeleton& s) {
    HumanoidJoints h;
    const int n = s.jointCount();
    if (n == 0) return h;
    std::vector<JointNameParts> names(n);
    for (int j = 0; j < n; ++j) names[j] = parseJointName(s.names[j]);
    Side sides[2];
    readSides(names, sides);

    for (int k = 0; k < 2; ++k) chainLeg(s, names, sides[k], h.ikFoot[k]);
    if (!legsNamed(sides)) legsFromStructure(s, sides, h);
    for (Side& side : sides) chainArm(s, side);

    // The spine, by structure: the hips where the legs branch, the chest where the arms do.
    Trunk t;
    t.hips = findHips(s, sides[0], sides[1]);
    const int armTopL = armTop(sides[0]), armTopR = armTop(sides[1]);
    t.chest = findChest(s, t.hips, armTopL, armTopR);
    Side armSides[2] = {sides[0], sides[1]};
    for (Side& side : armSides) clavicleFromBranch(s, t.chest, side);
    t.spine = findSpine(s, t.hips, t.chest);
    t.head = findHead(s, names, t.hips, t.chest, armTopL, armTopR);
    t.neck = findNeck(s, names, t.chest, t.head);

    setRoles(h, t, sides, armSides);
    return h;
}

std::string conventionOf(const Skeleton& skeleton) {
    const HumanoidConvention* best = nullptr;
    int bestCount = 3;
    for (const HumanoidConvention& c : kHumanoidConventions) {
        int count = 0;
        for (const char* j : c.joints)
            if (*j && skeleton.jointIndex(j) >= 0) ++count;
        if (count > bestCount) best = &c, bestCount = count;
    }
    return best ? best->name : "";
}

}  // namespace gs

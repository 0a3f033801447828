#include "core/character/retarget.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <sstream>

#include <gaitspace/runtime/leg_ik.h>

namespace gs {
namespace {

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

}  // namespace

JointMap chooseJointMap(const Skeleton& source, const Skeleton& target) {
    const HumanoidJoints sr = findHumanoidJoints(source), tr = findHumanoidJoints(target);
    JointMap map;
    const std::string from = conventionOf(source), to = conventionOf(target);
    map.name = (from.empty() ? std::string("roles") : from) + " -> " +
               (to.empty() ? std::string("roles") : to);
    std::vector<bool> usedSource(source.jointCount(), false),
        usedTarget(target.jointCount(), false);
    for (int r = 0; r < kHumanoidRoleCount; ++r) {
        const int s = sr.joints[r], t = tr.joints[r];
        if (s < 0 || t < 0 || usedSource[s] || usedTarget[t]) continue;
        map.pairs.emplace_back(target.names[t], source.names[s]);
        usedSource[s] = usedTarget[t] = true;
    }
    // Other joints of the same name (fingers of one convention, the same skeleton).
    for (int t = 0; t < target.jointCount(); ++t) {
        const int s = source.jointIndex(target.names[t]);
        if (usedTarget[t] || s < 0 || usedSource[s]) continue;
        map.pairs.emplace_back(target.names[t], source.names[s]);
        usedSource[s] = usedTarget[t] = true;
    }
    if (map.pairs.empty()) map.name = "no joints in common";
    return map;
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
            return Status::error("joint map line " + std::to_string(number) +
                                 ": a joint name is empty");
        map.pairs.emplace_back(std::move(target), std::move(source));
    }
    if (map.pairs.empty()) return Status::error("the joint map holds no 'target = source' line");
    return map;
}

namespace {

// Yaw part of a rotation: the turn about +Y it gives the horizontal (a rotation by a about Y
// takes +Z to (sin a, 0, cos a) and +X to (cos a, 0, -sin a)).
glm::quat yawOf(const glm::quat& q) {
    const glm::vec3 z = q * glm::vec3(0, 0, 1);
    const glm::vec3 x = q * glm::vec3(1, 0, 0);
    const float yaw =
        std::hypot(z.x, z.z) > std::hypot(x.x, x.z) ? std::atan2(z.x, z.z) : std::atan2(-x.z, x.x);
    return glm::angleAxis(yaw, glm::vec3(0, 1, 0));
}

// How a skeleton stands, measured on its rest pose without trusting the pose to be straight:
// the leg's length (thigh + shin, the mean of both sides), the ankle's height above the lowest
// joint, and how far the hips sit above the thighs' tops. A bind pose in mid-stride (the
// Quaternius rigs) has bent knees, so its hips are lower than the legs can reach.
struct Standing {
    float leg = 0.0f, ankle = 0.0f, drop = 0.0f;
    float hipHeight = 0.0f;  // the rest pose's hips above its lowest joint
};

Standing standingOf(const std::vector<Transform>& world, const HumanoidJoints& roles) {
    Standing st;
    float lowest = world[0].translation.y;
    for (const Transform& t : world) lowest = std::min(lowest, t.translation.y);
    const int hips = roles[HumanoidRole::Hips] >= 0 ? roles[HumanoidRole::Hips] : 0;
    st.hipHeight = world[hips].translation.y - lowest;
    const HumanoidRole sides[2][3] = {
        {HumanoidRole::LeftUpLeg, HumanoidRole::LeftLeg, HumanoidRole::LeftFoot},
        {HumanoidRole::RightUpLeg, HumanoidRole::RightLeg, HumanoidRole::RightFoot}};
    float leg = 0.0f, top = 0.0f, ankle = 1e30f;
    for (const auto& side : sides) {
        const int up = roles[side[0]], knee = roles[side[1]], foot = roles[side[2]];
        if (up < 0 || knee < 0 || foot < 0) return st;
        leg += 0.5f * (glm::distance(world[up].translation, world[knee].translation) +
                       glm::distance(world[knee].translation, world[foot].translation));
        top += 0.5f * world[up].translation.y;
        ankle = std::min(ankle, world[foot].translation.y - lowest);
    }
    st.leg = leg;
    st.ankle = std::clamp(ankle, 0.0f, 0.25f * leg);
    st.drop = std::clamp(world[hips].translation.y - top, -0.2f * leg, 0.5f * leg);
    return st;
}

}  // namespace

int Retarget::mappedRoles(std::string_view group) const {
    int n = 0;
    for (int r = 0; r < kHumanoidRoleCount; ++r) {
        const int t = targetRoles.joints[r];
        if (t >= 0 && sourceOf[t] >= 0 &&
            (group.empty() || group == roleGroup(static_cast<HumanoidRole>(r))))
            ++n;
    }
    return n;
}

std::string Retarget::describe() const {
    std::string out;
    for (const char* g : {"legs", "spine", "arms"}) {
        if (!out.empty()) out += ", ";
        out += std::string(g) + " " + std::to_string(mappedRoles(g)) + "/" +
               std::to_string(targetRoleCount(g));
    }
    if (usesFootIk()) out += ", feet by leg IK";
    if (targetRoles.ikFoot[0] || targetRoles.ikFoot[1]) out += " (an IK rig: feet under the root)";
    return out;
}

namespace {

// Which source joint each target joint takes its rotation from: the map's pairs, the hips paired
// by role when the map leaves them out, nothing above the hips.
Status mapJoints(Retarget& r, const JointMap& map, const HumanoidJoints& sourceRoles) {
    const Skeleton& source = r.source;
    const Skeleton& target = r.target;
    r.sourceOf.assign(target.jointCount(), -1);
    for (const auto& [t, s] : map.pairs) {
        const int ti = target.jointIndex(t), si = source.jointIndex(s);
        if (ti < 0 || si < 0 || r.sourceOf[ti] >= 0) continue;
        r.sourceOf[ti] = si;
        ++r.mappedCount;
    }
    if (r.mappedCount < 4)
        return Status::error("only " + std::to_string(r.mappedCount) +
                             " joints of the character map to the clip's skeleton (" + map.name +
                             "); give a joint map");
    r.targetRoles = findHumanoidJoints(target);
    // The hips must correspond, or the body would not follow the root motion.
    r.targetHips = std::max(r.targetRoles[HumanoidRole::Hips], 0);
    if (r.sourceOf[r.targetHips] < 0) {
        r.sourceOf[r.targetHips] = std::max(sourceRoles[HumanoidRole::Hips], 0);
        ++r.mappedCount;
    }
    r.sourceHips = r.sourceOf[r.targetHips];
    // Joints above the hips (ground bones) follow the hips by rule, never by the map.
    for (int j = target.parents[r.targetHips]; j >= 0; j = target.parents[j])
        if (r.sourceOf[j] >= 0) r.sourceOf[j] = -1, --r.mappedCount;
    return Status::ok();
}

// The rest poses' world rotations and positions the pose mapping needs.
void keepRestPoses(Retarget& r, const std::vector<Transform>& srcWorld,
                   const std::vector<Transform>& tgtWorld) {
    const Skeleton& source = r.source;
    const Skeleton& target = r.target;
    r.sourceRestWorldInverse.resize(source.jointCount());
    for (int j = 0; j < source.jointCount(); ++j)
        r.sourceRestWorldInverse[j] = glm::inverse(srcWorld[j].rotation);
    r.targetRestWorld.resize(target.jointCount());
    for (int j = 0; j < target.jointCount(); ++j) r.targetRestWorld[j] = tgtWorld[j].rotation;
    r.targetRestPositions.resize(target.jointCount());
    for (int j = 0; j < target.jointCount(); ++j)
        r.targetRestPositions[j] = tgtWorld[j].translation;
}

// Facing: the yaw that turns the target's hips' left-right axis onto the source's. Returns the
// source's left, on the ground.
glm::vec3 findFacing(Retarget& r, const HumanoidJoints& sourceRoles,
                     const std::vector<Transform>& srcWorld,
                     const std::vector<Transform>& tgtWorld) {
    const int sl = sourceRoles[HumanoidRole::LeftUpLeg], sr = sourceRoles[HumanoidRole::RightUpLeg];
    const int tl = r.targetRoles[HumanoidRole::LeftUpLeg],
              tr = r.targetRoles[HumanoidRole::RightUpLeg];
    glm::vec3 sourceLeft(1, 0, 0);
    if (sl >= 0 && sr >= 0 && tl >= 0 && tr >= 0) {
        glm::vec3 a = tgtWorld[tl].translation - tgtWorld[tr].translation;
        glm::vec3 b = srcWorld[sl].translation - srcWorld[sr].translation;
        a.y = b.y = 0.0f;
        if (glm::length(a) > 1e-4f && glm::length(b) > 1e-4f) {
            r.facing = arc(glm::normalize(a), glm::normalize(b));
            sourceLeft = glm::normalize(b);
        }
    }
    return sourceLeft;
}

// Foot IK for the sides of an IK rig whose feet both skeletons name. Returns the target's
// parents with each IK rig's foot counted as below its knee.
std::vector<int> findFootIk(Retarget& r, const HumanoidJoints& sourceRoles,
                            const std::vector<Transform>& tgtWorld) {
    const Skeleton& target = r.target;
    std::vector<int> chainParent(target.parents);  // the IK rig's foot counts as below its knee
    const HumanoidRole legRoles[2][3] = {
        {HumanoidRole::LeftUpLeg, HumanoidRole::LeftLeg, HumanoidRole::LeftFoot},
        {HumanoidRole::RightUpLeg, HumanoidRole::RightLeg, HumanoidRole::RightFoot}};
    for (int k = 0; k < 2; ++k) {
        const int up = r.targetRoles[legRoles[k][0]], knee = r.targetRoles[legRoles[k][1]],
                  foot = r.targetRoles[legRoles[k][2]];
        if (up < 0 || knee < 0 || foot < 0 || r.sourceOf[foot] < 0) continue;
        if (!r.targetRoles.ikFoot[k] &&
            (!isDescendant(target, foot, knee) || !isDescendant(target, knee, up)))
            continue;
        Retarget::FootIk& ik = r.footIk[k];
        ik.upLeg = up;
        ik.leg = knee;
        ik.foot = foot;
        ik.sourceAnkle = r.sourceOf[foot];
        ik.sourceToe = sourceRoles[k ? HumanoidRole::RightToe : HumanoidRole::LeftToe];
        ik.thigh = glm::distance(tgtWorld[up].translation, tgtWorld[knee].translation);
        ik.shin = glm::distance(tgtWorld[knee].translation, tgtWorld[foot].translation);
        ik.shinTip = glm::inverse(tgtWorld[knee].rotation) *
                     (tgtWorld[foot].translation - tgtWorld[knee].translation);
        if (r.targetRoles.ikFoot[k]) chainParent[foot] = knee;
        if (ik.thigh < 1e-3f || ik.shin < 1e-3f) ik = {};
    }
    return chainParent;
}

// Rest-pose alignment per mapped joint, from its bone towards the mapped descendant whose
// direction agrees best (the chest points at the head rather than at a shoulder).
void alignJoints(Retarget& r, const std::vector<int>& chainParent,
                 const std::vector<Transform>& srcWorld, const std::vector<Transform>& tgtWorld) {
    const Skeleton& source = r.source;
    const Skeleton& target = r.target;
    const auto targetBelow = [&](int joint, int ancestor) {
        for (int j = joint; j >= 0; j = chainParent[j])
            if (j == ancestor) return true;
        return false;
    };

    r.alignment.assign(target.jointCount(), r.facing);
    for (int t = 0; t < target.jointCount(); ++t) {
        const int s = r.sourceOf[t];
        const int parent = target.parents[t];
        if (s < 0 ||
            t == r.targetHips) {  // the hips keep the facing: their rest lean is the figure's
            r.alignment[t] = s < 0 && parent >= 0 ? r.alignment[parent] : r.facing;
            continue;
        }
        float bestDot = -2.0f;
        glm::quat best = parent >= 0 ? r.alignment[parent] : r.facing;
        for (int tc = 0; tc < target.jointCount(); ++tc) {
            const int sc2 = r.sourceOf[tc];
            if (tc == t || sc2 < 0 || !targetBelow(tc, t) || !isDescendant(source, sc2, s))
                continue;
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
        if (bestDot < -1.5f) {
            // No mapped joint below (a forearm whose hand the target lacks): its bone towards the
            // middle of its children, the source's towards its own children's.
            const auto towardChildren = [](const Skeleton& sk, const std::vector<Transform>& w,
                                           int j) {
                glm::vec3 sum(0.0f);
                int n = 0;
                for (int c = j + 1; c < sk.jointCount(); ++c)
                    if (sk.parents[c] == j) sum += w[c].translation, ++n;
                return n ? sum / float(n) - w[j].translation : glm::vec3(0.0f);
            };
            glm::vec3 dt = r.facing * towardChildren(target, tgtWorld, t);
            glm::vec3 ds = towardChildren(source, srcWorld, s);
            if (glm::length(dt) > 1e-4f && glm::length(ds) > 1e-4f)
                best = arc(glm::normalize(dt), glm::normalize(ds)) * r.facing;
        }
        r.alignment[t] = best;
    }
}

// The lowest joints of the two rest poses (the floors they stand on).
struct Floors {
    float target = 0.0f, source = 0.0f;
};

// The scale of the strides is the legs' (a bent bind pose has lower hips than its legs reach);
// the hips stand as high above the floor as the target's legs make them.
Floors scaleRoot(Retarget& r, const HumanoidJoints& sourceRoles,
                 const std::vector<Transform>& srcWorld, const std::vector<Transform>& tgtWorld) {
    const Standing ss = standingOf(srcWorld, sourceRoles), ts = standingOf(tgtWorld, r.targetRoles);
    if (ss.leg > 1e-3f && ts.leg > 1e-3f) {
        r.rootScale = ts.leg / ss.leg;
        r.rootLift = (ts.ankle + ts.drop) - r.rootScale * (ss.ankle + ss.drop);
    } else {
        r.rootScale = ss.hipHeight > 1e-4f ? ts.hipHeight / ss.hipHeight : 1.0f;
    }
    float lowest = tgtWorld[0].translation.y, sourceLowest = srcWorld[0].translation.y;
    for (const Transform& w : tgtWorld) lowest = std::min(lowest, w.translation.y);
    for (const Transform& w : srcWorld) sourceLowest = std::min(sourceLowest, w.translation.y);
    r.targetFootHeight = lowest;
    return {lowest, sourceLowest};
}

// Where each IK foot stands against the source ankle at rest: its own height above the floor
// (against the source's scaled) and its own distance from the body's middle (against the
// source's, unscaled as ground positions are; in the source's rest frame).
void placeIkFeet(Retarget& r, const std::vector<Transform>& srcWorld,
                 const std::vector<Transform>& tgtWorld, const glm::vec3& sourceLeft,
                 const Floors& floors) {
    const float lowest = floors.target, sourceLowest = floors.source;
    for (Retarget::FootIk& ik : r.footIk) {
        if (ik.foot < 0) continue;
        const glm::vec3 targetAnkle =
            r.facing * (tgtWorld[ik.foot].translation - tgtWorld[r.targetHips].translation);
        const glm::vec3 sourceAnkle =
            srcWorld[ik.sourceAnkle].translation - srcWorld[r.sourceHips].translation;
        glm::vec3 offset = targetAnkle - sourceAnkle;
        // Heights from the floors (the hips' heights differ from hs * k where the rest poses do).
        offset.y = (tgtWorld[ik.foot].translation.y - lowest) -
                   r.rootScale * (srcWorld[ik.sourceAnkle].translation.y - sourceLowest);
        // Only the sideways part and the height: the stride is the source's.
        const float side = glm::dot(offset, sourceLeft);
        ik.offset = side * sourceLeft + glm::vec3(0.0f, offset.y, 0.0f);
    }
}

}  // namespace

Expected<Retarget> buildRetarget(const Skeleton& source, float sourceFloor, const Skeleton& target,
                                 const JointMap& map) {
    if (Status s = source.validate(); !s) return s.withContext("source skeleton");
    if (Status s = target.validate(); !s) return s.withContext("target skeleton");
    Retarget r;
    r.source = source;
    r.target = target;
    r.sourceFloor = sourceFloor;
    const HumanoidJoints sourceRoles = findHumanoidJoints(source);
    if (Status s = mapJoints(r, map, sourceRoles); !s) return s;
    const std::vector<Transform> srcWorld = restWorld(source), tgtWorld = restWorld(target);
    keepRestPoses(r, srcWorld, tgtWorld);
    const glm::vec3 sourceLeft = findFacing(r, sourceRoles, srcWorld, tgtWorld);
    const std::vector<int> chainParent = findFootIk(r, sourceRoles, tgtWorld);
    alignJoints(r, chainParent, srcWorld, tgtWorld);
    const Floors floors = scaleRoot(r, sourceRoles, srcWorld, tgtWorld);
    placeIkFeet(r, srcWorld, tgtWorld, sourceLeft, floors);
    return r;
}

glm::quat hipsHeading(const Retarget& r, std::span<const Transform> sourceWorld) {
    return yawOf(sourceWorld[r.sourceHips].rotation * r.sourceRestWorldInverse[r.sourceHips]);
}

void retargetPose(const Retarget& r, std::span<const glm::quat> sourceRotations,
                  const glm::vec3& sourceRoot, std::span<Transform> targetWorld,
                  const FootTurns* footTurns) {
    const Skeleton& src = r.source;
    const Skeleton& tgt = r.target;
    assert(targetWorld.size() == static_cast<size_t>(tgt.jointCount()));
    // Source world transforms (stack storage for common skeleton sizes).
    constexpr int kStack = 256;
    Transform stack[kStack];
    std::vector<Transform> heap;
    Transform* world = stack;
    if (src.jointCount() > kStack) {
        heap.resize(src.jointCount());
        world = heap.data();
    }
    forwardKinematics(src, sourceRotations, sourceRoot,
                      std::span<Transform>(world, src.jointCount()));
    // A source position on the target: the same ground point, its height above the floor scaled
    // by the legs' ratio (core/character/retarget.h says why the ground point is not scaled).
    const auto placed = [&](const glm::vec3& p) {
        return glm::vec3(p.x, (p.y - r.sourceFloor) * r.rootScale + r.targetFootHeight, p.z);
    };
    const glm::quat heading = hipsHeading(r, std::span<const Transform>(world, src.jointCount()));

    for (int t = 0; t < tgt.jointCount(); ++t) {
        const int s = r.sourceOf[t];
        const int p = tgt.parents[t];
        glm::quat rotation;
        if (s >= 0) {
            const glm::quat delta = world[s].rotation * r.sourceRestWorldInverse[s];
            rotation = delta * r.alignment[t] * r.targetRestWorld[t];
        } else if (t < r.targetHips && isDescendant(tgt, r.targetHips, t)) {
            rotation = heading * r.facing * r.targetRestWorld[t];  // a ground bone under the hips
        } else {
            rotation = (p >= 0 ? targetWorld[p].rotation : r.facing) * tgt.restRotations[t];
        }
        targetWorld[t].rotation = glm::normalize(rotation);
    }
    // The hips where the source's are; a ground bone above them on the floor beneath, as far
    // from them as at rest, turned with the heading.
    const glm::vec3 hips =
        placed(world[r.sourceHips].translation) + glm::vec3(0.0f, r.rootLift, 0.0f);
    if (r.targetHips > 0) {
        const glm::vec3 down =
            heading * r.facing * (r.targetRestPositions[0] - r.targetRestPositions[r.targetHips]);
        targetWorld[0].translation =
            glm::vec3(hips.x + down.x, r.targetRestPositions[0].y, hips.z + down.z);
    } else {
        targetWorld[0].translation = hips;
    }
    for (int j = 1; j < tgt.jointCount(); ++j) {
        const Transform& parent = targetWorld[tgt.parents[j]];
        targetWorld[j].translation =
            j == r.targetHips ? hips : parent.translation + parent.rotation * tgt.restOffsets[j];
    }

    // Foot IK: the foot where the source's ankle is, the thigh and shin turned to reach it.
    for (int side = 0; side < 2; ++side) {
        const Retarget::FootIk& ik = r.footIk[side];
        if (ik.foot < 0) continue;
        const glm::quat turn = footTurns ? (*footTurns)[side] : heading;
        const glm::vec3 goal = placed(world[ik.sourceAnkle].translation) + turn * ik.offset;
        Transform& up = targetWorld[ik.upLeg];
        Transform& knee = targetWorld[ik.leg];
        const glm::vec3 ankle = knee.translation + knee.rotation * ik.shinTip;
        const glm::vec3 forward = heading * r.facing * glm::vec3(0, 0, 1);
        const TwoBoneIkResult solved = solveTwoBoneIk(up.translation, knee.translation, ankle, goal,
                                                      forward, ik.thigh, ik.shin);
        // The leg's subtree turns with it: mapped joints below keep their world rotations (the
        // source's), the others their local ones.
        const int first = ik.upLeg;
        const int n = tgt.jointCount();
        const auto follows = [&](int j) {
            return j != ik.leg && r.sourceOf[j] < 0 && isDescendant(tgt, j, first);
        };
        for (int j = n - 1; j > first; --j)
            if (follows(j))
                targetWorld[j].rotation =
                    glm::conjugate(targetWorld[tgt.parents[j]].rotation) * targetWorld[j].rotation;
        up.rotation = glm::normalize(solved.hipDelta * up.rotation);
        knee.rotation = glm::normalize(solved.kneeDelta * knee.rotation);
        for (int j = first + 1; j < n; ++j) {
            if (!isDescendant(tgt, j, first)) continue;
            const Transform& parent = targetWorld[tgt.parents[j]];
            if (follows(j))
                targetWorld[j].rotation = glm::normalize(parent.rotation * targetWorld[j].rotation);
            targetWorld[j].translation = parent.translation + parent.rotation * tgt.restOffsets[j];
        }
        // The foot (and what hangs below it) at the ankle the IK reached.
        Transform& foot = targetWorld[ik.foot];
        const glm::vec3 move = solved.ankle - foot.translation;
        for (int j = ik.foot; j < tgt.jointCount(); ++j)
            if (isDescendant(tgt, j, ik.foot)) targetWorld[j].translation += move;
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

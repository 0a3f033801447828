#include "core/io/ik_feet.h"

#include <algorithm>

#include "core/clip/humanoid_names.h"
#include <gaitspace/runtime/kinematics.h>
#include <gaitspace/runtime/leg_ik.h>

namespace gs {
namespace {

std::string quoted(const std::string& name) { return "'" + name + "'"; }

bool isAncestor(const std::vector<int>& parents, int ancestor, int j) {
    for (; j >= 0; j = parents[j])
        if (j == ancestor) return true;
    return false;
}

Transform inverse(const Transform& t) {
    const glm::quat r = glm::inverse(t.rotation);
    return {r, -(r * t.translation)};
}

// The joints of a hierarchy in depth-first order from joint 0, children in index order.
std::vector<int> depthFirst(const std::vector<int>& parents) {
    const int n = static_cast<int>(parents.size());
    std::vector<std::vector<int>> children(n);
    for (int j = 1; j < n; ++j) children[parents[j]].push_back(j);
    std::vector<int> order, stack{0};
    while (!stack.empty()) {
        const int j = stack.back();
        stack.pop_back();
        order.push_back(j);
        for (auto it = children[j].rbegin(); it != children[j].rend(); ++it) stack.push_back(*it);
    }
    return order;
}

// World transforms of frame `f` of `raw` (its own keys, position keys included).
void rawWorld(const RawMotion& raw, int f, std::vector<Transform>& world) {
    const Skeleton& s = raw.skeleton;
    const int n = s.jointCount();
    world.resize(n);
    for (int j = 0; j < n; ++j) {
        const size_t k = static_cast<size_t>(f) * n + j;
        const Transform local{raw.rotations[k], raw.translations[k]};
        world[j] = s.parents[j] < 0 ? local : world[s.parents[j]] * local;
    }
}

// The world transforms of a skeleton's rest pose.
std::vector<Transform> restWorld(const Skeleton& s) {
    std::vector<Transform> world(s.jointCount());
    for (int j = 0; j < s.jointCount(); ++j) {
        const Transform local{s.restRotations[j], s.restOffsets[j]};
        world[j] = s.parents[j] < 0 ? local : world[s.parents[j]] * local;
    }
    return world;
}

// Per side (left, right): the IK foot and its shin in the file's skeleton; -1 = none.
struct FileFeet {
    std::array<int, 2> foot{-1, -1}, shin{-1, -1};
};

FileFeet fileFeet(const Skeleton& s) {
    const HumanoidJoints roles = findHumanoidJoints(s);
    const HumanoidRole footRole[2] = {HumanoidRole::LeftFoot, HumanoidRole::RightFoot};
    const HumanoidRole shinRole[2] = {HumanoidRole::LeftLeg, HumanoidRole::RightLeg};
    FileFeet feet;
    for (int k = 0; k < 2; ++k) {
        const int foot = roles[footRole[k]], shin = roles[shinRole[k]];
        // Only a foot whose own subtree does not hold the shin can move below it.
        if (!roles.ikFoot[k] || foot <= 0 || shin <= 0 || isAncestor(s.parents, foot, shin))
            continue;
        feet.foot[k] = foot;
        feet.shin[k] = shin;
    }
    if (feet.foot[0] >= 0 && feet.foot[0] == feet.foot[1]) feet = {};
    return feet;
}

}  // namespace

IkFeet findIkFeet(const Skeleton& file) {
    IkFeet ik;
    const FileFeet feet = fileFeet(file);
    if (feet.foot[0] < 0 && feet.foot[1] < 0) return ik;

    std::vector<int> parents = file.parents;
    for (int k = 0; k < 2; ++k)
        if (feet.foot[k] >= 0) parents[feet.foot[k]] = feet.shin[k];
    ik.fileJoint = depthFirst(parents);
    std::vector<int> newIndex(file.jointCount(), -1);
    for (size_t i = 0; i < ik.fileJoint.size(); ++i)
        newIndex[ik.fileJoint[i]] = static_cast<int>(i);

    const std::vector<Transform> rest = restWorld(file);
    Skeleton& s = ik.skeleton;
    for (int old : ik.fileJoint) {
        s.names.push_back(file.names[old]);
        s.parents.push_back(parents[old] < 0 ? -1 : newIndex[parents[old]]);
        Transform local{file.restRotations[old], file.restOffsets[old]};
        if (parents[old] != file.parents[old]) local = inverse(rest[parents[old]]) * rest[old];
        s.restRotations.push_back(glm::normalize(local.rotation));
        s.restOffsets.push_back(local.translation);
        s.tipOffsets.push_back(file.tipOffsets[old]);
    }
    std::string feetNames, shinNames;
    for (int k = 0; k < 2; ++k) {
        if (feet.foot[k] < 0) continue;
        ik.foot[k] = newIndex[feet.foot[k]];
        feetNames += (feetNames.empty() ? "" : ", ") + quoted(file.names[feet.foot[k]]);
        shinNames += (shinNames.empty() ? "" : ", ") + quoted(file.names[feet.shin[k]]);
    }
    const bool both = ik.foot[0] >= 0 && ik.foot[1] >= 0;
    ik.description = std::string(both ? "IK feet " : "IK foot ") + feetNames + " read below " +
                     (both ? "their shins " : "its shin ") + shinNames;
    return ik;
}

RawMotion feetBelowShins(const RawMotion& raw, const IkFeet& ik) {
    const int n = ik.skeleton.jointCount();
    RawMotion out;
    out.name = raw.name;
    out.source = raw.source;
    out.fps = raw.fps;
    out.skeleton = ik.skeleton;
    out.positionKeyed.resize(n);
    for (int j = 0; j < n; ++j)
        out.positionKeyed[j] =
            raw.positionKeyed[ik.fileJoint[j]] || j == ik.foot[0] || j == ik.foot[1];
    const int frames = raw.frameCount();
    out.rotations.resize(static_cast<size_t>(frames) * n);
    out.translations.resize(static_cast<size_t>(frames) * n);
    std::vector<Transform> world;
    for (int f = 0; f < frames; ++f) {
        rawWorld(raw, f, world);
        for (int j = 0; j < n; ++j) {
            const int old = ik.fileJoint[j];
            const size_t from = static_cast<size_t>(f) * raw.skeleton.jointCount() + old;
            Transform local{raw.rotations[from], raw.translations[from]};
            if (j == ik.foot[0] || j == ik.foot[1])
                local = inverse(world[ik.fileJoint[ik.skeleton.parents[j]]]) * world[old];
            const size_t to = static_cast<size_t>(f) * n + j;
            out.rotations[to] = glm::normalize(local.rotation);
            out.translations[to] = local.translation;
        }
    }
    return out;
}

void reachFileAnkles(Clip& clip, const RawMotion& raw, const IkFeet& ik,
                     const CharacterRoot& root) {
    const std::vector<int>& parents = raw.skeleton.parents;
    std::vector<int> inClip(raw.skeleton.jointCount(), -1);  // as characterClip numbers them
    int next = 0;
    for (int j = root.joint; j < raw.skeleton.jointCount(); ++j)
        if (isAncestor(parents, root.joint, j)) inClip[j] = next++;

    struct Chain {
        int hip, knee, ankle, rawAnkle;
    };
    std::vector<Chain> chains;
    for (int foot : ik.foot) {
        if (foot < 0 || inClip[foot] < 0) continue;
        const int knee = parents[foot], hip = knee >= 0 ? parents[knee] : -1;
        if (hip < 0 || inClip[hip] <= 0) continue;  // the thigh must hang below the clip's root
        chains.push_back({inClip[hip], inClip[knee], inClip[foot], foot});
    }
    const Skeleton& s = clip.skeleton;
    TwoBoneIkSettings exact;
    exact.softness = 0.0f;  // the file's legs reach their feet: so must the clip's
    std::vector<Transform> fileWorld, world(s.jointCount());
    for (int f = 0; f < clip.frameCount(); ++f) {
        rawWorld(raw, f, fileWorld);
        for (const Chain& c : chains) {
            forwardKinematics(s, clip.frameRotations(f), clip.rootPositions[f], world);
            LegIkInput leg;
            leg.hip = world[c.hip].translation;
            leg.knee = world[c.knee].translation;
            leg.ankle = world[c.ankle].translation;
            leg.target = fileWorld[c.rawAnkle].translation;
            leg.bendHint = glm::vec3(0.0f);
            leg.thigh = glm::distance(leg.hip, leg.knee);
            leg.shin = glm::distance(leg.knee, leg.ankle);
            leg.parentRotation = world[s.parents[c.hip]].rotation;
            leg.hipRotation = world[c.hip].rotation;
            leg.kneeRotation = world[c.knee].rotation;
            leg.ankleRotation = world[c.ankle].rotation;
            if (glm::distance(leg.ankle, leg.target) <= 1e-6f * (leg.thigh + leg.shin)) continue;
            LegIkResult solved;
            solveLegIk(&leg, 1, &solved, exact);
            auto rot = clip.frameRotations(f);
            rot[c.hip] = solved.hipLocal;
            rot[c.knee] = solved.kneeLocal;
            rot[c.ankle] = solved.ankleLocal;
        }
    }
}

}  // namespace gs

#include "core/io/raw_motion.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/clip/clip_kinematics.h"
#include <gaitspace/runtime/ground_frame.h>
#include <gaitspace/runtime/legs.h>

namespace gs {
namespace {

std::string quoted(const std::string& name) { return "'" + name + "'"; }

std::string formatFloat(float v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

bool isAncestor(const Skeleton& s, int ancestor, int j) {
    for (; j >= 0; j = s.parents[j])
        if (j == ancestor) return true;
    return false;
}

int commonAncestor(const Skeleton& s, int a, int b) {
    for (int j = a; j >= 0; j = s.parents[j])
        if (isAncestor(s, j, b)) return j;
    return 0;
}

// A length against which "does not move" is judged: a ten-thousandth of the skeleton's bones.
float stillness(const Skeleton& s) {
    float sum = 0.0f;
    for (int j = 1; j < s.jointCount(); ++j) sum += glm::length(s.restOffsets[j]);
    return std::max(sum, 1e-6f) * 1e-4f;
}

// Where the legs branch when no feet are known by name: the first joint from the top with more
// than one child.
int firstBranch(const Skeleton& s) {
    const std::vector<int> children = s.childCounts();
    for (int j = 0; j < s.jointCount(); ++j)
        if (children[j] > 1) return j;
    return 0;
}

Transform localTransform(const RawMotion& raw, int frame, int joint) {
    const size_t k = static_cast<size_t>(frame) * raw.skeleton.jointCount() + joint;
    return {raw.rotations[k], raw.translations[k]};
}

struct LegJoints {
    int leftAnkle = -1, rightAnkle = -1, leftToe = -1, rightToe = -1, leftHip = -1, rightHip = -1;
    bool valid() const { return leftAnkle > 0 && rightAnkle > 0; }
};

LegJoints legJoints(const Skeleton& s) {
    LegJoints l;
    const FootJoints feet = findFootJoints(s);
    if (feet.leftAnkle < 0 || feet.rightAnkle < 0 || feet.leftAnkle == feet.rightAnkle) return l;
    l.leftAnkle = feet.leftAnkle;
    l.rightAnkle = feet.rightAnkle;
    l.leftToe = feet.leftToe >= 0 ? feet.leftToe : feet.leftAnkle;
    l.rightToe = feet.rightToe >= 0 ? feet.rightToe : feet.rightAnkle;
    const auto grand = [&](int j) { return s.parents[j] >= 0 ? s.parents[s.parents[j]] : -1; };
    l.leftHip = grand(l.leftAnkle);
    l.rightHip = grand(l.rightAnkle);
    return l;
}

const char* axisName(int axis, bool negative) {
    static const char* names[2][3] = {{"+X", "+Y", "+Z"}, {"-X", "-Y", "-Z"}};
    return names[negative ? 1 : 0][axis];
}

}  // namespace

int RawMotion::frameCount() const {
    return skeleton.jointCount() > 0 ? static_cast<int>(rotations.size() / skeleton.jointCount())
                                     : 0;
}

std::vector<float> positionRanges(const RawMotion& raw) {
    const int joints = raw.skeleton.jointCount();
    std::vector<float> range(joints, 0.0f);
    for (int j = 0; j < joints; ++j) {
        if (!raw.positionKeyed[j]) continue;
        const glm::vec3 first = raw.translations[j];
        for (int f = 1; f < raw.frameCount(); ++f)
            range[j] = std::max(
                range[j],
                glm::distance(raw.translations[static_cast<size_t>(f) * joints + j], first));
    }
    return range;
}

CharacterRoot findCharacterRoot(const Skeleton& s, std::span<const float> positionRange) {
    const float still = stillness(s);
    const auto moves = [&](int j) {
        return j < static_cast<int>(positionRange.size()) && positionRange[j] > still;
    };

    CharacterRoot root;
    const LegJoints legs = legJoints(s);
    const int branch =
        legs.valid() ? commonAncestor(s, legs.leftAnkle, legs.rightAnkle) : firstBranch(s);
    root.joint = branch;
    if (!moves(branch))
        for (int a = s.parents[branch]; a >= 0; a = s.parents[a])
            if (moves(a)) {
                root.joint = a;
                break;
            }
    for (int a = s.parents[root.joint]; a >= 0; a = s.parents[a])
        root.folded.insert(root.folded.begin(), a);
    for (int j = 0; j < s.jointCount(); ++j)
        if (!isAncestor(s, root.joint, j) && !isAncestor(s, j, root.joint))
            root.leftOut.push_back(j);

    const std::string name = quoted(s.names[root.joint]);
    if (!moves(root.joint) && std::none_of(root.folded.begin(), root.folded.end(), moves)) {
        root.description = "root " + name + ", in place (no joint's position moves)";
    } else if (root.folded.empty()) {
        root.description = "root motion from " + name;
    } else {
        std::vector<std::string> still_, moving;
        for (int a : root.folded) (moves(a) ? moving : still_).push_back(quoted(s.names[a]));
        const auto join = [](const std::vector<std::string>& v) {
            std::string out;
            for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + v[i];
            return out;
        };
        root.description = "root motion from " + name + " (";
        if (!still_.empty())
            root.description += join(still_) + (still_.size() > 1 ? " are" : " is") + " static";
        if (!still_.empty() && !moving.empty()) root.description += "; ";
        if (!moving.empty())
            root.description += join(moving) + (moving.size() > 1 ? " move" : " moves") + " and" +
                                (moving.size() > 1 ? " are" : " is") + " folded in";
        root.description += ")";
    }
    return root;
}

Clip characterClip(const RawMotion& raw, const CharacterRoot& root,
                   std::vector<std::string>& warnings) {
    const Skeleton& s = raw.skeleton;
    const int r = root.joint;
    std::vector<int> members;  // the root's subtree, in file order (depth-first keeps it so)
    for (int j = r; j < s.jointCount(); ++j)
        if (isAncestor(s, r, j)) members.push_back(j);
    std::vector<int> newIndex(s.jointCount(), -1);
    for (size_t k = 0; k < members.size(); ++k) newIndex[members[k]] = static_cast<int>(k);

    Clip clip;
    clip.name = raw.name;
    clip.source = raw.source;
    clip.fps = raw.fps;
    Skeleton& out = clip.skeleton;
    const float still = stillness(s);
    std::vector<std::string> wandering;
    for (int j : members) {
        out.names.push_back(s.names[j]);
        out.parents.push_back(j == r ? -1 : newIndex[s.parents[j]]);
        out.restRotations.push_back(s.restRotations[j]);
        out.tipOffsets.push_back(s.tipOffsets[j]);
        glm::vec3 offset = s.restOffsets[j];
        if (j != r && raw.positionKeyed[j]) {
            // The position channels replace the OFFSET; only their mean can be kept.
            glm::dvec3 sum(0.0);
            for (int f = 0; f < raw.frameCount(); ++f)
                sum += glm::dvec3(raw.translations[static_cast<size_t>(f) * s.jointCount() + j]);
            offset = glm::vec3(sum / static_cast<double>(std::max(1, raw.frameCount())));
            float deviation = 0.0f;
            for (int f = 0; f < raw.frameCount(); ++f)
                deviation = std::max(
                    deviation,
                    glm::distance(raw.translations[static_cast<size_t>(f) * s.jointCount() + j],
                                  offset));
            if (deviation > std::max(100.0f * still, 0.01f * glm::length(offset)))
                wandering.push_back(quoted(s.names[j]) + " (" + formatFloat(deviation, 2) + ")");
        }
        out.restOffsets.push_back(offset);
    }
    // The root's rest transform with its ancestors folded in.
    Transform rest;
    for (int a : root.folded) rest = rest * Transform{s.restRotations[a], s.restOffsets[a]};
    rest = rest * Transform{s.restRotations[r], s.restOffsets[r]};
    out.restRotations[0] = rest.rotation;
    out.restOffsets[0] = rest.translation;

    const int joints = static_cast<int>(members.size());
    clip.resize(raw.frameCount());
    for (int f = 0; f < raw.frameCount(); ++f) {
        Transform world;
        for (int a : root.folded) world = world * localTransform(raw, f, a);
        world = world * localTransform(raw, f, r);
        auto rot = clip.frameRotations(f);
        rot[0] = glm::normalize(world.rotation);
        for (int k = 1; k < joints; ++k)
            rot[k] = raw.rotations[static_cast<size_t>(f) * s.jointCount() + members[k]];
        clip.rootPositions[f] = world.translation;
    }

    if (!root.leftOut.empty()) {
        std::string names;
        for (size_t i = 0; i < root.leftOut.size() && i < 4; ++i)
            names += (i ? ", " : "") + quoted(s.names[root.leftOut[i]]);
        if (root.leftOut.size() > 4)
            names += " and " + std::to_string(root.leftOut.size() - 4) + " more";
        warnings.push_back(std::to_string(root.leftOut.size()) + " joint" +
                           (root.leftOut.size() > 1 ? "s" : "") + " outside the character's root " +
                           quoted(s.names[r]) + " left out: " + names);
    }
    if (!wandering.empty()) {
        std::string names;
        for (size_t i = 0; i < wandering.size() && i < 4; ++i)
            names += (i ? ", " : "") + wandering[i];
        if (wandering.size() > 4) names += " and " + std::to_string(wandering.size() - 4) + " more";
        warnings.push_back(
            "position channels that move on joints below the root keep only their mean "
            "(largest deviation in file units): " +
            names);
    }
    return clip;
}

MotionAxis upAxisFromMotion(const Clip& clip) {
    MotionAxis result;
    const LegJoints legs = legJoints(clip.skeleton);
    if (!legs.valid() || clip.frameCount() == 0) {
        result.description = "up axis +Y (no feet found to read it from the motion)";
        return result;
    }
    const std::vector<glm::vec3> p = clipJointPositions(clip);
    const int J = clip.jointCount();
    glm::dvec3 sum(0.0);
    for (int f = 0; f < clip.frameCount(); ++f) {
        const glm::vec3* q = p.data() + static_cast<size_t>(f) * J;
        glm::dvec3 centroid(0.0);
        for (int j = 0; j < J; ++j) centroid += glm::dvec3(q[j]);
        centroid /= static_cast<double>(J);
        sum += centroid - 0.5 * glm::dvec3(q[legs.leftAnkle] + q[legs.rightAnkle]);
    }
    int axis = 1;
    for (int a = 0; a < 3; ++a)
        if (std::abs(sum[a]) > std::abs(sum[axis])) axis = a;
    const bool negative = sum[axis] < 0.0;
    if (axis == 1 && !negative) {
        result.description = "up axis +Y";
        return result;
    }
    constexpr float quarter = 1.57079632679f;
    glm::quat q(1, 0, 0, 0);
    if (axis == 2)
        q = glm::angleAxis(negative ? quarter : -quarter, glm::vec3(1, 0, 0));
    else if (axis == 0)
        q = glm::angleAxis(negative ? -quarter : quarter, glm::vec3(0, 0, 1));
    else
        q = glm::angleAxis(2.0f * quarter, glm::vec3(1, 0, 0));
    result.rotation = q;
    result.changed = true;
    result.description =
        std::string("up axis ") + axisName(axis, negative) + " in the motion, turned to +Y";
    return result;
}

void rotateMotion(Clip& clip, const glm::quat& rotation) {
    for (int f = 0; f < clip.frameCount(); ++f) {
        auto rot = clip.frameRotations(f);
        rot[0] = glm::normalize(rotation * rot[0]);
        clip.rootPositions[f] = rotation * clip.rootPositions[f];
    }
    clip.skeleton.restRotations[0] = glm::normalize(rotation * clip.skeleton.restRotations[0]);
    clip.skeleton.restOffsets[0] = rotation * clip.skeleton.restOffsets[0];
}

MotionAxis facingFromMotion(const Clip& clip) {
    MotionAxis result;
    const LegJoints legs = legJoints(clip.skeleton);
    if (!legs.valid() || legs.leftHip < 0 || legs.rightHip < 0 || legs.leftHip == legs.rightHip) {
        result.description = "facing from the root's +Z (no hips found to read it from the motion)";
        return result;
    }
    const std::vector<glm::vec3> p = clipJointPositions(clip);
    const int J = clip.jointCount();
    glm::vec3 forward(0.0f), up(0.0f);
    for (int f = 0; f < clip.frameCount(); ++f) {
        const glm::vec3 across = p[static_cast<size_t>(f) * J + legs.leftHip] -
                                 p[static_cast<size_t>(f) * J + legs.rightHip];
        const glm::vec3 ahead(-across.z, 0.0f, across.x);  // across x up: +X left -> +Z forward
        const float length = glm::length(ahead);
        if (!(length > 1e-9f)) continue;
        const glm::quat inverseRoot = glm::inverse(clip.frameRotations(f)[0]);
        forward += inverseRoot * (ahead / length);
        up += inverseRoot * glm::vec3(0.0f, 1.0f, 0.0f);
    }
    if (!(glm::length(forward) > 1e-6f) || !(glm::length(up) > 1e-6f)) {
        result.description = "facing from the root's +Z (the hips never span a direction)";
        return result;
    }
    forward = glm::normalize(forward);
    const glm::vec3 restForward = glm::inverse(clip.skeleton.restRotations[0]) * glm::vec3(0, 0, 1);
    const float angle =
        glm::degrees(std::acos(std::clamp(glm::dot(forward, restForward), -1.0f, 1.0f)));
    if (angle <= kFacingToleranceDeg) {
        result.description = "facing from the root's +Z (the motion agrees within " +
                             formatFloat(angle, 0) + " deg)";
        return result;
    }
    up = glm::normalize(up - glm::dot(up, forward) * forward);
    const glm::vec3 side = glm::cross(up, forward);
    result.rotation = glm::normalize(glm::quat_cast(glm::mat3(side, up, forward)));
    result.changed = true;
    result.description = "facing from the motion (the root's rest frame was " +
                         formatFloat(angle, 0) + " deg off the pelvis' forward)";
    return result;
}

void turnRootFrame(Clip& clip, const glm::quat& local) {
    const glm::quat inverse = glm::inverse(local);
    Skeleton& s = clip.skeleton;
    std::vector<int> children;
    for (int j = 1; j < s.jointCount(); ++j)
        if (s.parents[j] == 0) children.push_back(j);
    for (int f = 0; f < clip.frameCount(); ++f) {
        auto rot = clip.frameRotations(f);
        rot[0] = glm::normalize(rot[0] * local);
        for (int c : children) rot[c] = glm::normalize(inverse * rot[c]);
    }
    for (int c : children) {
        s.restOffsets[c] = inverse * s.restOffsets[c];
        s.restRotations[c] = glm::normalize(inverse * s.restRotations[c]);
    }
    s.tipOffsets[0] = inverse * s.tipOffsets[0];
    s.restRotations[0] = glm::quat(1, 0, 0, 0);
}

std::optional<UnitReport> unitsFromMotion(const Clip& clip) {
    const RootFigures figures = rootFigures(clip);
    if (!figures.hasFeet || !(figures.hipHeight > 0.0f)) return std::nullopt;
    // A person's hip stands 0.5-1.3 m above the floor; the bounds lie between the units.
    struct Range {
        float lo, hi, scale;
        const char* unit;
    };
    static const Range ranges[] = {
        {0.2f, 3.8f, 1.0f, "metres"},
        {3.8f, 23.7f, 0.0254f / 0.45f, "CMU ASF units (1/0.45 inch)"},
        {23.7f, 56.0f, 0.0254f, "inches"},
        {56.0f, 285.0f, 0.01f, "centimetres"},
        {285.0f, 2850.0f, 0.001f, "millimetres"},
    };
    for (const Range& range : ranges) {
        if (figures.hipHeight >= range.lo && figures.hipHeight < range.hi) {
            UnitReport u;
            u.scale = range.scale;
            u.unit = range.unit;
            u.detected = true;
            u.reason = "detected from a hip height of " + formatFloat(figures.hipHeight, 1) +
                       " file units above the floor in the motion; set a unit scale to override";
            return u;
        }
    }
    return std::nullopt;
}

}  // namespace gs

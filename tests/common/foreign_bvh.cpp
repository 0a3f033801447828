#include "common/foreign_bvh.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace gs::test {
namespace {

int axisIndex(char c) { return c == 'X' ? 0 : c == 'Y' ? 1 : 2; }

// Angles (degrees) a, b, c with R = R_i(a) R_j(b) R_k(c) for the order "ijk" (three distinct axes).
// (The middle axis must stay clear of +-90 degrees: a Z-up root written ZXY or YXZ is not exact.)
glm::vec3 eulerDegrees(const glm::quat& q, const std::string& order) {
    const glm::dmat3 m = glm::mat3_cast(glm::normalize(glm::dquat(q)));
    const auto M = [&](int r, int c) { return m[c][r]; };  // row r, column c
    const int i = axisIndex(order[0]), j = axisIndex(order[1]), k = axisIndex(order[2]);
    const double s = ((j - i + 3) % 3 == 1) ? 1.0 : -1.0;  // even permutation of XYZ
    const double b = std::asin(std::clamp(s * M(i, k), -1.0, 1.0));
    const double a = std::atan2(-s * M(j, k), M(k, k));
    const double c = std::atan2(-s * M(i, j), M(i, i));
    return glm::vec3(glm::degrees(glm::dvec3(a, b, c)));
}

std::string number(float v) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.6f", v);
    return buf;
}

struct Writer {
    const Clip& clip;
    const ForeignShape& shape;
    std::vector<std::vector<int>> children;
    std::vector<int> order;          // joints in the order the file lists them
    std::vector<glm::vec3> offsets;  // per clip joint, as written (file units)
    std::string text;
    std::string nl;

    std::string name(int j) const {
        const auto it = shape.rename.find(clip.skeleton.names[j]);
        return it == shape.rename.end() ? clip.skeleton.names[j] : it->second;
    }
    std::string channels(bool positions) const {
        std::string c = positions ? "CHANNELS 6 Xposition Yposition Zposition" : "CHANNELS 3";
        for (char a : shape.rotationOrder) c += std::string(" ") + a + "rotation";
        return c;
    }
    void joint(int j, int depth) {
        const std::string pad(static_cast<size_t>(depth) * 2, ' ');
        order.push_back(j);
        const glm::vec3 o = offsets[j];
        text += pad + "OFFSET " + number(o.x) + " " + number(o.y) + " " + number(o.z) + nl;
        text += pad + channels(j == 0 || shape.sixChannels) + nl;
        std::vector<int> kids = children[j];
        if (shape.reverseChildren) std::reverse(kids.begin(), kids.end());
        for (int c : kids) {
            text += pad + "JOINT " + name(c) + nl + pad + "{" + nl;
            joint(c, depth + 1);
            text += pad + "}" + nl;
        }
        if (kids.empty()) {
            glm::vec3 tip = clip.skeleton.tipOffsets[j] * shape.unitsPerMetre;
            if (glm::length(tip) == 0.0f) tip = glm::vec3(0.0f, 0.05f, 0.0f) * shape.unitsPerMetre;
            text += pad + "End Site" + nl + pad + "{" + nl + pad + "  OFFSET " + number(tip.x) +
                    " " + number(tip.y) + " " + number(tip.z) + nl + pad + "}" + nl;
        }
    }
};

}  // namespace

std::string foreignBvh(const Clip& clip, const ForeignShape& shape) {
    const Skeleton& s = clip.skeleton;
    const int J = s.jointCount();
    const float u = shape.unitsPerMetre;
    const glm::quat world =
        shape.zUp ? glm::angleAxis(glm::radians(90.0f), glm::vec3(1, 0, 0)) : glm::quat(1, 0, 0, 0);
    const glm::quat frame =
        glm::angleAxis(glm::radians(shape.pelvisFrameYawDeg), glm::vec3(0, 1, 0));
    const glm::quat unframe = glm::inverse(frame);
    const auto floorOf = [&](glm::vec3 p) {  // the point on the floor below p, in the file's world
        (shape.zUp ? p.z : p.y) = 0.0f;
        return p;
    };

    Writer w{clip,
             shape,
             std::vector<std::vector<int>>(J),
             {},
             std::vector<glm::vec3>(J),
             {},
             shape.crlf ? "\r\n" : "\n"};
    for (int j = 1; j < J; ++j) w.children[s.parents[j]].push_back(j);
    for (int j = 1; j < J; ++j)
        w.offsets[j] = (s.parents[j] == 0 ? unframe * s.restOffsets[j] : s.restOffsets[j]) * u;
    const glm::vec3 start = world * clip.rootPositions.front() * u;
    const glm::vec3 ground0 = shape.groundCarriesTravel ? floorOf(start) : glm::vec3(0.0f);
    w.offsets[0] = shape.pelvisOffsetAtStart ? start - ground0 : glm::vec3(0.0f);

    w.text = "HIERARCHY" + w.nl;
    const bool ground = !shape.groundRoot.empty();
    if (ground) {
        w.text += "ROOT " + shape.groundRoot + w.nl + "{" + w.nl + "  OFFSET 0.0 0.0 0.0" + w.nl +
                  "  " + w.channels(true) + w.nl;
        w.text += "  JOINT " + w.name(0) + w.nl + "  {" + w.nl;
        w.joint(0, 2);
        w.text += "  }" + w.nl + "}" + w.nl;
    } else {
        w.text += "ROOT " + w.name(0) + w.nl + "{" + w.nl;
        w.joint(0, 1);
        w.text += "}" + w.nl;
    }
    w.text += "MOTION" + w.nl + "Frames: " + std::to_string(clip.frameCount()) + w.nl;
    w.text += "Frame Time: " + number(1.0f / clip.fps) + w.nl;
    for (int f = 0; f < clip.frameCount(); ++f) {
        const auto rot = clip.frameRotations(f);
        const glm::vec3 pelvis = world * clip.rootPositions[f] * u;
        const glm::vec3 g = shape.groundCarriesTravel ? floorOf(pelvis) : glm::vec3(0.0f);
        std::vector<std::string> values;
        const auto add = [&](glm::vec3 v) {
            values.push_back(number(v.x));
            values.push_back(number(v.y));
            values.push_back(number(v.z));
        };
        if (ground) {
            add(g);
            add(glm::vec3(0.0f));
        }
        for (int j : w.order) {
            glm::quat r = rot[j];
            if (j == 0)
                r = world * r * frame;
            else if (s.parents[j] == 0)
                r = unframe * r;
            if (j == 0)
                add(pelvis - g);
            else if (shape.sixChannels)
                add(w.offsets[j]);
            add(eulerDegrees(r, shape.rotationOrder));
        }
        std::string line;
        for (size_t i = 0; i < values.size(); ++i) line += (i ? " " : "") + values[i];
        w.text += line;
        if (f + 1 < clip.frameCount() || shape.finalNewline) w.text += w.nl;
    }
    return w.text;
}

}  // namespace gs::test

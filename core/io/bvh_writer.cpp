#include "core/io/bvh_writer.h"

#define GLM_ENABLE_EXPERIMENTAL
#include <glm/gtx/euler_angles.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace gs {
namespace {

void writeVec(std::ostream& out, const glm::vec3& v, float s) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "%.6f %.6f %.6f", v.x * s, v.y * s, v.z * s);
    out << buf;
}

void writeJoint(std::ostream& out, const Skeleton& sk, int j, int depth, float s) {
    const std::string pad(depth, '\t');
    out << pad << (j == 0 ? "ROOT " : "JOINT ") << sk.names[j] << "\n" << pad << "{\n";
    out << pad << "\tOFFSET ";
    writeVec(out, j == 0 ? glm::vec3(0.0f) : sk.restOffsets[j], s);
    out << "\n"
        << pad << "\tCHANNELS "
        << (j == 0 ? "6 Xposition Yposition Zposition Zrotation Xrotation Yrotation"
                   : "3 Zrotation Xrotation Yrotation")
        << "\n";
    bool hasChild = false;
    for (int c = j + 1; c < sk.jointCount(); ++c) {
        if (sk.parents[c] == j) {
            hasChild = true;
            writeJoint(out, sk, c, depth + 1, s);
        }
    }
    if (!hasChild) {
        out << pad << "\tEnd Site\n" << pad << "\t{\n" << pad << "\t\tOFFSET ";
        writeVec(out, sk.tipOffsets[j], s);
        out << "\n" << pad << "\t}\n";
    }
    out << pad << "}\n";
}

void writeRotation(std::ostream& out, const glm::quat& q) {
    float z = 0, x = 0, y = 0;
    glm::extractEulerAngleZXY(glm::mat4_cast(q), z, x, y);
    char buf[128];
    std::snprintf(buf, sizeof buf, " %.6f %.6f %.6f", glm::degrees(z), glm::degrees(x),
                  glm::degrees(y));
    out << buf;
}

}  // namespace

Status writeBvh(const Clip& clip, const std::string& path, const BvhWriteSettings& settings) {
    if (Status s = clip.validate(); !s) return s;
    std::ostringstream out;
    out << "HIERARCHY\n";
    writeJoint(out, clip.skeleton, 0, 0, settings.unitsPerMetre);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.8f", 1.0 / clip.fps);
    out << "MOTION\nFrames:\t" << clip.frameCount() << "\nFrame Time:\t" << buf << "\n";
    for (int f = 0; f < clip.frameCount(); ++f) {
        writeVec(out, clip.rootPositions[f], settings.unitsPerMetre);
        for (const glm::quat& q : clip.frameRotations(f)) writeRotation(out, q);
        out << "\n";
    }
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file) return Status::error("cannot open for writing");
    file << out.str();
    file.close();
    if (!file) return Status::error("write failed (disk full?)");
    return Status::ok();
}

}  // namespace gs

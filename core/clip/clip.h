#pragma once
// Pose and Clip: local joint rotations plus the root translation, one pose per frame.
//
// A Clip owns its skeleton (a few dozen joints: copying is cheap and keeps every job's inputs
// self-contained). rotations holds frameCount() x jointCount() unit quaternions, frame-major.

#include <span>
#include <string>
#include <vector>

#include <gaitspace/runtime/skeleton.h>

namespace gs {

// One pose of a skeleton: local rotations of every joint and the root's translation (metres).
struct Pose {
    std::vector<glm::quat> rotations;
    glm::vec3 rootPosition{0.0f};
};

struct Clip {
    std::string name;    // animation name, or the file's base name
    std::string source;  // the file it came from
    float fps = 30.0f;   // frames per second, > 0
    Skeleton skeleton;
    std::vector<glm::quat> rotations;      // frameCount x jointCount local rotations
    std::vector<glm::vec3> rootPositions;  // frameCount root translations, metres

    int jointCount() const { return skeleton.jointCount(); }
    int frameCount() const { return static_cast<int>(rootPositions.size()); }
    float duration() const { return frameCount() > 1 ? (frameCount() - 1) / fps : 0.0f; }
    bool isEmpty() const { return rootPositions.empty(); }

    std::span<const glm::quat> frameRotations(int frame) const {
        return {rotations.data() + static_cast<size_t>(frame) * jointCount(),
                static_cast<size_t>(jointCount())};
    }
    std::span<glm::quat> frameRotations(int frame) {
        return {rotations.data() + static_cast<size_t>(frame) * jointCount(),
                static_cast<size_t>(jointCount())};
    }
    Pose pose(int frame) const;
    void resize(int frames);
    void appendPose(const Pose& pose);

    // Checks the skeleton, array sizes, fps and that every value is finite.
    Status validate() const;
    // Uniformly scales skeleton offsets and root positions (unit conversion).
    void scale(float factor);
};

// The frames [in, out] of a clip (inclusive, clamped to the clip).
Expected<Clip> trimClip(const Clip& clip, int in, int out);

// The clip resampled to another frame rate: root positions lerped, rotations slerped.
Expected<Clip> resampleClip(const Clip& clip, float fps);

// Pose at a fractional frame (slerp between neighbours), clamped to the clip.
void samplePose(const Clip& clip, float frame, std::span<glm::quat> rotations,
                glm::vec3& rootPosition);

}  // namespace gs

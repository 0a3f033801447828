#include "core/clip/clip.h"

#include <algorithm>
#include <cmath>

#include "core/authoring_limits.h"

namespace gs {
namespace {

bool isFinite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}
bool isFinite(const glm::quat& q) {
    return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}

}  // namespace

Pose Clip::pose(int frame) const {
    Pose p;
    auto r = frameRotations(frame);
    p.rotations.assign(r.begin(), r.end());
    p.rootPosition = rootPositions[frame];
    return p;
}

void Clip::resize(int frames) {
    rotations.resize(static_cast<size_t>(frames) * jointCount(), glm::quat(1, 0, 0, 0));
    rootPositions.resize(frames, glm::vec3(0.0f));
}

void Clip::appendPose(const Pose& p) {
    rotations.insert(rotations.end(), p.rotations.begin(), p.rotations.end());
    rootPositions.push_back(p.rootPosition);
}

Status Clip::validate() const {
    if (Status s = skeleton.validate(); !s) return s;
    if (!(fps > 0.0f) || !std::isfinite(fps)) return Status::error("frame rate must be positive");
    if (rootPositions.empty()) return Status::error("clip has no frames");
    if (rotations.size() != rootPositions.size() * static_cast<size_t>(jointCount()))
        return Status::error("rotation count does not match frames x joints");
    for (int f = 0; f < frameCount(); ++f) {
        if (!isFinite(rootPositions[f]))
            return Status::error("frame " + std::to_string(f) + " has a non-finite root position");
        auto r = frameRotations(f);
        for (int j = 0; j < jointCount(); ++j)
            if (!isFinite(r[j]))
                return Status::error("frame " + std::to_string(f) + ", joint '" +
                                     skeleton.names[j] + "' has a non-finite rotation");
    }
    return Status::ok();
}

void Clip::scale(float factor) {
    skeleton.scale(factor);
    for (auto& p : rootPositions) p *= factor;
}

Expected<Clip> trimClip(const Clip& clip, int in, int out) {
    if (clip.isEmpty()) return Status::error("cannot trim an empty clip");
    in = std::clamp(in, 0, clip.frameCount() - 1);
    out = std::clamp(out, 0, clip.frameCount() - 1);
    if (out < in)
        return Status::error("trim out point " + std::to_string(out) + " is before the in point " +
                             std::to_string(in));
    Clip result = clip;
    const size_t j = static_cast<size_t>(clip.jointCount());
    result.rotations.assign(clip.rotations.begin() + in * j,
                            clip.rotations.begin() + (out + 1) * j);
    result.rootPositions.assign(clip.rootPositions.begin() + in,
                                clip.rootPositions.begin() + out + 1);
    return result;
}

void samplePose(const Clip& clip, float frame, std::span<glm::quat> rotations,
                glm::vec3& rootPosition) {
    const int last = clip.frameCount() - 1;
    frame = std::clamp(frame, 0.0f, static_cast<float>(last));
    const int f0 = std::min(static_cast<int>(frame), last);
    const int f1 = std::min(f0 + 1, last);
    const float t = frame - static_cast<float>(f0);
    auto a = clip.frameRotations(f0);
    auto b = clip.frameRotations(f1);
    for (int j = 0; j < clip.jointCount(); ++j) rotations[j] = glm::slerp(a[j], b[j], t);
    rootPosition = glm::mix(clip.rootPositions[f0], clip.rootPositions[f1], t);
}

Expected<Clip> resampleClip(const Clip& clip, float fps) {
    if (!(fps >= limits::kMinWorkingFps && fps <= 1.0 / limits::kMinFrameTime))
        return Status::error("resample rate " + std::to_string(fps) + " fps is outside [1, 1000]");
    if (clip.isEmpty()) return Status::error("cannot resample an empty clip");
    if (!(clip.fps > 0.0f) || !std::isfinite(clip.fps))
        return Status::error("cannot resample a clip without a positive frame rate");
    // Counted in double and bounded before anything is allocated.
    const double count =
        std::floor(static_cast<double>(clip.frameCount() - 1) / clip.fps * fps + 1e-4) + 1.0;
    if (!(count <= limits::kMaxFrames) ||
        count * clip.jointCount() > static_cast<double>(limits::kMaxClipSamples))
        return Status::error("resampling to " + std::to_string(fps) + " fps would make " +
                             std::to_string(static_cast<long long>(std::min(count, 1e18))) +
                             " frames, above the limit of " + std::to_string(limits::kMaxFrames) +
                             " frames or " + std::to_string(limits::kMaxClipSamples) +
                             " joint samples");
    Clip result = clip;
    result.fps = fps;
    const int frames = static_cast<int>(count);
    result.resize(0);
    result.resize(frames);
    for (int f = 0; f < frames; ++f) {
        const float src = static_cast<float>(f) * clip.fps / fps;
        samplePose(clip, src, result.frameRotations(f), result.rootPositions[f]);
    }
    return result;
}

}  // namespace gs

#include "core/clip/root_from_feet.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/clip/clip_kinematics.h"
#include "core/clip/humanoid_names.h"

namespace gs {

const char* rootMotionModeName(RootMotionMode mode) {
    switch (mode) {
        case RootMotionMode::File:
            return "file";
        case RootMotionMode::Feet:
            return "feet";
        case RootMotionMode::Auto:
            break;
    }
    return "auto";
}

std::optional<RootMotionMode> parseRootMotionMode(std::string_view name) {
    for (RootMotionMode m : {RootMotionMode::Auto, RootMotionMode::File, RootMotionMode::Feet})
        if (name == rootMotionModeName(m)) return m;
    return std::nullopt;
}

Status RootFromFeetSettings::validate() const {
    if (!(flatHeight > 0.0f && flatHeight <= 0.1f))
        return Status::error("the flat height must be in (0, 0.1] m");
    if (!(toelessFlatHeight > 0.0f && toelessFlatHeight <= 0.1f))
        return Status::error("the flat height of a foot without a toe must be in (0, 0.1] m");
    if (!(sideBlend > 0.0f && sideBlend <= 0.05f))
        return Status::error("the side blend must be in (0, 0.05] m");
    return Status::ok();
}

namespace {

// The joints that touch the ground: per side (0 left, 1 right) the ankle and the toe (the ankle
// again when the foot has no toe joint).
struct FootPair {
    int ankle = -1, toe = -1;
};
using Feet = std::array<FootPair, 2>;

std::optional<Feet> findFeet(const Skeleton& skeleton) {
    const HumanoidJoints roles = findHumanoidJoints(skeleton);
    Feet feet{FootPair{roles[HumanoidRole::LeftFoot], roles[HumanoidRole::LeftToe]},
              FootPair{roles[HumanoidRole::RightFoot], roles[HumanoidRole::RightToe]}};
    if (feet[0].ankle <= 0 || feet[1].ankle <= 0 || feet[0].ankle == feet[1].ankle)
        return std::nullopt;
    for (FootPair& f : feet)
        if (f.toe < 0) f.toe = f.ankle;
    return feet;
}

float lowPercentile(std::vector<float> v, float p) {
    const size_t k =
        std::min(v.size() - 1, static_cast<size_t>(p * static_cast<float>(v.size() - 1) + 0.5f));
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
    return v[k];
}

// The two joints of each foot that touch the floor, per frame: the ankle and the toe; and the
// lowest height of each over the clip (5th percentile, so that a glitch frame does not set it).
struct ContactTracks {
    std::array<std::array<std::vector<glm::vec3>, 2>, 2> points;  // [side][ankle, toe][frame]
    std::array<std::array<float, 2>, 2> floor{};                  // [side][ankle, toe]
};

ContactTracks contactTracks(const Clip& clip, const Feet& feet) {
    const int joints = clip.jointCount(), frames = clip.frameCount();
    const std::vector<glm::vec3> world = clipJointPositions(clip);
    ContactTracks tracks;
    for (int s = 0; s < 2; ++s) {
        const std::array<int, 2> pair{feet[s].ankle, feet[s].toe};
        for (int i = 0; i < 2; ++i) {
            std::vector<glm::vec3>& points = tracks.points[s][i];
            points.resize(static_cast<size_t>(frames));
            std::vector<float> heights(static_cast<size_t>(frames));
            for (int f = 0; f < frames; ++f) {
                points[f] = world[static_cast<size_t>(f) * joints + pair[i]];
                heights[f] = points[f].y;
            }
            tracks.floor[s][i] = lowPercentile(std::move(heights), 0.05f);
        }
    }
    return tracks;
}

// How flat a side's foot is between frames f and f + 1 (the higher of its ankle and toe above their
// own floors; a foot without a toe counted at flatHeight / toelessFlatHeight of its ankle's, so
// that one threshold serves both) and its ground displacement there (the mean of the two joints').
struct SideStep {
    float height = 0.0f;
    glm::vec2 displacement{0.0f};
};

SideStep sideStep(const ContactTracks& tracks, int side, int f, float heightScale) {
    SideStep step;
    for (int i = 0; i < 2; ++i) {
        const glm::vec3 a = tracks.points[side][i][f], b = tracks.points[side][i][f + 1];
        step.height = std::max(step.height, 0.5f * (a.y + b.y) - tracks.floor[side][i]);
        step.displacement += 0.5f * glm::vec2(b.x - a.x, b.z - a.z);
    }
    step.height *= heightScale;
    return step;
}

// Per step between frames: the root's ground velocity (metres per frame) where a foot is flat.
struct Steps {
    std::vector<glm::vec2> velocity;  // frameCount - 1
    std::vector<bool> supported;      // frameCount - 1
    std::vector<std::uint8_t> planted;
};

// A foot is surely still only while it is flat: as the heel lands the ankle swings down around
// the heel, as it lifts the toe joint rolls forward, and a swing foot passes a centimetre or two
// over the floor. So only the steps where a foot lies flat are measured, the flatter side
// carrying the step and the other only while it is within millimetres of as flat (double
// support).
Steps flatFootSteps(const Clip& clip, const Feet& feet, const RootFromFeetSettings& settings) {
    const ContactTracks tracks = contactTracks(clip, feet);
    const int n = clip.frameCount();
    Steps steps;
    steps.velocity.assign(static_cast<size_t>(n - 1), glm::vec2(0.0f));
    steps.supported.assign(static_cast<size_t>(n - 1), false);
    steps.planted.assign(static_cast<size_t>(n), 0);
    std::array<float, 2> scale{1.0f, 1.0f};
    for (int s = 0; s < 2; ++s)
        if (feet[s].toe == feet[s].ankle)
            scale[s] = settings.flatHeight / settings.toelessFlatHeight;
    for (int f = 0; f + 1 < n; ++f) {
        const std::array<SideStep, 2> side{sideStep(tracks, 0, f, scale[0]),
                                           sideStep(tracks, 1, f, scale[1])};
        const float lowest = std::min(side[0].height, side[1].height);
        if (lowest >= settings.flatHeight) continue;
        float total = 0.0f;
        glm::vec2 sum(0.0f);
        for (int s = 0; s < 2; ++s) {
            const float w = std::exp(-(side[s].height - lowest) / settings.sideBlend);
            total += w;
            sum += w * side[s].displacement;
            if (side[s].height < settings.flatHeight)
                steps.planted[f] |= s == 0 ? kLeftPlanted : kRightPlanted;
        }
        steps.supported[f] = true;
        steps.velocity[f] = -sum / total;
    }
    steps.planted[n - 1] = steps.planted[n - 2];
    return steps;
}

// Steps with no foot flat take the velocity blended linearly between the measured steps around
// them (the nearest one's before the first and after the last).
void interpolateGaps(Steps& steps) {
    const int m = static_cast<int>(steps.velocity.size());
    int previous = -1;
    for (int i = 0; i <= m; ++i) {
        if (i < m && !steps.supported[i]) continue;
        for (int k = previous + 1; k < i; ++k) {
            if (previous < 0)
                steps.velocity[k] = steps.velocity[i];
            else if (i == m)
                steps.velocity[k] = steps.velocity[previous];
            else {
                const float t = static_cast<float>(k - previous) / static_cast<float>(i - previous);
                steps.velocity[k] = glm::mix(steps.velocity[previous], steps.velocity[i], t);
            }
        }
        previous = i;
    }
}

}  // namespace

Expected<RootFromFeet> rootMotionFromFeet(const Clip& clip, const RootFromFeetSettings& settings) {
    if (Status s = settings.validate(); !s) return s;
    if (clip.frameCount() < 2) return Status::error("the clip has fewer than two frames");
    const std::optional<Feet> feet = findFeet(clip.skeleton);
    if (!feet) return Status::error("its feet cannot be found (no left and right foot joints)");
    Steps steps = flatFootSteps(clip, *feet, settings);
    RootFromFeet out;
    out.supportedFrames =
        static_cast<int>(std::count(steps.supported.begin(), steps.supported.end(), true));
    if (out.supportedFrames == 0)
        return Status::error("no foot is ever planted (no foot lies flat on the floor)");
    interpolateGaps(steps);
    out.planted = std::move(steps.planted);
    out.rootPositions = clip.rootPositions;
    glm::vec2 travel(0.0f);
    for (int f = 1; f < clip.frameCount(); ++f) {
        travel += steps.velocity[f - 1];
        out.rootPositions[f].x += travel.x;
        out.rootPositions[f].z += travel.y;
    }
    return out;
}

bool rootStaysInPlace(const Clip& clip) {
    const std::optional<Feet> feet = findFeet(clip.skeleton);
    if (!feet || clip.frameCount() < 2) return false;
    const HumanoidJoints roles = findHumanoidJoints(clip.skeleton);
    const std::vector<glm::vec3> rest = restJointPositions(clip.skeleton);
    float legs = 0.0f;
    for (int s = 0; s < 2; ++s) {
        const int hip = roles[s == 0 ? HumanoidRole::LeftUpLeg : HumanoidRole::RightUpLeg];
        const int top = hip >= 0 ? hip : 0;
        legs = std::max(legs, glm::length(rest[top] - rest[(*feet)[s].ankle]));
    }
    // The root's farthest ground distance from its first frame (its world position is its
    // translation: no forward kinematics needed).
    float travel = 0.0f;
    const glm::vec3 first = clip.rootPositions.front();
    for (const glm::vec3& p : clip.rootPositions)
        travel = std::max(travel, glm::length(glm::vec2(p.x - first.x, p.z - first.z)));
    return travel < 0.5f * legs;
}

Expected<RootMotionSource> applyRootMotion(Clip& clip, RootMotionMode mode) {
    RootMotionSource source{false, "root motion from the file's root"};
    if (mode == RootMotionMode::File) return source;
    const bool inPlace = rootStaysInPlace(clip);
    if (mode == RootMotionMode::Auto && !inPlace) return source;
    auto fromFeet = rootMotionFromFeet(clip);
    if (!fromFeet) {
        if (mode == RootMotionMode::Feet)
            return Status::error("root motion from the feet: " + fromFeet.message());
        source.sentence += " (it stays in place, and " + fromFeet.message() + ")";
        return source;
    }
    clip.rootPositions = std::move(fromFeet->rootPositions);
    source.fromFeet = true;
    source.sentence = inPlace ? "root motion from the planted feet (the file's root stays in place)"
                              : "root motion from the planted feet (asked for)";
    return source;
}

}  // namespace gs

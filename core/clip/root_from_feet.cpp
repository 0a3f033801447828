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

// The points of each foot followed per frame: the ankle and the ball (the toe joint), which tell
// whether the foot lies flat; the tip, the point that stays put longest: rigid with the toe
// joint, ahead of the ball by half the ankle-to-ball distance on the ground and a few centimetres
// below it, where the toes press on the floor; and the heel, rigid with the ankle joint, under it
// at the tip's floor, where the foot strikes. With each, its lowest height over the clip (5th
// percentile, so that a glitch frame does not set it).
enum FootPoint { kAnkle, kBall, kTip, kHeel, kFootPoints };
struct ContactTracks {
    std::array<std::array<std::vector<glm::vec3>, kFootPoints>, 2> points;  // [side][point][frame]
    std::array<std::array<float, kFootPoints>, 2> floor{};                  // [side][point]
    // Per side, what a height is multiplied by before it is held to the flat height: 1, or for
    // a foot without a toe joint flatHeight / toelessFlatHeight (so that one threshold serves).
    std::array<float, 2> heightScale{1.0f, 1.0f};
    // Per frame: the ground position of the body's centre of mass (centreOfMass).
    std::vector<glm::vec2> centre;
};

// The tip ahead of the ball, as a fraction of the ankle-to-ball distance on the ground. It lies on
// the floor, where the rolling foot touches it: a point above the contact moves forward as the heel
// rises (by the pitch times its height), and the steps it measures come back short. The floor is
// the ground plane y = 0 when the ball's lowest height over the clip is kMinTipDrop to kMaxTipDrop
// above it (a toe joint's centre over its sole, in every CMU and Bandai capture here 4 to 5 cm),
// else kMinTipDrop below the ball (a clip standing elsewhere than on y = 0).
constexpr float kTipReach = 0.5f, kMinTipDrop = 0.03f, kMaxTipDrop = 0.06f;

float floorOf(const std::vector<glm::vec3>& points) {
    std::vector<float> heights(points.size());
    for (size_t f = 0; f < points.size(); ++f) heights[f] = points[f].y;
    return lowPercentile(std::move(heights), 0.05f);
}

bool liesFlat(const ContactTracks& tracks, int side, size_t f, float flat) {
    const auto& p = tracks.points[side];
    return p[kAnkle][f].y - tracks.floor[side][kAnkle] < flat &&
           p[kBall][f].y - tracks.floor[side][kBall] < flat;
}

// A contact point of one side in the frame of `joint` (its toe joint for the tip, its ankle for
// the heel), averaged over the frames where the foot lies flat (the joint itself when it never
// does): `reach` times the ankle-to-ball distance on the ground ahead of `from` (the ball or the
// ankle), on the tip's floor.
glm::vec3 contactInJoint(const std::vector<Transform>& joint, const ContactTracks& tracks, int side,
                         float flat, FootPoint from, float reach) {
    const float ballFloor = tracks.floor[side][kBall];
    const float drop =
        ballFloor >= kMinTipDrop && ballFloor <= kMaxTipDrop ? ballFloor : kMinTipDrop;
    glm::vec3 sum(0.0f);
    int count = 0;
    const auto& p = tracks.points[side];
    for (size_t f = 0; f < joint.size(); ++f) {
        if (!liesFlat(tracks, side, f, flat)) continue;
        glm::vec3 ahead = p[kBall][f] - p[kAnkle][f];
        ahead.y = 0.0f;
        glm::vec3 point = p[from][f] + reach * ahead;
        point.y = p[kBall][f].y - drop;
        sum += glm::inverse(joint[f].rotation) * (point - joint[f].translation);
        ++count;
    }
    return count > 0 ? sum / static_cast<float>(count) : glm::vec3(0.0f);
}

// A body segment between two joints (the same joint twice: a segment centred on it) and its share
// of the body's mass, an adult's average (de Leva 1996); the trunk runs from the hips to each
// shoulder, which every rig here has (CMU has no neck).
struct Segment {
    HumanoidRole from, to;
    float mass;
};
constexpr std::array<Segment, 15> kSegments{{
    {HumanoidRole::Hips, HumanoidRole::LeftArm, 0.2173f},
    {HumanoidRole::Hips, HumanoidRole::RightArm, 0.2173f},
    {HumanoidRole::Head, HumanoidRole::Head, 0.0694f},
    {HumanoidRole::LeftUpLeg, HumanoidRole::LeftLeg, 0.1416f},
    {HumanoidRole::RightUpLeg, HumanoidRole::RightLeg, 0.1416f},
    {HumanoidRole::LeftLeg, HumanoidRole::LeftFoot, 0.0433f},
    {HumanoidRole::RightLeg, HumanoidRole::RightFoot, 0.0433f},
    {HumanoidRole::LeftFoot, HumanoidRole::LeftToe, 0.0137f},
    {HumanoidRole::RightFoot, HumanoidRole::RightToe, 0.0137f},
    {HumanoidRole::LeftArm, HumanoidRole::LeftForeArm, 0.0271f},
    {HumanoidRole::RightArm, HumanoidRole::RightForeArm, 0.0271f},
    {HumanoidRole::LeftForeArm, HumanoidRole::LeftHand, 0.0162f},
    {HumanoidRole::RightForeArm, HumanoidRole::RightHand, 0.0162f},
    {HumanoidRole::LeftHand, HumanoidRole::LeftHand, 0.0061f},
    {HumanoidRole::RightHand, HumanoidRole::RightHand, 0.0061f},
}};

// Whether every joint kSegments names was found.
bool hasSegments(const HumanoidJoints& roles) {
    return std::all_of(kSegments.begin(), kSegments.end(),
                       [&](const Segment& s) { return roles[s.from] >= 0 && roles[s.to] >= 0; });
}

// The ground position of the body's centre of mass: its segments' midpoints weighted by their
// masses, or, on a rig where a segment's joint is missing, the mean of every joint.
glm::vec2 centreOfMass(const std::vector<Transform>& world, const HumanoidJoints& roles,
                       bool segments) {
    glm::vec3 sum(0.0f);
    float mass = 0.0f;
    if (segments) {
        for (const Segment& s : kSegments) {
            sum +=
                s.mass * 0.5f * (world[roles[s.from]].translation + world[roles[s.to]].translation);
            mass += s.mass;
        }
    } else {
        for (const Transform& joint : world) sum += joint.translation;
        mass = static_cast<float>(world.size());
    }
    return glm::vec2(sum.x, sum.z) / mass;
}

ContactTracks contactTracks(const Clip& clip, const Feet& feet, float flat) {
    const HumanoidJoints roles = findHumanoidJoints(clip.skeleton);
    const bool segments = hasSegments(roles);
    const int frames = clip.frameCount();
    std::vector<Transform> world(static_cast<size_t>(clip.jointCount()));
    std::array<std::vector<Transform>, 2> toes, ankles;
    ContactTracks tracks;
    for (int s = 0; s < 2; ++s) {
        toes[s].resize(static_cast<size_t>(frames));
        ankles[s].resize(static_cast<size_t>(frames));
        for (auto& points : tracks.points[s]) points.resize(static_cast<size_t>(frames));
    }
    for (int f = 0; f < frames; ++f) {
        forwardKinematics(clip.skeleton, clip.frameRotations(f), clip.rootPositions[f], world);
        tracks.centre.push_back(centreOfMass(world, roles, segments));
        for (int s = 0; s < 2; ++s) {
            toes[s][f] = world[feet[s].toe];
            ankles[s][f] = world[feet[s].ankle];
            tracks.points[s][kAnkle][f] = world[feet[s].ankle].translation;
            tracks.points[s][kBall][f] = world[feet[s].toe].translation;
        }
    }
    for (int s = 0; s < 2; ++s) {
        tracks.floor[s][kAnkle] = floorOf(tracks.points[s][kAnkle]);
        tracks.floor[s][kBall] = floorOf(tracks.points[s][kBall]);
        const glm::vec3 tip = contactInJoint(toes[s], tracks, s, flat, kBall, kTipReach);
        const glm::vec3 heel = contactInJoint(ankles[s], tracks, s, flat, kAnkle, 0.0f);
        for (int f = 0; f < frames; ++f) {
            tracks.points[s][kTip][f] = toes[s][f].apply(tip);
            tracks.points[s][kHeel][f] = ankles[s][f].apply(heel);
        }
        tracks.floor[s][kTip] = floorOf(tracks.points[s][kTip]);
        tracks.floor[s][kHeel] = floorOf(tracks.points[s][kHeel]);
    }
    return tracks;
}

// One point of a side between frames f and f + 1: its height above its floor, its ground
// displacement and its rise.
struct PointStep {
    float height = 0.0f;
    glm::vec2 displacement{0.0f};
    float rise = 0.0f;
};

PointStep pointStep(const ContactTracks& tracks, int side, int point, int f) {
    const glm::vec3 a = tracks.points[side][point][f], b = tracks.points[side][point][f + 1];
    return {0.5f * (a.y + b.y) - tracks.floor[side][point], glm::vec2(b.x - a.x, b.z - a.z),
            b.y - a.y};
}

// How flat a side's foot is between frames f and f + 1 (the higher of its ankle and ball above
// their own floors) and its tip's ground displacement there.
PointStep flatStep(const ContactTracks& tracks, int side, int f) {
    const float ankle = pointStep(tracks, side, kAnkle, f).height;
    const float ball = pointStep(tracks, side, kBall, f).height;
    // A foot without a toe joint has no tip to place: its ankle is followed.
    const bool toeless = tracks.heightScale[side] != 1.0f;
    return {std::max(ankle, ball) * tracks.heightScale[side],
            pointStep(tracks, side, toeless ? kAnkle : kTip, f).displacement, 0.0f};
}

// Per step between frames: the root's ground velocity (metres per frame) where it is measured.
struct Steps {
    std::vector<glm::vec2> velocity;  // frameCount - 1
    std::vector<bool> supported;      // frameCount - 1
    std::vector<std::uint8_t> planted;
    std::vector<bool> travelling;  // frameCount - 1, once pivotSteps has run: the body travels
};

// Metres per second squared: a flat foot's followed point accelerating this much in the clip (a
// foot that slides, lands or starts to lift) carries half the weight of one that does not.
constexpr float kStillAcceleration = 2.0f;

// How still a side's followed point is around the step between frames f and f + 1: the weight
// kStillAcceleration / (kStillAcceleration + its acceleration), in (0, 1]; 1 for a foot without a
// toe joint, whose ankle moves as the foot rolls while it holds the floor.
float stillness(const ContactTracks& tracks, int side, int f, int n, float fps) {
    if (tracks.heightScale[side] != 1.0f) return 1.0f;
    const glm::vec2 before = flatStep(tracks, side, std::max(0, f - 1)).displacement;
    const glm::vec2 after = flatStep(tracks, side, std::min(n - 2, f + 1)).displacement;
    const float acceleration = glm::length(after - before) * fps * fps / 2.0f;
    return kStillAcceleration / (kStillAcceleration + acceleration);
}

// First the steps where a foot lies flat, the flatter side carrying the step and the other only
// while it is within millimetres of as flat (double support); of two flat feet the stiller one
// carries more, as the other slides or starts to lift.
Steps flatFootSteps(const ContactTracks& tracks, int n, const RootFromFeetSettings& settings,
                    float fps) {
    Steps steps;
    steps.velocity.assign(static_cast<size_t>(n - 1), glm::vec2(0.0f));
    steps.supported.assign(static_cast<size_t>(n - 1), false);
    steps.planted.assign(static_cast<size_t>(n), 0);
    for (int f = 0; f + 1 < n; ++f) {
        const std::array<PointStep, 2> side{flatStep(tracks, 0, f), flatStep(tracks, 1, f)};
        const float lowest = std::min(side[0].height, side[1].height);
        if (lowest >= settings.flatHeight) continue;
        float total = 0.0f;
        glm::vec2 sum(0.0f);
        for (int s = 0; s < 2; ++s) {
            const float w = std::exp(-(side[s].height - lowest) / settings.sideBlend) *
                            stillness(tracks, s, f, n, fps);
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

// The fastest measured step within `reach` steps before and including `last`, or from and
// including `first` on: metres per frame.
float fastestNear(const Steps& steps, int last, int first, int reach) {
    const int m = static_cast<int>(steps.velocity.size());
    float fastest = 0.0f;
    for (int j = std::max(0, last - reach + 1); j <= last; ++j)
        if (steps.supported[j]) fastest = std::max(fastest, glm::length(steps.velocity[j]));
    for (int j = first; j < std::min(m, first + reach); ++j)
        if (steps.supported[j]) fastest = std::max(fastest, glm::length(steps.velocity[j]));
    return fastest;
}

// The mean of the measured steps' velocities from step `from` to `to`, both included (zero when
// none is measured).
glm::vec2 measuredMean(const Steps& steps, int from, int to) {
    glm::vec2 sum(0.0f);
    int count = 0;
    for (int j = std::max(0, from); j <= std::min(static_cast<int>(steps.velocity.size()) - 1, to);
         ++j) {
        if (!steps.supported[j]) continue;
        sum += steps.velocity[j];
        ++count;
    }
    return count > 0 ? sum / static_cast<float>(count) : sum;
}

// Steps not measured take the velocity blended linearly between the measured steps around them
// (the nearest one's before the first and after the last). With a `keepSpeed` of n steps (n > 0),
// only its direction is blended, between the mean ones measured within n steps before and after,
// and its speed is the fastest measured within n steps either side:
// a run's body keeps its speed through the flight, and the push-off's last steps and the landing's
// first, where the foot still rolls or slides, read it short (a walk's pelvis is fastest while
// the weight passes from one foot to the other).
void fillGaps(Steps& steps, int keepSpeed) {
    const int m = static_cast<int>(steps.velocity.size());
    int previous = -1;
    for (int i = 0; i <= m; ++i) {
        if (i < m && !steps.supported[i]) continue;
        for (int k = previous + 1; k < i; ++k) {
            const int reach = k < static_cast<int>(steps.travelling.size()) && steps.travelling[k]
                                  ? keepSpeed
                                  : 1;
            if (previous < 0 || i == m) {
                // Before the first measured step or after the last: its direction, and with a
                // `keepSpeed` the fastest speed measured within as many steps of it (a clip that
                // starts or ends in a flight).
                const glm::vec2 v = steps.velocity[previous < 0 ? i : previous];
                const float speed = glm::length(v);
                const float fastest = previous < 0 ? fastestNear(steps, -1, i, reach)
                                                   : fastestNear(steps, previous, m, reach);
                steps.velocity[k] = keepSpeed > 0 && speed > 1e-6f ? v * (fastest / speed) : v;
            } else {
                // The directions blended are the mean ones measured within `reach` steps before
                // and after: a landing foot's first step may still slide or turn on the floor.
                glm::vec2 a = steps.velocity[previous], b = steps.velocity[i];
                if (keepSpeed > 0) {
                    a = measuredMean(steps, previous - reach + 1, previous);
                    b = measuredMean(steps, i, i + reach - 1);
                }
                const float t = static_cast<float>(k - previous) / static_cast<float>(i - previous);
                const glm::vec2 v = glm::mix(a, b, t);
                const float speed = glm::length(v);
                // A body that does not travel (a jump in place) keeps the faster neighbour's.
                steps.velocity[k] = keepSpeed > 0 && speed > 1e-6f
                                        ? v * (fastestNear(steps, previous, i, reach) / speed)
                                        : v;
            }
        }
        previous = i;
    }
}

// The mean of the velocities over `half` steps either side.
std::vector<glm::vec2> smoothed(const std::vector<glm::vec2>& v, int half) {
    const int m = static_cast<int>(v.size());
    std::vector<glm::vec2> out(v.size());
    for (int i = 0; i < m; ++i) {
        glm::vec2 sum(0.0f);
        const int from = std::max(0, i - half), to = std::min(m - 1, i + half);
        for (int k = from; k <= to; ++k) sum += v[k];
        out[i] = sum / static_cast<float>(to - from + 1);
    }
    return out;
}

// A rolling foot's tip still carries it: the tip within this many metres of its floor, rising or
// sinking slower than kPivotRise metres per second, and moving backward (in the clip, where the
// root stays) along the direction of travel at kPivotBackward of the travel speed or more. A swing
// foot passing low over the floor moves forward, a lifting one rises, so neither is taken.
constexpr float kPivotHeight = 0.02f, kPivotRise = 0.2f, kPivotBackward = 0.6f;
// Metres per second under which the body is not travelling (a jump, a step in place, a stand
// before the first step): a tip or heel on its floor is taken only while it moves slower than
// this, a foot that holds the floor with its heel a centimetre up (16_32 stands on its right foot,
// whose ankle and ball are 1.1-1.4 cm over their lowest, for 0.3 s before it steps off).
constexpr float kPivotTravel = 0.2f;
// Seconds either side of a flight over which its speed is read from the measured steps.
constexpr float kFlightReach = 0.1f;

// Then the steps no flat foot measures, where a tip carries them; the travel is the steps'
// velocity measured so far (gaps blended linearly) averaged over a second.
void pivotSteps(const ContactTracks& tracks, Steps& steps, float fps) {
    Steps first = steps;
    fillGaps(first, 0);
    const std::vector<glm::vec2> travel =
        smoothed(first.velocity, std::max(1, static_cast<int>(0.5f * fps)));
    const int m = static_cast<int>(steps.velocity.size());
    steps.travelling.assign(static_cast<size_t>(m), false);
    for (int f = 0; f < m; ++f) {
        const float speed = glm::length(travel[f]);
        steps.travelling[f] = speed * fps >= kPivotTravel;
        if (steps.supported[f]) continue;
        glm::vec2 sum(0.0f);
        int count = 0;
        for (int s = 0; s < 2; ++s) {
            if (tracks.heightScale[s] != 1.0f) continue;  // no toe: no tip that rolls
            // The lower of the heel and the tip: the heel as the foot strikes, the tip as it rolls
            // off.
            PointStep tip = pointStep(tracks, s, kTip, f);
            if (const PointStep heel = pointStep(tracks, s, kHeel, f); heel.height < tip.height)
                tip = heel;
            const glm::vec2 v = -tip.displacement;
            if (tip.height >= kPivotHeight || std::abs(tip.rise) * fps > kPivotRise) continue;
            if (steps.travelling[f] ? glm::dot(v, travel[f]) < kPivotBackward * speed * speed
                                    : glm::length(v) * fps >= kPivotTravel)
                continue;
            sum += v;
            ++count;
        }
        if (count == 0) continue;
        steps.velocity[f] = sum / static_cast<float>(count);
        steps.supported[f] = true;
    }
}

// Adds (`sign` +1) or takes away (-1) each step's displacement of the centre of mass in the clip:
// the root's velocity becomes the centre's, or back.
void centreSpace(const ContactTracks& tracks, Steps& steps, float sign) {
    for (size_t f = 0; f < steps.velocity.size(); ++f)
        steps.velocity[f] += sign * (tracks.centre[f + 1] - tracks.centre[f]);
}

}  // namespace

Expected<RootFromFeet> rootMotionFromFeet(const Clip& clip, const RootFromFeetSettings& settings) {
    if (Status s = settings.validate(); !s) return s;
    if (clip.frameCount() < 2) return Status::error("the clip has fewer than two frames");
    const std::optional<Feet> feet = findFeet(clip.skeleton);
    if (!feet) return Status::error("its feet cannot be found (no left and right foot joints)");
    ContactTracks tracks = contactTracks(clip, *feet, settings.flatHeight);
    for (int s = 0; s < 2; ++s)
        if ((*feet)[s].toe == (*feet)[s].ankle)
            tracks.heightScale[s] = settings.flatHeight / settings.toelessFlatHeight;
    Steps steps = flatFootSteps(tracks, clip.frameCount(), settings, clip.fps);
    if (std::find(steps.supported.begin(), steps.supported.end(), true) == steps.supported.end())
        return Status::error("no foot is ever planted (no foot lies flat on the floor)");
    // Twice: the second pass reads the travel with the rolling steps the first found (a clip that
    // speeds up from a stand, whose first flat steps come late, has its start's travel read from
    // them, too fast for its early rolling steps).
    pivotSteps(tracks, steps, clip.fps);
    pivotSteps(tracks, steps, clip.fps);
    RootFromFeet out;
    out.supportedFrames =
        static_cast<int>(std::count(steps.supported.begin(), steps.supported.end(), true));
    // A foot without a toe joint has no tip that rolls: its gaps are blended linearly.
    const bool rolls = tracks.heightScale[0] == 1.0f && tracks.heightScale[1] == 1.0f;
    if (rolls) {
        // The gaps are filled for the centre of mass, whose ground velocity is the root's plus
        // its own in the clip: in a flight it keeps the take-off's speed, while the root swings
        // about it with the legs.
        // A body that does not travel (a jump in place) has its gaps blended for the root, as a
        // foot without a toe: the centre's own sway in the crouch would carry it off.
        Steps inPlace = steps;
        fillGaps(inPlace, 0);
        centreSpace(tracks, steps, +1.0f);
        fillGaps(steps, std::max(1, static_cast<int>(std::lround(kFlightReach * clip.fps))));
        centreSpace(tracks, steps, -1.0f);
        for (size_t f = 0; f < steps.velocity.size(); ++f)
            if (!steps.supported[f] && f < steps.travelling.size() && !steps.travelling[f])
                steps.velocity[f] = inPlace.velocity[f];
    } else {
        fillGaps(steps, 0);
    }
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

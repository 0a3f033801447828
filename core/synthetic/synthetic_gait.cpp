#include "core/synthetic/synthetic_gait.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <gaitspace/runtime/leg_ik.h>
#include "core/clip/root_motion.h"

namespace gs {

namespace {

constexpr float kPi = 3.14159265358979f;
constexpr float kReach = 0.95f;           // largest hip-ankle distance, fraction of the leg
constexpr float kHeelRiseStart = 0.5f;    // part of the stance the foot stays flat
constexpr float kArmAbductionDeg = 8.0f;  // arms held off the hips
constexpr float kSkimHeight = 0.03f;      // metres: the swinging toe moves on only above this
constexpr float kMaxHeelKick = 0.25f;     // metres a trailing swing foot may be lifted to reach
constexpr float kIkTolerance = 1e-5f;     // metres the IK may miss a planted foot by

float radians(float degrees) { return degrees * kPi / 180.0f; }
float smoothstep(float x) {
    x = std::clamp(x, 0.0f, 1.0f);
    return x * x * (3.0f - 2.0f * x);
}
float smootherstep(float x) {
    x = std::clamp(x, 0.0f, 1.0f);
    return x * x * x * (x * (6.0f * x - 15.0f) + 10.0f);
}
glm::quat aboutX(float angle) { return glm::angleAxis(angle, glm::vec3(1, 0, 0)); }
glm::quat aboutZ(float angle) { return glm::angleAxis(angle, glm::vec3(0, 0, 1)); }
glm::vec3 forwardOf(float heading) { return {std::sin(heading), 0.0f, std::cos(heading)}; }
glm::vec3 leftOf(float heading) { return {std::cos(heading), 0.0f, -std::sin(heading)}; }

// The path: arc length s along a line or circle from the origin (facing +Z), plus a lateral
// offset l (+ = left of the path) on the ground.
struct Path {
    float curvature = 0.0f;
    float heading(float s) const { return curvature * s; }
    glm::vec3 at(float s, float lateral) const {
        glm::vec3 p(0.0f);
        if (std::abs(curvature) < 1e-6f) {
            p = {0.0f, 0.0f, s};
        } else {
            const float a = curvature * s;
            const float half = std::sin(0.5f * a);  // 1 - cos a = 2 sin^2(a / 2), exact for small a
            p = {2.0f * half * half / curvature, 0.0f, std::sin(a) / curvature};
        }
        return p + lateral * leftOf(heading(s));
    }
};

// Everything the generator derives from the settings once.
struct Gait {
    SyntheticGaitSettings s;
    Path path;
    float period = 1.0f, stance = 0.5f;             // seconds
    float rightStrike0 = 0.0f, leftStrike0 = 0.0f;  // first strike times (s)
    float footLength = 0.0f, hipHalfWidth = 0.0f, thigh = 0.0f, shin = 0.0f;
    float ahead = 0.0f;  // metres of path a strike lands ahead of the pelvis

    float strikeTime(int side) const { return side == 0 ? leftStrike0 : rightStrike0; }
    float lateral(int side) const { return side == 0 ? 0.5f * s.stepWidth : -0.5f * s.stepWidth; }
    // Pelvis height above its base: the bob, highest at mid-stance in a walk, lowest with flight.
    float bob(float t) const {
        const float step = 0.5f * period;
        const float psi = (t - leftStrike0) / step;
        const float c = std::cos(2.0f * kPi * (psi - s.stanceFraction));
        return 0.5f * s.bob * (s.hasFlight() ? 1.0f - c : 1.0f + c);
    }
    // Pelvis yaw about the path heading: the forward leg's hip leads (left leads at left strike).
    float pelvisTurn(float t) const {
        return -radians(s.pelvisTurnDeg) * std::cos(2.0f * kPi * (t - leftStrike0) / period);
    }
};

struct FootPose {
    glm::vec3 ankle{0.0f};
    glm::quat rotation{1, 0, 0, 0};
    float heading = 0.0f;
    float pitch = 0.0f;  // + = heel up
    bool planted = false;
};

// Where a foot is at time t: planted (flat, then rolling on a still toe) or swinging on an arc
// from its last footprint to its next.
FootPose footAt(const Gait& g, int side, float t) {
    const float t0 = g.strikeTime(side);
    const float k = std::floor((t - t0) / g.period);
    const float strike = t0 + k * g.period;
    const float tau = t - strike;
    const float l = g.lateral(side);
    const float plant = g.s.speed * strike + g.ahead;
    const float heelRise = radians(g.s.heelRiseDeg);
    FootPose f;
    if (tau < g.stance) {
        f.planted = true;
        const float x = tau / g.stance;
        f.pitch = heelRise * smoothstep((x - kHeelRiseStart) / (1.0f - kHeelRiseStart));
        f.heading = g.path.heading(plant);
        const glm::vec3 d = forwardOf(f.heading);
        const glm::vec3 toe = g.path.at(plant, l) + g.footLength * d;
        f.ankle = toe - g.footLength * std::cos(f.pitch) * d +
                  glm::vec3(0.0f, g.footLength * std::sin(f.pitch), 0.0f);
    } else {
        const float u = (tau - g.stance) / (g.period - g.stance);
        const float next = plant + g.s.speed * g.period;
        // At each end of the swing the foot only rises or drops until the toe is kSkimHeight up
        // (it never skims the floor), then travels.
        const float margin = std::clamp(
            std::asin(std::min(1.0f, kSkimHeight / g.s.footClearance)) / kPi, 0.02f, 0.2f);
        const float blend = smootherstep((u - margin) / (1.0f - 2.0f * margin));
        const float along = plant + (next - plant) * blend;
        // At toe-off the ankle stands forward of its footprint by the heel rise; that fades out.
        const glm::vec3 rise =
            g.footLength * (1.0f - std::cos(heelRise)) * forwardOf(g.path.heading(plant));
        f.pitch = heelRise * (1.0f - smoothstep(u));
        f.heading = g.path.heading(along);
        f.ankle = g.path.at(along, l) + rise * (1.0f - blend);
        f.ankle.y = g.footLength * std::sin(std::max(f.pitch, 0.0f)) +
                    g.s.footClearance * std::sin(kPi * u);
    }
    f.rotation = yawRotation(f.heading) * aboutX(f.pitch);
    return f;
}

int frameCountOf(const SyntheticGaitSettings& s) {
    return static_cast<int>(std::lround((s.cycles + 0.9f) * s.periodSeconds() * s.fps)) + 1;
}

glm::vec3 hipOf(const Gait& g, int side, float t) {
    const float s = g.s.speed * t;
    const float yaw = g.path.heading(s) + g.pelvisTurn(t);
    const float x = side == 0 ? g.hipHalfWidth : -g.hipHalfWidth;
    return g.path.at(s, 0.0f) + yawRotation(yaw) * glm::vec3(x, 0.0f, 0.0f);
}

// The highest pelvis base height at which both legs reach every planted foot within kReach of
// their length; negative when some is out of reach at any height. (A swinging foot out of reach
// is softened by the IK: the leg straightens and the foot trails a little higher.)
float baseHeight(const Gait& g, int frames) {
    const float reach = kReach * (g.thigh + g.shin);
    float base = reach;
    for (int f = 0; f < frames; ++f) {
        const float t = f / g.s.fps;
        for (int side = 0; side < 2; ++side) {
            const float sinceStrike = t - g.strikeTime(side);
            if (sinceStrike - std::floor(sinceStrike / g.period) * g.period >= g.stance) continue;
            const glm::vec3 ankle = footAt(g, side, t).ankle;
            const glm::vec3 hip = hipOf(g, side, t);
            const float d = glm::length(glm::vec2(hip.x - ankle.x, hip.z - ankle.z));
            if (d >= reach) return -1.0f;
            base = std::min(base, ankle.y + std::sqrt(reach * reach - d * d) - g.bob(t));
        }
    }
    return base;
}

Status checkRange(const char* field, float value, float lo, float hi) {
    if (std::isfinite(value) && value >= lo && value <= hi) return Status::ok();
    char text[160];
    std::snprintf(text, sizeof text, "synthetic gait: %s is %g, outside [%g, %g]", field, value, lo,
                  hi);
    return Status::error(text);
}

std::string defaultName(const SyntheticGaitSettings& s) {
    std::string name = std::string("synthetic ") + syntheticGaitName(s.gait);
    if (s.curvature == 0.0f) return name + ", straight";
    char text[64];
    std::snprintf(text, sizeof text, ", curvature %+.2f rad/m", s.curvature);
    return name + text;
}

}  // namespace

const char* syntheticGaitName(SyntheticGait gait) {
    switch (gait) {
        case SyntheticGait::Walk:
            return "walk";
        case SyntheticGait::Jog:
            return "jog";
        case SyntheticGait::Run:
            return "run";
    }
    return "walk";
}

SyntheticGaitSettings SyntheticGaitSettings::preset(SyntheticGait gait) {
    SyntheticGaitSettings s;
    s.gait = gait;
    if (gait == SyntheticGait::Jog) {
        s.speed = 2.6f, s.cadence = 160.0f, s.stanceFraction = 0.42f, s.bob = 0.06f;
        s.stepWidth = 0.12f, s.footClearance = 0.15f, s.heelRiseDeg = 35.0f;
        s.armSwingDeg = 25.0f, s.elbowDeg = 70.0f, s.torsoLeanDeg = 8.0f;
        s.pelvisTurnDeg = 7.0f, s.torsoCounterDeg = 4.0f;
    } else if (gait == SyntheticGait::Run) {
        s.speed = 3.8f, s.cadence = 172.0f, s.stanceFraction = 0.34f, s.bob = 0.06f;
        s.stepWidth = 0.10f, s.footClearance = 0.22f, s.heelRiseDeg = 30.0f;
        s.armSwingDeg = 35.0f, s.elbowDeg = 85.0f, s.torsoLeanDeg = 12.0f;
        s.pelvisTurnDeg = 8.0f, s.torsoCounterDeg = 5.0f;
    }
    return s;
}

Status SyntheticGaitSettings::validate() const {
    const Status checks[] = {
        checkRange("speed", speed, 0.2f, 8.0f),
        checkRange("cadence", cadence, 40.0f, 240.0f),
        checkRange("stanceFraction", stanceFraction, 0.2f, 0.8f),
        checkRange("bob", bob, 0.0f, 0.15f),
        checkRange("curvature", curvature, -1.0f, 1.0f),
        checkRange("cycles", static_cast<float>(cycles), 1.0f, 20.0f),
        checkRange("stepWidth", stepWidth, 0.0f, 0.4f),
        checkRange("footClearance", footClearance, 0.01f, 0.3f),
        checkRange("heelRiseDeg", heelRiseDeg, 0.0f, 70.0f),
        checkRange("armSwingDeg", armSwingDeg, 0.0f, 90.0f),
        checkRange("elbowDeg", elbowDeg, 0.0f, 140.0f),
        checkRange("torsoLeanDeg", torsoLeanDeg, -20.0f, 45.0f),
        checkRange("pelvisTurnDeg", pelvisTurnDeg, 0.0f, 30.0f),
        checkRange("torsoCounterDeg", torsoCounterDeg, 0.0f, 30.0f),
        checkRange("fps", fps, 10.0f, 240.0f),
    };
    for (const Status& s : checks)
        if (!s) return s;
    return Status::ok();
}

Skeleton syntheticSkeleton() {
    struct Joint {
        const char* name;
        int parent;
        glm::vec3 offsetCm;
        glm::vec3 tipCm;
    };
    // The CMU subject-16 set's bone lengths (centimetres in the files).
    const Joint joints[] = {
        {"pelvis", -1, {0, 0, 0}, {}},
        {"lfemur", 0, {11.446f, 0, 0}, {}},
        {"ltibia", 1, {0, -42.0304f, 0}, {}},
        {"lfoot", 2, {0, -39.9302f, 0}, {}},
        {"ltoes", 3, {0, 0, 11.7758f}, {0, 0, 5}},
        {"rfemur", 0, {-11.446f, 0, 0}, {}},
        {"rtibia", 5, {0, -42.0304f, 0}, {}},
        {"rfoot", 6, {0, -39.9302f, 0}, {}},
        {"rtoes", 7, {0, 0, 11.7758f}, {0, 0, 5}},
        {"thorax", 0, {0, 11.2556f, -5.0f}, {}},
        {"head", 9, {0, 43.7993f, 0}, {0, 5, 0}},
        {"lclavicle", 9, {0, 39.863f, 0}, {}},
        {"lhumerus", 11, {17.3806f, 4.9583f, 0}, {}},
        {"lradius", 12, {0, -27.5613f, 0}, {}},
        {"lhand", 13, {0, -26.933f, 0}, {0, -5, 0}},
        {"rclavicle", 9, {0, 39.863f, 0}, {}},
        {"rhumerus", 15, {-17.3806f, 4.9583f, 0}, {}},
        {"rradius", 16, {0, -27.5613f, 0}, {}},
        {"rhand", 17, {0, -26.933f, 0}, {0, -5, 0}},
    };
    Skeleton sk;
    for (const Joint& j : joints) {
        sk.names.push_back(j.name);
        sk.parents.push_back(j.parent);
        sk.restOffsets.push_back(0.01f * j.offsetCm);
        sk.restRotations.push_back(glm::quat(1, 0, 0, 0));
        sk.tipOffsets.push_back(0.01f * j.tipCm);
    }
    return sk;
}

Expected<Clip> generateSyntheticGait(const SyntheticGaitSettings& settings) {
    if (Status s = settings.validate(); !s) return s;

    // Derive the gait: timing, skeleton measures, the path.
    Clip clip;
    clip.name = settings.name.empty() ? defaultName(settings) : settings.name;
    clip.source = "synthetic";
    clip.fps = settings.fps;
    clip.skeleton = syntheticSkeleton();
    const Skeleton& sk = clip.skeleton;
    Gait g;
    g.s = settings;
    g.path.curvature = settings.curvature;
    g.period = settings.periodSeconds();
    g.stance = settings.stanceFraction * g.period;
    g.rightStrike0 = 0.2f * g.period;
    g.leftStrike0 = 0.7f * g.period;
    g.hipHalfWidth = sk.restOffsets[1].x;
    g.thigh = glm::length(sk.restOffsets[2]);
    g.shin = glm::length(sk.restOffsets[3]);
    g.footLength = glm::length(sk.restOffsets[4]);
    const int frames = frameCountOf(settings);

    // Place the footprints: the strike lands `ahead` of the pelvis, chosen (in steps of 2 % of
    // the stance's travel) to let the pelvis ride highest.
    const float travel = settings.speed * g.stance;
    float base = -1.0f, bestAhead = 0.0f;
    for (int i = 0; i <= 30; ++i) {
        g.ahead = (0.2f + 0.02f * i) * travel - 0.5f * g.footLength;
        const float b = baseHeight(g, frames);
        if (b > base) base = b, bestAhead = g.ahead;
    }
    if (base <= 0.0f) {
        char text[160];
        std::snprintf(text, sizeof text,
                      "synthetic gait: a stance of %.2f m (speed x stance time) is longer than the "
                      "legs reach; lower speed or stanceFraction, or raise cadence",
                      travel);
        return Status::error(text);
    }
    g.ahead = bestAhead;

    // Pose every frame: pelvis on the path, legs by IK to the foot targets, torso and arms.
    clip.resize(frames);
    const glm::quat restLegHip = aboutX(-0.15f), restLegKnee = aboutX(0.3f);
    for (int f = 0; f < frames; ++f) {
        const float t = f / settings.fps;
        const float s = settings.speed * t;
        const float turn = g.pelvisTurn(t);
        const glm::quat pelvis = yawRotation(g.path.heading(s) + turn);
        glm::vec3 root = g.path.at(s, 0.0f);
        root.y = base + g.bob(t);
        clip.rootPositions[f] = root;
        std::span<glm::quat> rot = clip.frameRotations(f);
        std::fill(rot.begin(), rot.end(), glm::quat(1, 0, 0, 0));
        rot[0] = pelvis;
        for (int side = 0; side < 2; ++side) {
            const int hipJ = side == 0 ? 1 : 5;
            const FootPose foot = footAt(g, side, t);
            const glm::vec3 hip = root + pelvis * sk.restOffsets[hipJ];
            glm::vec3 target = foot.ankle;
            if (!foot.planted) {
                // A swinging foot the leg cannot reach (trailing behind a run) is lifted onto the
                // leg's reach: the heel kicks up instead of the knee locking straight.
                const float reach = kReach * (g.thigh + g.shin);
                const float dh = glm::length(glm::vec2(target.x - hip.x, target.z - hip.z));
                const float lowest = hip.y - std::sqrt(std::max(reach * reach - dh * dh, 0.0f));
                target.y += std::clamp(lowest - target.y, 0.0f, kMaxHeelKick);
            }
            // Two-bone IK from a slightly bent leg; solved again from its own result while the
            // ankle misses by more than kIkTolerance (a nearly straight start can leave the
            // first solve a few millimetres off).
            glm::quat hipNew = pelvis * restLegHip, kneeNew = hipNew * restLegKnee;
            for (int pass = 0; pass < 4; ++pass) {
                const glm::vec3 knee = hip + hipNew * sk.restOffsets[hipJ + 1];
                const glm::vec3 ankle = knee + kneeNew * sk.restOffsets[hipJ + 2];
                if (pass > 0 && glm::length(ankle - target) < kIkTolerance) break;
                const TwoBoneIkResult ik = solveTwoBoneIk(hip, knee, ankle, target,
                                                          forwardOf(foot.heading), g.thigh, g.shin);
                hipNew = glm::normalize(ik.hipDelta * hipNew);
                kneeNew = glm::normalize(ik.kneeDelta * kneeNew);
            }
            rot[hipJ] = glm::conjugate(pelvis) * hipNew;
            rot[hipJ + 1] = glm::conjugate(hipNew) * kneeNew;
            rot[hipJ + 2] = glm::conjugate(kneeNew) * foot.rotation;
            rot[hipJ + 3] = aboutX(-std::max(foot.pitch, 0.0f));  // toes stay flat on the floor
        }
        // Thorax: leans forward and turns slightly against the pelvis; head looks ahead.
        const float lean = radians(settings.torsoLeanDeg);
        const float counter = -turn / std::max(radians(settings.pelvisTurnDeg), 1e-6f) *
                              radians(settings.torsoCounterDeg);
        rot[9] = yawRotation(counter - turn) * aboutX(lean);
        rot[10] = yawRotation(turn - counter) * aboutX(-0.7f * lean);
        // Arms swing against the legs: the left arm is forward when the right leg is.
        const float armPhase = std::cos(2.0f * kPi * (t - g.rightStrike0) / g.period);
        const float swing = radians(settings.armSwingDeg), abduct = radians(kArmAbductionDeg);
        rot[12] = aboutZ(abduct) * aboutX(lean - swing * armPhase);
        rot[13] = aboutX(-radians(settings.elbowDeg));
        rot[16] = aboutZ(-abduct) * aboutX(lean + swing * armPhase);
        rot[17] = aboutX(-radians(settings.elbowDeg));
    }
    if (Status s = clip.validate(); !s) return s.withContext(clip.name);
    return clip;
}

std::vector<SyntheticClipSpec> syntheticClipSet(int cycles) {
    struct Bend {
        const char* id;
        const char* label;
        float sign;
        bool turn;
    };
    const Bend bends[] = {
        {"90r", "turn right", -1.0f, true}, {"veer_r", "veer right", -1.0f, false},
        {"", "straight", 0.0f, false},      {"veer_l", "veer left", 1.0f, false},
        {"90l", "turn left", 1.0f, true},
    };
    // Curvatures (rad/m): a veer bends the path gently, a turn turns about 90 degrees in a
    // few cycles; faster gaits turn wider.
    const struct {
        SyntheticGait gait;
        float veer, turn;
    } gaits[] = {{SyntheticGait::Walk, 0.15f, 0.45f},
                 {SyntheticGait::Jog, 0.10f, 0.30f},
                 {SyntheticGait::Run, 0.07f, 0.20f}};
    std::vector<SyntheticClipSpec> out;
    for (const auto& gait : gaits) {
        for (const Bend& b : bends) {
            SyntheticClipSpec spec;
            spec.space = syntheticGaitName(gait.gait);
            spec.id = spec.space + (b.id[0] ? std::string("_") + b.id : std::string());
            spec.settings = SyntheticGaitSettings::preset(gait.gait);
            spec.settings.cycles = cycles;
            spec.settings.curvature = b.sign * (b.turn ? gait.turn : gait.veer);
            spec.settings.name = "synthetic " + spec.space + ", " + b.label;
            out.push_back(spec);
        }
    }
    return out;
}

}  // namespace gs

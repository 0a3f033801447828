#include <gaitspace/runtime/gspace.h>

#include <cmath>
#include <cstdio>
#include <system_error>

#include "core/runtime/byte_stream.h"
#include "core/runtime/section_file.h"
#include "core/runtime/transition_section.h"
#include "core/runtime/value_ranges.h"

namespace gs {
namespace {

constexpr std::uint32_t kInfo = sectionTag("INFO");
constexpr std::uint32_t kSkeleton = sectionTag("SKEL");
constexpr std::uint32_t kSpaces = sectionTag("SPAC");
constexpr std::uint32_t kPhase = sectionTag("PHAS");
constexpr std::uint32_t kGoals = sectionTag("GOAL");
constexpr std::uint32_t kSettings = sectionTag("SETT");

// The format's versions, each a layout (docs/gspace-format.md, "Change log"):
//   1  written under one number through three layouts of SETT and GOAL; this build reads the
//      last two, which differ only in SETT (kSettingsV1Bytes without the moving-goal commitment,
//      kSettingsBytes with it), told apart by the section's length
//   2  the last layout of version 1, the first version bumped per change
//   3  the optional section TRAN (stops, starts, arrival settings)
// The moving-goal commitment a version 1 file without it was run with (the default then).
constexpr float kV1MovingCommitment = 0.2f;
constexpr std::uint32_t kFirstVersionWithTransitions = 3;

bool knownSection(std::uint32_t tag) {
    for (std::uint32_t known :
         {kInfo, kSkeleton, kSpaces, kPhase, kGoals, kSettings, sectionTag("TRAN")})
        if (tag == known) return true;
    return false;
}

// ---- writing ----

Section infoSection(const BakedSpaceFile& b) {
    ByteWriter w;
    w.string(b.space.name);
    w.f32(b.space.fps);
    w.f32(b.space.floorHeight);
    w.i32(b.space.leftToe);
    w.i32(b.space.rightToe);
    w.u32(static_cast<std::uint32_t>(b.space.spaces.size()));
    return {kInfo, std::move(w.bytes())};
}

Section skeletonSection(const Skeleton& s) {
    ByteWriter w;
    w.u32(static_cast<std::uint32_t>(s.jointCount()));
    for (const std::string& n : s.names) w.string(n);
    w.ints(s.parents);
    w.vec3s(s.restOffsets);
    w.quats(s.restRotations);
    w.vec3s(s.tipOffsets);
    return {kSkeleton, std::move(w.bytes())};
}

void writeClip(ByteWriter& w, const BakedClip& c) {
    w.string(c.name);
    w.i32(c.frames);
    w.quats(c.rotations);
    w.floats(c.rootHeight);
    w.vec3s(c.step);
    w.u32(static_cast<std::uint32_t>(c.strikes.size()));
    for (const glm::ivec2& s : c.strikes) w.i32(s.x), w.i32(s.y);
    w.floats(c.leftContact);
    w.floats(c.rightContact);
    w.floats(c.warp);
    for (float v : {c.curvature, c.speed, c.turnRate, c.periodFrames, c.seamErrorM, c.seamErrorDeg,
                    c.seamStepRatio, c.registrationResidual})
        w.f32(v);
}

Section spacesSection(const BakedBehavioralSpace& bs) {
    ByteWriter w;
    w.u32(static_cast<std::uint32_t>(bs.spaces.size()));
    for (const BakedMotionSpace& m : bs.spaces) {
        w.string(m.name);
        w.f32(m.fps);
        w.i32(m.reference);
        w.i32(m.cycles);
        w.ints(m.startFrames);
        w.ints(m.leftStrikes);
        w.ints(m.rightStrikes);
        w.f32(m.floorHeight);
        w.i32(m.leftToe);
        w.i32(m.rightToe);
        w.u32(static_cast<std::uint32_t>(m.clips.size()));
        for (const BakedClip& c : m.clips) writeClip(w, c);
    }
    return {kSpaces, std::move(w.bytes())};
}

Section phaseSection(const BakedBehavioralSpace& bs) {
    ByteWriter w;
    w.u32(static_cast<std::uint32_t>(bs.phaseMap.size()));
    for (const auto& m : bs.phaseMap) w.floats(m);
    w.floats(bs.crossResidual);
    w.u32(static_cast<std::uint32_t>(bs.clipPhaseMap.size()));
    for (const auto& perSpace : bs.clipPhaseMap) {
        w.u32(static_cast<std::uint32_t>(perSpace.size()));
        for (const auto& m : perSpace) w.floats(m);
    }
    return {kPhase, std::move(w.bytes())};
}

Section goalSection(const std::vector<GoalSpace>& goals) {
    ByteWriter w;
    w.u32(static_cast<std::uint32_t>(goals.size()));
    for (const GoalSpace& g : goals) {
        w.i32(g.startBlends);
        w.i32(g.endBlends);
        w.i32(g.horizon);
        w.f32(g.maxBlendRate);
        w.floats(g.startFrames);
        w.u32(static_cast<std::uint32_t>(g.samples.size()));
        for (const GoalSample& s : g.samples) w.f32(s.x), w.f32(s.z), w.f32(s.heading);
        for (const GoalSpaceMotion& m : {g.left, g.right, g.straight})
            w.f32(m.speed), w.f32(m.turnRate);
        w.floats(g.sway);
    }
    return {kGoals, std::move(w.bytes())};
}

Section settingsSection(const BakedSpaceFile& b) {
    ByteWriter w;
    const LocomotionSettings& l = b.locomotion;
    w.f32(l.styleIncrement);
    w.f32(l.styleTransitionSeconds);
    w.f32(l.maxBlendRate);
    w.u8(l.footLock ? 1 : 0);
    w.f32(l.footLockHeight);
    w.i32(l.footLockFadeInFrames);
    w.i32(l.footLockFadeOutFrames);
    w.f32(l.footLockMaxOffset);
    w.f32(l.footLockMaxSpeed);
    w.f32(l.footLockReturnSpeed);
    w.f32(l.ik.softness);
    w.f32(l.ik.maxExtension);
    const SteerSettings& s = b.steer;
    w.u8(static_cast<std::uint8_t>(s.pick));
    w.i32(s.lookAhead);
    w.i32(s.lookAheadBeam);
    w.u8(s.intercept ? 1 : 0);
    w.f32(s.arrivalRadius);
    w.f32(s.commitment);
    w.f32(s.movingCommitment);
    w.u8(s.interpolateFans ? 1 : 0);
    w.i32(s.neighbours);
    w.u8(s.escapeTurningCircle ? 1 : 0);
    w.f32(s.turningCircleMargin);
    w.f32(s.escapeExitFactor);
    w.u8(s.preferTighterStyles ? 1 : 0);
    return {kSettings, std::move(w.bytes())};
}

// ---- reading ----

bool finite(float v) { return std::isfinite(v); }
bool finite(const glm::vec3& v) { return finite(v.x) && finite(v.y) && finite(v.z); }
bool unitQuat(const glm::quat& q) {
    const float n = q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z;
    return std::isfinite(n) && std::abs(n - 1.0f) < 1e-3f;
}
bool allFinite(const std::vector<float>& v) {
    for (float x : v)
        if (!finite(x)) return false;
    return true;
}
bool increasing(const std::vector<float>& v) {
    for (size_t i = 1; i < v.size(); ++i)
        if (!(v[i] > v[i - 1])) return false;
    return true;
}
bool flag(ByteReader& r, const char* what) {
    const std::uint8_t v = r.u8(what);
    if (v > 1) r.fail(std::string(what) + " must be 0 or 1, not " + std::to_string(v));
    return v == 1;
}

// A section's reader: the reader fails with a sentence, prefixed with the section by the caller.
Status finish(const ByteReader& r, const char* section) {
    if (!r.ok()) return Status::error(std::string("section '") + section + "': " + r.error());
    if (r.remaining() != 0)
        return Status::error(std::string("section '") + section + "' has " +
                             std::to_string(r.remaining()) + " bytes past its end");
    return Status::ok();
}

Status readSkeleton(std::span<const std::uint8_t> bytes, Skeleton& s) {
    ByteReader r(bytes);
    const std::uint32_t n = r.count("the joint count", limits::kMaxJoints, 4);
    if (r.ok() && n == 0) r.fail("the skeleton has no joints");
    for (std::uint32_t j = 0; j < n && r.ok(); ++j)
        s.names.push_back(r.string("a joint name", limits::kMaxGSpaceName));
    s.parents = r.ints("the parents", limits::kMaxJoints);
    s.restOffsets = r.vec3s("the rest offsets", limits::kMaxJoints);
    s.restRotations = r.quats("the rest rotations", limits::kMaxJoints);
    s.tipOffsets = r.vec3s("the tip offsets", limits::kMaxJoints);
    if (Status st = finish(r, "SKEL"); !st) return st;
    if (Status st = s.validate(); !st) return st.withContext("section 'SKEL'");
    for (int j = 0; j < s.jointCount(); ++j)
        if (!unitQuat(s.restRotations[j]) || !finite(s.tipOffsets[j]))
            return Status::error("section 'SKEL': joint '" + s.names[j] +
                                 "' has a bad rest rotation or tip");
    return Status::ok();
}

Status readClip(ByteReader& r, BakedClip& c, int joints) {
    c.name = r.string("a clip name", limits::kMaxGSpaceName);
    c.frames = r.i32("a clip's frame count");
    if (r.ok() &&
        (c.frames < 3 || static_cast<std::size_t>(c.frames) > limits::kMaxGSpaceLoopFrames))
        r.fail("clip '" + c.name + "': frame count " + std::to_string(c.frames) + " is outside 3-" +
               std::to_string(limits::kMaxGSpaceLoopFrames));
    c.rotations = r.quats("a clip's rotations", limits::kMaxGSpaceLoopFrames * limits::kMaxJoints);
    c.rootHeight = r.floats("a clip's root heights", limits::kMaxGSpaceLoopFrames);
    c.step = r.vec3s("a clip's root steps", limits::kMaxGSpaceLoopFrames);
    const std::uint32_t strikes = r.count("a clip's strikes", limits::kMaxGSpaceLoopFrames, 8);
    for (std::uint32_t i = 0; i < strikes && r.ok(); ++i) {
        const int f = r.i32("a strike"), foot = r.i32("a strike");
        c.strikes.emplace_back(f, foot);
    }
    c.leftContact = r.floats("a clip's left contacts", limits::kMaxGSpaceLoopFrames);
    c.rightContact = r.floats("a clip's right contacts", limits::kMaxGSpaceLoopFrames);
    c.warp = r.floats("a clip's time warp", limits::kMaxGSpaceLoopFrames + 1);
    for (float* v : {&c.curvature, &c.speed, &c.turnRate, &c.periodFrames, &c.seamErrorM,
                     &c.seamErrorDeg, &c.seamStepRatio, &c.registrationResidual})
        *v = r.f32("a clip's figures");
    if (!r.ok()) return Status::ok();  // reported by the caller

    const std::string ctx = "clip '" + c.name + "'";
    const std::size_t frames = static_cast<std::size_t>(c.frames);
    if (c.rotations.size() != frames * static_cast<std::size_t>(joints) ||
        c.rootHeight.size() != frames || c.step.size() != frames - 1 ||
        c.leftContact.size() != frames || c.rightContact.size() != frames)
        return Status::error(ctx + ": array sizes do not match its " + std::to_string(c.frames) +
                             " frames");
    for (const glm::quat& q : c.rotations)
        if (!unitQuat(q)) return Status::error(ctx + ": a rotation is not a unit quaternion");
    for (const glm::vec3& s : c.step)
        if (!finite(s)) return Status::error(ctx + ": a root step is not finite");
    if (!allFinite(c.rootHeight) || !allFinite(c.warp))
        return Status::error(ctx + ": a root height or time warp value is not finite");
    for (const auto* contacts : {&c.leftContact, &c.rightContact})
        for (float v : *contacts)
            if (!(v >= 0.0f && v <= 1.0f))
                return Status::error(ctx + ": a foot contact is outside [0, 1]");
    for (const glm::ivec2& s : c.strikes)
        if (s.x < 0 || s.x >= c.frames || (s.y != 0 && s.y != 1))
            return Status::error(ctx + ": a foot strike is out of range");
    if (!increasing(c.warp) || c.warp.empty() || c.warp.front() < -1e-3f ||
        c.warp.back() > static_cast<float>(c.frames - 1) + 1e-3f)
        return Status::error(ctx + ": the time warp is not increasing within the loop");
    for (float v : {c.curvature, c.speed, c.turnRate, c.periodFrames, c.seamErrorM, c.seamErrorDeg,
                    c.seamStepRatio, c.registrationResidual})
        if (!finite(v)) return Status::error(ctx + ": a figure is not finite");
    return Status::ok();
}

Status readSpaces(std::span<const std::uint8_t> bytes, const Skeleton& skeleton,
                  std::uint32_t expected, std::vector<BakedMotionSpace>& spaces) {
    ByteReader r(bytes);
    const std::uint32_t n = r.count("the space count", kMaxSpaces, 4);
    if (r.ok() && n != expected)
        r.fail("holds " + std::to_string(n) + " spaces, INFO says " + std::to_string(expected));
    spaces.resize(r.ok() ? n : 0);
    for (BakedMotionSpace& m : spaces) {
        m.skeleton = skeleton;
        m.name = r.string("a space name", limits::kMaxGSpaceName);
        m.fps = r.f32("a space's rate");
        m.reference = r.i32("a space's reference");
        m.cycles = r.i32("a space's cycles");
        m.startFrames = r.ints("a space's start frames", limits::kMaxGSpaceLoopFrames);
        m.leftStrikes = r.ints("a space's left strikes", limits::kMaxGSpaceLoopFrames);
        m.rightStrikes = r.ints("a space's right strikes", limits::kMaxGSpaceLoopFrames);
        m.floorHeight = r.f32("a space's floor");
        m.leftToe = r.i32("a space's left toe");
        m.rightToe = r.i32("a space's right toe");
        const std::uint32_t clips =
            r.count("a space's clip count", limits::kMaxGSpaceClipsPerSpace, 4);
        m.clips.resize(r.ok() ? clips : 0);
        for (BakedClip& c : m.clips) {
            if (Status st = readClip(r, c, skeleton.jointCount()); !st)
                return st.withContext("section 'SPAC', space '" + m.name + "'");
            if (!r.ok()) break;
        }
        if (!r.ok()) break;
        const std::string ctx = "section 'SPAC', space '" + m.name + "'";
        if (!ranges::fps(m.fps))
            return Status::error(ctx + ": rate outside " + ranges::text(limits::kMinFps) + "-" +
                                 ranges::text(limits::kMaxFps) + " fps");
        if (m.cycles < 1 || m.cycles > 64) return Status::error(ctx + ": cycles outside 1-64");
        if (!finite(m.floorHeight)) return Status::error(ctx + ": floor height is not finite");
        for (int toe : {m.leftToe, m.rightToe})
            if (toe < -1 || toe >= skeleton.jointCount())
                return Status::error(ctx + ": toe joint out of range");
        if (Status st = m.validate(); !st) return st.withContext("section 'SPAC'");
        const int L = m.referenceCycleFrames();
        for (const auto* list : {&m.startFrames, &m.leftStrikes, &m.rightStrikes})
            for (int f : *list)
                if (f < 0 || f > L)
                    return Status::error(ctx + ": a start frame or strike lies outside the loop");
        if (m.startFrames.empty()) return Status::error(ctx + ": no start frames");
    }
    return finish(r, "SPAC");
}

Status readPhase(std::span<const std::uint8_t> bytes, BakedBehavioralSpace& bs) {
    ByteReader r(bytes);
    const std::size_t spaces = bs.spaces.size();
    const std::size_t knots = limits::kMaxGSpaceLoopFrames + 1;
    const std::uint32_t n = r.count("the phase maps", kMaxSpaces, 4);
    if (r.ok() && n != spaces)
        r.fail("holds " + std::to_string(n) + " phase maps for " + std::to_string(spaces) +
               " spaces");
    for (std::uint32_t s = 0; s < n && r.ok(); ++s)
        bs.phaseMap.push_back(r.floats("a phase map", knots));
    bs.crossResidual = r.floats("the cross residuals", kMaxSpaces);
    const std::uint32_t cn = r.count("the clip cross registrations", kMaxSpaces, 4);
    if (r.ok() && cn != 0 && cn != spaces)
        r.fail("holds clip cross registrations for " + std::to_string(cn) + " spaces");
    for (std::uint32_t s = 0; s < cn && r.ok(); ++s) {
        const std::uint32_t m =
            r.count("a space's clip cross registrations", limits::kMaxGSpaceClipsPerSpace, 4);
        bs.clipPhaseMap.emplace_back();
        for (std::uint32_t c = 0; c < m && r.ok(); ++c)
            bs.clipPhaseMap.back().push_back(r.floats("a clip cross registration", knots));
    }
    if (Status st = finish(r, "PHAS"); !st) return st;
    if (!bs.crossResidual.empty() && bs.crossResidual.size() != spaces)
        return Status::error("section 'PHAS': cross residuals do not match the spaces");
    if (!allFinite(bs.crossResidual))
        return Status::error("section 'PHAS': a cross residual is not finite");
    for (size_t s = 0; s < bs.phaseMap.size(); ++s) {
        const float L = static_cast<float>(bs.spaces[s].referenceCycleFrames());
        auto inRange = [&](const std::vector<float>& m) {
            return allFinite(m) && increasing(m) && !m.empty() && m.front() >= -1e-3f &&
                   m.back() <= L + 1e-3f;
        };
        if (!inRange(bs.phaseMap[s]))
            return Status::error("section 'PHAS': the phase map of space '" + bs.spaces[s].name +
                                 "' is not increasing within its loop");
        if (!bs.clipPhaseMap.empty())
            for (const auto& m : bs.clipPhaseMap[s])
                if (!inRange(m))
                    return Status::error("section 'PHAS': a clip cross registration of space '" +
                                         bs.spaces[s].name + "' is not increasing within its loop");
    }
    return Status::ok();
}

Status readGoals(std::span<const std::uint8_t> bytes, const BakedBehavioralSpace& bs,
                 std::vector<GoalSpace>& goals) {
    ByteReader r(bytes);
    const std::uint32_t n = r.count("the goal spaces", kMaxSpaces, 4);
    if (r.ok() && n != 0 && n != bs.spaces.size())
        r.fail("holds " + std::to_string(n) + " goal spaces for " +
               std::to_string(bs.spaces.size()) + " spaces");
    goals.resize(r.ok() ? n : 0);
    for (size_t s = 0; s < goals.size() && r.ok(); ++s) {
        GoalSpace& g = goals[s];
        g.startBlends = r.i32("a goal space's Y");
        g.endBlends = r.i32("a goal space's Z");
        g.horizon = r.i32("a goal space's F");
        g.maxBlendRate = r.f32("a goal space's blend rate");
        g.startFrames = r.floats("a goal space's start frames", limits::kMaxGSpaceLoopFrames);
        const std::uint32_t samples =
            r.count("a goal space's samples", limits::kMaxGSpaceGoalSamples, 12);
        g.samples.resize(r.ok() ? samples : 0);
        for (GoalSample& p : g.samples) {
            p.x = r.f32("a goal sample");
            p.z = r.f32("a goal sample");
            p.heading = r.f32("a goal sample");
        }
        for (GoalSpaceMotion* m : {&g.left, &g.right, &g.straight}) {
            m->speed = r.f32("a goal space's measured motion");
            m->turnRate = r.f32("a goal space's measured motion");
        }
        g.sway = r.floats("a goal space's sway", limits::kMaxGSpaceLoopFrames);
        if (!r.ok()) break;
        const std::string ctx = "section 'GOAL', space '" + bs.spaces[s].name + "'";
        if (g.startBlends < 2 || g.startBlends > 1000 || g.endBlends < 2 || g.endBlends > 1000 ||
            g.horizon < 1 || g.horizon > 100000)
            return Status::error(ctx + ": Y, Z or F out of range");
        if (!(g.maxBlendRate > 0.0f && g.maxBlendRate <= 1.0f))
            return Status::error(ctx + ": blend rate outside (0, 1]");
        if (Status st = g.validate(); !st) return st.withContext(ctx);
        const float L = static_cast<float>(bs.spaces[s].referenceCycleFrames());
        for (float f : g.startFrames)
            if (!(f >= 0.0f && f <= L))
                return Status::error(ctx + ": a start frame lies outside the loop");
        for (const GoalSample& p : g.samples)
            if (!finite(p.x) || !finite(p.z) || !finite(p.heading))
                return Status::error(ctx + ": a sample is not finite");
    }
    return finish(r, "GOAL");
}

Status readSettings(std::span<const std::uint8_t> bytes, bool hasMovingCommitment,
                    BakedSpaceFile& b) {
    ByteReader r(bytes);
    LocomotionSettings& l = b.locomotion;
    l.styleIncrement = r.f32("the style increment");
    l.styleTransitionSeconds = r.f32("the style transition");
    l.maxBlendRate = r.f32("the blend rate");
    l.footLock = flag(r, "the foot lock flag");
    l.footLockHeight = r.f32("the foot lock height");
    l.footLockFadeInFrames = r.i32("the foot lock fade-in");
    l.footLockFadeOutFrames = r.i32("the foot lock fade-out");
    l.footLockMaxOffset = r.f32("the foot lock offset limit");
    l.footLockMaxSpeed = r.f32("the foot lock speed limit");
    l.footLockReturnSpeed = r.f32("the foot lock return speed");
    l.ik.softness = r.f32("the IK softness");
    l.ik.maxExtension = r.f32("the IK extension limit");
    SteerSettings& s = b.steer;
    const std::uint8_t pick = r.u8("the pick rule");
    if (pick > 2) r.fail("the pick rule must be 0-2, not " + std::to_string(pick));
    s.pick = static_cast<SteerSettings::Pick>(pick);
    s.lookAhead = r.i32("the look-ahead");
    s.lookAheadBeam = r.i32("the look-ahead beam");
    s.intercept = flag(r, "the intercept flag");
    s.arrivalRadius = r.f32("the arrival radius");
    s.commitment = r.f32("the commitment");
    s.movingCommitment =
        hasMovingCommitment ? r.f32("the moving-goal commitment") : kV1MovingCommitment;
    s.interpolateFans = flag(r, "the fan interpolation flag");
    s.neighbours = r.i32("the neighbour count");
    s.escapeTurningCircle = flag(r, "the escape flag");
    s.turningCircleMargin = r.f32("the turning-circle margin");
    s.escapeExitFactor = r.f32("the escape exit factor");
    s.preferTighterStyles = flag(r, "the tighter-style flag");
    if (Status st = finish(r, "SETT"); !st) return st;
    if (Status st = l.validate(); !st) return st.withContext("section 'SETT'");
    if (Status st = s.validate(); !st) return st.withContext("section 'SETT'");
    return Status::ok();
}

}  // namespace

Status BakedSpaceFile::validate() const {
    if (Status s = space.validate(); !s) return s;
    if (!goalSpaces.empty() && goalSpaces.size() != space.spaces.size())
        return Status::error("there is not one goal space per motion space");
    for (const GoalSpace& g : goalSpaces)
        if (Status s = g.validate(); !s) return s;
    if (Status s = locomotion.validate(); !s) return s;
    return steer.validate();
}

std::vector<std::uint8_t> writeGSpace(const BakedSpaceFile& b) {
    std::vector<Section> sections = {
        infoSection(b),        skeletonSection(b.space.skeleton), spacesSection(b.space),
        phaseSection(b.space), goalSection(b.goalSpaces),         settingsSection(b)};
    if (Section t = transitionSection(b); !t.bytes.empty()) sections.push_back(std::move(t));
    return packSections(sections, kGSpaceVersion);
}

Expected<BakedSpaceFile> readGSpace(std::span<const std::uint8_t> bytes) {
    if (bytes.size() > limits::kMaxGSpaceBytes) return Status::error("larger than the 1 GiB limit");
    Expected<SectionTable> table = unpackSections(bytes, kGSpaceVersion, "gspace");
    if (!table) return table.status();
    for (std::uint32_t tag : {kInfo, kSkeleton, kSpaces, kPhase, kGoals, kSettings})
        if (!table->find(tag))
            return Status::error("section '" + sectionTagName(tag) + "' is missing");
    // Version 1: which of its layouts, from the settings' length (before anything is parsed, so
    // that a layout this build does not read is named as such).
    bool hasMovingCommitment = true;
    if (table->version == 1) {
        const std::size_t settings = table->find(kSettings)->bytes.size();
        const std::size_t current = settingsSection(BakedSpaceFile{}).bytes.size(),
                          older = current - 4;
        if (settings != current && settings != older)
            return Status::error(
                "gspace format version 1 with a " + std::to_string(settings) +
                "-byte 'SETT' section (its first layout) is older than this build reads "
                "(version 1 with " +
                std::to_string(older) + " or " + std::to_string(current) +
                " bytes there, and version " + std::to_string(kGSpaceVersion) + "): bake it again");
        hasMovingCommitment = settings == current;
    }

    BakedSpaceFile b;
    b.formatVersion = table->version;
    BakedBehavioralSpace& bs = b.space;
    ByteReader info(table->find(kInfo)->bytes);
    bs.name = info.string("the name", limits::kMaxGSpaceName);
    bs.fps = info.f32("the rate");
    bs.floorHeight = info.f32("the floor height");
    bs.leftToe = info.i32("the left toe");
    bs.rightToe = info.i32("the right toe");
    const std::uint32_t spaceCount = info.u32("the space count");
    if (Status st = finish(info, "INFO"); !st) return st;
    if (!ranges::fps(bs.fps))
        return Status::error("section 'INFO': rate " + ranges::text(bs.fps) + " is outside " +
                             ranges::text(limits::kMinFps) + "-" + ranges::text(limits::kMaxFps) +
                             " fps");
    if (!ranges::height(bs.floorHeight))
        return Status::error("section 'INFO': floor height is outside +-" +
                             ranges::text(limits::kMaxHeightM) + " m");
    if (spaceCount < 1 || spaceCount > kMaxSpaces)
        return Status::error("section 'INFO': space count " + std::to_string(spaceCount) +
                             " is outside 1-" + std::to_string(kMaxSpaces));

    if (Status st = readSkeleton(table->find(kSkeleton)->bytes, bs.skeleton); !st) return st;
    for (int toe : {bs.leftToe, bs.rightToe})
        if (toe < -1 || toe >= bs.skeleton.jointCount())
            return Status::error("section 'INFO': toe joint out of range");
    if (Status st = readSpaces(table->find(kSpaces)->bytes, bs.skeleton, spaceCount, bs.spaces);
        !st)
        return st;
    if (Status st = readPhase(table->find(kPhase)->bytes, bs); !st) return st;
    if (Status st = readGoals(table->find(kGoals)->bytes, bs, b.goalSpaces); !st) return st;
    if (Status st = readSettings(table->find(kSettings)->bytes, hasMovingCommitment, b); !st)
        return st;
    if (const SectionView* t = table->find(sectionTag("TRAN"))) {
        if (table->version < kFirstVersionWithTransitions)
            return Status::error("section 'TRAN' in a version " + std::to_string(table->version) +
                                 " file: transitions came with version " +
                                 std::to_string(kFirstVersionWithTransitions));
        if (Status st = readTransitionSection(t->bytes, b); !st) return st;
    }
    for (const SectionView& s : table->sections)
        if (!knownSection(s.tag))
            return Status::error("section '" + sectionTagName(s.tag) +
                                 "' is not one of this format's");
    if (Status st = b.validate(); !st) return st;
    prepareRuntime(b.space);
    return b;
}

Status saveGSpace(const BakedSpaceFile& baked, const std::string& path) {
    if (Status s = baked.validate(); !s) return s.withContext(path);
    return writeFileAtomically(writeGSpace(baked), path);
}

Expected<BakedSpaceFile> loadGSpace(const std::string& path) {
    auto bytes =
        readRegularFileBytes(path, limits::kMaxGSpaceBytes, "the 1 GiB limit of a baked space");
    if (!bytes) return bytes.status();
    Expected<BakedSpaceFile> b = readGSpace(*bytes);
    if (!b) return b.status().withContext(path);
    return b;
}

}  // namespace gs

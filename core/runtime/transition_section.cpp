#include "core/runtime/transition_section.h"

#include <cmath>
#include <string>

#include "core/runtime/byte_stream.h"

namespace gs {
namespace {

constexpr std::uint32_t kTransitions = sectionTag("TRAN");
// At most this many stops and starts per space, and joins per transition.
constexpr std::size_t kMaxTransitionsPerSpace = 64;
constexpr std::size_t kMaxJoins = 100000;

void writeTransition(ByteWriter& w, const BakedTransition& t) {
    w.string(t.name);
    w.i32(t.frames);
    w.quats(t.rotations);
    w.floats(t.rootHeight);
    w.vec3s(t.step);
    w.floats(t.leftContact);
    w.floats(t.rightContact);
    w.i32(t.stillFrame);
    w.i32(t.handover);
    w.f32(t.speed);
    w.u32(static_cast<std::uint32_t>(t.joins.size()));
    for (const TransitionJoin& j : t.joins) {
        w.f32(j.loopFrame);
        w.f32(j.clipFrame);
        w.vec3(j.offset);
        w.f32(j.cost);
        w.i32(j.foot);
    }
}

bool finite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// Reads one transition; its ranges are checked by the caller (BakedTransition::validate) once
// the arrays' sizes and values are known to be sound.
Status readTransition(ByteReader& r, BakedTransition& t, int joints) {
    t.name = r.string("a transition's name", limits::kMaxGSpaceName);
    t.frames = r.i32("a transition's frame count");
    if (r.ok() &&
        (t.frames < 2 || static_cast<std::size_t>(t.frames) > limits::kMaxGSpaceLoopFrames))
        r.fail("transition '" + t.name + "': frame count " + std::to_string(t.frames) +
               " is outside 2-" + std::to_string(limits::kMaxGSpaceLoopFrames));
    t.rotations =
        r.quats("a transition's rotations", limits::kMaxGSpaceLoopFrames * limits::kMaxJoints);
    t.rootHeight = r.floats("a transition's root heights", limits::kMaxGSpaceLoopFrames);
    t.step = r.vec3s("a transition's root steps", limits::kMaxGSpaceLoopFrames);
    t.leftContact = r.floats("a transition's left contacts", limits::kMaxGSpaceLoopFrames);
    t.rightContact = r.floats("a transition's right contacts", limits::kMaxGSpaceLoopFrames);
    t.stillFrame = r.i32("a transition's still frame");
    t.handover = r.i32("a transition's hand-over");
    t.speed = r.f32("a transition's speed");
    const std::uint32_t joins = r.count("a transition's joins", kMaxJoins, 28);
    t.joins.resize(r.ok() ? joins : 0);
    for (TransitionJoin& j : t.joins) {
        j.loopFrame = r.f32("a join");
        j.clipFrame = r.f32("a join");
        j.offset = r.vec3("a join");
        j.cost = r.f32("a join");
        j.foot = r.i32("a join");
    }
    if (!r.ok()) return Status::ok();  // reported by the caller
    const std::string ctx = "transition '" + t.name + "'";
    const std::size_t n = static_cast<std::size_t>(t.frames);
    if (t.rotations.size() != n * static_cast<std::size_t>(joints) || t.rootHeight.size() != n ||
        t.step.size() != n - 1 || t.leftContact.size() != n || t.rightContact.size() != n)
        return Status::error(ctx + ": array sizes do not match its " + std::to_string(t.frames) +
                             " frames");
    for (const glm::quat& q : t.rotations) {
        const float len = q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z;
        if (!std::isfinite(len) || std::abs(len - 1.0f) >= 1e-3f)
            return Status::error(ctx + ": a rotation is not a unit quaternion");
    }
    for (const glm::vec3& s : t.step)
        if (!finite(s)) return Status::error(ctx + ": a root step is not finite");
    for (float h : t.rootHeight)
        if (!std::isfinite(h)) return Status::error(ctx + ": a root height is not finite");
    for (const auto* contacts : {&t.leftContact, &t.rightContact})
        for (float v : *contacts)
            if (!(v >= 0.0f && v <= 1.0f))
                return Status::error(ctx + ": a foot contact is outside [0, 1]");
    return Status::ok();
}

}  // namespace

Section transitionSection(const BakedSpaceFile& b) {
    bool any = false;
    for (const BakedMotionSpace& m : b.space.spaces)
        any = any || !m.stops.empty() || !m.starts.empty();
    const ArrivalSettings& a = b.locomotion.arrival;
    const ArrivalSettings defaults;
    if (!any && a.fadeSeconds == defaults.fadeSeconds &&
        a.startFadeSeconds == defaults.startFadeSeconds &&
        a.maxCorrection == defaults.maxCorrection && a.maxStartTurn == defaults.maxStartTurn &&
        a.standRadius == defaults.standRadius && a.styleSeconds == defaults.styleSeconds)
        return {kTransitions, {}};
    ByteWriter w;
    for (float v : {a.fadeSeconds, a.startFadeSeconds, a.maxCorrection, a.maxStartTurn,
                    a.standRadius, a.styleSeconds})
        w.f32(v);
    w.u32(static_cast<std::uint32_t>(b.space.spaces.size()));
    for (const BakedMotionSpace& m : b.space.spaces)
        for (const auto* list : {&m.stops, &m.starts}) {
            w.u32(static_cast<std::uint32_t>(list->size()));
            for (const BakedTransition& t : *list) writeTransition(w, t);
        }
    return {kTransitions, std::move(w.bytes())};
}

Status readTransitionSection(std::span<const std::uint8_t> bytes, BakedSpaceFile& b) {
    ByteReader r(bytes);
    ArrivalSettings& a = b.locomotion.arrival;
    for (float* v : {&a.fadeSeconds, &a.startFadeSeconds, &a.maxCorrection, &a.maxStartTurn,
                     &a.standRadius, &a.styleSeconds})
        *v = r.f32("the arrival settings");
    const std::uint32_t spaces = r.count("the space count", kMaxSpaces, 8);
    if (r.ok() && spaces != b.space.spaces.size())
        r.fail("holds " + std::to_string(spaces) + " spaces, INFO says " +
               std::to_string(b.space.spaces.size()));
    const int joints = b.space.skeleton.jointCount();
    for (std::uint32_t s = 0; s < spaces && r.ok(); ++s) {
        BakedMotionSpace& m = b.space.spaces[s];
        for (auto [list, kind] : {std::pair{&m.stops, BakedTransition::Kind::Stop},
                                  std::pair{&m.starts, BakedTransition::Kind::Start}}) {
            const std::uint32_t n =
                r.count("a space's transition count", kMaxTransitionsPerSpace, 4);
            list->resize(r.ok() ? n : 0);
            for (BakedTransition& t : *list) {
                t.kind = kind;
                if (Status st = readTransition(r, t, joints); !st)
                    return st.withContext("section 'TRAN', space '" + m.name + "'");
                if (!r.ok()) break;
                const std::string ctx = "section 'TRAN', space '" + m.name + "'";
                for (const TransitionJoin& j : t.joins)
                    if (!std::isfinite(j.loopFrame) || !std::isfinite(j.clipFrame) ||
                        !std::isfinite(j.cost))
                        return Status::error(ctx + ", transition '" + t.name +
                                             "': a join is not finite");
                deriveTransition(t);
                if (Status st = t.validate(joints, m.referenceCycleFrames()); !st)
                    return st.withContext(ctx);
            }
            if (!r.ok()) break;
        }
    }
    if (!r.ok()) return Status::error("section 'TRAN': " + r.error());
    if (r.remaining() != 0)
        return Status::error("section 'TRAN' has " + std::to_string(r.remaining()) +
                             " bytes past its end");
    if (Status st = a.validate(); !st) return st.withContext("section 'TRAN'");
    return Status::ok();
}

}  // namespace gs

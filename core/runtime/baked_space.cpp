#include <gaitspace/runtime/baked_space.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include <gaitspace/runtime/kinematics.h>
#include <gaitspace/runtime/legs.h>
#include <gaitspace/runtime/warp_table.h>

#include "core/runtime/value_ranges.h"
#include "core/runtime/warp_lookup.h"

namespace gs {

float BakedMotionSpace::curvatureAt(float blend) const {
    const float lo = clips.front().curvature, hi = clips.back().curvature;
    return lo + (hi - lo) * std::clamp(blend, 0.0f, 1.0f);
}

void BakedMotionSpace::clipWeights(float blend, int& c0, int& c1, float& w0, float& w1) const {
    const int n = static_cast<int>(clips.size());
    const float k = curvatureAt(blend);
    c0 = 0;
    while (c0 + 2 < n && clips[c0 + 1].curvature <= k) ++c0;
    c1 = c0 + 1;
    const float span = clips[c1].curvature - clips[c0].curvature;
    w1 = span > 0.0f ? std::clamp((k - clips[c0].curvature) / span, 0.0f, 1.0f) : 0.0f;
    w0 = 1.0f - w1;
}

float BakedMotionSpace::blendOf(int clip) const {
    const float lo = clips.front().curvature, hi = clips.back().curvature;
    return hi > lo ? std::clamp((clips[clip].curvature - lo) / (hi - lo), 0.0f, 1.0f) : 0.5f;
}

namespace {

std::string limitText(std::size_t limit) { return std::to_string(limit); }

// A looped clip's values against the named limits; ctx names the space and the clip.
Status clipValuesInRange(const BakedClip& c, const std::string& ctx) {
    if (static_cast<std::size_t>(c.frames) > limits::kMaxGSpaceLoopFrames)
        return Status::error(ctx + " has " + std::to_string(c.frames) +
                             " frames, above the limit of " +
                             limitText(limits::kMaxGSpaceLoopFrames));
    for (float h : c.rootHeight)
        if (!ranges::height(h))
            return Status::error(ctx + ": a root height is outside +-" +
                                 std::to_string(int(limits::kMaxHeightM)) + " m");
    for (const glm::vec3& s : c.step)
        if (!ranges::groundMove(s, limits::kMaxStepM))
            return Status::error(ctx + ": a root step is longer than " +
                                 std::to_string(int(limits::kMaxStepM)) +
                                 " m or turns more than half a turn");
    if (!ranges::speed(c.speed) || !ranges::turnRate(c.turnRate))
        return Status::error(ctx + ": its speed or turn rate is outside 0-" +
                             std::to_string(int(limits::kMaxSpeedMps)) + " m/s, +-" +
                             std::to_string(int(limits::kMaxTurnRate)) + " rad/s");
    return Status::ok();
}

// A space's stops or starts: within the count limit, each named once.
Status transitionsListed(const std::vector<BakedTransition>& list, const std::string& ctx,
                         const char* kind) {
    if (list.size() > limits::kMaxGSpaceTransitionsPerSpace)
        return Status::error(ctx + " has " + std::to_string(list.size()) + " " + kind +
                             "s, above the limit of " +
                             limitText(limits::kMaxGSpaceTransitionsPerSpace));
    for (std::size_t i = 0; i < list.size(); ++i)
        for (std::size_t k = 0; k < i; ++k)
            if (list[i].name == list[k].name)
                return Status::error(ctx + " lists the " + kind + " '" + list[i].name + "' twice");
    return Status::ok();
}

}  // namespace

Status BakedMotionSpace::validate() const {
    if (clips.size() < 2)
        return Status::error("motion space '" + name + "' has fewer than 2 clips");
    if (clips.size() > limits::kMaxGSpaceClipsPerSpace)
        return Status::error("motion space '" + name + "' has " + std::to_string(clips.size()) +
                             " clips, above the limit of " +
                             limitText(limits::kMaxGSpaceClipsPerSpace));
    if (name.size() > limits::kMaxGSpaceName)
        return Status::error("motion space name is longer than " +
                             limitText(limits::kMaxGSpaceName) + " bytes");
    if (!ranges::fps(fps))
        return Status::error("motion space '" + name + "': its rate is outside " +
                             std::to_string(int(limits::kMinFps)) + "-" +
                             std::to_string(int(limits::kMaxFps)) + " fps");
    if (!ranges::height(floorHeight))
        return Status::error("motion space '" + name + "': its floor height is outside +-" +
                             std::to_string(int(limits::kMaxHeightM)) + " m");
    for (int toe : {leftToe, rightToe})
        if (toe < -1 || toe >= skeleton.jointCount())
            return Status::error("motion space '" + name + "': a toe joint is out of range");
    if (reference < 0 || reference >= static_cast<int>(clips.size()))
        return Status::error("motion space '" + name + "' has no reference clip");
    const size_t joints = static_cast<size_t>(skeleton.jointCount());
    const int referenceFrames = clips[reference].cycleFrames();
    for (const BakedClip& c : clips) {
        if (c.frames < 3 || c.rotations.size() != joints * c.frames ||
            c.rootHeight.size() != static_cast<size_t>(c.frames) ||
            c.step.size() != static_cast<size_t>(c.cycleFrames()) ||
            c.leftContact.size() != static_cast<size_t>(c.frames) ||
            c.rightContact.size() != static_cast<size_t>(c.frames) ||
            c.warp.size() != static_cast<size_t>(referenceFrames + 1))
            return Status::error("motion space '" + name + "': clip '" + c.name +
                                 "' is inconsistent");
        for (size_t i = 1; i < c.warp.size(); ++i)
            if (!(c.warp[i] > c.warp[i - 1]))
                return Status::error("motion space '" + name + "': clip '" + c.name +
                                     "' has a time warp that is not increasing");
        if (Status s = clipValuesInRange(c, "motion space '" + name + "': clip '" + c.name + "'");
            !s)
            return s;
    }
    if (Status s = transitionsListed(stops, "motion space '" + name + "'", "stop"); !s) return s;
    if (Status s = transitionsListed(starts, "motion space '" + name + "'", "start"); !s) return s;
    for (const auto* list : {&stops, &starts})
        for (const BakedTransition& t : *list)
            if (Status s = t.validate(static_cast<int>(joints), referenceFrames); !s)
                return s.withContext("motion space '" + name + "'");
    return Status::ok();
}

int BakedBehavioralSpace::spaceIndex(const std::string& spaceName) const {
    for (size_t s = 0; s < spaces.size(); ++s)
        if (spaces[s].name == spaceName) return static_cast<int>(s);
    return -1;
}

float BakedBehavioralSpace::spacePhase(int s, float phi, int c0, int c1, float w0, float w1) const {
    return detail::spacePhaseOf(*this, s, phi, c0, c1, w0, w1);
}

float BakedBehavioralSpace::masterPhase(int s, float u, int c0, int c1, float w0, float w1) const {
    if (clipPhaseMap.empty()) return warpInverse(phaseMap[s], u);
    return warpInverse(clipPhaseMap[s][c0], clipPhaseMap[s][c1], w0, w1, u);
}

float BakedBehavioralSpace::masterPhase(int s, float u, int c0, int c1, float w0, float w1,
                                        int& hint) const {
    if (clipPhaseMap.empty()) return warpInverse(phaseMap[s], phaseMap[s], 1.0f, 0.0f, u, hint);
    return warpInverse(clipPhaseMap[s][c0], clipPhaseMap[s][c1], w0, w1, u, hint);
}

bool BakedBehavioralSpace::runtimePrepared() const {
    const BakedRuntimeData& r = runtime;
    if (r.joints != skeleton.jointCount() || r.aligned.size() != static_cast<size_t>(r.joints) ||
        r.spaceFirstClip.size() != spaces.size())
        return false;
    size_t clip = 0, offset = 0;
    for (size_t s = 0; s < spaces.size(); ++s) {
        if (r.spaceFirstClip[s] != static_cast<int>(clip)) return false;
        for (const BakedClip& c : spaces[s].clips) {
            if (clip >= r.clipOffset.size() || r.clipOffset[clip] != offset) return false;
            offset += c.rotations.size();
            ++clip;
        }
    }
    if (clip != r.clipOffset.size() ||
        r.alignedWithTransitions.size() != static_cast<size_t>(r.joints))
        return false;
    size_t transition = 0;
    for (const BakedMotionSpace& ms : spaces)
        for (const auto* list : {&ms.stops, &ms.starts})
            for (const BakedTransition& t : *list) {
                if (transition >= r.transitionOffset.size() ||
                    r.transitionOffset[transition] != offset)
                    return false;
                offset += t.rotations.size();
                ++transition;
            }
    return transition == r.transitionOffset.size() && offset == r.rotations.size() &&
           offset == r.signs.size();
}

void prepareRuntime(BakedBehavioralSpace& bs) {
    BakedRuntimeData r;
    const int joints = bs.skeleton.jointCount();
    r.joints = joints;
    size_t total = 0;
    for (const BakedMotionSpace& ms : bs.spaces) {
        r.spaceFirstClip.push_back(static_cast<int>(r.clipOffset.size()));
        for (const BakedClip& c : ms.clips) {
            r.clipOffset.push_back(total);
            total += c.rotations.size();
        }
    }
    const size_t loopTotal = total;
    for (const BakedMotionSpace& ms : bs.spaces)
        for (const auto* list : {&ms.stops, &ms.starts})
            for (const BakedTransition& t : *list) {
                r.transitionOffset.push_back(total);
                total += t.rotations.size();
            }
    r.rotations.reserve(total);
    for (const BakedMotionSpace& ms : bs.spaces)
        for (const BakedClip& c : ms.clips)
            r.rotations.insert(r.rotations.end(), c.rotations.begin(), c.rotations.end());
    for (const BakedMotionSpace& ms : bs.spaces)
        for (const auto* list : {&ms.stops, &ms.starts})
            for (const BakedTransition& t : *list)
                r.rotations.insert(r.rotations.end(), t.rotations.begin(), t.rotations.end());
    r.signs.assign(total, 1.0f);
    r.aligned.assign(static_cast<size_t>(joints), 0);
    r.alignedWithTransitions.assign(static_cast<size_t>(joints), 0);
    if (joints > 0) {
        // Per joint: the mean of every pose (signs aligned to the first pose, then to that mean),
        // and whether every pose lies within 45 degrees of it in quaternion space (90 degrees of
        // rotation): then any two poses lie within 90 degrees of each other, their dot product is
        // positive, and the hemisphere tests of a blend never flip a sign.
        const float cone = 0.70712f;  // just above cos(45 degrees)
        for (int j = 0; j < joints; ++j) {
            glm::quat ref =
                loopTotal > 0 ? r.rotations[static_cast<size_t>(j)] : glm::quat(1, 0, 0, 0);
            for (int pass = 0; pass < 2; ++pass) {
                glm::quat sum(0.0f, 0.0f, 0.0f, 0.0f);
                for (size_t i = static_cast<size_t>(j); i < loopTotal;
                     i += static_cast<size_t>(joints)) {
                    const glm::quat& q = r.rotations[i];
                    sum += glm::dot(q, ref) < 0.0f ? -q : q;
                }
                const float len = std::sqrt(glm::dot(sum, sum));
                if (len > 1e-6f) ref = sum * (1.0f / len);
            }
            bool inside = true, insideAll = true;
            for (size_t i = static_cast<size_t>(j); i < total; i += static_cast<size_t>(joints)) {
                glm::quat& q = r.rotations[i];
                const float len = std::sqrt(glm::dot(q, q));
                float d = glm::dot(q, ref);
                if (d < 0.0f) {
                    q = -q;
                    r.signs[i] = -1.0f;
                    d = -d;
                }
                if (!(d >= cone * len)) (i < loopTotal ? inside : insideAll) = false;
            }
            r.aligned[j] = inside ? 1 : 0;
            r.alignedWithTransitions[j] = inside && insideAll ? 1 : 0;
        }
    }
    // The feet's heights in every clip pose (what a blend's feet are held to), and the toes'
    // heights one frame on (a landing coming; the loop's last frame is its first, so the frame
    // after the last is frame 1).
    if (auto legs = findLegs(bs.skeleton, bs.leftToe, bs.rightToe);
        legs && legs->isValid() && joints > 0) {
        r.footHeights.reserve(total / static_cast<size_t>(joints));
        std::vector<glm::vec3> positions(static_cast<size_t>(joints));
        std::vector<glm::vec2> lowest, toe;
        // One clip's rows: `next` gives the frame one on from each (a loop wraps, a transition
        // holds its last).
        auto addRows = [&](const std::vector<glm::quat>& rotations,
                           const std::vector<float>& rootHeight, int frames, auto next) {
            lowest.resize(static_cast<size_t>(frames));
            toe.resize(static_cast<size_t>(frames));
            for (int f = 0; f < frames; ++f) {
                jointPositions(
                    bs.skeleton,
                    std::span<const glm::quat>(rotations.data() + static_cast<size_t>(f) * joints,
                                               static_cast<size_t>(joints)),
                    glm::vec3(0.0f, rootHeight[f], 0.0f), positions);
                for (int k = 0; k < 2; ++k) {
                    const Leg& leg = legs->legs[k];
                    lowest[f][k] = std::min(positions[leg.ankle].y, positions[leg.toe].y);
                    toe[f][k] = positions[leg.toe].y;
                }
            }
            for (int f = 0; f < frames; ++f) r.footHeights.emplace_back(lowest[f], toe[next(f)]);
        };
        for (const BakedMotionSpace& ms : bs.spaces)
            for (const BakedClip& c : ms.clips) {
                const int cycle = std::max(1, c.cycleFrames());
                addRows(c.rotations, c.rootHeight, c.frames,
                        [cycle](int f) { return (f + 1) % cycle; });
            }
        for (const BakedMotionSpace& ms : bs.spaces)
            for (const auto* list : {&ms.stops, &ms.starts})
                for (const BakedTransition& t : *list)
                    addRows(t.rotations, t.rootHeight, t.frames,
                            [&t](int f) { return std::min(f + 1, t.frames - 1); });
    }
    bs.runtime = std::move(r);
}

Status BakedBehavioralSpace::validate() const {
    if (spaces.empty()) return Status::error("the behavioral space holds no motion space");
    if (spaces.size() > static_cast<std::size_t>(limits::kMaxSpaces))
        return Status::error("the behavioral space holds " + std::to_string(spaces.size()) +
                             " motion spaces, above the limit of " +
                             std::to_string(limits::kMaxSpaces));
    if (phaseMap.size() != spaces.size())
        return Status::error("the behavioral space has no phase map per space");
    if (!ranges::fps(fps))
        return Status::error("the behavioral space's rate is outside " +
                             std::to_string(int(limits::kMinFps)) + "-" +
                             std::to_string(int(limits::kMaxFps)) + " fps");
    if (!ranges::height(floorHeight))
        return Status::error("the behavioral space's floor height is outside +-" +
                             std::to_string(int(limits::kMaxHeightM)) + " m");
    for (int toe : {leftToe, rightToe})
        if (toe < -1 || toe >= skeleton.jointCount())
            return Status::error("a toe joint is out of range");
    for (size_t s = 0; s < spaces.size(); ++s) {
        if (Status st = spaces[s].validate(); !st) return st;
        if (std::abs(spaces[s].fps - fps) > limits::kMaxFpsMismatch * fps)
            return Status::error("motion space '" + spaces[s].name + "' runs at " +
                                 ranges::text(spaces[s].fps) + " fps, the behavioral space at " +
                                 ranges::text(fps));
        if (!spaces[s].skeleton.sameHierarchy(skeleton))
            return Status::error("motion space '" + spaces[s].name + "' has a different skeleton");
        if (spaces[s].cycles != spaces.front().cycles)
            return Status::error("motion space '" + spaces[s].name + "' loops " +
                                 std::to_string(spaces[s].cycles) + " cycles, the others " +
                                 std::to_string(spaces.front().cycles));
        const auto& map = phaseMap[s];
        if (map.size() != static_cast<size_t>(masterCycleFrames() + 1))
            return Status::error("motion space '" + spaces[s].name +
                                 "' has a phase map of the wrong size");
        for (size_t i = 1; i < map.size(); ++i)
            if (!(map[i] > map[i - 1]))
                return Status::error("motion space '" + spaces[s].name +
                                     "' has a phase map that is not increasing");
        if (!clipPhaseMap.empty()) {
            if (clipPhaseMap.size() != spaces.size() ||
                clipPhaseMap[s].size() != spaces.front().clips.size())
                return Status::error("motion space '" + spaces[s].name +
                                     "' has no cross registration per master clip");
            for (const auto& m : clipPhaseMap[s])
                if (m.size() != map.size())
                    return Status::error("motion space '" + spaces[s].name +
                                         "' has a clip cross registration of the wrong size");
        }
    }
    return Status::ok();
}

BakedBehavioralSpace singleSpace(BakedMotionSpace space) {
    BakedBehavioralSpace result;
    result.name = space.name;
    result.fps = space.fps;
    result.skeleton = space.skeleton;
    result.floorHeight = space.floorHeight;
    result.leftToe = space.leftToe;
    result.rightToe = space.rightToe;
    std::vector<float> map(space.referenceCycleFrames() + 1);
    std::iota(map.begin(), map.end(), 0.0f);
    result.phaseMap.push_back(std::move(map));
    result.crossResidual.push_back(0.0f);
    result.spaces.push_back(std::move(space));
    prepareRuntime(result);
    return result;
}

}  // namespace gs

#include <gaitspace/runtime/transitions.h>

#include <algorithm>
#include <cmath>

#include "core/runtime/value_ranges.h"

namespace gs {

glm::vec3 composeGround(const glm::vec3& a, const glm::vec3& b) {
    const float c = std::cos(a.z), s = std::sin(a.z);
    return {a.x + c * b.x + s * b.y, a.y - s * b.x + c * b.y, a.z + b.z};
}

void deriveTransition(BakedTransition& t) {
    const int n = t.frames;
    t.pathLength.assign(static_cast<size_t>(std::max(n, 0)), 0.0f);
    t.toEnd.assign(static_cast<size_t>(std::max(n, 0)), glm::vec3(0.0f));
    if (n < 1 || t.step.size() + 1 != static_cast<size_t>(n)) return;
    for (int f = 1; f < n; ++f)
        t.pathLength[f] = t.pathLength[f - 1] + std::hypot(t.step[f - 1].x, t.step[f - 1].y);
    // Backwards: the end seen from frame f is the step f -> f + 1 followed by the end seen from f
    // + 1.
    for (int f = n - 2; f >= 0; --f) t.toEnd[f] = composeGround(t.step[f], t.toEnd[f + 1]);
    for (TransitionJoin& j : t.joins) {
        const float f = std::clamp(j.clipFrame, 0.0f, static_cast<float>(n - 1));
        const int i = std::min(static_cast<int>(f), n - 1);
        const float frac = f - static_cast<float>(i);
        // Part of a step: the rest of step i (linear), then the end from frame i + 1.
        glm::vec3 end = t.toEnd[i];
        float path = t.pathLength[n - 1] - t.pathLength[i];
        if (frac > 0.0f && i + 1 < n) {
            end = composeGround(t.step[i] * (1.0f - frac), t.toEnd[i + 1]);
            path -= frac * (t.pathLength[i + 1] - t.pathLength[i]);
        }
        j.end = composeGround(j.offset, end);
        j.pathToEnd = path;
    }
    t.maxPathToEnd = 0.0f;
    for (const TransitionJoin& j : t.joins) t.maxPathToEnd = std::max(t.maxPathToEnd, j.pathToEnd);
}

namespace {
std::string metres(float v) { return std::to_string(static_cast<int>(v)) + " m"; }
}  // namespace

Status BakedTransition::validate(int joints, int referenceFrames) const {
    const std::string ctx = std::string(kind == Kind::Stop ? "stop" : "start") + " '" + name + "'";
    const size_t n = static_cast<size_t>(frames);
    if (frames < 2 || joints < 1 || rotations.size() != n * static_cast<size_t>(joints) ||
        rootHeight.size() != n || step.size() != n - 1 || leftContact.size() != n ||
        rightContact.size() != n)
        return Status::error(ctx + " is inconsistent");
    if (static_cast<size_t>(frames) > limits::kMaxGSpaceLoopFrames)
        return Status::error(ctx + " has " + std::to_string(frames) +
                             " frames, above the limit of " +
                             std::to_string(limits::kMaxGSpaceLoopFrames));
    if (stillFrame < 0 || stillFrame >= frames)
        return Status::error(ctx + ": still frame out of range");
    for (float h : rootHeight)
        if (!ranges::height(h))
            return Status::error(ctx + ": a root height is outside +-" +
                                 metres(limits::kMaxHeightM));
    for (const glm::vec3& s : step)
        if (!ranges::groundMove(s, limits::kMaxStepM))
            return Status::error(ctx + ": a root step is longer than " + metres(limits::kMaxStepM) +
                                 " or turns more than half a turn");
    if (joins.empty()) return Status::error(ctx + " has no join with the loop");
    if (joins.size() > limits::kMaxGSpaceJoins)
        return Status::error(ctx + " has " + std::to_string(joins.size()) +
                             " joins, above the limit of " +
                             std::to_string(limits::kMaxGSpaceJoins));
    float previous = -1.0f;
    for (const TransitionJoin& j : joins) {
        if (!(j.loopFrame >= 0.0f && j.loopFrame < static_cast<float>(referenceFrames)) ||
            !(j.clipFrame >= 0.0f && j.clipFrame <= static_cast<float>(frames - 1)) ||
            j.loopFrame < previous || !ranges::groundMove(j.offset, limits::kMaxJoinOffsetM) ||
            !ranges::within(j.cost, 0.0f, limits::kMaxJoinCostM) || j.foot < 0 || j.foot > 2)
            return Status::error(ctx + " has a join out of range");
        previous = j.loopFrame;
    }
    if (kind == Kind::Start ? (handover < 0 || handover >= static_cast<int>(joins.size()))
                            : handover != -1)
        return Status::error(ctx + " has no valid hand-over join");
    if (!ranges::speed(speed))
        return Status::error(ctx + ": its speed is outside 0-" +
                             std::to_string(static_cast<int>(limits::kMaxSpeedMps)) + " m/s");
    return Status::ok();
}

}  // namespace gs

#include <gaitspace/runtime/transitions.h>

#include <algorithm>
#include <cmath>

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
    // Backwards: the end seen from frame f is the step f -> f + 1 followed by the end seen from f + 1.
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

Status BakedTransition::validate(int joints, int referenceFrames) const {
    const std::string ctx = std::string(kind == Kind::Stop ? "stop" : "start") + " '" + name + "'";
    const size_t n = static_cast<size_t>(frames);
    if (frames < 2 || joints < 1 || rotations.size() != n * static_cast<size_t>(joints) || rootHeight.size() != n ||
        step.size() != n - 1 || leftContact.size() != n || rightContact.size() != n)
        return Status::error(ctx + " is inconsistent");
    if (stillFrame < 0 || stillFrame >= frames) return Status::error(ctx + ": still frame out of range");
    if (joins.empty()) return Status::error(ctx + " has no join with the loop");
    float previous = -1.0f;
    for (const TransitionJoin& j : joins) {
        if (!(j.loopFrame >= 0.0f && j.loopFrame < static_cast<float>(referenceFrames)) ||
            !(j.clipFrame >= 0.0f && j.clipFrame <= static_cast<float>(frames - 1)) || j.loopFrame < previous ||
            !std::isfinite(j.offset.x) || !std::isfinite(j.offset.y) || !std::isfinite(j.offset.z) ||
            !(j.cost >= 0.0f && std::isfinite(j.cost)) || j.foot < 0 || j.foot > 2)
            return Status::error(ctx + " has a join out of range");
        previous = j.loopFrame;
    }
    if (kind == Kind::Start ? (handover < 0 || handover >= static_cast<int>(joins.size())) : handover != -1)
        return Status::error(ctx + " has no valid hand-over join");
    if (!(speed >= 0.0f && std::isfinite(speed))) return Status::error(ctx + " has no valid speed");
    return Status::ok();
}

}  // namespace gs

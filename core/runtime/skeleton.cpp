#include <gaitspace/runtime/skeleton.h>

#include <cmath>

#include "core/runtime/value_ranges.h"

namespace gs {

int Skeleton::jointIndex(std::string_view name) const {
    for (int j = 0; j < jointCount(); ++j)
        if (names[j] == name) return j;
    return -1;
}

std::vector<int> Skeleton::childCounts() const {
    std::vector<int> counts(names.size(), 0);
    for (int j = 1; j < jointCount(); ++j) ++counts[parents[j]];
    return counts;
}

Status Skeleton::validate() const {
    const size_t n = names.size();
    if (n == 0) return Status::error("skeleton has no joints");
    if (n > static_cast<size_t>(limits::kMaxJoints))
        return Status::error("skeleton has " + std::to_string(n) + " joints, above the limit of " +
                             std::to_string(limits::kMaxJoints));
    if (parents.size() != n || restOffsets.size() != n || restRotations.size() != n ||
        tipOffsets.size() != n)
        return Status::error("skeleton arrays have different lengths");
    if (parents[0] != -1) return Status::error("joint 0 is not the root");
    for (size_t j = 1; j < n; ++j) {
        if (parents[j] < 0 || parents[j] >= static_cast<int>(j))
            return Status::error("joint '" + names[j] + "' is not in depth-first order");
    }
    for (size_t j = 0; j < n; ++j) {
        const glm::vec3& o = restOffsets[j];
        const glm::quat& q = restRotations[j];
        if (!std::isfinite(o.x) || !std::isfinite(o.y) || !std::isfinite(o.z) ||
            !std::isfinite(q.w) || !std::isfinite(q.x) || !std::isfinite(q.y) ||
            !std::isfinite(q.z))
            return Status::error("joint '" + names[j] + "' has a non-finite rest transform");
        if (!ranges::boneLength(o) || !ranges::boneLength(tipOffsets[j]))
            return Status::error("joint '" + names[j] +
                                 "' has a rest or tip offset longer than the limit of " +
                                 std::to_string(static_cast<int>(limits::kMaxBoneLengthM)) + " m");
    }
    return Status::ok();
}

bool Skeleton::sameHierarchy(const Skeleton& other) const {
    return names == other.names && parents == other.parents;
}

void Skeleton::scale(float factor) {
    for (auto& o : restOffsets) o *= factor;
    for (auto& t : tipOffsets) t *= factor;
}

}  // namespace gs

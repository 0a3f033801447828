#include "core/clip/skeleton_match.h"

#include <unordered_map>

#include "core/authoring_limits.h"

namespace gs {
namespace {

std::unordered_map<std::string_view, int> indexByName(const Skeleton& s) {
    std::unordered_map<std::string_view, int> byName;
    for (int j = 0; j < s.jointCount(); ++j) byName.emplace(s.names[j], j);
    return byName;
}

std::string parentName(const Skeleton& s, int j) {
    return s.parents[j] < 0 ? std::string() : s.names[s.parents[j]];
}

std::string quoted(std::string_view name) { return "'" + limits::echo(name, 40) + "'"; }

}  // namespace

std::string skeletonDifference(const Skeleton& a, const Skeleton& b) {
    const auto inB = indexByName(b);
    for (int j = 0; j < a.jointCount(); ++j) {
        const auto it = inB.find(a.names[j]);
        if (it == inB.end()) return "joint " + quoted(a.names[j]) + " is missing";
        const std::string pa = parentName(a, j), pb = parentName(b, it->second);
        if (pa != pb) {
            const auto under = [](const std::string& p) {
                return p.empty() ? std::string("is the root") : "is under " + quoted(p);
            };
            return "joint " + quoted(a.names[j]) + " " + under(pb) + " instead of " +
                   (pa.empty() ? "the root" : quoted(pa));
        }
    }
    if (b.jointCount() != a.jointCount()) {
        const auto inA = indexByName(a);
        for (int j = 0; j < b.jointCount(); ++j)
            if (!inA.count(b.names[j])) return "joint " + quoted(b.names[j]) + " is extra";
        return "joint names repeat";  // same names, different counts: a name occurs twice
    }
    return {};
}

Expected<Clip> conformClip(const Clip& clip, const Skeleton& target) {
    if (const std::string why = skeletonDifference(target, clip.skeleton); !why.empty())
        return Status::error(why);
    const auto inClip = indexByName(clip.skeleton);
    const int J = target.jointCount();
    std::vector<int> from(J);
    bool same = true;
    for (int j = 0; j < J; ++j) {
        from[j] = inClip.at(target.names[j]);
        same = same && from[j] == j;
    }
    if (same) return clip;
    Clip out = clip;
    const Skeleton& s = clip.skeleton;
    Skeleton& t = out.skeleton;
    for (int j = 0; j < J; ++j) {
        t.names[j] = s.names[from[j]];
        t.parents[j] = target.parents[j];
        t.restOffsets[j] = s.restOffsets[from[j]];
        t.restRotations[j] = s.restRotations[from[j]];
        t.tipOffsets[j] = s.tipOffsets[from[j]];
    }
    for (int f = 0; f < clip.frameCount(); ++f) {
        const auto src = clip.frameRotations(f);
        auto dst = out.frameRotations(f);
        for (int j = 0; j < J; ++j) dst[j] = src[from[j]];
    }
    return out;
}

}  // namespace gs

#include "core/spaces/behavioral_space.h"
#include "core/support/cancel.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/analysis/registration.h"
#include "core/clip/skeleton_match.h"
#include <gaitspace/runtime/warp_table.h>

namespace gs {
Status BehavioralSpaceDesc::validate() const {
    if (spaces.empty())
        return Status::error("behavioral space '" + name + "' holds no motion space");
    if (spaces.size() > 8)
        return Status::error("behavioral space '" + name + "' holds more than 8 motion spaces");
    for (const MotionSpaceDesc& s : spaces) {
        // Building what builds, each space is checked on its own as it is built (and named
        // among the failed when it cannot be).
        if (buildWhatBuilds) break;
        if (Status st = s.validate(); !st) return st;
        if (const std::string why =
                skeletonDifference(spaces.front().clips.front().skeleton, s.clips.front().skeleton);
            !why.empty())
            return Status::error("motion space '" + s.name + "' uses a different skeleton from '" +
                                 spaces.front().name + "': " + why);
    }
    for (size_t a = 0; a < spaces.size(); ++a)
        for (size_t b = a + 1; b < spaces.size(); ++b)
            if (spaces[a].name == spaces[b].name)
                return Status::error("two motion spaces are named '" + spaces[a].name + "'");
    if (cycles < 0) return Status::error("cycles must be >= 0");
    return Status::ok();
}

namespace {

// Cross-gait phase maps. A walk and a jog do not time each other by pose similarity (the point
// clouds of a walk's double support and a jog's flight match nowhere), so a pose registration
// between them bunches whole steps into a few frames. What must coincide are the footfalls: the
// map runs through matched strikes of the same foot and is smooth between them.

// Bound on a cross-gait map's secant between strikes, as a factor of the mean ratio of loop
// lengths.
constexpr float kCrossSlopeFactor = 1.4f;

// One foot strike at a (fractional) reference frame.
struct Strike {
    float frame;
    int foot;  // 0 left, 1 right
};

// The strikes of one loop seen in its space's reference frames (through the clip's warp).
std::vector<Strike> strikesInReference(const BakedClip& clip) {
    std::vector<Strike> out;
    for (const glm::ivec2& st : clip.strikes)
        out.push_back({warpInverse(clip.warp, static_cast<float>(st.x)), st.y});
    return out;
}

// Knots (frame of A, frame of B) of a map from loop A (La frames) onto loop B (Lb frames): both
// loops start on the same strike ((0, 0) and (La, Lb)); every strike of A pairs with B's strike of
// the same foot nearest in loop position (within half a gait cycle), keeping the knots increasing.
// Strikes without a partner are left out.
std::vector<glm::vec2> strikeKnots(const std::vector<Strike>& a, float La,
                                   const std::vector<Strike>& b, float Lb, int cycles) {
    std::vector<glm::vec2> knots{{0.0f, 0.0f}};
    const float window = 0.5f / static_cast<float>(std::max(cycles, 1));
    for (const Strike& sa : a) {
        const float pa = sa.frame / La;
        const Strike* best = nullptr;
        for (const Strike& sb : b)
            if (sb.foot == sa.foot && std::abs(sb.frame / Lb - pa) < window &&
                (!best || std::abs(sb.frame / Lb - pa) < std::abs(best->frame / Lb - pa)))
                best = &sb;
        if (!best || sa.frame < knots.back().x + 1.0f || best->frame < knots.back().y + 1.0f ||
            sa.frame > La - 1.0f || best->frame > Lb - 1.0f)
            continue;
        knots.push_back({sa.frame, best->frame});
    }
    knots.push_back({La, Lb});
    return knots;
}

// The map (La + 1 entries, 0 ... Lb) through the knots: monotone cubic Hermite with periodic
// tangents (the slope at the loop's end is the slope at its start, so the map stays smooth across
// the wrap). Where the strikes are so uneven that a segment's slope leaves [r / f, r f] around the
// mean ratio r = Lb / La, the knots are drawn toward the straight line just enough to respect it.
std::vector<float> strikePhaseMap(std::vector<glm::vec2> knots, int La, float Lb,
                                  float slopeFactor) {
    const float r = Lb / static_cast<float>(La);
    const size_t n = knots.size();
    auto withinBounds = [&](const std::vector<glm::vec2>& k) {
        for (size_t i = 0; i + 1 < n; ++i) {
            const float d = (k[i + 1].y - k[i].y) / (k[i + 1].x - k[i].x);
            if (d > r * slopeFactor || d < r / slopeFactor) return false;
        }
        return true;
    };
    if (!withinBounds(knots)) {
        auto drawn = [&](float alpha) {
            std::vector<glm::vec2> k = knots;
            for (glm::vec2& p : k) p.y = r * p.x + alpha * (p.y - r * p.x);
            return k;
        };
        float lo = 0.0f, hi = 1.0f;  // drawn(0) is the straight line, always within bounds
        for (int it = 0; it < 24; ++it) {
            const float mid = 0.5f * (lo + hi);
            (withinBounds(drawn(mid)) ? lo : hi) = mid;
        }
        knots = drawn(lo);
    }
    // Secants and periodic tangents (harmonic mean of the neighbouring secants: monotone).
    std::vector<float> d(n - 1), m(n);
    for (size_t i = 0; i + 1 < n; ++i)
        d[i] = (knots[i + 1].y - knots[i].y) / (knots[i + 1].x - knots[i].x);
    for (size_t i = 0; i < n; ++i) {
        const float left = i == 0 ? d.back() : d[i - 1];
        const float right = i + 1 == n ? d.front() : d[i];
        m[i] = 2.0f * left * right / (left + right);
    }
    std::vector<float> map(La + 1);
    size_t k = 0;
    for (int u = 0; u <= La; ++u) {
        const float x = static_cast<float>(u);
        while (k + 2 < n && knots[k + 1].x <= x) ++k;
        const float h = knots[k + 1].x - knots[k].x;
        const float t = std::clamp((x - knots[k].x) / h, 0.0f, 1.0f);
        const float t2 = t * t, t3 = t2 * t;
        map[u] = (2 * t3 - 3 * t2 + 1) * knots[k].y + (t3 - 2 * t2 + t) * h * m[k] +
                 (-2 * t3 + 3 * t2) * knots[k + 1].y + (t3 - t2) * h * m[k + 1];
    }
    map.front() = 0.0f;
    map.back() = Lb;
    for (int u = 1; u <= La; ++u) map[u] = std::max(map[u], map[u - 1] + 1e-3f);
    map.back() = std::max(map.back(), Lb);
    const float scale = Lb / map.back();
    for (float& v : map) v *= scale;
    return map;
}

// Per space and master clip: master phase -> that space's reference frame, through the strikes
// of the master clip and of the space's clip of nearest curvature (each seen in its own space's
// reference frames through its within-space registration).
void buildClipCrossRegistrations(BakedBehavioralSpace& bs) {
    const BakedMotionSpace& master = bs.spaces.front();
    const int L0 = master.referenceCycleFrames();
    bs.clipPhaseMap.assign(bs.spaces.size(), {});
    std::vector<float> identity(L0 + 1);
    std::iota(identity.begin(), identity.end(), 0.0f);
    bs.clipPhaseMap[0].assign(master.clips.size(), identity);
    for (size_t s = 1; s < bs.spaces.size(); ++s) {
        const BakedMotionSpace& space = bs.spaces[s];
        const float Ls = static_cast<float>(space.referenceCycleFrames());
        for (const BakedClip& mc : master.clips) {
            size_t k = 0;
            for (size_t i = 1; i < space.clips.size(); ++i)
                if (std::abs(space.clips[i].curvature - mc.curvature) <
                    std::abs(space.clips[k].curvature - mc.curvature))
                    k = i;
            const auto knots = strikeKnots(strikesInReference(mc), static_cast<float>(L0),
                                           strikesInReference(space.clips[k]), Ls, master.cycles);
            bs.clipPhaseMap[s].push_back(strikePhaseMap(knots, L0, Ls, kCrossSlopeFactor));
        }
    }
}

}  // namespace

namespace {

// The spaces of `desc` that can be built, each conformed to the first one's joint order, with
// the loop length they share; those that cannot are named in `failed` (or fail the whole when
// `failed` is null).
struct Accepted {
    std::vector<MotionSpaceDesc> spaces;
    int cycles = 0;
};

Expected<Accepted> acceptSpaces(const BehavioralSpaceDesc& desc,
                                std::vector<std::pair<std::string, std::string>>* failed) {
    Accepted out;
    int fewestAll = 1 << 30;
    std::vector<int> fewest;
    for (const MotionSpaceDesc& space : desc.spaces) {
        if (cancelRequested()) return Status::cancelled();
        const std::string ctx = "motion space '" + space.name + "'";
        Status status = space.validate();
        MotionSpaceDesc s = space;
        if (status && !out.spaces.empty()) {
            const Skeleton& first = out.spaces.front().clips.front().skeleton;
            if (const std::string why = skeletonDifference(first, s.clips.front().skeleton);
                !why.empty())
                status = Status::error(ctx + " uses a different skeleton from '" +
                                       out.spaces.front().name + "': " + why);
        }
        // Every space in the first space's joint order (files may list children in another order).
        for (Clip& c : s.clips) {
            if (!status) break;
            auto conformed = conformClip(
                c, (out.spaces.empty() ? s : out.spaces.front()).clips.front().skeleton);
            if (!conformed)
                status = conformed.status().withContext(ctx + ", clip '" + c.name + "'");
            else
                c = std::move(*conformed);
        }
        int held = 0;
        if (status && desc.cycles == 0) {
            auto n = fewestCycles(s);
            if (!n)
                status = n.status().withContext(ctx);
            else
                held = *n;
        }
        if (status.isCancelled()) return status;
        if (!status) {
            if (!failed) return status;
            failed->emplace_back(space.name, status.message());
            continue;
        }
        fewest.push_back(held);
        fewestAll = std::min(fewestAll, held);
        out.spaces.push_back(std::move(s));
    }
    if (out.spaces.empty())
        return Status::error(failed && !failed->empty() ? failed->front().second
                                                        : "no motion space to build");
    out.cycles = desc.cycles > 0 ? desc.cycles : fewestAll;
    return out;
}

}  // namespace

Expected<BakedBehavioralSpace> buildBehavioralSpace(const BehavioralSpaceDesc& desc,
                                                    BehavioralSpaceNotes* notes) {
    if (Status s = desc.validate(); !s) return s;
    std::vector<std::pair<std::string, std::string>>* failed =
        desc.buildWhatBuilds && notes ? &notes->failed : nullptr;
    if (notes) *notes = {};
    auto accepted = acceptSpaces(desc, failed);
    if (!accepted) return accepted.status();
    // Every space loops the same number of cycles: the fewest any clip of any space holds.
    const int cycles = accepted->cycles;
    BakedBehavioralSpace result;
    result.name = desc.name;
    for (MotionSpaceDesc& s : accepted->spaces) {
        if (cancelRequested()) return Status::cancelled();
        s.settings.cycles = cycles;
        MotionSpaceNotes spaceNotes;
        auto built = buildMotionSpace(s, &spaceNotes);
        if (!built) {
            if (built.status().isCancelled() || !failed) return built.status();
            failed->emplace_back(s.name, built.message());
            continue;
        }
        result.spaces.push_back(std::move(*built));
        if (notes) notes->spaces.push_back(std::move(spaceNotes));
    }
    if (result.spaces.empty()) return Status::error(failed->front().second);
    const BakedMotionSpace& master = result.spaces.front();
    result.fps = master.fps;
    result.skeleton = master.skeleton;
    result.floorHeight = master.floorHeight;
    result.leftToe = master.leftToe;
    result.rightToe = master.rightToe;
    for (const auto& s : result.spaces)
        result.floorHeight = std::min(result.floorHeight, s.floorHeight);

    // Cross-register each space's reference loop to the master's: one shared phase. The loops
    // start on the same phase and hold the same cycles, so the whole cycle maps onto the whole.
    const int masterFrames = master.referenceCycleFrames();
    for (size_t s = 0; s < result.spaces.size(); ++s) {
        const BakedMotionSpace& space = result.spaces[s];
        const int frames = space.referenceCycleFrames();
        std::vector<float> map(masterFrames + 1);
        if (s == 0) {
            std::iota(map.begin(), map.end(), 0.0f);
            result.phaseMap.push_back(map);
            result.crossResidual.push_back(0.0f);
            continue;
        }
        if (cancelRequested()) return Status::cancelled();
        const Clip masterLoop = toClip(master, master.reference, result.fps);
        const Clip loop = toClip(space, space.reference, result.fps);
        RegistrationJob job;
        job.a = &masterLoop;
        job.b = &loop;
        job.settings.startCell = {0, 0};
        job.settings.endCell = {masterFrames, frames};
        if (Status st = job.run(); !st)
            return st.withContext("cross-registering motion space '" + space.name + "' to '" +
                                  master.name + "'");
        // The pose registration gives the residual only: the map itself runs through the
        // reference loops' matched strikes (see strikePhaseMap).
        std::vector<Strike> strikesA, strikesB;
        for (auto [f, foot] : referenceStrikes(master))
            strikesA.push_back({static_cast<float>(f), foot});
        for (auto [f, foot] : referenceStrikes(space))
            strikesB.push_back({static_cast<float>(f), foot});
        map = strikePhaseMap(strikeKnots(strikesA, static_cast<float>(masterFrames), strikesB,
                                         static_cast<float>(frames), cycles),
                             masterFrames, static_cast<float>(frames), kCrossSlopeFactor);
        result.phaseMap.push_back(std::move(map));
        result.crossResidual.push_back(job.output.residual);
    }
    buildClipCrossRegistrations(result);
    if (Status s = result.validate(); !s) return s;
    prepareRuntime(result);
    return result;
}

}  // namespace gs

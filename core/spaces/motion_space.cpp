#include "core/spaces/motion_space.h"
#include "core/support/cancel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "core/analysis/cycles.h"
#include "core/clip/foot_contacts.h"
#include "core/analysis/registration.h"
#include "core/clip/skeleton_match.h"
#include "core/support/stable_sort.h"
#include "core/spaces/transition_builder.h"
#include "core/clip/root_motion.h"

namespace gs {
namespace {

std::string clipContext(const Clip& clip) { return "clip '" + clip.name + "'"; }

std::string metres(float value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f m", value);
    return text;
}

// Frames either side of a loop's seam over which a jump in its root's velocity is spread.
constexpr int kSeamRampFrames = 3;
// Frames either side of a loop's seam whose sideways steps are made the smoothest that keep their
// sum and meet the steps beyond.
constexpr int kSeamSideFrames = 4;
// A clip whose feet were not found and whose root travels less than this stays in place.
constexpr float kInPlaceTravelM = 0.25f;

// The loop's seam (where the cut's last source frame runs on into its first) joins two stretches
// of the source whose root velocities differ a little: the steps jump there, once a cycle. The
// part of that jump beyond what the neighbouring frames change is spread over a ramp of
// 2 x kSeamRampFrames steps about the seam; the ramp adds up to nothing, so the loop's
// displacement and turn stay the same. Sideways a ramp is not enough: the sideways steps of the
// 2 x kSeamSideFrames about the seam are replaced by the line between the steps on either side
// plus the parabola that keeps their sum. Forward and turning steps keep the ramp. Why these
// widths: docs/results/loops-and-warps.md#the-loops-seams and #sideways-steps-about-the-seam
void smoothSeamStep(const LoopedClip& loop, std::vector<glm::vec3>& step) {
    const int L = static_cast<int>(step.size());
    const int M = loop.sourceClose - loop.sourceStart;
    const int n = kSeamRampFrames;
    if (M != L || 2 * n + 2 > L) return;
    // step[k] runs from loop frame k to k + 1; loop frame `seam` is the cut's first source frame.
    const int seam = ((loop.sourceClose - loop.sourcePhaseFrame) % L + L) % L;
    auto at = [&](int k) -> glm::vec3& { return step[((k % L) + L) % L]; };
    const glm::vec3 jump = (at(seam) - at(seam - 1)) -
                           0.5f * ((at(seam - 1) - at(seam - 2)) + (at(seam + 1) - at(seam)));
    for (int j = -n; j < n; ++j) {
        const float ramp = (static_cast<float>(j + n) + 0.5f) / static_cast<float>(2 * n);
        at(seam + j) -= jump * ((j >= 0 ? 1.0f : 0.0f) - ramp);
    }

    const int m = kSeamSideFrames;
    if (2 * m + 2 > L) return;
    // Steps seam - m ... seam + m - 1, between the unchanged steps seam - m - 1 and seam + m: the
    // line between those two plus as much of a parabola (zero at both) as keeps the sum.
    const float before = at(seam - m - 1).x, after = at(seam + m).x;
    float sum = 0.0f, lineSum = 0.0f, bumpSum = 0.0f;
    for (int j = 0; j < 2 * m; ++j) {
        const float t = (static_cast<float>(j) + 1.0f) / (2.0f * m + 1.0f);
        sum += at(seam - m + j).x;
        lineSum += before + t * (after - before);
        bumpSum += t * (1.0f - t);
    }
    const float bump = (sum - lineSum) / bumpSum;
    for (int j = 0; j < 2 * m; ++j) {
        const float t = (static_cast<float>(j) + 1.0f) / (2.0f * m + 1.0f);
        at(seam - m + j).x = before + t * (after - before) + bump * t * (1.0f - t);
    }
}

// Root rotations relative to the ground frame, root heights and per-frame ground steps of a loop.
BakedClip bakeLoop(const LoopedClip& loop, const std::string& name) {
    const Clip& c = loop.clip;
    const int joints = c.jointCount();
    const auto ground = groundFrames(c);
    BakedClip b;
    b.name = name;
    b.frames = c.frameCount();
    b.rotations = c.rotations;
    b.rootHeight.resize(b.frames);
    for (int f = 0; f < b.frames; ++f) {
        b.rotations[static_cast<size_t>(f) * joints] =
            glm::inverse(yawRotation(ground[f].heading)) * c.frameRotations(f)[0];
        b.rootHeight[f] = c.rootPositions[f].y;
    }
    const int L = b.cycleFrames();
    b.step.resize(L);
    for (int f = 0; f < L; ++f) {
        const glm::vec3 local =
            ground[f].toLocal(glm::vec3(ground[f + 1].x, 0.0f, ground[f + 1].z));
        b.step[f] = glm::vec3(local.x, local.z, ground[f + 1].heading - ground[f].heading);
    }
    smoothSeamStep(loop, b.step);
    float length = 0.0f, turn = 0.0f;
    for (int f = 0; f < L; ++f) {
        length += std::hypot(b.step[f].x, b.step[f].y);
        turn += b.step[f].z;
    }
    const float seconds = static_cast<float>(L) / c.fps;
    b.curvature = length > 0.0f ? turn / length : 0.0f;
    b.speed = length / seconds;
    b.turnRate = turn / seconds;
    b.periodFrames = loop.periodFrames;
    b.seamErrorM = loop.seamErrorM;
    b.seamErrorDeg = loop.seamErrorDeg;
    b.seamStepRatio = loop.seamStepRatio;
    return b;
}

// Samples a registration curve at every reference frame as a strictly increasing table from 0
// to the clip's cycle length.
std::vector<float> warpTable(const RegistrationCurve& curve, int referenceFrames, int clipFrames) {
    std::vector<float> table(referenceFrames + 1);
    for (int u = 0; u <= referenceFrames; ++u) table[u] = curve.mapAtoB(static_cast<float>(u));
    table.front() = 0.0f;
    table.back() = static_cast<float>(clipFrames);
    const float minStep = 1e-3f;
    for (int u = 1; u <= referenceFrames; ++u)
        table[u] = std::max(table[u], table[u - 1] + minStep);
    // Keep the end exact: squeeze back if the monotone fix overshot.
    if (table.back() > static_cast<float>(clipFrames)) {
        const float scale = static_cast<float>(clipFrames) / table.back();
        for (float& v : table) v *= scale;
    }
    table.back() = static_cast<float>(clipFrames);
    return table;
}

// Both ends of a warp table are loop seams (reference frame La is frame 0 again, and so is the
// clip's last frame), but the registration path is pinned at both and bends hard near them;
// blended with another clip, that clip's speed then changes as much within a few frames, once a
// cycle. The slopes are therefore smoothed around the cycle, a triangle over +-kWarpSmoothSeconds
// (5 frames at 30 fps); they keep their sum, so both ends stay where they were (and the matched
// strikes are pinned afterwards). Why 1/6 s:
// docs/results/loops-and-warps.md#registration-curves-smoothed-around-the-cycle
constexpr float kWarpSmoothSeconds = 1.0f / 6.0f;

void smoothWarpSlopes(std::vector<float>& warp, float fps) {
    const int La = static_cast<int>(warp.size()) - 1;
    if (La < 2) return;
    const int radius = std::max(1, static_cast<int>(std::lround(kWarpSmoothSeconds * fps)));
    const float weights = static_cast<float>((radius + 1) * (radius + 1));  // the triangle's sum
    std::vector<float> slope(La);
    for (int i = 0; i < La; ++i) slope[i] = warp[i + 1] - warp[i];
    const float end = warp.back();
    for (int i = 0; i < La; ++i) {
        float sum = 0.0f;
        for (int d = -radius; d <= radius; ++d)
            sum += static_cast<float>(radius + 1 - std::abs(d)) * slope[((i + d) % La + La) % La];
        warp[i + 1] = warp[i] + sum / weights;
    }
    warp.back() = end;
}

}  // namespace

std::vector<std::pair<int, int>> loopStrikes(const LoopedClip& loop, const Clip& source) {
    FootContactJob contacts;
    contacts.clip = &source;
    std::vector<std::pair<int, int>> out;
    if (!contacts.run()) return out;
    const int M = loop.sourceClose - loop.sourceStart;
    for (int foot = 0; foot < 2; ++foot) {
        for (int f : foot == 0 ? contacts.output.leftStrikes() : contacts.output.rightStrikes()) {
            if (f < loop.sourceStart || f >= loop.sourceClose) continue;
            const int k = ((f - loop.sourcePhaseFrame) % M + M) % M;
            if (k > 2 && k < M - 2) out.push_back({k, foot});
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

namespace {

// The source clip's foot contacts (ankle or toe) carried into the loop's frames.
void bakeContacts(const LoopedClip& loop, const Clip& source, BakedClip& baked) {
    baked.leftContact.assign(baked.frames, 0.0f);
    baked.rightContact.assign(baked.frames, 0.0f);
    FootContactJob contacts;
    contacts.clip = &source;
    if (!contacts.run()) return;
    const FootContacts& c = contacts.output;
    const int M = loop.sourceClose - loop.sourceStart;
    for (int k = 0; k < baked.frames; ++k) {
        int f = loop.sourcePhaseFrame + k % M;
        if (f >= loop.sourceClose) f -= M;
        baked.leftContact[k] = (c.leftAnkle[f] || c.leftToe[f]) ? 1.0f : 0.0f;
        baked.rightContact[k] = (c.rightAnkle[f] || c.rightToe[f]) ? 1.0f : 0.0f;
    }
}

}  // namespace

std::vector<std::pair<int, int>> referenceStrikes(const BakedMotionSpace& space) {
    std::vector<std::pair<int, int>> out;
    for (const glm::ivec2& s : space.clips[space.reference].strikes) out.push_back({s.x, s.y});
    return out;
}

void pinToStrikes(std::vector<float>& warp, const std::vector<std::pair<int, int>>& strikesA,
                  const std::vector<std::pair<int, int>>& strikesB, bool keepShape) {
    if (strikesA.empty() || strikesA.size() != strikesB.size() || warp.size() < 2) return;
    const int La = static_cast<int>(warp.size()) - 1;
    std::vector<glm::vec2> knots{{0.0f, warp.front()}};
    for (size_t i = 0; i < strikesA.size(); ++i) {
        if (strikesA[i].second != strikesB[i].second) return;
        if (static_cast<float>(strikesB[i].first) <= knots.back().y) return;
        knots.push_back(
            {static_cast<float>(strikesA[i].first), static_cast<float>(strikesB[i].first)});
    }
    knots.push_back({static_cast<float>(La), warp.back()});
    if (knots.back().y <= knots[knots.size() - 2].y) return;
    const std::vector<float> original = warp;
    auto at = [&](float u) {
        const int i = std::min(static_cast<int>(u), La - 1);
        return original[i] + (original[i + 1] - original[i]) * (u - static_cast<float>(i));
    };
    size_t k = 0;
    for (int u = 0; u <= La; ++u) {
        while (k + 2 < knots.size() && knots[k + 1].x <= static_cast<float>(u)) ++k;
        const glm::vec2 p = knots[k], q = knots[k + 1];
        const float r0 = at(p.x), r1 = at(q.x);
        const float t = keepShape && r1 > r0 ? (at(static_cast<float>(u)) - r0) / (r1 - r0)
                                             : (static_cast<float>(u) - p.x) / (q.x - p.x);
        warp[u] = p.y + (q.y - p.y) * std::clamp(t, 0.0f, 1.0f);
    }
    for (int u = 1; u <= La; ++u) warp[u] = std::max(warp[u], warp[u - 1] + 1e-3f);
    warp.back() = knots.back().y;
}

Clip toClip(const BakedMotionSpace& space, int index, float fps) {
    const BakedClip& b = space.clips[index];
    Clip c;
    c.name = b.name;
    c.source = space.name;
    c.fps = fps;
    c.skeleton = space.skeleton;
    c.rotations = b.rotations;
    c.rootPositions.resize(b.frames);
    const int joints = c.jointCount();
    GroundFrame g;
    for (int f = 0; f < b.frames; ++f) {
        c.rotations[static_cast<size_t>(f) * joints] =
            yawRotation(g.heading) * b.rotations[static_cast<size_t>(f) * joints];
        c.rootPositions[f] = glm::vec3(g.x, b.rootHeight[f], g.z);
        if (f < b.cycleFrames()) {
            const glm::vec3 d = g.toWorldDirection(glm::vec3(b.step[f].x, 0.0f, b.step[f].y));
            g.x += d.x;
            g.z += d.z;
            g.heading += b.step[f].z;
        }
    }
    return c;
}

Status MotionSpaceSettings::validate() const {
    if (cycles < 0) return Status::error("cycles must be >= 0");
    if (!(fps > 0.0f && fps <= 240.0f))
        return Status::error("working rate must be in (0, 240] fps");
    return Status::ok();
}

Status MotionSpaceDesc::validate() const {
    const std::string ctx = "motion space '" + name + "'";
    if (Status s = settings.validate(); !s) return s.withContext(ctx);
    if (clips.empty()) return Status::error(ctx + " has no clips");
    if (reference >= static_cast<int>(clips.size()))
        return Status::error(ctx + ": reference clip index out of range");
    for (const Clip& c : clips) {
        if (Status s = c.validate(); !s) return s.withContext(ctx + ", " + clipContext(c));
        if (const std::string why = skeletonDifference(clips.front().skeleton, c.skeleton);
            !why.empty())
            return Status::error(ctx + ": " + clipContext(c) + " has a different skeleton from '" +
                                 clips.front().name + "': " + why);
    }
    for (size_t i = 0; i < clips.size(); ++i) {
        const int like = loopedAsOf(i);
        if (like < 0) continue;
        if (like >= static_cast<int>(i))
            return Status::error(ctx + ": " + clipContext(clips[i]) +
                                 " is looped as a clip that does not come before it");
        if (clips[like].frameCount() != clips[i].frameCount() || clips[like].fps != clips[i].fps)
            return Status::error(ctx + ": " + clipContext(clips[i]) + " is looped as '" +
                                 clips[like].name + "' but does not have its frames");
    }
    return Status::ok();
}

std::vector<int> loopCycleSourceFrames(const BakedClip& clip) {
    const int M = clip.sourceClose - clip.sourceStart;
    if (clip.sourceStart < 0 || M <= 0 || clip.cycleFrames() != M ||
        clip.sourcePhaseFrame < clip.sourceStart || clip.sourcePhaseFrame >= clip.sourceClose)
        return {};
    // Loop frame k is source frame sourceStart + (sourcePhaseFrame - sourceStart + k) mod M.
    const auto toSource = [&](int k) {
        return clip.sourceStart + (clip.sourcePhaseFrame - clip.sourceStart + k) % M;
    };
    std::vector<int> out{toSource(0)};
    for (const glm::ivec2& s : clip.strikes)
        if (s.y == clip.startFoot && s.x > 0 && s.x < M) out.push_back(toSource(s.x));
    std::sort(out.begin(), out.end());
    return out;
}

Clip loopSource(const BakedClip& clip, const Clip& source) {
    if (clip.sourceStart < 0 || clip.sourceClose <= clip.sourceStart ||
        clip.sourceClose >= source.frameCount())
        return source;
    auto cut = trimClip(source, clip.sourceStart, clip.sourceClose);
    return cut ? *cut : source;
}

std::vector<Clip> loopSources(const BakedBehavioralSpace& space, std::span<const Clip> sources) {
    std::vector<Clip> out;
    for (const Clip& source : sources) {
        auto conformed = conformClip(source, space.skeleton);  // the space's joint order
        out.push_back(conformed ? std::move(*conformed) : source);
        for (const BakedMotionSpace& ms : space.spaces)
            for (const BakedClip& loop : ms.clips)
                if (loop.name == source.name) out.back() = loopSource(loop, out.back());
    }
    return out;
}

Expected<int> fewestCycles(const MotionSpaceDesc& desc) {
    int fewest = 1 << 30;
    for (size_t i = 0; i < desc.clips.size(); ++i) {
        if (desc.loopedAsOf(i) >= 0) continue;  // holds what the clip it was made from holds
        const Clip& c = desc.clips[i];
        if (cancelRequested()) return Status::cancelled();
        CycleJob job;
        job.clip = &c;
        if (Status s = job.run(); !s) return s.withContext(clipContext(c));
        if (!job.output.periodic) {
            // Without feet found, an in-place clip is told by its root alone (a quarter metre).
            if (const RootFigures root = rootFigures(c);
                root.inPlace || root.travel < kInPlaceTravelM)
                return Status::error(
                    clipContext(c) + " stays in place (its root travels " + metres(root.travel) +
                    "): it has no root motion, and a motion space needs clips that travel");
            return Status::error(clipContext(c) + " shows no gait cycle to loop (" +
                                 job.output.source + ")");
        }
        if (job.output.cycles < 1) {
            char text[160];
            std::snprintf(
                text, sizeof text,
                " is too short to loop: %d frames hold %.2f of its %.1f-frame gait cycle, "
                "a loop needs one whole cycle",
                c.frameCount(), (c.frameCount() - 1) / job.output.periodFrames,
                job.output.periodFrames);
            return Status::error(clipContext(c) + text);
        }
        int held = job.output.cycles;
        if (!desc.isTrimmed(i)) {
            LoopWindowJob window;
            window.clip = &c;
            window.periodFrames = job.output.periodFrames;
            if (Status s = window.run(); !s) return s.withContext(clipContext(c));
            held = std::min(held, window.output.cyclesHeld);
        }
        fewest = std::min(fewest, held);
    }
    return fewest;
}

std::vector<std::string> turningRangeWarnings(const BakedMotionSpace& space) {
    std::vector<std::string> out;
    if (space.clips.empty()) return out;
    float lo = space.clips.front().curvature, hi = lo;
    for (const BakedClip& c : space.clips) {
        lo = std::min(lo, c.curvature);
        hi = std::max(hi, c.curvature);
    }
    char text[320];
    // A loop of this curvature or less turns a circle wider than 10 m: to steer with, nearly
    // straight.
    constexpr float kNearlyStraight = 0.1f;
    const std::string name = "'" + space.name + "'";
    if (hi - lo < kNearlyStraight) {
        std::snprintf(
            text, sizeof text,
            "every loop of %s goes nearly straight (curvature %+.2f to %+.2f rad/m): it can hardly "
            "turn; add turning clips, or check that their loops hold the turns",
            name.c_str(), lo, hi);
        out.push_back(text);
    } else if (lo > -kNearlyStraight || hi < kNearlyStraight) {
        std::snprintf(text, sizeof text,
                      "the loops of %s turn only %s (curvature %+.2f to %+.2f rad/m): it steers "
                      "the other way "
                      "only in wide curves; add a clip turning %s",
                      name.c_str(), hi < kNearlyStraight ? "right" : "left", lo, hi,
                      hi < kNearlyStraight ? "left" : "right");
        out.push_back(text);
    }
    return out;
}

namespace {

// Every clip at the space's frame rate.
Status resampleClips(MotionSpaceDesc& desc, const std::string& ctx) {
    for (Clip& c : desc.clips) {
        if (std::abs(c.fps - desc.settings.fps) < 1e-3f) continue;
        auto r = resampleClip(c, desc.settings.fps);
        if (!r) return r.status().withContext(ctx + ", " + clipContext(c));
        c = std::move(*r);
    }
    return Status::ok();
}

// One joint order for every clip (the files may list children in another order), and only clips
// that travel.
Status conformClips(MotionSpaceDesc& desc, const std::string& ctx) {
    for (Clip& c : desc.clips) {
        auto conformed = conformClip(c, desc.clips.front().skeleton);
        if (!conformed) return conformed.status().withContext(ctx + ", " + clipContext(c));
        c = std::move(*conformed);
        if (const RootFigures root = rootFigures(c); root.hasFeet && root.inPlace)
            return Status::error(ctx + ": " + clipContext(c) +
                                 " stays in place (its root travels " + metres(root.travel) +
                                 "): a motion space needs clips that travel");
    }
    return Status::ok();
}

// A space of one clip is that clip's loop alone (a straight run, say, that turns by borrowing
// another style's turns): it is kept as the same loop twice, as every space blends a pair.
void pairLoneClip(MotionSpaceDesc& desc) {
    if (desc.clips.size() == 1) {
        desc.clips.push_back(desc.clips.front());
        if (!desc.trimmed.empty()) desc.trimmed.push_back(desc.trimmed.front());
        desc.loopedAs.resize(1, -1);
        desc.loopedAs.push_back(0);
    }
}

// Loop every clip to the same number of cycles, starting on the same phase; each loop baked with
// its source frames, contacts and strikes.
Status loopClips(const MotionSpaceDesc& desc, int cycles, const std::string& ctx,
                 std::vector<LoopedClip>& loops, std::vector<BakedClip>& baked) {
    for (size_t i = 0; i < desc.clips.size(); ++i) {
        const Clip& c = desc.clips[i];
        if (cancelRequested()) return Status::cancelled();
        LoopJob job;
        job.clip = &c;
        job.settings.cycles = cycles;
        job.settings.startPhase = desc.settings.startPhase;
        job.settings.chooseCycles = !desc.isTrimmed(i);
        if (const int like = desc.loopedAsOf(i); like >= 0) {
            // The same cycles as the clip it was made from: a bent turn's loop searched for
            // itself may take other cycles of the take (docs/results/capture-sources.md).
            job.output = loopLike(c, loops[static_cast<size_t>(like)]);
            job.output.window.reason = "the cycles of '" +
                                       desc.clips[static_cast<size_t>(like)].name +
                                       "', which it was made from";
        } else if (Status s = job.run(); !s) {
            return s.withContext(ctx + ", " + clipContext(c));
        }
        loops.push_back(job.output);
        baked.push_back(bakeLoop(job.output, c.name));
        baked.back().sourceStart = job.output.sourceStart;
        baked.back().sourceClose = job.output.sourceClose;
        baked.back().sourcePhaseFrame = job.output.sourcePhaseFrame;
        baked.back().startFoot =
            job.settings.startPhase == LoopSettings::StartPhase::LeftHeelStrike ? 0 : 1;
        bakeContacts(job.output, c, baked.back());
        for (auto [frame, foot] : loopStrikes(job.output, c))
            baked.back().strikes.push_back({frame, foot});
    }
    return Status::ok();
}

// The loop that curves least (the first of equals): the reference when the space names none.
int straightestLoop(const std::vector<BakedClip>& baked) {
    int reference = 0;
    for (size_t i = 1; i < baked.size(); ++i)
        if (std::abs(baked[i].curvature) < std::abs(baked[reference].curvature))
            reference = static_cast<int>(i);
    return reference;
}

// Register every loop to the reference loop, whole cycle onto whole cycle: each loop's warp
// table, pinned to the reference's strikes.
Status registerLoops(const MotionSpaceDesc& desc, const std::vector<LoopedClip>& loops,
                     int reference, const std::vector<std::pair<int, int>>& strikesOfReference,
                     const std::string& ctx, std::vector<BakedClip>& baked) {
    const Clip& ref = loops[reference].clip;
    const int referenceFrames = ref.frameCount() - 1;
    for (size_t i = 0; i < loops.size(); ++i) {
        const Clip& clip = loops[i].clip;
        if (static_cast<int>(i) == reference) {
            baked[i].warp.resize(referenceFrames + 1);
            std::iota(baked[i].warp.begin(), baked[i].warp.end(), 0.0f);
            continue;
        }
        if (cancelRequested()) return Status::cancelled();
        RegistrationJob job;
        job.a = &ref;
        job.b = &clip;
        job.settings.startCell = {0, 0};
        job.settings.endCell = {ref.frameCount() - 1, clip.frameCount() - 1};
        if (Status s = job.run(); !s)
            return s.withContext(ctx + ", registering " + clipContext(clip));
        baked[i].warp = warpTable(job.output, referenceFrames, clip.frameCount() - 1);
        smoothWarpSlopes(baked[i].warp, desc.settings.fps);
        pinToStrikes(baked[i].warp, strikesOfReference, loopStrikes(loops[i], desc.clips[i]));
        baked[i].registrationResidual = job.output.residual;
    }
    return Status::ok();
}

// The floor: the lowest of the clips' floors.
Status findFloor(const MotionSpaceDesc& desc, const std::string& ctx, BakedMotionSpace& space) {
    FootContactJob contacts;
    space.floorHeight = 1e30f;
    for (const Clip& c : desc.clips) {
        contacts.clip = &c;
        if (Status s = contacts.run(); !s) return s.withContext(ctx + ", " + clipContext(c));
        space.floorHeight = std::min(space.floorHeight, contacts.output.floorHeight);
    }
    return Status::ok();
}

// Feet and the reference loop's heel strikes (the goal space's start frames).
void findStartFrames(const std::vector<std::pair<int, int>>& strikesOfReference,
                     int referenceFrames, BakedMotionSpace& space) {
    const FootJoints feet = findFootJoints(space.skeleton);
    space.leftToe = feet.leftToe;
    space.rightToe = feet.rightToe;
    for (auto [frame, foot] : strikesOfReference)
        (foot == 0 ? space.leftStrikes : space.rightStrikes).push_back(frame);
    // The loop starts on a strike (frame 0 has no onset before it): count frame 0 as one.
    space.startFrames.push_back(0);
    for (int f : space.leftStrikes)
        if (f < referenceFrames) space.startFrames.push_back(f);
    for (int f : space.rightStrikes)
        if (f < referenceFrames) space.startFrames.push_back(f);
    std::sort(space.startFrames.begin(), space.startFrames.end());
    space.startFrames.erase(std::unique(space.startFrames.begin(), space.startFrames.end(),
                                        [](int a, int b) { return b - a < 4; }),
                            space.startFrames.end());
}

// The loops into the space ordered by curvature, sharpest right first; the reference's new index.
void addByCurvature(std::vector<BakedClip>& baked, int reference, BakedMotionSpace& space) {
    std::vector<int> order(baked.size());
    std::iota(order.begin(), order.end(), 0);
    stableSort(order, [&](int a, int b) { return baked[a].curvature < baked[b].curvature; });
    for (int i : order) {
        if (i == reference) space.reference = static_cast<int>(space.clips.size());
        space.clips.push_back(std::move(baked[i]));
    }
}

// What the build chose: each clip's loop window and the space's turning-range warnings.
void writeNotes(const MotionSpaceDesc& desc, const std::vector<LoopedClip>& loops,
                const BakedMotionSpace& space, MotionSpaceNotes& notes) {
    notes.space = desc.name;
    notes.clips.clear();
    notes.windows.clear();
    for (size_t i = 0; i < loops.size(); ++i) {
        notes.clips.push_back(desc.clips[i].name);
        notes.windows.push_back(loops[i].window);
    }
    notes.warnings = turningRangeWarnings(space);
}

}  // namespace

Expected<BakedMotionSpace> buildMotionSpace(const MotionSpaceDesc& input, MotionSpaceNotes* notes) {
    if (Status s = input.validate(); !s) return s;
    const std::string ctx = "motion space '" + input.name + "'";
    MotionSpaceDesc desc = input;
    if (Status s = resampleClips(desc, ctx); !s) return s;
    if (Status s = conformClips(desc, ctx); !s) return s;
    pairLoneClip(desc);
    int cycles = desc.settings.cycles;
    if (cycles == 0) {
        auto fewest = fewestCycles(desc);
        if (!fewest) return fewest.status().withContext(ctx);
        cycles = *fewest;
    }

    std::vector<LoopedClip> loops;
    std::vector<BakedClip> baked;
    if (Status s = loopClips(desc, cycles, ctx, loops, baked); !s) return s;
    const int reference = desc.reference >= 0 ? desc.reference : straightestLoop(baked);
    const int referenceFrames = loops[reference].clip.frameCount() - 1;
    const auto strikesOfReference = loopStrikes(loops[reference], desc.clips[reference]);
    if (Status s = registerLoops(desc, loops, reference, strikesOfReference, ctx, baked); !s)
        return s;

    BakedMotionSpace space;
    space.name = desc.name;
    space.fps = desc.settings.fps;
    space.skeleton = desc.clips.front().skeleton;
    space.cycles = cycles;
    if (Status s = findFloor(desc, ctx, space); !s) return s;
    findStartFrames(strikesOfReference, referenceFrames, space);
    addByCurvature(baked, reference, space);
    if (Status s = space.validate(); !s) return s;
    if (Status s = addTransitions(desc, space); !s) return s;
    if (notes) writeNotes(desc, loops, space, *notes);
    return space;
}

}  // namespace gs

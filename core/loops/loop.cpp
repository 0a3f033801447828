#include "core/loops/loop.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <optional>

#include "core/clip/clip_kinematics.h"
#include "core/clip/root_motion.h"

namespace gs {
namespace {

constexpr float kDegrees = 180.0f / std::numbers::pi_v<float>;

float rotationAngle(const glm::quat& a, const glm::quat& b) {
    const float d = std::min(1.0f, std::abs(glm::dot(glm::normalize(a), glm::normalize(b))));
    return 2.0f * std::acos(d);
}

struct Cut {
    int start = 0, close = 0;
    float cost = std::numeric_limits<float>::infinity();
};

// The source frame the loop begins on: the first strike of the chosen foot inside the cut, or a
// strike elsewhere brought into the cut by whole periods.
int phaseFrame(const FootContacts& contacts, LoopSettings::StartPhase phase, const Cut& cut,
               float period) {
    const std::vector<int>& strikes = phase == LoopSettings::StartPhase::RightHeelStrike
                                          ? contacts.rightStrikes()
                                          : contacts.leftStrikes();
    for (int f : strikes)
        if (f >= cut.start && f < cut.close) return f;
    for (int f : strikes) {
        const int k = static_cast<int>(std::floor((f - cut.start) / period));
        const int g = static_cast<int>(std::lround(f - k * period));
        if (g >= cut.start && g < cut.close) return g;
    }
    return -1;
}

// What a chosen window adds to the search for the cut (LoopSettings::chooseCycles).
struct CutSearch {
    int first = 0, last = 0;                 // source frames the cut lies within
    float periodLo = 0.0f, periodHi = 0.0f;  // the closing frame lies near s + N P for P in between
    std::function<float(int, int)> extra;    // added to a cut's cost (a turning loop's lost turn)
    bool wholeStrides = false;               // prefer cuts as long as N strides of each foot
};

// The start s and closing frame e ~ s + N P whose surroundings match best in the self web, among
// the cuts that hold a strike of the chosen foot (a short clip, one cycle and a little more, has
// few cuts, and the best-matching one may lie between two strikes of that foot). With
// wholeStrides, a cut as long as N strides of each foot (where the clip shows them: a strike inside
// the cut and one of the same foot a cut's length later) wins over any other (a short clip's self
// web may match a pose after a step, which loops half a gait cycle).
Cut bestCut(const MatchWeb& web, int cycles, float search, const FootContacts& contacts,
            LoopSettings::StartPhase phase, const CutSearch& where) {
    Cut best, whole;
    const float period = where.periodLo;
    const int slackLo = std::max(1, static_cast<int>(std::lround(search * where.periodLo)));
    const int slackHi = std::max(1, static_cast<int>(std::lround(search * where.periodHi)));
    const int n = std::min(web.rows, where.last + 1);
    // A strike of the foot inside the cut, and one of the same foot a cut's length later (the
    // clip may end first; a spurious strike between them does not matter).
    const auto strides = [&](const std::vector<int>& strikes, int s, int e) {
        const auto at =
            std::find_if(strikes.begin(), strikes.end(), [&](int f) { return f >= s && f < e; });
        if (at == strikes.end()) return true;  // nothing to check
        const int later = *at + (e - s), tolerance = std::max(2, (e - s) / 7);
        if (later - tolerance > strikes.back()) return true;
        return std::any_of(at + 1, strikes.end(),
                           [&](int f) { return std::abs(f - later) <= tolerance; });
    };
    for (int s = std::max(0, where.first); s < n; ++s) {
        const int lo = static_cast<int>(std::lround(s + cycles * where.periodLo)) - slackLo;
        const int hi = static_cast<int>(std::lround(s + cycles * where.periodHi)) + slackHi;
        for (int e = std::max(s + 2, lo); e <= std::min(n - 1, hi); ++e) {
            const float cost = web.at(e, s) + (where.extra ? where.extra(s, e) : 0.0f);
            if (cost >= best.cost && cost >= whole.cost) continue;
            if (phaseFrame(contacts, phase, {s, e, 0.0f}, period) < 0) continue;
            if (cost < best.cost) best = {s, e, cost};
            if (where.wholeStrides && cost < whole.cost && strides(contacts.leftStrikes(), s, e) &&
                strides(contacts.rightStrikes(), s, e))
                whole = {s, e, cost};
        }
    }
    const Cut& chosen = std::isfinite(whole.cost) ? whole : best;
    return std::isfinite(chosen.cost)
               ? Cut{chosen.start, chosen.close, web.at(chosen.close, chosen.start)}
               : chosen;
}

// How a chosen window searches for its cut. The gait's period there may differ from the clip's
// (a run changes its cadence into a 90-degree turn, and a short clip's self web may settle on
// the wrong lag): the closing frame is also searched around the spacing of same-foot strikes near
// the window, and a cut of whole strides is preferred. A turning loop keeps its turn: each rad/m
// of curvature below the window's sharpest costs as much as kTurnWeight metres of seam error.
void chosenCutSearch(const Clip& clip, const FootContacts& contacts, const CycleInfo& info,
                     const LoopWindow& window, std::optional<PathMeasure>& path, CutSearch& where) {
    constexpr float kTurnWeight = 0.1f;
    const float reach = 0.5f * info.periodFrames;
    float sum = 0.0f;
    int count = 0;
    for (const std::vector<int>* strikes : {&contacts.leftStrikes(), &contacts.rightStrikes()})
        for (size_t i = 1; i < strikes->size(); ++i)
            if ((*strikes)[i] >= window.first - reach && (*strikes)[i - 1] <= window.last + reach) {
                sum += static_cast<float>((*strikes)[i] - (*strikes)[i - 1]);
                ++count;
            }
    const float local = count ? sum / static_cast<float>(count) : info.periodFrames;
    if (local > 0.6f * info.periodFrames && local < 1.6f * info.periodFrames) {
        where.periodLo = std::min(where.periodLo, local);
        where.periodHi = std::max(where.periodHi, local);
    } else if (local > 0.3f * info.periodFrames && local <= 0.6f * info.periodFrames) {
        // The self web's period spans strides there (it found the chain two strides away).
        where.periodLo = where.periodHi = local;
    }
    where.wholeStrides = true;
    if (window.purpose == LoopWindow::Purpose::Straight) return;
    path.emplace(clip);
    const float side = window.curvature < 0.0f ? -1.0f : 1.0f;
    const float sharpest = window.curvature;
    where.extra = [&path, side, sharpest](int s, int e) {
        return kTurnWeight * std::max(0.0f, side * (sharpest - path->span(s, e).curvature));
    };
}

// Joint groups of the seam schedule.
constexpr int kEvenGroup = 0, kRootGroup = 1, kLeftLegGroup = 2, kRightLegGroup = 3;

// The group of every joint: the root, each leg (from the joint below the ankles' common
// ancestor down to the toes), the rest.
std::vector<int> jointGroups(const Skeleton& skeleton) {
    const int J = skeleton.jointCount();
    std::vector<int> group(J, kEvenGroup);
    if (J > 0) group[0] = kRootGroup;
    const FootJoints feet = findFootJoints(skeleton);
    if (feet.leftAnkle < 0 || feet.rightAnkle < 0) return group;
    std::vector<bool> aboveLeft(J, false);
    for (int j = feet.leftAnkle; j >= 0; j = skeleton.parents[j]) aboveLeft[j] = true;
    int common = feet.rightAnkle;
    while (common >= 0 && !aboveLeft[common]) common = skeleton.parents[common];
    for (int j = 1; j < J; ++j) {
        // Walk up to the child of the common ancestor; its side names the leg.
        int top = j;
        while (top >= 0 && skeleton.parents[top] != common) top = skeleton.parents[top];
        if (top < 0) continue;
        for (int a = feet.leftAnkle; a >= 0; a = skeleton.parents[a])
            if (a == top) group[j] = kLeftLegGroup;
        for (int a = feet.rightAnkle; a >= 0; a = skeleton.parents[a])
            if (a == top) group[j] = kRightLegGroup;
    }
    return group;
}

// Per joint group, the share of the seam correction applied at each source frame start..close:
// 0 at start, 1 at close, growing only (or almost only) on the frames where the group may move.
struct SeamSchedule {
    std::vector<float> progress[4];
    int flightFrames = 0;  // frames of the cut with both feet off the ground
};

// A gait with flight phases, whose feet the root correction moves: both feet off the ground
// (as contacts are detected) for this share of the cycle or more. CMU subject 16: walks 0.03-0.17
// (a brisk walk's contacts leave gaps of a frame or two), jogs and runs 0.35-0.74.
constexpr float kMinFlightShare = 0.3f;

SeamSchedule seamSchedule(const Clip& source, int start, int close, const float (&groupAngle)[4]) {
    const int n = close - start;
    std::vector<bool> left(n, false), right(n, false);
    FootContactJob contacts;
    contacts.clip = &source;
    if (contacts.run()) {
        const FootContacts& c = contacts.output;
        for (int k = 0; k < n; ++k) {
            const int f = start + k;
            left[k] = c.leftAnkle[f] || c.leftToe[f];
            right[k] = c.rightAnkle[f] || c.rightToe[f];
        }
    }
    // A frame where the group may move counts 1, others a little (never stalled entirely); more
    // where a large mismatch would otherwise turn the joints faster than kMaxTurn per frame on
    // the free frames (a poor cut is better spread thin than shown in a few frames).
    constexpr float kHeld = 0.05f;
    const float kMaxTurn = glm::radians(1.5f) * 30.0f / source.fps;
    auto build = [&](float angle, auto free) {
        std::vector<float> w(n);
        int freeFrames = 0;
        for (int k = 0; k < n; ++k) freeFrames += free(k) ? 1 : 0;
        float held = kHeld;
        if (freeFrames < n)
            held = std::clamp((angle / kMaxTurn - static_cast<float>(freeFrames)) /
                                  static_cast<float>(n - freeFrames),
                              kHeld, 1.0f);
        if (freeFrames == 0) held = 1.0f;
        for (int k = 0; k < n; ++k) w[k] = free(k) ? 1.0f : held;
        std::vector<float> p(n + 1, 0.0f);
        for (int k = 0; k < n; ++k) p[k + 1] = p[k] + w[k];
        for (float& v : p) v /= p[n];
        return p;
    };
    SeamSchedule s;
    for (int k = 0; k < n; ++k) s.flightFrames += !left[k] && !right[k] ? 1 : 0;
    s.progress[kEvenGroup] = build(0.0f, [](int) { return true; });
    s.progress[kRootGroup] =
        build(groupAngle[kRootGroup], [&](int k) { return !left[k] && !right[k]; });
    s.progress[kLeftLegGroup] = build(groupAngle[kLeftLegGroup], [&](int k) { return !left[k]; });
    s.progress[kRightLegGroup] =
        build(groupAngle[kRightLegGroup], [&](int k) { return !right[k]; });
    return s;
}

// The lowest ankle or toe height of every frame.
std::vector<float> lowestFoot(const Clip& clip) {
    const FootJoints feet = findFootJoints(clip.skeleton);
    std::vector<float> out(clip.frameCount(), 0.0f);
    if (!feet.isComplete()) return out;
    const auto pos = clipJointPositions(clip);
    const size_t J = static_cast<size_t>(clip.jointCount());
    for (int f = 0; f < clip.frameCount(); ++f) {
        float low = 1e30f;
        for (int j : {feet.leftAnkle, feet.leftToe, feet.rightAnkle, feet.rightToe})
            low = std::min(low, pos[f * J + j].y);
        out[f] = low;
    }
    return out;
}

// With flight phases, the root's share of the seam correction (pelvis tilt, taken up in flight)
// lifts or sinks the next stance foot: a run's loop ends up centimetres below or above the floor.
// There, root heights are set so that the lowest foot of every loop frame is as high as in its
// source frame, smoothed over 5 frames. Frame M repeats frame 0 and gets the same height.
void keepFeetHeights(const Clip& source, const std::vector<int>& src, Clip& loop) {
    const int M = loop.frameCount() - 1;
    if (M < 2) return;
    const std::vector<float> sourceLow = lowestFoot(source);
    const std::vector<float> loopLow = lowestFoot(loop);
    std::vector<float> delta(M);
    for (int k = 0; k < M; ++k) delta[k] = sourceLow[src[k]] - loopLow[k];
    for (int k = 0; k <= M; ++k) {
        float sum = 0.0f;
        for (int d = -2; d <= 2; ++d) sum += delta[((k + d) % M + M) % M];
        loop.rootPositions[k].y += sum / 5.0f;
    }
}

// Ground step from one source frame to another, in the heading frame of the first.
glm::vec3 groundStep(const std::vector<GroundFrame>& g, int from, int to) {
    const glm::vec3 local = g[from].toLocal(glm::vec3(g[to].x, 0.0f, g[to].z));
    return {local.x, local.z, g[to].heading - g[from].heading};
}

}  // namespace

LoopedClip cutLoop(const Clip& source, int start, int close, int phase, bool spreadSeam) {
    assert(0 <= start && start < close && close < source.frameCount());
    assert(start <= phase && phase < close);
    const Cut cut{start, close, 0.0f};
    LoopedClip out;
    const int M = cut.close - cut.start;
    const auto ground = groundFrames(source);
    std::vector<int> src(M + 1);
    for (int k = 0; k <= M; ++k) {
        const int f = phase + k;
        src[k] = f < cut.close ? f : cut.start + (f - cut.close);
    }
    Clip& loop = out.clip;
    loop = source;
    loop.name = source.name + " loop";
    loop.resize(0);
    loop.resize(M + 1);
    out.rootVelocity.assign(M + 1, glm::vec3(0.0f));

    // The cut closes on frame `close`, whose pose only nearly matches `start`'s. Rather than a
    // jump at the seam, the mismatch is spread over the cycle: source frame f is turned by a
    // fraction (0 at start, 1 at close) of the rotation that carries pose `close` onto pose
    // `start` (the root's in its ground frame, heading kept), so the last frame of the cycle
    // flows into the first. Root heights get the same correction.
    const int J = source.jointCount();
    std::vector<glm::quat> mismatch(J);
    {
        const auto a = source.frameRotations(start);
        const auto b = source.frameRotations(close);
        for (int j = 0; j < J; ++j) {
            glm::quat qa = a[j], qb = b[j];
            if (j == 0) {
                qa = glm::inverse(yawRotation(ground[start].heading)) * qa;
                qb = glm::inverse(yawRotation(ground[close].heading)) * qb;
            }
            glm::quat d = qa * glm::inverse(qb);
            if (d.w < 0.0f) d = -d;
            mismatch[j] = glm::normalize(d);
        }
    }
    const float heightMismatch = source.rootPositions[start].y - source.rootPositions[close].y;
    // Where in the cycle the mismatch is taken up: a leg's joints turn while that foot swings,
    // the root (tilt and height) while both feet are off the ground (a run's flight), so that
    // no planted foot is dragged along; everything else, and every joint of a clip with no such
    // frames, evenly over the cycle.
    const std::vector<int> groups = jointGroups(source.skeleton);
    float groupAngle[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int j = 0; j < J; ++j)
        groupAngle[groups[j]] =
            std::max(groupAngle[groups[j]], 2.0f * std::acos(std::min(1.0f, mismatch[j].w)));
    const SeamSchedule schedule = seamSchedule(source, start, close, groupAngle);
    auto correction = [&](int group, int f) {
        return spreadSeam ? schedule.progress[group][f - start] : 0.0f;
    };
    const glm::quat identity(1.0f, 0.0f, 0.0f, 0.0f);

    GroundFrame g = ground[src[0]];
    for (int k = 0; k <= M; ++k) {
        if (k > 0) {
            const int f = src[k];
            const glm::vec3 step = f == cut.start ? groundStep(ground, cut.close - 1, cut.close)
                                                  : groundStep(ground, f - 1, f);
            out.rootVelocity[k] = step;
            const glm::vec3 move = g.toWorldDirection(glm::vec3(step.x, 0.0f, step.y));
            g = {g.x + move.x, g.z + move.z, g.heading + step.z};
        }
        const GroundFrame& from = ground[src[k]];
        auto rotations = loop.frameRotations(k);
        const auto sourceRotations = source.frameRotations(src[k]);
        for (int j = 1; j < J; ++j)
            rotations[j] = glm::slerp(identity, mismatch[j], correction(groups[j], src[k])) *
                           sourceRotations[j];
        const float w = correction(kRootGroup, src[k]);
        const glm::quat residual = glm::inverse(yawRotation(from.heading)) * sourceRotations[0];
        rotations[0] = yawRotation(g.heading) * glm::slerp(identity, mismatch[0], w) * residual;
        glm::vec3 local = from.toLocal(source.rootPositions[src[k]]);
        local.y += w * heightMismatch;
        loop.rootPositions[k] = g.toWorld(local);
    }
    out.rootVelocity[0] = out.rootVelocity[M];
    if (spreadSeam && schedule.flightFrames >= kMinFlightShare * static_cast<float>(M))
        keepFeetHeights(source, src, loop);
    out.sourceStart = start;
    out.sourceClose = close;
    out.sourcePhaseFrame = phase;
    out.seamStepRatio = seamStepRatio(loop, source);
    return out;
}

namespace {

// Joint positions in each frame's ground (heading) frame.
std::vector<glm::vec3> rootRelativePositions(const Clip& clip) {
    auto world = clipJointPositions(clip);
    const auto ground = groundFrames(clip);
    const int J = clip.jointCount();
    for (int f = 0; f < clip.frameCount(); ++f)
        for (int j = 0; j < J; ++j)
            world[static_cast<size_t>(f) * J + j] =
                ground[f].toLocal(world[static_cast<size_t>(f) * J + j]);
    return world;
}

// Largest joint displacement between two frames of root-relative positions.
float stepSize(const std::vector<glm::vec3>& p, int J, int f0, int f1) {
    float m = 0.0f;
    for (int j = 0; j < J; ++j)
        m = std::max(m, glm::length(p[static_cast<size_t>(f1) * J + j] -
                                    p[static_cast<size_t>(f0) * J + j]));
    return m;
}

}  // namespace

float poseRotationDifference(const Clip& clip, int a, int b) {
    const auto ground = groundFrames(clip);
    const auto ra = clip.frameRotations(a), rb = clip.frameRotations(b);
    float worst = rotationAngle(glm::inverse(yawRotation(ground[a].heading)) * ra[0],
                                glm::inverse(yawRotation(ground[b].heading)) * rb[0]);
    for (int j = 1; j < clip.jointCount(); ++j)
        worst = std::max(worst, rotationAngle(ra[j], rb[j]));
    return worst * kDegrees;
}

float seamStepRatio(const Clip& loop, const Clip& source) {
    const int J = loop.jointCount();
    const auto p = rootRelativePositions(loop);
    const auto q = rootRelativePositions(source);
    // Played twice: frames 0 .. M, then 1 .. M again (frame M repeats frame 0).
    const int M = loop.frameCount() - 1;
    float loopMax = 0.0f, sourceMax = 0.0f;
    for (int k = 0; k < 2 * M; ++k) {
        const int f0 = k % M, f1 = k % M + 1;
        loopMax = std::max(loopMax, stepSize(p, J, f0, f1));
    }
    for (int f = 1; f < source.frameCount(); ++f)
        sourceMax = std::max(sourceMax, stepSize(q, J, f - 1, f));
    return sourceMax > 0.0f ? loopMax / sourceMax : 0.0f;
}

Status LoopSettings::validate() const {
    if (cycles < 0) return Status::error("loop cycles must be >= 0 (0 = all whole cycles)");
    if (!(closeSearch >= 0.0f && closeSearch <= 0.5f))
        return Status::error("loop close search must be in [0, 0.5] of a period");
    if (Status s = window.validate(); !s) return s;
    return cycle.validate();
}

Status LoopJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!clip) return Status::error("no clip to loop");
    CycleJob cycles;
    cycles.settings = settings.cycle;
    cycles.clip = clip;
    return cycles.validate();
}

LoopedClip loopLike(const Clip& clip, const LoopedClip& like, bool spreadSeam) {
    LoopedClip out =
        cutLoop(clip, like.sourceStart, like.sourceClose, like.sourcePhaseFrame, spreadSeam);
    out.cycles = like.cycles;
    out.periodFrames = like.periodFrames;
    out.seamErrorM = like.seamErrorM;  // the point-cloud distance ignores where on the ground
    out.seamErrorDeg = poseRotationDifference(clip, like.sourceClose, like.sourceStart);
    out.window = like.window;
    if (auto within = trimClip(clip, like.window.first, like.window.last))
        out.seamStepRatio = seamStepRatio(out.clip, *within);
    return out;
}

Status LoopJob::run() {
    if (Status s = validate(); !s) return s;
    output = {};
    CycleJob cycleJob;
    cycleJob.settings = settings.cycle;
    cycleJob.clip = clip;
    if (Status s = cycleJob.run(); !s) return s;
    const CycleInfo& info = cycleJob.output;
    if (!info.periodic)
        return Status::error("clip '" + clip->name + "' shows no periodic motion (" + info.source +
                             ")");
    LoopWindow window;
    if (settings.chooseCycles) {
        LoopWindowJob choose;
        choose.settings = settings.window;
        choose.clip = clip;
        choose.periodFrames = info.periodFrames;
        choose.cycles = settings.cycles;
        if (Status s = choose.run(); !s) return s.withContext("clip '" + clip->name + "'");
        window = choose.output;
    } else {
        window.first = 0;
        window.last = clip->frameCount() - 1;
        window.cycles = settings.cycles > 0 ? settings.cycles : info.cycles;
        window.cyclesHeld = info.cycles;
        window.reason = "as trimmed: any " + std::to_string(window.cycles) + " of its " +
                        std::to_string(info.cycles) + " whole cycle" +
                        (info.cycles == 1 ? "" : "s");
    }
    const int cycles = window.cycles;
    if (cycles < 1 || cycles > info.cycles)
        return Status::error("clip '" + clip->name + "' holds " + std::to_string(info.cycles) +
                             " whole cycle(s) of " +
                             std::to_string(std::lround(info.periodFrames)) + " frames in " +
                             std::to_string(clip->frameCount()) + " frames; cannot loop " +
                             std::to_string(std::max(cycles, 1)));

    FootContactJob contacts;
    contacts.settings = settings.cycle.contacts;
    contacts.clip = clip;
    if (Status s = contacts.run(); !s) return s.withContext("clip '" + clip->name + "'");
    const char* foot =
        settings.startPhase == LoopSettings::StartPhase::RightHeelStrike ? "right" : "left";
    if ((settings.startPhase == LoopSettings::StartPhase::RightHeelStrike
             ? contacts.output.rightStrikes()
             : contacts.output.leftStrikes())
            .empty())
        return Status::error("clip '" + clip->name + "' has no " + foot +
                             " foot strike (heel or forefoot) to start the loop on");
    CutSearch where{window.first, window.last, info.periodFrames, info.periodFrames, {}, false};
    std::optional<PathMeasure> path;
    if (settings.chooseCycles) chosenCutSearch(*clip, contacts.output, info, window, path, where);
    const Cut cut = bestCut(cycleJob.selfWeb, cycles, settings.closeSearch, contacts.output,
                            settings.startPhase, where);
    if (!std::isfinite(cut.cost))
        return Status::error("clip '" + clip->name + "' has no room for " + std::to_string(cycles) +
                             " cycle(s) of " + std::to_string(info.periodFrames) +
                             " frames that hold a " + foot + " foot strike (" +
                             std::to_string(clip->frameCount()) + " frames)");
    const int phase = phaseFrame(contacts.output, settings.startPhase, cut, info.periodFrames);
    output = cutLoop(*clip, cut.start, cut.close, phase, settings.spreadSeam);
    output.cycles = cycles;
    output.periodFrames = info.periodFrames;
    output.seamErrorM = cut.cost;
    output.seamErrorDeg = poseRotationDifference(*clip, cut.close, cut.start);
    output.window = window;
    // The seam against the frames the loop may be cut from (a chosen window leaves out the rest).
    if (settings.chooseCycles)
        if (auto within = trimClip(*clip, window.first, window.last))
            output.seamStepRatio = seamStepRatio(output.clip, *within);
    return Status::ok();
}

}  // namespace gs

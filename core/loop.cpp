#include "core/loop.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <numbers>

#include "core/kinematics.h"
#include "core/root_motion.h"

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

// The start s and closing frame e ~ s + N P whose surroundings match best in the self web, among
// the cuts that hold a strike of the chosen foot (a short clip, one cycle and a little more, has
// few cuts, and the best-matching one may lie between two strikes of that foot).
Cut bestCut(const MatchWeb& web, float period, int cycles, float search, const FootContacts& contacts,
            LoopSettings::StartPhase phase) {
    Cut best;
    const float span = cycles * period;
    const int slack = std::max(1, static_cast<int>(std::lround(search * period)));
    const int n = web.rows;
    for (int s = 0; s < n; ++s) {
        const int centre = static_cast<int>(std::lround(s + span));
        for (int e = std::max(s + 2, centre - slack); e <= std::min(n - 1, centre + slack); ++e)
            if (web.at(e, s) < best.cost && phaseFrame(contacts, phase, {s, e, 0.0f}, period) >= 0)
                best = {s, e, web.at(e, s)};
    }
    return best;
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
    // jump at the seam, the mismatch is spread over the cycle: source frame f is turned by the
    // fraction (f - start) / (close - start) of the rotation that carries pose `close` onto pose
    // `start` (the root's in its ground frame, heading kept), so the last frame of the cycle
    // flows into the first. Root heights get the same linear correction.
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
    auto correction = [&](int f) {
        return spreadSeam ? static_cast<float>(f - start) / static_cast<float>(close - start) : 0.0f;
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
        const float w = correction(src[k]);
        for (int j = 1; j < J; ++j) rotations[j] = glm::slerp(identity, mismatch[j], w) * sourceRotations[j];
        const glm::quat residual = glm::inverse(yawRotation(from.heading)) * sourceRotations[0];
        rotations[0] = yawRotation(g.heading) * glm::slerp(identity, mismatch[0], w) * residual;
        glm::vec3 local = from.toLocal(source.rootPositions[src[k]]);
        local.y += w * heightMismatch;
        loop.rootPositions[k] = g.toWorld(local);
    }
    out.rootVelocity[0] = out.rootVelocity[M];
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
        for (int j = 0; j < J; ++j) world[static_cast<size_t>(f) * J + j] = ground[f].toLocal(world[static_cast<size_t>(f) * J + j]);
    return world;
}

// Largest joint displacement between two frames of root-relative positions.
float stepSize(const std::vector<glm::vec3>& p, int J, int f0, int f1) {
    float m = 0.0f;
    for (int j = 0; j < J; ++j)
        m = std::max(m, glm::length(p[static_cast<size_t>(f1) * J + j] - p[static_cast<size_t>(f0) * J + j]));
    return m;
}

}  // namespace

float poseRotationDifference(const Clip& clip, int a, int b) {
    const auto ground = groundFrames(clip);
    const auto ra = clip.frameRotations(a), rb = clip.frameRotations(b);
    float worst = rotationAngle(glm::inverse(yawRotation(ground[a].heading)) * ra[0],
                                glm::inverse(yawRotation(ground[b].heading)) * rb[0]);
    for (int j = 1; j < clip.jointCount(); ++j) worst = std::max(worst, rotationAngle(ra[j], rb[j]));
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
    for (int f = 1; f < source.frameCount(); ++f) sourceMax = std::max(sourceMax, stepSize(q, J, f - 1, f));
    return sourceMax > 0.0f ? loopMax / sourceMax : 0.0f;
}

Status LoopSettings::validate() const {
    if (cycles < 0) return Status::error("loop cycles must be >= 0 (0 = all whole cycles)");
    if (!(closeSearch >= 0.0f && closeSearch <= 0.5f))
        return Status::error("loop close search must be in [0, 0.5] of a period");
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

Status LoopJob::run() {
    if (Status s = validate(); !s) return s;
    output = {};
    CycleJob cycleJob;
    cycleJob.settings = settings.cycle;
    cycleJob.clip = clip;
    if (Status s = cycleJob.run(); !s) return s;
    const CycleInfo& info = cycleJob.output;
    if (!info.periodic)
        return Status::error("clip '" + clip->name + "' shows no periodic motion (" + info.source + ")");
    const int cycles = settings.cycles > 0 ? settings.cycles : info.cycles;
    if (cycles < 1 || cycles > info.cycles)
        return Status::error("clip '" + clip->name + "' holds " + std::to_string(info.cycles) +
                             " whole cycle(s) of " + std::to_string(std::lround(info.periodFrames)) +
                             " frames in " + std::to_string(clip->frameCount()) + " frames; cannot loop " +
                             std::to_string(std::max(cycles, 1)));

    FootContactJob contacts;
    contacts.settings = settings.cycle.contacts;
    contacts.clip = clip;
    if (Status s = contacts.run(); !s) return s.withContext("clip '" + clip->name + "'");
    const char* foot = settings.startPhase == LoopSettings::StartPhase::RightHeelStrike ? "right" : "left";
    if ((settings.startPhase == LoopSettings::StartPhase::RightHeelStrike ? contacts.output.rightStrikes()
                                                                          : contacts.output.leftStrikes())
            .empty())
        return Status::error("clip '" + clip->name + "' has no " + foot +
                             " foot strike (heel or forefoot) to start the loop on");
    const Cut cut = bestCut(cycleJob.selfWeb, info.periodFrames, cycles, settings.closeSearch,
                            contacts.output, settings.startPhase);
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
    return Status::ok();
}

}  // namespace gs

#include "core/loops/loop_window.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/clip/root_motion.h"

namespace gs {
namespace {

std::string describe(const LoopWindow& w, int wholeCycles) {
    char text[240];
    const char* what = w.purpose == LoopWindow::Purpose::Turn   ? "the sharpest steady turn"
                       : w.purpose == LoopWindow::Purpose::Veer ? "the steadiest curve"
                                                                : "the steadiest straight walk";
    std::snprintf(text, sizeof text,
                  "%s: %s, %d of its %d whole cycle%s from frame %d (%+.2f rad/m, %.2f m/s)",
                  loopPurposeName(w.purpose), what, w.cycles, wholeCycles,
                  wholeCycles == 1 ? "" : "s", w.start, w.curvature, w.speed);
    return text;
}

}  // namespace

PathMeasure::PathMeasure(const Clip& clip) : m_fps(clip.fps) {
    const auto ground = groundFrames(clip);
    m_heading.resize(ground.size());
    m_length.assign(ground.size(), 0.0f);
    for (size_t f = 0; f < ground.size(); ++f) {
        m_heading[f] = ground[f].heading;
        if (f > 0)
            m_length[f] = m_length[f - 1] +
                          std::hypot(ground[f].x - ground[f - 1].x, ground[f].z - ground[f - 1].z);
    }
}

PathSpan PathMeasure::span(int a, int b) const {
    PathSpan s;
    const float length = m_length[b] - m_length[a];
    s.turn = m_heading[b] - m_heading[a];
    s.curvature = length > 1e-4f ? s.turn / length : 0.0f;
    s.speed = b > a ? length * m_fps / static_cast<float>(b - a) : 0.0f;
    return s;
}

const char* loopPurposeName(LoopWindow::Purpose purpose) {
    switch (purpose) {
        case LoopWindow::Purpose::Turn:
            return "turn";
        case LoopWindow::Purpose::Veer:
            return "veer";
        case LoopWindow::Purpose::Straight:
            break;
    }
    return "straight";
}

Status LoopWindowSettings::validate() const {
    if (!(turnCurvature > 0.0f && turnCurvature <= 10.0f))
        return Status::error("turn curvature must be in (0, 10] rad/m");
    if (!(turnContrast >= 1.0f && turnContrast <= 100.0f))
        return Status::error("turn contrast must be in [1, 100]");
    if (!(straightCurvature >= 0.0f && straightCurvature <= 10.0f))
        return Status::error("straight curvature must be in [0, 10] rad/m");
    if (!(heldShare > 0.0f && heldShare <= 1.0f))
        return Status::error("held share must be in (0, 1]");
    if (!(slackPeriods >= 0.0f && slackPeriods <= 1.0f))
        return Status::error("window slack must be in [0, 1] periods");
    if (!(steadyTolerance >= 0.0f && steadyTolerance <= 1.0f))
        return Status::error("steady tolerance must be in [0, 1]");
    return Status::ok();
}

Status LoopWindowJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!clip || clip->isEmpty()) return Status::error("loop window needs a clip");
    if (!(periodFrames > 1.0f) || !std::isfinite(periodFrames))
        return Status::error("loop window needs a gait period");
    if (cycles < 0) return Status::error("cycles must be >= 0");
    return Status::ok();
}

Status LoopWindowJob::run() {
    if (Status s = validate(); !s) return s;
    output = {};
    const PathMeasure path(*clip);
    const int F = path.frames();
    const float P = periodFrames;
    const int whole = static_cast<int>(std::floor((F - 1) / P));
    if (whole < 1) return Status::error("the clip holds no whole gait cycle");
    const auto cycleEnd = [&](int s, int n) {
        return std::min(F - 1, static_cast<int>(std::lround(s + n * P)));
    };
    const auto lastStart = [&](int n) {
        return std::max(0, static_cast<int>(std::floor(F - 1 - n * P)));
    };

    // What the clip is for, from its one-cycle stretches against the whole clip.
    const PathSpan all = path.span(0, F - 1);
    float peakCurvature = 0.0f;
    for (int s = 0; s <= lastStart(1); ++s) {
        const float k = path.span(s, cycleEnd(s, 1)).curvature;
        if (std::abs(k) > std::abs(peakCurvature)) peakCurvature = k;
    }
    LoopWindow& w = output;
    if (std::abs(peakCurvature) >= settings.turnCurvature &&
        std::abs(peakCurvature) >= settings.turnContrast * std::abs(all.curvature))
        w.purpose = LoopWindow::Purpose::Turn;
    else if (std::abs(all.curvature) < settings.straightCurvature)
        w.purpose = LoopWindow::Purpose::Straight;
    else
        w.purpose = LoopWindow::Purpose::Veer;
    // The side it turns to: a turn's sharpest cycle's, a veer's overall.
    const float side =
        (w.purpose == LoopWindow::Purpose::Turn ? peakCurvature : all.curvature) < 0.0f ? -1.0f
                                                                                        : 1.0f;

    // Cycles held: a turn holds as many as keep turning near its sharpest; anything else all.
    w.cyclesHeld = whole;
    if (w.purpose == LoopWindow::Purpose::Turn) {
        w.cyclesHeld = 1;
        for (int n = 2; n <= whole; ++n) {
            float best = 0.0f;
            for (int s = 0; s <= lastStart(n); ++s)
                best = std::max(best, side * path.span(s, cycleEnd(s, n)).curvature);
            if (best < settings.heldShare * std::abs(peakCurvature)) break;
            w.cyclesHeld = n;
        }
    }
    const int n = cycles > 0 ? cycles : w.cyclesHeld;
    if (n > whole)
        return Status::error("a loop of " + std::to_string(n) +
                             " cycles does not fit: the clip holds " + std::to_string(whole) +
                             " whole cycle" + (whole == 1 ? "" : "s"));

    // The start whose n cycles do it best: a turn at its sharpest, steady; anything else steady
    // (and straight for a straight clip). Steadiness: how much curvature and speed change when
    // the window moves half a period either way.
    const int half = std::max(1, static_cast<int>(std::lround(0.5f * P)));
    const int last = lastStart(n);
    std::vector<float> cost(static_cast<size_t>(last) + 1);
    for (int s = 0; s <= last; ++s) {
        const PathSpan here = path.span(s, cycleEnd(s, n));
        float dk = 0.0f, dv = 0.0f;
        for (int t : {s - half, s + half}) {  // near the ends, the one neighbour there is
            if (t < 0 || t > last) continue;
            const PathSpan there = path.span(t, cycleEnd(t, n));
            dk = std::max(dk, std::abs(there.curvature - here.curvature));
            dv = std::max(dv, std::abs(there.speed - here.speed) / std::max(here.speed, 1e-3f));
        }
        // Curvature in rad/m weighs as a relative change of speed per metre.
        // A clip that turns (or veers) is looped where it turns sharpest, steadily; a straight clip
        // where it is straightest and steadiest.
        cost[s] = w.purpose == LoopWindow::Purpose::Straight
                      ? std::abs(here.curvature) + dk + dv
                      : -side * here.curvature + 0.1f * (dk + dv);
    }
    const int best = static_cast<int>(std::min_element(cost.begin(), cost.end()) - cost.begin());
    // A clip that turns is looped where it turns sharpest. A straight clip may be cut wherever it
    // is nearly as straight and steady as at its best (the cut then finds the best matching poses
    // there): the run of such starts around the best.
    int from = best, to = best;
    if (w.purpose == LoopWindow::Purpose::Straight) {
        while (from > 0 && cost[from - 1] <= cost[best] + settings.steadyTolerance) --from;
        while (to < last && cost[to + 1] <= cost[best] + settings.steadyTolerance) ++to;
    }
    const PathSpan chosen = path.span(best, cycleEnd(best, n));
    const int slack = static_cast<int>(std::lround(settings.slackPeriods * P));
    w.start = best;
    w.cycles = n;
    w.first = std::max(0, from - slack);
    w.last = std::min(F - 1, cycleEnd(to, n) + slack);
    if (whole - n < 1) {  // less than a cycle to choose from: the cut may use the whole clip
        w.first = 0;
        w.last = F - 1;
    }
    w.curvature = chosen.curvature;
    w.speed = chosen.speed;
    w.reason = describe(w, whole);
    return Status::ok();
}

}  // namespace gs

#include "core/analysis/cycles.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gs {
namespace {

// Mean cost along the diagonal i - j = lag of a self web.
float lagCost(const MatchWeb& web, int lag) {
    double sum = 0.0;
    int n = 0;
    for (int i = lag; i < web.rows; ++i, ++n) sum += web.at(i, i - lag);
    return n > 0 ? static_cast<float>(sum / n) : 0.0f;
}

struct Periodic {
    float lag;
    int length;
};

// Chains below the diagonal that look like a gait matching itself one or more cycles later.
std::vector<Periodic> periodicChains(const MatchWeb& web, const CycleSettings& s, float fps) {
    std::vector<Periodic> out;
    for (const Chain& c : web.chains) {
        const float lag = c.meanLag();
        if (lag < s.minPeriodSeconds * fps) continue;
        const float overlap = static_cast<float>(web.rows) - lag;
        if (overlap <= 0.0f || c.length() < s.minCoverage * overlap) continue;
        out.push_back({lag, c.length()});
    }
    return out;
}

// P fitted to the chains at multiples of the shortest plausible lag (weighted by length).
// With a preferred period (from foot strikes), the base is the chain closest to it instead.
bool periodFromChains(const std::vector<Periodic>& chains, const CycleSettings& s, float fps,
                      float preferred, CycleInfo& info) {
    float base = 0.0f;
    for (const Periodic& p : chains) {
        if (p.lag > s.maxPeriodSeconds * fps) continue;
        if (preferred > 0.0f) {
            if (std::abs(p.lag - preferred) <= 0.15f * preferred &&
                (base == 0.0f || std::abs(p.lag - preferred) < std::abs(base - preferred)))
                base = p.lag;
        } else if (base == 0.0f || p.lag < base) {
            base = p.lag;
        }
    }
    if (base == 0.0f) return false;
    info.chainLags.clear();
    double num = 0.0, den = 0.0;
    for (const Periodic& p : chains) {
        const float k = std::round(p.lag / base);
        if (k < 1.0f || std::abs(p.lag - k * base) > 0.15f * base) continue;
        num += static_cast<double>(k) * p.lag * p.length;
        den += static_cast<double>(k) * k * p.length;
        info.chainLags.push_back(p.lag);
    }
    std::sort(info.chainLags.begin(), info.chainLags.end());
    info.periodFrames = static_cast<float>(num / den);
    info.source = "match web";
    return true;
}

// Median spacing of consecutive same-foot strikes within the plausible range, or 0.
float strikePeriod(const FootContacts& contacts, const CycleSettings& s, float fps) {
    std::vector<int> gaps;
    for (const std::vector<int>* strikes : {&contacts.leftStrikes(), &contacts.rightStrikes()})
        for (size_t k = 1; k < strikes->size(); ++k) {
            const int gap = (*strikes)[k] - (*strikes)[k - 1];
            if (gap >= s.minPeriodSeconds * fps && gap <= s.maxPeriodSeconds * fps)
                gaps.push_back(gap);
        }
    if (gaps.empty()) return 0.0f;
    std::sort(gaps.begin(), gaps.end());
    const size_t m = gaps.size() / 2;
    return gaps.size() % 2 ? static_cast<float>(gaps[m]) : 0.5f * (gaps[m - 1] + gaps[m]);
}

// The strike period, accepted when the self web shows a clear valley at that lag.
bool periodFromStrikes(const MatchWeb& web, float period, const CycleSettings& s, CycleInfo& info) {
    const int lag = static_cast<int>(std::lround(period));
    if (lag >= web.rows) {
        info.source = "the clip is shorter than one strike period";
        return false;
    }
    float valley = lagCost(web, lag);
    for (int d : {-1, 1})
        if (lag + d > 0 && lag + d < web.rows) valley = std::min(valley, lagCost(web, lag + d));
    float peak = 0.0f;
    for (int l = 1; l < lag; ++l) peak = std::max(peak, lagCost(web, l));
    if (!(valley < s.web.epsilon && valley < s.maxValleyRatio * peak)) {
        info.source =
            "foot strikes repeat but the motion does not (no valley in the self match web)";
        return false;
    }
    info.periodFrames = period;
    info.chainLags.assign(1, period);
    info.source = "foot strikes";
    return true;
}

// Why a clip shows no cycle, with its length when it may be shorter than one.
std::string noCycleReason(const Clip& clip, const CycleSettings& s) {
    std::string reason =
        "no periodic chain in the self match web and no two strikes of one foot a gait period "
        "apart";
    const float seconds = static_cast<float>(clip.frameCount() - 1) / clip.fps;
    if (seconds < s.maxPeriodSeconds) {
        char text[96];
        std::snprintf(text, sizeof text,
                      "; at %d frames (%.2f s) it may hold less than one gait cycle",
                      clip.frameCount(), seconds);
        reason += text;
    }
    return reason;
}

}  // namespace

Status CycleSettings::validate() const {
    if (Status st = web.validate(); !st) return st;
    if (!(minPeriodSeconds > 0.0f && minPeriodSeconds < maxPeriodSeconds &&
          maxPeriodSeconds <= 10.0f))
        return Status::error("cycle period range must satisfy 0 < min < max <= 10 s");
    if (!(minCoverage > 0.0f && minCoverage <= 1.0f))
        return Status::error("chain coverage must be in (0, 1]");
    if (!(maxValleyRatio > 0.0f && maxValleyRatio <= 1.0f))
        return Status::error("valley ratio must be in (0, 1]");
    return contacts.validate();
}

Status CycleJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!clip) return Status::error("no clip");
    MatchWebJob web;
    web.settings = settings.web;
    web.a = web.b = clip;
    return web.validate();
}

Status CycleJob::run() {
    if (Status s = validate(); !s) return s;
    output = {};
    MatchWebJob web;
    web.settings = settings.web;
    web.a = web.b = clip;
    if (Status s = web.run(); !s) return s;
    selfWeb = std::move(web.output);

    const float fps = clip->fps;
    FootContactJob contacts;
    contacts.settings = settings.contacts;
    contacts.clip = clip;
    const float fromStrikes = contacts.run() ? strikePeriod(contacts.output, settings, fps) : 0.0f;
    const auto chains = periodicChains(selfWeb, settings, fps);
    bool found = periodFromChains(chains, settings, fps, 0.0f, output);
    // Runs are nearly symmetric: a half or double cycle can pass for the period. Where the feet
    // say otherwise, trust the chain at the strike period, or the strikes if the web agrees.
    if (found && fromStrikes > 0.0f &&
        std::abs(output.periodFrames - fromStrikes) > 0.2f * fromStrikes) {
        CycleInfo alt;
        if (periodFromChains(chains, settings, fps, fromStrikes, alt) ||
            periodFromStrikes(selfWeb, fromStrikes, settings, alt)) {
            output = alt;
        } else if (const float k = std::round(output.periodFrames / fromStrikes);
                   k >= 2.0f &&
                   std::abs(output.periodFrames - k * fromStrikes) <= 0.15f * k * fromStrikes) {
            // Only the chain k cycles away was long enough to show.
            output.periodFrames /= k;
        }
    }
    if (!found) {
        if (fromStrikes > 0.0f)
            found = periodFromStrikes(selfWeb, fromStrikes, settings, output);
        else
            output.source = noCycleReason(*clip, settings);
    }
    if (!found) {
        output.chainLags.clear();
        output.periodFrames = 0.0f;
        return Status::ok();
    }
    output.periodic = true;
    output.periodSeconds = output.periodFrames / fps;
    output.cycles =
        static_cast<int>(std::floor((clip->frameCount() - 1) / output.periodFrames + 1e-3f));
    return Status::ok();
}

}  // namespace gs

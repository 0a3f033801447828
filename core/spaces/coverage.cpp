#include "core/spaces/coverage.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gs {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
// A steady turn rate below this (rad/s) is going straight: no turn to that side.
constexpr float kNoTurnRate = 1e-3f;

// The radius of a steady motion turning to `side` (+1 left, -1 right); +inf when it does not.
float radiusOf(const GoalSpaceMotion& m, float side) {
    const float rate = side * m.turnRate;
    return rate > kNoTurnRate && m.speed > 0.0f ? m.speed / rate : kInf;
}

// The loop that turns sharpest to `side` (+1 left, -1 right) beyond the straight threshold and
// may be mirrored; empty when none.
std::string sharpestTurn(const BakedMotionSpace& ms, float side, const CoverageJob& job) {
    std::string name;
    float best = job.settings.straightCurvature;
    for (const BakedClip& c : ms.clips) {
        const float k = side * c.curvature;
        if (k <= best || (job.canMirror && !job.canMirror(c.name))) continue;
        best = k;
        name = c.name;
    }
    return name;
}

std::string metres(float r) {
    char text[32];
    std::snprintf(text, sizeof text, r < 10.0f ? "%.1f m" : "%.0f m", r);
    return text;
}

// The sentence for a side that cannot turn as sharply as it should, or nothing.
void addTurnGap(SpaceCoverage& c, bool left, const CoverageSettings& settings) {
    const float radius = left ? c.tightestRadiusLeft : c.tightestRadiusRight;
    const float other = left ? c.tightestRadiusRight : c.tightestRadiusLeft;
    const bool wide = radius > settings.wideTurnRadius;
    const bool lopsided = std::isfinite(other) && radius > settings.lopsidedRatio * other;
    if (!wide && !lopsided) return;
    const std::string side = left ? "left" : "right";
    const std::string& mirror = left ? c.sharpestRight : c.sharpestLeft;
    std::string text = c.space + " cannot turn " + side;
    if (std::isfinite(radius)) text += " tighter than " + metres(radius);
    if (lopsided)
        text +=
            " (" + (left ? std::string("right") : std::string("left")) + ": " + metres(other) + ")";
    text += ": capture a " + c.space + " turning " + side;
    text += mirror.empty() ? ", or add bent turns (its straight clips bent into curves)"
                           : ", or mirror " + mirror;
    c.missing.push_back(text);
}

}  // namespace

Status CoverageSettings::validate() const {
    if (!(wideTurnRadius > 0.0f && wideTurnRadius <= 1000.0f))
        return Status::error("coverage: the wide turn radius must be in (0, 1000] m");
    if (!(lopsidedRatio > 1.0f && lopsidedRatio <= 100.0f))
        return Status::error("coverage: the lopsided ratio must be in (1, 100]");
    if (!(straightCurvature >= 0.0f && straightCurvature <= 1.0f))
        return Status::error("coverage: the straight curvature must be in [0, 1] rad/m");
    return Status::ok();
}

Status CoverageJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!space) return Status::error("coverage: no behavioral space");
    if (space->spaces.empty()) return Status::error("coverage: the behavioral space is empty");
    if (goalSpaces.size() != space->spaces.size())
        return Status::error("coverage: " + std::to_string(goalSpaces.size()) +
                             " goal spaces for " + std::to_string(space->spaces.size()) +
                             " motion spaces");
    for (size_t s = 0; s < goalSpaces.size(); ++s) {
        const GoalSpace& g = goalSpaces[s];
        for (const GoalSpaceMotion* m : {&g.left, &g.right})
            if (!std::isfinite(m->speed) || !std::isfinite(m->turnRate))
                return Status::error("coverage: the goal space of '" + space->spaces[s].name +
                                     "' has a steady turn that is not finite");
        if (space->spaces[s].clips.empty())
            return Status::error("coverage: motion space '" + space->spaces[s].name +
                                 "' has no loops");
    }
    return Status::ok();
}

Status CoverageJob::run() {
    if (Status s = validate(); !s) return s;
    output.clear();
    // The space a space without starts of its own starts with (arrival_job.cpp's beginStart).
    std::string firstStarts;
    for (const BakedMotionSpace& ms : space->spaces)
        if (!ms.starts.empty()) {
            firstStarts = ms.name;
            break;
        }
    for (size_t s = 0; s < space->spaces.size(); ++s) {
        const BakedMotionSpace& ms = space->spaces[s];
        SpaceCoverage c;
        c.space = ms.name;
        c.tightestRadiusLeft = radiusOf(goalSpaces[s].left, 1.0f);
        c.tightestRadiusRight = radiusOf(goalSpaces[s].right, -1.0f);
        c.minSpeed = c.maxSpeed = ms.clips.front().speed;
        for (const BakedClip& clip : ms.clips) {
            c.minSpeed = std::min(c.minSpeed, clip.speed);
            c.maxSpeed = std::max(c.maxSpeed, clip.speed);
        }
        c.stops = !ms.stops.empty();
        c.startsFrom = ms.starts.empty() ? firstStarts : ms.name;
        c.starts = !c.startsFrom.empty();
        c.sharpestLeft = sharpestTurn(ms, 1.0f, *this);
        c.sharpestRight = sharpestTurn(ms, -1.0f, *this);
        addTurnGap(c, true, settings);
        addTurnGap(c, false, settings);
        if (!c.stops)
            c.missing.push_back(c.space + " cannot stop: add a stop (a clip of a " + c.space +
                                " that comes to a standstill)");
        if (!c.starts)
            c.missing.push_back(c.space + " cannot start from standing: add a start (a clip that " +
                                "starts a " + c.space + " from a standstill)");
        output.push_back(std::move(c));
    }
    return Status::ok();
}

}  // namespace gs

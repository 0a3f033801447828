#include "core/spaces/propose.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>
#include <set>

#include "core/analysis/cycles.h"
#include "core/spaces/transition_builder.h"

namespace gs {

Status ProposalSettings::validate() const {
    if (!(padPeriods >= 0.0f && padPeriods <= 4.0f))
        return Status::error("the padding must be in [0, 4] gait periods");
    if (!(speedSpread > 0.0f && speedSpread <= 1.0f))
        return Status::error("the speed spread must be in (0, 1]");
    if (turnsPerSide < 1 || turnsPerSide > 8)
        return Status::error("the turns per side must be in [1, 8]");
    if (transitions < 0 || transitions > 8)
        return Status::error("the stops and starts per space must be in [0, 8]");
    if (!(bentRadius >= 2.0f && bentRadius <= 1000.0f))
        return Status::error("the bent radius must be in [2, 1000] m");
    return Status::ok();
}

namespace {

enum class Kind { Straight, Left, Right, Stop, Start };

// A clip covering at least this share of its take is the whole take (see addClip).
constexpr float kWholeShare = 0.6f;

// A segment that may serve a space.
struct Candidate {
    int take = 0;
    int index = 0;  // of the segment in its take
    const Segment* segment = nullptr;
    Kind kind = Kind::Straight;
    bool isTurn = false;  // a turn, not a veer
    float period = 0.0f;  // frames
};

std::string format(const char* pattern, double a, double b = 0.0, double c = 0.0) {
    char text[160];
    std::snprintf(text, sizeof text, pattern, a, b, c);
    return text;
}

std::vector<Candidate> candidates(const std::vector<ProposalTake>& takes) {
    std::vector<Candidate> out;
    for (size_t t = 0; t < takes.size(); ++t) {
        const float period = takes[t].segments.periodFrames;
        const std::vector<Segment>& segments = takes[t].segments.segments;
        for (size_t i = 0; i < segments.size(); ++i) {
            const Segment& s = segments[i];
            if (s.gait == GaitKind::None) continue;
            Candidate c{
                static_cast<int>(t), static_cast<int>(i), &s, Kind::Straight, false, period};
            switch (s.label) {
                case SegmentLabel::Straight:
                    break;
                case SegmentLabel::TurnLeft:
                    c.isTurn = true;
                    [[fallthrough]];
                case SegmentLabel::VeerLeft:
                    c.kind = Kind::Left;
                    break;
                case SegmentLabel::TurnRight:
                    c.isTurn = true;
                    [[fallthrough]];
                case SegmentLabel::VeerRight:
                    c.kind = Kind::Right;
                    break;
                case SegmentLabel::Stop:
                    c.kind = Kind::Stop;
                    break;
                case SegmentLabel::Start:
                    c.kind = Kind::Start;
                    break;
                default:
                    continue;
            }
            // A looped clip needs a whole cycle of what it is for; stops and starts do not loop.
            const bool loops = c.kind != Kind::Stop && c.kind != Kind::Start;
            if (loops && s.last - s.first < 0.5f * period) continue;
            out.push_back(c);
        }
    }
    return out;
}

// Builds clips and ids; every id is the take's name, what the clip is for and a counter.
class ProposalWriter {
public:
    explicit ProposalWriter(const std::vector<ProposalTake>& takes) : m_takes(takes) {}

    Proposal proposal;

    // Frames [first, last] of the candidate's take widened by `before` and `after` gait periods,
    // clamped to the take; a clip covering most of its take is the whole take.
    std::pair<int, int> frames(const Candidate& c, float before, float after,
                               bool allowWhole = true) const {
        const int frames = m_takes[c.take].frames();
        int first =
            std::max(0, c.segment->first - static_cast<int>(std::lround(before * c.period)));
        int last =
            std::min(frames - 1, c.segment->last + static_cast<int>(std::lround(after * c.period)));
        // The space builder then finds the loop where the clip does what it is for, which it does
        // not inside a hand trim.
        if (allowWhole && last - first + 1 >= kWholeShare * frames) first = 0, last = frames - 1;
        return {first, last};
    }
    // Whether frames [first, last] of the take hold a gait cycle to loop (as the space builder
    // asks of every looped clip).
    bool loops(const Candidate& c, std::pair<int, int> span) const {
        const Clip& take = *m_takes[c.take].clip;
        auto trimmed = trimClip(take, span.first, span.second);
        if (!trimmed) return false;
        auto working = resampleClip(*trimmed, proposal.fps);
        if (!working) return false;
        CycleJob cycles;
        cycles.clip = &*working;
        return static_cast<bool>(cycles.run()) && cycles.output.periodic;
    }
    std::string addClip(const Candidate& c, const char* what, bool mirror,
                        std::pair<int, int> span) {
        const ProposalTake& take = m_takes[c.take];
        ProposedClip clip;
        clip.take = c.take;
        clip.first = span.first;
        clip.last = span.second;
        clip.mirror = mirror;
        std::string id = take.name + "_" + what + (mirror ? "_mirror" : "");
        for (int n = 2; m_ids.count(id); ++n) id = take.name + "_" + what + "_" + std::to_string(n);
        m_ids.insert(id);
        clip.id = id;
        proposal.clips.push_back(clip);
        return id;
    }
    // A looped clip of the candidate padded on both sides, or "" when it holds no gait cycle.
    // (The whole take first when the padded segment is most of it, then the padded segment, then
    // less padding.)
    std::string addLoop(const Candidate& c, const char* what, bool mirror, float pad) {
        for (const float p : {pad, 0.5f * pad, 0.0f}) {
            for (const bool whole : {true, false}) {
                const auto span = frames(c, p, p, whole);
                if (loops(c, span)) return addClip(c, what, mirror, span);
            }
        }
        explain(m_takes[c.take].name, where(c) + " left out: no gait cycle to loop in it");
        return {};
    }
    // A stop walks in for two periods and ends in the standing after it; a start begins in the
    // standing before it and walks on for two periods.
    std::string addTransition(const Candidate& c, bool stop) {
        const std::vector<Segment>& segments = m_takes[c.take].segments.segments;
        auto span = stop ? frames(c, 2.0f, 1.0f) : frames(c, 1.0f, 2.0f);
        const size_t next = static_cast<size_t>(c.index) + (stop ? 1 : -1);
        if (next < segments.size() && segments[next].label == SegmentLabel::Standing)
            (stop ? span.second : span.first) = stop ? segments[next].last : segments[next].first;
        // As the project checks it (it must stand at the right end, and move), with a margin: the
        // project checks it again at its own frame rate.
        auto trimmed = trimClip(*m_takes[c.take].clip, span.first, span.second);
        if (!trimmed) return {};
        TransitionSettings strict;
        strict.stillSpeed *= 0.7f;
        const auto kind = stop ? BakedTransition::Kind::Stop : BakedTransition::Kind::Start;
        if (Status s = checkTransitionClip(*trimmed, kind, strict); !s) {
            explain(m_takes[c.take].name, where(c) + " left out as a " + (stop ? "stop" : "start") +
                                              ": it " + s.message());
            return {};
        }
        return addClip(c, stop ? "stop" : "start", false, span);
    }
    std::string where(const Candidate& c) const {
        return m_takes[c.take].name + " frames " + std::to_string(c.segment->first) + "-" +
               std::to_string(c.segment->last);
    }
    void explain(const std::string& space, const std::string& sentence) {
        proposal.explanations.push_back(space + ": " + sentence);
    }

private:
    const std::vector<ProposalTake>& m_takes;
    std::set<std::string> m_ids;
};

// Straight segments of one gait grouped by speed: each group's reference is its straight segment
// with the most cycles, and holds the straight segments within the spread of its speed.
std::vector<std::vector<Candidate>> speedGroups(std::vector<Candidate> straights, float spread) {
    std::vector<std::vector<Candidate>> groups;
    while (!straights.empty()) {
        const auto best = std::max_element(
            straights.begin(), straights.end(), [](const Candidate& a, const Candidate& b) {
                return a.segment->cycles < b.segment->cycles ||
                       (a.segment->cycles == b.segment->cycles &&
                        a.segment->last - a.segment->first < b.segment->last - b.segment->first);
            });
        const float speed = best->segment->speed;
        std::vector<Candidate> group{*best}, rest;
        straights.erase(best);
        for (const Candidate& c : straights)
            (std::abs(c.segment->speed - speed) <= spread * speed ? group : rest).push_back(c);
        groups.push_back(std::move(group));
        straights = std::move(rest);
    }
    return groups;
}

const char* sideName(Kind kind) { return kind == Kind::Left ? "left" : "right"; }

// The turns and veers of one side at a space's speed, the furthest turning first.
std::vector<Candidate> sideCandidates(const std::vector<Candidate>& all, Kind side, GaitKind gait,
                                      float speed, float spread) {
    std::vector<Candidate> found;
    for (const Candidate& c : all)
        if (c.kind == side && c.segment->gait == gait &&
            std::abs(c.segment->speed - speed) <= spread * speed)
            found.push_back(c);
    std::sort(found.begin(), found.end(), [](const Candidate& a, const Candidate& b) {
        return std::abs(a.segment->turn) > std::abs(b.segment->turn);
    });
    return found;
}

double degrees(float radians) { return radians * 180.0 / std::numbers::pi; }

const char* turnName(const Candidate& c, Kind side) {
    if (c.isTurn) return side == Kind::Left ? "turn_left" : "turn_right";
    return side == Kind::Left ? "veer_left" : "veer_right";
}

// One side's clips: the `count` turns that turn furthest and the veer that turns furthest, each
// holding a gait cycle to loop. Returns the candidates kept.
std::vector<Candidate> addSide(ProposalWriter& w, ProposedSpace& space,
                               const std::vector<Candidate>& found, Kind side, int count,
                               float pad) {
    std::vector<Candidate> kept;
    int turns = 0, veers = 0;
    for (const Candidate& c : found) {
        if (c.isTurn ? turns >= count : veers >= 1) continue;
        const std::string id = w.addLoop(c, turnName(c, side), false, pad);
        if (id.empty()) continue;
        (c.isTurn ? turns : veers)++;
        space.clips.push_back(id);
        kept.push_back(c);
        w.explain(space.name, std::string(sideName(side)) + (c.isTurn ? " turn " : " veer ") +
                                  w.where(c) +
                                  format(" (turns %+.0f deg at %.2f m/s)", degrees(c.segment->turn),
                                         c.segment->speed));
    }
    return kept;
}

void addTurns(ProposalWriter& w, ProposedSpace& space, const std::vector<Candidate>& all,
              GaitKind gait, float speed, const ProposalSettings& settings) {
    // Turns at the space's speed; a side without one is better mirrored from the other side than
    // taken at another speed. Only when neither side has one, turns up to half as far again from
    // the straight speed are taken (turns slow a gait down).
    std::map<Kind, std::vector<Candidate>> kept;
    for (const float spread : {settings.speedSpread, 1.5f * settings.speedSpread}) {
        for (Kind side : {Kind::Left, Kind::Right})
            kept[side] = addSide(w, space, sideCandidates(all, side, gait, speed, spread), side,
                                 settings.turnsPerSide, settings.padPeriods);
        if (!kept[Kind::Left].empty() || !kept[Kind::Right].empty()) break;
    }
    if (kept[Kind::Left].empty() && kept[Kind::Right].empty()) {
        space.bentTurnsM = {settings.bentRadius};
        w.explain(space.name, "no " + std::string(gaitKindName(gait)) +
                                  " turn in the takes: turns bent at " +
                                  format("%.0f m", settings.bentRadius) +
                                  " from its straight clip, to both sides");
        return;
    }
    // A side with none takes the other side's, mirrored.
    for (Kind side : {Kind::Left, Kind::Right}) {
        if (!kept[side].empty()) continue;
        const Kind other = side == Kind::Left ? Kind::Right : Kind::Left;
        for (const Candidate& c : kept[other]) {
            const std::string id = w.addLoop(c, turnName(c, side), true, settings.padPeriods);
            if (id.empty()) continue;
            space.clips.push_back(id);
            w.explain(space.name, std::string(sideName(side)) + (c.isTurn ? " turn" : " veer") +
                                      " mirrored from " + w.where(c) + " (no " + sideName(side) +
                                      " " + gaitKindName(gait) + " turn in the takes)");
        }
    }
}

void addTransitions(ProposalWriter& w, ProposedSpace& space, const std::vector<Candidate>& all,
                    GaitKind gait, int count) {
    for (Kind kind : {Kind::Stop, Kind::Start}) {
        std::vector<Candidate> found;
        for (const Candidate& c : all)
            if (c.kind == kind && c.segment->gait == gait) found.push_back(c);
        std::sort(found.begin(), found.end(), [](const Candidate& a, const Candidate& b) {
            return a.segment->last - a.segment->first > b.segment->last - b.segment->first;
        });
        const bool stop = kind == Kind::Stop;
        if (found.empty()) {
            w.explain(space.name, std::string("no ") + (stop ? "stop" : "start") + " in the takes");
            continue;
        }
        int kept = 0;
        for (size_t i = 0; i < found.size() && kept < count; ++i) {
            const std::string id = w.addTransition(found[i], stop);
            if (id.empty()) continue;
            ++kept;
            (stop ? space.stops : space.starts).push_back(id);
            w.explain(space.name, std::string(stop ? "stop " : "start ") + w.where(found[i]));
        }
    }
}

}  // namespace

Expected<Proposal> proposeProject(const std::vector<ProposalTake>& takes,
                                  const ProposalSettings& settings) {
    if (Status s = settings.validate(); !s) return s;
    const std::vector<Candidate> all = candidates(takes);
    ProposalWriter w(takes);

    for (GaitKind gait : {GaitKind::Walk, GaitKind::Jog, GaitKind::Run}) {
        std::vector<Candidate> straights;
        for (const Candidate& c : all)
            if (c.kind == Kind::Straight && c.segment->gait == gait &&
                c.segment->last - c.segment->first >= 1.5f * c.period)
                straights.push_back(c);
        const auto groups = speedGroups(std::move(straights), settings.speedSpread);
        for (size_t g = 0; g < groups.size(); ++g) {
            ProposedSpace space;
            space.name = gaitKindName(gait);
            if (g > 0) space.name += "_" + std::to_string(g + 1);
            const Candidate& reference = groups[g].front();
            space.reference = w.addLoop(reference, "straight", false, 0.0f);
            if (space.reference.empty()) continue;
            space.clips.push_back(space.reference);
            w.explain(space.name, "reference " + w.where(reference) +
                                      format(" (straight, %.2f m/s, %.0f cycles)",
                                             reference.segment->speed, reference.segment->cycles));
            if (g > 0)
                w.explain(space.name, "a space of its own: its straight speed is more than " +
                                          format("%.0f %%", 100.0 * settings.speedSpread) +
                                          " from the first " + gaitKindName(gait) + " space's");
            addTurns(w, space, all, gait, reference.segment->speed, settings);
            if (g == 0) addTransitions(w, space, all, gait, settings.transitions);
            w.proposal.spaces.push_back(std::move(space));
        }
    }
    if (w.proposal.spaces.empty())
        return Status::error(
            "no take holds a straight stretch of walking, jogging or running of a whole cycle");
    return std::move(w.proposal);
}

}  // namespace gs

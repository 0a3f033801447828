#include "core/analysis/segments.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <optional>
#include <utility>

#include "core/analysis/cycles.h"
#include "core/analysis/segment_signals.h"
#include "core/clip/root_motion.h"

namespace gs {
namespace {

constexpr float kPi = std::numbers::pi_v<float>;

struct Strike {
    int frame;
    bool left;
};

float median(std::vector<float> v) {
    if (v.empty()) return 0.0f;
    std::sort(v.begin(), v.end());
    const size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : 0.5f * (v[m - 1] + v[m]);
}

float rotationAngle(const glm::quat& a, const glm::quat& b) {
    const float d = std::min(1.0f, std::abs(glm::dot(a, b)));
    return 2.0f * std::acos(d);
}

struct Piece {
    SegmentLabel label;
    int first, last;
};

// Runs of equal values, runs shorter than minRun given to their longer neighbour.
std::vector<Piece> runs(const std::vector<int>& cls, int a, int b, int minRun) {
    std::vector<Piece> out;
    for (int f = a; f <= b;) {
        int e = f;
        while (e + 1 <= b && cls[e + 1] == cls[f]) ++e;
        out.push_back({static_cast<SegmentLabel>(cls[f]), f, e});
        f = e + 1;
    }
    while (out.size() > 1) {
        size_t shortest = 0;
        for (size_t i = 1; i < out.size(); ++i)
            if (out[i].last - out[i].first < out[shortest].last - out[shortest].first) shortest = i;
        if (out[shortest].last - out[shortest].first + 1 >= minRun) break;
        size_t into;
        if (shortest == 0)
            into = 1;
        else if (shortest + 1 == out.size())
            into = shortest - 1;
        else
            into = out[shortest - 1].last - out[shortest - 1].first >=
                           out[shortest + 1].last - out[shortest + 1].first
                       ? shortest - 1
                       : shortest + 1;
        out[into].first = std::min(out[into].first, out[shortest].first);
        out[into].last = std::max(out[into].last, out[shortest].last);
        out.erase(out.begin() + static_cast<std::ptrdiff_t>(shortest));
        // Neighbours that now touch with the same value join.
        for (size_t i = 1; i < out.size();)
            if (out[i].label == out[i - 1].label) {
                out[i - 1].last = out[i].last;
                out.erase(out.begin() + static_cast<std::ptrdiff_t>(i));
            } else {
                ++i;
            }
    }
    return out;
}

constexpr int kStraight = 0, kLeft = 1, kRight = 2, kOther = 3;

// Each foot's strikes, in time order (left, right).
using StrikesByFoot = std::array<std::vector<int>, 2>;

// A turn as whole gait cycles, as the method's registration takes it: `cycles` strides of one foot
// (a strike to the same foot's strike that many plausible periods on) inside the cruise [a, b],
// overlapping the bend [bendFirst, bendLast], and of those the one over which the pelvis facing
// turns most to the turn's side. The facing is read at the two strikes, the same phase of the
// gait, so its sway from step to step cancels. Frames [first, last], or nullopt when no such
// strides are there (a clip whose period came from its match web).
std::optional<std::pair<int, int>> wholeCycleTurn(const Signals& sig, const StrikesByFoot& strikes,
                                                  float period, int cycles, int a, int b,
                                                  int bendFirst, int bendLast, bool left) {
    std::optional<std::pair<int, int>> best;
    float most = -1e9f;
    for (const std::vector<int>& foot : strikes)
        for (size_t i = 0; i + static_cast<size_t>(cycles) < foot.size(); ++i) {
            const int first = foot[i], next = foot[i + static_cast<size_t>(cycles)];
            const float span = static_cast<float>(next - first);
            if (first < a || next - 1 > b || next - 1 < bendFirst || first > bendLast ||
                std::abs(span - cycles * period) > 0.5f * period)
                continue;
            const float turn = sig.ground[next].heading - sig.ground[first].heading;
            if ((left ? turn : -turn) > most) {
                most = left ? turn : -turn;
                best = std::make_pair(first, next - 1);
            }
        }
    return best;
}

// The labels of a cruising stretch [a, b]: straight, veers, turns and other.
void cutCruise(const Signals& sig, const SegmentSettings& s, float period,
               const StrikesByFoot& strikes, int a, int b, std::vector<Piece>& out) {
    std::vector<int> cls(sig.speed.size(), kStraight);
    for (int f = a; f <= b; ++f) {
        const float k = sig.curvature[f];
        if (sig.speed[f] > s.standSpeed &&
            std::abs(wrapAngle(sig.direction[f] - sig.facing[f])) > s.otherAngle)
            cls[f] = kOther;
        else if (k >= s.straightCurvature)
            cls[f] = kLeft;
        else if (k <= -s.straightCurvature)
            cls[f] = kRight;
    }
    const int minRun = std::max(2, static_cast<int>(std::lround(0.5f * period)));
    auto turnOf = [&](int first, int last) { return sig.direction[last] - sig.direction[first]; };
    auto gentle = [&](int first, int last, bool left) {
        if (last < first) return;
        const float t = turnOf(first, last);
        SegmentLabel label = SegmentLabel::Straight;
        if (std::abs(t) >= s.turnAngle)  // a slow turnaround: turns, however slowly
            label = t > 0.0f ? SegmentLabel::TurnLeft : SegmentLabel::TurnRight;
        else if (std::abs(t) >= s.veerAngle && (t > 0.0f) == left)
            label = left ? SegmentLabel::VeerLeft : SegmentLabel::VeerRight;
        out.push_back({label, first, last});
    };
    int next = a;  // the first frame no piece holds yet
    for (Piece p : runs(cls, a, b, minRun)) {
        p.first = std::max(p.first, next);
        if (p.last < p.first) continue;
        const int c = static_cast<int>(p.label);
        if (c == kStraight) {
            out.push_back({SegmentLabel::Straight, p.first, p.last});
            continue;
        }
        if (c == kOther) {
            out.push_back({SegmentLabel::Other, p.first, p.last});
            continue;
        }
        const bool left = c == kLeft;
        const float t = turnOf(p.first, p.last);
        float peakRate = 0.0f;  // rad/s
        for (int f = p.first; f <= p.last; ++f)
            peakRate = std::max(peakRate, std::abs(sig.curvature[f]) * sig.speed[f]);
        if (std::abs(t) < s.turnAngle || peakRate < s.turnRate || (t > 0.0f) != left) {
            gentle(p.first, p.last, left);
            continue;
        }
        // The turn: where the heading changes quickly, 10 % to 90 % of the bend's change.
        int f10 = p.first, f90 = p.last;
        for (int f = p.first; f <= p.last; ++f)
            if (turnOf(p.first, f) / t >= 0.1f) {
                f10 = f;
                break;
            }
        for (int f = f10; f <= p.last; ++f)
            if (turnOf(p.first, f) / t >= 0.9f) {
                f90 = f;
                break;
            }
        // Its whole cycles: as many as the fast frames last, at least one, after any turn before.
        const int cycles = std::max(1, static_cast<int>(std::lround((f90 - f10) / period)));
        int from = a;
        for (const Piece& q : out)
            if (q.last >= a &&
                (q.label == SegmentLabel::TurnLeft || q.label == SegmentLabel::TurnRight))
                from = std::max(from, q.last + 1);
        if (const auto whole =
                wholeCycleTurn(sig, strikes, period, cycles, from, b, p.first, p.last, left)) {
            f10 = whole->first;
            f90 = whole->second;
        }
        // What the turn reaches back into is taken from the pieces before it.
        while (!out.empty() && out.back().last >= f10 && out.back().first >= a) {
            if (out.back().first >= f10)
                out.pop_back();
            else
                out.back().last = f10 - 1;
        }
        // The bend's frames either side are the turn's approach and exit: shorter than a cycle,
        // they are no veer of their own (a veer loops whole cycles) and count as straight.
        auto approach = [&](int first, int last) {
            if (last - first + 1 < period && last >= first)
                out.push_back({SegmentLabel::Straight, first, last});
            else
                gentle(first, last, left);
        };
        approach(p.first, f10 - 1);
        out.push_back({left ? SegmentLabel::TurnLeft : SegmentLabel::TurnRight, f10, f90});
        approach(f90 + 1, p.last);
        next = f90 + 1;
    }
}

bool isMotion(SegmentLabel l) { return l != SegmentLabel::Standing; }

}  // namespace

const char* segmentLabelName(SegmentLabel label) {
    switch (label) {
        case SegmentLabel::Standing:
            return "standing";
        case SegmentLabel::Start:
            return "start";
        case SegmentLabel::Stop:
            return "stop";
        case SegmentLabel::Straight:
            return "straight";
        case SegmentLabel::VeerLeft:
            return "veer_left";
        case SegmentLabel::VeerRight:
            return "veer_right";
        case SegmentLabel::TurnLeft:
            return "turn_left";
        case SegmentLabel::TurnRight:
            return "turn_right";
        case SegmentLabel::Other:
            break;
    }
    return "other";
}

const char* gaitKindName(GaitKind gait) {
    switch (gait) {
        case GaitKind::Walk:
            return "walk";
        case GaitKind::Jog:
            return "jog";
        case GaitKind::Run:
            return "run";
        case GaitKind::None:
            break;
    }
    return "none";
}

Status SegmentSettings::validate() const {
    if (!(standSpeed > 0.0f && standSpeed <= 1.0f))
        return Status::error("standing speed must be in (0, 1] m/s");
    if (!(minStandSeconds >= 0.0f && minStandSeconds <= 5.0f))
        return Status::error("shortest standing must be in [0, 5] s");
    if (!(steadyShare > 0.0f && steadyShare < 1.0f))
        return Status::error("steady speed share must be in (0, 1)");
    if (!(straightCurvature >= 0.0f && straightCurvature <= 10.0f))
        return Status::error("straight curvature must be in [0, 10] rad/m");
    if (!(turnRate > 0.0f && turnRate <= 20.0f))
        return Status::error("turn rate must be in (0, 20] rad/s");
    if (!(veerAngle > 0.0f && veerAngle < turnAngle && turnAngle <= 2.0f * kPi))
        return Status::error("angles must satisfy 0 < veer < turn <= 2 pi");
    if (!(otherAngle > 0.0f && otherAngle <= kPi))
        return Status::error("sideways angle must be in (0, pi]");
    if (!(maxWalkFlight >= 0.0f && maxWalkFlight <= 1.0f))
        return Status::error("walk flight share must be in [0, 1]");
    if (!(runSpeed > 0.0f && runSpeed <= 20.0f))
        return Status::error("run speed must be in (0, 20] m/s");
    if (!(runCadence > 0.0f && runCadence <= 600.0f))
        return Status::error("run cadence must be in (0, 600] steps/min");
    if (!(loopDegrees > 0.0f && loopDegrees <= 180.0f))
        return Status::error("loop tolerance must be in (0, 180] degrees");
    if (!(minPeriodSeconds > 0.0f && minPeriodSeconds < maxPeriodSeconds &&
          maxPeriodSeconds <= 10.0f))
        return Status::error("gait period range must satisfy 0 < min < max <= 10 s");
    if (maxMatchWebFrames < 0 || maxMatchWebFrames > 5000)
        return Status::error("match web frame limit must be in [0, 5000]");
    return contacts.validate();
}

Status SegmentJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!clip) return Status::error("no clip");
    if (Status s = clip->validate(); !s) return s;
    if (clip->frameCount() < 3) return Status::error("the take has fewer than 3 frames");
    return Status::ok();
}

namespace {

// One take cut into segments, step by step (SegmentJob::run reads as their list).
class Segmenter {
public:
    Segmenter(const Clip& clip, const SegmentSettings& settings, TakeSegments& output)
        : m_clip(clip),
          m_settings(settings),
          m_out(output),
          m_n(clip.frameCount()),
          m_fps(clip.fps) {}

    Status findSteps();
    Status findPeriod();
    void measureSignals();
    std::vector<int> movingMask() const;
    std::vector<Piece> cutPieces(const std::vector<int>& moving) const;
    std::vector<Piece> snapAndJoin(std::vector<Piece> pieces) const;
    void makeSegments(const std::vector<Piece>& pieces);
    void relabelSharpBends();
    void assignGaits();
    void findLoops();

private:
    int snap(int frame, int lo, int hi) const;
    bool hasSteps(int a, int b) const;
    void cutMovingSpan(int a, int b, std::vector<Piece>& pieces) const;
    float poseDifference(int x, int y) const;

    const Clip& m_clip;
    const SegmentSettings& m_settings;
    TakeSegments& m_out;
    const int m_n;
    const float m_fps;
    FootContacts m_contacts;
    std::vector<Strike> m_strikes;  // both feet, in time order
    std::vector<int> m_stepEnds;    // the later strike of each step
    std::vector<float> m_stepGaps;
    float m_period = 0.0f;  // frames
    bool m_webPeriodic = false;
    Signals m_sig;
};

// Steps: strikes of alternating feet a plausible half period apart.
Status Segmenter::findSteps() {
    FootContactJob contactJob;
    contactJob.settings = m_settings.contacts;
    contactJob.clip = &m_clip;
    if (Status s = contactJob.run(); !s) return s;
    m_contacts = std::move(contactJob.output);
    for (int f : m_contacts.leftStrikes()) m_strikes.push_back({f, true});
    for (int f : m_contacts.rightStrikes()) m_strikes.push_back({f, false});
    std::sort(m_strikes.begin(), m_strikes.end(),
              [](const Strike& x, const Strike& y) { return x.frame < y.frame; });
    const float minStep = 0.5f * m_settings.minPeriodSeconds * m_fps;
    const float maxStep = 0.5f * m_settings.maxPeriodSeconds * m_fps;
    for (size_t k = 1; k < m_strikes.size(); ++k) {
        const int gap = m_strikes[k].frame - m_strikes[k - 1].frame;
        if (m_strikes[k].left != m_strikes[k - 1].left && gap >= minStep && gap <= maxStep) {
            m_stepEnds.push_back(m_strikes[k].frame);
            m_stepGaps.push_back(static_cast<float>(gap));
        }
    }
    return Status::ok();
}

// The gait period: the median stride of one foot, else the self match web's (short clips), else
// two median steps; a take with none has no gait.
Status Segmenter::findPeriod() {
    std::vector<float> strideGaps;
    for (const std::vector<int>* side : {&m_contacts.leftStrikes(), &m_contacts.rightStrikes()})
        for (size_t k = 1; k < side->size(); ++k) {
            const float gap = static_cast<float>((*side)[k] - (*side)[k - 1]);
            if (gap >= m_settings.minPeriodSeconds * m_fps &&
                gap <= m_settings.maxPeriodSeconds * m_fps)
                strideGaps.push_back(gap);
        }
    float period = m_stepEnds.size() >= 2 ? median(strideGaps) : 0.0f;
    m_out.periodSource = "foot strikes";
    if (period <= 0.0f && m_n <= m_settings.maxMatchWebFrames) {
        CycleJob cycles;
        cycles.settings.contacts = m_settings.contacts;
        cycles.settings.minPeriodSeconds = m_settings.minPeriodSeconds;
        cycles.settings.maxPeriodSeconds = m_settings.maxPeriodSeconds;
        cycles.clip = &m_clip;
        if (cycles.run() && cycles.output.periodic && !m_stepEnds.empty()) {
            period = cycles.output.periodFrames;
            m_out.periodSource = "match web";
            m_webPeriodic = true;
        }
    }
    if (period <= 0.0f && m_stepEnds.size() >= 2) period = 2.0f * median(m_stepGaps);
    if (period <= 0.0f) {
        char text[160];
        std::snprintf(text, sizeof text,
                      "no gait: %d foot strike%s and no two alternating steps a gait period apart",
                      static_cast<int>(m_strikes.size()), m_strikes.size() == 1 ? "" : "s");
        return Status::error(text);
    }
    if (period >= static_cast<float>(m_n - 1)) period = static_cast<float>(m_n - 1);
    m_period = m_out.periodFrames = period;
    return Status::ok();
}

void Segmenter::measureSignals() {
    m_sig = measureSegmentSignals(m_clip, m_contacts, m_period, m_settings);
    m_out.speed = m_sig.speed;
    m_out.curvature = m_sig.curvature;
}

// Standing (0) and moving (1) per frame: standing shorter than minStandSeconds moves, moving
// shorter than a step stands.
std::vector<int> Segmenter::movingMask() const {
    std::vector<int> moving(static_cast<size_t>(m_n));
    for (int f = 0; f < m_n; ++f) moving[f] = m_sig.rawSpeed[f] >= m_settings.standSpeed ? 1 : 0;
    const int minStand = static_cast<int>(std::lround(m_settings.minStandSeconds * m_fps));
    const int minMove = std::max(1, static_cast<int>(std::lround(0.5f * m_period)));
    for (int pass = 0; pass < 2; ++pass) {
        const int value = pass == 0 ? 0 : 1;
        const int minLength = pass == 0 ? minStand : minMove;
        for (int f = 0; f < m_n;) {
            int e = f;
            while (e + 1 < m_n && moving[e + 1] == moving[f]) ++e;
            if (moving[f] == value && e - f + 1 < minLength) {
                // At the clip's ends a short standing stays (it is the end of a stop).
                const bool atEnd = f == 0 || e == m_n - 1;
                if (!(value == 0 && atEnd))
                    std::fill(moving.begin() + f, moving.begin() + e + 1, 1 - value);
            }
            f = e + 1;
        }
    }
    return moving;
}

// The nearest strike to `frame` within half a period inside (lo, hi], else the frame itself.
int Segmenter::snap(int frame, int lo, int hi) const {
    int best = frame;
    float bestDistance = 0.5f * m_period + 0.5f;
    for (const Strike& st : m_strikes) {
        if (st.frame <= lo || st.frame > hi) continue;
        const float d = static_cast<float>(std::abs(st.frame - frame));
        if (d < bestDistance) {
            bestDistance = d;
            best = st.frame;
        }
    }
    return best;
}

bool Segmenter::hasSteps(int a, int b) const {
    return m_webPeriodic || std::any_of(m_stepEnds.begin(), m_stepEnds.end(),
                                        [&](int s) { return s >= a && s <= b; });
}

// Standing spans, and the moving spans cut into their start, cruise and stop.
std::vector<Piece> Segmenter::cutPieces(const std::vector<int>& moving) const {
    std::vector<Piece> pieces;
    for (int f = 0; f < m_n;) {
        int e = f;
        while (e + 1 < m_n && moving[e + 1] == moving[f]) ++e;
        if (!moving[f])
            pieces.push_back({SegmentLabel::Standing, f, e});
        else if (!hasSteps(f, e))
            pieces.push_back({SegmentLabel::Other, f, e});
        else
            cutMovingSpan(f, e, pieces);
        f = e + 1;
    }
    return pieces;
}

// A moving span [a, b]: a start where it leaves standing (until its speed reaches steadyShare of
// the cruise near that end), a stop where it comes to standing, the cruise between.
void Segmenter::cutMovingSpan(int a, int b, std::vector<Piece>& pieces) const {
    // Cruising speed near each end: the fastest over three periods from it.
    const int reach = static_cast<int>(std::lround(3.0f * m_period));
    float cruiseIn = 0.0f, cruiseOut = 0.0f;
    for (int k = a; k <= std::min(b, a + reach); ++k) cruiseIn = std::max(cruiseIn, m_sig.speed[k]);
    for (int k = std::max(a, b - reach); k <= b; ++k)
        cruiseOut = std::max(cruiseOut, m_sig.speed[k]);
    const bool starts = a > 0, stops = b < m_n - 1;
    int s = a, t = b + 1;  // cruising frames [s, t)
    if (starts) {
        int k = a;
        while (k <= b && m_sig.speed[k] < m_settings.steadyShare * cruiseIn) ++k;
        s = std::min(b + 1, snap(k, a, b));
    }
    if (stops) {
        int k = b;
        while (k >= a && m_sig.speed[k] < m_settings.steadyShare * cruiseOut) --k;
        t = std::max(a, snap(k + 1, a, b));
    }
    if (starts && stops && s >= t) {
        // Speeds up and slows down again with no cruise: split at the fastest frame.
        int fastest = a;
        for (int k = a; k <= b; ++k)
            if (m_sig.speed[k] > m_sig.speed[fastest]) fastest = k;
        s = t = std::clamp(fastest + 1, a + 1, b);
    }
    if (starts && s > a) pieces.push_back({SegmentLabel::Start, a, s - 1});
    if (t > s)
        cutCruise(m_sig, m_settings, m_period,
                  {m_contacts.leftStrikes(), m_contacts.rightStrikes()}, s, t - 1, pieces);
    if (stops && t <= b) pieces.push_back({SegmentLabel::Stop, std::max(t, s), b});
}

// Boundaries between moving pieces on the nearest strike; equal neighbours joined.
std::vector<Piece> Segmenter::snapAndJoin(std::vector<Piece> pieces) const {
    for (size_t i = 1; i < pieces.size(); ++i) {
        Piece& p = pieces[i - 1];
        Piece& q = pieces[i];
        if (!isMotion(p.label) || !isMotion(q.label) || p.label == SegmentLabel::Start ||
            q.label == SegmentLabel::Stop)
            continue;
        const int at = snap(q.first, p.first, q.last);
        p.last = at - 1;
        q.first = at;
    }
    std::vector<Piece> joined;
    for (const Piece& p : pieces) {
        if (p.last < p.first) continue;
        if (!joined.empty() && joined.back().label == p.label)
            joined.back().last = p.last;
        else
            joined.push_back(p);
    }
    return joined;
}

// Each piece's speed, turn, curvature and whole cycles.
void Segmenter::makeSegments(const std::vector<Piece>& pieces) {
    for (const Piece& p : pieces) {
        Segment seg;
        seg.label = p.label;
        seg.first = p.first;
        seg.last = p.last;
        const float length = m_sig.pathLength[p.last] - m_sig.pathLength[p.first];
        const float seconds = static_cast<float>(p.last - p.first) / m_fps;
        seg.speed = seconds > 0.0f ? length / seconds : 0.0f;
        if (p.label == SegmentLabel::Standing) {
            // Turning on the spot: the pelvis's turn; no path to curve.
            seg.turn = m_sig.facing[p.last] - m_sig.facing[p.first];
        } else {
            seg.turn = m_sig.direction[p.last] - m_sig.direction[p.first];
            seg.curvature = length > 1e-3f ? seg.turn / length : 0.0f;
        }
        seg.cycles = static_cast<int>(std::floor((p.last - p.first) / m_period + 1e-3f));
        m_out.segments.push_back(seg);
    }
}

// A veer or straight whose final frames turn as much as a turn (the boundaries moved onto
// strikes, or a turnaround too slow for the rate test) is that turn; equal neighbours join.
void Segmenter::relabelSharpBends() {
    std::vector<Segment>& segments = m_out.segments;
    for (Segment& seg : segments) {
        const bool gentle = seg.label == SegmentLabel::Straight ||
                            seg.label == SegmentLabel::VeerLeft ||
                            seg.label == SegmentLabel::VeerRight;
        if (gentle && std::abs(seg.turn) >= m_settings.turnAngle)
            seg.label = seg.turn > 0.0f ? SegmentLabel::TurnLeft : SegmentLabel::TurnRight;
    }
    for (size_t i = 1; i < segments.size();) {
        Segment& p = segments[i - 1];
        const Segment& q = segments[i];
        if (p.label != q.label) {
            ++i;
            continue;
        }
        const float length = m_sig.pathLength[q.last] - m_sig.pathLength[p.first];
        p.last = q.last;
        p.turn += q.turn;
        p.curvature = length > 1e-3f ? p.turn / length : 0.0f;
        p.speed = p.last > p.first ? length * m_fps / static_cast<float>(p.last - p.first) : 0.0f;
        p.cycles = static_cast<int>(std::floor((p.last - p.first) / m_period + 1e-3f));
        segments.erase(segments.begin() + static_cast<std::ptrdiff_t>(i));
    }
}

// Gaits per moving span (a start, its cruise and its stop share the span's gait), from its
// flight share, speed and cadence.
void Segmenter::assignGaits() {
    std::vector<Segment>& segments = m_out.segments;
    const float cadence = 120.0f * m_fps / m_period;  // steps per minute
    for (size_t i = 0; i < segments.size();) {
        if (segments[i].label == SegmentLabel::Standing) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j + 1 < segments.size() && segments[j + 1].label != SegmentLabel::Standing) ++j;
        int flightFrames = 0;
        float fastest = 0.0f;
        int counted = 0;
        // The gait is what the span cruises at: its starts and stops are left out (unless that
        // is all it holds).
        for (int pass = 0; pass < 2 && counted == 0; ++pass)
            for (size_t k = i; k <= j; ++k) {
                const Segment& seg = segments[k];
                if (pass == 0 &&
                    (seg.label == SegmentLabel::Start || seg.label == SegmentLabel::Stop))
                    continue;
                for (int f = seg.first; f <= seg.last; ++f, ++counted) {
                    flightFrames += m_sig.flight[f] ? 1 : 0;
                    fastest = std::max(fastest, m_sig.speed[f]);
                }
            }
        const float flightShare = static_cast<float>(flightFrames) / static_cast<float>(counted);
        GaitKind gait = GaitKind::None;
        if (hasSteps(segments[i].first, segments[j].last))
            gait = flightShare <= m_settings.maxWalkFlight ? GaitKind::Walk
                   : fastest >= m_settings.runSpeed || cadence >= m_settings.runCadence
                       ? GaitKind::Run
                       : GaitKind::Jog;
        for (size_t k = i; k <= j; ++k) segments[k].gait = gait;
        i = j + 1;
    }
}

// Degrees between two poses: the largest joint rotation, the root's heading taken out.
float Segmenter::poseDifference(int x, int y) const {
    const auto rx = m_clip.frameRotations(x), ry = m_clip.frameRotations(y);
    float worst = rotationAngle(glm::inverse(yawRotation(m_sig.ground[x].heading)) * rx[0],
                                glm::inverse(yawRotation(m_sig.ground[y].heading)) * ry[0]);
    for (int j = 1; j < m_clip.jointCount(); ++j)
        worst = std::max(worst, rotationAngle(rx[j], ry[j]));
    return worst * 180.0f / kPi;
}

// Loops: a pose a whole number of periods on matches the first.
void Segmenter::findLoops() {
    for (Segment& seg : m_out.segments) {
        if (seg.gait == GaitKind::None || seg.cycles < 1 || seg.label == SegmentLabel::Start ||
            seg.label == SegmentLabel::Stop || seg.label == SegmentLabel::Other)
            continue;
        const float close = seg.first + seg.cycles * m_period;
        const int lo =
            std::max(seg.first + 1, static_cast<int>(std::floor(close - 0.15f * m_period)));
        const int hi = std::min(seg.last, static_cast<int>(std::ceil(close + 0.15f * m_period)));
        float best = 1e9f;
        for (int e = lo; e <= hi; ++e) best = std::min(best, poseDifference(seg.first, e));
        seg.loops = best <= m_settings.loopDegrees;
    }
}

}  // namespace

Status SegmentJob::run() {
    if (Status s = validate(); !s) return s;
    output = {};
    Segmenter segmenter(*clip, settings, output);
    if (Status s = segmenter.findSteps(); !s) return s;
    if (Status s = segmenter.findPeriod(); !s) return s;
    segmenter.measureSignals();
    const std::vector<Piece> pieces =
        segmenter.snapAndJoin(segmenter.cutPieces(segmenter.movingMask()));
    segmenter.makeSegments(pieces);
    segmenter.relabelSharpBends();
    segmenter.assignGaits();
    segmenter.findLoops();
    return Status::ok();
}

}  // namespace gs

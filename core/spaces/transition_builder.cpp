#include "core/spaces/transition_builder.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/support/cancel.h"
#include "core/clip/root_motion.h"

namespace gs {
namespace {

using Kind = BakedTransition::Kind;

const char* kindName(Kind kind) { return kind == Kind::Stop ? "stop" : "start"; }

// Root speed on the ground at every frame (m/s), by central differences (one-sided at the ends).
std::vector<float> rootSpeeds(const Clip& clip) {
    const int n = clip.frameCount();
    std::vector<float> v(static_cast<size_t>(n), 0.0f);
    for (int f = 0; f < n && n > 1; ++f) {
        const int a = std::max(0, f - 1), b = std::min(n - 1, f + 1);
        const glm::vec3 d = clip.rootPositions[b] - clip.rootPositions[a];
        v[f] = std::hypot(d.x, d.z) * clip.fps / static_cast<float>(b - a);
    }
    return v;
}

// Mean of v over frames [a, b) (clamped); 0 when empty.
float meanOver(const std::vector<float>& v, int a, int b) {
    a = std::max(a, 0);
    b = std::min(b, static_cast<int>(v.size()));
    if (b <= a) return 0.0f;
    double s = 0.0;
    for (int i = a; i < b; ++i) s += v[i];
    return static_cast<float>(s / (b - a));
}

// The fastest the root moves over any stretch of 0.3 s (m/s).
float fastest(const std::vector<float>& v, float fps) {
    const int w = std::max(1, static_cast<int>(std::lround(0.3f * fps)));
    float best = 0.0f;
    for (int a = 0; a + w <= static_cast<int>(v.size()); ++a)
        best = std::max(best, meanOver(v, a, a + w));
    if (static_cast<int>(v.size()) < w) best = meanOver(v, 0, static_cast<int>(v.size()));
    return best;
}

// Which feet are down at each frame as a label: 1 left, 2 right, 3 both; a frame with neither
// (a run's flight) takes the label of the last stance before it (0 before any).
std::vector<int> footLabels(const std::vector<bool>& left, const std::vector<bool>& right) {
    std::vector<int> out(left.size(), 0);
    int last = 0;
    for (size_t f = 0; f < left.size(); ++f) {
        const int l = (left[f] ? 1 : 0) | (right[f] ? 2 : 0);
        if (l != 0) last = l;
        out[f] = l != 0 ? l : last;
    }
    return out;
}

std::vector<int> footLabels(const std::vector<float>& left, const std::vector<float>& right) {
    std::vector<bool> l(left.size()), r(right.size());
    for (size_t f = 0; f < left.size(); ++f) l[f] = left[f] >= 0.5f, r[f] = right[f] >= 0.5f;
    // The loop repeats: a flight at its start continues the stance at its end.
    std::vector<int> once = footLabels(l, r);
    if (!once.empty() && once.front() == 0) {
        std::vector<bool> l2 = l, r2 = r;
        l2.insert(l2.end(), l.begin(), l.end());
        r2.insert(r2.end(), r.begin(), r.end());
        const std::vector<int> twice = footLabels(l2, r2);
        once.assign(twice.begin() + static_cast<long>(l.size()), twice.end());
    }
    return once;
}

// The still stretch: a stop's first frame from which the root stays slower than stillSpeed to
// the end; a start's last frame before it first moves faster.
int stillFrameOf(const std::vector<float>& speed, Kind kind, float stillSpeed) {
    const int n = static_cast<int>(speed.size());
    if (kind == Kind::Stop) {
        int f = n - 1;
        while (f > 0 && speed[f - 1] < stillSpeed) --f;
        return f;
    }
    int f = 0;
    while (f + 1 < n && speed[f + 1] < stillSpeed) ++f;
    return f;
}

glm::vec3 groundOffset(const GroundFrame& from, const GroundFrame& to) {
    const glm::vec3 local = from.toLocal(glm::vec3(to.x, 0.0f, to.z));
    return {local.x, local.z, wrapAngle(to.heading - from.heading)};
}

}  // namespace

Status TransitionSettings::validate() const {
    if (!(stillSpeed > 0.0f && stillSpeed <= 1.0f))
        return Status::error("transitions: still speed must be in (0, 1] m/s");
    if (!(stillSeconds >= 0.05f && stillSeconds <= 5.0f))
        return Status::error("transitions: still time must be in [0.05, 5] s");
    if (!(maxJoinCost > 0.0f && maxJoinCost <= 1.0f))
        return Status::error("transitions: the largest join cost must be in (0, 1] m");
    if (!(joinCostMargin >= 0.0f && joinCostMargin <= 1.0f))
        return Status::error("transitions: the join cost margin must be in [0, 1] m");
    if (!(handoverSpeed > 0.0f && handoverSpeed <= 2.0f))
        return Status::error("transitions: the hand-over speed must be in (0, 2] of the loop's");
    if (Status s = cloud.validate(); !s) return s;
    return contacts.validate();
}

Status checkTransitionClip(const Clip& clip, Kind kind, const TransitionSettings& settings) {
    if (Status s = settings.validate(); !s) return s;
    if (Status s = clip.validate(); !s) return s;
    const int n = clip.frameCount();
    const int still = std::max(2, static_cast<int>(std::lround(settings.stillSeconds * clip.fps)));
    if (n < 2 * still + 2) {
        char text[160];
        std::snprintf(text, sizeof text, "is too short to %s: %d frames, it needs %d",
                      kind == Kind::Stop ? "stop" : "start", n, 2 * still + 2);
        return Status::error(text);
    }
    const std::vector<float> speed = rootSpeeds(clip);
    const float top = fastest(speed, clip.fps);
    if (top < 2.0f * settings.stillSpeed) {
        char text[160];
        std::snprintf(text, sizeof text, "never moves (its root is never faster than %.2f m/s)",
                      top);
        return Status::error(text);
    }
    const float endSpeed =
        kind == Kind::Stop ? meanOver(speed, n - still, n) : meanOver(speed, 0, still);
    if (endSpeed >= settings.stillSpeed) {
        char text[200];
        std::snprintf(text, sizeof text,
                      "does not %s standing: its root moves %.2f m/s over its %s %.1f s",
                      kind == Kind::Stop ? "end" : "begin", endSpeed,
                      kind == Kind::Stop ? "last" : "first", settings.stillSeconds);
        return Status::error(text);
    }
    FootContactJob contacts;
    contacts.settings = settings.contacts;
    contacts.clip = &clip;
    if (Status s = contacts.run(); !s) return s;
    const FootContacts& c = contacts.output;
    const int f = kind == Kind::Stop ? n - 1 : 0;
    const bool left = c.leftAnkle[f] || c.leftToe[f], right = c.rightAnkle[f] || c.rightToe[f];
    if (!left || !right)
        return Status::error(std::string("does not ") + (kind == Kind::Stop ? "end" : "begin") +
                             " standing: its " + (!left ? "left" : "right") +
                             " foot is off the ground at its " +
                             (kind == Kind::Stop ? "last" : "first") + " frame");
    return Status::ok();
}

Clip repeatedLoop(const BakedMotionSpace& space, int cycles) {
    const Clip once = toClip(space, space.reference, space.fps);
    const BakedClip& b = space.clips[space.reference];
    // Where one loop ends, as a ground frame (the next loop starts there).
    glm::vec3 lap(0.0f);
    for (const glm::vec3& step : b.step) lap = composeGround(lap, step);
    Clip c = once;
    const int joints = once.jointCount();
    glm::vec3 at = lap;
    for (int k = 1; k < cycles; ++k) {
        const GroundFrame g{at.x, at.y, at.z};
        for (int f = 1; f < once.frameCount(); ++f) {
            const auto rotations = once.frameRotations(f);
            for (int j = 0; j < joints; ++j)
                c.rotations.push_back(j == 0 ? yawRotation(at.z) * rotations[0] : rotations[j]);
            const glm::vec3 p = once.rootPositions[f];
            const glm::vec3 w = g.toWorld(glm::vec3(p.x, 0.0f, p.z));
            c.rootPositions.emplace_back(w.x, p.y, w.z);
        }
        at = composeGround(at, lap);
    }
    return c;
}

Clip toClip(const BakedTransition& t, const Skeleton& skeleton, float fps) {
    Clip c;
    c.name = t.name;
    c.fps = fps;
    c.skeleton = skeleton;
    c.rotations = t.rotations;
    const int joints = skeleton.jointCount();
    glm::vec3 g(0.0f);
    for (int f = 0; f < t.frames; ++f) {
        c.rotations[static_cast<size_t>(f) * joints] =
            yawRotation(g.z) * t.rotations[static_cast<size_t>(f) * joints];
        c.rootPositions.emplace_back(g.x, t.rootHeight[f], g.y);
        if (f + 1 < t.frames) g = composeGround(g, t.step[f]);
    }
    return c;
}

Status TransitionJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!space) return Status::error("transitions: no motion space");
    if (!clip) return Status::error("transitions: no clip");
    if (Status s = space->validate(); !s) return s;
    if (Status s = clip->validate(); !s) return s;
    if (!clip->skeleton.sameHierarchy(space->skeleton))
        return Status::error("has a different skeleton from the space's clips");
    if (std::abs(clip->fps - space->fps) > 1e-3f)
        return Status::error("is not at the space's rate");
    return checkTransitionClip(*clip, kind, settings);
}

namespace {

// A cell of the match web where the clip may join the loop: loop frame i (of the loop played
// twice), clip frame j, and its cost (m RMS).
struct JoinCell {
    int i, j;
    float cost;
};

// The clip's feet, frame by frame: down when the ankle or the toe is (FootContactJob), and the
// footLabels of the two.
struct ClipFeet {
    std::vector<bool> left, right;
    std::vector<int> labels;
};

Status clipFeet(const Clip& clip, const FootContactSettings& settings, ClipFeet& out) {
    FootContactJob contacts;
    contacts.settings = settings;
    contacts.clip = &clip;
    if (Status s = contacts.run(); !s) return s;
    const FootContacts& fc = contacts.output;
    const int n = clip.frameCount();
    out.left.assign(n, false);
    out.right.assign(n, false);
    for (int f = 0; f < n; ++f) {
        out.left[f] = fc.leftAnkle[f] || fc.leftToe[f];
        out.right[f] = fc.rightAnkle[f] || fc.rightToe[f];
    }
    out.labels = footLabels(out.left, out.right);
    return Status::ok();
}

// Candidate cells: for each clip frame in [first, last], the loop phases that are local minima
// of its column (loop frames L/2 ... 3L/2 - 1 stand for every phase) with the same feet down.
std::vector<JoinCell> candidateCells(const MatchWeb& web, const std::vector<int>& loopFeet,
                                     const std::vector<int>& clipFeet, int first, int last, int L) {
    std::vector<JoinCell> cells;
    const int i0 = L / 2;
    for (int j = first; j <= last; ++j) {
        for (int i = i0; i < i0 + L; ++i) {
            const float c = web.at(i, j);
            if (!(c <= web.at(i - 1, j) && c < web.at(i + 1, j))) continue;
            if (loopFeet[i % L] != clipFeet[j] || clipFeet[j] == 0) continue;
            cells.push_back({i, j, c});
        }
    }
    return cells;
}

// The highest cost a join may have: the best cell's plus the margin, within maxJoinCost; an error
// when there is no cell or the best is above maxJoinCost.
Status joinCostLimit(const std::vector<JoinCell>& cells, const TransitionSettings& settings,
                     float& limit) {
    if (cells.empty())
        return Status::error(
            std::string("never has the loop's feet down where its poses match the loop's"));
    float best = 1e30f;
    for (const JoinCell& c : cells) best = std::min(best, c.cost);
    if (best > settings.maxJoinCost) {
        char text[200];
        std::snprintf(
            text, sizeof text,
            "never comes near the loop's poses (its best match is %.2f m RMS, above %.2f)", best,
            settings.maxJoinCost);
        return Status::error(text);
    }
    limit = std::min(settings.maxJoinCost, best + settings.joinCostMargin);
    return Status::ok();
}

// The clip's own motion in the transition: rotations with the root's heading taken out, root
// height, contacts and ground steps.
void copyClipMotion(const Clip& clip, const std::vector<GroundFrame>& clipGround,
                    const ClipFeet& feet, int joints, BakedTransition& t) {
    const int n = clip.frameCount();
    t.frames = n;
    t.rotations = clip.rotations;
    t.rootHeight.resize(n);
    t.leftContact.resize(n);
    t.rightContact.resize(n);
    for (int f = 0; f < n; ++f) {
        t.rotations[static_cast<size_t>(f) * joints] =
            glm::inverse(yawRotation(clipGround[f].heading)) * clip.frameRotations(f)[0];
        t.rootHeight[f] = clip.rootPositions[f].y;
        t.leftContact[f] = feet.left[f] ? 1.0f : 0.0f;
        t.rightContact[f] = feet.right[f] ? 1.0f : 0.0f;
    }
    t.step.resize(n - 1);
    for (int f = 0; f + 1 < n; ++f) t.step[f] = groundOffset(clipGround[f], clipGround[f + 1]);
}

// A join per cell within `limit`, ordered by loop frame.
void addJoins(const std::vector<JoinCell>& cells, float limit, const Clip& loop,
              const std::vector<GroundFrame>& loopGround, const Clip& clip,
              const std::vector<GroundFrame>& clipGround, const std::vector<int>& clipFeet, int L,
              const PointCloudSettings& cloud, BakedTransition& t) {
    for (const JoinCell& c : cells) {
        if (c.cost > limit) continue;
        // The cell's alignment lays the loop's world over the clip's; the loop's ground frame
        // carried so is where the clip's ground frame is measured from.
        const CloudMatch m = alignCell(loop, c.i, clip, c.j, cloud);
        const GroundFrame& g = loopGround[c.i];
        const glm::vec3 p = m.alignment.apply(glm::vec3(g.x, 0.0f, g.z));
        const GroundFrame aligned{p.x, p.z, g.heading + m.alignment.theta};
        TransitionJoin join;
        join.loopFrame = static_cast<float>(c.i % L);
        join.clipFrame = static_cast<float>(c.j);
        join.offset = groundOffset(aligned, clipGround[c.j]);
        join.cost = c.cost;
        join.foot = clipFeet[c.j] == 3 ? 2 : clipFeet[c.j] - 1;
        t.joins.push_back(join);
    }
    std::stable_sort(
        t.joins.begin(), t.joins.end(),
        [](const TransitionJoin& a, const TransitionJoin& b) { return a.loopFrame < b.loopFrame; });
}

// A start's handover: the first join (in the clip's time) where it moves nearly as fast as the
// loop (`loopSpeed`, m/s), else the cheapest.
int handoverJoin(const BakedTransition& t, const std::vector<float>& speed,
                 const TransitionSettings& settings, float loopSpeed) {
    int pick = -1, cheapest = 0;
    for (int k = 0; k < static_cast<int>(t.joins.size()); ++k) {
        const TransitionJoin& j = t.joins[k];
        if (j.cost < t.joins[cheapest].cost) cheapest = k;
        const int f = static_cast<int>(j.clipFrame);
        const float v = meanOver(speed, f - 2, f + 3);
        if (v >= settings.handoverSpeed * loopSpeed &&
            (pick < 0 || j.clipFrame < t.joins[pick].clipFrame))
            pick = k;
    }
    return pick >= 0 ? pick : cheapest;
}

}  // namespace

Status TransitionJob::run() {
    if (Status s = validate(); !s) return s;
    const BakedMotionSpace& ms = *space;
    const BakedClip& ref = ms.clips[ms.reference];
    const int L = ref.cycleFrames();
    const int n = clip->frameCount();
    const int joints = ms.skeleton.jointCount();

    // The reference loop twice (so that every phase lies half a cycle or more from its ends)
    // against the clip.
    const Clip loop = repeatedLoop(ms, 2);
    MatchWebJob web;
    web.settings.cloud = settings.cloud;
    web.settings.epsilon = 1.0f;  // the joins are chosen below, not by the web's chains
    web.a = &loop;
    web.b = clip;
    if (Status s = web.run(); !s) return s;
    matchWeb = std::move(web.output);

    ClipFeet feet;
    if (Status s = clipFeet(*clip, settings.contacts, feet); !s) return s;
    const std::vector<int> loopFeet =
        footLabels(std::vector<float>(ref.leftContact.begin(), ref.leftContact.end() - 1),
                   std::vector<float>(ref.rightContact.begin(), ref.rightContact.end() - 1));
    const std::vector<float> speed = rootSpeeds(*clip);
    const int still = stillFrameOf(speed, kind, settings.stillSpeed);

    const int first = kind == Kind::Stop ? 0 : still + 1;
    const int last = kind == Kind::Stop ? still - 1 : n - 1;
    const std::vector<JoinCell> cells =
        candidateCells(matchWeb, loopFeet, feet.labels, first, last, L);
    float limit = 0.0f;
    if (Status s = joinCostLimit(cells, settings, limit); !s) return s;

    const std::vector<GroundFrame> loopGround = groundFrames(loop),
                                   clipGround = groundFrames(*clip);
    BakedTransition& t = output;
    t = BakedTransition{};
    t.name = clip->name;
    t.kind = kind;
    copyClipMotion(*clip, clipGround, feet, joints, t);
    t.stillFrame = still;
    t.speed = fastest(speed, clip->fps);
    addJoins(cells, limit, loop, loopGround, *clip, clipGround, feet.labels, L, settings.cloud, t);
    if (kind == Kind::Start) t.handover = handoverJoin(t, speed, settings, ref.speed);
    deriveTransition(t);
    return t.validate(joints, L);
}

Status addTransitions(const MotionSpaceDesc& desc, BakedMotionSpace& space,
                      const TransitionSettings& settings) {
    const std::string ctx = "motion space '" + desc.name + "'";
    for (Kind kind : {Kind::Stop, Kind::Start}) {
        std::vector<BakedTransition>& out = kind == Kind::Stop ? space.stops : space.starts;
        out.clear();
        for (const Clip& source : kind == Kind::Stop ? desc.stops : desc.starts) {
            if (cancelRequested()) return Status::cancelled();
            const std::string clipCtx = ctx + ", " + kindName(kind) + " '" + source.name + "'";
            Clip clip = source;
            if (std::abs(clip.fps - space.fps) > 1e-3f) {
                auto r = resampleClip(clip, space.fps);
                if (!r) return r.status().withContext(clipCtx);
                clip = std::move(*r);
            }
            TransitionJob job;
            job.settings = settings;
            job.kind = kind;
            job.space = &space;
            job.clip = &clip;
            if (Status s = job.run(); !s) return s.withContext(clipCtx);
            out.push_back(std::move(job.output));
        }
    }
    return Status::ok();
}

}  // namespace gs

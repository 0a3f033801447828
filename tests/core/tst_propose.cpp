// A project proposed from takes (core/spaces/propose.h), the takes generated here (no data
// needed): a straight walk, a walk turning left and a straight jog (told as a faster walk). The
// walk's space takes the straight take as its reference, the left turn, and the same turn
// mirrored for the right, and finds no stop or start; the faster straight is a space of its own,
// borrowing the walk's turns or, with a narrower speed spread, bending its own; clips that are
// most of their take are the whole take; every choice is explained. No take with a straight stretch
// of gait, and settings out of range, are refused with their sentences.

#include <QTest>

#include <algorithm>
#include <string>
#include <vector>

#include "core/spaces/propose.h"
#include "core/synthetic/synthetic_gait.h"

using namespace gs;

namespace {

struct Takes {
    std::vector<Clip> clips;
    std::vector<ProposalTake> takes;
};

// Each clip three cycles long (the turn about 90 degrees), segmented.
const Takes& takes() {
    static const Takes t = [] {
        Takes t;
        // (the generator's id, the take's name)
        const std::vector<std::pair<std::string, std::string>> wanted{
            {"walk", "walk_straight"}, {"walk_90l", "walk_90l"}, {"jog", "jog_straight"}};
        std::vector<SyntheticClipSpec> specs;
        for (const auto& [id, name] : wanted)
            for (const SyntheticClipSpec& spec : syntheticClipSet(3))
                if (spec.id == id) specs.push_back(spec);
        if (specs.size() != wanted.size()) qFatal("synthetic set: %zu of 3 clips", specs.size());
        t.clips.reserve(specs.size());
        for (const SyntheticClipSpec& spec : specs) {
            auto clip = generateSyntheticGait(spec.settings);
            if (!clip) qFatal("synthetic: %s", clip.message().c_str());
            t.clips.push_back(std::move(*clip));
        }
        for (size_t k = 0; k < specs.size(); ++k) {
            SegmentJob job;
            job.clip = &t.clips[k];
            if (Status s = job.run(); !s) qFatal("segments: %s", s.message().c_str());
            t.takes.push_back({wanted[k].second, &t.clips[k], std::move(job.output)});
        }
        return t;
    }();
    return t;
}

const ProposedSpace* spaceNamed(const Proposal& p, const std::string& name) {
    for (const ProposedSpace& s : p.spaces)
        if (s.name == name) return &s;
    return nullptr;
}

const ProposedClip* clipWithId(const Proposal& p, const std::string& id) {
    for (const ProposedClip& c : p.clips)
        if (c.id == id) return &c;
    return nullptr;
}

bool explained(const Proposal& p, const std::string& start) {
    return std::any_of(p.explanations.begin(), p.explanations.end(),
                       [&](const std::string& e) { return e.starts_with(start); });
}

}  // namespace

class TestPropose : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        auto p = proposeProject(takes().takes);
        QVERIFY2(p, p.message().c_str());
        m_proposal = std::move(*p);
    }

    void walkSpaceMirrorsItsTurn() {
        const Proposal& p = m_proposal;
        QCOMPARE(p.fps, 30.0f);
        const ProposedSpace* walk = spaceNamed(p, "walk");
        QVERIFY(walk);
        QCOMPARE(p.spaces.front().name, std::string("walk"));
        const ProposedClip* reference = clipWithId(p, walk->reference);
        QVERIFY(reference);
        QCOMPARE(reference->take, 0);
        QVERIFY(!reference->mirror);
        QVERIFY(std::find(walk->clips.begin(), walk->clips.end(), walk->reference) !=
                walk->clips.end());
        // The left turn from its take, and mirrored for the right.
        int fromTurn = 0, mirrored = 0;
        for (const std::string& id : walk->clips) {
            const ProposedClip* c = clipWithId(p, id);
            QVERIFY(c);
            QVERIFY(c->first >= 0 && c->last < takes().takes[c->take].frames() &&
                    c->first < c->last);
            if (c->take == 1) {
                ++fromTurn;
                mirrored += c->mirror;
            }
        }
        QCOMPARE(fromTurn, 2);
        QCOMPARE(mirrored, 1);
        QVERIFY(walk->bentTurnsM.empty());
        QVERIFY(explained(p, "walk: reference walk_straight"));
        QVERIFY(explained(p, "walk: right turn mirrored from walk_90l"));
        QVERIFY(explained(p, "walk: no stop in the takes"));
        QVERIFY(explained(p, "walk: no start in the takes"));
        QVERIFY(walk->stops.empty() && walk->starts.empty());
    }

    void fasterStraightIsASpaceOfItsOwn() {
        // The generator's jog has no flight the segmentation sees (it is told as a walk) but
        // goes at twice the speed: a second walking space, its reference the jog's take, its
        // turns (none at its speed) the walk's, within half as far again from its speed.
        const Proposal& p = m_proposal;
        QCOMPARE(p.spaces.size(), size_t(2));
        const ProposedSpace* fast = spaceNamed(p, "walk_2");
        QVERIFY(fast);
        QCOMPARE(clipWithId(p, fast->reference)->take, 2);
        QVERIFY(explained(p,
                          "walk_2: a space of its own: its straight speed is more than 35 % "
                          "from the first walk space's"));
        int fromTurn = 0;
        for (const std::string& id : fast->clips) fromTurn += clipWithId(p, id)->take == 1;
        QCOMPARE(fromTurn, 2);
        QVERIFY(fast->bentTurnsM.empty());
        // Stops and starts are looked for in the first space of a gait only.
        QVERIFY(!explained(p, "walk_2: no stop"));
    }

    void noTurnNearItsSpeedBendsTurns() {
        ProposalSettings s;
        s.speedSpread = 0.2f;  // the walk's turn is 48 % slower: too far even at 30 %
        auto p = proposeProject(takes().takes, s);
        QVERIFY2(p, p.message().c_str());
        const ProposedSpace* fast = spaceNamed(*p, "walk_2");
        QVERIFY(fast);
        QCOMPARE(fast->clips, std::vector<std::string>{fast->reference});
        QCOMPARE(fast->bentTurnsM, std::vector<float>{4.0f});
        QVERIFY(explained(*p,
                          "walk_2: no walk turn in the takes: turns bent at 4 m from its "
                          "straight clip, to both sides"));
        s.bentRadius = 12.0f;
        auto wide = proposeProject(takes().takes, s);
        QVERIFY2(wide, wide.message().c_str());
        QVERIFY(spaceNamed(*wide, "walk_2"));
        QCOMPARE(spaceNamed(*wide, "walk_2")->bentTurnsM, std::vector<float>{12.0f});
    }

    void clipsCoveringMostOfATakeAreTheWholeTake() {
        // Even unpadded, the turn's segment (frames 21-99 of 124) is most of its take: every clip
        // is its whole take, named by take and part, the mirrored ones so marked.
        ProposalSettings s;
        s.padPeriods = 0.0f;
        auto tight = proposeProject(takes().takes, s);
        QVERIFY2(tight, tight.message().c_str());
        for (const ProposedClip& c : tight->clips) {
            QCOMPARE(c.first, 0);
            QCOMPARE(c.last, takes().takes[c.take].frames() - 1);
        }
        const ProposedClip* left = clipWithId(*tight, "walk_90l_turn_left");
        const ProposedClip* right = clipWithId(*tight, "walk_90l_turn_right_mirror");
        QVERIFY(left && right);
        QVERIFY(!left->mirror);
        QVERIFY(right->mirror);
        QVERIFY(clipWithId(*tight, "walk_straight_straight"));
        QVERIFY(clipWithId(*tight, "jog_straight_straight"));
    }

    void refusals() {
        // Only the turn: no straight stretch to be a reference.
        const std::vector<ProposalTake> turnOnly{takes().takes[1]};
        auto none = proposeProject(turnOnly);
        QVERIFY(!none);
        QCOMPARE(none.message(), std::string("no take holds a straight stretch of walking, jogging "
                                             "or running of a whole cycle"));
        QVERIFY(!proposeProject({}));
        const std::pair<int, std::string> cases[] = {
            {0, "the padding must be in [0, 4] gait periods"},
            {1, "the speed spread must be in (0, 1]"},
            {2, "the turns per side must be in [1, 8]"},
            {3, "the stops and starts per space must be in [0, 8]"},
            {4, "the bent radius must be in [2, 1000] m"}};
        for (const auto& [field, message] : cases) {
            ProposalSettings s;
            if (field == 0) s.padPeriods = 5.0f;
            if (field == 1) s.speedSpread = 0.0f;
            if (field == 2) s.turnsPerSide = 0;
            if (field == 3) s.transitions = 9;
            if (field == 4) s.bentRadius = 1.0f;
            QCOMPARE(proposeProject(takes().takes, s).message(), message);
        }
    }

private:
    Proposal m_proposal;
};

QTEST_APPLESS_MAIN(TestPropose)
#include "tst_propose.moc"

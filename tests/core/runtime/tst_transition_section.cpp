// The .gspace section 'TRAN' (core/runtime/transition_section.h) on the synthetic walk and jog
// with a stop and a start made here: nothing written for a file without transitions and with the
// default arrival settings; the settings and every transition read back as written, derived
// fields filled; damage named with the section, the space and the transition.

#include <QTest>

#include <cstdint>
#include <string>
#include <vector>

#include "core/runtime/section_file.h"
#include "core/runtime/transition_section.h"
#include "synthetic_spaces.h"

using namespace gs;

namespace {

BakedTransition madeTransition(BakedTransition::Kind kind, int joints) {
    BakedTransition t;
    t.name = kind == BakedTransition::Kind::Stop ? "walk stop" : "walk start";
    t.kind = kind;
    t.frames = 4;
    t.rotations.assign(static_cast<size_t>(t.frames * joints), glm::quat(1, 0, 0, 0));
    t.rootHeight = {0.95f, 0.94f, 0.93f, 0.93f};
    t.step = {{0.0f, 0.05f, 0.01f}, {0.0f, 0.03f, 0.0f}, {0.0f, 0.0f, 0.0f}};
    t.leftContact = {1, 1, 1, 1};
    t.rightContact = {0, 0.5f, 1, 1};
    t.stillFrame = kind == BakedTransition::Kind::Stop ? 2 : 1;
    t.joins = {{1.0f, 0.0f, {0.01f, -0.02f, 0.03f}, 0.02f, 0}, {7.5f, 1.0f, {}, 0.04f, 1}};
    t.handover = kind == BakedTransition::Kind::Stop ? -1 : 1;
    t.speed = 1.2f;
    return t;
}

bool sameTransition(const BakedTransition& a, const BakedTransition& b) {
    if (a.name != b.name || a.kind != b.kind || a.frames != b.frames ||
        a.rotations != b.rotations || a.rootHeight != b.rootHeight || a.step != b.step ||
        a.leftContact != b.leftContact || a.rightContact != b.rightContact ||
        a.stillFrame != b.stillFrame || a.handover != b.handover || a.speed != b.speed ||
        a.joins.size() != b.joins.size())
        return false;
    for (size_t k = 0; k < a.joins.size(); ++k) {
        const TransitionJoin &x = a.joins[k], &y = b.joins[k];
        if (x.loopFrame != y.loopFrame || x.clipFrame != y.clipFrame || x.offset != y.offset ||
            x.cost != y.cost || x.foot != y.foot)
            return false;
    }
    return true;
}

// The baked space without transitions, as read from the other sections.
BakedSpaceFile withoutTransitions(const BakedSpaceFile& baked) {
    BakedSpaceFile b = baked;
    for (BakedMotionSpace& m : b.space.spaces) m.stops.clear(), m.starts.clear();
    b.locomotion.arrival = {};
    return b;
}

std::string readProblem(const std::vector<std::uint8_t>& bytes, const BakedSpaceFile& into) {
    BakedSpaceFile b = withoutTransitions(into);
    const Status s = readTransitionSection(bytes, b);
    return s ? std::string("(read)") : s.message();
}

}  // namespace

class TestTransitionSection : public QObject {
    Q_OBJECT
    BakedSpaceFile m_baked;

private slots:
    void initTestCase() {
        m_baked = withoutTransitions(*test::syntheticBaked());
        const int joints = m_baked.space.skeleton.jointCount();
        m_baked.space.spaces[0].stops.push_back(
            madeTransition(BakedTransition::Kind::Stop, joints));
        m_baked.space.spaces[0].starts.push_back(
            madeTransition(BakedTransition::Kind::Start, joints));
        m_baked.locomotion.arrival.standRadius = 0.45f;
        m_baked.locomotion.arrival.fadeSeconds = 0.3f;
    }

    void emptyWhenNothingToSay() {
        const BakedSpaceFile plain = withoutTransitions(m_baked);
        const Section s = transitionSection(plain);
        QCOMPARE(s.tag, sectionTag("TRAN"));
        QVERIFY(s.bytes.empty());
        // Only the arrival settings differ: written.
        BakedSpaceFile settings = plain;
        settings.locomotion.arrival.styleSeconds = 3.0f;
        QVERIFY(!transitionSection(settings).bytes.empty());
    }

    void roundTrip() {
        const Section s = transitionSection(m_baked);
        QVERIFY(!s.bytes.empty());
        BakedSpaceFile back = withoutTransitions(m_baked);
        const Status read = readTransitionSection(s.bytes, back);
        QVERIFY2(read.isOk(), read.message().c_str());
        QCOMPARE(back.locomotion.arrival.standRadius, 0.45f);
        QCOMPARE(back.locomotion.arrival.fadeSeconds, 0.3f);
        QCOMPARE(back.locomotion.arrival.maxStartTurn, ArrivalSettings{}.maxStartTurn);
        for (size_t m = 0; m < back.space.spaces.size(); ++m) {
            const BakedMotionSpace &a = m_baked.space.spaces[m], &b = back.space.spaces[m];
            QCOMPARE(b.stops.size(), a.stops.size());
            QCOMPARE(b.starts.size(), a.starts.size());
            for (size_t k = 0; k < a.stops.size(); ++k)
                QVERIFY(sameTransition(a.stops[k], b.stops[k]));
            for (size_t k = 0; k < a.starts.size(); ++k)
                QVERIFY(sameTransition(a.starts[k], b.starts[k]));
        }
        // Derived fields are worked out on reading, never read.
        const BakedTransition& stop = back.space.spaces[0].stops[0];
        QCOMPARE(stop.pathLength.size(), size_t(4));
        QVERIFY(std::abs(stop.pathLength.back() - 0.08f) < 1e-5f);
        QCOMPARE(stop.toEnd.size(), size_t(4));
        // Written again, the same bytes.
        QVERIFY(transitionSection(back).bytes == s.bytes);
    }

    void damageIsNamed() {
        const std::vector<std::uint8_t> good = transitionSection(m_baked).bytes;
        QCOMPARE(readProblem(good, m_baked), std::string("(read)"));

        std::vector<std::uint8_t> cut(good.begin(), good.end() - 1);
        const std::string cutProblem = readProblem(cut, m_baked);
        QVERIFY2(cutProblem.rfind("section 'TRAN': ends inside ", 0) == 0, cutProblem.c_str());

        std::vector<std::uint8_t> longer = good;
        longer.push_back(0);
        QCOMPARE(readProblem(longer, m_baked),
                 std::string("section 'TRAN' has 1 bytes past its end"));

        // The space count (after the six arrival floats) disagreeing with INFO.
        std::vector<std::uint8_t> spaces = good;
        spaces[24] = 9;
        QVERIFY2(readProblem(spaces, m_baked).find("space count") != std::string::npos ||
                     readProblem(spaces, m_baked).find("spaces, INFO says") != std::string::npos,
                 readProblem(spaces, m_baked).c_str());

        // A rotation that is not a unit quaternion, in the first space's stop.
        BakedSpaceFile bent = m_baked;
        bent.space.spaces[0].stops[0].rotations[5] = glm::quat(2, 0, 0, 0);
        const std::string rotation = readProblem(transitionSection(bent).bytes, m_baked);
        QVERIFY2(rotation.find("section 'TRAN', space '" + m_baked.space.spaces[0].name +
                               "': transition 'walk stop': a rotation is not a unit "
                               "quaternion") == 0,
                 rotation.c_str());

        // A join outside the reference loop.
        BakedSpaceFile far = m_baked;
        far.space.spaces[0].stops[0].joins[1].loopFrame = 1e6f;
        const std::string join = readProblem(transitionSection(far).bytes, m_baked);
        QVERIFY2(join.find("stop 'walk stop' has a join out of range") != std::string::npos,
                 join.c_str());

        // Arrival settings out of their range.
        BakedSpaceFile wide = m_baked;
        wide.locomotion.arrival.standRadius = 50.0f;
        const std::string radius = readProblem(transitionSection(wide).bytes, m_baked);
        QVERIFY2(radius.rfind("section 'TRAN': ", 0) == 0, radius.c_str());
    }
};

QTEST_APPLESS_MAIN(TestTransitionSection)
#include "tst_transition_section.moc"

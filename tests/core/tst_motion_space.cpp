// Motion spaces (core/spaces/motion_space.h) built from the synthetic walk's five clips (turn and
// veer right, straight, veer and turn left; no data needed): loops of the same cycles ordered by
// curvature with the curvatures, speed and turn rates the generator was given, the straight clip
// the reference, every loop closed and warped onto it; a loop back as a clip; the turning range
// warnings; every refused description with its sentence.

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include <glm/geometric.hpp>

#include "core/spaces/motion_space.h"
#include "core/synthetic/synthetic_gait.h"

using namespace gs;

namespace {

struct Walk {
    MotionSpaceDesc desc;
    std::map<std::string, SyntheticGaitSettings> settings;  // by clip name
};

const Walk& walk() {
    static const Walk w = [] {
        Walk w;
        w.desc.name = "walk";
        for (const SyntheticClipSpec& spec : syntheticClipSet(2)) {
            if (spec.space != "walk") continue;
            auto clip = generateSyntheticGait(spec.settings);
            if (!clip) qFatal("synthetic walk: %s", clip.message().c_str());
            w.settings[clip->name] = spec.settings;
            w.desc.clips.push_back(std::move(*clip));
        }
        return w;
    }();
    return w;
}

const BakedMotionSpace& built() {
    static const BakedMotionSpace space = [] {
        auto s = buildMotionSpace(walk().desc);
        if (!s) qFatal("walk space: %s", s.message().c_str());
        return std::move(*s);
    }();
    return space;
}

std::string refusal(const MotionSpaceDesc& desc) {
    auto s = buildMotionSpace(desc);
    return s ? std::string() : s.message();
}

}  // namespace

class TestMotionSpace : public QObject {
    Q_OBJECT
private slots:
    void loopsOrderedByCurvature() {
        const BakedMotionSpace& m = built();
        QVERIFY(m.validate());
        QCOMPARE(m.name, std::string("walk"));
        QCOMPARE(m.clips.size(), size_t(5));
        QCOMPARE(m.cycles, 2);
        for (size_t c = 1; c < m.clips.size(); ++c)
            QVERIFY(m.clips[c].curvature > m.clips[c - 1].curvature);
        // The straightest is the reference: the generator's straight walk.
        QCOMPARE(walk().settings.at(m.clips[m.reference].name).curvature, 0.0f);
        QCOMPARE(m.reference, 2);
    }

    void loopsMoveAsGenerated() {
        const BakedMotionSpace& m = built();
        for (const BakedClip& c : m.clips) {
            const SyntheticGaitSettings& s = walk().settings.at(c.name);
            QVERIFY2(std::abs(c.speed - s.speed) < 0.05f * s.speed,
                     qPrintable(QString("%1: %2").arg(c.name.c_str()).arg(c.speed)));
            QVERIFY2(std::abs(c.curvature - s.curvature) < 0.02f + 0.1f * std::abs(s.curvature),
                     qPrintable(QString("%1: %2").arg(c.name.c_str()).arg(c.curvature)));
            QVERIFY(std::abs(c.turnRate - c.speed * c.curvature) <
                    0.05f + 0.1f * std::abs(c.turnRate));
            // Two cycles of the generator's period.
            const float period = s.periodSeconds() * m.fps;
            QVERIFY2(std::abs(c.cycleFrames() - 2.0f * period) <= 1.5f,
                     qPrintable(QString("%1: %2").arg(c.name.c_str()).arg(c.cycleFrames())));
        }
    }

    void loopsCloseAndWarpOntoTheReference() {
        const BakedMotionSpace& m = built();
        const int joints = m.skeleton.jointCount();
        const int L = m.referenceCycleFrames();
        for (const BakedClip& c : m.clips) {
            QCOMPARE(c.rotations.size(), static_cast<size_t>(c.frames * joints));
            // The last pose is the first.
            for (int j = 1; j < joints; ++j) {
                const glm::quat a = c.rotations[j], b = c.rotations[(c.frames - 1) * joints + j];
                QVERIFY(std::abs(glm::dot(a, b)) > 0.9999f);
            }
            QVERIFY(std::abs(c.rootHeight.front() - c.rootHeight.back()) < 1e-3f);
            QCOMPARE(c.warp.size(), static_cast<size_t>(L + 1));
            QCOMPARE(c.warp.front(), 0.0f);
            QVERIFY(std::abs(c.warp.back() - c.cycleFrames()) < 1e-3f);
            QVERIFY(std::is_sorted(c.warp.begin(), c.warp.end()));
            QVERIFY(c.registrationResidual < 0.1f);
        }
        // The reference maps onto itself.
        const BakedClip& ref = m.clips[m.reference];
        for (int u = 0; u <= L; ++u) QVERIFY(std::abs(ref.warp[u] - u) < 1e-3f);
        // Strikes alternate feet, two per cycle.
        const auto strikes = referenceStrikes(m);
        QVERIFY(strikes.size() >= 3);
        for (size_t k = 1; k < strikes.size(); ++k) {
            QVERIFY(strikes[k].first > strikes[k - 1].first);
            QVERIFY(strikes[k].second != strikes[k - 1].second);
        }
    }

    void loopBackAsClip() {
        const BakedMotionSpace& m = built();
        const Clip c = toClip(m, m.reference, m.fps);
        QCOMPARE(c.frameCount(), m.clips[m.reference].frames);
        QCOMPARE(c.jointCount(), m.skeleton.jointCount());
        // Straight on: it travels its speed for the loop's duration, along +Z.
        const glm::vec3 travel = c.rootPositions.back() - c.rootPositions.front();
        const float expected =
            m.clips[m.reference].speed * m.clips[m.reference].cycleFrames() / m.fps;
        QVERIFY2(std::abs(glm::length(glm::vec2(travel.x, travel.z)) - expected) < 0.02f,
                 QByteArray::number(travel.z));
        QVERIFY(travel.z > 0.0f);
        // Two whole cycles are the fewest each clip holds.
        auto fewest = fewestCycles(walk().desc);
        QVERIFY2(fewest, fewest.message().c_str());
        QCOMPARE(*fewest, 2);
    }

    void turningRange() {
        QVERIFY(turningRangeWarnings(built()).empty());
        // Only the straight walk and the veers to the left: it turns one way only.
        MotionSpaceDesc left = walk().desc;
        left.clips.erase(left.clips.begin(), left.clips.begin() + 2);
        auto oneWay = buildMotionSpace(left);
        QVERIFY2(oneWay, oneWay.message().c_str());
        const auto warnings = turningRangeWarnings(*oneWay);
        QCOMPARE(warnings.size(), size_t(1));
        QVERIFY2(warnings[0].starts_with("the loops of 'walk' turn only left"),
                 warnings[0].c_str());
    }

    void refusals() {
        MotionSpaceDesc d = walk().desc;
        d.settings.cycles = -1;
        QCOMPARE(refusal(d), std::string("motion space 'walk': cycles must be >= 0"));
        d.settings = {};
        d.settings.fps = 300.0f;
        QCOMPARE(refusal(d),
                 std::string("motion space 'walk': working rate must be in (0, 240] fps"));
        d = walk().desc;
        d.reference = 5;
        QCOMPARE(refusal(d), std::string("motion space 'walk': reference clip index out of range"));
        d = walk().desc;
        d.clips.clear();
        QCOMPARE(refusal(d), std::string("motion space 'walk' has no clips"));
        d = walk().desc;
        d.clips[3].skeleton.names[1] = "lthigh";
        QVERIFY2(
            refusal(d).starts_with("motion space 'walk': clip '" + d.clips[3].name +
                                   "' has a different skeleton from '" + d.clips[0].name + "'"),
            refusal(d).c_str());
        d = walk().desc;
        d.loopedAs = {-1, 3};
        QCOMPARE(refusal(d), "motion space 'walk': clip '" + d.clips[1].name +
                                 "' is looped as a clip that does not come before it");
        // A clip that stands still.
        d = walk().desc;
        Clip& still = d.clips[1];
        for (size_t f = 0; f < still.rootPositions.size(); ++f) {
            still.rootPositions[f] = still.rootPositions.front();
            std::copy_n(still.rotations.begin(), still.jointCount(),
                        still.rotations.begin() + f * still.jointCount());
        }
        QCOMPARE(refusal(d), "motion space 'walk': clip '" + still.name +
                                 "' stays in place (its root travels 0.00 m): a motion space "
                                 "needs clips that travel");
    }
};

QTEST_APPLESS_MAIN(TestMotionSpace)
#include "tst_motion_space.moc"

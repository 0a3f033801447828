// Segments of a take on CMU subject 16, whose content is known from CMU's descriptions: every
// straight walk, jog and run is straight, every veer a veer and every 90-degree turn a turn of its
// side, the walks that start from standing begin with a start, the stops end with a stop and
// standing; walks are walks and jogs and runs are not; the turn segments agree with the hand trims
// of the CMU projects within half a gait cycle. Hostile input: jumps (no gait), too few frames,
// settings out of range.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <cmath>

#include "common/test_data.h"
#include "core/analysis/segments.h"

using namespace gs;

namespace {

TakeSegments segmentsOf(const Clip& clip) {
    SegmentJob job;
    job.clip = &clip;
    const Status s = job.run();
    if (!s) qWarning("%s", s.message().c_str());
    return s ? job.output : TakeSegments{};
}

QString labels(const TakeSegments& t) {
    QStringList out;
    for (const Segment& s : t.segments)
        out << QString("%1[%2,%3]").arg(segmentLabelName(s.label)).arg(s.first).arg(s.last);
    return out.join(' ');
}

int count(const TakeSegments& t, SegmentLabel label) {
    return static_cast<int>(std::count_if(t.segments.begin(), t.segments.end(),
                                          [&](const Segment& s) { return s.label == label; }));
}

bool isTurnOrVeer(SegmentLabel l) {
    return l == SegmentLabel::VeerLeft || l == SegmentLabel::VeerRight ||
           l == SegmentLabel::TurnLeft || l == SegmentLabel::TurnRight;
}

}  // namespace

class TestSegments : public QObject {
    Q_OBJECT
private slots:
    // What CMU says each trial is (cmu/README.md), as the label it must carry.
    void knownContent_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<bool>("walk");
        const struct {
            const char* label;
            bool walk;
            std::vector<const char*> ids;
        } known[] = {
            {"straight", true, {"16_15", "16_16", "16_21", "16_22", "16_47", "16_58"}},
            {"straight", false, {"16_35", "16_36", "16_45", "16_46", "16_55", "16_56"}},
            {"veer_left", true, {"16_11", "16_12", "16_23", "16_24"}},
            {"veer_left", false, {"16_37", "16_38", "16_48"}},
            {"veer_right", true, {"16_13", "16_14", "16_25", "16_26"}},
            {"veer_right", false, {"16_39", "16_40", "16_49", "16_50"}},
            {"turn_left", true, {"16_17", "16_18", "16_27", "16_28"}},
            {"turn_left", false, {"16_41", "16_42", "16_51", "16_52"}},
            {"turn_right", true, {"16_19", "16_20", "16_29", "16_30"}},
            {"turn_right", false, {"16_43", "16_44", "16_53", "16_54"}},
            // The walks the arrive project starts from (they begin standing).
            {"start", true, {"16_31", "16_32"}},
            {"stop", true, {"16_33", "16_34"}},
            {"stop", false, {"16_08", "16_57"}},
        };
        for (const auto& k : known)
            for (const char* id : k.ids)
                QTest::newRow(qPrintable(QString("%1 %2").arg(id, k.label)))
                    << QString(id) << QString(k.label) << k.walk;
    }
    void knownContent() {
        GS_REQUIRE_DATA();
        QFETCH(QString, id);
        QFETCH(QString, expected);
        QFETCH(bool, walk);
        const Clip clip = test::loadClip(test::cmuClip(id));
        const TakeSegments t = segmentsOf(clip);
        QVERIFY(!t.segments.empty());
        const QString found = labels(t);
        // Every frame in exactly one segment, in order.
        QCOMPARE(t.segments.front().first, 0);
        QCOMPARE(t.segments.back().last, clip.frameCount() - 1);
        for (size_t k = 1; k < t.segments.size(); ++k)
            QCOMPARE(t.segments[k].first, t.segments[k - 1].last + 1);
        for (const Segment& s : t.segments) {
            if (s.label == SegmentLabel::Standing) {
                QCOMPARE(s.gait, GaitKind::None);
                continue;
            }
            // The gait: walks walk, jogs and runs do not.
            QVERIFY2(walk ? s.gait == GaitKind::Walk
                          : (s.gait == GaitKind::Jog || s.gait == GaitKind::Run),
                     qPrintable(QString("%1: %2 gait %3").arg(id, found, gaitKindName(s.gait))));
            QVERIFY(s.label != SegmentLabel::Other);
        }
        const QString why = id + ": " + found;
        if (expected == "straight") {
            // Nothing but straight (no veer, no turn, no start or stop).
            for (const Segment& s : t.segments)
                QVERIFY2(s.label == SegmentLabel::Straight, qPrintable(why));
        } else if (expected == "start") {
            QVERIFY2(t.segments.front().label == SegmentLabel::Standing, qPrintable(why));
            QVERIFY2(t.segments.size() >= 3 && t.segments[1].label == SegmentLabel::Start,
                     qPrintable(why));
            QCOMPARE(count(t, SegmentLabel::Stop), 0);
        } else if (expected == "stop") {
            QVERIFY2(t.segments.back().label == SegmentLabel::Standing, qPrintable(why));
            QVERIFY2(t.segments.size() >= 2 &&
                         t.segments[t.segments.size() - 2].label == SegmentLabel::Stop,
                     qPrintable(why));
            QCOMPARE(count(t, SegmentLabel::Start), 0);
        } else {
            // The veer or turn of its side, exactly once, and no bend of any other kind.
            int wanted = 0;
            for (const Segment& s : t.segments) {
                if (QString(segmentLabelName(s.label)) == expected) {
                    ++wanted;
                    const bool left = expected.endsWith("left");
                    QVERIFY2(left ? s.curvature > 0.0f : s.curvature < 0.0f, qPrintable(why));
                } else {
                    QVERIFY2(!isTurnOrVeer(s.label), qPrintable(why));
                }
            }
            QVERIFY2(wanted == 1, qPrintable(why));
            QCOMPARE(count(t, SegmentLabel::Start) + count(t, SegmentLabel::Stop), 0);
        }
    }

    // The hand trims of the CMU projects (resources/projects/cmu_*.gsproj) against the turn
    // segment each clip is trimmed to: both ends within half a gait cycle, and the turn whole
    // cycles (a foot's strike to its strike, as registration takes it).
    void handTrims_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<int>("first");
        QTest::addColumn<int>("last");
        QDir dir(QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/projects"));
        QStringList seen;
        for (const QString& name : dir.entryList({"cmu_*.gsproj"})) {
            QFile file(dir.filePath(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QJsonArray clips = QJsonDocument::fromJson(file.readAll())["clips"].toArray();
            for (const QJsonValue& c : clips) {
                const QJsonArray trim = c["trim"].toArray();
                const QString source = c["source"].toString();
                if (trim.size() != 2 || !source.contains("/cmu/")) continue;
                const QString id = source.section('/', -1).section('.', 0, 0);
                const QString row =
                    QString("%1 [%2,%3]").arg(id).arg(trim[0].toInt()).arg(trim[1].toInt());
                if (seen.contains(row)) continue;
                seen << row;
                QTest::newRow(qPrintable(row)) << id << trim[0].toInt() << trim[1].toInt();
            }
        }
        QVERIFY(!seen.isEmpty());
    }
    void handTrims() {
        GS_REQUIRE_DATA();
        QFETCH(QString, id);
        QFETCH(int, first);
        QFETCH(int, last);
        const Clip clip = test::loadClip(test::cmuClip(id));
        const TakeSegments t = segmentsOf(clip);
        const float tolerance = 0.5f * t.periodFrames;
        // The trim is of a turn: the turn segment that overlaps it most.
        const Segment* best = nullptr;
        int overlap = 0;
        for (const Segment& s : t.segments) {
            const int o = std::min(s.last, last) - std::max(s.first, first) + 1;
            if ((s.label == SegmentLabel::TurnLeft || s.label == SegmentLabel::TurnRight) &&
                o > overlap) {
                best = &s;
                overlap = o;
            }
        }
        QVERIFY2(best, qPrintable(id + ": no turn over the trim: " + labels(t)));
        const QString why = QString("%1: trim [%2,%3], turn [%4,%5], half a cycle %6 frames")
                                .arg(id)
                                .arg(first)
                                .arg(last)
                                .arg(best->first)
                                .arg(best->last)
                                .arg(tolerance);
        const bool agrees =
            std::abs(best->first - first) <= tolerance && std::abs(best->last - last) <= tolerance;
        QVERIFY2(agrees, qPrintable(why));
        const float cycles = (best->last + 1 - best->first) / t.periodFrames;
        QVERIFY2(cycles >= 0.75f && std::abs(cycles - std::round(cycles)) <= 0.25f,
                 qPrintable(why));
    }

    // Whole walks loop; their cycles are counted; figures are finite and signed as documented.
    void figures() {
        GS_REQUIRE_DATA();
        const Clip walk = test::loadClip(test::cmuClip("16_15"));
        const TakeSegments t = segmentsOf(walk);
        QCOMPARE(t.segments.size(), size_t(1));
        const Segment& s = t.segments.front();
        QVERIFY(t.periodFrames > 30.0f && t.periodFrames < 40.0f);
        QCOMPARE(s.cycles, static_cast<int>(std::floor((s.last - s.first) / t.periodFrames)));
        QVERIFY(s.loops);
        QVERIFY(s.speed > 1.0f && s.speed < 1.3f);
        QVERIFY(std::abs(s.curvature) < 0.05f);
        const Clip left = test::loadClip(test::cmuClip("16_17"));
        for (const Segment& seg : segmentsOf(left).segments)
            if (seg.label == SegmentLabel::TurnLeft) {
                QVERIFY(seg.turn > 0.8f);  // radians
                QVERIFY(seg.curvature > 0.5f);
            }
    }

    // Stays correct at another frame rate: 16_17 at 120 fps has its turn where it has it at 30.
    void frameRate() {
        GS_REQUIRE_DATA();
        const Clip clip = test::loadClip(test::cmuClip("16_17"));
        const auto fast = resampleClip(clip, 120.0f);
        QVERIFY(fast.isOk());
        const TakeSegments a = segmentsOf(clip), b = segmentsOf(*fast);
        auto turn = [](const TakeSegments& t) {
            for (const Segment& s : t.segments)
                if (s.label == SegmentLabel::TurnLeft) return s;
            return Segment{};
        };
        const Segment ta = turn(a), tb = turn(b);
        QCOMPARE(tb.label, SegmentLabel::TurnLeft);
        QVERIFY2(std::abs(tb.first / 4.0f - ta.first) <= 0.5f * a.periodFrames &&
                     std::abs(tb.last / 4.0f - ta.last) <= 0.5f * a.periodFrames,
                 qPrintable(labels(a) + " | " + labels(b)));
    }

    // Jumps have no gait: refused, with the reason.
    void jumpsAreRefused_data() {
        QTest::addColumn<QString>("id");
        for (const char* id : {"16_01", "16_03", "16_05", "16_09", "16_10"})
            QTest::newRow(id) << id;
    }
    void jumpsAreRefused() {
        GS_REQUIRE_DATA();
        QFETCH(QString, id);
        const Clip clip = test::loadClip(test::cmuClip(id));
        SegmentJob job;
        job.clip = &clip;
        const Status s = job.run();
        QVERIFY(!s);
        QVERIFY2(QString::fromStdString(s.message()).startsWith("no gait"), s.message().c_str());
    }

    void hostile() {
        GS_REQUIRE_DATA();
        SegmentJob job;
        QVERIFY(!job.run());  // no clip
        const Clip walk = test::loadClip(test::cmuClip("16_15"));
        const auto two = trimClip(walk, 0, 1);
        QVERIFY(two.isOk());
        job.clip = &*two;
        QVERIFY(!job.run());  // two frames
        job.clip = &walk;
        job.settings.turnAngle = 0.1f;  // below the veer angle
        QVERIFY(!job.settings.validate());
        QVERIFY(!job.run());
        job.settings = {};
        job.settings.standSpeed = 0.0f;
        QVERIFY(!job.run());
        job.settings = {};
        job.settings.steadyShare = 1.0f;
        QVERIFY(!job.run());
        job.settings = {};
        job.settings.contacts.leftAnkle = "no such joint";
        QVERIFY(!job.run());
        job.settings = {};
        QVERIFY(job.run());
    }
};

QTEST_GUILESS_MAIN(TestSegments)
#include "tst_segments.moc"

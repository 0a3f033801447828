// Baked space files (.gspace): the synthetic walk + jog space with its goal spaces (no data
// needed) survives a round trip bit for bit; the older versions are read, each of their layouts;
// truncated, corrupted, future-version and hostile files are refused with one sentence and never
// read out of bounds. The CMU walk + jog space with the subject's stops and starts (section
// 'TRAN', version 3) survives the round trip too, and hostile transitions are refused.

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <limits>
#include <optional>
#include <random>

#include "common/cmu_spaces.h"
#include "common/test_data.h"
#include "core/spaces/goal_space_builder.h"
#include "core/runtime/section_file.h"
#include "synthetic_spaces.h"
#include <gaitspace/runtime/gspace.h>

using namespace gs;

namespace {

// Section table entry i's offset and length in a packed file.
std::pair<std::uint64_t, std::uint64_t> sectionSpan(const std::vector<std::uint8_t>& file, int i) {
    std::uint64_t offset = 0, size = 0;
    const size_t at = kSectionFileHeaderBytes + kSectionEntryBytes * i;
    std::memcpy(&offset, file.data() + at + 8, 8);
    std::memcpy(&size, file.data() + at + 16, 8);
    return {offset, size};
}

bool sameFloats(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// The file's sections, repacked under `version` with the 'SETT' section replaced.
std::vector<std::uint8_t> repack(const std::vector<std::uint8_t>& file, std::uint32_t version,
                                 const std::vector<std::uint8_t>& settings) {
    Expected<SectionTable> table = unpackSections(file, kGSpaceVersion, "gspace");
    std::vector<Section> sections;
    for (const SectionView& v : table->sections)
        sections.push_back(
            {v.tag, v.tag == sectionTag("SETT")
                        ? settings
                        : std::vector<std::uint8_t>(v.bytes.begin(), v.bytes.end())});
    return packSections(sections, version);
}

std::vector<std::uint8_t> settingsOf(const std::vector<std::uint8_t>& file) {
    Expected<SectionTable> table = unpackSections(file, kGSpaceVersion, "gspace");
    const auto bytes = table->find(sectionTag("SETT"))->bytes;
    return {bytes.begin(), bytes.end()};
}

}  // namespace

class TestGSpace : public QObject {
    Q_OBJECT

    static void expectRefused(const std::vector<std::uint8_t>& bytes, const char* expected) {
        Expected<BakedSpaceFile> r = readGSpace(bytes);
        QVERIFY2(!r, expected);
        QVERIFY2(r.message().find(expected) != std::string::npos, r.message().c_str());
    }

    BakedSpaceFile m_baked;
    std::vector<std::uint8_t> m_bytes;
    std::optional<BakedSpaceFile>
        m_arrive;  // the CMU space with stops and starts, built on first use

    // The CMU walk + jog space with the subject's stops and starts; null (and the test failed)
    // when it cannot be built.
    const BakedSpaceFile* arriveSpace() {
        if (m_arrive) return &*m_arrive;
        Expected<BakedBehavioralSpace> bs = buildBehavioralSpace(test::cmuWalkJogArriveDesc());
        if (!bs) {
            QTest::qFail(bs.message().c_str(), __FILE__, __LINE__);
            return nullptr;
        }
        BakedSpaceFile b;
        b.space = std::move(*bs);
        auto goals = buildGoalSpaces(b.space);
        if (!goals) {
            QTest::qFail(goals.message().c_str(), __FILE__, __LINE__);
            return nullptr;
        }
        b.goalSpaces = std::move(*goals);
        m_arrive = std::move(b);
        return &*m_arrive;
    }

private slots:
    void initTestCase() {
        m_baked = *test::syntheticBaked();
        m_baked.locomotion.styleIncrement = 0.05f;
        m_baked.steer.neighbours = 1;
        m_bytes = writeGSpace(m_baked);
    }

    void roundTripIsExact() {
        Expected<BakedSpaceFile> back = readGSpace(m_bytes);
        QVERIFY2(back, back.message().c_str());
        QCOMPARE(writeGSpace(*back), m_bytes);
        const BakedBehavioralSpace& a = m_baked.space;
        const BakedBehavioralSpace& b = back->space;
        QCOMPARE(b.name, a.name);
        QCOMPARE(b.skeleton.names, a.skeleton.names);
        QCOMPARE(b.spaces.size(), a.spaces.size());
        for (size_t s = 0; s < a.spaces.size(); ++s) {
            QCOMPARE(b.spaces[s].clips.size(), a.spaces[s].clips.size());
            for (size_t c = 0; c < a.spaces[s].clips.size(); ++c) {
                const BakedClip& x = a.spaces[s].clips[c];
                const BakedClip& y = b.spaces[s].clips[c];
                QCOMPARE(y.name, x.name);
                QVERIFY(std::memcmp(x.rotations.data(), y.rotations.data(),
                                    x.rotations.size() * sizeof(glm::quat)) == 0);
                QVERIFY(sameFloats(x.warp, y.warp));
                QCOMPARE(y.strikes, x.strikes);
            }
            QVERIFY(sameFloats(a.phaseMap[s], b.phaseMap[s]));
            QCOMPARE(back->goalSpaces[s].samples.size(), m_baked.goalSpaces[s].samples.size());
        }
        QCOMPARE(back->locomotion.styleIncrement, 0.05f);
        QCOMPARE(back->steer.neighbours, 1);
        QCOMPARE(back->formatVersion, kGSpaceVersion);
    }

    void saveAndLoadFile() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("demo.gspace").toStdString();
        QVERIFY(saveGSpace(m_baked, path));
        Expected<BakedSpaceFile> back = loadGSpace(path);
        QVERIFY2(back, back.message().c_str());
        QCOMPARE(writeGSpace(*back), m_bytes);

        Expected<BakedSpaceFile> missing = loadGSpace(dir.filePath("none.gspace").toStdString());
        QVERIFY(!missing && missing.message().find("no such file") != std::string::npos);
        Expected<BakedSpaceFile> folder = loadGSpace(dir.path().toStdString());
        QVERIFY(!folder && folder.message().find("not a regular file") != std::string::npos);
    }

    // Every single-byte corruption is refused, or (in the padding between sections, which no
    // checksum covers) loads into a space that passes validation.
    void singleByteCorruption() {
        std::mt19937 rng(2026);
        std::uniform_int_distribution<size_t> at(0, m_bytes.size() - 1);
        std::uniform_int_distribution<int> flip(1, 255);
        int refused = 0;
        for (int k = 0; k < 200; ++k) {
            std::vector<std::uint8_t> bad = m_bytes;
            const size_t offset = at(rng);
            bad[offset] ^= static_cast<std::uint8_t>(flip(rng));
            Expected<BakedSpaceFile> r = readGSpace(bad);
            if (!r) {
                ++refused;
                QVERIFY(!r.message().empty());
                QVERIFY2(r.message().find('\n') == std::string::npos, r.message().c_str());
            } else {
                QVERIFY2(r->validate(), "a corrupted file loaded into an invalid space");
            }
        }
        QVERIFY2(refused >= 190, qPrintable(QString("only %1 of 200 refused").arg(refused)));
    }

    void truncationAtEveryBoundaryIsRefused() {
        std::vector<size_t> cuts = {0, 4, 8, 16, kSectionFileHeaderBytes, m_bytes.size() - 1};
        for (int i = 0; i < 6; ++i) {
            const auto [offset, size] = sectionSpan(m_bytes, i);
            cuts.push_back(kSectionFileHeaderBytes + kSectionEntryBytes * i);
            cuts.push_back(offset);
            cuts.push_back(offset + size / 2);
            cuts.push_back(offset + size);
        }
        for (size_t cut : cuts) {
            if (cut >= m_bytes.size()) continue;
            const std::span<const std::uint8_t> part(m_bytes.data(), cut);
            Expected<BakedSpaceFile> r = readGSpace(part);
            QVERIFY2(!r, qPrintable(QString("a file cut at %1 loaded").arg(cut)));
            if (cut >= 8)
                QVERIFY2(r.message().find("truncated") != std::string::npos, r.message().c_str());
        }
    }

    void futureVersionIsRefused() {
        std::vector<std::uint8_t> future = m_bytes;
        future[8] = 7;
        Expected<BakedSpaceFile> r = readGSpace(future);
        QVERIFY(!r);
        QVERIFY2(r.message().find("version 7") != std::string::npos, r.message().c_str());
        QVERIFY2(r.message().find("up to version 3") != std::string::npos, r.message().c_str());
    }

    // Version 1 was written through three layouts of 'SETT' (and 'GOAL'): the last two are read,
    // told apart by the settings' length (without the moving-goal commitment it is the 0.2 s
    // every build used then); the first is refused, naming both versions. The moving-goal
    // commitment's bytes are found by writing it with another value.
    void versionOneIsRead() {
        BakedSpaceFile other = m_baked;
        other.steer.movingCommitment = 0.77f;
        const std::vector<std::uint8_t> settings = settingsOf(m_bytes),
                                        changed = settingsOf(writeGSpace(other));
        QCOMPARE(changed.size(), settings.size());
        size_t first = 0;
        while (first < settings.size() && settings[first] == changed[first]) ++first;
        QVERIFY(first + 4 <= settings.size());
        for (size_t k = first + 4; k < settings.size(); ++k) QCOMPARE(changed[k], settings[k]);

        // 1d5f6b3 to this version: version 1 with the commitment.
        Expected<BakedSpaceFile> late = readGSpace(repack(m_bytes, 1, settings));
        QVERIFY2(late, late.message().c_str());
        QCOMPARE(late->formatVersion, 1u);
        QCOMPARE(writeGSpace(*late), m_bytes);  // the same file once written again as version 3

        // 52c3d63 to 1d5f6b3: version 1 without it.
        std::vector<std::uint8_t> older = settings;
        older.erase(older.begin() + static_cast<std::ptrdiff_t>(first),
                    older.begin() + static_cast<std::ptrdiff_t>(first + 4));
        BakedSpaceFile expected = m_baked;
        expected.steer.movingCommitment = 0.2f;
        Expected<BakedSpaceFile> early = readGSpace(repack(m_bytes, 1, older));
        QVERIFY2(early, early.message().c_str());
        QCOMPARE(early->steer.movingCommitment, 0.2f);
        QCOMPARE(writeGSpace(*early), writeGSpace(expected));
        // ... but a version 2 file must have it.
        QVERIFY(!readGSpace(repack(m_bytes, 2, older)));

        // Before 52c3d63: version 1 with 33 bytes of settings, refused naming both versions.
        const std::vector<std::uint8_t> first33(settings.begin(), settings.begin() + 33);
        Expected<BakedSpaceFile> oldest = readGSpace(repack(m_bytes, 1, first33));
        QVERIFY(!oldest);
        const QString message = QString::fromStdString(oldest.message());
        QVERIFY2(
            message.contains("version 1 with a 33-byte 'SETT'") && message.contains("version 3"),
            qPrintable(message));
    }

    // Version 2 (the runtime package's) has the layout of version 1's last form and no 'TRAN':
    // it is read as a space without stops or starts and the default arrival settings, and
    // written again as version 3, the same file.
    void versionTwoIsRead() {
        QCOMPARE(kGSpaceVersion, 3u);
        Expected<BakedSpaceFile> two = readGSpace(repack(m_bytes, 2, settingsOf(m_bytes)));
        QVERIFY2(two, two.message().c_str());
        QCOMPARE(two->formatVersion, 2u);
        for (const BakedMotionSpace& ms : two->space.spaces)
            QVERIFY(ms.stops.empty() && ms.starts.empty());
        QCOMPARE(two->locomotion.arrival.fadeSeconds, ArrivalSettings{}.fadeSeconds);
        QCOMPARE(writeGSpace(*two), m_bytes);
    }

    // A space with stops and starts writes the section 'TRAN' and reads back bit for bit.
    void transitionsRoundTrip() {
        GS_REQUIRE_DATA();
        const BakedSpaceFile* arrive = arriveSpace();
        QVERIFY(arrive);
        const std::vector<std::uint8_t> bytes = writeGSpace(*arrive);
        Expected<SectionTable> table = unpackSections(bytes, kGSpaceVersion, "gspace");
        QVERIFY2(table, table.message().c_str());
        QCOMPARE(table->version, 3u);
        QVERIFY(table->find(sectionTag("TRAN")));
        Expected<BakedSpaceFile> back = readGSpace(bytes);
        QVERIFY2(back, back.message().c_str());
        QCOMPARE(writeGSpace(*back), bytes);
        int stops = 0, starts = 0;
        for (size_t s = 0; s < arrive->space.spaces.size(); ++s) {
            const BakedMotionSpace& a = arrive->space.spaces[s];
            const BakedMotionSpace& b = back->space.spaces[s];
            QCOMPARE(b.stops.size(), a.stops.size());
            QCOMPARE(b.starts.size(), a.starts.size());
            for (size_t k = 0; k < a.stops.size(); ++k) {
                QCOMPARE(b.stops[k].name, a.stops[k].name);
                QCOMPARE(b.stops[k].joins.size(), a.stops[k].joins.size());
                QVERIFY(std::memcmp(a.stops[k].rotations.data(), b.stops[k].rotations.data(),
                                    a.stops[k].rotations.size() * sizeof(glm::quat)) == 0);
            }
            stops += static_cast<int>(a.stops.size());
            starts += static_cast<int>(a.starts.size());
        }
        QVERIFY(stops > 0 && starts > 0);
    }

    // Valid checksums around wrong contents: the reader checks values, not just bytes.
    void hostileContents_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("nan rotation") << 0 << "unit quaternion";
        QTest::newRow("warp not increasing") << 1 << "time warp";
        QTest::newRow("strike out of range") << 2 << "foot strike";
        QTest::newRow("toe out of range") << 3 << "toe joint";
        QTest::newRow("contact above 1") << 4 << "contact";
        QTest::newRow("goal sample nan") << 5 << "not finite";
        QTest::newRow("phase map backwards") << 6 << "phase map";
        QTest::newRow("goal grid mismatch") << 7 << "X x Y x Z";
        QTest::newRow("blend rate zero") << 8 << "blend rate";
        QTest::newRow("arrival fade too long") << 13 << "fade";
        // Finite but absurd: each against its named limit (gaitspace/runtime/limits.h).
        QTest::newRow("rest offset 1e30") << 15 << "rest or tip offset";
        QTest::newRow("rate 1e-30 fps") << 16 << "rate";
        QTest::newRow("rate 60 fps over spaces of 30")
            << 17 << "runs at 30 fps, the behavioral space at 60";
        QTest::newRow("root height 1e30") << 18 << "root height";
        QTest::newRow("clip speed 1e30") << 19 << "speed";
        QTest::newRow("root step 1e30 m") << 20 << "root step";
        QTest::newRow("goal space speed 1e30") << 21 << "measured speed";
        QTest::newRow("goal sample 1e30 m away") << 22 << "sample lies beyond";
        QTest::newRow("floor 1e30 m") << 23 << "floor height";
    }
    void hostileContents() {
        QFETCH(int, kind);
        QFETCH(QString, expected);
        BakedSpaceFile b = m_baked;
        BakedClip& clip = b.space.spaces[0].clips[1];
        const float nan = std::numeric_limits<float>::quiet_NaN();
        switch (kind) {
            case 0:
                clip.rotations[5].x = nan;
                break;
            case 1:
                std::swap(clip.warp[3], clip.warp[4]);
                break;
            case 2:
                clip.strikes.push_back({clip.frames + 3, 0});
                break;
            case 3:
                b.space.leftToe = 400;
                break;
            case 4:
                clip.leftContact[2] = 2.0f;
                break;
            case 5:
                b.goalSpaces[1].samples[17].z = nan;
                break;
            case 6:
                std::swap(b.space.phaseMap[1][2], b.space.phaseMap[1][3]);
                break;
            case 7:
                b.goalSpaces[0].samples.pop_back();
                break;
            case 8:
                b.locomotion.maxBlendRate = 0.0f;
                break;
            case 13:
                b.locomotion.arrival.fadeSeconds = 5.0f;
                break;
            case 15:
                b.space.skeleton.restOffsets[3] = glm::vec3(1e30f, 0.0f, 0.0f);
                break;
            case 16:
                b.space.fps = 1e-30f;
                break;
            case 17:
                b.space.fps = 60.0f;
                break;
            case 18:
                clip.rootHeight[2] = 1e30f;
                break;
            case 19:
                clip.speed = 1e30f;
                break;
            case 20:
                clip.step[4].x = 1e30f;
                break;
            case 21:
                b.goalSpaces[0].straight.speed = 1e30f;
                break;
            case 22:
                b.goalSpaces[0].samples[3].x = 1e30f;
                break;
            case 23:
                b.space.floorHeight = 1e30f;
                break;
        }
        Expected<BakedSpaceFile> r = readGSpace(writeGSpace(b));
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.message()).contains(expected), r.message().c_str());
    }

    // The same for the stops and starts of section 'TRAN'.
    void hostileTransitions_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("stop rotation nan") << 9 << "unit quaternion";
        QTest::newRow("join beyond the loop") << 10 << "join out of range";
        QTest::newRow("start without hand-over") << 11 << "hand-over";
        QTest::newRow("stop contact above 1") << 12 << "contact";
        QTest::newRow("still frame beyond the end") << 14 << "still frame";
        QTest::newRow("stop root height 1e30") << 15 << "root height";
        QTest::newRow("stop root height -50 m") << 16 << "root height";
        QTest::newRow("stop speed 1e30") << 17 << "speed";
        QTest::newRow("stop step 1e30 m") << 18 << "root step";
        QTest::newRow("join offset 1e30 m") << 19 << "join out of range";
        QTest::newRow("join turn of 10 rad") << 20 << "join out of range";
        QTest::newRow("stop listed twice") << 21 << "twice";
    }
    void hostileTransitions() {
        GS_REQUIRE_DATA();
        QFETCH(int, kind);
        QFETCH(QString, expected);
        const BakedSpaceFile* arrive = arriveSpace();
        QVERIFY(arrive);
        BakedSpaceFile b = *arrive;
        const float nan = std::numeric_limits<float>::quiet_NaN();
        switch (kind) {
            case 9:
                b.space.spaces[1].stops[0].rotations[7].y = nan;
                break;
            case 10:
                b.space.spaces[0].stops[1].joins.back().loopFrame = 1e6f;
                break;
            case 11:
                b.space.spaces[0].starts[0].handover = 99;
                break;
            case 12:
                b.space.spaces[0].stops[0].rightContact[3] = 1.5f;
                break;
            case 14:
                b.space.spaces[0].stops[0].stillFrame = b.space.spaces[0].stops[0].frames;
                break;
            case 15:
                b.space.spaces[0].stops[0].rootHeight[1] = 1e30f;
                break;
            case 16:
                b.space.spaces[0].stops[0].rootHeight[1] = -50.0f;
                break;
            case 17:
                b.space.spaces[0].stops[0].speed = 1e30f;
                break;
            case 18:
                b.space.spaces[0].stops[0].step[2].y = 1e30f;
                break;
            case 19:
                b.space.spaces[0].stops[0].joins[0].offset.x = 1e30f;
                break;
            case 20:
                b.space.spaces[0].stops[0].joins[0].offset.z = 10.0f;
                break;
            case 21:
                b.space.spaces[0].stops.push_back(b.space.spaces[0].stops[0]);
                break;
        }
        Expected<BakedSpaceFile> r = readGSpace(writeGSpace(b));
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.message()).contains(expected), r.message().c_str());
    }

    // The container holds nothing but its sections: a reserved field that is not 0, bytes after
    // the last section (the header's length counting them), padding that is not zeros, a
    // section this format does not have, and 'TRAN' under a version before it existed are
    // each refused with one sentence; and the baker refuses to write what the reader refuses.
    void containerHoldsOnlyItsSections() {
        std::vector<std::uint8_t> reserved = m_bytes;
        reserved[28] = 1;
        expectRefused(reserved, "reserved field");

        std::vector<std::uint8_t> trailing = m_bytes;
        trailing.insert(trailing.end(), 8, 0);
        const std::uint64_t length = trailing.size();
        std::memcpy(trailing.data() + 16, &length, 8);
        expectRefused(trailing, "follow the last section");

        Expected<SectionTable> table = unpackSections(m_bytes, kGSpaceVersion, "gspace");
        QVERIFY2(table, table.message().c_str());
        std::vector<Section> sections;
        for (const SectionView& v : table->sections)
            sections.push_back({v.tag, {v.bytes.begin(), v.bytes.end()}});
        std::vector<Section> extra = sections;
        extra.push_back({sectionTag("XTRA"), {1, 2, 3, 4}});
        expectRefused(packSections(extra, kGSpaceVersion),
                      "section 'XTRA' is not one of this format's");

        BakedSpaceFile withArrival = m_baked;
        withArrival.locomotion.arrival.fadeSeconds = 0.5f;  // written in 'TRAN'
        const std::vector<std::uint8_t> arrivalBytes = writeGSpace(withArrival);
        Expected<SectionTable> t3 = unpackSections(arrivalBytes, kGSpaceVersion, "gspace");
        QVERIFY(t3 && t3->find(sectionTag("TRAN")));
        std::vector<Section> v3;
        for (const SectionView& v : t3->sections)
            v3.push_back({v.tag, {v.bytes.begin(), v.bytes.end()}});
        expectRefused(packSections(v3, 2), "transitions came with version 3");

        // Padding between two sections that is not zeros (the first section's end is unaligned).
        std::vector<std::uint8_t> padded = m_bytes;
        const auto [offset, size] = sectionSpan(padded, 0);
        if ((offset + size) % 8 != 0) {
            padded[offset + size] = 0xAB;
            expectRefused(padded, "does not follow the one before it");
        }

        BakedSpaceFile tooMany = m_baked;
        BakedMotionSpace& space = tooMany.space.spaces[0];
        while (space.clips.size() <= limits::kMaxGSpaceClipsPerSpace)
            space.clips.push_back(space.clips.back());
        QTemporaryDir dir;
        const Status saved = saveGSpace(tooMany, dir.filePath("many.gspace").toStdString());
        QVERIFY(!saved);
        QVERIFY2(saved.message().find("above the limit of 64") != std::string::npos,
                 saved.message().c_str());
        QVERIFY(!QFile::exists(dir.filePath("many.gspace")));
    }

    void notABakedSpace() {
        const std::string text = "HIERARCHY\nROOT pelvis\n";
        Expected<BakedSpaceFile> r =
            readGSpace(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
        QVERIFY(!r);
        QVERIFY2(r.message().find("not a gspace file") != std::string::npos, r.message().c_str());
    }
};

QTEST_APPLESS_MAIN(TestGSpace)
#include "tst_gspace.moc"

// The container of baked files: sections packed and found again byte for byte, the layout the
// header comment documents, and every kind of damage refused with a sentence naming it.

#include <QTest>

#include <cstdint>
#include <string>
#include <vector>

#include "core/runtime/byte_stream.h"
#include "core/runtime/section_file.h"

using namespace gs;

namespace {

std::vector<Section> twoSections() {
    return {{sectionTag("SKEL"), {1, 2, 3}}, {sectionTag("WARP"), {9, 8, 7, 6, 5, 4, 3, 2, 1, 0}}};
}

std::string unpackError(const std::vector<std::uint8_t>& file, std::uint32_t maxVersion = 3) {
    const auto table = unpackSections(file, maxVersion, "gspace");
    return table ? std::string("(no error)") : table.message();
}

bool contains(const std::string& text, const char* part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

class TestSectionFile : public QObject {
    Q_OBJECT
private slots:
    void tags() {
        QCOMPARE(sectionTag("SKEL"), 0x4C454B53u);  // 'S' in the lowest byte
        QCOMPARE(sectionTagName(sectionTag("WARP")), std::string("WARP"));
        QCOMPARE(sectionTagName(0x00414201u), std::string("?BA?"));  // unprintable bytes
    }

    void roundTrip() {
        const auto sections = twoSections();
        const auto file = packSections(sections, 2);
        const auto table = unpackSections(file, 3, "gspace");
        QVERIFY2(table, table.message().c_str());
        QCOMPARE(table->version, 2u);
        QCOMPARE(table->sections.size(), size_t(2));
        for (const Section& s : sections) {
            const SectionView* found = table->find(s.tag);
            QVERIFY(found);
            QVERIFY(std::vector<std::uint8_t>(found->bytes.begin(), found->bytes.end()) == s.bytes);
        }
        QVERIFY(!table->find(sectionTag("NONE")));

        // An empty section is kept as such.
        const std::vector<Section> empty{{sectionTag("NULL"), {}}};
        const auto t2 = unpackSections(packSections(empty, 1), 1, "gspace");
        QVERIFY2(t2, t2.message().c_str());
        QVERIFY(t2->find(sectionTag("NULL"))->bytes.empty());
    }

    void layout() {
        const auto file = packSections(twoSections(), 2);
        // Header + a table of 2 entries = 80 bytes, SKEL at 80 (3 bytes), WARP at 88 (10 bytes).
        QCOMPARE(file.size(), size_t(98));
        QVERIFY(std::equal(kSectionFileMagic.begin(), kSectionFileMagic.end(), file.begin()));
        ByteReader r(file);
        r.u64("magic");
        QCOMPARE(r.u32("version"), 2u);
        QCOMPARE(r.u32("count"), 2u);
        QCOMPARE(r.u64("length"), std::uint64_t(98));
        r.u32("table crc");
        QCOMPARE(r.u32("reserved"), 0u);
        QCOMPARE(r.u32("tag"), sectionTag("SKEL"));
        r.u32("crc");
        QCOMPARE(r.u64("offset"), std::uint64_t(80));
        QCOMPARE(r.u64("size"), std::uint64_t(3));
        QCOMPARE(r.u32("tag"), sectionTag("WARP"));
        r.u32("crc");
        QCOMPARE(r.u64("offset"), std::uint64_t(88));
        QCOMPARE(r.u64("size"), std::uint64_t(10));
        QVERIFY(r.ok());
        QCOMPARE(file[83], std::uint8_t(0));  // zero padding up to the next 8-byte boundary
        QCOMPARE(file[88], std::uint8_t(9));
    }

    void refusesDamage() {
        const auto good = packSections(twoSections(), 2);
        QCOMPARE(unpackError(good), std::string("(no error)"));

        QCOMPARE(unpackError({'G', 'S'}), std::string("not a gspace file (no gspace signature)"));
        auto textMode = good;
        textMode[4] = '\n';  // "\r\n" turned into "\n\n"
        QVERIFY(contains(unpackError(textMode), "no gspace signature"));

        QCOMPARE(unpackError(std::vector<std::uint8_t>(good.begin(), good.begin() + 20)),
                 std::string("truncated: the file ends inside its header"));
        QCOMPARE(unpackError(std::vector<std::uint8_t>(good.begin(), good.end() - 1)),
                 std::string("truncated: the header says 98 bytes, the file has 97"));
        auto trailing = good;
        trailing.push_back(0);
        QCOMPARE(unpackError(trailing),
                 std::string("the header says 98 bytes, the file has 99 (trailing data)"));

        QCOMPARE(unpackError(good, 1),
                 std::string("gspace format version 2 is newer than this build reads (up to "
                             "version 1)"));
        QCOMPARE(unpackError(packSections(twoSections(), 0)),
                 std::string("gspace format version 0 is not valid"));

        auto reserved = good;
        reserved[28] = 1;
        QCOMPARE(unpackError(reserved), std::string("the header's reserved field is 1, not 0"));

        auto table = good;
        table[40] ^= 0x01;  // the first entry's offset
        QCOMPARE(unpackError(table),
                 std::string("the section table is corrupted (checksum mismatch)"));

        auto section = good;
        section[90] ^= 0x10;
        QCOMPARE(unpackError(section),
                 std::string("section 'WARP' is corrupted (checksum mismatch)"));

        auto padding = good;
        padding[84] = 1;  // padding is covered by no CRC but must be zero
        QVERIFY(contains(unpackError(padding), "section 'WARP' does not follow the one before it"));

        QCOMPARE(unpackError(packSections(std::vector<Section>{}, 1)),
                 std::string("section count 0 is outside 1-64"));
        const std::vector<Section> twice{{sectionTag("SKEL"), {1}}, {sectionTag("SKEL"), {2}}};
        QCOMPARE(unpackError(packSections(twice, 1)), std::string("section 'SKEL' appears twice"));
    }

    void noByteFlipPassesUnnoticed() {
        const auto good = packSections(twoSections(), 2);
        for (size_t i = 0; i < good.size(); ++i) {
            auto bad = good;
            bad[i] ^= 0x40;
            QVERIFY2(!unpackSections(bad, 3, "gspace"), qPrintable(QString("byte %1").arg(i)));
        }
    }
};

QTEST_APPLESS_MAIN(TestSectionFile)
#include "tst_section_file.moc"

// CRC-32 of the .gspace sections: the standard check values (IEEE 802.3 as zlib and PNG compute
// it), continuation across pieces, and that any flipped bit changes the sum.

#include <QTest>

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/runtime/crc32.h"

using namespace gs;

namespace {

std::vector<std::uint8_t> bytesOf(std::string_view s) { return {s.begin(), s.end()}; }

}  // namespace

class TestCrc32 : public QObject {
    Q_OBJECT
private slots:
    void knownValues() {
        QCOMPARE(crc32({}), 0u);
        QCOMPARE(crc32(bytesOf("123456789")), 0xCBF43926u);  // the standard check value
        QCOMPARE(crc32(bytesOf("a")), 0xE8B7BE43u);
        QCOMPARE(crc32(bytesOf("The quick brown fox jumps over the lazy dog")), 0x414FA339u);
        const std::vector<std::uint8_t> zeros(32, 0);
        QCOMPARE(crc32(zeros), 0x190A55ADu);
    }

    void continuesAcrossPieces() {
        const auto all = bytesOf("The quick brown fox jumps over the lazy dog");
        const std::span<const std::uint8_t> s(all);
        for (size_t cut = 0; cut <= all.size(); ++cut)
            QCOMPARE(crc32(s.subspan(cut), crc32(s.first(cut))), crc32(s));
    }

    void everyBitFlipIsSeen() {
        std::vector<std::uint8_t> bytes(64);
        for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<std::uint8_t>(i * 37 + 5);
        const std::uint32_t clean = crc32(bytes);
        for (size_t i = 0; i < bytes.size(); ++i) {
            for (int bit = 0; bit < 8; ++bit) {
                bytes[i] ^= static_cast<std::uint8_t>(1u << bit);
                QVERIFY2(crc32(bytes) != clean,
                         qPrintable(QString("byte %1 bit %2").arg(i).arg(bit)));
                bytes[i] ^= static_cast<std::uint8_t>(1u << bit);
            }
        }
        QCOMPARE(crc32(bytes), clean);
    }
};

QTEST_APPLESS_MAIN(TestCrc32)
#include "tst_crc32.moc"
